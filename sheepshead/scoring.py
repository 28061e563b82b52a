"""Scoring a finished hand: the six rows of the default table, and the leaster.

Shares are per defender; the partner gets one share, the picker two (four when
alone), each defender the opposite of one, so every hand sums to zero.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card

__all__ = ["Trick", "HandResult", "share_for", "picker_scores", "leaster_scores", "ROW_NAMES"]

ROW_NAMES = {3: "schwarz", 2: "schneider", 1: "win", -1: "loss", -2: "schneidered", -3: "schwarzed"}
"""Names of the scoring rows by their row number (the share before doubling)."""


@dataclass(frozen=True)
class Trick:
    """A finished trick: who led, the cards in play order, who won it, its card points."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int

    def seat_of(self, position: int, players: int) -> int:
        return (self.leader + position) % players

    def to_json(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": [str(c) for c in self.cards],
                "winner": self.winner, "points": self.points}


def scoring_row(side_points: int, side_tricks: int, total_tricks: int) -> int:
    """The row of the scoring table: +3 schwarz … -3 schwarzed (before doubling)."""
    if side_tricks == total_tricks:
        return 3
    if side_points >= 91:
        return 2
    if side_points >= 61:
        return 1
    if side_tricks == 0:
        return -3
    if side_points <= 30:
        return -2
    return -1


def share_for(row: int, double_on_bump: bool = True) -> int:
    """Ledger units per defender for a row; a loss pays double on the bump."""
    return row * 2 if (row < 0 and double_on_bump) else row


def picker_scores(players: int, picker: int, partner: int | None, share: int,
                  partner_pays: bool = True) -> list[int]:
    """Each seat's ledger change given the share the picker's side wins (negative: loses).

    With ``partner_pays`` false (a schwarzed side under that option), the partner scores
    nothing and the picker alone pays every defender.
    """
    scores = [-share] * players
    if partner is None:
        scores[picker] = share * (players - 1)
    elif partner_pays:
        scores[partner] = share
        scores[picker] = share * (players - 3)
    else:
        scores[partner] = 0
        scores[picker] = share * (players - 2)
    return scores


def leaster_scores(points: Sequence[int], tricks_won: Sequence[int], *, tiebreak_tricks: bool = False,
                   shared: bool = False) -> list[int]:
    """Fewest card points among players who took a trick wins one from each other player.

    A tie for fewest scores nothing, unless broken by fewer tricks (``tiebreak_tricks``)
    or ``shared``: then every other player pays one to each tied winner.
    """
    players = len(points)
    qualified = [s for s in range(players) if tricks_won[s] > 0]
    low = min(points[s] for s in qualified)
    winners = [s for s in qualified if points[s] == low]
    if len(winners) > 1 and tiebreak_tricks:
        fewest = min(tricks_won[s] for s in winners)
        winners = [s for s in winners if tricks_won[s] == fewest]
    if len(winners) > 1 and not shared:
        return [0] * players
    scores = [-len(winners)] * players
    for w in winners:
        scores[w] = players - len(winners)
    return scores


@dataclass(frozen=True)
class HandResult:
    """The outcome of a finished hand, as ``replay`` prints it."""

    picker: int | None
    partner: int | None
    called: Card | None
    alone: bool
    leaster: bool
    tricks: tuple[Trick, ...]
    points: tuple[int, ...]
    """Card points per seat, the bury counted to the picker."""
    side_points: tuple[int, int] | None
    """(picker's side, defenders); None in a leaster."""
    scores: tuple[int, ...]
    """Ledger change per seat; sums to zero."""
    row: int | None = None
    """The scoring row (+3 schwarz … -3 schwarzed), None in a leaster."""
    bury: tuple[Card, ...] | None = None
    """The picker's two buried cards (None in a leaster)."""
    multiplier: int = 1
    """What the scores were multiplied by: doublers, cracks and blitzes (options)."""
    thrown_in: bool = False
    """Everyone passed under the doubler option: nobody scores, the hand is dealt again."""

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(s for s, v in enumerate(self.scores) if v > 0)

    def to_json(self) -> dict[str, Any]:
        return {
            "picker": self.picker,
            "partner": self.partner,
            "called": str(self.called) if self.called else None,
            "alone": self.alone,
            "leaster": self.leaster,
            "tricks": [t.to_json() for t in self.tricks],
            "points": list(self.points),
            "side_points": (None if self.side_points is None else
                            {"picker": self.side_points[0], "defenders": self.side_points[1]}),
            "scores": list(self.scores),
            # Only the options produce these; the default table's output is exactly records.md's.
            **({"multiplier": self.multiplier} if self.multiplier != 1 else {}),
            **({"thrown_in": True} if self.thrown_in else {}),
        }
