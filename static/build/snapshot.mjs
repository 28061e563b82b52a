// Makes the started game's memory snapshot at build time, with the site's own Pyodide under
// Node.js. Run by build.py (write_start_snapshot), never shipped:
//
//   node static/build/snapshot.mjs PYODIDE_DIR ENGINE_ZIP MODULES_JSON OUT [EXTRA_PY]
//
// Starts the interpreter of PYODIDE_DIR (the built pyodide/ folder: its wasm and its trimmed
// standard library, exactly what the page starts) with `_makeSnapshot`, unpacks ENGINE_ZIP
// where PyScript unpacks it on the page (Pyodide's working folder, /home/pyodide), imports
// the modules MODULES_JSON lists and writes `makeMemorySnapshot()` to OUT; the page restores
// it with `loadPyodide({_loadSnapshot})` (static/start.mjs). EXTRA_PY (tests only) is run
// before the snapshot is taken: a foreign snapshot, made to be refused.
//
// The interpreter is the page's as far as Python can tell: the program (sys.executable, and
// the environment's `_`), which under Node would be this script's path on the build machine,
// is the browser's "./this.program"; LANG is fixed (a browser's follows its language; the
// game uses no locale). Two things stay the build machine's: the hash secret of str (each
// build has its own, the same for every player of it) and time.timezone / time.tzname (UTC:
// the game reads neither; local time comes from localtime(), which asks the browser each
// time). `js` is never imported here: the page's `js` is the browser's globalThis.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, enginePath, modulesJson, outPath, extraPath] = process.argv.slice(2);
const indexURL = resolve(pyodideDir) + "/";    // a path: Pyodide under Node reads files
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const py = await loadPyodide({
  indexURL, _makeSnapshot: true, _sysExecutable: "./this.program", env: { LANG: "C.UTF-8" },
});
py.unpackArchive(new Uint8Array(readFileSync(enginePath)), "zip", { extractDir: "." });
py.globals.set("MODULES", py.toPy(JSON.parse(readFileSync(modulesJson, "utf8"))));
py.runPython(
  "import importlib as _i, sys as _s\n" +
  "if 'js' in _s.modules: raise RuntimeError('js imported before the snapshot')\n" +
  "for _m in MODULES:\n    _i.import_module(_m)\n" +
  "if 'js' in _s.modules: raise RuntimeError('a module of the snapshot imports js')\n" +
  "del _i, _s, _m, MODULES\n");
if (extraPath) py.runPython(readFileSync(extraPath, "utf8"));
writeFileSync(outPath, py.makeMemorySnapshot());
process.exit(0);
