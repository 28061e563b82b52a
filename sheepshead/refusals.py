"""Why an action is refused: a structured :class:`Refusal` behind every
:class:`~sheepshead.errors.IllegalActionError`.

Only the checked path (``HandState.apply``/``verify``) comes here, after the action was
found missing from the legal moves; search never does. A refusal is data (a
:class:`Reason` and the seat, card and suit involved); its text is made from one template
per reason, in the third person for records and the command line
(``seat 2 must follow trump``) or in the second person for the table
(``You must follow trump.``): no message is ever rewritten after the fact.

The position is read through :class:`~sheepshead.position.Position`, so this module does
not depend on the state class.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .actions import BLITZ, CRACK, RECRACK, Action, Kind
from .cards import CARDS, FAIL_ACES_MASK, SUIT_MASK, Card, Suit
from .legality import BIT
from .position import Phase, Position

__all__ = ["Reason", "Refusal", "why_illegal"]


class Reason(enum.Enum):
    """Why an action is refused; each member's value is its sentence template."""

    HAND_OVER = "the hand is over"
    WRONG_ACTION = "{who} must {what}"
    """An action of another phase (``what`` says what is asked now)."""
    DEALER_MUST_PICK = "{who} {deals} and must pick: everyone else passed"
    MUST_ANSWER = "{who} must {what} or pass"
    """The crack round asks one question (``what``: crack, recrack or blitz)."""
    PARTNER_PASSES = "{who} {holds} the {card} and {answers} with a pass"
    NO_BLACK_QUEENS = "{who} {does} not hold both black Queens to show"
    NOT_HELD = "{who} {does} not hold {card}"
    NOT_CALLABLE = "only a fail Ace or Ten can be called, not {card}"
    CALL_OWN_CARD = "the picker holds or buried {card}"
    UNKNOWN_NOT_HELD = "the unknown card must come from the picker's hand; {who} {has} no {card}"
    UNKNOWN_WHILE_ACE = "an unknown card is set aside only when no Ace can be called"
    UNKNOWN_HOLDS_SUIT = "{card} cannot be called with an unknown card: the picker holds {suit}"
    UNKNOWN_HOLDS_FAIL = ("{card} cannot be called with an unknown card: the picker holds a "
                          "fail card other than an Ace")
    TEN_WITHOUT_ACES = "a Ten is called only by a picker holding all three fail Aces"
    NO_HOLD_CARD = "the picker holds no {suit} to keep for {card}"
    CALL_WITH_UNKNOWN = "the picker holds no {suit}: call {card} with an unknown card"
    CANNOT_CALL = "{card} cannot be called now"
    UNKNOWN_WHEN = ("the unknown card is led, played on the first lead of {suit}, "
                    "or played on the last trick")
    MUST_PLAY_UNKNOWN = "{who} must play the unknown card on the first lead of {suit}"
    MUST_LEAD_CALLED = "{who} can lead {suit} only with the called {card}"
    MUST_PLAY_CALLED = "{who} must play the called {card}"
    MUST_FOLLOW = "{who} must follow {suit}"
    KEEP_CALLED = "{who} may not throw off the called {card}"
    KEEP_HOLD_CARD = ("{who} must keep the last {suit} card until {suit} is led "
                      "({it_holds} the call of {card})")
    NOT_NOW = "{who} cannot {what} now"


_THIRD = {"deals": "deals", "holds": "holds", "answers": "answers", "does": "does", "has": "has",
          "it_holds": "it holds"}
_SECOND = {"deals": "deal", "holds": "hold", "answers": "answer", "does": "do", "has": "have",
           "it_holds": "you hold"}


@dataclass(frozen=True)
class Refusal:
    """One refusal: the reason, the seat that tried, and the card and suit involved."""

    reason: Reason
    seat: int
    card: Card | None = None
    suit: Suit | None = None
    what: str = ""
    """For :attr:`Reason.WRONG_ACTION`, :attr:`~Reason.MUST_ANSWER` and
    :attr:`~Reason.NOT_NOW`: the action words (``play a card``, ``crack``)."""

    def text(self, *, you: bool = False) -> str:
        """The sentence: ``seat 2 must follow trump``, or with ``you`` the table's
        ``You must follow trump.`` with cards named as spoken (``Ace of hearts``)."""
        words = dict(_SECOND if you else _THIRD)
        words["who"] = "you" if you else f"seat {self.seat}"
        words["card"] = "" if self.card is None else self.card.name if you else str(self.card)
        words["suit"] = "" if self.suit is None else self.suit.noun
        words["what"] = self.what
        line = self.reason.value.format(**words)
        return line[:1].upper() + line[1:] + "." if you else line

    def __str__(self) -> str:
        return self.text()


