"""Moving to another browser (issue 24) in headless Chromium at phone size: one browser
exports its Daily results and its New Game in progress as a file and as a link; a fresh
browser imports the file (``set_input_files``), sees the statistics, then opens the link,
which asks first and keeps everything already there.  A planted backup link (issue 36,
item 3) brings only the results whose every computer move checks, and the question says
what it refuses and why.  One page boot each."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from backup_helpers import EXPERT_DAILIES
from conftest import CHICAGO as ZONE
from daily_helpers import play, seed_script
from table_helpers import BOOT_TIMEOUT_MS, wait_idle
from test_backup import export, planted

from sheepshead import Game
from sheepshead.results import parse_result
from sheepshead.ui.backup.backup import backup_link
from sheepshead.ui.daily.daily import DailyResults
from sheepshead.ui.storage.saves import GAME_KEY, RESULTS_KEY, GameSave, MemoryStorage, SaveStore

pytestmark = pytest.mark.browser

WHEN = dt.datetime(2026, 12, 2, 12, 0, tzinfo=ZoneInfo(ZONE))
DAYS = (dt.date(2026, 11, 20), dt.date(2026, 11, 21))
SEED = "game:00000000000000c5"


def settings(**values: object) -> str:
    return json.dumps({"format": "sheepshead-settings/1",
                       "settings": {"speed": "instant", "tutorial_offered": True, **values}})


def kept_here() -> dict[str, str]:
    """Two locked Daily results (the Expert's games: their computer moves check) and a New
    Game 20 actions in."""
    storage = MemoryStorage()
    for day in DAYS:
        DailyResults(storage).record(parse_result(EXPERT_DAILIES[day]).game(), hints=False,
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
    """The question's text, once every result is checked (each Daily result's computer moves
    are replayed: seconds each), then Import."""
    page.wait_for_selector("#import-title", state="attached", timeout=30_000)
    page.wait_for_function("document.querySelector('#import-title')?.textContent"
                           " === 'Import this backup?'", timeout=180_000)
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
    assert "Daily results: 2 new." in asked
    assert notice(new, "Imported") == "Imported 2 Daily results, 1 game and your settings."
    assert stat(new, "Dailies played") == "2"
    new.locator('#panel [data-ui="resume"]').wait_for(state="visible")   # the New Game came
    stored = new.evaluate(f"localStorage.getItem({GAME_KEY!r})")
    assert json.loads(stored)["game"] == json.loads(kept_here()[GAME_KEY])["game"]
    book = new.evaluate(f"localStorage.getItem({RESULTS_KEY!r})")
    # The link opens in the same tab: it asks first, and everything here stays.
    new.evaluate("(h) => { location.hash = h; }", "#" + link.partition("#")[2])
    asked = answer_import(new)
    assert "Daily results: none new, 2 already here." in asked
    assert notice(new, "Nothing new") == "Nothing new to import; 3 already here were kept."
    assert new.evaluate(f"localStorage.getItem({RESULTS_KEY!r})") == book
    assert "#backup=" not in new.evaluate("location.hash")          # not applied again
    assert old.log.errors() == [] and new.log.errors() == []


def test_a_planted_backup_link_brings_only_what_checks_and_says_why(phone, site_url):
    link, carried = backup_link(export(planted()), site_url)   # today, tomorrow, +30 forged
    assert len(carried.results) == 5 and not carried.partial
    page = phone({"sheepshead.settings": settings()}, site_url)
    page.evaluate("(h) => { location.hash = h; }", "#" + link.partition("#")[2])
    asked = answer_import(page)
    assert "holds 5 Daily results and your settings." in asked
    assert ("Daily results: 2 new, 3 refused (2 for a date still to come, 1 whose computer "
            "moves do not check).") in asked
    assert notice(page, "Imported") == ("Imported 2 Daily results; 3 entries were refused or "
                                        "could not be read.")
    book = json.loads(page.evaluate(f"localStorage.getItem({RESULTS_KEY!r})"))
    assert sorted(book["results"]) == ["2026-11-01", "2026-11-02"]
    assert all(r["par"] is None for r in book["results"].values())      # never -999
    menu(page)
    assert stat(page, "Dailies played") == "2"
    page.evaluate("location.hash = '#daily=2026-12-02'")                # today's: yours
    page.wait_for_function("document.querySelector('.game .date')?.textContent"
                           " === '2026-12-02'", timeout=30_000)
    wait_idle(page)
    assert page.locator(".practice-tag, .chip.practice").count() == 0
    assert page.log.errors() == []


def test_a_second_tab_writing_a_book_without_this_tabs_import_gets_it_back(phone, site_url):
    """Issue 36, item 4, in the browser: tab B imports a Daily result; then tab A writes the
    results book from a copy made before B's import reached it (here written by hand: the
    race itself cannot be timed from a test, tests/test_two_tabs.py runs every order of it).
    B's page gets the ``storage`` event and writes its result back: nothing is lost."""
    theirs = MemoryStorage()
    DailyResults(theirs).record(parse_result(EXPERT_DAILIES[DAYS[0]]).game(), hints=False,
                                now=dt.datetime(2026, 11, 22, 9))
    link, _ = backup_link(export(theirs), site_url)
    b = phone({"sheepshead.settings": settings()}, site_url)
    a = b.context.new_page()
    a.goto(site_url + "static/rules.html")                       # a second tab of the site
    b.evaluate("(h) => { location.hash = h; }", "#" + link.partition("#")[2])
    answer_import(b)
    key = RESULTS_KEY
    book = json.loads(b.evaluate(f"localStorage.getItem({key!r})"))
    assert sorted(book["results"]) == [DAYS[0].isoformat()]
    # Tab A's stale write: a book with a result of its own and without B's.
    stale = MemoryStorage()
    DailyResults(stale).record(parse_result(EXPERT_DAILIES[DAYS[1]]).game(), hints=False,
                               now=dt.datetime(2026, 11, 22, 9))
    a.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, stale.items[key]])
    b.wait_for_function(f"Object.keys(JSON.parse(localStorage.getItem({key!r})).results)"
                        ".length === 2", timeout=30_000)
    for tab in (a, b):
        book = json.loads(tab.evaluate(f"localStorage.getItem({key!r})"))
        assert sorted(book["results"]) == sorted(d.isoformat() for d in DAYS)
    assert b.log.errors() == []


