"""What a bury leaves the picker to call, and why going alone is forced: the bury helper's data.

The calls themselves come from :func:`~sheepshead.legality.call_options` (the rule lives
there once); this module only asks it about each possible bury and explains an empty answer
as data, for the page to put in words ("You must go alone: you hold every fail Ace and no
Ten can be called: you hold the Ten of clubs and keep no spades or hearts").

* :func:`leaves` — the calls a hand and a bury leave (:class:`Leaves`), with the reason
  (:class:`AloneReason`) when going alone is the only choice.
* :func:`bury_leaves` — the same for a bury the picker is choosing (``view`` in the bury
  phase), :func:`bury_options` for every pair of its cards, :func:`call_leaves` for the
  call the picker makes after its bury.

Under the options with no call (three-handed, Jack of diamonds partner) these return None.
"""

from __future__ import annotations

import enum
import itertools
from dataclasses import dataclass

from .actions import Action, Kind
from .cards import (
    CARDS,
    FAIL_ACES,
    FAIL_ACES_MASK,
    FAIL_MASK,
    FAIL_TENS,
    SUIT_MASK,
    Card,
    cards_of,
    mask_of,
    parse_card,
)
from .errors import SheepsheadError
from .legality import call_options
from .position import Phase
from .rules import PartnerBy, Rules
from .view import SeatView

__all__ = ["Blocked", "AloneReason", "Leaves", "BuryOption", "leaves", "bury_leaves",
           "bury_options", "call_leaves", "has_call"]


class Blocked(enum.Enum):
    """Why a fail Ace or Ten cannot be called."""

    HELD = "held"
    """The picker holds it."""
    BURIED = "buried"
    """The picker buries (or buried) it."""
    NO_SUIT = "no-suit"
    """The picker keeps no card of its suit to call it with (the hold card)."""


@dataclass(frozen=True)
class AloneReason:
    """Why going alone is the picker's only choice."""

    aces: tuple[tuple[Card, Blocked], ...]
    """Each fail Ace (clubs, spades, hearts) and why it cannot be called."""
    every_ace_owned: bool
    """The picker holds or buries all three fail Aces (only then may a Ten be called)."""
    tens: tuple[tuple[Card, Blocked], ...]
    """With ``every_ace_owned``: each fail Ten and why it cannot be called; else empty."""
    unknown_blocked_by: tuple[Card, ...]
    """The fail cards other than Aces the picker keeps, which forbid calling an Ace of a suit
    it lacks with an unknown card; empty when that is impossible because every Ace is owned."""


@dataclass(frozen=True)
class Leaves:
    """The calls open to the picker after a bury (going alone is always open)."""

    bury: tuple[Card, ...]
    aces: tuple[Card, ...]
    """Fail Aces it may call."""
    tens: tuple[Card, ...]
    """Fail Tens it may call (only when it holds or buries every fail Ace)."""
    unknown_aces: tuple[Card, ...]
    """Fail Aces it may call with an unknown card (of a suit it lacks)."""
    alone_forced: bool
    reason: AloneReason | None
    """Why it must go alone, when it must."""

    @property
    def calls(self) -> tuple[Card, ...]:
        """Every card it may call, Aces, then Tens, then Aces with an unknown card."""
        return self.aces + self.tens + self.unknown_aces


@dataclass(frozen=True)
class BuryOption:
    """One bury the picker may choose, and what it leaves."""

    action: Action
    leaves: Leaves | None
    """None under the options with no call."""


def has_call(rules: Rules) -> bool:
    """These rules have the picker call a partner (not three-handed, not the Jack of diamonds)."""
    return rules.players != 3 and rules.partner is PartnerBy.CALLED_ACE


def _blocked(card: int, suit: int, hand: int, bury: int) -> Blocked:
    if hand >> card & 1:
        return Blocked.HELD
    if bury >> card & 1:
        return Blocked.BURIED
    if not hand & SUIT_MASK[suit]:
        return Blocked.NO_SUIT
    raise SheepsheadError(f"{CARDS[card]} can be called")      # pragma: no cover


def leaves(hand: int, bury: int) -> Leaves:
    """The calls a picker holding ``hand`` (a mask, after its bury) leaves itself by burying
    ``bury`` (a mask), by :func:`~sheepshead.legality.call_options`."""
    aces, tens, unknown = call_options(hand, bury)
    forced = not (aces or tens or unknown)
    reason = None
    if forced:
        owned = hand | bury
        every = owned & FAIL_ACES_MASK == FAIL_ACES_MASK
        reason = AloneReason(
            aces=tuple((CARDS[a], _blocked(a, s, hand, bury)) for s, a in enumerate(FAIL_ACES)),
            every_ace_owned=every,
            tens=tuple((CARDS[t], _blocked(t, s, hand, bury)) for s, t in enumerate(FAIL_TENS))
            if every else (),
            unknown_blocked_by=() if every else tuple(cards_of(hand & FAIL_MASK & ~FAIL_ACES_MASK)))
    return Leaves(tuple(cards_of(bury)), tuple(CARDS[c] for c in aces),
                  tuple(CARDS[c] for c in tens), tuple(CARDS[c] for c in unknown), forced, reason)


def bury_leaves(view: SeatView, cards: tuple[Card | str, Card | str]) -> Leaves | None:
    """What burying ``cards`` leaves the picker of ``view`` (in the bury phase) to call; None
    under the options with no call."""
    if view.phase is not Phase.BURY or view.picker != view.seat:
        raise SheepsheadError(f"seat {view.seat} is not burying")
    bury = Action(Kind.BURY, tuple(parse_card(c) for c in cards))   # refuses a card twice
    hand = mask_of(view.hand)
    b = mask_of(bury.cards)
    if hand & b != b:
        raise SheepsheadError(f"seat {view.seat} does not hold {' '.join(map(str, bury.cards))}")
    return leaves(hand & ~b, b) if has_call(view.rules) else None


def bury_options(view: SeatView) -> list[BuryOption]:
    """Every bury the picker of ``view`` may choose (deck order), with what it leaves; each
    option's ``leaves`` is None under the options with no call."""
    return [BuryOption(Action(Kind.BURY, (a, b)), bury_leaves(view, (a, b)))
            for a, b in itertools.combinations(view.hand, 2)]


def call_leaves(view: SeatView) -> Leaves | None:
    """At the call (the picker's view in the call phase): what its bury left it; None when
    the seat is not the picker calling."""
    if view.phase is not Phase.CALL or view.picker != view.seat or view.bury is None:
        return None
    return leaves(mask_of(view.hand), mask_of(view.bury))
