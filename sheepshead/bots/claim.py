"""Claim the rest: a proof, from one seat's view, that it takes every remaining trick.

On its lead, a seat may claim when every card it holds wins its trick whatever the hidden
cards are: for every deal consistent with its view (the bury and the face-down unknown card
included, the called suit's duties respected) and every legal play of the other seats, all
of them treated as opponents, the partner too. :func:`claim_order` proves it or says no.
It is a proof, not a sample: it asks only what the other seats *may* hold, which is never
less than what a consistent deal gives them.

What a seat may hold (:class:`_Holdings`): the cards the seat cannot see go to the hidden
places of its view (each other hand, the hidden bury, blind and face-down unknown card,
with their counts and the cards each may take: :class:`~sheepshead.bots.sampling.Slots`,
from :class:`~sheepshead.bots.knowledge.Knowledge`: voids shown, where the called card may
be, what a Ten or unknown-card call tells...). A holding is possible only when the other
unseen cards can still fill every other place (a perfect matching), so a card no seat can
hold is known to be in the bury, and two cards that cannot both be in one hand are split.

The rule: lead the trumps, highest first, then each fail suit, highest first.

1. The ``j``-th lead of a suit (counting from 0) wins unless some other seat may hold more
   than ``j`` cards of that suit *and* a higher card of it: a seat holding the suit must
   follow it, so each lead of the suit forces one of its cards out.
2. A fail card also needs that no seat may still hold a trump once the claimer's trumps are
   led: none may hold more trumps than the claimer leads.
3. A seat's count is also bounded by its cards left, less one for the face-down unknown
   card the picker still holds (it never wins) and less one for a card of the called suit
   it is known to keep (the picker's hold card; the called card with its known holder),
   in every suit but that one.
4. The claimer's own face-down unknown card never wins: no claim while it holds one.

Sound by construction: each count above bounds what any consistent deal and any legal play
can leave in a hand. Not proven complete (it ignores, for example, that the picker keeps a
card of the called suit when matching, and counts each suit on its own), but
``tests/test_advice.py`` checks it against brute force over every consistent deal and every
play of the others, and it found every claim brute force found (``docs/help.md``).

:func:`claimed_play` plays the claimed tricks out legally on a copy of the hand, the claimer
leading in the proof's order and the others choosing as ``choose`` says (the table passes
its computer players, so that result links replay the same plays), and checks that the
claimer took every trick.
"""

from __future__ import annotations

from collections.abc import Callable

from ..actions import PLAY
from ..cards import BEATS, CARDS, STRENGTH, SUIT_MASK, SUIT_OF, TRUMP_MASK, Card, mask_bits
from ..errors import SheepsheadError
from ..position import Phase
from ..state import HandState
from ..view import SeatView
from .knowledge import Knowledge
from .sampling import Slots, augment

__all__ = ["claim_order", "can_claim", "claimed_play"]


class _Holdings:
    """What the other seats may hold in some deal consistent with the view. The view's hidden
    places (:class:`~sheepshead.bots.sampling.Slots`: each other hand, the hidden bury, blind
    and face-down unknown card, each with its count and the cards it may take) must all be
    filled, so a holding is possible only when the other unseen cards can fill the rest: a
    perfect matching of cards to places. This is what puts a card in the bury when no seat
    may hold it, or splits two cards between two seats. The picker's duty to keep a card of
    the called suit is left out: a relaxation, so an answer may be too generous, never too
    strict, which keeps the proof sound.

    One matching is found once; each question about one card then looks for one alternating
    path."""

    def __init__(self, k: Knowledge):
        slots = Slots(k)
        self.caps = slots.caps
        self.allowed = slots.allowed
        self.pool = slots.pool
        self.units = [i for i, cap in enumerate(self.caps) for _ in range(cap)]
        self.owner = [-1] * len(self.units)
        self.known: dict[tuple[int, int, int], bool] = {}
        self.matched = _matching([self.allowed[i] for i in self.units], self.pool, self.owner)

    def may_hold(self, seat: int, card: int) -> bool:
        if not self.allowed[seat] >> card & 1:
            return False
        if not self.matched:            # no matching found: fall back on the allowed cards
            return True
        key = (seat, 1 << card, 0)
        v = self.known.get(key)
        if v is None:
            v = self.known[key] = self._place(seat, card)
        return v

    def _place(self, seat: int, card: int) -> bool:
        here = self.owner.index(card)
        if self.units[here] == seat:
            return True
        unit_allowed = [self.allowed[i] for i in self.units]
        for u, slot in enumerate(self.units):
            if slot != seat:
                continue
            owner = self.owner[:]
            owner[here] = -1                  # the card leaves its place ...
            moved, owner[u] = owner[u], card  # ... for one of the seat's, whose card moves on
            if augment(moved, unit_allowed, owner, {u}):
                return True
        return False

    def any_of(self, seat: int, mask: int) -> bool:
        """``seat`` may hold some card of ``mask``."""
        return any(self.may_hold(seat, c) for c in mask_bits(mask & self.allowed[seat]))

    def more_than(self, seat: int, mask: int, j: int) -> bool:
        """``seat`` may hold more than ``j`` cards of ``mask`` at once."""
        if j == 0:
            return self.any_of(seat, mask)
        if not self.matched:
            return (self.allowed[seat] & mask).bit_count() > j
        key = (seat, mask, j)
        v = self.known.get(key)
        if v is None:
            # Split the seat's places: j + 1 that take only cards of the mask, and the rest.
            caps = self.caps[:]
            caps[seat] -= j + 1
            v = caps[seat] >= 0
            if v:
                unit_allowed = [self.allowed[i] for i, cap in enumerate(caps) for _ in range(cap)]
                unit_allowed += [self.allowed[seat] & mask] * (j + 1)
                v = _matching(unit_allowed, self.pool, [-1] * len(unit_allowed))
            self.known[key] = v
        return v


