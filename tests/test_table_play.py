"""The card table in headless Chromium: whole hands by tapping, through every phase.

Seeded deals are chosen with the engine in this process (tests/table_helpers.py) so
that seat 0, who speaks first in hand 1, can pick, bury and make each kind of call.
The computer players' choices are never assumed; only the engine's rules are.
"""

from __future__ import annotations

import re

import pytest
from table_helpers import body, click_action, find_deal, hand_cards, open_table, play_out, wait_idle

from sheepshead import HandState
from sheepshead.cards import display_order

pytestmark = pytest.mark.browser


def pick_and_bury(page, bury) -> None:
    click_action(page, "Pick up")
    assert body(page, "phase") == "bury"
    assert len(hand_cards(page)) == 8
    bury_button = page.get_by_role("button", name="Bury these two", exact=True)
    assert bury_button.is_disabled()
    for card in bury.cards:
        page.click(f'#hand button[data-card="{card}"]')
        assert page.get_attribute(f'#hand button[data-card="{card}"]', "aria-pressed") == "true"
    bury_button.click()
    wait_idle(page)
    assert body(page, "phase") == "call"
    assert sorted(hand_cards(page)) == sorted(
        c for c in hand_cards(page) if c not in {str(x) for x in bury.cards})


def check_summary(page, picker: str = "You") -> None:
    panel = page.locator("#panel")
    panel.wait_for(state="visible")
    text = panel.inner_text()
    assert "Hand 1 of 10" in text
    assert re.search(rf"Picker\s*▲ {picker}", text), text
    side = re.search(r"Picker's side (\d+) · Defenders (\d+)", text)
    assert side and int(side[1]) + int(side[2]) == 120, text
    assert panel.locator(".cardrow.bury button.card").count() == 2   # the bury, revealed
    changes = [int(x) for x in panel.locator("tbody tr td:nth-child(4)").all_inner_texts()]
    assert len(changes) == 5 and sum(changes) == 0


def test_hand_with_bury_and_an_ace_call(page, site_url):
    seed, bury, call = find_deal("ace")
    open_table(page, site_url, "#game=" + seed[5:])
    assert body(page, "turn") == "you" and body(page, "phase") == "pick"
    pick_and_bury(page, bury)
    click_action(page, f"Call {call.card.name}")
    assert page.locator("#chips .chip.called").inner_text() == f"☎ Called {call.card.name}"
    assert "Picker" in page.locator("#mine").inner_text()
    play_out(page)
    check_summary(page)
    # The called card stays marked; once played, the partner is named in the summary.
    page.locator("#panel").get_by_role("button", name="Next hand").click()
    wait_idle(page)
    assert body(page, "hand") == "2"
    assert page.locator("#info").inner_text().replace("\n", " ").endswith(
        "Hand 2 of 10 · vs Standard")
    assert page.log.errors() == []


def test_hand_with_a_ten_call(page, site_url):
    seed, bury, call = find_deal("ten")
    open_table(page, site_url, "#game=" + seed[5:])
    pick_and_bury(page, bury)
    click_action(page, f"Call {call.card.name}")
    assert "Called Ten of" in page.locator("#chips .chip.called").inner_text()
    if body(page, "turn") == "you" and body(page, "phase") == "play":
        # Legal cards highlighted, the others disabled; a double tap plays one card once.
        legal = page.locator("#hand button.legal")
        unavailable = page.locator("#hand button.unavailable")
        assert legal.count() >= 1
        assert legal.count() + unavailable.count() == len(hand_cards(page)) == 6
        assert all(unavailable.nth(i).is_disabled() for i in range(unavailable.count()))
        for i in range(unavailable.count()):      # solid and dimmed, never see-through
            look = unavailable.nth(i).evaluate(
                "e => [getComputedStyle(e).opacity, getComputedStyle(e).filter]")
            assert look[0] == "1" and "brightness" in look[1], look
        legal.first.dblclick()
        wait_idle(page)
        assert len(hand_cards(page)) == 5
    play_out(page)
    check_summary(page)
    assert page.log.errors() == []


def test_hand_with_an_unknown_card(page, site_url):
    seed, bury, call = find_deal("unknown")
    open_table(page, site_url, "#game=" + seed[5:])
    pick_and_bury(page, bury)
    click_action(page, f"Call {call.card.name}")     # then tap the card to set aside
    assert body(page, "phase") == "call"
    assert "set aside" in page.locator("#status").inner_text()
    unknown = str(call.unknown)
    page.click(f'#hand button[data-card="{unknown}"]')
    wait_idle(page)
    assert body(page, "phase") in ("play", "over")
    assert "(unknown card)" in page.locator("#chips .chip.called").inner_text()
    label = page.get_attribute(f'#hand button[data-card="{unknown}"]', "aria-label")
    assert "unknown card" in label
    play_out(page)
    check_summary(page)
    assert page.log.errors() == []


def test_hand_going_alone_and_passing(page, site_url):
    seed, bury, _ = find_deal("ace")
    open_table(page, site_url, "#game=" + seed[5:])
    pick_and_bury(page, bury)
    click_action(page, "Go alone")
    assert "alone" in page.locator("#chips .chip.called").inner_text()
    assert "Picker alone" in page.locator("#mine").inner_text()
    play_out(page)
    check_summary(page)
    assert "the picker went alone" in page.locator("#panel").inner_text()
    # Hand 2: seat 0 speaks second; when asked, pass; play whatever follows to the end.
    page.locator("#panel").get_by_role("button", name="Next hand").click()
    for _ in range(80):
        wait_idle(page)
        phase, turn = body(page, "phase"), body(page, "turn")
        if phase == "over":
            break
        assert turn == "you"
        if phase == "pick":
            click_action(page, "Pass")
        elif phase == "play":
            page.click("#hand button.legal")
        else:
            pytest.fail(f"you passed, yet it is your turn to {phase}")
    assert body(page, "phase") == "over"
    assert page.log.errors() == []


