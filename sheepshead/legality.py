"""The rules of play as pure functions on bit masks: who may play what, what a picker may
call, who takes a trick.

Each rule lives here once. :class:`~sheepshead.state.HandState` applies them to the real
deal; the computer players apply the same functions to the deals they imagine; the
refusals explain them. Nothing here knows a hand's state: every fact comes in as an
argument (cards are indexes 0..31, hands bit masks, see :mod:`sheepshead.cards`).
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import FAIL_ACES, FAIL_ACES_MASK, FAIL_MASK, FAIL_TENS, POINTS, STRENGTH, SUIT_MASK, SUIT_OF

__all__ = ["WINNING", "trick_winner", "play_mask", "call_options", "BIT"]

BIT: tuple[int, ...] = tuple(1 << i for i in range(32))
"""``BIT[c]``: the mask of card ``c`` alone."""

WINNING: tuple[tuple[int, ...], ...] = tuple(
    tuple(STRENGTH[c] if SUIT_OF[c] in (3, led) else 0 for c in range(32)) for led in range(4))
"""``WINNING[led][c]``: how strongly card ``c`` bids for a trick whose led suit is ``led``:
trumps by rank, cards of the suit led by rank, any other card 0."""


def trick_winner(cards: Sequence[int], led: int, skip: int = -1) -> tuple[int, int]:
    """(position of the winning card, card points) of a trick, finished or in progress.

    The highest trump wins, else the highest card of the suit led. ``cards[k]`` is the
    ``k``-th card played; a card at position ``skip`` (the picker's unknown card) or given as
    ``-1`` (a card played face down) never wins and counts no points. When no card bids at
    all (the unknown card was led and nobody followed or trumped yet), the first card that
    may win does."""
    win = WINNING[led]
    best = -1
    pos = points = 0
    for k, c in enumerate(cards):
        if c < 0:
            continue
        points += POINTS[c]
        if win[c] > best and k != skip:
            best = win[c]
            pos = k
    return pos, points


def play_mask(hand: int, seat: int, picker: int, partner: int, called: int, duties_open: bool,
              leading: bool, led: int, unknown: int) -> int:
    """The cards ``seat`` may play now.

    ``hand`` is its hand; ``picker``/``partner`` are seats (-1 for none); ``called`` is the
    called card (-1 for none) and ``duties_open`` says the called suit has not been led
    before this trick; ``leading`` says the trick is empty, else ``led`` is its suit;
    ``unknown`` is the unknown card the picker still holds face down (-1 for none).

    Follow suit, trump counting as one suit. While the called suit's duties are open, the
    partner leads that suit only with the called card, plays the called card on the first
    lead of the suit and never throws it off; the picker keeps its last card of the suit
    (its hold card) and plays the unknown card on the first lead of the suit. The unknown
    card may also be led, and is played when nothing else is left.
    """
    if called >= 0 and duties_open:
        cs = SUIT_OF[called]
        cbit = BIT[called]
        if leading:
            if seat == picker:
                return hand | BIT[unknown] if unknown >= 0 else hand
            if seat == partner and hand & cbit:
                return hand & ~(SUIT_MASK[cs] & ~cbit)      # the suit only with the called card
            return hand
        if led == cs:                                     # the first lead of the called suit
            if seat == partner and hand & cbit:
                return cbit
            if seat == picker and unknown >= 0:
                return BIT[unknown]
            f = hand & SUIT_MASK[led]
            return f if f else hand
        f = hand & SUIT_MASK[led]
        if f:
            return f
        if not hand:
            return BIT[unknown]
        m = hand
        if seat == partner:
            if hand != cbit:
                m &= ~cbit
        elif seat == picker:
            hold = hand & SUIT_MASK[cs]
            if hold and not hold & (hold - 1) and hand != hold:
                m &= ~hold
        return m
    mine = unknown >= 0 and seat == picker
    if leading:
        return hand | BIT[unknown] if mine else hand
    f = hand & SUIT_MASK[led]
    if f:
        return f
    if not hand and mine:
        return BIT[unknown]
    return hand


def call_options(hand: int, bury: int) -> tuple[list[int], list[int], list[int]]:
    """(Aces, Tens, Aces with an unknown card) a picker holding ``hand`` after burying
    ``bury`` may call.

    An Ace is called in a fail suit the picker holds, never one it holds or buried. A Ten is
    called only by a picker that holds or buried all three fail Aces, in a suit it holds.
    When no Ace can be called and the picker's fail cards are all Aces, it may call an Ace
    of a suit it does not hold, setting aside an unknown card of its hand.
    """
    owned = hand | bury
    aces = [ace for s, ace in enumerate(FAIL_ACES) if hand & SUIT_MASK[s] and not owned & BIT[ace]]
    tens = []
    if owned & FAIL_ACES_MASK == FAIL_ACES_MASK:
        tens = [ten for s, ten in enumerate(FAIL_TENS)
                if hand & SUIT_MASK[s] and not owned & BIT[ten]]
    unknown_aces = []
    if not aces and not hand & FAIL_MASK & ~FAIL_ACES_MASK:
        unknown_aces = [ace for s, ace in enumerate(FAIL_ACES)
                        if not hand & SUIT_MASK[s] and not owned & BIT[ace]]
    return aces, tens, unknown_aces
