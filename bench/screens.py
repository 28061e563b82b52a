#!/usr/bin/env python3
"""The screenshot gallery: the table at each phase, on four screens, into docs/screens/.

    .venv/bin/python bench/screens.py [--out docs/screens] [--site dist]

Builds the site into a temporary folder (or takes an already built one with ``--site``),
serves it on 127.0.0.1 the way tests/conftest.py does, and renders it in Debian's Chromium
(``/usr/bin/chromium``, tests/conftest.py's CHROMIUM_ARGS) through Playwright on:

    phone      390×844, device scale 2 (a phone in portrait)
    landscape  844×390, device scale 2 (the same phone on its side)
    small      320×568, device scale 2 (a small phone)
    desktop    1280×800, device scale 1

At each of these moments of one New Game hand (seeded so that you pick and call an ace, as
in tests/table_helpers.py's ``find_deal("ace")``), and of the practice hand:

    pick       the first decision (the practice offer declined)
    bury       two cards chosen to bury, with what they leave
    call       the call buttons
    play       a trick in progress, your turn
    summary    the hand summary
    menu       the menu
    practice   the practice hand's first step, with its tip

it writes ``<screen>-<moment>.png`` (``phone-play.png``, ``small-bury.png`` …) and prints one
line per file with its size. A PNG over MAX_PNG_BYTES is taken again as a JPEG (quality 80)
named ``.jpg`` instead; an older file of the other kind is removed.  With ``--webkit`` it adds
``webkit-play.png`` and ``webkit-summary.png``: the same hand's play and summary screens as
WebKitGTK (Safari's engine) draws them at 390 px wide, through tests/engine_drivers.py (its
time and zone are the machine's own: WebKitWebDriver cannot fix them).

What it shows is the same at every run: a fixed seed, instant speed, reduced motion, a
fixed time zone, locale and date (FIXED_TIME), every screen a fresh first visit, and
service workers blocked (so no "Ready to play offline" notice arrives at a moment that
depends on the machine).
Nothing is fetched from outside 127.0.0.1: any other request stops the run.
"""

from __future__ import annotations

import argparse
import http.server
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
from conftest import CHROMIUM, CHROMIUM_ARGS
from table_helpers import BOOT_TIMEOUT_MS, READY, body, find_deal, set_setting, tap_card, wait_idle

import build

SCREENS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "mobile": True},
    "landscape": {"viewport": {"width": 844, "height": 390}, "device_scale_factor": 2, "mobile": True},
    "small": {"viewport": {"width": 320, "height": 568}, "device_scale_factor": 2, "mobile": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 1, "mobile": False},
}
MAX_PNG_BYTES = 400_000
JPEG_QUALITY = 80
TIMEZONE = "America/Chicago"
FIXED_TIME = "2026-12-01T12:00:00-06:00"      # what Date says (the menu names today's Daily)
LOCALE = "en-US"
LOCAL_SCHEMES = {"data", "blob", "about", "chrome-error"}
# Before a shot: let every running finite CSS animation end (at most 3 s), as tests/test_layout.py does.
SETTLE_JS = """async () => {
  const finite = document.getAnimations().filter(
    (a) => a.playState === 'running' && isFinite(a.effect?.getComputedTiming().endTime));
  await Promise.race([Promise.allSettled(finite.map((a) => a.finished)),
                      new Promise((done) => setTimeout(done, 3000))]);
}"""


