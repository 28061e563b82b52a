"""The last two tricks of a playout, solved exactly on the (sampled) deal's open cards.

When every seat holds two cards or fewer, the rest of a hand is a tiny game of perfect
information: at most two choices a seat on the next-to-last trick and none on the last.
:func:`solve_end` plays it out by minimax, the picker's side taking as many card points as
it can and the defenders as few, instead of by rules of thumb (issue 39: the Expert's
playouts kept an Ace for a last trick a remaining Jack takes).  It works on bit masks with
the engine's rule of the trick (:data:`~sheepshead.legality.WINNING`) and applies the line it
found to the state, so the hand's result is the engine's own.

It declines (returns False, the state untouched) where its simple rule of play would not be
the engine's: a leaster, the called suit's duties still open, or the picker's face-down
unknown card still to fall.  ``tests/test_bots_endgame.py`` checks its moves against the
engine's legal moves and its value against brute force over the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import POINTS, SUIT_MASK, SUIT_OF
from ..legality import WINNING

if TYPE_CHECKING:
    from ..state import HandState

__all__ = ["ENDGAME_CARDS", "solve_end", "endgame_line", "trick_taken"]

ENDGAME_CARDS = 2
"""Solved once no seat holds more than this many cards."""


def _legal(hand: int, led: int) -> int:
    follow = hand & SUIT_MASK[led] if led >= 0 else 0
    return follow or hand


def trick_taken(trick: list[int], led: int, leader: int, n: int) -> tuple[int, int]:
    """(the winner's seat, the card points) of a full trick by the engine's rule."""
    win = WINNING[led]
    best, pos, pts = -1, 0, 0
    for k, c in enumerate(trick):
        pts += POINTS[c]
        if win[c] > best:
            best, pos = win[c], k
    return (leader + pos) % n, pts


def _best(hands: list[int], trick: list[int], leader: int, led: int, side: int, n: int
          ) -> tuple[int, list[int]]:
    """(picker's side card points still to take, the cards to play from here) by minimax;
    ``side`` has bit ``s`` set for each seat of the picker's side."""
    if len(trick) == n:
        winner, pts = trick_taken(trick, led, leader, n)
        if not side >> winner & 1:
            pts = 0
        rest = hands[winner]
        if not rest:
            return pts, []
        if not rest & (rest - 1):
            # One card a seat: the last trick plays itself.
            last = [hands[(winner + j) % n].bit_length() - 1 for j in range(n)]
            w, p = trick_taken(last, SUIT_OF[last[0]], winner, n)
            return pts + (p if side >> w & 1 else 0), last
        more, line = _best(hands, [], winner, -1, side, n)
        return pts + more, line
    seat = (leader + len(trick)) % n
    hand = hands[seat]
    legal = _legal(hand, led)
    maximise = side >> seat & 1
    best_v, best_line = -1, []
    m = legal
    while m:
        low = m & -m
        m ^= low
        c = low.bit_length() - 1
        hands[seat] = hand & ~low
        trick.append(c)
        v, line = _best(hands, trick, leader, SUIT_OF[c] if led < 0 else led, side, n)
        trick.pop()
        hands[seat] = hand
        if best_v < 0 or (v > best_v if maximise else v < best_v):
            best_v, best_line = v, [c, *line]
    return best_v, best_line


def endgame_line(state: HandState) -> tuple[int, list[int]] | None:
    """(the picker's side's card points still to come, the cards to play) under exact play,
    or None where :func:`solve_end` declines."""
    if state.picker < 0 or state.unknown_pending or state.duties_open or state.unknown_position >= 0:
        return None
    n = state.players
    hands = list(state.hands)
    if max(h.bit_count() for h in hands) > ENDGAME_CARDS or not any(hands):
        return None
    side = 1 << state.picker
    if state.partner >= 0:
        side |= 1 << state.partner
    trick = list(state.trick_cards)
    led = state.led_suit if trick else -1
    return _best(hands, trick, state.leader, led, side, n)


def solve_end(state: HandState) -> bool:
    """Play the rest of the hand exactly (see the module) and return True, or decline."""
    found = endgame_line(state)
    if found is None:
        return False
    for c in found[1]:
        state.apply_move(64 + c)
    return True
