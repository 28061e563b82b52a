"""Engine speed: full random hands per second, in CPython and inside Pyodide.

    python3 bench/engine.py            # CPython here, then Pyodide under Node.js
    python3 bench/engine.py --no-pyodide
    python3 bench/engine.py --hands 20000 --repeats 5

A "full random hand" is: deal from a New Game seed (SHA-256 shuffle), every
action chosen uniformly at random from the legal ones until the last trick,
then the scores.  One process, one core.  The target (issue 2) is at least
8,000 hands per second in CPython on this machine.  Because these machines are
noisy, the script also times a fixed pure-Python baseline in the same run and
prints hands per baseline unit, which is comparable across runs.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from benchkit import rerun_in_pyodide

from sheepshead.state import HandState

TARGET = 8000


def random_hands(n: int, seed: int) -> float:
    """Seconds to deal, play out at random and score ``n`` hands."""
    rng = random.Random(seed)
    seeds = [f"game:{rng.getrandbits(64):016x}" for _ in range(n)]
    choice = rng.choice
    start = time.perf_counter()
    for s in seeds:
        state = HandState.from_seed(s, 1)
        while not state.is_over:
            state.apply_move(choice(state.legal_moves()))
        scores = state.scores()
        assert sum(scores) == 0
    return time.perf_counter() - start


def baseline(n: int = 200_000) -> float:
    """Seconds for a fixed loop of plain Python work (dict, list, int ops)."""
    start = time.perf_counter()
    d = {}
    acc = 0
    for i in range(n):
        d[i & 1023] = i
        acc += (i * 7) % 13
        if acc & 1:
            acc ^= i
    return time.perf_counter() - start


def measure(hands: int, repeats: int) -> dict:
    runs = [hands / random_hands(hands, seed) for seed in range(repeats)]
    base = [1 / baseline() for _ in range(repeats)]
    return {"median": statistics.median(runs), "best": max(runs),
            "baseline_per_s": statistics.median(base)}


def report(label: str, m: dict) -> None:
    print(f"{label}: {m['median']:,.0f} random hands/s median, {m['best']:,.0f} best "
          f"({m['median'] / m['baseline_per_s']:.2f} hands per baseline loop)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=10000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--no-pyodide", action="store_true")
    ap.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    label = f"Python {sys.version.split()[0]} ({sys.platform})"
    m = measure(args.hands, args.repeats)
    report(label, m)
    if args.inner:
        return 0
    verdict = "meets" if m["median"] >= TARGET else "MISSES"
    print(f"target {TARGET:,} hands/s in CPython: {verdict}")
    if not args.no_pyodide:
        return rerun_in_pyodide("engine.py", ["--hands", str(args.hands), "--repeats", str(args.repeats)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
