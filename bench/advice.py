"""Help at the table: hint latency, whole-hand review time, and the claim proof's cost.

    python3 bench/advice.py                 # CPython here, then Pyodide under Node.js
    python3 bench/advice.py --no-pyodide
    python3 bench/advice.py --pyodide       # Pyodide only
    python3 bench/advice.py --hands 40 --hints 200 --budget 128

Hands are New Game seeds (hands 1..10) played by the Standard players. Timed:

* a hint (``bots.advice.hint``) at an even spread of the decisions of every seat (pick, bury,
  call, play); target (issue 11): p95 within 300 ms inside Pyodide;
* the review of seat 0's decisions in each whole hand (``bots.advice.review_steps`` run to
  the end), and its single steps (what the page waits between two progress lines); target:
  p95 within 2 s inside Pyodide. Twice: with seat 0 played by the Standard rules, then at
  random (its choices are then often ones the Expert would not try: a second search);
* the claim proof (``bots.claim.claim_order``) at every lead of every seat.

The machine is shared, so a fixed pure-Python baseline loop is printed to compare runs, and
a digest of the hints' choices: equal digests in CPython and Pyodide show the same choices.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from benchkit import baseline_ms, pct, rerun_in_pyodide

from sheepshead.bots import make_player
from sheepshead.bots.advice import HINT_BUDGET, hint, review_steps
from sheepshead.bots.claim import claim_order
from sheepshead.position import Phase
from sheepshead.state import HandState

HINT_TARGET_MS = 300.0
REVIEW_TARGET_MS = 2000.0


def hands(count: int, seat0: str = "standard") -> list[HandState]:
    """``count`` finished seeded hands played by the Standard players, seat 0 by ``seat0``."""
    out = []
    for i in range(count):
        state = HandState.from_seed("game:%016x" % (0xad71ce + 7919 * i), 1 + i % 10)
        players = [make_player(seat0 if s == 0 else "standard", 10 * i + s) for s in range(5)]
        while not state.is_over:
            state.apply(players[state.to_act].choose(state.view(state.to_act)))
        out.append(state)
    return out


def decisions(finished: list[HandState]) -> tuple[list, list]:
    """(views of every decision of every seat, views of every lead) in the hands."""
    picks, leads = [], []
    for end in finished:
        state = HandState.from_masks(end.dealt, end.blind, end.dealer, end.rules, end.redeal)
        for code in end.history:
            view = state.view(state.to_act)
            if len(view.legal) > 1:
                picks.append(view)
            if state.phase is Phase.PLAY and not state.trick_cards:
                leads.append(view)
            state.apply_move(code)
    return picks, leads


def spread(items: list, limit: int) -> list:
    if len(items) <= limit:
        return items
    step = len(items) / limit
    return [items[int(k * step)] for k in range(limit)]


def line(name: str, xs: list[float], target: float | None = None) -> str:
    text = (f"  {name:22s} n={len(xs):4d}  median {statistics.median(xs):8.2f} ms  "
            f"p95 {pct(xs, 0.95):8.2f} ms  max {max(xs):8.2f} ms")
    if target is not None:
        verdict = "ok" if pct(xs, 0.95) <= target else "OVER"
        text += f"  (target p95 <= {target:g} ms in Pyodide: {verdict})"
    return text


def run(count: int, hint_count: int, budget: int, label: str) -> None:
    finished = hands(count)
    views, leads = decisions(finished)
    print(f"{label}: {count} seeded hands, {len(views)} decisions, {len(leads)} leads, "
          f"budget {budget} (baseline loop {statistics.median(baseline_ms() for _ in range(3)):.0f} ms)")
    times: dict[str, list[float]] = {}
    digest = hashlib.sha256()
    for view in spread(views, hint_count):
        t = time.perf_counter()
        h = hint(view, 1, budget)
        ms = (time.perf_counter() - t) * 1000
        times.setdefault(view.phase.name, []).append(ms)
        digest.update(str(h.action).encode() + b";")
    every = [x for xs in times.values() for x in xs]
    print(line("hint", every, HINT_TARGET_MS) + f"  choices {digest.hexdigest()[:12]}")
    for phase, xs in times.items():
        print(line(f"  {phase}", xs))
    for who, played in (("Standard", finished), ("random", hands(count, "random"))):
        whole, steps, counts = [], [], []
        for end in played:
            t = last = time.perf_counter()
            n = 0
            for _ in review_steps(end, 0, 1, budget):
                now = time.perf_counter()
                steps.append((now - last) * 1000)
                last = now
                n += 1
            whole.append((time.perf_counter() - t) * 1000)
            counts.append(n)
        print(line("review of a hand", whole, REVIEW_TARGET_MS)
              + f"  (seat 0 {who}: {statistics.mean(counts):.1f} decisions a hand)")
        print(line("  one review step", steps))
    proofs = []
    for view in leads:
        t = time.perf_counter()
        claim_order(view)
        proofs.append((time.perf_counter() - t) * 1000)
    print(line("claim proof at a lead", proofs))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--hints", type=int, default=200)
    ap.add_argument("--budget", type=int, default=HINT_BUDGET)
    ap.add_argument("--no-pyodide", action="store_true")
    ap.add_argument("--pyodide", action="store_true", help="run inside Pyodide only")
    ap.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    label = f"Python {sys.version.split()[0]} ({sys.platform})"
    if not args.pyodide:
        run(args.hands, args.hints, args.budget, label)
    if args.inner or args.no_pyodide:
        return 0
    return rerun_in_pyodide("advice.py", ["--hands", str(args.hands), "--hints", str(args.hints),
                                          "--budget", str(args.budget)])


if __name__ == "__main__":
    sys.exit(main())
