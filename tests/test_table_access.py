"""The table on a phone and by keyboard: no horizontal scroll, the whole hand visible,
44 px touch targets, named card buttons, and a whole hand played with Tab and Enter."""

from __future__ import annotations

import pytest
from table_helpers import body, find_deal, open_table, wait_idle

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 640}


def boxes(page, selector: str) -> list[dict]:
    return page.eval_on_selector_all(
        selector, "els => els.map(e => { const r = e.getBoundingClientRect();"
                  " return {x: r.x, y: r.y, w: r.width, h: r.height, right: r.right, bottom: r.bottom}; })")


def check_fits(page) -> None:
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    cards = boxes(page, "#hand button.card")
    assert cards
    for b in cards:
        assert b["x"] >= 0 and b["right"] <= PHONE["width"] + 0.5, b
        assert b["y"] >= 0 and b["bottom"] <= PHONE["height"] + 0.5, b
        assert b["w"] >= 44 and b["h"] >= 44, b
    for b in boxes(page, "#actions button, header button"):
        assert b["w"] >= 44 and b["h"] >= 44, b
        assert b["right"] <= PHONE["width"] + 0.5 and b["bottom"] <= PHONE["height"] + 0.5, b


def test_phone_viewport_shows_the_whole_hand_without_scrolling(page, site_url):
    page.set_viewport_size(PHONE)
    seed, bury, call = find_deal("ace")
    open_table(page, site_url, "#game=" + seed[5:])
    check_fits(page)                                   # six cards, pick or pass
    page.get_by_role("button", name="Pick up", exact=True).click()
    wait_idle(page)
    assert len(boxes(page, "#hand button.card")) == 8
    check_fits(page)                                   # eight cards while burying
    for card in bury.cards:
        page.click(f'#hand button[data-card="{card}"]')
    page.get_by_role("button", name="Bury these two", exact=True).click()
    wait_idle(page)
    check_fits(page)                                   # the call buttons
    page.get_by_role("button", name=f"Call {call.card.name}", exact=True).click()
    wait_idle(page)
    check_fits(page)
    assert page.log.errors() == []


def tab_to(page, accept, limit: int = 60) -> str:
    """Press Tab until the focused element satisfies ``accept(label)``; return the label."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        label = page.evaluate(
            "(() => { const e = document.activeElement; if (!e || e === document.body) return '';"
            " return (e.getAttribute('aria-label') || e.textContent || '').trim()"
            " + '|' + (e.dataset.act || e.dataset.ui || ''); })()")
        if accept(label):
            return label
    raise AssertionError("Tab never reached the wanted control")


def test_keyboard_only_play_of_a_hand(page, site_url):
    seed, bury, call = find_deal("ace")
    open_table(page, site_url, "#game=" + seed[5:])
    page.evaluate("document.activeElement && document.activeElement.blur()")
    tab_to(page, lambda label: label.startswith("Pick up|"))
    page.keyboard.press("Enter")
    wait_idle(page)
    assert body(page, "phase") == "bury"
    for card in bury.cards:
        tab_to(page, lambda label, c=str(card): label.endswith(f"|select:{c}"))
        page.keyboard.press("Space")
        wait_idle(page)
    tab_to(page, lambda label: label.startswith("Bury these two|"))
    page.keyboard.press("Enter")
    wait_idle(page)
    tab_to(page, lambda label: label.startswith(f"Call {call.card.name}|"))
    page.keyboard.press("Enter")
    wait_idle(page)
    for _ in range(40):
        wait_idle(page)
        if body(page, "phase") == "over":
            break
        tab_to(page, lambda label: "|play " in label)
        page.keyboard.press("Enter")
    assert body(page, "phase") == "over"
    # The summary dialog takes the focus; the next hand is one Tab-and-Enter away.
    assert page.evaluate("document.activeElement.id") == "summary-title"
    tab_to(page, lambda label: label.startswith("Next hand|"))
    page.keyboard.press("Enter")
    wait_idle(page)
    assert body(page, "hand") == "2"
    assert page.log.errors() == []


def test_keyboard_shortcuts_pick_and_choose_cards(page, site_url):
    seed, _, _ = find_deal("ace")
    open_table(page, site_url, "#game=" + seed[5:])
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("p")                               # P: pick up
    wait_idle(page)
    assert body(page, "phase") == "bury"
    page.keyboard.press("1")
    page.keyboard.press("8")
    wait_idle(page)
    pressed = page.locator('#hand button[aria-pressed="true"]')
    assert pressed.count() == 2
    assert pressed.nth(0).get_attribute("data-i") == "0"
    assert pressed.nth(1).get_attribute("data-i") == "7"
    page.keyboard.press("Control+1")                       # the browser's, not the game's
    assert page.locator('#hand button[aria-pressed="true"]').count() == 2
    # Two chosen: the focus is on "Bury these two" (not the menu and the chips first), and
    # B buries them (issue 40, item 11).
    focused = page.evaluate("document.activeElement.textContent.trim()")
    assert focused == "Bury these two", focused
    page.keyboard.press("b")
    wait_idle(page)
    assert body(page, "phase") == "call"
    assert page.log.errors() == []


def test_enter_buries_after_choosing_two_by_keyboard(page, site_url):
    """Space on two cards of the hand, then Enter: the focus went to "Bury these two"."""
    seed, bury, _ = find_deal("ace")
    open_table(page, site_url, "#game=" + seed[5:])
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("p")
    wait_idle(page)
    for card in bury.cards:
        tab_to(page, lambda label, c=str(card): label.endswith(f"|select:{c}"))
        page.keyboard.press("Space")
        wait_idle(page)
    page.keyboard.press("Enter")
    wait_idle(page)
    assert body(page, "phase") == "call"
    assert page.log.errors() == []
