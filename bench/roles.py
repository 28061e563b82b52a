"""Where a candidate gains: a duplicate arena split by the role the candidate played.

    python3 bench/roles.py --candidate expert --field expert-v1 --deals 300 --seed 4242
    python3 bench/roles.py --candidate expert --field standard-v1 --deals 300 --jobs 2 --json out.json

Each deal is played as ``python -m sheepshead arena`` plays it (the candidate in each seat in
turn, the field in the others, the same player seeds, so the candidate's hands are exactly the
arena's), and once more with the field in every seat: the *field's game*.  For each seat the
candidate's ledger change is compared with what the field's player in that seat made in the
field's game, and the difference (the candidate's gain) is grouped by the role the candidate
played — picker, partner, defender, leaster — and by the change of role (the field's player
defended where the candidate picked, for example).  The mean gain over every hand is close to
the arena's mean, not equal to it: the arena compares with zero, this with the field's game.

Issue 12's table ("the Expert's gain per hand by role") was made this way.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from sheepshead.bots import make_player
from sheepshead.bots.arena import deal_seed, map_jobs, mean_half, play_hand, play_rotations, player_seed
from sheepshead.bots_cli import parse_rules
from sheepshead.rules import DEFAULT_RULES
from sheepshead.state import HandState

ROLES = ("picker", "partner", "defender", "leaster")
FIELD_GAME = 99
"""The rotation number whose player seeds the field's game uses (the arena's are 0..n-1)."""


def role_of(state: HandState, seat: int) -> str:
    """The role ``seat`` played in a finished hand."""
    if state.picker < 0:
        return "leaster"
    if seat == state.picker:
        return "picker"
    return "partner" if seat == state.partner else "defender"


def deal_rows(args: tuple) -> list[dict]:
    """One deal: a row per seat (the candidate's score and role, the field's in its game)."""
    states = play_rotations(args)             # exactly the arena's hands
    field, seed, i = args[1:4]
    rules = states[0].rules
    game_seed, hand = deal_seed(seed, i)
    base = play_hand(HandState.from_seed(game_seed, hand, rules),
                     [make_player(field, player_seed(seed, i, FIELD_GAME, s))
                      for s in range(rules.players)])
    base_scores = base.scores()
    return [{"deal": i, "seat": r, "score": state.scores()[r], "role": role_of(state, r),
             "field_score": base_scores[r], "field_role": role_of(base, r)}
            for r, state in enumerate(states)]


def summary(rows: list[dict]) -> dict:
    """Share of hands, mean gain and its 95% half-width, and contribution, by role and by
    change of role.  The intervals treat hands as independent (the five of a deal are not
    quite), so they are a little narrow."""
    total = len(rows)
    groups: dict[str, list[float]] = defaultdict(list)
    changes: dict[str, list[float]] = defaultdict(list)
    every: list[float] = []
    for row in rows:
        gain = row["score"] - row["field_score"]
        every.append(gain)
        groups[row["role"]].append(gain)
        changes[f"{row['field_role']} -> {row['role']}"].append(gain)
    out: dict = {"hands": total, "by_role": {}, "by_change": {}}
    mean, half = mean_half(every)
    out["all"] = {"gain": round(mean, 4), "half95": round(half, 4)}
    for role in ROLES:
        gains = groups.get(role, [])
        if gains:
            mean, half = mean_half(gains)
            out["by_role"][role] = {"share": round(len(gains) / total, 4), "gain": round(mean, 4),
                                    "half95": round(half, 4),
                                    "contribution": round(sum(gains) / total, 4)}
    for key in sorted(changes):
        gains = changes[key]
        out["by_change"][key] = {"hands": len(gains), "gain": round(sum(gains) / len(gains), 4)}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--candidate", required=True)
    ap.add_argument("--field", default="standard")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--rules", default=None, help="table options, as arena's --rules")
    ap.add_argument("--json", default=None, help="also write every row to this file")
    a = ap.parse_args(argv)
    rules = parse_rules(a.rules)
    extra = (rules.to_json(),) if rules != DEFAULT_RULES else ()
    work = [(a.candidate, a.field, a.seed, i) + extra for i in range(a.deals)]
    start = time.perf_counter()
    per_deal = map_jobs(deal_rows, work, a.jobs, chunksize=4)
    rows = [row for deal in per_deal for row in deal]
    s = summary(rows)
    print(f"{a.candidate} in a {a.field} field, {a.deals} deals (seed {a.seed}), {s['hands']} hands, "
          f"{time.perf_counter() - start:.0f} s")
    print(f"  every hand  gain {s['all']['gain']:+.3f} ± {s['all']['half95']:.3f}")
    for role, r in s["by_role"].items():
        print(f"  {role:9s}  share {r['share']:.2f}  gain {r['gain']:+.3f} ± {r['half95']:.3f}"
              f"  contribution {r['contribution']:+.3f}")
    print("  change of role (the field's role -> the candidate's): hands, mean gain")
    for key, r in s["by_change"].items():
        print(f"    {key:22s} {r['hands']:5d}  {r['gain']:+.3f}")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"summary": s, "rows": rows}, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
