"""The results screen says where the game went (issue 40, item 12): once the par is known,
every hand of the finished Daily is reviewed in the background, and the screen names your
costliest decision by the Expert's estimate and offers that hand's review."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest
from daily_helpers import played_table
from test_ui_controller import background, of

from sheepshead.actions import Action
from sheepshead.bots.advice import ReviewStep, review_steps
from sheepshead.position import Phase
from sheepshead.ui.daily.daily import DailyResults
from sheepshead.ui.events import Draw, Spawn, Start, Tap
from sheepshead.ui.help.helptext import review_line, shown_cost
from sheepshead.ui.help.review import GameReview, HandReview
from sheepshead.ui.page.controller import Controller
from sheepshead.ui.storage.saves import GameSave, MemoryStorage

NOW = dt.datetime(2026, 12, 1, 20, 0)


def finished(storage: MemoryStorage) -> Controller:
    """The page opened on a Daily finished and locked here, its par already known."""
    t = played_table(NOW.date(), "easy")
    save = GameSave.of(t.game, "easy")
    storage.set(save.key, replace(save, revision=1, tab="elsewhere").to_text())
    results = DailyResults(storage)
    assert results.record(t.game, hints=False, now=NOW, level="easy") is not None
    results.record_par(NOW.date(), 3)
    return Controller(storage, lambda: NOW, clock=lambda: 0.0, href=lambda: "https://example.org/")


def panel(effects) -> str:
    draws = [dict(e.regions) for e in effects if isinstance(e, Draw)]
    return next(d["panel"] for d in reversed(draws) if "panel" in d)


def step(cost: float | None, mine: float = 0.0) -> ReviewStep:
    theirs = None if cost is None else mine + cost
    return ReviewStep(1, 1, 0, Phase.PLAY, 1, Action.parse("play 7C"), mine,
                      Action.parse("play AC"), theirs, cost)


def test_the_costliest_decision_is_the_first_of_the_largest_shown_cost():
    review = GameReview(("daily:2026-12-01", False))
    assert review.line == "Looking over your hands… 0 of …"
    review.of = 3
    review.hands = [HandReview(1, [step(0.0), step(None)]), HandReview(2, [step(1.04)]),
                    HandReview(4, [step(0.2), step(1.0)])]
    assert review.line == "Looking over your hands… 3 of 3"
    review.done = True
    best = review.costliest()
    assert best is not None and best[0].hand_number == 2          # 1.0 shown for both: first
    assert review.line.startswith("Your costliest decision, hand 2: Trick 1: you played 7♣")
    assert review.hand(4) is review.hands[2] and review.hand(3) is None
    review.hands = [HandReview(1, [step(0.0), step(None)])]
    assert review.costliest() is None
    assert review.line == "You played every hand as the Expert would."


@pytest.mark.slow
def test_the_results_screen_names_the_costliest_decision_and_offers_its_review():
    c = finished(MemoryStorage())
    effects = c.handle(Start("#daily=2026-12-01"))
    assert 'id="results"' in panel(effects)
    assert "Looking over your hands…" in panel(effects)
    assert len(of(effects, Spawn)) == 1               # the review (the par is known)
    shown = background(c, effects)
    html = panel(shown)
    # The review the job made is the hands' own review (one hand worked out again here), and
    # the line names the costliest of its decisions.
    reviewed = c.session.game_review
    hands = c.table.finished_hands()
    assert reviewed is not None and reviewed.done and len(reviewed.hands) == len(hands) == 10
    number, hand, seeds = hands[3]
    assert reviewed.hands[3].steps == list(review_steps(hand, 0, seed=seeds))
    best = None
    for one in reviewed.hands:
        for s in one.steps:
            cost = shown_cost(s) or 0.0
            if cost > 0 and (best is None or cost > best[0]):
                best = (cost, one.hand_number, s)
    assert best is not None                            # an Easy-level seat 0 errs somewhere
    _, number, step = best
    line = f"Your costliest decision, hand {number}: {review_line(step)}"
    assert line.replace("'", "&#x27;") in html
    assert f'data-ui="hand-review:{number}"' in html
    # Its review opens; the way back is the Daily's result.
    review = panel(c.handle(Tap(ui=f"hand-review:{number}")))
    assert f"Review of hand {number}" in review and 'data-ui="results"' in review
    assert review_line(step).replace("'", "&#x27;") in review
    assert 'id="results"' in panel(c.handle(Tap(ui="results")))
    # Asked again, nothing starts twice; a bad hand number opens nothing.
    assert of(c.handle(Tap(ui="close")), Spawn) == []
    for bad in ("hand-review:99", "hand-review:x", "hand-review:", "hand-review:0010"):
        assert of(c.handle(Tap(ui=bad)), Draw) == [], bad


def test_a_review_line_says_the_trick_and_the_experts_reason_in_words():
    """Issue 40, round three: the review's cost lines were numbers without reasons; a
    hand whose differences were not weighed read "as the Expert would" above them."""
    from sheepshead.state import HandState
    from sheepshead.ui.help.helptext import review_total
    from sheepshead.ui.help.review import step_note
    hand = HandState.from_seed("game:00000000000000c5", 1)
    while not hand.is_over:
        hand.apply(hand.legal_actions()[-1])
    notes = []
    for i in range(len(hand.history)):
        if hand.seats[i] != 0:
            continue
        replay = HandState.from_masks(hand.dealt, hand.blind, hand.dealer, hand.rules,
                                      hand.redeal)
        for c in list(hand.history)[:i]:
            replay.apply_move(c)
        if replay.phase is not Phase.PLAY:
            continue
        yours = replay.view(0).legal[-1]
        s = ReviewStep(1, 1, i, Phase.PLAY, 1, yours, -2.0, yours, -1.0, 1.0)
        notes.append((replay.view(0), step_note(hand, 0, s)))
    led = [n for v, n in notes if v.trick is not None and v.trick.cards]
    assert led and all(n.startswith(" — on the trick: ") and n.endswith(".") for n in led)
    unweighed = ReviewStep(1, 1, 0, Phase.PLAY, 3, Action.parse("play AD"), None,
                           Action.parse("play 8D"), None, None)
    assert review_total([unweighed]).startswith("No cost found: ")
