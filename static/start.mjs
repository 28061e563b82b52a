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
  const bytes = await inflate(packed);
  mark("snapshot-ready");
  return bytes;
}

// The next task: a tap on the picture (static/loading.js) is answered between two.
function nextTask() {
  if (globalThis.scheduler && typeof scheduler.yield === "function") return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();           // no 4 ms clamp, unlike setTimeout
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });
}

// The snapshot inflated (31 MB from 6 MB), a slice at a time (issue 37: never a frozen page).
// DecompressionStream inflates on the main thread in Chromium, and a whole Blob's stream
// came in four pieces: one task of 0.6 s on the 4x phone. Fed 128 KB of the .gz at a time,
// with a task boundary between slices, each is a few tens of ms.
const SLICE = 128 * 1024;

async function inflate(packed) {
  const stream = new DecompressionStream("gzip");
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  const parts = [];
  let total = 0;
  const reading = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parts.push(value);
      total += value.byteLength;
    }
  })();
  for (let at = 0; at < packed.byteLength; at += SLICE) {
    await writer.write(new Uint8Array(packed, at, Math.min(SLICE, packed.byteLength - at)));
    await nextTask();
  }
  await writer.close();
  await reading;
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.byteLength;
  }
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

// The wasm compiled while the snapshot arrives (issue 37): Pyodide's loadPyodide compiles it
// only once the snapshot is in (instantiateStreaming of its own fetch), in the same task as
// the instantiation and the start of its runtime: one task of about a second on the 4x phone.
// Compiled here, beside the snapshot's download (the preload's response), that task keeps
// only the instantiation. Pyodide 314.0.7 has no option for a compiled module, so for the
// length of loadPyodide its fetch of the wasm is answered with an empty stand-in (the file is
// downloaded once) and its instantiateStreaming of that stand-in with this module; both are
// put back after. Any other call passes through; a compile that fails leaves Pyodide's own.
const WASM = new URL("./pyodide.asm.wasm", import.meta.url).href;

function compileEarly() {
  if (typeof WebAssembly.compileStreaming !== "function") return null;
  const compiled = WebAssembly.compileStreaming(fetch(WASM));
  compiled.catch(() => {});            // Pyodide compiles it itself
  return compiled;
}

async function withCompiled(compiled, load) {
  let module = null;
  try {
    module = compiled === null ? null : await compiled;
  } catch (e) { /* Pyodide's own fetch and compile */ }
  if (module === null) return load();
  const ownFetch = globalThis.fetch;
  const ownInstantiate = WebAssembly.instantiateStreaming;
  const standIn = new Response(new Uint8Array(0));
  globalThis.fetch = function (input, init) {
    return String(input) === WASM ? Promise.resolve(standIn) : ownFetch.call(this, input, init);
  };
  WebAssembly.instantiateStreaming = async function (response, imports) {
    if (await response !== standIn) return ownInstantiate.call(this, response, imports);
    await nextTask();                      // Emscripten's own set-up ends a task here
    const instance = await WebAssembly.instantiate(module, imports);
    await nextTask();                      // and its linking of the instance begins one
    return { module, instance };
  };
  try {
    return await load();
  } finally {
    globalThis.fetch = ownFetch;
    WebAssembly.instantiateStreaming = ownInstantiate;
  }
}

