"""The review of a finished hand: your decisions in order, each with the Expert's estimate of
your choice and of its own, and what yours cost (:func:`~sheepshead.bots.advice.review_steps`).

Pure Python (``asyncio`` only, no ``js``).  :func:`run_review` steps the review one decision
at a time (:func:`~sheepshead.ui.pacing.paced`), so the page keeps drawing, animating and
answering taps while it runs: the review never blocks the next hand.  It reviews the
hand it was given (a finished :class:`~sheepshead.state.HandState`, which nothing changes
any more), whatever the table does meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..bots.advice import ReviewStep, review_slices
from ..state import HandState
from .helptext import review_line, review_total
from .pacing import SLICE_S, paced

__all__ = ["HandReview", "run_review"]


@dataclass
class HandReview:
    """One hand's review as it is worked out: the lines so far and how far it has got."""

    hand_number: int
    steps: list[ReviewStep] = field(default_factory=list)
    total: int | None = None
    """How many decisions there are to review (None until the first is done)."""
    done: bool = False

    @property
    def lines(self) -> list[str]:
        return [review_line(s) for s in self.steps]

    @property
    def progress(self) -> str:
        """``Reviewing… 3 of 7`` while it runs; the total cost once done."""
        if self.done:
            return review_total(self.steps) if self.steps else \
                "You had no choice to make in this hand."
        if self.total is None:
            return "Reviewing your decisions…"
        return f"Reviewing your decisions… {len(self.steps)} of {self.total}"


async def run_review(review: HandReview, hand: HandState, seat: int,
                     seed: Callable[[int], int], redraw: Callable[[], None],
                     turn_every: float = SLICE_S) -> None:
    """Review ``seat``'s decisions in ``hand`` into ``review``, a slice of a search at a time
    (``turn_every`` seconds of work, then the page's turn: no long task), calling ``redraw``
    at most four times a second and once at the end."""
    async for step in paced(review_slices(hand, seat, seed=seed), redraw, turn_every=turn_every):
        if step is not None:                     # None: a slice of a search, the page's turn
            review.steps.append(step)
            review.total = step.total
    review.done = True
    redraw()
