#!/usr/bin/env python3
"""The first draw's cost inside Pyodide: importing what the page imports at start, then the
controller's Start (open the game from its save, draw every region), as a fresh start pays it.

    node bench/pyodide_run.mjs bench/first_draw.py [ZIP]    # inside Pyodide (Node.js)
    .venv/bin/python -B bench/first_draw.py                 # CPython, for comparison

One interpreter per run (run it several times: the figures are noisy): with ZIP (a built
site's sheepshead.zip, relative to the repository: the bytecode build.py ships beside each
module) the game is imported from that zip unpacked, as PyScript does, else from the
sources (compiled on import, bytecode not written).  Times what static/main.py imports
(sheepshead.ui.page.controller and the events), then Start with no save (today's Daily not begun)
and with a Daily saved in hand 3; prints the game's modules imported at start (issue 23:
import at start only what the first draw needs).
"""

from __future__ import annotations

import datetime as dt
import sys
import time
import zipfile

if len(sys.argv) > 1:                   # the built zip, unpacked where the page unpacks it
    zipfile.ZipFile(sys.argv[1]).extractall("/tmp/first-draw")
    sys.path.insert(0, "/tmp/first-draw")
    sys.path[:] = [p for p in sys.path if p not in ("/repo", "")]
    sys.dont_write_bytecode = False
import asyncio  # noqa: F401  (PyScript has imported it before main.py runs)
import json  # noqa: F401

started = time.perf_counter()
from sheepshead.ui.events import Start, Tap, Wait
from sheepshead.ui.page.controller import Controller
from sheepshead.ui.storage.saves import MemoryStorage

imported = time.perf_counter()
NOW = dt.datetime(2026, 12, 1, 16, 48)


def settle(c: Controller, effects: list) -> None:
    for _ in range(5000):
        waits = [e for e in effects if isinstance(e, Wait)]
        if not waits:
            return
        effects = c.handle(waits[0].then)


def main() -> int:
    modules = sorted(m for m in sys.modules if m.startswith("sheepshead"))
    first = Controller(MemoryStorage(), lambda: NOW)
    t0 = time.perf_counter()
    first.handle(Start(""))
    fresh_ms = (time.perf_counter() - t0) * 1000
    storage = MemoryStorage()
    c = Controller(storage, lambda: NOW)
    settle(c, c.handle(Start("")))
    for _ in range(80):                 # about three hands in
        t = c.table
        if t.game.hand_number >= 3 and t.human_turn:
            break
        if t.human_turn:
            settle(c, c.handle(Tap(act=str(t.hand.legal_actions()[0]))))
        elif t.hand.is_over:
            settle(c, c.handle(Tap(ui="next")))
    again = Controller(storage, lambda: NOW)
    t0 = time.perf_counter()
    again.handle(Start(""))
    resumed_ms = (time.perf_counter() - t0) * 1000
    after = sorted(m for m in sys.modules if m.startswith("sheepshead"))
    print(f"imports {1000 * (imported - started):7.0f} ms ({len(modules)} of the game's modules; "
          f"{len(after)} after playing)")
    print(f"first Start, today's Daily not begun {fresh_ms:7.0f} ms")
    print(f"Start again, a Daily saved in hand {again.table.game.hand_number} "
          f"{resumed_ms:7.0f} ms")
    print("imported at start: " + " ".join(m.removeprefix("sheepshead.") for m in modules))
    return 0


if __name__ == "__main__":
    sys.exit(main())
