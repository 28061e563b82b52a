"""The animation queue: what happened between two views of the same seat, one step at a time.

Pure Python, no ``js``.  The page binding (``static/main.py``) takes a view before an
action and one after, asks :func:`diff` for the steps between them and plays each
:class:`Move` (the card flying in, the trick collected, the sentence announced).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...actions import Kind
from ...view import SeatView, ViewTrick
from ..look.wording import announce, trick_taken

__all__ = ["Move", "diff"]


@dataclass(frozen=True)
class Move:
    """One step of the animation queue (see :func:`diff`).

    ``kind`` is an action word (``pick``, ``pass``, ``bury``, ``call``, ``alone``,
    ``play``) or ``trick`` (a finished trick goes to ``seat``, its winner).
    ``trick`` is the trick to show once this step is done.
    """

    kind: str
    seat: int
    text: str
    """What a screen reader announces."""
    card: object = None
    trick: ViewTrick | None = None


def _plays_of(v: SeatView) -> int:
    return sum(len(t.cards) for t in v.tricks) + (len(v.trick.cards) if v.trick else 0)


def diff(before: SeatView, after: SeatView) -> list[Move]:
    """The animation queue from one view to the next: one :class:`Move` per new action,
    and a ``trick`` move whenever a trick is completed.  Both views are of the same seat
    and the same hand, ``after`` later than ``before``."""
    moves: list[Move] = []
    played = _plays_of(before)
    n = after.players
    for p in after.history[len(before.history):]:
        seat = p.seat
        if p.kind is not Kind.PLAY:
            moves.append(Move(p.kind.value, seat, announce(p)))
            continue
        t, k = divmod(played, n)
        played += 1
        trick = after.tricks[t] if t < len(after.tricks) else after.trick
        if trick is None:
            raise ValueError("diff: the later view has fewer cards played than its history")
        card = trick.cards[k]
        shown = ViewTrick(trick.leader, trick.cards[:k + 1], None)
        moves.append(Move("play", seat, announce(p), card, shown))
        if k == n - 1 and trick.winner is not None:
            moves.append(Move("trick", trick.winner, trick_taken(trick), None, trick))
    return moves
