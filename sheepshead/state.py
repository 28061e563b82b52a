"""The state of one hand, from the deal to the score: the rules of play.

:class:`HandState` follows OpenSpiel's shape: ``to_act``, ``legal_actions()``
(a stable order), ``apply(action)``, ``is_over``, ``result()``.  Like
pokerkit, every refusal says why (``seat 2 must follow trump``) through
:class:`~sheepshead.errors.IllegalActionError`, whose ``refusal`` is the
structured reason (:mod:`sheepshead.refusals`).

For search the same rules are available on move codes (see
:mod:`sheepshead.actions`), the *fast surface*: ``legal_moves()``,
``legal_play_mask()``, ``apply_move(code)`` (no checking, no objects),
``clone()``, ``hand_mask(seat)``, ``pending_question()`` and ``scores()``, plus the
read-only facts of :class:`~sheepshead.position.Position`.  The state holds every
hidden card, so only the engine, the tests and the replay command see it; the
interface and the computer players get a :class:`~sheepshead.view.SeatView`, and
search plays on clones built from what a view allows.

The rules themselves live in :mod:`sheepshead.legality` (who may play what, what may
be called, who takes a trick) and :mod:`sheepshead.scoring`; this class keeps the
hand's bookkeeping and applies them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .actions import (
    ALONE,
    BLITZ,
    BURY,
    CALL,
    CALL_UNKNOWN,
    CRACK,
    PASS,
    PICK,
    PLAY,
    RECRACK,
    Action,
    action_of,
)
from .cards import (
    BLACK_QUEENS,
    CARDS,
    FAIL_TENS,
    JACK_OF_DIAMONDS,
    SUIT_OF,
    Card,
    cards_of,
    indexes_of,
)
from .deals import Deal, check_deal, check_seed, deal_key, deal_masks, dealer_of
from .errors import IllegalActionError, SheepsheadError
from .legality import BIT, call_options, play_mask, trick_winner
from .outcome import hand_result, hand_scores
from .position import CallKind, Phase, Position, Question
from .refusals import why_illegal
from .rules import DEFAULT_RULES, MAX_THROW_INS, AllPass, PartnerBy, Rules, check_redeal
from .scoring import HandResult
from .view import SeatView, view_of

__all__ = ["Phase", "HandState", "CallKind"]

_PICK, _BURY, _CALL, _DOUBLES, _PLAY, _DONE = (Phase.PICK, Phase.BURY, Phase.CALL, Phase.DOUBLES,
                                               Phase.PLAY, Phase.DONE)
# Play move codes of every byte of a hand mask, by byte position: legal_moves() joins four lookups.
_B0, _B1, _B2, _B3 = ([[PLAY + 8 * k + i for i in range(8) if b >> i & 1] for b in range(256)]
                      for k in range(4))
TrickRow = tuple[int, tuple[int, ...], int, int]
"""A finished trick: (leader, cards in the order played, winner, card points)."""


class HandState(Position):
    """One hand of Sheepshead with every card known: the referee's view.

    Build it with :meth:`from_seed` (a Daily or New Game deal) or
    :meth:`from_deal`; then apply actions until :attr:`is_over`.  The public
    attributes are the facts declared (and documented) by
    :class:`~sheepshead.position.Position`: read them, never assign them (only
    :meth:`apply` and :meth:`apply_move` change a hand).
    """

    __slots__ = (
        "rules", "players", "dealer", "hand_size", "redeal", "dealt", "blind",
        "phase", "to_act", "leader", "passes", "picker", "forced", "bury", "call_kind",
        "called", "called_suit", "partner_card", "partner", "unknown", "unknown_pending",
        "thrown_in", "doubles", "cracker", "recracked", "blitzed",
        "_hands", "_trick", "_tricks", "_taken", "_won", "_history", "_seats", "_led",
        "_unknown_pos", "_called_led_at", "_partner_revealed_at", "_asks",
    )

    call_kind: CallKind | None      # (declared by Position; repeated for the inference in _setup)
    _hands: list[int]
    _trick: list[int]
    _tricks: list[TrickRow]
    _taken: list[int]
    _won: list[int]
    _history: list[int]
    _seats: list[int]
    _led: int
    _unknown_pos: int
    """Where in the trick in progress the unknown card lies (-1: not in it)."""
    _called_led_at: int
    """The trick in which the called suit was first led (-1: not yet)."""
    _partner_revealed_at: int
    """The index in the history of the play of the partner's card (-1: not yet)."""
    _asks: tuple[Question, ...]

    def __init__(self, hands: Iterable[Iterable[Card | int]], blind: Iterable[Card | int],
                 dealer: int, rules: Rules = DEFAULT_RULES, redeal: int = 0):
        hand_masks = [_mask(h) for h in hands]
        blind_mask = _mask(blind)
        check_deal(hand_masks, blind_mask, dealer, rules.players)
        self._setup(hand_masks, blind_mask, dealer, rules, redeal)

    def _setup(self, hand_masks: list[int], blind_mask: int, dealer: int, rules: Rules,
               redeal: int = 0) -> None:
        players = len(hand_masks)
        self.rules = rules
        self.players = players
        self.dealer = dealer
        self.hand_size = hand_masks[0].bit_count()
        self.redeal = check_redeal(redeal)
        self.dealt = tuple(hand_masks)
        self.blind = blind_mask
        self.phase = _PICK
        self.to_act = self.leader = (dealer + 1) % players
        self.passes = 0
        self.picker = -1
        self.forced = False
        self.bury = 0
        self.call_kind = None
        self.called = self.called_suit = self.partner_card = self.partner = -1
        self.unknown = -1
        self.unknown_pending = False
        self.thrown_in = False
        self.doubles = 0
        self.cracker = -1
        self.recracked = self.blitzed = False
        self._hands = list(hand_masks)
        self._trick = []
        self._tricks = []
        self._taken = [0] * players
        self._won = [0] * players
        self._history = []
        self._seats = []
        self._led = -1
        self._unknown_pos = self._called_led_at = self._partner_revealed_at = -1
        self._asks = ()

    @classmethod
    def from_masks(cls, hands: Sequence[int], blind: int, dealer: int,
                   rules: Rules = DEFAULT_RULES, redeal: int = 0) -> HandState:
        """Fast constructor from bit masks, trusted to be a valid deal (search uses it)."""
        self = object.__new__(cls)
        self._setup(list(hands), blind, dealer, rules, redeal)
        return self

    # ----------------------------------------------------------------- build
    @classmethod
    def from_deal(cls, deal: Deal, rules: Rules = DEFAULT_RULES, redeal: int = 0) -> HandState:
        return cls(deal.hands, deal.blind, deal.dealer, rules, redeal)

    @classmethod
    def from_seed(cls, seed: str, hand: int = 1, rules: Rules = DEFAULT_RULES,
                  redeal: int = 0) -> HandState:
        """Hand ``hand`` of the game ``seed`` (``daily:YYYY-MM-DD`` or ``game:<hex>``)."""
        check_seed(seed)
        if not isinstance(hand, int) or isinstance(hand, bool) or hand < 1:
            raise SheepsheadError(f"hand must be a whole number from 1, not {hand!r}")
        dealer = dealer_of(hand, rules.players)
        hands, blind = deal_masks(deal_key(seed, hand, redeal), dealer, rules.players)
        return cls.from_masks(hands, blind, dealer, rules, redeal)

    def clone(self) -> HandState:
        """An independent copy (search plays on clones, never on the live hand)."""
        new = object.__new__(HandState)
        for name in _SCALARS:
            object.__setattr__(new, name, getattr(self, name))
        new._hands = self._hands[:]
        new._trick = self._trick[:]
        new._tricks = self._tricks[:]
        new._taken = self._taken[:]
        new._won = self._won[:]
        new._history = self._history[:]
        new._seats = self._seats[:]
        return new

    # ------------------------------------------------------------ questions
    @property
    def is_over(self) -> bool:
        return self.phase is _DONE

    @property
    def is_leaster(self) -> bool:
        return self.picker < 0 and (self.phase is _PLAY or self.phase is _DONE) \
            and not self.thrown_in

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

    @property
    def hands(self) -> Sequence[int]:
        """Each seat's cards now, as masks (read-only; the unknown card set aside is not
        among them)."""
        return self._hands

    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a mask."""
        return self._hands[seat]

    @property
    def history(self) -> Sequence[int]:
        """The move code of every action so far (read-only)."""
        return self._history

    @property
    def seats(self) -> Sequence[int]:
        """Who took each action of :attr:`history` (read-only)."""
        return self._seats

    @property
    def trick_cards(self) -> Sequence[int]:
        """The cards of the trick in progress, in the order played (read-only)."""
        return self._trick

    @property
    def tricks(self) -> Sequence[TrickRow]:
        """Finished tricks (read-only)."""
        return self._tricks

    @property
    def taken(self) -> Sequence[int]:
        """Card points each seat has taken in tricks (read-only)."""
        return self._taken

    @property
    def won(self) -> Sequence[int]:
        """Tricks each seat has taken (read-only)."""
        return self._won

    @property
    def led_suit(self) -> int:
        """The suit led in the trick in progress (-1 when it is empty)."""
        return self._led if self._trick else -1

    @property
    def unknown_position(self) -> int:
        """Where the face-down unknown card lies in the trick in progress (-1: not there)."""
        return self._unknown_pos

    @property
    def called_suit_led(self) -> bool:
        """The called suit has been led, so its duties are over after this trick."""
        return self._called_led_at >= 0

    @property
    def duties_open(self) -> bool:
        """The called suit's duties hold for the trick in progress (not led before it)."""
        return self.called >= 0 and (self._called_led_at < 0
                                     or self._called_led_at == len(self._tricks))

    @property
    def partner_revealed(self) -> bool:
        """The partner's card has been played face up."""
        return self._partner_revealed_at >= 0

    def pending_question(self) -> Question | None:
        """(seat, move code) of the crack-round question to answer now, if any."""
        return self._asks[0] if self.phase is _DOUBLES else None

    def hand_of(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now (the unknown card set aside is not among them)."""
        return cards_of(self._hands[seat])

    def actions(self) -> list[Action]:
        """Every action applied so far, in order."""
        return [action_of(c) for c in self._history]

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know: a :class:`~sheepshead.view.SeatView`."""
        return view_of(self, seat)

    # ---------------------------------------------------------- move codes
    def legal_moves(self) -> list[int]:
        """Move codes of every legal action, in a stable order."""
        phase = self.phase
        if phase is _PLAY:
            m = self.play_mask(self.to_act)
            return (_B0[m & 255] + _B1[(m >> 8) & 255]) + (_B2[(m >> 16) & 255] + _B3[m >> 24])
        if phase is _PICK:
            if self.passes == self.players - 1 and self.rules.all_pass is AllPass.DEALER_PICKS:
                return [PICK]
            return [PICK, PASS]
        if phase is _DOUBLES:
            seat, kind = self._asks[0]
            if kind == CRACK and seat == self.partner:
                return [PASS]           # the partner's quiet pass
            if kind == BLITZ and self._hands[seat] & BLACK_QUEENS != BLACK_QUEENS:
                return [PASS]           # no black Queens to show: a pass like any other
            return [kind, PASS]
        if phase is _BURY:
            cards = list(indexes_of(self._hands[self.picker]))
            return [BURY + 32 * a + b for i, a in enumerate(cards) for b in cards[i + 1:]]
        if phase is _CALL:
            aces, tens, unknown_aces = self.call_options()
            hand = self._hands[self.picker]
            return ([CALL + c for c in aces] + [CALL + c for c in tens] +
                    [CALL_UNKNOWN + 32 * c + u for c in unknown_aces for u in indexes_of(hand)]
                    + [ALONE])
        return []

    def legal_play_mask(self) -> int:
        """Bit mask of the cards the seat to act may play (play phase only, else 0)."""
        return self.play_mask(self.to_act) if self.phase is _PLAY else 0

    def play_mask(self, seat: int) -> int:
        """The cards ``seat`` may play now, by :func:`~sheepshead.legality.play_mask`."""
        return play_mask(self._hands[seat], seat, self.picker, self.partner, self.called,
                         self.duties_open, not self._trick, self._led,
                         self.unknown if self.unknown_pending else -1)

    def call_options(self) -> tuple[list[int], list[int], list[int]]:
        """(Aces, Tens, Aces with an unknown card) the picker may call, by
        :func:`~sheepshead.legality.call_options`."""
        return call_options(self._hands[self.picker], self.bury)

    def apply_move(self, code: int) -> None:
        """Apply a legal move code without checking it (search uses this)."""
        self._history.append(code)
        self._seats.append(self.to_act)
        if PLAY <= code < BURY:                                # play (the common case)
            self._play(self.to_act, code - PLAY)
            return
        phase = self.phase
        if phase is _PICK:
            self._pick_or_pass(code)
        elif phase is _BURY:
            self._bury(code)
        elif phase is _DOUBLES:
            self._answer(code)
        elif phase is _CALL:
            self._call(code)
        else:
            raise SheepsheadError("the hand is over")

    def _pick_or_pass(self, code: int) -> None:
        n = self.players
        if code == PICK:
            self.picker = self.to_act
            self._hands[self.to_act] |= self.blind
            self.phase = _BURY
            self.forced = self.passes == n - 1 and self.rules.all_pass is AllPass.DEALER_PICKS
            return
        self.passes += 1
        if self.passes < n:
            self.to_act = (self.to_act + 1) % n
        elif self.rules.all_pass is AllPass.DOUBLER and self.redeal < MAX_THROW_INS:
            self.thrown_in = True
            self.phase = _DONE
        else:
            self._start_play()

    def _bury(self, code: int) -> None:
        a, b = divmod(code - BURY, 32)
        self.bury = BIT[a] | BIT[b]
        self._hands[self.picker] &= ~self.bury
        if self.rules.partner is PartnerBy.JACK_OF_DIAMONDS:
            self.call_kind = CallKind.JACK
            self.partner_card = JACK_OF_DIAMONDS
            for s in range(self.players):
                if s != self.picker and self._hands[s] & BIT[JACK_OF_DIAMONDS]:
                    self.partner = s
            self._after_partner()
        elif self.players == 3:
            self.call_kind = CallKind.ALONE
            self._after_partner()
        else:
            self.phase = _CALL

    def _answer(self, code: int) -> None:
        """An answer to the first question asked (crack, re-crack, blitz or pass)."""
        seat, _ = self._asks[0]
        asks = self._asks[1:]
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
        self._asks = asks
        if asks:
            self.to_act = asks[0][0]
        else:
            self._start_play()

    def _call(self, code: int) -> None:
        if code == ALONE:
            self.call_kind = CallKind.ALONE
        else:
            if code >= CALL_UNKNOWN:
                card, u = divmod(code - CALL_UNKNOWN, 32)
                self.unknown = u
                self.unknown_pending = True
                self._hands[self.picker] &= ~BIT[u]
                self.call_kind = CallKind.UNKNOWN
            else:
                card = code - CALL
                self.call_kind = CallKind.TEN if card in FAIL_TENS else CallKind.ACE
            self.called = self.partner_card = card
            self.called_suit = SUIT_OF[card]
            for s in range(self.players):
                if self._hands[s] & BIT[card]:
                    self.partner = s
        self._after_partner()

    def _after_partner(self) -> None:
        """The partner is settled: offer crack / re-crack / blitz (options), then play."""
        rules = self.rules
        if rules.crack or rules.blitz:
            n, picker = self.players, self.picker
            asks: list[Question] = []
            if rules.crack:     # everyone who never got the chance to pick, in turn
                asks = [((picker + k) % n, CRACK) for k in range(1, (self.dealer - picker) % n + 1)]
            if rules.blitz:     # asked of every picker, so that a pass reveals nothing
                asks.append((picker, BLITZ))
            if asks:
                self._asks = tuple(asks)
                self.phase = _DOUBLES
                self.to_act = asks[0][0]
                return
        self._start_play()

    def _start_play(self) -> None:
        self.phase = _PLAY
        self.to_act = self.leader = (self.dealer + 1) % self.players

    def _play(self, s: int, c: int) -> None:
        cards = self._trick
        if c == self.unknown and s == self.picker and self.unknown_pending:
            self.unknown_pending = False
            self._unknown_pos = len(cards)
            if not cards:
                self._led = self.called_suit
        else:
            self._hands[s] ^= BIT[c]
            if not cards:
                self._led = SUIT_OF[c]
        if not cards and self.called >= 0 and self._called_led_at < 0 \
                and self._led == self.called_suit:
            self._called_led_at = len(self._tricks)
        if c == self.partner_card:
            self._partner_revealed_at = len(self._history) - 1
        cards.append(c)
        n = self.players
        if len(cards) < n:
            self.to_act = (s + 1) % n
            return
        pos, points = trick_winner(cards, self._led, self._unknown_pos)
        winner = (self.leader + pos) % n
        tricks = self._tricks
        tricks.append((self.leader, tuple(cards), winner, points))
        self._taken[winner] += points
        self._won[winner] += 1
        self._trick = []
        self._unknown_pos = -1
        self.leader = self.to_act = winner
        if len(tricks) == self.hand_size:
            self.phase = _DONE

    def scores(self) -> list[int]:
        """Each seat's ledger change of a finished hand (the fast part of :meth:`result`)."""
        return hand_scores(self)

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
        refusal = why_illegal(self, action)
        raise IllegalActionError(str(refusal), action=str(action), seat=self.to_act,
                                 refusal=refusal)

    # -------------------------------------------------------------- result
    def result(self) -> HandResult:
        """The scored outcome; only when :attr:`is_over`."""
        if self.phase is not _DONE:
            raise SheepsheadError("the hand is not over")
        return hand_result(self)

_SCALARS = tuple(n for n in HandState.__slots__ if not n.startswith("_")) + (
    "_led", "_unknown_pos", "_called_led_at", "_partner_revealed_at", "_asks")
"""The fields :meth:`HandState.clone` copies as they are (the rest are lists it copies)."""


def _mask(cards: Iterable[Card | int]) -> int:
    m = 0
    for c in cards:
        i = c if isinstance(c, int) else c.index
        if m & BIT[i]:
            raise SheepsheadError(f"{CARDS[i]} is dealt twice")
        m |= BIT[i]
    return m
