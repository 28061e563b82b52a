// Boot Pyodide under Node.js with a given (trimmed) python_stdlib.zip and exercise the
// engine and the UI's Python without a browser: import every module of sheepshead/,
// play whole games through the table controller (computer players included), save and
// load them, draw every view with the HTML renderer.
//
//   node tests/pyodide/trimmed_stdlib.mjs path/to/python_stdlib.zip
//
// Prints "trimmed stdlib: ok ..." and exits 0, or prints the traceback and exits 1.
// Used by tests/test_stdlib_trim.py against the zip that build.py ships.

import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const zip = path.resolve(process.argv[2]);

const pyodide = await loadPyodide({ stdLibURL: zip });
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: REPO }, "/repo");
let code = 0;
try {
  const out = pyodide.runPython(`
import os, sys
sys.dont_write_bytecode = True
sys.path.insert(0, "/repo")
import importlib

modules = []
for folder, dirs, files in os.walk("/repo/sheepshead"):
    dirs[:] = sorted(d for d in dirs if d != "__pycache__")
    for f in sorted(files):
        if f.endswith(".py"):
            rel = os.path.relpath(os.path.join(folder, f), "/repo")[:-3].replace("/", ".")
            modules.append(rel.removesuffix(".__init__"))
for name in modules:
    if name.endswith("__main__"):
        continue
    importlib.import_module(name)

import dataclasses
from sheepshead.ui.table.table import Table
from sheepshead.ui.table.render import UiState, render
from sheepshead.ui.storage.saves import GameSave, read_save

hands = 0
for g in range(2):
    table = Table(seed=f"game:{g:016x}")
    for _ in range(3):
        while not table.hand.is_over:
            if table.human_turn:
                table.act(table.seat_view().legal[0])
            else:
                table.step()
            render(table.view(), UiState())
        hands += 1
        save = dataclasses.replace(GameSave.of(table.game, table.level), revision=1)
        save = read_save(save.to_text())            # saved and read back, as a reload does
        table = Table.resume(save.load_game(), table.settings, save.level)
        table.hand_summary()
        table.score_sheet()
        if not table.next_hand():
            break
stdlib = sorted(m for m, mod in sys.modules.items()
                if ".zip/" in (getattr(mod, "__file__", "") or ""))
f"{len(modules)} modules imported, {hands} hands played; stdlib modules used: {len(stdlib)}"
`);
  console.log(`trimmed stdlib: ok, ${out}`);
} catch (error) {
  console.log(String(error));
  code = 1;
}
process.stdout.write("", () => process.exit(code));
