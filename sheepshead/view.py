"""One seat's view of a hand: everything that seat may know, and nothing more.

The interface draws from a :class:`SeatView` and the computer players decide
from one; neither ever receives a :class:`~sheepshead.state.HandState`.  What
a seat may know:

* its own cards, every public action and every card played face up;
* the blind and the bury only if it is the picker; the unknown card only if it
  is the picker (others see a face-down card, shown as ``None``);
* that it is the partner only if it holds the called card; everyone else
  learns the partner when the called card is played;
* after the last trick, everything (``result``).

Two hands that differ only in cards a seat cannot see give equal views, which
the tests check by redistributing hidden cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import BURY, CALL, CALL_UNKNOWN, PLAY, Action, Kind, action_of
from .cards import CARDS, Card, cards_of
from .position import CallKind, Phase, Position
from .rules import Rules
from .scoring import HandResult

__all__ = ["SeatView", "ViewTrick", "PublicAction", "view_of"]


@dataclass(frozen=True)
class PublicAction:
    """One action as a seat saw it: who took it, what kind, and its cards, ``None`` for a
    card this seat may not see.

    ``cards`` holds the buried cards (``bury``), the card played (``play``), or for a
    ``call`` the called card and, after an unknown card was set aside, that card.
    ``str()`` is the record notation with hidden cards left out: ``bury`` for a bury
    the seat did not see, ``call AH unknown`` and ``play unknown`` for the face-down card.
    """

    seat: int
    kind: Kind
    cards: tuple[Card | None, ...]
    action: Action | None
    """The whole action, when this seat saw all of it (else None)."""

    @property
    def card(self) -> Card | None:
        """The card played or called."""
        return self.cards[0] if self.cards else None

    @property
    def hidden(self) -> bool:
        """Some card of this action is hidden from the seat."""
        return None in self.cards

    def __str__(self) -> str:
        if self.kind is Kind.BURY and self.hidden:
            return "bury"
        if self.kind is Kind.PLAY and self.hidden:
            return "play unknown"
        if self.kind is Kind.CALL and len(self.cards) == 2:
            return f"call {self.cards[0]} unknown" + (f" {self.cards[1]}" if self.cards[1] else "")
        return " ".join([self.kind.value] + [str(c) for c in self.cards])


def _public(code: int, seat: int, sees_unknown: bool, unknown: int) -> PublicAction:
    a = action_of(code)
    if PLAY <= code < BURY:
        if code - PLAY == unknown and not sees_unknown:
            return PublicAction(seat, Kind.PLAY, (None,), None)
    elif BURY <= code < CALL:
        if not sees_unknown:
            return PublicAction(seat, Kind.BURY, (None, None), None)
    elif code >= CALL_UNKNOWN:
        return PublicAction(seat, Kind.CALL, (a.card, a.unknown if sees_unknown else None),
                            a if sees_unknown else None)
    return PublicAction(seat, a.kind, a.cards, a)


@dataclass(frozen=True)
class ViewTrick:
    """A trick as a seat saw it: ``cards[k]`` was played by ``(leader + k) % players``;
    ``None`` is the picker's unknown card played face down (seen only by the picker)."""

    leader: int
    cards: tuple[Card | None, ...]
    winner: int | None
    """None while the trick is in progress."""

    def seat_of(self, position: int, players: int) -> int:
        return (self.leader + position) % players

    def plays(self, players: int) -> list[tuple[int, Card | None]]:
        return [((self.leader + k) % players, c) for k, c in enumerate(self.cards)]