READ_TEXTS = """() => {
  const text = Blob.prototype.text;
  window.__read = [];
  Blob.prototype.text = async function () {
    const s = await text.call(this);
    window.__read.push(s.length);
    return s;
  };
}"""
"""Records the length of every text the page reads from a Blob (a file, or a slice of it)."""


def test_a_big_file_is_handed_to_python_in_slices(phone, site_url, tmp_path):
    """Issue 36, item 5: a file chosen for Import reaches Python 256 KiB at a time
    (static/browser.py, ``read_file``), never as one string of megabytes (one main-thread
    task of hundreds of ms on a slow phone).  Issue 36's 4 MB of small objects is still
    refused by its count of values, and a character that a slice cuts in two still makes
    the file "not plain ASCII"."""
    from test_backup import SMALL_OBJECTS
    page = phone({"sheepshead.settings": settings()}, site_url)
    page.evaluate(READ_TEXTS)
    menu(page)
    (tmp_path / "small.json").write_text(SMALL_OBJECTS)
    page.set_input_files('#panel input[data-backup="file"]', str(tmp_path / "small.json"))
    assert notice(page, "“small.json”") == ("“small.json” cannot be imported: backup: more "
                                           "than 100,000 values (far more than a real one "
                                           "holds).")
    read = page.evaluate("window.__read")
    assert sum(read) == len(SMALL_OBJECTS) and max(read) == 262_144
    assert len(read) == -(-len(SMALL_OBJECTS) // 262_144)
    split = " " * (262_144 - 2) + '"\u00e9"'                 # é's two bytes: one a slice
    (tmp_path / "split.json").write_text(split, encoding="utf-8")
    page.set_input_files('#panel input[data-backup="file"]', str(tmp_path / "split.json"))
    assert notice(page, "“split.json”") == ("“split.json” cannot be imported: backup: not "
                                           "plain ASCII text (a backup file is).")
    assert page.log.errors() == []
