"""Help at the table in headless Chromium (issue 11), on a phone (390×844) and a small phone
(320×568): the winning card's mark, the points chip, the illegal tap, the bury helper and
the forced-alone line, hints, undo, claim, auto-play, the hand review, the practice hand and
the rules at hand.

What the page shows is checked against the engine: the test reads the saved game back from
``localStorage`` (the page saves after every action) and asks the engine, in this process,
what the page should say.
"""

from __future__ import annotations

import html
import re

import pytest
from table_helpers import body, click_action, find_deal, open_table, set_setting, tap_card, wait_idle

from sheepshead import HandState
from sheepshead.bots.claim import can_claim
from sheepshead.buryinfo import bury_leaves, bury_options
from sheepshead.cards import CARDS
from sheepshead.errors import IllegalActionError
from sheepshead.trickinfo import winning_now
from sheepshead.ui.help.helptext import ALONE_WARNING, BURY_ALONE, alone_text, leaves_text
from sheepshead.ui.look.markup import short
from sheepshead.ui.storage.saves import GAME_KEY, read_save

pytestmark = pytest.mark.browser

PHONES = {"phone": {"width": 390, "height": 844}, "small": {"width": 320, "height": 568}}


@pytest.fixture(params=sorted(PHONES))
def phone(request, page):
    page.set_viewport_size(PHONES[request.param])
    return page


def saved_hand(page) -> HandState:
    """The hand in play, from the page's own save."""
    text = page.evaluate(f"localStorage.getItem({GAME_KEY!r})")
    assert text, "the page saved nothing"
    return read_save(text).load_game().current


def legal_words(h: HandState) -> set[str]:
    """Seat 0's legal actions as a hint words them (cards in short form)."""
    out = set()
    for a in h.legal_actions():
        if a.kind.value == "play":
            out.add(short(a.card))
        elif a.kind.value == "pick":
            out.add("pick up")
        elif a.kind.value == "pass":
            out.add("pass")
    return out


SHORT = {c.name: short(c) for c in CARDS}


def hint_choice(page) -> str:
    page.click('#actions [data-ui="hint"]')
    line = page.locator("#hint-line")
    line.wait_for(state="visible")
    text = line.inner_text()
    assert text in page.inner_text("#announce")
    card = re.match(r"(?:The Expert would (?:lead|play)|Your only card is) the (\w+ of \w+)", text)
    if card:
        # The card it names is marked in your hand, and only that one (issue 40, item 6).
        marked = page.eval_on_selector_all("#hand button.hinted", "e => e.map(x => x.dataset.card)")
        named = [str(c) for c in CARDS if c.name == card[1]]
        assert marked == named, (text, marked)
        return SHORT[card[1]]
    m = re.match(r"The Expert would (pick up|pass)\b", text)
    assert m, text
    lit = page.eval_on_selector_all("#actions button.primary", "e => e.map(x => x.dataset.act)")
    assert lit == [{"pick up": "pick", "pass": "pass"}[m[1]]], (text, lit)
    return m[1]


