"""What one seat can know or infer from its :class:`~sheepshead.view.SeatView`.

:class:`Knowledge` turns a view into bit masks the players reason with:

* the cards this seat cannot see (``unseen``) and, for each other seat, the
  cards it may still hold (``possible``), narrowed by the voids it has shown
  by failing to follow suit;
* the called-suit duties: until the called suit is led, the partner holds the
  called card, and the picker keeps at least one card of the called suit (or,
  after a call with an unknown card, held only trump and fail Aces);
* the trumps still out, the points and tricks each seat has taken, who passed.

Nothing here looks at anything but the view.  How it reads the picker's face-down unknown
card was fixed twice; an old version keeps its own :data:`READING` (:mod:`.versions`).
"""

from __future__ import annotations

from ..actions import Kind
from ..cards import (
    ALL_CARDS,
    BLACK_QUEENS,
    BLACK_SEVENS,
    FAIL_ACES_MASK,
    POINTS,
    SUIT_MASK,
    SUIT_OF,
    TRUMP_MASK,
)
from ..position import CallKind, Phase
from ..view import SeatView

__all__ = ["Knowledge", "READING"]

READING = 3
"""The newest reading of a view (``standard-v3`` on).  ``1`` (the first Standard's): a trick
led by the picker's unknown card, in the picker's own view, is a lead of that card's suit,
which shows voids and points there; ``2``: it is a lead of the called suit, as the others see
it; ``3``: a trick it led before also counts as the first lead of the called suit
(:attr:`Knowledge.called_first`)."""

DECK_FOUR = ALL_CARDS & ~BLACK_SEVENS
"""Four-handed, the black sevens (7C, 7S) are out of the deck."""
_BEFORE_THE_CALL = (Phase.PICK, Phase.BURY)


