"""How far a level's play can be foreseen: several copies of it asked every question.

    python3 bench/foresee.py --level expert-v1 --hands 50 --seed 500 --jobs 2
    python3 bench/foresee.py --level expert --hands 30 --voters 5

Hands are played by the level in every seat.  At every decision with a choice, ``--voters``
players of the level with different seeds are asked it from the same view (the first of them
plays on).  For the card play it prints:

* ``pairs``: how often two of them play the same card;
* ``mode``: how often the card most of the others chose is the card of the one left out
  (ties go to the rules' card): about the best any model of the level can do, since the rest
  is the noise of its own seed;
* ``rules``: how often the Expert's playouts' model (``standard-v1``'s rules on what the seat
  could know, :func:`sheepshead.bots.expert.rollout`) predicts it.

and ``pairs`` for the pick, the bury and the call.  A level that ignores its seed (Standard)
gives 1 everywhere.  Issue 12's fourth pass used it to show that an Expert's card is about
84 % foreseeable against the rules' 77 % (docs/journal/bots.md, the fourth pass).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from sheepshead.bots import make_player
from sheepshead.bots.arena import map_jobs
from sheepshead.bots.craft import play_card
from sheepshead.bots.expert import _public_table
from sheepshead.bots.knowledge import Knowledge
from sheepshead.position import Phase
from sheepshead.state import HandState

KINDS = ("PLAY", "PICK", "BURY", "CALL")


def hand_counts(args: tuple) -> dict:
    """One hand of ``level`` self-play: per kind of decision, the decisions with a choice and
    the summed agreement rates (pairs, and for cards mode and rules)."""
    level, seed, i, voters = args
    state = HandState.from_seed(f"game:{seed:08x}{i:08x}", 1 + i % 10)
    players = [[make_player(level, (seed * 1_000_003 + i) * 64 + 8 * s + j) for j in range(voters)]
               for s in range(state.players)]
    out = {kind: {"decisions": 0, "pairs": 0.0, "mode": 0.0, "rules": 0.0} for kind in KINDS}
    pairs = voters * (voters - 1) / 2
    while not state.is_over:
        seat = state.to_act
        view = state.view(seat)
        kind = state.phase.name
        if kind in out and len(state.legal_moves()) > 1:
            choices = [p.choose(view).code for p in players[seat]]
            row = out[kind]
            row["decisions"] += 1
            row["pairs"] += sum(choices[a] == choices[b] for a in range(voters)
                                for b in range(a + 1, voters)) / pairs
            if state.phase is Phase.PLAY:
                voids = list(Knowledge(view).voids)
                rules = 64 + play_card(_public_table(state, state.legal_play_mask(), voids))
                for j in range(voters):
                    others = Counter(choices[:j] + choices[j + 1:])
                    top = max(others.values())
                    tied = sorted(c for c, m in others.items() if m == top)
                    guess = rules if rules in tied else tied[0]
                    row["mode"] += (guess == choices[j]) / voters
                    row["rules"] += (rules == choices[j]) / voters
            code = choices[0]
        else:
            code = players[seat][0].choose(view).code
        state.apply_move(code)
    return out


def summary(per_hand: list[dict]) -> dict:
    """Rates per kind of decision, over all hands."""
    out = {}
    for kind in KINDS:
        n = sum(h[kind]["decisions"] for h in per_hand)
        row: dict = {"decisions": n}
        for key in ("pairs", "mode", "rules") if kind == "PLAY" else ("pairs",):
            row[key] = round(sum(h[kind][key] for h in per_hand) / n, 4) if n else None
        out[kind.lower()] = row
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--level", default="expert-v1")
    ap.add_argument("--hands", type=int, default=30)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--voters", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args(argv)
    if a.voters < 2:
        ap.error("--voters must be at least 2")
    make_player(a.level, 0)                   # an unknown level fails now, not in a worker
    work = [(a.level, a.seed, i, a.voters) for i in range(a.hands)]
    start = time.perf_counter()
    per_hand = list(map_jobs(hand_counts, work, a.jobs, chunksize=2))
    s = summary(per_hand)
    print(f"{a.level}: {a.hands} hands (seed {a.seed}), {a.voters} voters, "
          f"{time.perf_counter() - start:.0f} s")
    for kind, row in s.items():
        rates = "  ".join(f"{k} {v:.3f}" for k, v in row.items() if k != "decisions" and v is not None)
        print(f"  {kind:5s} {row['decisions']:5d} decisions  {rates}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
