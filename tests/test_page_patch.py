"""Draw by patching (issue 26): the page patches the regions that changed
(static/morph.js) instead of replacing them, so a focused button keeps the focus and an open
dialog stays the same element across a draw, with no code to repair either."""

from __future__ import annotations

import pytest
from table_helpers import open_table

pytestmark = pytest.mark.browser

MARK = "(sel) => { const e = document.querySelector(sel); e.__kept = true; return !!e; }"


def redraw_menu(page) -> None:
    """Change a setting behind the focus's back: the controller draws the menu again (its
    checkbox and the cards' colours change)."""
    page.evaluate("""() => { const box = document.querySelector('[data-setting="four_colour"]');
        box.checked = !box.checked;
        box.dispatchEvent(new Event('change', {bubbles: true})); }""")
    page.wait_for_function("document.body.classList.contains('four-colour')")


def test_focus_and_an_open_dialog_survive_a_draw(page, site_url):
    open_table(page, site_url, "#game=00000000000000ab")
    page.click('header [data-ui="menu"]')
    close = '#panel [data-ui="close"]'
    assert page.evaluate(MARK, "#panel .dialog") and page.evaluate(MARK, close)
    page.focus(close)
    before = page.inner_html("#panel")
    redraw_menu(page)
    assert page.inner_html("#panel") != before                      # the menu was drawn again
    assert page.evaluate("document.querySelector('#panel .dialog').__kept === true")
    assert page.evaluate("document.activeElement.__kept === true")  # the same button
    assert page.evaluate("document.activeElement.dataset.ui") == "close"
    assert page.is_visible("#panel .dialog")
    assert page.log.errors() == []


def test_a_card_keeps_its_element_while_the_hand_is_drawn_again(page, site_url):
    open_table(page, site_url, "#game=00000000000000ab")
    card = page.eval_on_selector("#hand button.card", "e => e.dataset.card")
    selector = f'#hand button[data-card="{card}"]'
    page.evaluate(MARK, selector)
    page.focus(selector)
    page.click('header [data-ui="menu"]')
    redraw_menu(page)                       # the hand's cards are drawn in four colours
    page.keyboard.press("Escape")
    page.wait_for_selector("#panel", state="hidden")
    assert page.evaluate(f"document.querySelector('{selector}').__kept === true")
    assert page.log.errors() == []
