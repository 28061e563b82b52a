"""Why an action is refused: the one-line reasons behind :class:`IllegalActionError`.

Only the checked path (``HandState.apply``/``verify``) comes here, after the
action was found missing from the legal moves; search never does.
"""

from __future__ import annotations

from .actions import BLITZ, CRACK, RECRACK, Action, Kind
from .cards import CARDS, SUIT_MASK, Card, Suit
from .state import _BIT, _DONE, FAIL_ACES, HandState, Phase

__all__ = ["why_illegal"]


def why_illegal(state: HandState, action: Action) -> str:
    """One line saying why ``action`` is not legal for the seat to act."""
    s = state.to_act
    phase = state.phase
    kind = action.kind
    if phase == _DONE:
        return "the hand is over"
    if phase == Phase.DOUBLES:
        ask = state.asks[0][1]
        word = {CRACK: "crack", RECRACK: "recrack", BLITZ: "blitz"}[ask]
        if kind is Kind.CRACK and ask == CRACK and s == state.partner:
            return f"seat {s} holds the {CARDS[state.partner_card]} and answers with a pass"
        if kind is Kind.BLITZ and ask == BLITZ:
            return f"seat {s} does not hold both black Queens to show"
        return f"seat {s} must {word} or pass"
    if phase == Phase.PICK and kind is Kind.PASS:
        return f"seat {s} deals and must pick: everyone else passed"
    expected = {Phase.PICK: (Kind.PICK, Kind.PASS), Phase.BURY: (Kind.BURY,),
                Phase.CALL: (Kind.CALL, Kind.ALONE), Phase.PLAY: (Kind.PLAY,)}[phase]
    if kind not in expected:
        what = {Phase.PICK: "pick or pass", Phase.BURY: "bury two cards",
                Phase.CALL: "call a card or go alone", Phase.PLAY: "play a card"}[phase]
        return f"seat {s} must {what}"
    if kind is Kind.BURY:
        for c in action.cards:
            if not state.hands[s] & c.mask:
                return f"seat {s} does not hold {c}"
    if kind is Kind.CALL:
        return why_not_callable(state, action)
    if kind is Kind.PLAY:
        return why_not_playable(state, s, action.card)
    return f"seat {s} cannot {action} now"


def why_not_callable(state: HandState, action: Action) -> str:
    s = state.picker
    c = action.card
    h, owned = state.hands[s], state.hands[s] | state.bury
    if c.rank not in ("A", "10") or c.is_trump:
        return f"only a fail Ace or Ten can be called, not {c}"
    if owned & c.mask:
        return f"the picker holds or buried {c}"
    aces, tens, unknowns = state._callable()
    if action.unknown is not None:
        if not h & action.unknown.mask:
            return f"the unknown card must come from the picker's hand; seat {s} has no {action.unknown}"
        if aces:
            return "an unknown card is set aside only when no Ace can be called"
        if h & SUIT_MASK[c.suit]:
            return f"{c} cannot be called with an unknown card: the picker holds {c.suit.noun}"
        return (f"{c} cannot be called with an unknown card: the picker holds a fail card "
                "other than an Ace")
    if c.rank == "10":
        if not all(owned & (1 << a) for a in FAIL_ACES):
            return "a Ten is called only by a picker holding all three fail Aces"
        return f"the picker holds no {c.suit.noun} to keep for {c}"
    if not h & SUIT_MASK[c.suit]:
        if any(a == c.index for a, _ in unknowns):
            return f"the picker holds no {c.suit.noun}: call {c} with an unknown card"
        return f"the picker holds no {c.suit.noun} to keep for {c}"
    return f"{c} cannot be called now"

def why_not_playable(state: HandState, s: int, card: Card) -> str:
    c = card.index
    h = state.hands[s]
    cs = state.called_suit
    suit_name = Suit(cs).noun if cs >= 0 else ""
    called = CARDS[state.called] if state.called >= 0 else None
    is_unknown = state.unknown_pending and s == state.picker and c == state.unknown
    if not h & _BIT[c] and not is_unknown:
        return f"seat {s} does not hold {card}"
    legal = state._play_mask(s)
    if is_unknown:
        return (f"the unknown card is led, played on the first lead of {suit_name}, "
                "or played on the last trick")
    if state.unknown_pending and s == state.picker and legal == _BIT[state.unknown]:
        return f"seat {s} must play the unknown card on the first lead of {suit_name}"
    if not state.trick_cards:
        return f"seat {s} must lead the called {called} to lead {suit_name}"
    led = state.led_suit
    if called is not None and legal == _BIT[state.called] and s == state.partner:
        return f"seat {s} must play the called {called}"
    if h & SUIT_MASK[led]:
        return f"seat {s} must follow {Suit(led).noun}"
    if called is not None and c == state.called:
        return f"seat {s} may not throw off the called {called}"
    return (f"seat {s} must keep the last {suit_name} card until {suit_name} is led "
            f"(it holds the call of {called})")

