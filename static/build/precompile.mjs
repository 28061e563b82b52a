// Precompiles standard-library modules to bytecode with Pyodide under Node.js. Run by
// build.py (precompile_stdlib) at build time, never shipped:
//
//   node static/build/precompile.mjs PYODIDE_MJS STDLIB_ZIP MODULES_JSON OUT_ZIP
//
// Boots Pyodide on STDLIB_ZIP itself (the trimmed zip), then runs precompile.py (next to
// this file) inside it, which writes a copy of the zip with the modules listed in
// MODULES_JSON as bytecode; that copy is saved as OUT_ZIP.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
//
//   node static/build/precompile.mjs PYODIDE_MJS STDLIB_ZIP MODULES_JSON OUT_ZIP ENGINE_ZIP
//
// compiles the game's zip instead (ENGINE_ZIP, booting on STDLIB_ZIP): each module listed
// keeps its source and gains its bytecode beside it, in __pycache__ (precompile.py).
const [pyodideMjs, zipPath, modulesJson, outPath, enginePath] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideMjs).href);
const py = await loadPyodide({ stdLibURL: zipPath });   // boots on the trimmed zip itself
py.FS.writeFile("/tmp/lean.py", readFileSync(new URL("./lean.py", import.meta.url)));
py.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(enginePath || zipPath)));
py.globals.set("BESIDE", Boolean(enginePath));
py.globals.set("MODULES", py.toPy(JSON.parse(readFileSync(modulesJson, "utf8"))));
py.runPython(readFileSync(new URL("./precompile.py", import.meta.url), "utf8"));
writeFileSync(outPath, py.FS.readFile("/tmp/out.zip"));
process.exit(0);
