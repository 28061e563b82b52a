"""The page's Content-Security-Policy (issue 21, finding 7): the game boots, plays, opens a
result link and reloads offline under it with no violation, and an injected inline script or
event handler is blocked.

The policy is the ``<meta http-equiv="Content-Security-Policy">`` of index.html.  What it
allows was found by loading the page under the tightest policy and reading the violations:
``'wasm-unsafe-eval'`` for Pyodide's WebAssembly and ``'unsafe-eval'`` because PyScript's core
rebuilds its hooks with ``Function(…)`` at start (docs/results.md, "What the page refuses").
No ``'unsafe-inline'``: no inline script, event handler or style attribute runs.
"""

from __future__ import annotations

import html.parser
import random

import pytest
from table_helpers import READY, body, open_table, play_out, tap_card, wait_idle

from sheepshead.game import Game
from sheepshead.results import result_fragment

pytestmark = pytest.mark.fresh_start   # the policy over a whole start (conftest.start_js)

WATCH = """
window.__csp = [];
document.addEventListener('securitypolicyviolation',
    e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));
"""
OFFLINE_READY = 'html[data-offline="ready"]'
POLICY = {
    "default-src": {"'self'"},
    "script-src": {"'self'", "'unsafe-eval'", "'wasm-unsafe-eval'"},
    "connect-src": {"'self'"},
    "img-src": {"'self'", "data:"},
    "style-src": {"'self'"},
    "object-src": {"'none'"},
    "base-uri": {"'none'"},
    "form-action": {"'none'"},
}


class _Meta(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.policies: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "meta" and (a.get("http-equiv") or "").lower() == "content-security-policy":
            self.policies.append(a.get("content") or "")


def policy_of(text: str) -> dict[str, set[str]]:
    parser = _Meta()
    parser.feed(text)
    assert len(parser.policies) == 1, parser.policies
    out: dict[str, set[str]] = {}
    for part in parser.policies[0].split(";"):
        name, *values = part.split()
        out[name] = set(values)
    return out


@pytest.mark.browser
def test_the_built_page_carries_the_policy(site_dir) -> None:
    policy = policy_of((site_dir / "index.html").read_text(encoding="utf-8"))
    assert policy == POLICY
    assert not any("'unsafe-inline'" in v or "*" in " ".join(v) for v in policy.values())


def violations(page) -> list[str]:
    return page.evaluate("window.__csp")


@pytest.mark.browser
def test_the_game_boots_plays_and_opens_a_result_link_under_the_policy(page, site_url) -> None:
    page.add_init_script(WATCH)
    open_table(page, site_url, "#game=0123456789abcdef")
    page.get_by_role("button", name="Pass", exact=True).click()
    play_out(page)              # the others pick, call and lead; you play to the hand's end
    assert violations(page) == [] and page.log.errors() == []

    game = Game("game:00000000000000a1")
    rng = random.Random(1)
    while not game.current.is_over:
        game.current.apply(rng.choice(game.current.legal_actions()))
    page.goto(site_url + result_fragment(game, by="Ann"))
    page.wait_for_selector("#viewer", state="visible", timeout=60_000)
    assert "Ann" in page.inner_text("#viewer-title")
    assert violations(page) == [] and page.log.errors() == []


@pytest.mark.browser
def test_it_reloads_and_plays_offline_under_the_policy(page, site_url) -> None:
    page.add_init_script(WATCH)
    page.goto(site_url + "#game=00000000000000b2")
    page.wait_for_selector(OFFLINE_READY, state="attached", timeout=60_000)
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    wait_idle(page)
    seq = int(body(page, "seq") or 0)
    if page.locator("#hand button.legal").count():
        tap_card(page)
    else:
        page.locator("#actions button:not([disabled])").first.click()
    wait_idle(page)
    assert int(body(page, "seq")) > seq
    assert violations(page) == [] and page.log.page_errors == []


@pytest.mark.browser
def test_an_injected_inline_script_or_handler_is_blocked(page, site_url) -> None:
    page.add_init_script(WATCH)
    open_table(page, site_url, speed=None)
    page.evaluate("""() => {
        const s = document.createElement('script');
        s.textContent = 'window.__pwned = 1';
        document.body.appendChild(s);
        document.getElementById('tip').innerHTML =
            '<img src="data:," onload="window.__pwned2 = 1" alt="">';
        const t = document.createElement('div');
        t.setAttribute('style', 'position:fixed;inset:0;background:red');
        document.body.appendChild(t);
    }""")
    page.wait_for_timeout(500)
    assert page.evaluate("window.__pwned") is None and page.evaluate("window.__pwned2") is None
    seen = " ".join(violations(page))
    assert "script-src-elem" in seen and "script-src-attr" in seen and "style-src-attr" in seen
