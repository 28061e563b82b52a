"""Errors in the page surface (issue 9): an unexpected Python error is logged to the console
with its traceback and shown in a notice, never swallowed; a value the settings refuse is
said in a notice and the control goes back to the value that holds."""

from __future__ import annotations

import pytest
from table_helpers import open_table, wait_idle

pytestmark = pytest.mark.browser


def test_an_unexpected_error_is_logged_with_its_traceback_and_shown(page, site_url):
    open_table(page, site_url, "#daily=2026-11-30")
    # Break something the animation needs, then act: the error is a bug the page must show.
    page.evaluate("() => { window.matchMedia = undefined; }")
    page.get_by_role("button", name="Pass", exact=True).click()
    page.wait_for_selector("#notice.shown")
    wait_idle(page)
    assert "Something went wrong" in page.locator("#notice").inner_text()
    logged = [e for e in page.log.errors() if e.startswith("sheepshead: Traceback")]
    assert len(logged) == 1 and "in motion" in logged[0], page.log.errors()


def test_a_refused_setting_is_said_and_the_control_shows_what_holds(page, site_url):
    open_table(page, site_url, "#daily=2026-11-30")
    page.click('header [data-ui="menu"]')
    select = 'select[data-setting="speed"]'
    page.evaluate(f"""() => {{
        const o = document.createElement('option');
        o.value = 'warp'; o.textContent = 'Warp';
        document.querySelector('{select}').append(o); }}""")
    page.select_option(select, "warp")
    page.wait_for_selector(".notice.shown:visible")        # above the open menu
    assert "speed must be one of" in page.locator(".notice.shown:visible").inner_text()
    assert page.input_value(select) == "instant"
    assert page.log.errors() == []
