"""The review of a finished hand: your decisions in order, each with the Expert's estimate of
your choice and of its own, and what yours cost (:func:`~sheepshead.bots.advice.review_steps`).

Pure Python, no ``js``.  These are the reviews as shown; the page's background job
(:func:`~sheepshead.ui.page.jobs.review_hand`) works one out a decision at a time, so the
page keeps drawing, animating and answering taps while it runs (the review never blocks
the next hand), and sends it as it goes; the controller applies it here
(:func:`~sheepshead.ui.page.jobs.reviewed`).  It reviews the hand it was given (a finished
:class:`~sheepshead.state.HandState`, which nothing changes any more), whatever the table
does meanwhile.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...bots.advice import ReviewStep
from ...position import Phase
from ...state import HandState
from ..look.markup import short
from ..look.wording import names_for
from .helptext import review_line, review_total, shown_cost
from .hintwords import reason_of

__all__ = ["HandReview", "GameReview", "step_note"]


def step_note(hand: HandState, seat: int, step: ReviewStep) -> str:
    """What a reviewed line adds in words (issue 40: the review was numbers without
    reasons): the cards on the trick when you played, and for a decision that cost
    something the Expert's reason for its own choice, in facts the table showed you
    (``" — on the trick: Gus K♥, Bev 7♥; the Expert's reason: it takes the trick, 21
    points."``); ``""`` when there is nothing to add."""
    replay = HandState.from_masks(hand.dealt, hand.blind, hand.dealer, hand.rules, hand.redeal)
    for code in list(hand.history)[:step.index]:
        replay.apply_move(code)
    view = replay.view(seat)
    parts = []
    trick = view.trick
    if step.phase is Phase.PLAY and trick is not None and trick.cards:
        names = names_for(view.players)
        on = ", ".join(f"{names[s]} {short(c) if c is not None else 'a face-down card'}"
                       for s, c in trick.plays(view.players))
        parts.append(f"on the trick: {on}")
    if (shown_cost(step) or 0.0) > 0:
        why = reason_of(step.expert, view)
        if why:
            parts.append(f"the Expert's reason: {why}")
    return " — " + "; ".join(parts) + "." if parts else ""


@dataclass
class HandReview:
    """One hand's review as it is worked out: the lines so far and how far it has got."""

    hand_number: int
    steps: list[ReviewStep] = field(default_factory=list)
    total: int | None = None
    """How many decisions there are to review (None until the first is done)."""
    done: bool = False
    notes: dict[int, str] = field(default_factory=dict)
    """What each decision's line adds in words, by its place in the hand (:func:`step_note`)."""

    @property
    def lines(self) -> list[str]:
        return [self.line_of(s) for s in self.steps]

    def line_of(self, step: ReviewStep) -> str:
        """``step``'s line with its note."""
        return review_line(step) + self.notes.get(step.index, "")

    @property
    def progress(self) -> str:
        """``Reviewing… 3 of 7`` while it runs; the total cost once done."""
        if self.done:
            return review_total(self.steps) if self.steps else \
                "You had no choice to make in this hand."
        if self.total is None:
            return "Reviewing your decisions…"
        return f"Reviewing your decisions… {len(self.steps)} of {self.total}"


@dataclass
class GameReview:
    """Every hand of a finished game reviewed, to say on the results screen where the game
    went (your costliest decision by the Expert's estimate) and to open that hand's review.
    ``key`` names the game reviewed (its seed and whether it was practice)."""

    key: tuple[str, bool]
    hands: list[HandReview] = field(default_factory=list)
    of: int = 0
    """How many hands there are to review (thrown-in deals are not hands)."""
    done: bool = False

    def costliest(self) -> tuple[HandReview, ReviewStep] | None:
        """The hand and the decision that cost the most (the first of equals); None when
        no decision cost anything."""
        best: tuple[HandReview, ReviewStep] | None = None
        for review in self.hands:
            for step in review.steps:
                cost = shown_cost(step) or 0.0
                if cost > 0 and (best is None or cost > (shown_cost(best[1]) or 0.0)):
                    best = (review, step)
        return best

    def lesson(self) -> tuple[str, int | None]:
        """What the results screen shows: :attr:`line`, and the hand whose review it offers
        (None while it is worked out, and when no decision cost anything)."""
        best = self.costliest() if self.done else None
        return self.line, best[0].hand_number if best is not None else None

    def hand(self, number: int) -> HandReview | None:
        return next((r for r in self.hands if r.hand_number == number), None)

    def hand_named(self, text: str) -> HandReview | None:
        """The review of the hand ``text`` names (``4`` of ``hand-review:4``), if any."""
        return self.hand(int(text)) if text.isdecimal() and len(text) < 3 else None

    @property
    def line(self) -> str:
        """``Looking over your hands… 3 of 10``; then ``Your costliest decision, hand 4:
        Bury: you buried 9♣ A♥ (−2.6); Expert bury 7♣ 8♣ (+1.5): 4.1 points lost``, or that
        every hand was played as the Expert would."""
        if not self.done:
            return f"Looking over your hands… {len(self.hands)} of {self.of or '…'}"
        best = self.costliest()
        if best is None:
            return "You played every hand as the Expert would."
        review, step = best
        return f"Your costliest decision, hand {review.hand_number}: {review.line_of(step)}"
