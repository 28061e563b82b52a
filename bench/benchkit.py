"""What the benchmark scripts share: running a script again inside Pyodide, and the timing
helpers of the decision-time benchmarks.

    from benchkit import rerun_in_pyodide, pct, baseline_ms

A benchmark measures CPython here, then (unless told not to) runs itself again inside Pyodide
under Node.js with ``--inner`` and the same options (:func:`rerun_in_pyodide`, through
``bench/pyodide_run.mjs``, which puts this folder on ``sys.path`` as ``python3 bench/x.py``
does). Standard library only: it is imported inside Pyodide too.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def rerun_in_pyodide(script: str, args: list[str]) -> int:
    """Run ``bench/<script>`` inside Pyodide under Node.js with ``--inner`` and ``args``; its
    exit status (a one-line hint on standard error when it failed)."""
    cmd = ["node", os.path.join(HERE, "pyodide_run.mjs"), f"bench/{script}", "--inner", *args]
    r = subprocess.run(cmd, cwd=ROOT)
    if r.returncode:
        print("Pyodide run failed (is node_modules installed? run `npm ci`)", file=sys.stderr)
    return r.returncode


def pct(xs: list[float], q: float) -> float:
    """The ``q`` quantile of ``xs`` (nearest rank, as the figures in docs/ were taken)."""
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def baseline_ms() -> float:
    """Milliseconds for a fixed loop of plain Python work: how busy the machine was."""
    t = time.perf_counter()
    d, acc = {}, 0
    for i in range(200_000):
        d[i & 1023] = i
        acc += (i * 7) % 13
    return (time.perf_counter() - t) * 1000
