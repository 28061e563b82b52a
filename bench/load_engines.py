#!/usr/bin/env python3
"""Boot time per browser engine: Chromium, WebKit (Safari's engine) and Firefox, side by side.

    .venv/bin/python bench/load_engines.py [--runs 3] [--engines chromium,webkit,firefox] [--full-stdlib | --no-pyc]

The desktop profile of ``bench/load.py`` (no CPU or network throttling), its two sites (the
floor: a bare PyScript page on the same vendored Pyodide; the game: ``build.py``) and its two
moments (the floor's Python ready; the game's hand tappable), in each engine the cross-engine
suite drives (``tests/engine_drivers.py``: WebKitGTK's MiniBrowser through WebKitWebDriver on a
private Xvfb display, Firefox ESR through puppeteer-core; Chromium through Playwright).  Each
load is a first visit in a fresh profile, at phone size (390 px wide); floor and game alternate
in each round so that both meet the same machine load.  The time is the page's own
``performance.now()`` (from navigation start) when a poll in the page (every 50 ms) first sees
the moment, so it is up to 50 ms late.  It prints the median of each and the game-to-floor
ratio per engine; one unmeasured load of each comes first (the OS file cache).

A WebKit or Firefox load restores the start snapshot build.py ships, as Chromium's does (the
site is served compressed, as a static host does: ``load.serve``).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests"))
from conftest import CHROMIUM, CHROMIUM_ARGS
from engine_drivers import ENGINES, PHONE, missing
from load import FLOOR_DONE, GAME_DONE, build_floor, build_game, serve

GAME = "#game=00000000000000ab"
BOOT_S = 180
WHEN = "(() => {{ try {{ return ({done}) ? performance.now() : 0; }} catch (e) {{ return 0; }} }})()"


def chromium_load(url: str, done: str, tmp: Path) -> float:
    """One first visit in a fresh Chromium profile: ms from navigation to ``done``."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
            page.goto(url)
            handle = page.wait_for_function(WHEN.format(done=done), timeout=BOOT_S * 1000,
                                            polling=50)
            return float(handle.json_value())
        finally:
            browser.close()


def engine_load(name: str, url: str, done: str, tmp: Path) -> float:
    """One first visit in a fresh profile of WebKit or Firefox."""
    engine = ENGINES[name](tmp)
    try:
        engine.goto(url)
        return float(engine.wait(WHEN.format(done=done), BOOT_S, f"{url} to be ready"))
    finally:
        engine.close()


def load(name: str, url: str, done: str, tmp: Path) -> float:
    home = Path(tempfile.mkdtemp(dir=tmp))           # a profile of its own, every load
    return chromium_load(url, done, home) if name == "chromium" else engine_load(name, url, done, home)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=3, help="first visits of each (default 3)")
    parser.add_argument("--engines", default="chromium,webkit,firefox")
    parser.add_argument("--full-stdlib", action="store_true", help="build the game with the full stdlib")
    parser.add_argument("--no-pyc", action="store_true", help="build the game without stdlib bytecode")
    args = parser.parse_args(argv)
    engines = [e for e in args.engines.split(",") if e]
    lacking = {e: missing()[e] for e in engines if e != "chromium" and missing()[e]}
    if lacking:
        parser.error(f"missing on this machine: {lacking} (tests/run installs them)")
    tmp = Path(tempfile.mkdtemp(prefix="sheepshead-engines-"))
    try:
        floor_server, floor_url = serve(build_floor(tmp / "floor"))
        game_server, game_url = serve(build_game(tmp / "game", args.full_stdlib, not args.no_pyc))
        sites = {"floor": (floor_url, FLOOR_DONE), "game": (game_url + GAME, GAME_DONE)}
        times: dict[str, dict[str, list[float]]] = {e: {"floor": [], "game": []} for e in engines}
        for engine in engines:
            for site, (url, done) in sites.items():        # unmeasured: the OS file cache
                load(engine, url, done, tmp)
        for r in range(args.runs):
            for engine in engines:
                for site, (url, done) in sites.items():
                    ms = load(engine, url, done, tmp)
                    times[engine][site].append(ms)
                    print(f"round {r + 1}: {engine:8s} {site:5s} {ms:7.0f} ms", flush=True)
        floor_server.shutdown()
        game_server.shutdown()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print()
    print(f"{'engine (first visit, desktop)':30s} {'floor: Python ready':>20s} "
          f"{'game: hand tappable':>20s} {'ratio':>7s}")
    for engine in engines:
        f = statistics.median(times[engine]["floor"])
        g = statistics.median(times[engine]["game"])
        print(f"{engine:30s} {f:17.0f} ms {g:17.0f} ms {g / f:7.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
