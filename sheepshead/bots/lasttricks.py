"""The last two tricks played exactly from what the seat can know (``standard-v7``, issue 39).

With two cards left a seat, the cards it cannot see are few.  :func:`last_tricks_code` deals
them among the places they may be, as :mod:`.sampling` does for the Expert (every card seen,
the voids shown, the called suit's hold card, the picker's own bury), a bounded number of
times, and in each distinct layout plays the rest of the hand by minimax with every card open:
the picker's side takes the best scoring row it can (win at 61, schneider at 91, …) and, of
equal rows, the most card points; the defenders the least.  The card with the best mean over
the layouts is played; where no card beats Standard's own by a margin, Standard's stays.

The read of ``standard-v6`` (seed 913377) named three clear blunders here: a picker with an
unknown-card call led its Jack instead of the unknown card that made 61 sure; a partner
schmeared the Ten and kept the Ace for a trick it won anyway; and an alone picker's Jack
thrown where, the reader said, its Queen won (it did not: Q♠ beats Q♥, and the Jack thrown
kept a point more; the exact play keeps it).

Open-card play is solved on bit masks with the engine's rules (the trick's winner,
:data:`~sheepshead.legality.WINNING`; the cards a seat may play, the called suit's duties
included, :func:`~sheepshead.legality.play_mask`), the layout dealt straight from the seat's
:class:`~.knowledge.Knowledge`.  After a call with an unknown card (whose trick's points are
hidden, and which the picker plays face down) or under the Jack of diamonds option, each
layout is a full state replayed from the history (:func:`~.sampling.sample_state`) and solved
on the engine's own moves while the unknown card is still to fall.
"""

from __future__ import annotations

import random

from ..actions import PLAY
from ..cards import SUIT_OF, card_points
from ..legality import play_mask
from ..position import CallKind, Phase
from ..scoring import scoring_row
from ..state import HandState
from .endgame import trick_taken
from .knowledge import Knowledge
from .sampling import Slots, sample_state

__all__ = ["LAST_TRICKS", "LAYOUTS", "last_tricks_code"]

LAST_TRICKS = 2
"""Played exactly once the seat holds this many cards or fewer."""
LAYOUTS = 16
"""Deals drawn of the unseen cards (the distinct ones are solved)."""
_ROW = 1000
"""The weight of the scoring row against card points in a layout's value."""


def _value(points: int, tricks: int, total: int) -> int:
    return scoring_row(points, tricks, total) * _ROW + points


def _best(hands: list[int], trick: list[int], leader: int, led: int, side: int, n: int,
          points: int, tricks: int, total: int, rules: tuple[int, int, int, bool]) -> int:
    """The value (:func:`_value`) of the picker's side under open-card minimax; ``points``
    and ``tricks``: what it has so far; ``rules``: (picker, partner, called card, the called
    suit's duties open for this trick), for the engine's rule of play
    (:func:`~sheepshead.legality.play_mask`)."""
    picker, partner, called, duties = rules
    if len(trick) == n:
        winner, pts = trick_taken(trick, led, leader, n)
        if side >> winner & 1:
            points += pts
            tricks += 1
        rest = hands[winner]
        if not rest:
            return _value(points, tricks, total)
        if not rest & (rest - 1):
            # One card a seat: the last trick plays itself.
            last = [hands[(winner + j) % n].bit_length() - 1 for j in range(n)]
            winner, pts = trick_taken(last, SUIT_OF[last[0]], winner, n)
            if side >> winner & 1:
                points += pts
                tricks += 1
            return _value(points, tricks, total)
        if duties and led == SUIT_OF[called]:
            rules = (picker, partner, called, False)        # the called suit's duties are over
        return _best(hands, [], winner, -1, side, n, points, tricks, total, rules)
    seat = (leader + len(trick)) % n
    hand = hands[seat]
    m = play_mask(hand, seat, picker, partner, called, duties, not trick, led, -1)
    maximise = side >> seat & 1
    best = None
    while m:
        low = m & -m
        m ^= low
        c = low.bit_length() - 1
        hands[seat] = hand & ~low
        trick.append(c)
        v = _best(hands, trick, leader, SUIT_OF[c] if led < 0 else led, side, n, points,
                  tricks, total, rules)
        trick.pop()
        hands[seat] = hand
        if best is None or (v > best if maximise else v < best):
            best = v
    assert best is not None
    return best


def _side(state: HandState) -> tuple[int, int, int]:
    """(side mask, card points, tricks) of the picker's side so far, the bury counted."""
    picker, partner = state.picker, state.partner
    side = 1 << picker
    points = state.taken[picker] + card_points(state.bury)
    tricks = state.won[picker]
    if partner >= 0 and partner != picker:
        side |= 1 << partner
        points += state.taken[partner]
        tricks += state.won[partner]
    return side, points, tricks


