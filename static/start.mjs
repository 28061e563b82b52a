// Sheepshead's start: PyScript's interpreter module (pyscript.json "interpreter"), in front of
// Pyodide's own pyodide.mjs. build.py copies it to pyodide/start.mjs (so that PyScript's
// indexURL, the folder of this module, stays Pyodide's) and fills in the build below.
//
// Every visit, the first included, restores a memory snapshot of an interpreter that has
// already started and imported the game, instead of starting Python again (issues 23, 37):
// build.py makes it with this build's own Pyodide under Node.js (`_makeSnapshot`,
// `makeMemorySnapshot()`), ships it gzipped beside this module, and writes its SHA-256 here;
// Pyodide's loadPyodide takes it as `_loadSnapshot`. What is restored must be what was built
// (issue 36): the bytes are checked against that digest (SubtleCrypto) before any of them is
// used, and a snapshot that does not match (a foreign one planted in the service worker's
// cache, a damaged download) is refused. Any failure starts Python normally. The service
// worker precaches the snapshot, so a return visit reads it from there. What the page sees:
// <html data-start="restoring" while the snapshot is fetched and restored, then
// "snapshot|fresh|failed"; for a normal start, data-snapshot says why ("off", "unavailable",
// "refused", "broken").
import { loadPyodide as loadFresh, version } from "./pyodide.mjs";

export { version };

const BUILD = /*@BUILD@*/"dev";
const SNAPSHOT_SHA256 = /*@SNAPSHOT@*/"";
const SNAPSHOT = new URL("./snapshot-" + BUILD + ".gz", import.meta.url).href;
// Before 2026-12-04 the page made its own snapshot on the device and kept it here: it cannot
// be checked against the build, so it is no longer read, and the cache is deleted.
const DEVICE_CACHE = "sheepshead-start:" + new URL("../", import.meta.url).href;

function mark(name) {
  try { performance.mark("sheepshead:" + name); } catch (e) { /* old browsers */ }
}

class Refused extends Error {}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// The shipped snapshot, checked and inflated; or a word saying why there is none to use
// (<html data-snapshot>): "off" where none is shipped
// (`build.py --no-snapshot`), for a harness that asks for a normal start
// (`sheepsheadStart = "fresh"`) and in a browser without DecompressionStream or SubtleCrypto
// (the latter only in a secure context: https or localhost); "unavailable" where the download
// fails. A snapshot that is not this build's throws Refused.
async function shippedSnapshot() {
  if (!SNAPSHOT_SHA256 || globalThis.sheepsheadStart === "fresh") return "off";
  if (typeof DecompressionStream !== "function" || !(self.crypto && crypto.subtle)) return "off";
  let packed;
  document.documentElement.dataset.start = "restoring";    // static/loading.js counts it
  try {
    const response = await fetch(SNAPSHOT);
    if (!response.ok) return "unavailable";
    packed = await response.arrayBuffer();
  } catch (e) {
    return "unavailable";
  }
  mark("snapshot-fetched");
  if (await sha256(packed) !== SNAPSHOT_SHA256) {
    throw new Refused("the start snapshot is not this build's (SHA-256 differs)");
  }
  const inflated = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(inflated).arrayBuffer());
  mark("snapshot-ready");
  return bytes;
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
  let snapshot, why;
  try {
    snapshot = await shippedSnapshot();
  } catch (e) {
    snapshot = e instanceof Refused ? "refused" : "broken";
    console.warn("Sheepshead: " + (e instanceof Refused ? e.message + "; refused" :
                 "the start snapshot could not be read") + ", starting afresh.", e);
  }
  if (typeof snapshot === "string") why = snapshot;
  else {
    try {
      const pyodide = await loadFresh({ ...options, _loadSnapshot: snapshot });
      // The snapshot froze the random module's state: every restore would deal the same
      // "random" numbers. Reseed from the browser's entropy (the computer players are
      // seeded per decision and do not use it).
      pyodide.runPython("import random as _r; _r.seed(); del _r");
      document.documentElement.dataset.start = "snapshot";
      mark("python-ready");
      forgetDeviceSnapshots();
      return pyodide;
    } catch (e) {
      console.warn("Sheepshead: the start snapshot could not be restored; starting afresh.", e);
      why = "broken";
    }
  }
  const root = document.documentElement;
  root.dataset.snapshot = why;
  if (root.dataset.start === "restoring") delete root.dataset.start;   // the line stops counting it
  const pyodide = await loadFresh(options);
  mark("python-ready");
  root.dataset.start = "fresh";
  forgetDeviceSnapshots();
  return pyodide;
}

function forgetDeviceSnapshots() {
  try {
    if ("caches" in self) caches.delete(DEVICE_CACHE).catch(() => {});
  } catch (e) { /* storage denied: nothing kept either */ }
}
