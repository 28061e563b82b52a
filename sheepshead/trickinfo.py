"""What the table shows about the tricks, from one seat's view: the card winning the trick in
progress, and the points each side has taken so far as that seat may count them.

Everything here reads a :class:`~sheepshead.view.SeatView` and nothing else, so it never
depends on a card the seat cannot see (the tests redistribute hidden cards and compare).
Who takes a trick is :func:`~sheepshead.legality.trick_winner`'s rule, asked here of the
cards as the seat sees them: the picker's unknown card, face down (``None``) or known to the
picker, never wins.

**Points so far** (:func:`points_so_far`), exactly:

* ``by_seat[s]``: the card points of the face-up cards in the finished tricks ``s`` took.
  The face-down unknown card's points are not among them until the hand is over (only the
  picker sees that card, and the picker counts it). The picker's entry also holds the bury's
  points when this seat may know them: it is the picker, or the hand is over.
* ``side_of[s]``: ``Side.PICKER`` or ``Side.DEFENDERS`` when this seat knows which side ``s``
  is on, else ``None``. The picker is on the picker's side; the partner once this seat may
  know it (it is the partner, or the partner's card was played, or the hand is over); every
  other seat is a defender once the partner is known or the picker is known to be alone,
  and this seat knows it is a defender itself as soon as the partner is settled and it is
  not the partner. Seats not known yet are *undecided*.
* ``sides``: the points certain to be the picker's side's, certain to be the defenders', and
  taken by undecided seats (None in a leaster and before anyone picked). The three add up
  to ``sum(by_seat)``.
* In a leaster every seat plays for itself: ``by_seat`` is the chip. The blind's points are
  unknown until the hand is over; then they count to whoever took the last trick under the
  ``leaster_blind: last-trick`` option, else they are ``set_aside`` (counted for nobody).
* ``hidden``: some points taken or put aside are not visible to this seat yet (the bury to
  everyone but the picker, the face-down unknown card, a leaster's blind). Once the hand is
  over nothing is hidden, ``by_seat`` equals the result's points and the total is 120 (0 for
  a hand thrown in under the doubler option).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .actions import Action, Kind
from .cards import CARDS, POINTS, SUIT_OF, Card, card_points
from .legality import trick_winner
from .position import Phase
from .rules import LeasterBlind
from .view import SeatView, ViewTrick

__all__ = ["Side", "SidePoints", "PointsTaken", "winning_play", "winning_now",
           "points_so_far", "forced_play", "TOTAL_POINTS"]

_BEFORE_BURY = (Phase.PICK, Phase.BURY)
TOTAL_POINTS = 120
"""Card points in the pack (the black sevens left out four-handed are worth nothing)."""


def _codes(trick: ViewTrick, view: SeatView) -> tuple[list[int], int, int]:
    """(card indexes with -1 for a face-down card, the led suit, the unknown card's position
    or -1) of a trick as ``view`` sees it."""
    unknown = view.unknown.index if view.unknown is not None else -1
    codes = [-1 if c is None else c.index for c in trick.cards]
    skip = codes.index(unknown) if unknown >= 0 and unknown in codes else -1
    called_suit = int(view.called.suit) if view.called is not None else -1
    first = codes[0]
    led = called_suit if (first < 0 or skip == 0) else SUIT_OF[first]
    return codes, led, skip


def winning_play(trick: ViewTrick, view: SeatView) -> tuple[int, Card] | None:
    """(seat, card) of the card taking ``trick`` (finished or in progress) as ``view``'s seat
    sees it; None while only the face-down unknown card has been played (it never wins)."""
    if not trick.cards:
        return None
    codes, led, skip = _codes(trick, view)
    pos, _ = trick_winner(codes, led, skip)
    if pos == skip or codes[pos] < 0:
        return None
    return trick.seat_of(pos, view.players), CARDS[codes[pos]]


def winning_now(view: SeatView) -> tuple[int, Card] | None:
    """(seat, card) now winning the trick in progress; None when no trick is in progress or
    only the face-down unknown card is in it. The mark moves as cards are played."""
    if view.phase is not Phase.PLAY or view.trick is None:
        return None
    return winning_play(view.trick, view)


def forced_play(view: SeatView) -> Action | None:
    """The card to play when it is the seat's only legal one (auto-play), else None."""
    if view.phase is Phase.PLAY and len(view.legal) == 1 and view.legal[0].kind is Kind.PLAY:
        return view.legal[0]
    return None