@dataclass(frozen=True)
class SeatView:
    """What ``seat`` knows of the hand now. Built by :func:`view_of` (``state.view(seat)``)."""

    rules: Rules
    seat: int
    players: int
    dealer: int
    phase: Phase
    to_act: int | None
    """The seat whose turn it is; None when the hand is over."""
    hand: tuple[Card, ...]
    """This seat's cards, in deck order (the unknown card set aside is not among them)."""
    legal: tuple[Action, ...]
    """This seat's legal actions when it is to act, else empty."""
    history: tuple[PublicAction, ...]
    """Every action so far, as this seat saw it (hidden cards are ``None``)."""
    picker: int | None
    call_kind: CallKind | None
    called: Card | None
    """The called card (its suit carries the duties); None alone, in a leaster, or under the
    Jack of diamonds option."""
    partner_card: Card | None
    """The card whose holder is the partner: the called card, or the Jack of diamonds."""
    alone: bool | None
    """The picker plays alone, when this seat can know it (under the Jack of diamonds option,
    the others learn it only when that Jack is played)."""
    partner: int | None
    """The partner when this seat may know it: it is the partner, or the called card is out."""
    blind: tuple[Card, ...] | None
    """The blind: the picker's only (it picked it up)."""
    bury: tuple[Card, ...] | None
    """The bury: the picker's only."""
    unknown: Card | None
    """The unknown card: the picker's only."""
    unknown_pending: bool
    """The picker still holds a face-down unknown card (public)."""
    called_suit_led: bool
    """The called suit has been led, so its duties are over."""
    tricks: tuple[ViewTrick, ...]
    """Finished tricks."""
    trick: ViewTrick | None
    """The trick in progress (None outside play, or when none is started)."""
    cards_left: tuple[int, ...]
    """Cards each seat still has to play (the unknown card counted)."""
    tricks_won: tuple[int, ...]
    multiplier: int
    """What the hand's scores will be multiplied by (doublers, cracks, blitz: options)."""
    cracked_by: int | None
    """The seat that cracked (option), if any."""
    recracked: bool
    blitzed: bool
    """The picker showed both black Queens (so everyone knows where they are)."""
    result: HandResult | None
    """Everything, once the hand is over."""

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def leaster(self) -> bool:
        return (self.phase is Phase.PLAY or self.phase is Phase.DONE) and self.picker is None and not (
            self.result is not None and self.result.thrown_in)

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    @property
    def is_partner(self) -> bool:
        return self.partner == self.seat and self.picker != self.seat

    def played_cards(self) -> list[Card]:
        """Every face-up card played so far, finished tricks first."""
        out = [c for t in self.tricks for c in t.cards if c is not None]
        if self.trick:
            out += [c for c in self.trick.cards if c is not None]
        return out


def view_of(state: Position, seat: int) -> SeatView:
    """The view of ``seat`` (0-based) of ``state``."""
    n = state.players
    if not (isinstance(seat, int) and 0 <= seat < n):
        raise ValueError(f"seat must be 0..{n - 1}, not {seat!r}")
    over = state.phase is Phase.DONE
    picker = state.picker if state.picker >= 0 else None
    is_picker = picker == seat
    me_to_act = state.to_act == seat and not over
    unknown = state.unknown
    sees_unknown = is_picker or over

    # The partner: revealed by the called card, or known to its holder.
    partner = None
    if state.partner >= 0 and (state.partner_revealed or state.partner == seat or over):
        partner = state.partner

    def face(c: int) -> Card | None:
        return None if (c == unknown and not sees_unknown) else CARDS[c]

    history = tuple(_public(code, who, sees_unknown, unknown)
                    for code, who in zip(state.history, state.seats, strict=True))
    tricks = tuple(ViewTrick(leader, tuple(face(c) for c in cards), winner)
                   for leader, cards, winner, _ in state.tricks)
    trick = (ViewTrick(state.leader, tuple(face(c) for c in state.trick_cards), None)
             if state.phase is Phase.PLAY and state.trick_cards else None)
    cards_left = [h.bit_count() for h in state.hands]
    if state.unknown_pending:
        cards_left[state.picker] += 1
    return SeatView(
        rules=state.rules,
        seat=seat,
        players=n,
        dealer=state.dealer,
        phase=state.phase,
        to_act=None if over else state.to_act,
        hand=tuple(cards_of(state.hands[seat])),
        legal=tuple(action_of(c) for c in state.legal_moves()) if me_to_act else (),
        history=history,
        picker=picker,
        call_kind=state.call_kind,
        called=CARDS[state.called] if state.called >= 0 else None,
        partner_card=CARDS[state.partner_card] if state.partner_card >= 0 else None,
        alone=_alone_known(state, seat),
        partner=partner,
        blind=tuple(cards_of(state.blind)) if (is_picker or (over and picker is not None))
        else None,
        bury=tuple(cards_of(state.bury)) if (state.bury and (is_picker or over)) else None,
        unknown=CARDS[unknown] if (unknown >= 0 and sees_unknown) else None,
        unknown_pending=state.unknown_pending,
        called_suit_led=state.called_suit_led,
        tricks=tricks,
        trick=trick,
        cards_left=tuple(cards_left),
        tricks_won=tuple(state.won),
        multiplier=state.multiplier,
        cracked_by=state.cracker if state.cracker >= 0 else None,
        recracked=state.recracked,
        blitzed=state.blitzed,
        result=state.result() if over else None,
    )


def _alone_known(state: Position, seat: int) -> bool | None:
    if state.picker < 0 or state.call_kind is None:
        return None
    if state.call_kind is not CallKind.JACK:
        return state.alone            # announced (or forced, or three-handed)
    if seat == state.picker or state.phase is Phase.DONE or state.partner_revealed:
        return state.alone
    if seat == state.partner:
        return False
    return None
