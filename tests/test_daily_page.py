"""The Daily in the page (issue 10), in headless Chromium on a phone-sized screen.

Each test opens its own browser context (390×844, the player's clock in Chicago, so that
"today" is the local date and not the machine's UTC one) with Playwright's clock where dates
matter.  Dailies nearly played out are made with the engine in this process
(tests/daily_helpers.py: the same computer players, seeded as at the table) and put in
storage; the last cards of hand ten are always played in the page.  Every request must stay
on the test server, as with the ``page`` fixture.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from zoneinfo import ZoneInfo

import pytest
from conftest import CHICAGO as ZONE
from conftest import PAR_ON_JS, PHONE
from daily_helpers import daily_items, nearly_finished, played_table, seed_script
from playwright.sync_api import expect
from save_helpers import old_save
from table_helpers import BOOT_TIMEOUT_MS, SKIP_PRACTICE, body, hand_cards, play_out, wait_idle

from sheepshead.results import parse_result, result_fragment
from sheepshead.ui.storage.saves import daily_key

pytestmark = pytest.mark.browser

SMALL = {"width": 320, "height": 568}
DAY = dt.date(2026, 12, 1)
RESULTS_KEY = "sheepshead.daily.results"


def at(day: dt.date, hour: int, minute: int = 0) -> dt.datetime:
    return dt.datetime(day.year, day.month, day.day, hour, minute, tzinfo=ZoneInfo(ZONE))


@pytest.fixture
def phone(phone_contexts):
    """Phone contexts (conftest's ``phone_contexts``): ``phone(when=None, viewport=PHONE)``."""
    return phone_contexts


def boot(context, url: str, fragment: str = "", *, items: dict[str, str] | None = None):
    """A new page of ``context`` at ``url + fragment`` once its table is idle; ``items``
    go to localStorage first (once)."""
    page = context.new_page()
    if items:
        page.add_init_script(seed_script(items))
    page.goto(url + fragment)
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    wait_idle(page)
    return page


def stored(page, key: str):
    text = page.evaluate(f"localStorage.getItem({key!r})")
    return None if text is None else json.loads(text)


def results_screen(page):
    page.wait_for_selector('body[data-overlay="results"]', state="attached", timeout=30_000)
    return page.locator("#results")


def wait_par(page) -> str:
    page.wait_for_function("() => { const p = document.getElementById('par');"
                           " return p && !p.textContent.includes('Working'); }",
                           timeout=120_000)
    return page.locator("#par").inner_text()


def no_overflow(page) -> None:
    width = page.viewport_size["width"]
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    assert page.evaluate("(() => { const p = document.getElementById('panel');"
                         " return p.scrollWidth <= p.clientWidth; })()")


def stats(page) -> dict[str, str]:
    terms = page.locator("#panel dl.stats dt").all_inner_texts()
    values = page.locator("#panel dl.stats dd").all_inner_texts()
    return dict(zip(terms, values, strict=True))


# ------------------------------------------------------------------ saves
def test_a_new_game_in_the_middle_of_the_daily_leaves_it_where_it_was(phone, site_url):
    ctx = phone(at(DAY, 9))
    page = boot(ctx, site_url)                  # a first visit: the practice hand, skipped
    page.click(SKIP_PRACTICE)
    wait_idle(page)
    assert page.evaluate("location.hash") == "#daily=2026-12-01"
    assert "vs Expert" in page.locator("#info").inner_text()
    page.get_by_role("button", name="Pass", exact=True).click()
    wait_idle(page)
    before = {"cards": hand_cards(page), "seq": body(page, "seq"), "phase": body(page, "phase"),
              "info": page.locator("#info").inner_text()}
    daily = page.evaluate(f"localStorage.getItem('{daily_key(DAY)}')")
    assert json.loads(daily)["game"]["hands"][0][0] == "pass"
    page.click('header [data-ui="menu"]')
    page.locator("#panel").get_by_role("button", name="New Game", exact=True).click()
    wait_idle(page)
    assert page.evaluate("location.hash").startswith("#game=")
    assert "vs Standard" in page.locator("#info").inner_text()
    page.locator("#actions button").first.click()          # an action in the New Game
    wait_idle(page)
    assert stored(page, "sheepshead.game")["game"]["hands"][0]
    assert page.evaluate(f"localStorage.getItem('{daily_key(DAY)}')") == daily
    page.click('header [data-ui="menu"]')
    page.locator("#panel").get_by_role("button", name="Daily 2026-12-01").click()
    wait_idle(page)
    assert page.evaluate("location.hash") == "#daily=2026-12-01"
    assert {"cards": hand_cards(page), "seq": body(page, "seq"), "phase": body(page, "phase"),
            "info": page.locator("#info").inner_text()} == before
    # And after a reload with no link at all: the game open last, the Daily, as it was.
    page.goto(site_url)
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    wait_idle(page)
    assert hand_cards(page) == before["cards"] and body(page, "seq") == before["seq"]
    assert page.log.errors() == []


def test_new_game_asks_before_leaving_a_new_game_in_progress(phone, site_url):
    ctx = phone(at(DAY, 9))
    page = boot(ctx, site_url, "#game=00000000000000ab")
    menu_new = lambda: (page.click('header [data-ui="menu"]'),                 # noqa: E731
                        page.locator("#panel").get_by_role("button", name="New Game", exact=True).click())
    menu_new()                                             # nothing in progress: no question
    wait_idle(page)
    assert body(page, "overlay") == "" and page.evaluate("location.hash") != "#game=00000000000000ab"
    page.locator("#actions button").first.click()
    wait_idle(page)
    game, seq = page.evaluate("location.hash"), body(page, "seq")
    menu_new()
    dialog = page.get_by_role("alertdialog", name="Leave your New Game?")
    dialog.wait_for()
    assert "hand 1 of 10" in dialog.inner_text() and "cannot be resumed" in dialog.inner_text()
    dialog.get_by_role("button", name="Keep playing it").click()
    wait_idle(page)
    assert page.evaluate("location.hash") == game and body(page, "seq") == seq
    assert body(page, "overlay") == ""
    menu_new()
    dialog.wait_for()
    page.keyboard.press("Escape")                          # Escape keeps it too
    page.wait_for_selector('body[data-overlay=""]', state="attached")
    assert page.evaluate("location.hash") == game
    menu_new()
    dialog.get_by_role("button", name="Start a new game").click()
    wait_idle(page)
    assert page.evaluate("location.hash") not in (game, "") and body(page, "seq") == "0"
    assert page.log.errors() == []


def test_a_second_tab_of_the_same_game_is_noticed_and_overwrites_nothing(phone, site_url):
    ctx = phone(at(DAY, 9))
    one = boot(ctx, site_url, "#daily=2026-12-01")
    two = boot(ctx, site_url, "#daily=2026-12-01")
    one.get_by_role("button", name="Pass", exact=True).click()
    wait_idle(one)
    two.wait_for_selector('body[data-stale="1"]', state="attached", timeout=10_000)
    notice = two.locator("#notice")
    assert "This game went on in another tab — Reload" in " ".join(notice.inner_text().split())
    saved = two.evaluate(f"localStorage.getItem('{daily_key(DAY)}')")
    assert two.locator("#status").inner_text() == "Paused: this game went on in another tab."
    assert two.locator("#actions button").count() == 0      # no decision offered
    assert two.locator("#hand button.legal").count() == 0
    assert body(two, "seq") == "0"
    assert two.evaluate(f"localStorage.getItem('{daily_key(DAY)}')") == saved
    notice.get_by_role("button", name="Reload").click()
    wait_idle(two)
    assert body(two, "stale") == "0" and body(two, "seq") == body(one, "seq")
    assert hand_cards(two) == hand_cards(one)
    assert one.log.errors() == []


def test_the_previous_versions_saves_are_migrated_in_the_page(phone, site_url):
    from sheepshead.ui.storage.settings import Settings
    from sheepshead.ui.table.table import Table

    daily = Table("daily:2026-12-01", Settings(speed="instant", level="easy"))
    daily.act("pass")
    while daily.computer_turn:
        daily.step()
    other = Table("game:00000000000000cd", Settings(level="easy"))
    other.act("pass")
    ctx = phone(at(DAY, 9))
    page = boot(ctx, site_url, items={"sheepshead.save": old_save(daily),
                                      "sheepshead.save.previous": old_save(other)})
    assert page.evaluate("location.hash") == "#daily=2026-12-01"
    assert body(page, "seq") == str(daily.action_count())
    assert "vs Easy" in page.locator("#info").inner_text()    # the level it was played at
    keys = page.evaluate("Object.keys(localStorage)")
    assert "sheepshead.save" not in keys and "sheepshead.save.previous" not in keys
    assert stored(page, daily_key(DAY))["game"] == daily.game.to_json()
    assert stored(page, "sheepshead.game")["game"] == other.game.to_json()
    assert stored(page, "sheepshead.settings")["settings"]["speed"] == "instant"
    page.click('header [data-ui="menu"]')                 # the migrated New Game is in progress
    page.locator("#panel").get_by_role("button", name="New Game", exact=True).click()
    page.get_by_role("alertdialog").wait_for()
    assert page.log.errors() == []


def test_corrupt_and_foreign_storage_is_set_aside_and_never_stops_play(phone, site_url):
    ctx = phone(at(DAY, 9))
    items = {RESULTS_KEY: '{"format": "sheepshead-daily-results", "version": 1, "results": [',
             "sheepshead.settings": '{"format": "someone-else/3", "theme": "dark"}',
             "sheepshead.game": "[" * 5000 + "]" * 5000,          # would crash Pyodide's json
             daily_key(DAY): '{"format": "sheepshead-save/7", "revision": 1}'}
    page = boot(ctx, site_url, "#game=00000000000000ab", items=items)
    lines = page.locator("#notice p").all_inner_texts()
    assert len(lines) == 2, lines            # the New Game's save and the settings, read now
    assert all("could not be read" in x and "sheepshead.set-aside." in x for x in lines), lines
    page.get_by_role("button", name="Pass", exact=True).click()
    wait_idle(page)
    assert stored(page, "sheepshead.game")["game"]["hands"][0][0] == "pass"
    page.click('header [data-ui="menu"]')
    page.locator("#panel").get_by_role("button", name="Daily 2026-12-01").click()
    wait_idle(page)
    assert body(page, "daily") == "2026-12-01" and body(page, "seq") == "0"
    text = page.locator("#notice").inner_text()
    assert "newer than this version reads" in text and "The Daily results could not be read" in text
    kept = {k: stored(page, k) for k in page.evaluate("Object.keys(localStorage)")
            if k.startswith("sheepshead.set-aside.")}
    assert sorted(v["from"] for v in kept.values()) == sorted(items), kept
    assert all(v["text"] == items[v["from"]] for v in kept.values())
    assert page.log.errors() == []


# -------------------------------------------------------------- the Daily
def test_the_daily_locks_after_hand_ten_and_practice_never_changes_it(phone, site_url):
    ctx = phone(at(DAY, 16, 48))
    ctx.add_init_script(PAR_ON_JS)                          # this test waits for the par
    page = boot(ctx, site_url, items=daily_items(DAY, cards_left=2))
    assert body(page, "hand") == "10" and len(hand_cards(page)) == 2
    play_out(page)                                          # the last cards, in the page
    screen = results_screen(page)
    game = stored(page, daily_key(DAY))
    book = stored(page, RESULTS_KEY)["results"]["2026-12-01"]
    totals = book["totals"]
    assert len(game["game"]["hands"]) == 10 and game["practice"] is False
    headline = screen.locator(".headline").inner_text()
    assert headline.startswith("You finished") and f"{totals[0]:+d}" in headline
    assert re.search(r"(1st|2nd|3rd|4th|5th) of 5", headline)
    assert "Next Daily in 7 h 12 min" in screen.inner_text()
    sheet = [int(x) for x in screen.locator("table.sheet tfoot td").all_inner_texts()]
    assert sheet == totals
    assert screen.locator(".standings li").count() == 5
    par = wait_par(page)
    assert re.fullmatch(rf"You {totals[0]:+d} · Expert in your seat [+-]?\d+\s*\S.*", par), par
    assert stored(page, RESULTS_KEY)["results"]["2026-12-01"]["par"] is not None
    assert stats(page)["Dailies played"] == "1"
    locked = page.evaluate(f"localStorage.getItem('{RESULTS_KEY}')")
    # Practice: clearly marked, and it changes nothing.
    screen.get_by_role("button", name="Practice this Daily").click()
    wait_idle(page)
    assert body(page, "practice") == "1" and body(page, "hand") == "1"
    assert page.locator("#chips .chip.practice").inner_text() == "Practice — your result is locked"
    assert "practice" in page.locator("#info").inner_text()
    page.get_by_role("button", name="Pass", exact=True).click()
    wait_idle(page)
    assert stored(page, daily_key(DAY))["practice"] is True
    # A practice played to its end: the results screen says so, the book stays.
    practice = json.loads(nearly_finished(DAY, 1))
    practice["practice"] = True
    page.evaluate(f"localStorage.setItem('{daily_key(DAY)}', {json.dumps(json.dumps(practice))})")
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    wait_idle(page)
    assert body(page, "practice") == "1" and body(page, "hand") == "10"
    play_out(page)
    screen = results_screen(page)
    assert "Practice — your result is locked" in screen.inner_text()
    assert "This practice:" in screen.inner_text()
    assert page.evaluate(f"localStorage.getItem('{RESULTS_KEY}')") == locked
    assert page.log.errors() == []


def test_a_shared_result_opens_in_a_fresh_browser_checked_behind_the_spoiler_guard(
        phone, site_url):
    ctx = phone(at(DAY, 16, 48))
    page = boot(ctx, site_url, items=daily_items(DAY, cards_left=1))
    page.click('header [data-ui="menu"]')
    page.fill('input[data-setting="name"]', "<b>Bev</b> & co")
    page.press('input[data-setting="name"]', "Enter")
    page.click('#panel [data-ui="close"]')
    play_out(page)
    screen = results_screen(page)
    totals = [int(x) for x in screen.locator("table.sheet tfoot td").all_inner_texts()]
    screen.get_by_role("button", name="Share result").click()
    page.wait_for_selector(".notice.shown:visible")        # above the results screen
    text = page.evaluate("navigator.clipboard.readText()")
    head, emoji, url = text.splitlines()
    assert head.startswith(f"Sheepshead Daily 2026-12-01: {totals[0]:+d} (")
    assert len(emoji) == 10 and not any(w in text for w in ("Queen", "Jack", "Ace", "♣"))
    assert url.startswith(site_url + "#daily=2026-12-01&result=1.")
    assert parse_result(url).by == "<b>Bev</b> & co"
    # A fresh browser: no Daily played there, so the spoiler guard first.
    other = boot(phone(at(DAY, 18)), url)
    guard = other.locator("#panel .dialog")
    assert body(other, "overlay") == "guard"
    assert "which you have not played yet" in guard.inner_text()
    assert "<b>Bev</b> & co" in guard.inner_text()             # plain text, never markup
    assert other.locator("#panel b").count() == 0
    guard.get_by_role("button", name="Show the result anyway").click()
    other.wait_for_selector('body[data-overlay="viewer"]', state="attached")
    viewer = other.locator("#viewer")
    assert [int(x) for x in viewer.locator("table.viewer-sheet tfoot td").all_inner_texts()] \
        == totals
    other.wait_for_selector('body[data-check="ok"]', state="attached", timeout=120_000)
    assert viewer.locator("#viewer-check").inner_text() == (
        "Checked: every card and every computer move")
    viewer.locator('[data-ui="viewer-hand:10"]').click()
    assert "Trick 1 of" in viewer.inner_text()
    assert other.evaluate("document.activeElement.id") == "viewer-hand-title"   # focus follows
    viewer.get_by_role("button", name="Next trick").click()
    assert "Trick 2 of" in viewer.inner_text()
    assert other.evaluate("document.activeElement.textContent") == "Next trick"
    # Back where it was finished: no guard, your own result beside the sender's.
    page.goto(url)
    page.wait_for_selector('body[data-overlay="viewer"]', state="attached",
                           timeout=BOOT_TIMEOUT_MS)
    assert page.locator(".viewer-compare").inner_text().startswith(f"You {totals[0]:+d}")
    page.locator("#viewer").get_by_role("button", name="Close").click()
    page.wait_for_selector('body[data-overlay="results"], body[data-overlay=""]',
                           state="attached")
    assert page.evaluate("location.hash") == "#daily=2026-12-01"
    assert page.log.errors() == [] and other.log.errors() == []


def test_the_spoiler_guard_works_both_ways(phone, site_url):
    day = dt.date(2026, 11, 28)
    finished = played_table(day, "easy")
    link = result_fragment(finished.game, "Ann", "easy")
    ctx = phone(at(DAY, 12))
    page = boot(ctx, site_url, link)
    assert body(page, "overlay") == "guard"
    assert "Ann's result" in page.locator("#panel").inner_text()
    page.get_by_role("button", name="Play it first").click()
    wait_idle(page)
    assert body(page, "overlay") == "" and page.evaluate("location.hash") == "#daily=2026-11-28"
    assert body(page, "practice") == "0" and body(page, "seq") == "0"   # scored: never played
    page.goto(site_url + link)
    page.wait_for_selector('body[data-overlay="guard"]', state="attached",
                           timeout=BOOT_TIMEOUT_MS)
    page.get_by_role("button", name="Show the result anyway").click()
    page.wait_for_selector('body[data-overlay="viewer"]', state="attached")
    assert page.locator(".viewer-compare").count() == 0        # nothing of yours to compare
    # Once that date is finished here, the link opens straight on the result.
    page.evaluate(f"localStorage.setItem('{daily_key(day)}', "
                  f"{json.dumps(nearly_finished(day, 0, 'easy'))})")
    page.goto(site_url + "#daily=2026-11-28")
    page.reload()                                           # read from storage afresh
    results_screen(page)
    page.goto(site_url + link)
    page.wait_for_selector('body[data-overlay="viewer"]', state="attached",
                           timeout=BOOT_TIMEOUT_MS)
    assert "Ann" in page.locator(".viewer-compare").inner_text()
    page.wait_for_selector('body[data-check="ok"]', state="attached", timeout=60_000)
    assert page.log.errors() == []


def test_a_bad_result_link_says_so_in_one_line_and_opens_todays_daily(phone, site_url):
    good = result_fragment(played_table(dt.date(2026, 11, 28), "easy").game, level="easy")
    actions = good.split("result=1.")[1].split("&")[0]
    bad = {"tampered": good.replace(actions, actions[:40] + ("A" if actions[40] != "A" else "B")
                                    + actions[41:]),
           "truncated": good[:len(good) // 2],
           "future version": good.replace("result=1.", "result=2."),
           "markup name": good + "&by=" + "%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
           "10 kB name": good + "&by=" + "x" * 10_000,
           "garbage": "#daily=2026-11-28&result=<script>alert(1)</script>"}
    ctx = phone(at(DAY, 12))
    keep = boot(ctx, site_url, "#game=00000000000000ab")      # a game in progress, saved
    keep.locator("#actions button").first.click()
    wait_idle(keep)
    saved = keep.evaluate("localStorage.getItem('sheepshead.game')")
    keep.close()
    page = None
    for how, link in bad.items():
        if page is None:                                     # opened from outside: a load
            page = boot(ctx, site_url, link)
        else:                                                # then followed in the page
            page.locator('#notice [data-ui="dismiss"]').click()
            page.wait_for_selector("#notice p", state="detached")   # the OK has been heard
            page.evaluate(f"location.hash = {link!r}")
            page.wait_for_selector("#notice.shown", timeout=10_000)
            wait_idle(page)
        notice = page.locator("#notice p")
        assert notice.count() == 1, (how, notice.all_inner_texts())
        line = notice.inner_text()
        assert line.startswith("This result link cannot be read: "), (how, line)
        assert "today's Daily" in line and "\n" not in line and len(line) < 320, (how, line)
        assert page.evaluate("location.hash") == "#daily=2026-12-01", how
        assert body(page, "daily") == "2026-12-01" and body(page, "overlay") == "", how
        assert len(hand_cards(page)) == 6
        assert page.evaluate("localStorage.getItem('sheepshead.game')") == saved, how
        assert page.locator("#notice img, #notice script").count() == 0
    assert page.log.errors() == []


# -------------------------------------------------- streaks and the clock
def test_streaks_hold_over_several_simulated_dates(phone, site_url):
    ctx = phone()
    days = [dt.date(2026, 11, 28), dt.date(2026, 11, 29), dt.date(2026, 12, 1)]
    expected = [("1 day", "1 day"), ("2 days", "2 days"), ("1 day", "2 days")]
    items: dict[str, str] = {}
    for day in days:                  # each date's Daily waits for its date, nearly played
        items.update(daily_items(day, cards_left=1))
    page = ctx.new_page()
    page.add_init_script(seed_script(items))
    for day, (current, best) in zip(days, expected, strict=True):
        ctx.clock.set_fixed_time(at(day, 21, 30))
        page.goto(site_url)
        page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_TIMEOUT_MS)
        wait_idle(page)
        assert page.evaluate("location.hash") == f"#daily={day}"   # the local date
        play_out(page)
        results_screen(page)
        got = stats(page)
        assert (got["Current streak"], got["Best streak"]) == (current, best), got
    assert got["Dailies played"] == "3"
    book = stored(page, RESULTS_KEY)["results"]
    assert sorted(book) == [str(d) for d in days]
    assert all(book[str(d)]["finished"].startswith(str(d)) for d in days)
    page.locator("#results").get_by_role("button", name="Close").click()
    page.click('header [data-ui="menu"]')                 # the same statistics in the menu
    assert stats(page)["Current streak"] == "1 day" and stats(page)["Best streak"] == "2 days"
    # The next morning, yesterday's streak is still alive until today is over.
    ctx.clock.set_fixed_time(at(dt.date(2026, 12, 2), 8))
    page.goto(site_url)
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("location.hash") == "#daily=2026-12-02"
    page.click('header [data-ui="menu"]')
    assert stats(page)["Current streak"] == "1 day"
    assert page.log.errors() == []


def test_the_countdown_to_the_next_daily_counts_down(phone, site_url):
    ctx = phone(at(DAY, 16, 48))
    page = boot(ctx, site_url, items=daily_items(DAY, cards_left=0))
    screen = results_screen(page)                            # finished: shown at once
    countdown = screen.locator("#countdown")
    assert countdown.inner_text().startswith("Next Daily in 7 h 1")   # 16:48 and a boot
    # From here the page's time stands still (a loaded machine may take minutes to boot,
    # and the clock installed at 16:48 runs meanwhile) and moves only when the test says.
    ctx.clock.pause_at(at(DAY, 16, 58))
    ctx.clock.fast_forward("00:10")                          # a tick at 16:58:10
    expect(countdown).to_have_text("Next Daily in 7 h 2 min", timeout=20_000)   # rounded up
    ctx.clock.fast_forward("07:00:50")                       # 23:59:00
    expect(countdown).to_have_text("Next Daily in 1 min", timeout=20_000)
    assert page.log.errors() == []


# ------------------------------------------------------------- small screens
def test_the_daily_screens_fit_a_phone(phone, site_url):
    """Each screen at 390×844 and at 320×568, in one page (resized between the checks)."""
    ctx = phone(at(DAY, 16, 48))
    page = boot(ctx, site_url, items=daily_items(DAY, cards_left=1))

    def fits() -> None:
        for viewport in (SMALL, PHONE):
            page.set_viewport_size(viewport)
            no_overflow(page)

    play_out(page)
    results_screen(page)
    fits()
    page.locator("#results").get_by_role("button", name="Practice this Daily").click()
    wait_idle(page)
    fits()
    assert page.locator("#chips .chip.practice").is_visible()
    link = result_fragment(played_table(dt.date(2026, 11, 28), "easy").game, "Bartholomew-Wolfgang",
                           "easy")
    page.goto(site_url + link)
    page.wait_for_selector('body[data-overlay="guard"]', state="attached",
                           timeout=BOOT_TIMEOUT_MS)
    fits()
    page.get_by_role("button", name="Show the result anyway").click()
    page.wait_for_selector('body[data-overlay="viewer"]', state="attached")
    fits()
    page.locator('[data-ui="viewer-hand:1"]').click()
    fits()
    assert page.log.errors() == []
