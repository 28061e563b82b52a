// Run pytest inside Pyodide (CPython 3.14 compiled to WebAssembly) under Node.js.
//
//   node tests/pyodide/run_pytest.mjs [pytest args...] tests/test_x.py ...
//
// The repository is mounted read-write at /repo (NODEFS) and becomes the working
// directory, so `sheepshead` imports from the working tree. pytest and its
// dependencies come from the pure-Python wheels in .cache/wheels/ (tests/run
// downloads them); a wheel is a zip, so each goes straight on sys.path.
// Arguments that name existing files or folders are mapped to /repo paths;
// the process exits with pytest's exit code.

import { readdirSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const MOUNT = "/repo";
const WHEELS = path.join(REPO, ".cache", "wheels");

function die(message) {
  process.stderr.write(`run_pytest.mjs: ${message}\n`);
  process.exit(2);
}

const wheels = existsSync(WHEELS)
  ? readdirSync(WHEELS).filter((name) => name.endsWith(".whl")).sort()
  : [];
if (!wheels.some((name) => name.startsWith("pytest-"))) {
  die(`no pytest wheel in ${WHEELS}: run tests/run (it downloads them with pip download)`);
}

// Map host paths (relative to the current directory, or absolute) into the mount.
const args = process.argv.slice(2).map((arg) => {
  if (arg.startsWith("-")) return arg;
  const [file, ...rest] = arg.split("::");
  const host = path.resolve(file);
  if (!existsSync(host)) return arg;
  const rel = path.relative(REPO, host);
  if (rel.startsWith("..") || path.isAbsolute(rel)) die(`${arg} is outside the repository`);
  return [path.posix.join(MOUNT, ...rel.split(path.sep)), ...rest].join("::");
});

const write = (stream) => ({
  write: (bytes) => {
    stream.write(bytes);
    return bytes.length;
  },
});

const pyodide = await loadPyodide();
pyodide.setStdout(write(process.stdout));
pyodide.setStderr(write(process.stderr));

pyodide.FS.mkdirTree(MOUNT);
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: REPO }, MOUNT);

pyodide.globals.set("MOUNT", MOUNT);
pyodide.globals.set("WHEELS", pyodide.toPy(wheels.map((w) => `${MOUNT}/.cache/wheels/${w}`)));
pyodide.globals.set("ARGS", pyodide.toPy(args));

const code = pyodide.runPython(`
import os, sys

# Nothing from the Pyodide run is written into the working tree.
sys.dont_write_bytecode = True
os.chdir(MOUNT)
sys.path[:0] = [MOUNT, *WHEELS]
print(f"Pyodide: Python {sys.version.split()[0]} on {sys.platform} ({sys.version})", flush=True)

import pytest

int(pytest.main(["-p", "no:cacheprovider", *ARGS]))
`);
process.exitCode = code;
// Flush and leave even if Pyodide keeps handles open.
process.stdout.write("", () => process.exit(code));