def test_daily_cards_on_screen_equal_the_engines_deal(page, site_url):
    # A phone's share sheet, stood in for by a stub that records what it was handed.
    page.add_init_script("navigator.share = async (data) => { window.__shared = data; };")
    open_table(page, site_url, "#daily=2026-11-30", speed=None)
    hand = HandState.from_seed("daily:2026-11-30", 1).hand_of(0)
    want = display_order(hand)
    assert hand_cards(page) == [str(c) for c in want]
    labels = page.eval_on_selector_all("#hand button.card", "els => els.map(e => e.getAttribute('aria-label'))")
    assert labels == [c.name for c in want]
    assert "2026-11-30" in page.locator("#info").inner_text()
    faces = page.eval_on_selector_all("#center .blind button", "els => els.map(e => e.getAttribute('aria-label'))")
    assert faces == ["face-down card", "face-down card"]
    assert all(tag == "BUTTON" for tag in page.eval_on_selector_all("#hand .card", "els => els.map(e => e.tagName)"))
    assert page.locator("#announce").get_attribute("aria-live") == "polite"
    for name in ("Pick up", "Pass"):
        assert page.get_by_role("button", name=name, exact=True).is_visible()
    page.get_by_role("button", name="Pass", exact=True).click()
    wait_idle(page)
    # The computer players' actions were announced politely.
    assert page.locator("#announce").inner_text().strip() != ""
    # Share hands a spoiler-free line to the share sheet; settings change the body's classes.
    page.click('header [data-ui="menu"]')
    page.locator("#panel").get_by_role("button", name="Share").click()
    page.wait_for_function("window.__shared !== undefined")
    shared = page.evaluate("window.__shared.text")
    assert shared.startswith("Sheepshead Daily 2026-11-30: ") and shared.endswith("#daily=2026-11-30")
    page.check('input[data-setting="reduced_motion"]')
    page.check('input[data-setting="four_colour"]')
    assert page.evaluate("[...document.body.classList].sort().join(' ')") == "four-colour reduced-motion"
    page.click('#panel [data-ui="close"]')
    # Changing the link's hash opens that game; New Game and Daily open theirs.
    seed, _, _ = find_deal("ace")
    page.evaluate(f"location.hash = '#game={seed[5:]}'")
    page.wait_for_function(f"document.body.dataset.seq === '0' && location.hash === '#game={seed[5:]}'")
    wait_idle(page)
    assert hand_cards(page) == [str(c) for c in display_order(HandState.from_seed(seed, 1).hand_of(0))]
    page.click('header [data-ui="menu"]')
    page.locator("#panel").get_by_role("button", name="New Game", exact=True).click()
    page.wait_for_function(f"location.hash.startsWith('#game=') && location.hash !== '#game={seed[5:]}'")
    wait_idle(page)
    assert re.fullmatch(r"#game=[0-9a-f]{16}", page.evaluate("location.hash"))
    assert len(hand_cards(page)) == 6 and body(page, "seq") == "0"
    page.click('header [data-ui="menu"]')
    page.locator("#panel").get_by_role("button", name=re.compile(r"^Daily \d{4}-\d\d-\d\d$")).click()
    page.wait_for_function("location.hash.startsWith('#daily=')")
    assert page.log.errors() == []


DEALING_JS = """async (fragment) => {
  // A new game from the address: watch every frame until Pick up is live, noting whether it
  // ever was while the deal's cards were still flying in.
  const seen = {frames: 0, dealing: 0, liveWhileDealing: 0, live: false};
  location.hash = fragment;
  const end = performance.now() + 10000;
  while (performance.now() < end) {
    await new Promise((r) => requestAnimationFrame(r));
    seen.frames++;
    const dealing = document.getAnimations().some(
      (a) => a.animationName === 'deal' && a.playState === 'running');
    const pick = document.querySelector('#actions [data-act="pick"]:not([disabled])');
    const live = !!pick && document.body.dataset.busy === '0';
    if (dealing) seen.dealing++;
    if (dealing && live) seen.liveWhileDealing++;
    if (live && !dealing && seen.dealing) { seen.live = true; break; }
  }
  return seen;
}"""


def test_no_decision_is_live_while_the_hand_is_dealt(page, site_url):
    """Issue 40, item 7: Pick up and Pass wait until the last card of the deal has landed
    (at the Normal speed; the deal is the page's CSS animation)."""
    seed, _, _ = find_deal("ace")
    open_table(page, site_url, "#game=" + seed[5:], speed="normal")
    page.click('[data-ui="tutorial-no"]')
    wait_idle(page)
    other = find_deal("ten")[0]                # another hand 1, where you speak first
    assert other != seed
    seen = page.evaluate(DEALING_JS, "#game=" + other[5:])
    assert seen["dealing"] >= 3, seen          # the deal was seen flying in
    assert seen["live"], seen                  # and Pick up came once it had landed
    assert seen["liveWhileDealing"] == 0, seen
    assert page.log.errors() == []