def _solve_engine(state: HandState) -> int:
    """The value by open-card minimax on the engine's own moves (the unknown card still to
    fall)."""
    while True:
        if state.is_over:
            _, points, tricks = _side(state)
            return _value(points, tricks, state.hand_size)
        mask = state.legal_play_mask()
        if mask & (mask - 1):
            break
        state.apply_move(PLAY + mask.bit_length() - 1)
    seat = state.to_act
    maximise = seat == state.picker or seat == state.partner
    best = None
    while mask:
        low = mask & -mask
        mask ^= low
        s = state.clone()
        s.apply_move(PLAY + low.bit_length() - 1)
        v = _solve_engine(s)
        if best is None or (v > best if maximise else v < best):
            best = v
    assert best is not None
    return best


def _solve(state: HandState) -> int:
    """The value of the picker's side from here under open-card minimax."""
    if state.is_over or state.unknown_pending or state.unknown_position >= 0:
        return _solve_engine(state)
    side, points, tricks = _side(state)
    trick = list(state.trick_cards)
    return _best(list(state.hands), trick, state.leader, state.led_suit if trick else -1, side,
                 state.players, points, tricks, state.hand_size,
                 (state.picker, state.partner, state.called, state.duties_open))


def _plain(k: Knowledge) -> bool:
    """Can the rest of the hand be solved from the seat's knowledge and a layout alone: no
    unknown card (its trick's points are hidden), the partner the called card's holder?"""
    return (k.call_kind in (CallKind.ACE, CallKind.TEN, CallKind.ALONE) and k.unknown < 0
            and not k.unknown_played)


def _plain_value(k: Knowledge, slots: Slots, dealt: list[int], code: int) -> int:
    """The value (:func:`_value`) of the picker's side after ``code``, the hidden cards as
    ``dealt`` (:meth:`~.sampling.Slots.deal`), under open-card minimax (:func:`_plain` holds)."""
    me, picker, n = k.seat, k.picker, k.players
    hands = [k.hand if s == me else dealt[s] for s in range(n)]
    partner = k.partner
    if partner < 0 and k.called >= 0 and k.call_kind is not CallKind.ALONE:
        partner = me if k.i_am_partner else next(
            (s for s in range(n) if s != me and dealt[s] >> k.called & 1), -1)
    side = 1 << picker
    points = k.taken[picker] + card_points(k.bury if picker == me else dealt[slots.BURY])
    tricks = k.won[picker]
    if partner >= 0 and partner != picker:
        side |= 1 << partner
        points += k.taken[partner]
        tricks += k.won[partner]
    c = code - PLAY
    hands[me] &= ~(1 << c)
    trick = [*k.trick, c]
    led = k.led if k.trick else SUIT_OF[c]
    assert k.leader is not None             # a finished trick always has a winner
    return _best(hands, trick, k.leader, led, side, n, points, tricks,
                 k.tricks_done + k.cards_left[me],
                 (picker, partner, k.called, k.called >= 0 and (k.duties or k.called_first)))


def last_tricks_code(k: Knowledge, standard: int) -> int:
    """The move code to play in the last tricks (see the module), ``standard``: Standard's own
    choice, kept where it does as well.  The layouts are drawn from a random source seeded by
    the position (the seat, its hand, the cards played), not by the player's seed: Standard
    stays a function of the view alone, in CPython and Pyodide alike."""
    if (k.phase is not Phase.PLAY or k.leaster or k.picker < 0 or len(k.legal_codes) < 2
            or k.cards_left[k.seat] > LAST_TRICKS):
        return standard
    rng = random.Random(f"{k.seat} {k.hand} {k.played} {k.trick}")
    try:
        slots = Slots(k)
    except ValueError:                      # no consistent deal: play by the rules of thumb
        return standard
    totals = dict.fromkeys(k.legal_codes, 0)
    if _plain(k):
        seen: set[tuple[int, ...]] = set()
        for _ in range(LAYOUTS):
            dealt = slots.deal(rng)
            if dealt is None or tuple(dealt) in seen:
                continue
            seen.add(tuple(dealt))
            for code in totals:
                totals[code] += _plain_value(k, slots, dealt, code)
    else:
        layouts: dict[tuple[int, ...], HandState] = {}
        for _ in range(LAYOUTS):
            state = sample_state(k, rng, slots)
            if state is not None:
                layouts.setdefault((*state.hands, state.bury, state.unknown), state)
        for code in totals:
            for state in layouts.values():
                s = state.clone()
                s.apply_move(code)
                totals[code] += _solve(s)
    if not (k.seat == k.picker or k.i_am_partner):     # a defender: the least for the picker
        totals = {code: -v for code, v in totals.items()}
    best = max(k.legal_codes, key=lambda c: (totals[c], c == standard))
    return best if totals[best] > totals[standard] else standard
