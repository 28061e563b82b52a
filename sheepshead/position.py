"""Where a hand stands: its phases, how the partner was chosen, and the read-only surface
of a hand that the explanations (:mod:`~sheepshead.refusals`) and the views
(:mod:`~sheepshead.view`) read.

:class:`Position` is a :class:`typing.Protocol`: the declared shape of
:class:`~sheepshead.state.HandState` as seen from outside. Refusals and views depend on
this shape, not on the class, so the state can use them without an import cycle.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Protocol

from .rules import Rules
from .scoring import HandResult

__all__ = ["Phase", "CallKind", "Question", "Position"]


class Phase(enum.Enum):
    """Where a hand stands, in the order a hand passes through them. Compare phases by
    identity (``phase is Phase.PLAY``), never by value or order."""

    PICK = "pick"
    """Players, from the dealer's left, pick up the blind or pass."""
    BURY = "bury"
    """The picker buries two cards."""
    CALL = "call"
    """The picker calls a card or goes alone."""
    DOUBLES = "doubles"
    """Options only: after the call, crack, re-crack and blitz are offered before play."""
    PLAY = "play"
    """Tricks are played."""
    DONE = "done"
    """Every trick is played (or, under the doubler option, the hand was thrown in)."""


class CallKind(enum.Enum):
    """How the picker chose a partner."""

    ACE = "ace"
    """A fail Ace of a suit the picker holds."""
    TEN = "ten"
    """A fail Ten: the picker holds or buried all three fail Aces."""
    UNKNOWN = "unknown"
    """An Ace of a suit the picker lacks, with a card of its hand set aside face down."""
    ALONE = "alone"
    """No partner: announced, forced, or three-handed."""
    JACK = "jack-of-diamonds"
    """The option: the Jack of diamonds' holder is the partner, told by nothing but its play."""


Question = tuple[int, int]
"""(seat, move code) of a question of the crack round: the seat asked and the one action
besides ``pass`` it may answer (``CRACK``, ``RECRACK`` or ``BLITZ``)."""


class Position(Protocol):
    """What anyone may read of a hand (all of it: this is the referee's view).

    Seats are 0-based; ``-1`` means none (no picker yet, no partner, no called card).
    Cards are indexes 0..31 and sets of cards bit masks (:mod:`sheepshead.cards`).
    """

    __slots__ = ()

    rules: Rules
    players: int
    dealer: int
    hand_size: int
    """Cards dealt to each seat."""
    redeal: int
    """How many times this hand was thrown in and dealt again (doubler option)."""
    dealt: tuple[int, ...]
    """Each seat's hand as dealt."""
    blind: int
    phase: Phase
    to_act: int
    """The seat to act (meaningless once the hand is over)."""
    leader: int
    """The seat that led (or leads) the trick in progress."""
    passes: int
    """Passes so far at the pick."""
    picker: int
    forced: bool
    """The dealer had to pick (dealer-picks option): a loss is then not doubled."""
    bury: int
    call_kind: CallKind | None
    called: int
    """The called card, whose suit carries the duties (-1: alone, leaster, Jack of diamonds)."""
    called_suit: int
    partner_card: int
    """The card whose holder is the partner: the called card, or the Jack of diamonds."""
    partner: int
    """The partner (the referee knows it from the start)."""
    unknown: int
    """The card the picker set aside as its unknown card."""
    unknown_pending: bool
    """The picker still holds the unknown card face down."""
    thrown_in: bool
    doubles: int
    """Cracks, re-cracks and blitzes so far (each doubles the hand)."""
    cracker: int
    recracked: bool
    blitzed: bool

    @property
    def hands(self) -> Sequence[int]:
        """Each seat's cards now (the unknown card set aside is not among them)."""
    @property
    def history(self) -> Sequence[int]:
        """The move code of every action so far."""
    @property
    def seats(self) -> Sequence[int]:
        """Who took each action of :attr:`history`."""
    @property
    def trick_cards(self) -> Sequence[int]:
        """The cards of the trick in progress, in the order played."""
    @property
    def tricks(self) -> Sequence[tuple[int, tuple[int, ...], int, int]]:
        """Finished tricks: (leader, cards, winner, card points)."""
    @property
    def won(self) -> Sequence[int]:
        """Tricks taken by each seat."""
    @property
    def taken(self) -> Sequence[int]:
        """Card points each seat has taken in tricks."""
    @property
    def led_suit(self) -> int:
        """The suit led in the trick in progress (-1 when it is empty)."""
    @property
    def called_suit_led(self) -> bool:
        """The called suit has been led, so its duties are over."""
    @property
    def partner_revealed(self) -> bool:
        """The partner's card has been played face up."""
    @property
    def multiplier(self) -> int:
        """What the hand's scores are multiplied by."""
    @property
    def alone(self) -> bool:
        """The picker plays alone."""

    def pending_question(self) -> Question | None:
        """The crack-round question the seat to act must answer, if any."""
    def play_mask(self, seat: int) -> int:
        """The cards ``seat`` may play now (play phase)."""
    def call_options(self) -> tuple[list[int], list[int], list[int]]:
        """(Aces, Tens, Aces with an unknown card) the picker may call now."""
    def legal_moves(self) -> list[int]:
        """Move codes of every legal action of the seat to act."""
    def result(self) -> HandResult:
        """The scored outcome of a finished hand."""
