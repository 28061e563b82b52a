// Run a Python script of this repo inside Pyodide under Node.js:
//   node bench/pyodide_run.mjs SCRIPT.py [args...]
// Loads Pyodide from node_modules (the version pinned in package.json), mounts the
// repository at /repo so `import sheepshead` works, runs SCRIPT with sys.argv set and its
// folder first on sys.path (as `python3 SCRIPT.py` does: bench/benchkit.py imports), and
// exits with the script's exit status. Nothing is fetched from the network.
import { loadPyodide } from "pyodide";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error("usage: node bench/pyodide_run.mjs SCRIPT.py [args...]");
  process.exit(2);
}
const py = await loadPyodide({ stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root: repo }, "/repo");
py.globals.set("_argv", py.toPy([script, ...args]));
const status = py.runPython(`
import os, runpy, sys
os.chdir("/repo")
sys.path.insert(0, "/repo")
sys.argv = list(_argv)
sys.path.insert(0, os.path.dirname(os.path.abspath(sys.argv[0])))
sys.dont_write_bytecode = True
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
    _status = 0
except SystemExit as e:
    _status = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
_status
`);
process.exit(status);
