#!/usr/bin/env python3
"""The deep fuzz run (issue 21): tests/test_fuzz.py's checks with many more examples.

    .venv/bin/python bench/fuzz.py [--examples 2000] [--seed 0]

Mutates the valid links, records and saves of tests/fuzzing.py (flips to look-alike digits,
bidi controls, whitespace and the link's separators; cuts; parts repeated up to 20,000 times;
huge numbers) and sends each through every way in: the engine and ``verify``, the page's link
reader and session, ``replay`` and ``suggest``, and the saves under each storage key.  Prints
per target the number of inputs, how many were refused, the slowest input's time, and any
failure (the smallest failing example hypothesis found), then exits 1 if any target failed.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import fuzzing
from hypothesis import HealthCheck, given, seed, settings


def fuzz(base: str, check: Callable[[str], None], examples: int, seed_: int) -> tuple[int, float]:
    """Run ``check`` on ``examples`` mutations of ``base``: (inputs, slowest seconds)."""
    slowest = 0.0
    count = 0

    @seed(seed_)
    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(fuzzing.mutated(base))
    def run(text: str) -> None:
        nonlocal slowest, count
        start = time.perf_counter()
        check(text)
        slowest = max(slowest, time.perf_counter() - start)
        count += 1

    run()
    return count, slowest


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--examples", type=int, default=2000, help="inputs per target (default 2000)")
    p.add_argument("--seed", type=int, default=0, help="hypothesis seed (default 0)")
    args = p.parse_args()
    targets = {
        **{f"link {i}": (fuzzing.valid_links()[i], fuzzing.check_link) for i in range(3)},
        "link in the page": (fuzzing.valid_links()[1], fuzzing.check_link_in_the_page),
        **{f"record {i}": (fuzzing.valid_records()[i], fuzzing.check_record) for i in range(3)},
        "save": (fuzzing.valid_saves()[0], fuzzing.check_save),
        "board link in the page": (fuzzing.valid_board_links()[0],
                                   fuzzing.check_link_in_the_page),
        "boards": (fuzzing.valid_boards(), fuzzing.check_save),
    }
    failed = 0
    for name, (base, check) in targets.items():
        start = time.perf_counter()
        count, slowest = 0, 0.0
        try:
            count, slowest = fuzz(base, check, args.examples, args.seed)
            verdict = "ok"
        except AssertionError as e:
            failed += 1
            verdict = f"FAILED: {(str(e) or repr(e))[:300]}"
        print(f"{name:18} {count:6d} inputs  slowest {slowest * 1000:7.1f} ms  "
              f"{time.perf_counter() - start:6.1f} s  {verdict}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