_ASKED = {CRACK: "crack", RECRACK: "recrack", BLITZ: "blitz"}
_EXPECTED = {Phase.PICK: ((Kind.PICK, Kind.PASS), "pick or pass"),
             Phase.BURY: ((Kind.BURY,), "bury two cards"),
             Phase.CALL: ((Kind.CALL, Kind.ALONE), "call a card or go alone"),
             Phase.PLAY: ((Kind.PLAY,), "play a card")}


def why_illegal(state: Position, action: Action) -> Refusal:
    """Why ``action`` is not legal for the seat to act (it must not be legal)."""
    s = state.to_act
    kind = action.kind
    if state.phase is Phase.DONE:
        return Refusal(Reason.HAND_OVER, s)
    question = state.pending_question()
    if question is not None:
        ask = question[1]
        if kind is Kind.CRACK and ask == CRACK and s == state.partner:
            return Refusal(Reason.PARTNER_PASSES, s, CARDS[state.partner_card])
        if kind is Kind.BLITZ and ask == BLITZ:
            return Refusal(Reason.NO_BLACK_QUEENS, s)
        return Refusal(Reason.MUST_ANSWER, s, what=_ASKED[ask])
    if state.phase is Phase.PICK and kind is Kind.PASS:
        return Refusal(Reason.DEALER_MUST_PICK, s)
    expected, what = _EXPECTED[state.phase]
    if kind not in expected:
        return Refusal(Reason.WRONG_ACTION, s, what=what)
    if kind is Kind.BURY:
        for c in action.cards:
            if not state.hands[s] & c.mask:
                return Refusal(Reason.NOT_HELD, s, c)
    if kind is Kind.CALL:
        return _why_not_callable(state, action)
    if kind is Kind.PLAY:
        return _why_not_playable(state, s, action.card)
    return Refusal(Reason.NOT_NOW, s, what=str(action))


def _why_not_callable(state: Position, action: Action) -> Refusal:
    s = state.picker
    c = action.card
    h = state.hands[s]
    owned = h | state.bury
    if c.rank not in ("A", "10") or c.is_trump:
        return Refusal(Reason.NOT_CALLABLE, s, c)
    if owned & c.mask:
        return Refusal(Reason.CALL_OWN_CARD, s, c)
    aces, _, unknown_aces = state.call_options()
    if action.unknown is not None:
        if not h & action.unknown.mask:
            return Refusal(Reason.UNKNOWN_NOT_HELD, s, action.unknown)
        if aces:
            return Refusal(Reason.UNKNOWN_WHILE_ACE, s)
        if h & SUIT_MASK[c.suit]:
            return Refusal(Reason.UNKNOWN_HOLDS_SUIT, s, c, c.suit)
        return Refusal(Reason.UNKNOWN_HOLDS_FAIL, s, c)
    if c.rank == "10":
        if owned & FAIL_ACES_MASK != FAIL_ACES_MASK:
            return Refusal(Reason.TEN_WITHOUT_ACES, s)
        return Refusal(Reason.NO_HOLD_CARD, s, c, c.suit)
    if not h & SUIT_MASK[c.suit]:
        if c.index in unknown_aces:
            return Refusal(Reason.CALL_WITH_UNKNOWN, s, c, c.suit)
        return Refusal(Reason.NO_HOLD_CARD, s, c, c.suit)
    return Refusal(Reason.CANNOT_CALL, s, c)


def _why_not_playable(state: Position, s: int, card: Card) -> Refusal:
    c = card.index
    h = state.hands[s]
    suit = Suit(state.called_suit) if state.called_suit >= 0 else None
    called = CARDS[state.called] if state.called >= 0 else None
    pending = state.unknown_pending and s == state.picker
    is_unknown = pending and c == state.unknown
    if not h & BIT[c] and not is_unknown:
        return Refusal(Reason.NOT_HELD, s, card)
    legal = state.play_mask(s)
    if is_unknown:
        return Refusal(Reason.UNKNOWN_WHEN, s, suit=suit)
    if pending and legal == BIT[state.unknown]:
        return Refusal(Reason.MUST_PLAY_UNKNOWN, s, suit=suit)
    if not state.trick_cards:
        return Refusal(Reason.MUST_LEAD_CALLED, s, called, suit)
    led = state.led_suit
    if called is not None and legal == BIT[state.called] and s == state.partner:
        return Refusal(Reason.MUST_PLAY_CALLED, s, called)
    if h & SUIT_MASK[led]:
        return Refusal(Reason.MUST_FOLLOW, s, suit=Suit(led))
    if called is not None and c == state.called:
        return Refusal(Reason.KEEP_CALLED, s, called)
    return Refusal(Reason.KEEP_HOLD_CARD, s, called, suit)
