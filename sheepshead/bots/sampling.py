"""Deals consistent with what one seat knows: the Expert's imagined worlds.

:func:`sample_state` deals the cards a seat cannot see among the places they
may be (the other hands, the hidden bury, the blind, the unknown card played
face down), respecting everything the seat knows:

* the number of cards each seat still holds;
* the voids each seat has shown by failing to follow suit;
* the called card: with the partner when the seat knows who that is, else
  with one of the seats other than the picker and itself;
* the picker keeps a card of the called suit until that suit is led; after a
  Ten call the picker holds (or buried) every fail Ace; after a call with an
  unknown card the picker held only trump and fail Aces;
* its own bury, blind and unknown card when it is the picker.

It then replays the public history onto that deal, so the result is a full
:class:`~sheepshead.state.HandState` at the same position, whose view for the
seat equals the seat's own view.  The state is the bot's imagination: it is
built only from the view.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..actions import BURY, CALL_UNKNOWN, PLAY, Kind
from ..cards import BLACK_QUEENS, mask_bits
from ..rules import Rules
from ..state import HandState
from .knowledge import Knowledge

__all__ = ["sample_state", "Slots", "history_codes", "augment"]


class Slots:
    """The hidden places of one view: ``caps[i]`` cards, each from ``allowed[i]``.

    Slot ids: seats ``0..n-1`` (the other hands), then ``BURY``, ``BLIND``, ``UNK``.
    """

    def __init__(self, k: Knowledge):
        n = k.players
        self.n = n
        self.BURY, self.BLIND, self.UNK = n, n + 1, n + 2
        caps = [0] * (n + 3)
        allowed = [0] * (n + 3)
        unseen = k.unseen
        for s in range(n):
            if s != k.seat:
                caps[s] = k.cards_left[s]
                allowed[s] = k.possible[s]
        no_called = ~(1 << k.called) if k.called >= 0 else -1
        if k.view.blitzed and k.picker != k.seat:
            no_called &= ~BLACK_QUEENS        # shown in the picker's hand, so not buried
        if k.hidden_bury:
            caps[self.BURY] = 2
            allowed[self.BURY] = unseen & no_called
        if k.hidden_blind:
            caps[self.BLIND] = 2
            allowed[self.BLIND] = unseen
        if k.unknown_played:
            caps[self.UNK] = 1
            allowed[self.UNK] = unseen & k.picker_only & no_called
        aces = k.ten_call_aces()
        if aces:
            for i in range(n + 3):
                if i not in (k.picker, self.BURY):
                    allowed[i] &= ~aces
        self.caps = caps
        self.allowed = allowed
        self.pool = mask_bits(unseen)
        self.must_slot = (k.picker if k.picker_must_hold and k.picker != k.seat
                          and caps[k.picker] > 0 else -1)
        self.must_mask = k.picker_must_hold & unseen
        pool_mask = unseen
        self.free = self.must_slot < 0 and all(
            allowed[i] & pool_mask == pool_mask for i in range(n + 3) if caps[i])
        if sum(caps) != len(self.pool):
            raise ValueError(f"hidden places hold {sum(caps)} cards but {len(self.pool)} are unseen")

    def deal(self, rng: random.Random) -> list[int] | None:
        """Masks of the cards in each slot, or None if no consistent deal exists."""
        for _ in range(12):
            out = self._try(rng)
            if out is not None:
                return out
        return self._match(rng)

    def _try(self, rng: random.Random) -> list[int] | None:
        if self.free:                 # no constraint but the counts: a plain shuffle
            pool = self.pool[:]
            rng.shuffle(pool)
            out, k = [], 0
            for cap in self.caps:
                m = 0
                for c in pool[k:k + cap]:
                    m |= 1 << c
                out.append(m)
                k += cap
            return out
        caps = self.caps[:]
        allowed = self.allowed
        out = [0] * len(caps)
        pool = self.pool[:]
        if self.must_slot >= 0:
            choices = [c for c in pool if self.must_mask >> c & 1 and allowed[self.must_slot] >> c & 1]
            if not choices:
                return None
            c = rng.choice(choices)
            out[self.must_slot] |= 1 << c
            caps[self.must_slot] -= 1
            pool.remove(c)
        slots = range(len(caps))
        options = {c: [i for i in slots if allowed[i] >> c & 1] for c in pool}
        rng.shuffle(pool)
        pool.sort(key=lambda c: len(options[c]))
        for c in pool:
            opts = [i for i in options[c] if caps[i] > 0]
            if not opts:
                return None
            total = sum(caps[i] for i in opts)
            r = rng.randrange(total)
            for i in opts:
                r -= caps[i]
                if r < 0:
                    break
            out[i] |= 1 << c
            caps[i] -= 1
        return out

    def _match(self, rng: random.Random) -> list[int] | None:
        """Exact fallback: a bipartite matching of cards to slot places."""
        units = [i for i, cap in enumerate(self.caps) for _ in range(cap)]
        rng.shuffle(units)
        owner: list[int] = [-1] * len(units)
        pool = self.pool[:]
        rng.shuffle(pool)
        if self.must_slot >= 0:
            # Put a card of the called suit first among the picker's places.
            pool.sort(key=lambda c: 0 if self.must_mask >> c & 1 else 1)

        unit_allowed = [self.allowed[slot] for slot in units]
        for c in pool:
            if not augment(c, unit_allowed, owner, set()):
                return None
        out = [0] * len(self.caps)
        for u, c in enumerate(owner):
            out[units[u]] |= 1 << c
        if self.must_slot >= 0 and not out[self.must_slot] & self.must_mask:
            return None
        return out


def augment(c: int, unit_allowed: list[int], owner: list[int], seen: set[int]) -> bool:
    """Give card ``c`` a place, moving others along an alternating path (``owner[u]``: the
    card in place ``u``, -1 for none; ``unit_allowed[u]``: the cards place ``u`` may take)."""
    for u, allowed in enumerate(unit_allowed):
        if u in seen or not allowed >> c & 1:
            continue
        seen.add(u)
        if owner[u] < 0 or augment(owner[u], unit_allowed, owner, seen):
            owner[u] = c
            return True
    return False


def history_codes(k: Knowledge, bury: int, unknown: int) -> list[int]:
    """The move codes of the view's history, hidden parts filled from a sample."""
    codes = []
    for p in k.view.history:
        if p.action is not None:
            codes.append(p.action.code)
        elif p.kind is Kind.BURY:
            a, b = mask_bits(bury)
            codes.append(BURY + 32 * a + b)
        elif p.kind is Kind.PLAY:
            codes.append(PLAY + unknown)
        else:                                  # a call with an unknown card not seen
            codes.append(CALL_UNKNOWN + 32 * k.called + unknown)
    return codes


