"""The state of one hand, from the deal to the score: the rules of play.

:class:`HandState` follows OpenSpiel's shape: ``to_act``, ``legal_actions()``
(a stable order), ``apply(action)``, ``is_over``, ``result()``.  Like
pokerkit, every refusal says why (``seat 2 must follow trump``) through
:class:`~sheepshead.errors.IllegalActionError`.

For search the same rules are available on move codes (see
:mod:`sheepshead.actions`): ``legal_moves()`` and ``apply_move(code)`` do no
object allocation and no checking, and ``copy()`` is cheap.  The state holds
every hidden card, so only the engine, the tests and the replay command see
it; the interface and the computer players get a :class:`~sheepshead.view.SeatView`.

Internally cards are indexes 0..31 and hands are bit masks (see
:mod:`sheepshead.cards`).
"""

from __future__ import annotations

import enum
from typing import Iterable

from .actions import (ALONE, BLITZ, BURY, CALL, CALL_UNKNOWN, CRACK, PASS, PICK, PLAY, RECRACK,
                      Action, action_of)
from .cards import (CARDS, POINTS, STRENGTH, SUIT_MASK, SUIT_OF, Card, Suit, card_points, cards_of,
                    indexes_of)
from .deals import Deal, check_seed, deal_key, deal_masks, dealer_of
from .errors import IllegalActionError, SheepsheadError
from .rules import DEFAULT_RULES, AllPass, LeasterBlind, LeasterTie, LeasterTiebreak, PartnerBy, Rules
from .scoring import HandResult, Trick, leaster_scores, picker_scores, scoring_row, share_for

__all__ = ["Phase", "HandState", "CallKind"]

TRUMP = 3
FAIL_ACES = (7, 15, 23)     # AC AS AH
FAIL_TENS = (3, 11, 19)     # 10C 10S 10H
_BIT = tuple(1 << i for i in range(32))
JACK_OF_DIAMONDS = 28
BLACK_QUEENS = (1 << 5) | (1 << 13)   # QC QS
_PICK, _BURY, _CALL, _PLAY, _DONE, _DOUBLES = 0, 1, 2, 3, 4, 5   # Phase values, as plain ints
# How strongly each card bids for a trick, by the suit led: trumps by rank, cards of the led
# suit by rank, any other card 0 (it never wins; the first card always has a positive bid).
_WINNING = tuple(tuple(STRENGTH[c] if SUIT_OF[c] in (3, led) else 0 for c in range(32))
                 for led in range(4))
# Play move codes of every byte of a hand mask, by byte position: legal_moves() joins four lookups.
_B0, _B1, _B2, _B3 = ([[PLAY + 8 * k + i for i in range(8) if b >> i & 1] for b in range(256)]
                      for k in range(4))


class Phase(enum.IntEnum):
    """Where a hand stands."""

    PICK = 0
    """Players, from the dealer's left, pick up the blind or pass."""
    BURY = 1
    """The picker buries two cards."""
    CALL = 2
    """The picker calls a card or goes alone."""
    PLAY = 3
    """Tricks are played."""
    DONE = 4
    """Every trick is played (or, under the doubler option, the hand was thrown in)."""
    DOUBLES = 5
    """Options only: after the call, crack, re-crack and blitz are offered before play."""


class CallKind(enum.Enum):
    """How the picker chose a partner."""

    ACE = "ace"
    TEN = "ten"
    UNKNOWN = "unknown"
    ALONE = "alone"
    JACK = "jack-of-diamonds"
    """The option: the Jack of diamonds' holder is the partner, told by nothing but its play."""


_FRESH = {           # the scalar fields of a hand before its first action
    "phase": _PICK, "passes": 0, "picker": -1, "bury": 0, "called": -1, "called_suit": -1,
    "call_kind": None, "unknown": -1, "unknown_pending": False, "partner": -1,
    "called_led_at": -1, "partner_revealed_at": -1, "led_suit": -1, "unknown_pos": -1,
    "partner_card": -1, "forced": False, "thrown_in": False, "doubles": 0, "asks": (),
    "cracker": -1, "recracked": False, "blitzed": False,
}