class Side(enum.Enum):
    """The side a seat plays on in a picked hand."""

    PICKER = "picker"
    """The picker and its partner."""
    DEFENDERS = "defenders"


@dataclass(frozen=True)
class SidePoints:
    """Points of a picked hand by side, as one seat may know them (see the module docstring)."""

    picker: int
    """Certainly the picker's side's (the bury included when the seat may count it)."""
    defenders: int
    """Certainly the defenders'."""
    undecided: int
    """Taken by seats whose side this seat does not know yet."""


@dataclass(frozen=True)
class PointsTaken:
    """The points chip's data for one seat: see the module docstring for what counts when."""

    by_seat: tuple[int, ...]
    side_of: tuple[Side | None, ...]
    sides: SidePoints | None
    """None in a leaster, before anyone picked, and in a hand thrown in."""
    bury: int | None
    """The bury's points (in the picker's ``by_seat``) when this seat may know them."""
    set_aside: int
    """A leaster's blind counted for nobody (known once the hand is over), else 0."""
    leaster: bool
    hidden: bool
    """Some points are not visible to this seat yet."""
    final: bool
    """The hand is over: every point is counted."""

    @property
    def total(self) -> int:
        """Every point counted: 120 once the hand is over (0 when it was thrown in)."""
        return sum(self.by_seat) + self.set_aside


def _sides(view: SeatView, final_partner: int | None) -> tuple[Side | None, ...]:
    n, picker = view.players, view.picker
    if picker is None:
        return (None,) * n
    partner = final_partner if view.is_over else view.partner
    settled = view.call_kind is not None
    known_all = view.is_over or partner is not None or view.alone is True
    out: list[Side | None] = []
    for s in range(n):
        if s == picker or (partner is not None and s == partner):
            out.append(Side.PICKER)
        elif known_all or (s == view.seat and settled):
            out.append(Side.DEFENDERS)
        else:
            out.append(None)
    return tuple(out)


def points_so_far(view: SeatView) -> PointsTaken:
    """The points taken so far as ``view``'s seat may count them (see the module docstring)."""
    n = view.players
    result = view.result
    if result is not None and result.thrown_in:
        return PointsTaken((0,) * n, (None,) * n, None, None, 0, False, False, True)
    leaster = view.leaster
    by_seat = [0] * n
    for t in view.tricks:
        codes, _, _ = _codes(t, view)
        points = sum(POINTS[c] for c in codes if c >= 0)
        if t.winner is not None:
            by_seat[t.winner] += points
    picker = view.picker
    bury: int | None = None
    if view.bury is not None and picker is not None:
        bury = card_points(view.bury)
        by_seat[picker] += bury
    set_aside = 0
    if result is not None and leaster:
        blind = TOTAL_POINTS - sum(by_seat)          # every trick is face up in a leaster
        last = view.tricks[-1].winner
        if view.rules.leaster_blind is LeasterBlind.LAST_TRICK and last is not None:
            by_seat[last] += blind
        else:
            set_aside = blind
    side_of = _sides(view, result.partner if result is not None else None)
    sides = None
    if picker is not None and not leaster:
        mine = sum(p for p, s in zip(by_seat, side_of, strict=True) if s is Side.PICKER)
        theirs = sum(p for p, s in zip(by_seat, side_of, strict=True) if s is Side.DEFENDERS)
        sides = SidePoints(mine, theirs, sum(by_seat) - mine - theirs)
    over = result is not None
    bury_hidden = picker is not None and picker != view.seat and view.phase not in _BEFORE_BURY
    hidden = not over and (leaster or bury_hidden
                           or any(c is None for t in view.tricks for c in t.cards))
    return PointsTaken(tuple(by_seat), side_of, sides, bury, set_aside, leaster, hidden, over)
