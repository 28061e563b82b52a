"""Nothing lost: the table saves after every action and resumes exactly; bad saved data,
denied storage and bad links never stop play.  Saves are per game (``sheepshead.game``,
``sheepshead.daily.<date>``, docs/daily.md); a save of the previous version
(``sheepshead.save``) is migrated on the first load."""

from __future__ import annotations

import json

import pytest
from save_helpers import old_save
from table_helpers import READY, body, click_action, find_deal, hand_cards, open_table, wait_idle

pytestmark = pytest.mark.browser

OLD_KEY = "sheepshead.save"
GAME_KEY = "sheepshead.game"


def snapshot(page) -> dict:
    return {
        "seq": body(page, "seq"),
        "phase": body(page, "phase"),
        "turn": body(page, "turn"),
        "hand": hand_cards(page),
        "trick": page.eval_on_selector_all(
            "#center .trick button", "els => els.map(e => e.getAttribute('aria-label'))"),
        "seats": page.eval_on_selector_all(".seat .seat-meta", "els => els.map(e => e.textContent)"),
        "chips": page.eval_on_selector_all("#chips .chip", "els => els.map(e => e.textContent)"),
    }


def test_reload_mid_hand_resumes_the_same_position(page, site_url):
    seed, bury, call = find_deal("ace")
    open_table(page, site_url, "#game=" + seed[5:])
    click_action(page, "Pick up")
    for card in bury.cards:
        page.click(f'#hand button[data-card="{card}"]')
    click_action(page, "Bury these two")
    click_action(page, f"Call {call.card.name}")
    page.click("#hand button.legal")
    wait_idle(page)
    if body(page, "phase") == "play":
        page.click("#hand button.legal")
        wait_idle(page)
    before = snapshot(page)
    saved = json.loads(page.evaluate(f"localStorage.getItem('{GAME_KEY}')"))
    assert saved["format"] == "sheepshead-save/1" and saved["level"] == "standard"
    settings = json.loads(page.evaluate("localStorage.getItem('sheepshead.settings')"))
    assert settings["settings"]["speed"] == "instant"
    assert saved["game"]["seed"] == seed
    assert len(saved["game"]["hands"][0]) == int(before["seq"])
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    wait_idle(page)
    assert snapshot(page) == before
    # No hash at all: the saved game still comes back.
    page.goto(site_url)
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    wait_idle(page)
    assert snapshot(page) == before
    assert page.evaluate("location.hash") == "#game=" + seed[5:]
    assert page.log.errors() == []


def test_corrupted_storage_is_set_aside_with_a_notice(page, site_url):
    page.add_init_script(
        f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');"
        f" localStorage.setItem('{OLD_KEY}', '{{\"format\": \"sheepshead-table/1\", \"version\": 1,"
        f" \"game\": {{\"format\": \"sheepshead-game/1\", \"seed\": \"daily:2026-11-30\","
        f" \"hands\": [[\"play QC\"]]}}}}'); }}")
    open_table(page, site_url, "#daily=2026-11-30", speed=None)
    notice = page.locator("#notice")
    assert notice.is_visible()
    assert "could not be read" in notice.inner_text()
    keys = page.evaluate("Object.keys(localStorage)")
    aside = [k for k in keys if k.startswith("sheepshead.set-aside.")]
    assert aside == ["sheepshead.set-aside.1"] and OLD_KEY not in keys
    kept = json.loads(page.evaluate(f"localStorage.getItem({aside[0]!r})"))
    assert kept["from"] == OLD_KEY and "play QC" in kept["text"]
    assert "set-aside.1" in notice.inner_text()
    # The table is playable, and the game is saved under its date's key.
    assert body(page, "turn") == "you"
    click_action(page, "Pass")
    saved = json.loads(page.evaluate("localStorage.getItem('sheepshead.daily.2026-11-30')"))
    assert saved["game"]["hands"][0][0] == "pass" and saved["level"] == "expert"
    # Then the storage fills up: play goes on, with a quiet notice.
    page.click('#notice [data-ui="dismiss"]')
    page.evaluate("() => { Storage.prototype.setItem = function () {"
                  " throw new DOMException('full', 'QuotaExceededError'); }; }")
    wait_idle(page)
    page.click('header [data-ui="menu"]')
    page.select_option('select[data-setting="speed"]', "fast")     # any save will do
    assert "not keeping the game" in page.locator("#notice").inner_text()
    assert page.log.errors() == []


