"""The page's background jobs that think (a hint, the review of a hand or of a game) and
what applies what they found.

Pure Python (``asyncio`` only, no ``js``).  A job changes nothing: it works a slice at a
time (:mod:`~sheepshead.ui.pacing`: the page keeps drawing, animating and answering taps)
and hands what it found to ``send`` as an event carrying the data (:class:`HintFound`,
:class:`Reviewed`); the controller applies each in its ``handle``, with :func:`reviewed`
for the reviews.  The par and a result link's check are in
:mod:`~sheepshead.ui.daily.background`; the boards' check in :mod:`~sheepshead.ui.friends`;
the reading of a backup in :mod:`~sheepshead.ui.backup.moving`.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from ...bots.advice import Hint, ReviewStep, review_slices
from ...game import HUMAN_SEAT
from ...state import HandState
from ..events import HintFound, Reviewed, Send
from ..help.review import GameReview, HandReview, step_note
from ..pacing import SLICE_S, finished, paced

__all__ = ["think_hint", "review_hand", "review_game", "reviewed"]


async def think_hint(seed: str, at: int, steps: Generator[None, None, Hint], send: Send) -> None:
    """Think out the hint asked in the game ``seed`` after ``at`` actions."""
    send(HintFound(seed, at, await finished(steps)))


async def review_hand(game: tuple[str, bool] | None, number: int, hand: HandState,
                      seeds: Callable[[int], int], send: Send, *, of: int = 0,
                      turn_every: float = SLICE_S) -> None:
    """Review your decisions in hand ``number`` (``hand`` finished, ``seeds`` its seeds), a
    slice of a search at a time, sending the review so far at most four times a second
    (``game`` None: the hand on the table's) and once done (a game's: only then)."""
    steps: list[ReviewStep] = []
    notes: list[tuple[int, str]] = []
    total: int | None = None

    def so_far(done: bool = False) -> Reviewed:
        return Reviewed(game, number, tuple(steps), total, done, of, tuple(notes))
    shown = (lambda: send(so_far())) if game is None else (lambda: None)
    async for step in paced(review_slices(hand, HUMAN_SEAT, seed=seeds), shown,
                            turn_every=turn_every):
        if step is not None:                     # None: a slice of a search, the page's turn
            steps.append(step)
            notes.append((step.index, step_note(hand, HUMAN_SEAT, step)))
            total = step.total
    send(so_far(True))


async def review_game(game: tuple[str, bool],
                      hands: list[tuple[int, HandState, Callable[[int], int]]],
                      send: Send, turn_every: float = SLICE_S) -> None:
    """Review each of ``hands`` (hand number, the finished hand, its seeds) of the game
    ``game``, one after another (:func:`review_hand`)."""
    for number, hand, seeds in hands:
        await review_hand(game, number, hand, seeds, send, of=len(hands),
                          turn_every=turn_every)


def reviewed(event: Reviewed, hand: HandReview | None, game: GameReview | None) -> None:
    """Apply ``event`` to the review it is of: ``hand`` (the hand on the table's) or the
    game's (``game``); a review no longer shown is left alone."""
    if event.game is None:
        if hand is None or hand.hand_number != event.hand:
            return
        one = hand
    else:
        if game is None or game.key != event.game or not event.done:
            return
        found = game.hand(event.hand)
        if found is None:
            found = HandReview(event.hand)
            game.hands.append(found)
        one = found
        game.of = event.of
        game.done = len(game.hands) >= game.of
    one.steps[:] = event.steps
    one.notes = dict(event.notes)
    one.total, one.done = event.total, event.done
