"""A finished hand's outcome: each seat's ledger change and the full :class:`HandResult`.

The scoring rules themselves (the six rows, the double on the bump, the leaster) are in
:mod:`sheepshead.scoring`; this module applies them to a finished hand, read through
:class:`~sheepshead.position.Position`, so that :class:`~sheepshead.state.HandState`
keeps to playing the hand.
"""

from __future__ import annotations

from .cards import CARDS, card_points, cards_of
from .position import Position
from .rules import LeasterBlind, LeasterTie, LeasterTiebreak
from .scoring import HandResult, Trick, leaster_scores, picker_scores, scoring_row, share_for

__all__ = ["hand_scores", "hand_result"]


def hand_scores(hand: Position) -> list[int]:
    """Each seat's ledger change of a finished hand (search calls this after every playout)."""
    if hand.thrown_in:
        return [0] * hand.players
    picker, partner = hand.picker, hand.partner
    if picker < 0:
        return _leaster_scores(hand, _leaster_points(hand))
    taken, won = hand.taken, hand.won
    side_points = taken[picker] + card_points(hand.bury)
    side_tricks = won[picker]
    if partner >= 0:
        side_points += taken[partner]
        side_tricks += won[partner]
    return _picker_scores(hand, scoring_row(side_points, side_tricks, hand.hand_size))


def hand_result(hand: Position) -> HandResult:
    """The scored outcome of a finished hand, with its tricks and each seat's points."""
    tricks = tuple(Trick(leader, tuple(CARDS[c] for c in cards), winner, points)
                   for leader, cards, winner, points in hand.tricks)
    if hand.thrown_in:
        zeros = (0,) * hand.players
        return HandResult(None, None, None, False, False, tricks, zeros, None, zeros, None,
                          None, hand.multiplier, True)
    if hand.picker < 0:
        points = _leaster_points(hand)
        return HandResult(None, None, None, False, True, tricks, tuple(points), None,
                          tuple(_leaster_scores(hand, points)), None, None, hand.multiplier)
    picker = hand.picker
    partner = hand.partner if hand.partner >= 0 else None
    points = list(hand.taken)
    points[picker] += card_points(hand.bury)
    side = {picker} | ({partner} if partner is not None else set())
    side_points = sum(points[s] for s in side)
    side_tricks = sum(hand.won[s] for s in side)
    row = scoring_row(side_points, side_tricks, hand.hand_size)
    called = CARDS[hand.partner_card] if hand.partner_card >= 0 else None
    return HandResult(picker, partner, called, hand.alone, False, tricks, tuple(points),
                      (side_points, 120 - side_points), tuple(_picker_scores(hand, row)), row,
                      tuple(cards_of(hand.bury)), hand.multiplier)


def _picker_scores(hand: Position, row: int) -> list[int]:
    rules = hand.rules
    share = share_for(row, rules.double_on_bump and not hand.forced) * hand.multiplier
    partner = hand.partner if hand.partner >= 0 else None
    partner_pays = not (row == -3 and rules.schwarz_to_picker)
    return picker_scores(hand.players, hand.picker, partner, share, partner_pays)


def _leaster_points(hand: Position) -> list[int]:
    points = list(hand.taken)
    if hand.rules.leaster_blind is LeasterBlind.LAST_TRICK:
        points[hand.tricks[-1][2]] += card_points(hand.blind)
    return points


def _leaster_scores(hand: Position, points: list[int]) -> list[int]:
    rules = hand.rules
    scores = leaster_scores(
        points, hand.won,
        tiebreak_tricks=rules.leaster_tiebreak is LeasterTiebreak.FEWER_TRICKS,
        shared=rules.leaster_tie is LeasterTie.SHARED)
    m = hand.multiplier
    return [v * m for v in scores] if m != 1 else scores
