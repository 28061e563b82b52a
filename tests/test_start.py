"""The return visit restores a memory snapshot of the started game (issue 23, static/start.mjs).

A first visit starts Python normally (<html data-start="fresh">) and, once the table is up, a
worker makes the snapshot and keeps it ("made"); the next page restores it ("snapshot").
The computer players choose the same after a restored start as after a normal one, a broken
snapshot falls back to a normal start and is replaced, and nothing is requested from
elsewhere.
"""

from __future__ import annotations

import re

import pytest
from table_helpers import READY, body, hand_cards, wait_idle

GAME = "#game=00000000000000c3"
MADE_TIMEOUT_MS = 180_000


def start_of(page) -> str:
    return page.evaluate("document.documentElement.dataset.start || ''")


def boot(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    wait_idle(page)


def wait_made(page) -> None:
    page.wait_for_selector('html[data-start="made"]', state="attached", timeout=MADE_TIMEOUT_MS)


def after_a_pass(page) -> dict[str, object]:
    """Pass, let the computer players answer, and read what they did off the table."""
    page.get_by_role("button", name="Pass", exact=True).click()
    wait_idle(page)
    return {"seq": body(page, "seq"), "phase": body(page, "phase"), "turn": body(page, "turn"),
            "hand": hand_cards(page), "felt": page.inner_text("#felt")}


def snapshot_key(site_dir) -> str:
    text = (site_dir / "pyodide" / "start.mjs").read_text(encoding="utf-8")
    return re.search(r'const BUILD = "([0-9a-f]+)";', text).group(1)


@pytest.mark.browser
def test_a_return_visit_restores_the_started_game_and_plays_alike(browser, site_url, page) -> None:
    fresh_context = browser.new_context(viewport={"width": 390, "height": 844})
    restored_context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        # A normal start, in a profile of its own: what the computer players do.
        normal_page = fresh_context.new_page()
        boot(normal_page, site_url + GAME)
        assert start_of(normal_page) in ("fresh", "made")
        normal = after_a_pass(normal_page)
        # Another profile: a first visit makes the snapshot, the next page restores it.
        first = restored_context.new_page()
        boot(first, site_url + "#game=00000000000000d4")
        wait_made(first)
        first.close()
        again = restored_context.new_page()
        errors: list[str] = []
        again.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        boot(again, site_url + GAME)
        assert start_of(again) == "snapshot"
        assert again.evaluate("performance.getEntriesByName('sheepshead:python-ready').length") == 1
        assert after_a_pass(again) == normal          # the same choices after a restored start
        assert errors == []
        # A test page (the `page` fixture) starts from the snapshot the run made once
        # (conftest.start_js), and plays alike too.
        boot(page, site_url + GAME)
        assert start_of(page) == "snapshot"
        assert after_a_pass(page) == normal
    finally:
        fresh_context.close()
        restored_context.close()


@pytest.mark.browser
def test_a_broken_snapshot_falls_back_to_a_normal_start_and_is_replaced(browser, site_url,
                                                                         site_dir) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        boot(page, site_url)
        key = snapshot_key(site_dir)
        page.evaluate("""async (key) => {
            const cache = await caches.open("sheepshead-start:" + location.href.split("#")[0]);
            await cache.put(new URL("pyodide/snapshot-" + key, location.href).href,
                            new Response(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])));
        }""", key)
        page.close()
        page = context.new_page()
        warnings: list[str] = []
        page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
        boot(page, site_url)
        assert start_of(page) in ("fresh", "made")        # restored nothing, started normally
        assert any("could not be restored" in w for w in warnings), warnings
        wait_made(page)                                   # and kept a good one instead
        page.close()
        page = context.new_page()
        boot(page, site_url)
        assert start_of(page) == "snapshot"
    finally:
        context.close()
