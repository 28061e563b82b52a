"""One or two candidates against one field on the same duplicate deals: each one's mean and
(two) the paired difference.

    python3 bench/paired.py --candidates expert-v4,expert-v3 --field standard-v1 --deals 600 --seed 2026
    python3 bench/paired.py --candidates expert-v4 --field expert-v3 --deals 400 --seed 2026 --log v3field.jsonl
    python3 bench/paired.py --from-log v3field.jsonl          # the figures of the deals logged so far

Each deal is played exactly as ``python -m sheepshead arena`` plays it (the same deals and
player seeds; :func:`~sheepshead.bots.arena.play_deal`), once per candidate, so each mean is
the arena's figure on those deals, and the difference of two is measured deal by deal (the
luck of the cards is common to both and cancels).  Intervals are 95%, normal, over the
per-deal means.  ``--log`` writes each deal's means as it finishes (deals in order), so a
long run stopped early still gives the figures of its first deals (``--from-log``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from sheepshead.bots.arena import map_jobs, mean_half, play_deal


def _job(args: tuple[tuple[str, ...], str, int, int]) -> list[float]:
    candidates, field, seed, i = args
    return [play_deal((c, field, seed, i))["mean"] for c in candidates]


def summary(candidates: list[str], field: str, seed: int, deals: list[int],
            rows: list[list[float]]) -> dict[str, Any]:
    """Each candidate's mean a hand with its interval, and the paired difference of two."""
    out: dict[str, Any] = {"field": field, "seed": seed, "deals": len(rows),
                           "first_deal": deals[0] if deals else None}
    columns = [(c, [r[k] for r in rows]) for k, c in enumerate(candidates)]
    if len(candidates) == 2:
        columns.append((f"{candidates[0]} - {candidates[1]}", [r[0] - r[1] for r in rows]))
    for name, values in columns:
        mean, half = mean_half(values)
        out[name] = {"mean_per_hand": round(mean, 4), "ci95": [round(mean - half, 4), round(mean + half, 4)]}
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--candidates", help="one or two levels, comma-separated")
    ap.add_argument("--field", default="standard-v1")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--first", type=int, default=0, help="the first deal (default 0)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--log", default=None, help="write each deal's means to this file (JSON lines)")
    ap.add_argument("--from-log", default=None, help="only print the figures of a log")
    args = ap.parse_args()
    if args.from_log:
        with open(args.from_log, encoding="utf-8") as f:
            lines = [json.loads(line) for line in f if line.strip()]
        head = lines[0]
        rows = [line["means"] for line in lines[1:]]
        print(json.dumps(summary(head["candidates"], head["field"], head["seed"],
                                 [line["deal"] for line in lines[1:]], rows), indent=2))
        return 0
    candidates = args.candidates.split(",")
    start = time.perf_counter()
    deals = list(range(args.first, args.first + args.deals))
    work = [(tuple(candidates), args.field, args.seed, i) for i in deals]
    rows = []
    with open(args.log or os.devnull, "w", encoding="utf-8") as log:
        log.write(json.dumps({"candidates": candidates, "field": args.field, "seed": args.seed}) + "\n")
        for i, means in zip(deals, map_jobs(_job, work, args.jobs), strict=True):
            rows.append(means)
            log.write(json.dumps({"deal": i, "means": means}) + "\n")
            log.flush()
    out = summary(candidates, args.field, args.seed, deals, rows)
    out["seconds"] = round(time.perf_counter() - start, 1)
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