class HandState:
    """One hand of Sheepshead with every card known: the referee's view.

    Build it with :meth:`from_seed` (a Daily or New Game deal) or
    :meth:`from_deal`; then apply actions until :attr:`is_over`.
    """

    def __init__(self, hands: Iterable[Iterable[Card | int]], blind: Iterable[Card | int],
                 dealer: int, rules: Rules = DEFAULT_RULES, redeal: int = 0):
        hand_masks = [_mask(h) for h in hands]
        blind_mask = _mask(blind)
        players = len(hand_masks)
        if players != rules.players:
            raise SheepsheadError(f"the deal has {players} hands; this table seats {rules.players}")
        sizes = {bin(m).count("1") for m in hand_masks}
        seen = 0
        for m in hand_masks + [blind_mask]:
            if seen & m:
                dup = cards_of(seen & m)[0]
                raise SheepsheadError(f"{dup} is dealt twice")
            seen |= m
        if len(sizes) != 1:
            raise SheepsheadError("every hand must hold the same number of cards")
        deck = 32 if players != 4 else 30
        if seen.bit_count() != deck:
            raise SheepsheadError(f"a deal holds {deck} cards, this one {seen.bit_count()}")
        if players == 4 and seen & 0x101:
            raise SheepsheadError("four-handed, the black sevens are out of the deck")
        if blind_mask.bit_count() != 2:
            raise SheepsheadError(f"the blind holds two cards, not {blind_mask.bit_count()}")
        if not (isinstance(dealer, int) and 0 <= dealer < players) or isinstance(dealer, bool):
            raise SheepsheadError(f"dealer must be a seat from 0 to {players - 1}, not {dealer!r}")
        self._setup(hand_masks, blind_mask, dealer, rules, redeal)

    def _setup(self, hand_masks: list[int], blind_mask: int, dealer: int, rules: Rules,
               redeal: int = 0) -> None:
        d = self.__dict__
        d.update(_FRESH)
        players = len(hand_masks)
        self.rules = rules
        self.players = players
        self.dealer = dealer
        self.dealt = tuple(hand_masks)
        self.blind = blind_mask
        self.hands = list(hand_masks)
        self.hand_size = hand_masks[0].bit_count()
        self.to_act = self.leader = (dealer + 1) % players
        self.trick_cards: list[int] = []
        self.tricks: list[tuple[int, tuple[int, ...], int, int]] = []
        self.taken = [0] * players
        self.won = [0] * players
        self.history: list[int] = []
        self.seats: list[int] = []          # who took each action of the history
        self.redeal = redeal

    @classmethod
    def from_masks(cls, hands: list[int], blind: int, dealer: int,
                   rules: Rules = DEFAULT_RULES, redeal: int = 0) -> "HandState":
        """Fast constructor from bit masks, trusted to be a valid deal (search uses it)."""
        self = object.__new__(cls)
        self._setup(list(hands), blind, dealer, rules, redeal)
        return self

    # ----------------------------------------------------------------- build
    @classmethod
    def from_deal(cls, deal: Deal, rules: Rules = DEFAULT_RULES, redeal: int = 0) -> "HandState":
        return cls(deal.hands, deal.blind, deal.dealer, rules, redeal)

    @classmethod
    def from_seed(cls, seed: str, hand: int = 1, rules: Rules = DEFAULT_RULES,
                  redeal: int = 0) -> "HandState":
        """Hand ``hand`` of the game ``seed`` (``daily:YYYY-MM-DD`` or ``game:<hex>``)."""
        check_seed(seed)
        if not isinstance(hand, int) or isinstance(hand, bool) or hand < 1:
            raise SheepsheadError(f"hand must be a whole number from 1, not {hand!r}")
        dealer = dealer_of(hand, rules.players)
        hands, blind = deal_masks(deal_key(seed, hand, redeal), dealer, rules.players)
        return cls.from_masks(hands, blind, dealer, rules, redeal)

    def copy(self) -> "HandState":
        """An independent copy (search plays on copies, never on the live hand)."""
        new = object.__new__(HandState)
        d = new.__dict__
        d.update(self.__dict__)
        d["hands"] = self.hands[:]
        d["trick_cards"] = self.trick_cards[:]
        d["tricks"] = self.tricks[:]
        d["taken"] = self.taken[:]
        d["won"] = self.won[:]
        d["history"] = self.history[:]
        d["seats"] = self.seats[:]
        return new

    # ------------------------------------------------------------ questions
    @property
    def is_over(self) -> bool:
        return self.phase == _DONE

    @property
    def is_leaster(self) -> bool:
        return self.picker < 0 and self.phase in (_PLAY, _DONE) and not self.thrown_in

    @property
    def alone(self) -> bool:
        """The picker plays alone (announced, forced, three-handed, or holding the Jack of
        diamonds under that option)."""
        return self.picker >= 0 and self.call_kind is not None and self.partner < 0

    @property
    def multiplier(self) -> int:
        """What this hand's scores are multiplied by: 2 for each doubler throw-in before it,
        each crack, re-crack and blitz."""
        m = 1 << self.doubles
        if self.redeal and self.rules.all_pass is AllPass.DOUBLER:
            m <<= self.redeal
        return m

    def hand_of(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now (the unknown card set aside is not among them)."""
        return cards_of(self.hands[seat])

    def actions(self) -> list[Action]:
        """Every action applied so far, in order."""
        return [action_of(c) for c in self.history]

    def current_trick(self) -> list[tuple[int, Card]]:
        """(seat, card) pairs of the trick in progress."""
        n = self.players
        return [((self.leader + k) % n, CARDS[c]) for k, c in enumerate(self.trick_cards)]

    def finished_tricks(self) -> list[Trick]:
        return [Trick(leader, tuple(CARDS[c] for c in cards), winner, points)
                for leader, cards, winner, points in self.tricks]

    @property
    def duties_active(self) -> bool:
        """True while the called suit has not yet been led (or is being led for the first time)."""
        return self.called >= 0 and (self.called_led_at < 0 or
                                     self.called_led_at == len(self.tricks))

    def view(self, seat: int):
        """What ``seat`` may know: a :class:`~sheepshead.view.SeatView`."""
        from .view import view_of
        return view_of(self, seat)

    # ---------------------------------------------------------- move codes
    def legal_moves(self) -> list[int]:
        """Move codes of every legal action, in a stable order."""
        phase = self.phase
        if phase == _PLAY:
            m = self._play_mask(self.to_act)
            return (_B0[m & 255] + _B1[(m >> 8) & 255]) + (_B2[(m >> 16) & 255] + _B3[m >> 24])
        if phase == _PICK:
            if self.passes == self.players - 1 and self.rules.all_pass is AllPass.DEALER_PICKS:
                return [PICK]
            return [PICK, PASS]
        if phase == _DOUBLES:
            seat, kind = self.asks[0]
            if kind == CRACK and seat == self.partner:
                return [PASS]           # the partner's quiet pass
            if kind == BLITZ and self.hands[seat] & BLACK_QUEENS != BLACK_QUEENS:
                return [PASS]           # no black Queens to show: a pass like any other
            return [kind, PASS]
        if phase == _BURY:
            cards = list(indexes_of(self.hands[self.picker]))
            return [BURY + 32 * a + b for i, a in enumerate(cards) for b in cards[i + 1:]]
        if phase == _CALL:
            return self._call_moves()
        return []

    def legal_play_mask(self) -> int:
        """Bit mask of the cards the seat to act may play (PLAY phase only)."""
        return self._play_mask(self.to_act) if self.phase == _PLAY else 0

    def _play_mask(self, s: int) -> int:
        h = self.hands[s]
        t = len(self.tricks)
        called = self.called
        if called >= 0 and (self.called_led_at < 0 or self.called_led_at == t):
            cs = self.called_suit
            cbit = _BIT[called]
            if not self.trick_cards:                          # leading
                if s == self.picker:
                    return h | _BIT[self.unknown] if self.unknown_pending else h
                if s == self.partner and h & cbit:
                    return h & ~(SUIT_MASK[cs] & ~cbit)       # lead the suit only with the called card
                return h
            led = self.led_suit
            if led == cs:                                      # the first lead of the called suit
                if s == self.partner and h & cbit:
                    return cbit
                if s == self.picker and self.unknown_pending:
                    return _BIT[self.unknown]
                f = h & SUIT_MASK[led]
                return f if f else h
            f = h & SUIT_MASK[led]
            if f:
                return f
            if not h:
                return _BIT[self.unknown]
            m = h
            if s == self.partner:
                if h != cbit:
                    m &= ~cbit
            elif s == self.picker:
                hold = h & SUIT_MASK[cs]
                if hold and not hold & (hold - 1) and h != hold:
                    m &= ~hold
            return m
        if not self.trick_cards:
            return h | _BIT[self.unknown] if (self.unknown_pending and s == self.picker) else h
        f = h & SUIT_MASK[self.led_suit]
        if f:
            return f
        if not h and self.unknown_pending and s == self.picker:
            return _BIT[self.unknown]
        return h

    def _callable(self) -> tuple[list[int], list[int], list[tuple[int, int]]]:
        """(Ace calls, Ten calls, (Ace, unknown card) calls) open to the picker."""
        h = self.hands[self.picker]
        owned = h | self.bury
        aces = []
        for s, ace in enumerate(FAIL_ACES):
            if h & SUIT_MASK[s] and not owned & _BIT[ace]:
                aces.append(ace)
        tens = []
        if all(owned & _BIT[a] for a in FAIL_ACES):
            for s, ten in enumerate(FAIL_TENS):
                if h & SUIT_MASK[s] and not owned & _BIT[ten]:
                    tens.append(ten)
        unknowns = []
        fail = h & (SUIT_MASK[0] | SUIT_MASK[1] | SUIT_MASK[2])
        only_aces = not fail & ~(_BIT[7] | _BIT[15] | _BIT[23])
        if not aces and only_aces:
            for s, ace in enumerate(FAIL_ACES):
                if not h & SUIT_MASK[s] and not owned & _BIT[ace]:
                    unknowns.extend((ace, u) for u in indexes_of(h))
        return aces, tens, unknowns

    def _call_moves(self) -> list[int]:
        aces, tens, unknowns = self._callable()
        return ([CALL + c for c in aces] + [CALL + c for c in tens] +
                [CALL_UNKNOWN + 32 * c + u for c, u in unknowns] + [ALONE])

    def apply_move(self, code: int) -> None:
        """Apply a legal move code without checking it (search uses this)."""
        self.history.append(code)
        self.seats.append(self.to_act)
        if 64 <= code < 128:                                   # play (the common case)
            self._play(self.to_act, code - PLAY)
            return
        n = self.players
        phase = self.phase
        if phase == _PICK:
            if code == PICK:
                self.picker = self.to_act
                self.hands[self.to_act] |= self.blind
                self.phase = _BURY
                self.forced = self.passes == n - 1 and self.rules.all_pass is AllPass.DEALER_PICKS
            else:
                self.passes += 1
                if self.passes < n:
                    self.to_act = (self.to_act + 1) % n
                elif self.rules.all_pass is AllPass.DOUBLER:
                    self.thrown_in = True
                    self.phase = _DONE
                else:
                    self._start_play()
        elif phase == _BURY:
            a, b = divmod(code - BURY, 32)
            self.bury = _BIT[a] | _BIT[b]
            self.hands[self.picker] &= ~self.bury
            if self.rules.partner is PartnerBy.JACK_OF_DIAMONDS:
                self.call_kind = CallKind.JACK
                self.partner_card = JACK_OF_DIAMONDS
                for s in range(n):
                    if s != self.picker and self.hands[s] & _BIT[JACK_OF_DIAMONDS]:
                        self.partner = s
                self._after_partner()
            elif n == 3:
                self.call_kind = CallKind.ALONE
                self._after_partner()
            else:
                self.phase = _CALL
        elif phase == _DOUBLES:
            seat, kind = self.asks[0]
            asks = self.asks[1:]
            if code == CRACK:
                self.doubles += 1
                self.cracker = seat
                asks = ((self.picker, RECRACK),) + tuple(a for a in asks if a[1] != CRACK)
            elif code == RECRACK:
                self.doubles += 1
                self.recracked = True
            elif code == BLITZ:
                self.doubles += 1
                self.blitzed = True
            self.asks = asks
            if asks:
                self.to_act = asks[0][0]
            else:
                self._start_play()
        elif phase == _CALL:
            if code == ALONE:
                self.call_kind = CallKind.ALONE
            else:
                if code >= CALL_UNKNOWN:
                    card, u = divmod(code - CALL_UNKNOWN, 32)
                    self.unknown = u
                    self.unknown_pending = True
                    self.hands[self.picker] &= ~_BIT[u]
                    self.call_kind = CallKind.UNKNOWN
                else:
                    card = code - CALL
                    self.call_kind = CallKind.TEN if card in FAIL_TENS else CallKind.ACE
                self.called = self.partner_card = card
                self.called_suit = SUIT_OF[card]
                for s in range(n):
                    if self.hands[s] & _BIT[card]:
                        self.partner = s
            self._after_partner()
        else:
            raise SheepsheadError("the hand is over")

    def _after_partner(self) -> None:
        """The partner is settled: offer crack / re-crack / blitz (options), then play."""
        rules = self.rules
        if rules.crack or rules.blitz:
            n, picker = self.players, self.picker
            asks = []
            if rules.crack:     # everyone who never got the chance to pick, in turn
                asks = [((picker + k) % n, CRACK) for k in range(1, (self.dealer - picker) % n + 1)]
            if rules.blitz:     # asked of every picker, so that a pass reveals nothing
                asks.append((picker, BLITZ))
            if asks:
                self.asks = tuple(asks)
                self.phase = _DOUBLES
                self.to_act = asks[0][0]
                return
        self._start_play()

    def _start_play(self) -> None:
        self.phase = _PLAY
        self.to_act = self.leader = (self.dealer + 1) % self.players

    def _play(self, s: int, c: int) -> None:
        cards = self.trick_cards
        if c == self.unknown and s == self.picker and self.unknown_pending:
            self.unknown_pending = False
            self.unknown_pos = len(cards)
            if not cards:
                self.led_suit = self.called_suit
        else:
            self.hands[s] ^= _BIT[c]
            if not cards:
                self.led_suit = SUIT_OF[c]
        if not cards and self.called >= 0 and self.called_led_at < 0 \
                and self.led_suit == self.called_suit:
            self.called_led_at = len(self.tricks)
        if c == self.partner_card:
            self.partner_revealed_at = len(self.history) - 1
        cards.append(c)
        n = self.players
        if len(cards) < n:
            self.to_act = (s + 1) % n
            return
        # The trick is complete: highest trump, else highest of the suit led.
        win = _WINNING[self.led_suit]
        upos = self.unknown_pos
        best = -1
        pos = points = 0
        for k in range(n):
            ck = cards[k]
            points += POINTS[ck]
            if win[ck] > best and k != upos:
                best = win[ck]
                pos = k
        winner = (self.leader + pos) % n
        tricks = self.tricks
        tricks.append((self.leader, tuple(cards), winner, points))
        self.taken[winner] += points
        self.won[winner] += 1
        self.trick_cards = []
        self.unknown_pos = -1
        self.leader = self.to_act = winner
        if len(tricks) == self.hand_size:
            self.phase = _DONE

    def scores(self) -> list[int]:
        """Each seat's ledger change of a finished hand (the fast part of :meth:`result`)."""
        if self.thrown_in:
            return [0] * self.players
        if self.picker < 0:
            return self._leaster_scores(self._leaster_points())
        picker, partner = self.picker, self.partner
        side_points = self.taken[picker] + card_points(self.bury)
        side_tricks = self.won[picker]
        if partner >= 0:
            side_points += self.taken[partner]
            side_tricks += self.won[partner]
        row = scoring_row(side_points, side_tricks, self.hand_size)
        return self._picker_scores(row)

    def _picker_scores(self, row: int) -> list[int]:
        rules = self.rules
        share = share_for(row, rules.double_on_bump and not self.forced) * self.multiplier
        partner = self.partner if self.partner >= 0 else None
        partner_pays = not (row == -3 and rules.schwarz_to_picker)
        return picker_scores(self.players, self.picker, partner, share, partner_pays)

    def _leaster_points(self) -> list[int]:
        points = list(self.taken)
        if self.rules.leaster_blind is LeasterBlind.LAST_TRICK:
            points[self.tricks[-1][2]] += card_points(self.blind)
        return points

    def _leaster_scores(self, points: list[int]) -> list[int]:
        rules = self.rules
        scores = leaster_scores(
            points, self.won,
            tiebreak_tricks=rules.leaster_tiebreak is LeasterTiebreak.FEWER_TRICKS,
            shared=rules.leaster_tie is LeasterTie.SHARED)
        m = self.multiplier
        return [v * m for v in scores] if m != 1 else scores

    # --------------------------------------------------- actions, checked
    def legal_actions(self) -> list[Action]:
        """Every legal action for the seat to act, in a stable order."""
        return [action_of(c) for c in self.legal_moves()]

    def can_apply(self, action: Action | str) -> bool:
        try:
            self.verify(action)
        except SheepsheadError:
            return False
        return True

    def apply(self, action: Action | str) -> None:
        """Check and apply one action; raise :class:`IllegalActionError` saying why not."""
        code = self.verify(action)
        self.apply_move(code)

    def verify(self, action: Action | str) -> int:
        """The move code of ``action`` if legal here; else raise with the reason."""
        action = Action.parse(action)
        code = action.code
        if code in self.legal_moves():
            return code
        from .refusals import why_illegal
        raise IllegalActionError(why_illegal(self, action), action=str(action), seat=self.to_act)

    # -------------------------------------------------------------- result
    def result(self) -> HandResult:
        """The scored outcome; only when :attr:`is_over`."""
        if self.phase != _DONE:
            raise SheepsheadError("the hand is not over")
        tricks = tuple(self.finished_tricks())
        if self.thrown_in:
            zeros = (0,) * self.players
            return HandResult(None, None, None, False, False, tricks, zeros, None, zeros, None,
                              None, self.multiplier, True)
        if self.picker < 0:
            points = self._leaster_points()
            return HandResult(None, None, None, False, True, tricks, tuple(points), None,
                              tuple(self._leaster_scores(points)), None, None, self.multiplier)
        picker = self.picker
        partner = self.partner if self.partner >= 0 else None
        points = list(self.taken)
        points[picker] += card_points(self.bury)
        side = {picker} | ({partner} if partner is not None else set())
        side_points = sum(points[s] for s in side)
        side_tricks = sum(self.won[s] for s in side)
        row = scoring_row(side_points, side_tricks, self.hand_size)
        called = CARDS[self.partner_card] if self.partner_card >= 0 else None
        return HandResult(picker, partner, called, self.alone, False, tricks, tuple(points),
                          (side_points, 120 - side_points), tuple(self._picker_scores(row)), row,
                          tuple(cards_of(self.bury)), self.multiplier)


def _mask(cards: Iterable[Card | int]) -> int:
    m = 0
    for c in cards:
        i = c if isinstance(c, int) else c.index
        if m & _BIT[i]:
            raise SheepsheadError(f"{CARDS[i]} is dealt twice")
        m |= _BIT[i]
    return m
