// Sheepshead's start: PyScript's interpreter module (pyscript.json "interpreter"), in front of
// Pyodide's own pyodide.mjs. build.py copies it to pyodide/start.mjs (so that PyScript's
// indexURL, the folder of this module, stays Pyodide's) and fills in the build below.
//
// A return visit restores a memory snapshot of an interpreter that has already started and
// imported the game, instead of starting Python again (issue 23): Pyodide's loadPyodide takes
// `_loadSnapshot` (bytes) and, when started with `_makeSnapshot: true`, makeMemorySnapshot()
// gives them. The snapshot is made on this device after a normal start (about 31 MB, 6 MB
// gzip: too much to add to a first visit's download) and kept in Cache Storage under this
// build's key; a snapshot of another build is dropped. Any failure falls back to a normal
// start and drops the snapshot. What the page sees: <html data-start="snapshot|fresh|made">.
import { loadPyodide as loadFresh, version } from "./pyodide.mjs";

export { version };

const BUILD = /*@BUILD@*/"dev";
const CACHE = "sheepshead-start:" + new URL("../", import.meta.url).href;
const KEY = new URL("./snapshot-" + BUILD, import.meta.url).href;
// What main.py imports at start, and what it loads when first used (the result viewer, the
// hand review, the background jobs): imported before the snapshot is taken, so a restored
// start finds them in sys.modules. A name that fails to import is skipped (the page imports
// it again and shows the error then).
const MODULES = ["sheepshead", "sheepshead.ui.session", "sheepshead.ui.render",
                 "sheepshead.ui.controller", "sheepshead.bots.expert", "sheepshead.ui.viewer",
                 "sheepshead.ui.review", "sheepshead.ui.background"];

function mark(name) {
  try { performance.mark("sheepshead:" + name); } catch (e) { /* old browsers */ }
}

async function openCache() {
  try {
    return "caches" in self ? await caches.open(CACHE) : null;
  } catch (e) {
    return null;          // storage denied (private mode): start normally, every time
  }
}

async function storedSnapshot(cache) {
  const hit = await cache.match(KEY);
  if (!hit) {
    for (const request of await cache.keys()) await cache.delete(request);   // older builds
    return null;
  }
  return new Uint8Array(await hit.arrayBuffer());
}

// A browser that cannot run Python says so on the table instead of leaving it blank
// (docs/offline.md, "Browsers"): WebAssembly turned off (an iPhone's or iPad's Lockdown
// Mode, a browser locked down by its owner), or a start that fails. <html data-start="failed">.
const NO_WASM = "This browser cannot run the game: WebAssembly is turned off here. " +
  "On an iPhone or iPad in Lockdown Mode, exclude this site from it (Settings, Privacy & " +
  "Security, Lockdown Mode, Configure Web Browsing), or open the game in another browser.";

function cannotStart(why) {
  if (typeof document === "undefined") return;
  document.documentElement.dataset.start = "failed";
  const loading = document.getElementById("loading");
  const step = document.getElementById("loading-step");
  if (loading) loading.classList.add("failed");
  if (step) step.textContent = why;
  const status = document.getElementById("status");
  if (!step && status) status.textContent = why;   // a picture is drawn over the loading line
}

export async function loadPyodide(options = {}) {
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    cannotStart(NO_WASM);
    throw new Error("Sheepshead: WebAssembly is not available in this browser");
  }
  try {
    return await start(options);
  } catch (e) {
    cannotStart("The game could not start in this browser (" +
                String(e && e.message ? e.message : e).slice(0, 160) +
                "). Reload to try again, or open it in another browser.");
    throw e;
  }
}

async function start(options) {
  mark("start");
  const cache = await openCache();
  let snapshot = null;
  try {
    snapshot = await handedSnapshot() || (cache && await storedSnapshot(cache));
  } catch (e) {
    snapshot = null;
  }
  if (snapshot) {
    try {
      const pyodide = await loadFresh({ ...options, _loadSnapshot: snapshot });
      // The snapshot froze the random module's state: every restore would deal the same
      // "random" numbers. Reseed from the browser's entropy (the computer players are
      // seeded per decision and do not use it).
      pyodide.runPython("import random as _r; _r.seed(); del _r");
      document.documentElement.dataset.start = "snapshot";
      mark("python-ready");
      return pyodide;
    } catch (e) {
      console.warn("Sheepshead: the stored start could not be restored; starting afresh.", e);
      try { await cache.delete(KEY); } catch (e2) { /* nothing to drop */ }
    }
  }
  const pyodide = await loadFresh(options);
  mark("python-ready");
  document.documentElement.dataset.start = "fresh";
  // A test harness may ask for no snapshot (a second interpreter per page doubles its CPU):
  // tests/test_start.py and bench/load.py keep it.
  if (cache && globalThis.sheepsheadStart === undefined) whenSettled(makeInWorker);
  return pyodide;
}

// A test harness may hand the page a snapshot made once for the whole run instead (its
// browser contexts are fresh, so Cache Storage never holds one): `sheepsheadStart =
// "snapshot:<path>"`, fetched from this origin only (tests/conftest.py, START_SNAPSHOT_PATH).
// Not the page's own way: a player's start reads Cache Storage alone.
async function handedSnapshot() {
  const given = globalThis.sheepsheadStart;
  if (typeof given !== "string" || !given.startsWith("snapshot:")) return null;
  const url = new URL(given.slice("snapshot:".length), location.href);
  if (url.origin !== location.origin) return null;
  const response = await fetch(url);
  return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
}

// After the table is up and the computer players have had their turn: a start made with
// `_makeSnapshot` cannot use the page's `js` module normally (PyScript's
// `hasattr(js, "document")` raises "Illegal invocation"), so the snapshot is made by a second,
// throwaway interpreter in a worker, which imports the game and stores it.
function whenSettled(then) {
  const settled = () => document.body && document.body.dataset.ready === "1"
    && document.body.dataset.busy === "0";
  const wait = () => (settled() ? setTimeout(then, SETTLE_MS) : setTimeout(wait, 500));
  wait();
}

const SETTLE_MS = 2000;

function makeInWorker() {
  try {
    const worker = new Worker(import.meta.url, { type: "module", name: "sheepshead-start" });
    worker.onmessage = (event) => {
      if (event.data === "made") document.documentElement.dataset.start = "made";
      else console.warn("Sheepshead: no stored start this time.", event.data);
      worker.terminate();
    };
    worker.onerror = (event) => {
      console.warn("Sheepshead: no stored start this time.", event.message);
      worker.terminate();
    };
  } catch (e) {
    console.warn("Sheepshead: no stored start this time.", e);
  }
}

// The worker: start Python for a snapshot, unpack the game's zip where PyScript puts it (its
// "files" setting unpacks the same zip into the working folder), import what the page
// imports at start, and keep the memory under this build's key.
async function makeSnapshot() {
  const pyodide = await loadFresh({ _makeSnapshot: true });
  const response = await fetch(new URL("../sheepshead.zip", import.meta.url));
  if (!response.ok) throw new Error("sheepshead.zip: " + response.status);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "." });
  pyodide.runPython(
    "import importlib as _i\n" +
    "for _m in " + JSON.stringify(MODULES) + ":\n" +
    "    try:\n        _i.import_module(_m)\n    except ImportError:\n        pass\n" +
    "del _i, _m\n");
  const bytes = pyodide.makeMemorySnapshot();
  const cache = await caches.open(CACHE);
  await cache.put(KEY, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
}

if (typeof document === "undefined" && typeof WorkerGlobalScope !== "undefined") {
  makeSnapshot().then(() => postMessage("made"), (e) => postMessage(String(e)));
}