class Gallery:
    """Writes the shots into ``out`` and remembers what it wrote."""

    def __init__(self, out: Path):
        self.out = out
        self.written: list[Path] = []

    def shoot(self, page, name: str) -> None:
        page.evaluate(SETTLE_JS)
        png, jpg = self.out / f"{name}.png", self.out / f"{name}.jpg"
        page.screenshot(path=str(png))
        keep, drop = png, jpg
        if png.stat().st_size > MAX_PNG_BYTES:
            page.screenshot(path=str(jpg), type="jpeg", quality=JPEG_QUALITY)
            keep, drop = jpg, png
        drop.unlink(missing_ok=True)
        self.written.append(keep)
        print(f"{keep.relative_to(ROOT) if keep.is_relative_to(ROOT) else keep}  "
              f"{keep.stat().st_size / 1024:,.0f} KB", flush=True)


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = build.make_handler(site, prefix="/", quiet=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def new_page(browser, screen: str, origin: str, foreign: list[str]):
    spec = SCREENS[screen]
    context = browser.new_context(
        viewport=spec["viewport"], device_scale_factor=spec["device_scale_factor"],
        is_mobile=spec["mobile"], has_touch=spec["mobile"], reduced_motion="reduce",
        timezone_id=TIMEZONE, locale=LOCALE, color_scheme="light", service_workers="block")

    def check(route) -> None:
        parts = urlsplit(route.request.url)
        if parts.scheme in LOCAL_SCHEMES or f"{parts.scheme}://{parts.netloc}" == origin:
            route.continue_()
        else:
            foreign.append(route.request.url)
            route.abort()

    context.route("**/*", check)
    context.clock.set_fixed_time(FIXED_TIME)       # Date only: timers run as usual
    page = context.new_page()
    page.set_default_timeout(30_000)
    return context, page


def open_page(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    wait_idle(page)


def shoot_hand(browser, gallery: Gallery, screen: str, url: str, origin: str, foreign: list[str]) -> None:
    """pick, bury, call, play, summary and menu of one seeded New Game hand."""
    seed, bury, call = find_deal("ace")
    context, page = new_page(browser, screen, origin, foreign)
    try:
        open_page(page, url + "#game=" + seed[5:])
        page.click('[data-ui="tutorial-no"]')
        wait_idle(page)
        set_setting(page, "speed", "instant")
        wait_idle(page)
        gallery.shoot(page, f"{screen}-pick")
        page.get_by_role("button", name="Pick up", exact=True).click()
        wait_idle(page)
        for card in bury.cards:
            tap_card(page, f'#hand button[data-card="{card}"]')
            wait_idle(page)
        gallery.shoot(page, f"{screen}-bury")
        page.get_by_role("button", name="Bury these two", exact=True).click()
        wait_idle(page)
        gallery.shoot(page, f"{screen}-call")
        page.get_by_role("button", name=f"Call {call.card.name}", exact=True).click()
        shot_play = False
        for _ in range(12):
            wait_idle(page)
            if body(page, "phase") == "over":
                break
            if not shot_play and page.locator("#center .tcard").count() >= 2:
                gallery.shoot(page, f"{screen}-play")
                shot_play = True
            tap_card(page)
        if not shot_play:
            raise RuntimeError("no turn of yours with a trick in progress: no play shot")
        page.locator("#panel .dialog").wait_for(state="visible")
        gallery.shoot(page, f"{screen}-summary")
        page.click('#panel [data-ui="close"]')
        page.wait_for_selector("#panel", state="hidden")
        page.click('header [data-ui="menu"]')
        page.locator("#panel .dialog").wait_for(state="visible")
        gallery.shoot(page, f"{screen}-menu")
    finally:
        context.close()


def shoot_practice(browser, gallery: Gallery, screen: str, url: str, origin: str,
                   foreign: list[str]) -> None:
    """The practice hand's first step, which a first visit without a link opens, with its
    tip."""
    context, page = new_page(browser, screen, origin, foreign)
    try:
        open_page(page, url)
        set_setting(page, "speed", "instant")
        wait_idle(page)
        page.locator("#tip .tip-box").first.wait_for(state="visible")
        gallery.shoot(page, f"{screen}-practice")
    finally:
        context.close()


def shoot_webkit(out: Path, url: str, written: list[Path]) -> None:
    """The play and summary screens as WebKit (Safari's engine) draws them, at 390 px wide
    and a scale of 2 (``tests/engine_drivers.py``'s WebKitGTK), of the same hand as Chromium's
    ``phone-play`` and ``phone-summary``: ``webkit-play.png``, ``webkit-summary.png``."""
    from engine_drivers import WebKit
    from engine_suite import idle, set_speed, tap

    seed, bury, call = find_deal("ace")
    with tempfile.TemporaryDirectory(prefix="screens-webkit-") as home:
        e = WebKit(Path(home))
        try:
            e.goto(url + "#game=" + seed[5:])
            idle(e, 180)
            tap(e, '[data-ui="tutorial-no"]')
            set_speed(e, "instant")
            tap(e, '[data-act="pick"]')
            for card in bury.cards:
                tap(e, f'#hand button[data-card="{card}"]')
            tap(e, f'[data-act="{bury}"]')
            tap(e, f'[data-act="{call}"]')
            shots = {"play": False}
            for _ in range(12):
                idle(e)
                if e.js("document.body.dataset.phase") == "over":
                    break
                if not shots["play"] and e.js("document.querySelectorAll('#center .tcard').length") >= 2:
                    _webkit_shot(e, out / "webkit-play.png", written)
                    shots["play"] = True
                tap(e, "#hand button.legal", corner=True)
            if not shots["play"]:
                raise RuntimeError("no turn of yours with a trick in progress in WebKit")
            e.wait("!document.getElementById('panel').hidden", 60, "the hand summary")
            _webkit_shot(e, out / "webkit-summary.png", written)
        finally:
            e.close()


def _webkit_shot(e, path: Path, written: list[Path]) -> None:
    e.js("(() => { document.getAnimations().forEach((a) => a.finish && isFinite("
         "a.effect?.getComputedTiming().endTime) && a.finish()); return true; })()")
    path.write_bytes(e.driver.get_screenshot_as_png())
    written.append(path)
    print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}  "
          f"{path.stat().st_size / 1024:,.0f} KB", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screens",
                        help="folder for the images (default: docs/screens)")
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument("--screens", nargs="+", choices=list(SCREENS), default=list(SCREENS),
                        help="which screens (default: all)")
    parser.add_argument("--webkit", action="store_true",
                        help="also webkit-play and webkit-summary, drawn by WebKitGTK")
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} missing: `apt-get install -y chromium`", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    started = time.monotonic()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="screens-") as tmp:
        site = args.site
        if site is None:
            build.ensure_npm_ci()
            site = build.build(Path(tmp) / "dist")
        if not (site / "index.html").is_file():
            print(f"{site} is not a built site (no index.html)", file=sys.stderr)
            return 1
        server, url = serve(site.resolve())
        origin = url.rstrip("/")
        foreign: list[str] = []
        gallery = Gallery(args.out.resolve())
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    for screen in args.screens:
                        shoot_hand(browser, gallery, screen, url, origin, foreign)
                        shoot_practice(browser, gallery, screen, url, origin, foreign)
                finally:
                    browser.close()
            if args.webkit:
                shoot_webkit(gallery.out, url, gallery.written)
        finally:
            server.shutdown()
            server.server_close()
    if foreign:
        print(f"requests outside {origin} were refused: {foreign}", file=sys.stderr)
        return 1
    total = sum(p.stat().st_size for p in gallery.written)
    print(f"bench/screens.py: {len(gallery.written)} images, {total / 1024:,.0f} KB, "
          f"in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