def sample_state(k: Knowledge, rng: random.Random, slots: Slots | None = None,
                 observe: Callable[[HandState, int], None] | None = None) -> HandState | None:
    """A full state at the view's position, the hidden cards dealt at random.  ``observe``,
    when given, is called with the state and each move code of the history before that move
    is replayed (the Expert weighs the deal by how likely each public action was)."""
    slots = slots or Slots(k)
    dealt = slots.deal(rng)
    if dealt is None:
        return None
    n = k.players
    me, picker = k.seat, k.picker
    hands = [0] * n
    for s in range(n):
        hands[s] = (k.hand if s == me else dealt[s]) | k.played_by[s]
    unknown = -1
    if picker == me:
        bury, blind = k.bury, k.blind
        if k.unknown >= 0:
            unknown = k.unknown
            hands[me] |= 1 << unknown
        hands[me] = (hands[me] | bury) & ~blind
    elif picker >= 0:
        bury = dealt[slots.BURY]
        if k.unknown_played:
            unknown = (dealt[slots.UNK] & -dealt[slots.UNK]).bit_length() - 1
            hands[picker] |= 1 << unknown
        elif k.unknown_pending:
            unknown = rng.choice(mask_bits(dealt[picker]))
        if bury:
            blind = bury                      # the picker may well have buried the blind
        else:                                 # bury phase: nothing to hide yet
            cards = mask_bits(hands[picker])
            blind = (1 << cards[0]) | (1 << cards[1])
            hands[picker] &= ~blind
    else:
        bury = 0
        blind = dealt[slots.BLIND]
    state = HandState.from_masks(hands, blind, k.view.dealer, k.view.rules)
    if observe is None:
        for code in history_codes(k, bury, unknown):
            state.apply_move(code)
    else:
        for code in history_codes(k, bury, unknown):
            observe(state, code)
            state.apply_move(code)
    return state


def passers_weight(k: Knowledge, state: HandState,
                   would_pick: Callable[[int, int, Rules], bool]) -> float:
    """Likelihood weight of a sample given who passed: a seat that passed a
    hand it would have picked makes that sample less likely."""
    w = 1.0
    for pos, s in enumerate(k.passed):
        if s != k.seat and would_pick(state.dealt[s], pos, k.rules):
            w *= 0.25
    return w