def test_denied_storage_still_plays(page, site_url):
    page.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() {"
        " throw new DOMException('The operation is insecure.', 'SecurityError'); }});")
    open_table(page, site_url, "#daily=2026-11-30")
    assert "not keeping the game" in page.locator("#notice").inner_text()
    click_action(page, "Pass")
    assert int(body(page, "seq")) >= 1
    assert page.log.errors() == []


def test_a_bad_link_opens_todays_daily_with_a_message_and_share_copies_a_line(page, site_url):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.add_init_script("delete Navigator.prototype.share;")
    open_table(page, site_url, "#daily=2026-13-45", speed=None)
    assert "names no game" in page.locator("#notice").inner_text()
    today = page.evaluate(
        "(() => { const d = new Date(); return d.getFullYear() + '-' +"
        " String(d.getMonth() + 1).padStart(2, '0') + '-' + String(d.getDate()).padStart(2, '0'); })()")
    assert page.evaluate("location.hash") == f"#daily={today}"
    assert today in page.locator("#info").inner_text()
    assert len(hand_cards(page)) == 6
    # Share: a spoiler-free line with the date, the result so far and the link.
    page.click('#notice [data-ui="dismiss"]')
    page.click('header [data-ui="menu"]')
    page.locator("#panel").get_by_role("button", name="Share").click()
    page.wait_for_selector(".notice.shown:visible")        # above the open menu
    line = page.evaluate("navigator.clipboard.readText()")
    assert line.startswith(f"Sheepshead Daily {today}: ")
    assert line.endswith(f"#daily={today}")
    assert not any(w in line for w in ("Queen", "Jack", "Ace", "♣", "♠", "♥", "♦"))
    assert page.log.errors() == []


def test_an_old_save_is_migrated_and_resumes_in_its_last_hand_to_the_winner(page, site_url):
    from sheepshead import Game
    from sheepshead.position import Phase
    from sheepshead.ui.storage.settings import Settings
    from sheepshead.ui.table.table import Table

    seed = "game:00000000000000ab"
    table = Table(seed, Settings(speed="instant"))
    while True:                                   # nine hands, then hand 10 up to your turn
        while not table.hand.is_over and not (table.game.hand_number == 10 and table.human_turn
                                              and table.hand.phase is Phase.PLAY):
            if table.human_turn:
                table.act(table.seat_view().legal[0])
            else:
                table.step()
        if not table.hand.is_over:
            break
        table.next_hand()
    text = json.dumps(old_save(table))               # the previous version's format
    page.add_init_script(
        f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');"
        f" localStorage.setItem('{OLD_KEY}', {text}); }}")
    open_table(page, site_url, speed=None)        # no link: the migrated game is the last open
    assert page.evaluate("location.hash") == "#game=" + seed[5:]
    assert body(page, "hand") == "10" and body(page, "turn") == "you"
    assert page.locator("#notice").inner_text() == ""             # nothing to say: all moved
    keys = page.evaluate("Object.keys(localStorage)")
    assert OLD_KEY not in keys and GAME_KEY in keys
    migrated = json.loads(page.evaluate(f"localStorage.getItem('{GAME_KEY}')"))
    assert migrated["game"] == table.game.to_json() and migrated["level"] == "standard"
    settings = json.loads(page.evaluate("localStorage.getItem('sheepshead.settings')"))
    assert settings["settings"]["speed"] == "instant"
    assert "Hand 10 of 10" in page.locator("#info").inner_text()
    from table_helpers import play_out
    play_out(page)
    panel = page.locator("#panel")
    assert panel.locator("h2").inner_text() == "Game over"
    final = Game.from_json(json.loads(page.evaluate(f"localStorage.getItem('{GAME_KEY}')"))["game"])
    assert final.is_over
    totals = [int(x) for x in panel.locator(".sheet tfoot td").all_inner_texts()]
    assert totals == list(final.totals()) and sum(totals) == 0
    assert len(panel.locator("table.sheet").nth(1).locator("tbody tr").all()) == 10
    names = ("You", "Gus", "Bev", "Lars", "Dottie")
    winner = panel.locator(".winner").inner_text()
    assert all(names[w] in winner for w in final.winners())
    assert panel.get_by_role("button", name="New Game", exact=True).is_visible()
    assert page.log.errors() == []