async function start(options) {
  mark("start");
  let snapshot, why;
  const compiled = SNAPSHOT_SHA256 && globalThis.sheepsheadStart !== "fresh" ? compileEarly() : null;
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
      await nextTask();                     // the restore's own tasks begin afresh
      const pyodide = await withCompiled(compiled,
                                         () => loadFresh({ ...options, _loadSnapshot: snapshot }));
      // The snapshot froze the random module's state: every restore would deal the same
      // "random" numbers. Reseed from the browser's entropy (the computer players are
      // seeded per decision and do not use it).
      pyodide.runPython("import random as _r; _r.seed(); del _r");
      document.documentElement.dataset.start = "snapshot";
      unpackInJs(pyodide);
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
  const pyodide = await withCompiled(compiled, () => loadFresh(options));
  unpackInJs(pyodide);
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

// The game's zip unpacked by the browser (issue 37: the game's own part after Python ready).
// PyScript writes sheepshead.zip (pyscript.json "files") with Pyodide's unpackArchive, which
// extracts it in Python (zipfile): 98 files in one main-thread task of about 0.7 s on the 4x
// phone, the largest part of the start after Python is ready. Here a zip of plain files,
// stored or deflated, is read by its central directory, each file inflated with
// DecompressionStream("deflate-raw") and written with Emscripten's FS, a few tens of ms;
// PyScript awaits what writeFile returns. Anything else (another format, a name that leaves
// the folder, a ZIP64 or encrypted entry, a size that does not match, no deflate-raw) goes to
// Pyodide's own unpackArchive, as before.
const UNZIP_LIMIT = 1 << 26;                  // the game's zip is about 0.2 MB

function unpackInJs(pyodide) {
  const own = pyodide.unpackArchive;
  if (typeof own !== "function" || typeof DecompressionStream !== "function") return;
  pyodide.unpackArchive = function (buffer, format, options = {}) {
    const entries = String(format).toLowerCase() === "zip" ? zipEntries(buffer) : null;
    if (entries === null) return own.call(this, buffer, format, options);
    return writeEntries(pyodide, entries, options.extractDir || ".").then(() => {
      mark("unpacked");
    }, (e) => {
      console.warn("Sheepshead: unpacking in JavaScript failed; Pyodide unpacks it.", e);
      return own.call(this, buffer, format, options);
    });
  };
}

// The entries of a zip as [name, method, bytes, size], or null for anything but plain files.
function zipEntries(buffer) {
  const bytes = buffer instanceof ArrayBuffer ? new Uint8Array(buffer)
    : ArrayBuffer.isView(buffer) ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
    : null;
  if (bytes === null || bytes.byteLength < 22 || bytes.byteLength > UNZIP_LIMIT) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;                               // the end of central directory, comment or not
  for (let at = bytes.byteLength - 22; at >= Math.max(0, bytes.byteLength - 22 - 65535); at--) {
    if (view.getUint32(at, true) === 0x06054b50) { end = at; break; }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new TextDecoder("utf-8", { fatal: true });
  const entries = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== 0x02014b50) return null;
    const flags = view.getUint16(at + 8, true), method = view.getUint16(at + 10, true);
    const packed = view.getUint32(at + 20, true), size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    if (flags & 1 || (method !== 0 && method !== 8) || packed === 0xffffffff ||
        size === 0xffffffff || at + 46 + skip > end) return null;
    let name;
    try {
      name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    } catch (e) {
      return null;
    }
    if (!/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*\/?$/.test(name) ||
        name.split("/").some((part) => part === "." || part === "..")) return null;
    if (local + 30 > end || view.getUint32(local, true) !== 0x04034b50) return null;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + packed > end) return null;
    entries.push([name, method, bytes.subarray(start, start + packed), size]);
    at += 46 + skip;
  }
  return entries;
}

async function writeEntries(pyodide, entries, folder) {
  const FS = pyodide.FS, PATH_FS = pyodide._module.PATH_FS;
  const files = await Promise.all(entries.map(async ([name, method, packed, size]) => {
    if (name.endsWith("/")) return [name, null];
    const data = method === 0 ? packed : new Uint8Array(await new Response(
      new Blob([packed]).stream().pipeThrough(new DecompressionStream("deflate-raw"))).arrayBuffer());
    if (data.byteLength !== size) throw new Error("a size in the zip does not match: " + name);
    return [name, data];
  }));
  for (const [name, data] of files) {
    const path = PATH_FS.resolve(folder, name);
    if (data === null) {
      FS.mkdirTree(path);
    } else {
      FS.mkdirTree(path.slice(0, path.lastIndexOf("/")) || "/");
      FS.writeFile(path, data);
    }
  }
}
