"""What the page draws of a table: :class:`TableView` (seat 0's view of the hand plus the game
around it), :class:`FinishedHand` (a finished hand: the table's summary, the viewer's hands)
and :class:`ScoreSheet`, and the :class:`TableEvent` of one action (the table's; the page's
events are :mod:`~sheepshead.ui.events`).  Frozen values made by
:class:`~sheepshead.ui.table.table.Table`.

Pure Python, no ``js``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...cards import Card
from ...errors import SheepsheadError
from ...game import Game
from ...grammar import date_of_seed
from ...position import CallKind
from ...rules import DEFAULT_RULES, Rules
from ...scoring import HandResult
from ...trickinfo import PointsTaken
from ...view import SeatView, ViewTrick
from ..look.wording import HUMAN, NAMES, hand_outcome, multiplier_text
from ..storage.settings import Settings

__all__ = ["TableEvent", "TableView", "FinishedHand", "ScoreSheet", "finished_hand", "hand_summary",
           "score_sheet"]


# ------------------------------------------------------------ values drawn
@dataclass(frozen=True)
class TableEvent:
    """One action taken at the table: who, what (record notation), in which hand."""

    seat: int
    action: str
    hand_number: int


@dataclass(frozen=True)
class TableView:
    """Everything the page draws: seat 0's view of the hand plus the game around it."""

    seat: SeatView
    seed: str
    hand_number: int
    hands_total: int
    dealer: int
    totals: tuple[int, ...]
    game_over: bool
    winners: tuple[int, ...]
    settings: Settings
    sheet: ScoreSheet
    summary: FinishedHand | None
    """The finished hand's summary (None while it is played)."""
    hint: str | None = None
    """Why some of your cards cannot be played now (``You must follow trump.``)."""
    names: tuple[str, ...] = NAMES
    redeal: int = 0
    """How many times this hand was thrown in and dealt again (doubler option)."""
    rules: Rules = DEFAULT_RULES
    """The options of the game in play (``settings.rules`` are those for the next New Game)."""
    level: str = "standard"
    """The computer players' level in this game (a Daily: always the Expert)."""
    practice: bool = False
    """A Daily played again after its result locked: it changes nothing."""
    points: PointsTaken | None = None
    """The points chip's figures (None when the setting is off)."""
    can_undo: bool = False
    """You may take back your last decision (New Games and the practice hand only)."""
    can_claim: bool = False
    """On your lead, every card you hold wins its trick whatever the hidden cards are."""
    tutorial: bool = False
    """The guided practice hand (one hand, never saved)."""
    hints: bool = False
    """A hint was used in this game (a Daily's result says "with hints")."""

    @property
    def level_name(self) -> str:
        return self.level.capitalize()

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def stakes(self) -> str:
        """The hand's multiplier in words when it is more than one (``×2 cracked``)."""
        v = self.seat
        return multiplier_text(v.multiplier, self.redeal, v.cracked_by, v.recracked, v.blitzed)

    @property
    def daily_date(self) -> str | None:
        day = date_of_seed(self.seed)
        return None if day is None else day.isoformat()

    @property
    def game_id(self) -> str:
        return self.seed.partition(":")[2]


@dataclass(frozen=True)
class FinishedHand:
    """A finished hand, everything public, as the page shows it afterwards: the after-hand
    summary at the table and each hand of a result link's viewer (one type, one builder:
    :func:`finished_hand`).  Hand ``number`` (1-based), its ``redeal`` (doubler throw-ins
    before it); ``stakes`` the multiplier in words (``×2 cracked``, ``""`` when the hand
    counted once); ``outcome`` who won and how, in the words of whoever shows it (the table
    says "you", the viewer names the sender)."""

    number: int
    redeal: int
    dealer: int
    leaster: bool
    picker: int | None
    partner: int | None
    called: Card | None
    call_kind: CallKind | None
    alone: bool
    blind: tuple[Card, ...]
    bury: tuple[Card, ...]
    unknown: Card | None
    side_points: tuple[int, int] | None
    points: tuple[int, ...]
    tricks_won: tuple[int, ...]
    scores: tuple[int, ...]
    multiplier: int
    stakes: str
    thrown_in: bool
    """Everyone passed under the doubler option: nothing scored, the hand is dealt again."""
    tricks: tuple[ViewTrick, ...]
    outcome: str


def finished_hand(number: int, redeal: int, v: SeatView, outcome: Callable[[HandResult], str]
                  ) -> FinishedHand:
    """Hand ``number`` (dealt ``redeal`` times before) from ``v``, a seat's view of it once
    over; ``outcome`` words its result."""
    r = v.result
    if r is None:
        raise SheepsheadError(f"hand {number} is not over")
    return FinishedHand(
        number=number, redeal=redeal, dealer=v.dealer, leaster=r.leaster, picker=r.picker,
        partner=r.partner, called=r.called, call_kind=v.call_kind, alone=r.alone,
        blind=tuple(v.blind or ()), bury=tuple(r.bury or ()), unknown=v.unknown,
        side_points=r.side_points, points=tuple(r.points), tricks_won=tuple(v.tricks_won),
        scores=tuple(r.scores), multiplier=v.multiplier,
        stakes=multiplier_text(v.multiplier, redeal, v.cracked_by, v.recracked, v.blitzed),
        thrown_in=bool(r.thrown_in), tricks=v.tricks, outcome=outcome(r))


@dataclass(frozen=True)
class ScoreSheet:
    rows: tuple[tuple[int, tuple[int, ...]], ...]
    """(hand number, ledger change per seat) for every finished hand (throw-ins left out)."""
    totals: tuple[int, ...]
    game_over: bool
    winners: tuple[int, ...]


def hand_summary(g: Game, number: int | None = None) -> FinishedHand:
    """The after-hand summary of hand ``number`` (default: the current one, when over);
    of a hand dealt again (doubler), its last deal."""
    number = number or g.hand_number
    entries = [i for i, (n, _) in enumerate(g.deals) if n == number]
    if not entries:
        raise SheepsheadError(f"hand {number} is not dealt")
    i = entries[-1]
    return finished_hand(number, g.deals[i][1], g.hands[i].view(HUMAN), hand_outcome)


def score_sheet(g: Game) -> ScoreSheet:
    rows = tuple((n, tuple(h.result().scores)) for (n, _), h in zip(g.deals, g.hands, strict=True)
                 if h.is_over and not h.thrown_in)
    return ScoreSheet(rows, g.totals(), g.is_over, g.winners() if g.is_over else ())