def no_overflow(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


# ------------------------------------------------------------ a whole hand
def test_help_through_a_whole_hand(phone, site_url):
    """Pick, bury (the helper lists the engine's calls), call, undo the call, then play
    the hand out checking the winning mark, the claim button and an illegal tap at every
    turn; hints at the pick and in play; the points chip adds up to 120; the review opens
    from the hand summary."""
    page = phone
    seed, bury, call = find_deal("ace")
    open_table(page, site_url, "#game=" + seed[5:])
    # The first visit offers the practice hand; "No thanks" puts it away.
    assert page.locator("#tip .offer").is_visible()
    page.click('[data-ui="tutorial-no"]')
    wait_idle(page)
    assert page.locator("#tip .offer").count() == 0

    # A hint at the pick names a legal action.
    choice = hint_choice(page)
    assert choice in {"pick up", "pass"}
    click_action(page, "Pick up")

    # The bury helper: what the two chosen cards leave is the engine's call options.
    h = saved_hand(page)
    a, b = bury.cards
    page.click(f'#hand button[data-card="{a}"]')
    page.click(f'#hand button[data-card="{b}"]')
    leaves = bury_leaves(h.view(0), (a, b))
    assert leaves is not None
    assert page.inner_text("#bury-leaves") == leaves_text(leaves)
    after = h.clone()
    after.apply(bury)
    calls = {f"call {x.card.name}" for x in after.legal_actions() if x.kind.value == "call"
             and x.unknown is None}
    text = page.inner_text("#bury-leaves").removeprefix("After this bury: ")
    shown = set(text.replace(" or go alone", ", go alone").split(", "))    # "…, X or go alone"
    assert calls <= shown and shown - calls <= {"go alone"} | {
        f"call {x.card.name} with an unknown card" for x in after.legal_actions()
        if x.kind.value == "call" and x.unknown is not None}
    click_action(page, "Bury these two")

    # Undo the call: the exact position before it, then the same call again.
    before = list(saved_hand(page).history)
    cards_before = page.eval_on_selector_all("#hand button.card", "e => e.map(x => x.dataset.card)")
    click_action(page, f"Call {call.card.name}")
    assert len(saved_hand(page).history) > len(before)
    page.click('#actions [data-ui="undo"]')
    wait_idle(page)
    assert body(page, "phase") == "call" and body(page, "turn") == "you"
    assert list(saved_hand(page).history) == before
    assert page.eval_on_selector_all("#hand button.card", "e => e.map(x => x.dataset.card)") \
        == cards_before
    click_action(page, f"Call {call.card.name}")

    refused = marks = hinted = 0
    for _ in range(12):
        wait_idle(page)
        if body(page, "phase") == "over":
            break
        assert body(page, "turn") == "you"
        no_overflow(page)
        h = saved_hand(page)
        v = h.view(0)
        # The winning mark: on the card the engine says is winning, and only there.
        now = winning_now(v)
        marked = page.eval_on_selector_all("#center .tcard.winning",
                                           "e => e.map(x => x.className)")
        if now is None:
            assert marked == []
        else:
            marks += 1
            assert len(marked) == 1 and f"at-{now[0]}" in marked[0]
            label = page.get_attribute("#center .tcard.winning", "aria-label")
            assert label.endswith(", winning")
        # The claim button: exactly when the proof holds.
        proof = v.trick is None and len(v.hand) >= 2 and can_claim(v)
        assert (page.locator('#actions [data-ui="claim"]').count() == 1) == proof
        # An illegal tap: the engine's reason, shown and announced; the card shakes.
        bad = page.locator("#hand button.unavailable")
        if bad.count() and refused < 2:
            card = bad.first.get_attribute("data-card")
            with pytest.raises(IllegalActionError) as e:
                h.verify(f"play {card}")
            reason = e.value.refusal.text(you=True)
            bad.first.click(force=True, position={"x": 14, "y": 14})
            page.wait_for_selector("#refusal")
            assert page.inner_text("#refusal") == reason
            assert page.inner_text("#announce") == reason
            assert "shake" in page.get_attribute(f'#hand button[data-card="{card}"]', "class")
            assert page.get_attribute(f'#hand button[data-card="{card}"]',
                                      "aria-disabled") == "true"
            assert body(page, "seq") and list(saved_hand(page).history) == list(h.history)
            refused += 1
        if hinted < 2:
            assert hint_choice(page) in legal_words(h)
            hinted += 1
        if proof:
            page.click('#actions [data-ui="claim"]')
            continue
        tap_card(page)
    wait_idle(page)
    assert body(page, "phase") == "over"
    assert marks >= 3

    # The points chip adds up to 120 at the end of the hand.
    chip = html.unescape(page.inner_text("#points-chip"))
    assert sum(int(n) for n in re.findall(r"\d+", chip)) == 120, chip

    # The review, from the hand summary: a line per decision and a total.
    page.click('#panel [data-ui="hand-review"]')
    page.wait_for_selector('#review-progress[data-done="1"]', timeout=60_000)
    lines = page.locator("#panel .review-list li").all_inner_texts()
    assert len(lines) >= 3 and lines[0].startswith("Pick")
    assert re.match(r"(Total cost: \d+\.\d points|You played this hand as the Expert would)",
                    page.inner_text("#review-progress"))
    no_overflow(page)
    page.click('#panel [data-ui="next"]')
    wait_idle(page)
    assert body(page, "hand") == "2"


# ------------------------------------------------------ forced alone, rules
def find_forced_alone(limit: int = 5_000):
    """A ``game:`` seed where seat 0 may pick first and a bury leaves only going alone."""
    for i in range(limit):
        seed = f"game:{i:016x}"
        h = HandState.from_seed(seed, 1)
        if h.to_act != 0:
            continue
        h.apply("pick")
        for option in bury_options(h.view(0)):
            if option.leaves is not None and option.leaves.alone_forced:
                return seed, option
    raise LookupError("no forced alone")


def test_forced_alone_says_why_and_the_rules_are_one_tap_away(phone, site_url):
    page = phone
    seed, option = find_forced_alone()
    open_table(page, site_url, "#game=" + seed[5:])
    click_action(page, "Pick up")
    a, b = option.action.cards
    page.click(f'#hand button[data-card="{a}"]')
    page.click(f'#hand button[data-card="{b}"]')
    # Issue 40, item 5: said plainly before the bury, and the bury button says "alone".
    assert page.inner_text("#alone-warning") == ALONE_WARNING
    assert page.locator("#bury-leaves").count() == 0
    assert page.get_by_role("button", name="Bury these two", exact=True).count() == 0
    assert "warn" in (page.get_attribute('#actions [data-act^="bury "]', "class") or "")
    page.click(f'#hand button[data-card="{b}"]')          # changed: no warning, plain button
    assert page.locator("#alone-warning").count() == 0
    page.click(f'#hand button[data-card="{b}"]')
    assert page.inner_text("#alone-warning") == ALONE_WARNING
    click_action(page, BURY_ALONE)
    assert body(page, "phase") == "call"
    assert page.inner_text("#alone-reason") == alone_text(option.leaves.reason)
    assert page.locator("#actions button.call").count() == 0

    # The rules at hand: trump order and card points in a dialog; the full rules open in a
    # new tab and this one keeps its game.
    seq = body(page, "seq")
    page.click('#mine [data-ui="rules"]')
    panel = page.locator("#panel")
    panel.wait_for(state="visible")
    assert panel.locator(".trump-order button.card").count() == 14
    assert panel.locator(".trump-order button.card").first.get_attribute("data-card") == "QC"
    assert "61" in panel.inner_text() and "120" in panel.inner_text()
    no_overflow(page)
    with page.context.expect_page() as new_tab:
        panel.get_by_role("link", name="Full rules").click()
    rules = new_tab.value
    rules.wait_for_load_state()
    assert rules.url.endswith("/static/rules.html")
    rules.close()
    page.click('#panel [data-ui="close"]')
    assert body(page, "seq") == seq and body(page, "phase") == "call"


# --------------------------------------------------------------- auto-play
def test_auto_play_plays_your_only_legal_card(phone, site_url):
    page = phone
    open_table(page, site_url, "#game=00000000000000b7")
    page.click('header [data-ui="menu"]')
    page.check('input[data-setting="auto_play"]')
    page.click('#panel [data-ui="close"]')
    wait_idle(page)
    taps = 0
    for _ in range(40):
        wait_idle(page)
        phase = body(page, "phase")
        if phase == "over":
            break
        assert body(page, "turn") == "you"
        if phase == "play":
            v = saved_hand(page).view(0)
            assert len(v.legal) > 1          # a forced card is never left to you
            tap_card(page)
            taps += 1
        else:
            page.click('#actions [data-act="pass"]')
    wait_idle(page)
    assert body(page, "phase") == "over"
    v = saved_hand(page).view(0)
    played_by_you = sum(1 for t in v.tricks for k in range(len(t.cards))
                        if t.seat_of(k, v.players) == 0)
    assert played_by_you == 6 and taps < played_by_you     # the last card, at least, played itself


# ----------------------------------------------------------- practice hand
def test_the_practice_hand_can_be_finished_and_skipped(phone, site_url, start_js):
    page = phone
    page.goto(site_url)                 # a first visit without a link: the practice hand
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    wait_idle(page)
    set_setting(page, "speed", "instant")
    assert page.evaluate("location.hash") == "#practice-hand"
    assert body(page, "daily") == ""
    titles = set()
    for _ in range(60):
        wait_idle(page)
        tip = page.locator("#tip .tip-box strong")
        if tip.count():
            titles.add(tip.inner_text())
        phase = body(page, "phase")
        if phase == "over":
            break
        assert body(page, "turn") == "you"
        no_overflow(page)
        if phase == "pick":
            click_action(page, "Pick up")
        elif phase == "bury":
            cards = page.eval_on_selector_all("#hand button.selectable",
                                              "e => e.map(x => x.dataset.card)")
            tap_card(page, f'#hand button[data-card="{cards[-1]}"]')
            tap_card(page, f'#hand button[data-card="{cards[-2]}"]')
            click_action(page, "Bury these two")
        elif phase == "call":
            page.locator("#actions button.call, #actions [data-act=alone]").first.click()
        else:
            tap_card(page)
    wait_idle(page)
    assert body(page, "phase") == "over"
    assert len(titles) >= 4, titles
    page.click('#panel [data-ui="close"]')
    assert "61" in page.inner_text("#tip")
    # Nothing of it was saved, and the Daily is a tap away.
    assert page.evaluate(f"localStorage.getItem({GAME_KEY!r})") is None
    page.click('#actions [data-ui="daily"]')
    wait_idle(page)
    assert body(page, "daily") != "" and page.locator("#tip .tip-box").count() == 0

    if page.viewport_size != PHONES["phone"]:
        return                            # the rest is not about the screen: one size is enough
    # Skipped with one tap on a first visit, and not opened again after a reload.
    fresh = page.context.browser.new_context(viewport=page.viewport_size)
    fresh.add_init_script(start_js)
    other = fresh.new_page()
    other.goto(site_url)
    other.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    wait_idle(other)
    assert other.evaluate("location.hash") == "#practice-hand"
    other.click('#tip [data-ui="daily"]')
    wait_idle(other)
    assert body(other, "daily") != "" and other.locator("#tip .tip-box").count() == 0
    other.goto(site_url)                # no link again: the Daily, not the practice hand
    other.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    assert other.evaluate("location.hash").startswith("#daily=")
    assert body(other, "daily") != "" and other.locator("#tip .tip-box").count() == 0
    other.click('header [data-ui="menu"]')
    assert other.locator('#panel [data-ui="tutorial"]').count() == 1
    fresh.close()
