"""Take back a seat's last decision: the hand replayed from its deal to just before it.

The table's computer players are deterministic (each decision is seeded by the game, the
hand, the seat and the number of actions before it:
:func:`~sheepshead.bots.seating.computer_choice`), so after an undo, replaying the same
action gives the same answers, and another action gives the answers to that one.

* :func:`undo_point` — pure: how many of a hand's actions to keep to take back ``seat``'s
  last decision (an action it chose among two or more; a forced action is not a decision).
* :func:`had_choice` — which actions of a hand were decisions.
* :func:`replayed` — the hand replayed from its deal to its first ``keep`` actions, each one
  checked.
* :func:`undone` — the two together: the hand as it was before ``seat``'s last decision.

Undo works within one hand (:class:`~sheepshead.state.HandState`); the page decides when it
is offered (New Games only, not once the next hand is dealt) and puts the hand back in its
game.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import action_of
from .errors import SheepsheadError
from .state import HandState

__all__ = ["undo_point", "had_choice", "replayed", "undone"]


def undo_point(seats: Sequence[int], seat: int, choices: Sequence[bool] | None = None) -> int | None:
    """How many actions to keep to take back ``seat``'s last decision: the index of its last
    action in ``seats`` (who took each action of the hand), skipping the actions ``choices``
    marks as forced (``choices[i]``: the ``i``-th action was chosen among two or more; all
    count when it is None). None when ``seat`` has no decision to take back."""
    if choices is not None and len(choices) != len(seats):
        raise SheepsheadError("undo: choices and seats must have the same length")
    for i in range(len(seats) - 1, -1, -1):
        if seats[i] == seat and (choices is None or choices[i]):
            return i
    return None


def _fresh(state: HandState) -> HandState:
    return HandState.from_masks(state.dealt, state.blind, state.dealer, state.rules, state.redeal)


def had_choice(state: HandState) -> list[bool]:
    """For each action of ``state``'s history: the seat that took it had another legal one."""
    replay = _fresh(state)
    out = []
    for code in state.history:
        out.append(len(replay.legal_moves()) > 1)
        replay.apply_move(code)
    return out


def replayed(state: HandState, keep: int) -> HandState:
    """A new hand: ``state``'s deal with its first ``keep`` actions applied again, checked."""
    if not 0 <= keep <= len(state.history):
        raise SheepsheadError(f"undo: keep must be 0..{len(state.history)}, not {keep}")
    replay = _fresh(state)
    for code in state.history[:keep]:
        replay.apply(action_of(code))
    return replay


def undone(state: HandState, seat: int) -> HandState | None:
    """``state`` as it was just before ``seat``'s last decision (a new hand; ``state`` is not
    changed), or None when ``seat`` has made no decision in it."""
    keep = undo_point(state.seats, seat, had_choice(state))
    return None if keep is None else replayed(state, keep)
