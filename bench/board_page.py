#!/usr/bin/env python3
"""The page's longest main-thread task while it reads a big board link (issue 36, item 2),
in headless Chromium with the CPU slowed 4x (the phone profile of bench/load.py).

    .venv/bin/python bench/board_page.py [--cpu 4] [--entries 50]

Builds the site into a temporary folder and serves it; boots the page at phone size on the
board's game, slows the CPU, opens a board link of ``--entries`` results (each a hand of
that game at Easy, its computer moves as the page plays them), shows the board and waits
until every row is checked and ranked; prints how long that took and the longest
main-thread task meanwhile (PerformanceObserver ``longtask``).  Target: no task over 200 ms.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "bench"), str(ROOT), str(ROOT / "tests")]

from backup_page import booted_page
from conftest import CHROMIUM, CHROMIUM_ARGS
from load import build_game, serve
from playwright.sync_api import sync_playwright
from test_board_page import CHECKED, GAME_ID, one_hand

from sheepshead.board import BoardEntry, board_fragment


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpu", type=float, default=4, help="CPU slowdown (default 4)")
    parser.add_argument("--entries", type=int, default=50, help="results in the link")
    args = parser.parse_args(argv)
    entries = [BoardEntry(one_hand(f"game:{GAME_ID}", i)) for i in range(args.entries)]
    fragment, carried = board_fragment(entries, limit=100_000)
    assert carried == args.entries
    with tempfile.TemporaryDirectory() as tmp:
        site = build_game(Path(tmp) / "site", full_stdlib=False, pyc=True)
        server, url = serve(site)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                context, page = booted_page(browser, url + f"#game={GAME_ID}")
                cdp = context.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.cpu})
                start = page.evaluate("performance.now()")
                page.evaluate(f"location.hash = {json.dumps(fragment)}")
                page.locator("#board").get_by_role("button", name="Show the board anyway").click(
                    timeout=240_000)
                page.wait_for_function(CHECKED, timeout=900_000, polling=200)
                end = page.evaluate("performance.now()")
                tasks = [d for at, d in page.evaluate("window.__longtasks") if at >= start]
                print(f"board link of {args.entries} results, CPU {args.cpu:g}x: every row checked "
                      f"after {(end - start) / 1000:.1f} s; longest task {max(tasks, default=0):.0f} ms; "
                      f"{sum(d > 200 for d in tasks)} tasks over 200 ms of {len(tasks)} over 50 ms")
                browser.close()
        finally:
            server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
