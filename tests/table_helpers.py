"""Helpers for the card-table browser tests (tests/test_table_*.py): open the page,
wait for the table, tap through a hand, and choose seeded deals with the engine.

The page marks its state on ``<body>``: ``data-ready="1"`` once the table is drawn,
``data-busy`` ("1" while an animation or the computer players run), ``data-phase``
(pick, bury, call, play, over), ``data-turn`` ("you", "seat2", …) and ``data-seq``
(actions so far in the game).
"""

from __future__ import annotations

from sheepshead import HandState

READY = 'body[data-ready="1"]'
IDLE = 'body[data-ready="1"][data-busy="0"]'
BOOT_TIMEOUT_MS = 60_000
STEP_TIMEOUT_MS = 30_000


def wait_idle(page) -> None:
    page.wait_for_selector(IDLE, state="attached", timeout=STEP_TIMEOUT_MS)


SKIP_PRACTICE = '#tip [data-ui="daily"]'
"""The practice hand's "Skip practice" (to today's Daily; a first visit without a link opens it)."""


def open_table(page, url: str, fragment: str = "", speed: str | None = "instant") -> None:
    """Open the page at ``url + fragment``, wait for the table, set the speed (via the menu).
    Without a fragment, a fresh profile's practice hand is skipped as a player would."""
    page.goto(url + fragment)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    wait_idle(page)
    if not fragment and page.locator(SKIP_PRACTICE).count():
        page.click(SKIP_PRACTICE)
        wait_idle(page)
    if speed:
        set_setting(page, "speed", speed)


def set_setting(page, name: str, value: str) -> None:
    page.click('header [data-ui="menu"]')
    page.select_option(f'select[data-setting="{name}"]', value)
    page.click('#panel [data-ui="close"]')
    page.wait_for_selector("#panel", state="hidden")


def body(page, key: str) -> str:
    return page.get_attribute("body", f"data-{key}") or ""


def hand_cards(page) -> list[str]:
    """The cards of your hand on screen, in record notation, left to right."""
    return page.eval_on_selector_all("#hand button.card", "els => els.map(e => e.dataset.card)")


def click_action(page, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).click()
    wait_idle(page)


def tap_card(page, selector: str = "#hand button.legal") -> None:
    """Tap a card of your hand near its top-left corner: with nine or more cards on a phone
    the hand lies in two overlapping rows, and only the upper row's corners show."""
    page.click(selector, position={"x": 14, "y": 14})


def play_out(page, max_steps: int = 60) -> None:
    """Tap the first highlighted card whenever it is your turn, until the hand is over."""
    for _ in range(max_steps):
        wait_idle(page)
        if body(page, "phase") == "over":
            return
        assert body(page, "turn") == "you", (body(page, "turn"), body(page, "phase"))
        assert body(page, "phase") == "play"
        tap_card(page)
    raise AssertionError("the hand did not end")


def find_deal(kind: str, limit: int = 20_000):
    """A ``game:`` seed whose hand 1 lets seat 0 pick and make a call of ``kind``
    (``ace``, ``ten``, ``unknown``), and the bury and call that do it."""
    for i in range(limit):
        seed = f"game:{i:016x}"
        h = HandState.from_seed(seed, 1)
        h.apply("pick")
        for bury in h.legal_actions():
            h2 = h.clone()
            h2.apply(bury)
            for call in h2.legal_actions():
                if call.kind.value != "call":
                    continue
                if kind == "unknown" and call.unknown is not None:
                    return seed, bury, call
                if call.unknown is None and kind == "ace" and call.card.rank == "A":
                    return seed, bury, call
                if call.unknown is None and kind == "ten" and call.card.rank == "10":
                    return seed, bury, call
    raise LookupError(f"no deal for a {kind} call in {limit} seeds")