class Knowledge:
    """Masks and facts one seat may use, computed once from its view."""

    __slots__ = ("view", "seat", "players", "phase", "hand", "legal_codes", "picker", "partner",
                 "i_am_partner", "alone", "leaster", "called", "called_suit", "call_kind",
                 "duties", "unknown", "unknown_pending", "unknown_played", "played", "played_by",
                 "unseen", "voids", "possible", "cards_left", "taken", "won", "trick",
                 "leader", "led", "tricks_done", "passed", "blind", "bury", "hidden_bury",
                 "hidden_blind", "picker_must_hold", "picker_only", "partner_candidates", "rules",
                 "deck", "sure_alone", "called_first")

    def __init__(self, view: SeatView, reading: int = READING):
        self.view = view
        n = self.players = view.players
        me = self.seat = view.seat
        self.phase = view.phase
        self.hand = sum(1 << c.index for c in view.hand)
        self.legal_codes = [a.code for a in view.legal]
        self.picker = picker = -1 if view.picker is None else view.picker
        self.partner = -1 if view.partner is None else view.partner
        self.i_am_partner = self.partner == me and picker != me
        self.call_kind = view.call_kind
        self.alone = view.call_kind is CallKind.ALONE
        self.rules = view.rules
        self.deck = DECK_FOUR if n == 4 else ALL_CARDS
        # The picker plays alone and this seat knows it: announced, three-handed, or under the
        # Jack of diamonds option once known (only these last two change how the others play).
        self.sure_alone = view.alone is True and (n == 3 or view.call_kind is CallKind.JACK)
        self.leaster = view.leaster
        self.called = -1 if view.called is None else view.called.index
        self.called_suit = -1 if self.called < 0 else SUIT_OF[self.called]
        self.duties = self.called >= 0 and not view.called_suit_led
        self.unknown = -1 if view.unknown is None else view.unknown.index
        self.unknown_pending = view.unknown_pending
        self.blind = sum(1 << c.index for c in view.blind) if view.blind else 0
        self.bury = sum(1 << c.index for c in view.bury) if view.bury else 0
        self.cards_left = list(view.cards_left)
        passed = []                        # passes at the pick (not crack or blitz passes)
        for p in view.history:
            if p.kind is Kind.PASS:
                passed.append(p.seat)
            elif p.kind is Kind.PICK:
                break
        self.passed = passed
        self._read_play(view, reading)
        self._read_hidden(view)

    def _read_play(self, view: SeatView, reading: int) -> None:
        """What the play so far shows: cards played and by whom, voids, points taken, the
        trick in progress and whether it is the first lead of the called suit."""
        n, me, picker = self.players, self.seat, self.picker
        played = 0
        played_by = [0] * n
        voids = [0] * n                       # bit k: seat has shown void in play suit k
        taken = [0] * n
        unknown_played = False
        tricks = list(view.tricks)
        if view.trick is not None:
            tricks.append(view.trick)
        face_down = self.unknown if reading >= 2 else -1   # the unknown card, read as such
        for t in tricks:
            cards = t.cards
            first = cards[0]
            # The picker's unknown card is played face down as a card of the called suit:
            # a trick it leads is a lead of that suit, even in the picker's own view (where
            # the card shows).
            led = self.called_suit if first is None or first.index == face_down \
                else SUIT_OF[first.index]
            pts = 0
            for k, c in enumerate(cards):
                s = (t.leader + k) % n
                if c is None:                 # the picker's unknown card, face down
                    unknown_played = True
                    continue
                i = c.index
                if i == face_down:            # the picker's own view of it: no suit shown
                    played |= 1 << i
                    played_by[s] |= 1 << i
                    continue
                played |= 1 << i
                played_by[s] |= 1 << i
                pts += POINTS[i]
                if SUIT_OF[i] != led:
                    voids[s] |= 1 << led
            if t.winner is not None:
                taken[t.winner] += pts
        if self.unknown >= 0 and not self.unknown_pending:
            played |= 1 << self.unknown
            played_by[picker] |= 1 << self.unknown
        self.played = played
        self.played_by = played_by
        self.voids = voids
        self.taken = taken
        self.won = list(view.tricks_won)
        self.unknown_played = unknown_played and me != picker
        self.tricks_done = len(view.tricks)
        cur = view.trick
        self.trick = [(-1 if c is None else c.index) for c in cur.cards] if cur else []
        self.leader = cur.leader if cur else (view.tricks[-1].winner if view.tricks else
                                              (view.dealer + 1) % n)
        self.led = -1
        if cur:
            first = cur.cards[0]
            self.led = self.called_suit if first is None or first.index == face_down \
                else SUIT_OF[first.index]
        # The trick in progress is the first lead of the called suit: the picker must follow
        # it with its hold card (or the unknown card) and the partner with the called card.
        led_before = self.unknown if reading >= 3 else -1
        self.called_first = bool(cur) and self.called >= 0 and self.led == self.called_suit \
            and not any(t.cards[0] is None or t.cards[0].index == led_before
                        or SUIT_OF[t.cards[0].index] == self.called_suit for t in view.tricks)

    def _read_hidden(self, view: SeatView) -> None:
        """Where the cards this seat has not seen may be: each other seat's possible cards,
        the picker's hold card, the partner's candidates."""
        n, me, picker, voids = self.players, self.seat, self.picker, self.voids
        cur = view.trick
        known = self.hand | self.played
        if picker == me:
            known |= self.bury | (1 << self.unknown if self.unknown >= 0 else 0)
        self.unseen = unseen = self.deck & ~known
        # Hidden places besides the other hands.
        self.hidden_bury = picker >= 0 and picker != me and self.phase not in _BEFORE_THE_CALL
        self.hidden_blind = picker < 0      # pick phase, or the leaster's blind set aside

        # What each other seat may hold.
        possible = [0] * n
        for s in range(n):
            if s == me:
                continue
            m = unseen
            for k in range(4):
                if voids[s] >> k & 1:
                    m &= ~SUIT_MASK[k]
            possible[s] = m
        self.picker_must_hold = 0
        self.picker_only = ALL_CARDS
        self.partner_candidates = []
        called = self.called
        if called >= 0 and unseen >> called & 1:
            cbit = 1 << called
            if self.partner >= 0:
                holders = [self.partner]
            else:
                holders = [s for s in range(n) if s not in (me, picker)]
                if view.called_suit_led and cur:
                    # The first trick of the called suit: whoever played to it without
                    # the called card is not the partner.
                    done = {(cur.leader + j) % n for j in range(len(cur.cards))}
                    holders = [s for s in holders if s not in done]
            for s in range(n):
                if s != me and s not in holders:
                    possible[s] &= ~cbit
            self.partner_candidates = [s for s in holders if possible[s] & cbit]
        if picker >= 0 and picker != me and called >= 0:
            if self.call_kind is CallKind.UNKNOWN:
                # At the call the picker held only trump and fail Aces (none of the called suit).
                self.picker_only = (TRUMP_MASK | FAIL_ACES_MASK) & ~SUIT_MASK[self.called_suit]
                possible[picker] &= self.picker_only
            elif self.duties or (cur and self.called_first and picker not in {
                    (cur.leader + j) % n for j in range(len(cur.cards))}):
                # It keeps a card of the called suit until that suit is first led to it.
                self.picker_must_hold = SUIT_MASK[self.called_suit] & ~(1 << called)
        cracker = view.cracked_by
        if cracker is not None and cracker != me and view.partner_card is not None:
            # The partner may only pass the crack question: the cracker does not hold its card.
            possible[cracker] &= ~(1 << view.partner_card.index)
            self.partner_candidates = [s for s in self.partner_candidates if s != cracker]
        if view.blitzed and picker != me:
            # The picker showed both black Queens: those not yet played are in its hand.
            for s in range(n):
                if s != picker:
                    possible[s] &= ~BLACK_QUEENS
        self.possible = possible

    # ----------------------------------------------------------- questions
    def ten_call_aces(self) -> int:
        """After a Ten call the picker holds (or buried) every fail Ace not yet played."""
        if self.call_kind is CallKind.TEN and self.picker != self.seat:
            return FAIL_ACES_MASK & self.unseen
        return 0