def _matching(unit_allowed: list[int], cards: list[int], owner: list[int]) -> bool:
    """Fill ``owner`` with a place for every card, one card a place; False if none exists."""
    return len(unit_allowed) == len(cards) and all(
        augment(c, unit_allowed, owner, set()) for c in cards)


def _rooms(k: Knowledge, others: list[int]) -> list[tuple[int, int]]:
    """Per other seat: (cards it may play that can win, the suit of a card it must keep or
    -1). The face-down unknown card never wins; the picker's hold card and the called card
    (with its known holder) are of the called suit (see the module docstring, rule 3)."""
    out = []
    for s in others:
        room, keeps = k.cards_left[s], -1
        if s == k.picker and k.unknown_pending:
            room -= 1
        hold_card = s == k.picker and k.picker_must_hold != 0
        called_card = k.called >= 0 and k.unseen >> k.called & 1 == 1 and k.partner_candidates == [s]
        if hold_card or called_card:
            keeps = k.called_suit
        out.append((room, keeps))
    return out


def _run_safe(cards: list[int], suit: int, others: list[int], rooms: list[int],
              holds: _Holdings) -> bool:
    """Each of ``cards`` (of ``suit``), led highest first, takes its trick: at the ``j``-th
    lead a seat still holds a card of the suit only if it may hold more than ``j`` of them
    (a seat holding the suit must follow it), and then it must not hold a higher one."""
    mask = SUIT_MASK[suit]
    for j, c in enumerate(sorted(cards, key=STRENGTH.__getitem__, reverse=True)):
        higher = BEATS[c] & mask
        for s, room in zip(others, rooms, strict=True):
            if room > j and holds.any_of(s, higher) and holds.more_than(s, mask, j):
                return False
    return True


def claim_order(view: SeatView) -> tuple[Card, ...] | None:
    """The seat's cards in the order that proves the claim, or None when the proof fails
    (or it is not the seat's lead). See the module docstring for the rule."""
    if view.phase is not Phase.PLAY or view.to_act != view.seat or view.trick is not None:
        return None
    k = Knowledge(view)
    me = k.seat
    if not k.hand or (k.picker == me and k.unknown_pending):
        return None
    others = [s for s in range(k.players) if s != me and k.cards_left[s] > 0]
    holds = _Holdings(k)
    rooms = _rooms(k, others)
    mine = mask_bits(k.hand)
    order: list[int] = []
    for suit in (3, 0, 1, 2):
        cards = [c for c in mine if SUIT_OF[c] == suit]
        room = [r - (keeps >= 0 and keeps != suit) for r, keeps in rooms]
        if not _run_safe(cards, suit, others, room, holds):
            return None
        if suit == 3 and len(cards) < len(mine) and any(
                r > len(cards) and holds.more_than(s, TRUMP_MASK, len(cards))
                for s, r in zip(others, room, strict=True)):
            return None                          # a seat may still trump a fail card
        order += sorted(cards, key=STRENGTH.__getitem__, reverse=True)
    return tuple(CARDS[c] for c in order)


def can_claim(view: SeatView) -> bool:
    """The seat, on its lead, takes every remaining trick whatever the hidden cards are."""
    return claim_order(view) is not None


def lowest_legal(state: HandState) -> int:
    """The default choice of the other seats in :func:`claimed_play`: the lowest legal card."""
    return min(state.legal_moves())


def claimed_play(state: HandState, choose: Callable[[HandState], int] | None = None) -> list[int]:
    """The move codes that play the claimed tricks out from ``state`` (the seat to act must be
    able to claim): the claimer leads its cards in :func:`claim_order`'s order, every other
    seat plays ``choose(state)`` (a legal move code; by default :func:`lowest_legal`).
    ``state`` is not changed. Raises :class:`SheepsheadError` when the seat cannot claim,
    when ``choose`` answers an illegal move, or should the claimer lose a trick."""
    seat = state.to_act
    order = claim_order(state.view(seat)) if state.phase is Phase.PLAY else None
    if order is None:
        raise SheepsheadError(f"seat {seat} cannot claim the remaining tricks")
    play = state.clone()
    pick = choose or lowest_legal
    codes: list[int] = []
    leads = iter(order)
    while not play.is_over:
        if play.to_act == seat:
            code = PLAY + next(leads).index
        else:
            code = pick(play)
        if code not in play.legal_moves():
            raise SheepsheadError(f"claim: move {code} is not legal for seat {play.to_act}")
        play.apply_move(code)
        codes.append(code)
        if not play.trick_cards and play.tricks[-1][2] != seat:
            raise SheepsheadError(f"claim: seat {seat} lost trick {len(play.tricks)}")
    return codes
