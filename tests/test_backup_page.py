"""Moving to another browser (issue 24) in headless Chromium at phone size: one browser
exports its Daily results and its New Game in progress as a file and as a link; a fresh
browser imports the file (``set_input_files``), sees the statistics, then opens the link,
which asks first and keeps everything already there.  One page boot each."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from conftest import CHICAGO as ZONE
from daily_helpers import play, seed_script
from table_helpers import BOOT_TIMEOUT_MS, wait_idle

from sheepshead import Game
from sheepshead.ui.daily import DailyResults, daily_game
from sheepshead.ui.saves import GAME_KEY, RESULTS_KEY, GameSave, MemoryStorage, SaveStore

pytestmark = pytest.mark.browser

WHEN = dt.datetime(2026, 12, 2, 12, 0, tzinfo=ZoneInfo(ZONE))
DAYS = (dt.date(2026, 11, 20), dt.date(2026, 11, 21))
SEED = "game:00000000000000c5"


def settings(**values: object) -> str:
    return json.dumps({"format": "sheepshead-settings/1",
                       "settings": {"speed": "instant", "tutorial_offered": True, **values}})


def kept_here() -> dict[str, str]:
    """Two locked Daily results and a New Game 20 actions in."""
    storage = MemoryStorage()
    for i, day in enumerate(DAYS):
        DailyResults(storage).record(play(daily_game(day), seed=i), hints=False,
                                     now=dt.datetime(2026, 11, 22, 9))
    SaveStore(storage).save(GameSave.of(play(Game(SEED), 20), "standard"), replace_game=True)
    return {**storage.items, "sheepshead.settings": settings(name="Ann")}


@pytest.fixture
def phone(phone_contexts):
    """``phone(stored, url)``: a page of a fresh phone context (conftest's
    ``phone_contexts``, at ``WHEN``, downloads allowed) with ``stored`` in its storage, once
    its table is idle."""
    def make(stored: dict[str, str], url: str):
        page = phone_contexts(WHEN, accept_downloads=True).new_page()
        page.add_init_script(seed_script(stored))
        page.goto(url)
        page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_TIMEOUT_MS)
        wait_idle(page)
        return page
    return make


def menu(page) -> None:
    page.click('header [data-ui="menu"]')
    page.wait_for_selector("#panel .stats", state="visible")


def stat(page, term: str) -> str:
    return page.locator("#panel .stats div").filter(has_text=term).locator("dd").inner_text()


def notice(page, start: str) -> str:
    line = page.locator("#panel-notices p, #notice p").filter(has_text=start)
    line.first.wait_for(state="attached", timeout=30_000)
    return line.first.inner_text()


def answer_import(page) -> str:
    page.wait_for_selector('body[data-overlay="import"]', state="attached", timeout=30_000)
    text = page.locator("#import-text").inner_text()
    page.locator("#import").get_by_role("button", name="Import", exact=True).click()
    page.wait_for_selector('body[data-overlay="import"]', state="detached", timeout=30_000)
    return text


def test_a_fresh_browser_imports_the_file_and_the_link_and_loses_nothing(phone, site_url,
                                                                         tmp_path: Path):
    old = phone(kept_here(), site_url)
    menu(old)
    assert stat(old, "Dailies played") == "2"
    with old.expect_download() as info:
        old.locator("#panel").get_by_role("button", name="Export to a file").click()
    download = info.value
    assert download.suggested_filename == "sheepshead-backup-2026-12-02.json"
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    assert json.loads(path.read_text())["format"] == "sheepshead-backup/1"
    old.clock.run_for(11_000)                   # the file's object URL is let go, quietly
    old.evaluate("navigator.clipboard.writeText('')")
    old.locator("#panel").get_by_role("button", name="Export as a link").click()
    old.wait_for_function("navigator.clipboard.readText().then(t => t !== '')")
    shared = old.evaluate("navigator.clipboard.readText()")
    assert shared.startswith("Sheepshead backup: 2 Daily results, 1 game in progress")
    link = shared.splitlines()[-1]
    assert link.startswith(site_url + "#backup=1.")

    new = phone({"sheepshead.settings": settings()}, site_url)
    menu(new)
    assert stat(new, "Dailies played") == "0"
    new.set_input_files('#panel input[data-backup="file"]', str(path))
    asked = answer_import(new)
    assert "holds 2 Daily results, 1 game in progress and your settings." in asked
    assert "New here: 2 Daily results." in asked
    assert notice(new, "Imported") == "Imported 2 Daily results, 1 game and your settings."
    assert stat(new, "Dailies played") == "2"
    new.locator('#panel [data-ui="resume"]').wait_for(state="visible")   # the New Game came
    stored = new.evaluate(f"localStorage.getItem({GAME_KEY!r})")
    assert json.loads(stored)["game"] == json.loads(kept_here()[GAME_KEY])["game"]
    book = new.evaluate(f"localStorage.getItem({RESULTS_KEY!r})")
    # The link opens in the same tab: it asks first, and everything here stays.
    new.evaluate("(h) => { location.hash = h; }", "#" + link.partition("#")[2])
    asked = answer_import(new)
    assert "New here: 0 Daily results." in asked
    assert notice(new, "Nothing new") == "Nothing new to import; 3 already here were kept."
    assert new.evaluate(f"localStorage.getItem({RESULTS_KEY!r})") == book
    assert "#backup=" not in new.evaluate("location.hash")          # not applied again
    assert old.log.errors() == [] and new.log.errors() == []
