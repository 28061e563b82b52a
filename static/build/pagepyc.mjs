// Compiles the page's own Python (static/main.py, static/browser.py) to checked-hash bytecode
// with the site's own Pyodide under Node.js. Run by build.py (precompile_page), never shipped:
//
//   node static/build/pagepyc.mjs PYODIDE_MJS STDLIB_ZIP OUT_DIR SOURCE...
//
// Writes OUT_DIR/<name>.<cache tag>.pyc for each SOURCE (PEP 552, checked hash: the import
// system compares it with the source PyScript wrote and compiles the source when they differ).
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideMjs, stdlibZip, outDir, ...sources] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideMjs).href);
const py = await loadPyodide({ stdLibURL: stdlibZip });
for (const source of sources) {
  py.globals.set("SOURCE", readFileSync(source, "utf8"));
  py.globals.set("NAME", basename(source));
  const [name, pyc] = py.runPython(
    "import importlib.util as _u, marshal as _m, sys as _s\n" +
    "_d = SOURCE.encode()\n" +
    "_c = compile(_d, NAME, 'exec', dont_inherit=True, optimize=0)\n" +
    "(f'{NAME[:-3]}.{_s.implementation.cache_tag}.pyc',\n" +
    " _u.MAGIC_NUMBER + (3).to_bytes(4, 'little') + _u.source_hash(_d) + _m.dumps(_c))").toJs();
  writeFileSync(join(outDir, name), pyc);
}
process.exit(0);
