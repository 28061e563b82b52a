"""The card table's controller: the game, the computer players, the values the page draws,
saving and loading.

Pure Python (no ``js``, no ``pyscript``): the page binding (``static/main.py``)
asks this module what to draw and tells it what the human tapped.  Nothing here
reads the page; everything the page shows comes from :meth:`Table.view`.

* :class:`Table` — a :class:`~sheepshead.game.Game`, the human at seat 0 and
  computer players at the other seats.  :meth:`Table.act` applies the human's action
  (refusing, without raising, anything out of turn or illegal, so a double tap
  is harmless); :meth:`Table.step` lets the next computer player act.
* Computer players are made afresh for every decision from the game seed, the
  hand, the seat and the number of actions so far
  (:func:`~sheepshead.bots.seating.computer_choice`), so a reloaded game makes
  exactly the same choices from the same position.  A computer player's error is
  raised, never hidden.
* :meth:`Table.save` / :meth:`Table.load` — the saved game (JSON): the actions
  of each hand, the settings and a version; loading replays everything through
  the engine and raises :class:`~sheepshead.errors.SheepsheadError` on anything
  corrupt or foreign.
* :class:`TableView`, :class:`HandSummary`, :class:`ScoreSheet` — what the page draws.

Around it, each in its own module: :mod:`.settings` (the player's choices), :mod:`.links`
(``#daily=`` / ``#game=`` links), :mod:`.wording` (facts in words), :mod:`.animation`
(the animation queue), :mod:`.render` and :mod:`.panels` (HTML).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..actions import Action
from ..bots.seating import DAILY_LEVEL, computer_choice
from ..cards import Card
from ..deals import new_game_seed
from ..errors import IllegalActionError, SheepsheadError
from ..game import Game
from ..position import CallKind, Phase
from ..refusals import Refusal
from ..rules import DEFAULT_RULES, Rules
from ..view import SeatView
from .jsontext import parse_json
from .settings import LEVELS, Settings
from .wording import HUMAN, NAMES, hand_outcome, multiplier_text, names_for

__all__ = ["SAVE_FORMAT", "Event", "TableView", "HandSummary", "ScoreSheet", "Table"]

SAVE_FORMAT = "sheepshead-table/1"


# ------------------------------------------------------------ values drawn
@dataclass(frozen=True)
class Event:
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
    summary: HandSummary | None
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
        return self.seed[6:] if self.seed.startswith("daily:") else None

    @property
    def game_id(self) -> str:
        return self.seed.partition(":")[2]


@dataclass(frozen=True)
class HandSummary:
    """What happened in a finished hand, for the after-hand panel."""

    number: int
    dealer: int
    leaster: bool
    picker: int | None
    partner: int | None
    called: Card | None
    call_kind: CallKind | None
    alone: bool
    blind: tuple
    bury: tuple
    side_points: tuple[int, int] | None
    points: tuple[int, ...]
    tricks_won: tuple[int, ...]
    scores: tuple[int, ...]
    outcome: str
    """A short sentence: who won and how."""
    multiplier: int = 1
    stakes: str = ""
    """The multiplier in words (``×2 cracked``), ``""`` when the hand counted once."""
    thrown_in: bool = False
    """Everyone passed under the doubler option: nothing scored, the hand is dealt again."""
    redeal: int = 0


@dataclass(frozen=True)
class ScoreSheet:
    rows: tuple[tuple[int, tuple[int, ...]], ...]
    """(hand number, ledger change per seat) for every finished hand (throw-ins left out)."""
    totals: tuple[int, ...]
    game_over: bool
    winners: tuple[int, ...]


# -------------------------------------------------------------------- table
class Table:
    """One game at the table: you at seat 0, computer players at the other seats (four,
    or two or three at a three- or four-handed table)."""

    def __init__(self, seed: str | None = None, settings: Settings | None = None,
                 rules: Rules = DEFAULT_RULES, level: str | None = None,
                 practice: bool = False):
        self.game = Game(seed or new_game_seed(), rules)
        self.settings = settings or Settings()
        self._level = _level_for(self.game.seed, self.settings, level)
        self.practice = practice

    @classmethod
    def resume(cls, game: Game, settings: Settings, level: str,
               practice: bool = False) -> Table:
        """A table for a game already under way (from its save), against ``level``."""
        table = cls.__new__(cls)
        table.game = game
        table.settings = settings
        table._level = _level_for(game.seed, settings, level)
        table.practice = practice
        return table

    @property
    def rules(self) -> Rules:
        """The options of the game in play."""
        return self.game.rules

    @property
    def players(self) -> int:
        return self.game.rules.players

    # ---------------------------------------------------------------- where
    @property
    def seed(self) -> str:
        return self.game.seed

    @property
    def hand(self):
        return self.game.current

    @property
    def to_act(self) -> int | None:
        h = self.game.current
        return None if h.is_over else h.to_act

    @property
    def human_turn(self) -> bool:
        return self.to_act == HUMAN

    @property
    def computer_turn(self) -> bool:
        return self.to_act is not None and self.to_act != HUMAN

    def action_count(self) -> int:
        """Actions taken in the whole game (a change counter for the page)."""
        return sum(len(h.history) for h in self.game.hands)

    def seat_view(self, seat: int = HUMAN) -> SeatView:
        return self.game.current.view(seat)

    def view(self) -> TableView:
        g = self.game
        return TableView(
            seat=self.seat_view(), seed=g.seed, hand_number=g.hand_number,
            hands_total=g.length, dealer=g.current.dealer, totals=g.totals(),
            game_over=g.is_over, winners=g.winners() if g.is_over else (),
            settings=self.settings, sheet=self.score_sheet(),
            summary=self.hand_summary() if g.current.is_over else None, hint=self.play_hint(),
            names=names_for(g.rules.players), redeal=g.redeal, rules=g.rules,
            level=self.level, practice=self.practice)

    # ------------------------------------------------------------------ act
    def act(self, action: str | Action) -> Event | None:
        """The human's action; None (and nothing changes) when it is not theirs to take."""
        if not self.human_turn:
            return None
        try:
            a = Action.parse(action)
        except SheepsheadError:
            return None
        h = self.game.current
        if not h.can_apply(a):
            return None
        h.apply(a)
        return Event(HUMAN, str(a), self.game.hand_number)

    def step(self) -> Event | None:
        """Let the computer player to act take one action; None when it is not their turn."""
        if not self.computer_turn:
            return None
        h = self.game.current
        seat = h.to_act
        view = h.view(seat)
        action = self._choose(seat, view)
        h.apply(action)
        return Event(seat, str(action), self.game.hand_number)

    def next_hand(self) -> bool:
        """Deal the next hand once this one is over; False when there is none to deal."""
        if not self.game.current.is_over or self.game.is_over:
            return False
        self.game.next_hand()
        return True

    def _choose(self, seat: int, view: SeatView) -> Action:
        """The computer player's action: a bot error is a bug and is raised, never hidden."""
        g = self.game
        return computer_choice(self.level, g.seed, g.hand_number, g.redeal, view,
                               len(g.current.history))

    @property
    def level(self) -> str:
        """The computer players' level in this game, fixed when it began: a Daily's is
        :data:`~sheepshead.bots.seating.DAILY_LEVEL` unless it was given (a save of the
        previous version keeps the level it was played against); a New Game's is the
        level setting at its start.  Changing the setting later changes the next New
        Game only."""
        return self._level

    def play_hint(self) -> str | None:
        """When it is your turn to play and some cards are not playable: the engine's reason,
        in the second person (``You must follow trump.``); else None."""
        h = self.game.current
        if not self.human_turn or h.phase is not Phase.PLAY:
            return None
        legal = {str(a) for a in h.legal_actions()}
        for card in h.hand_of(HUMAN):
            if f"play {card}" not in legal:
                try:
                    h.verify(f"play {card}")
                except IllegalActionError as e:
                    if isinstance(e.refusal, Refusal):
                        return e.refusal.text(you=True)
                    raise
        return None

    # -------------------------------------------------------------- results
    def hand_summary(self, number: int | None = None) -> HandSummary:
        """The after-hand summary of hand ``number`` (default: the current one, when over);
        of a hand dealt again (doubler), its last deal."""
        g = self.game
        number = number or g.hand_number
        entries = [i for i, (n, _) in enumerate(g.deals) if n == number]
        if not entries:
            raise SheepsheadError(f"hand {number} is not dealt")
        i = entries[-1]
        h, redeal = g.hands[i], g.deals[i][1]
        if not h.is_over:
            raise SheepsheadError(f"hand {number} is not over")
        v = h.view(HUMAN)
        r = h.result()
        return HandSummary(
            number=number, dealer=h.dealer, leaster=r.leaster, picker=r.picker,
            partner=r.partner, called=r.called, call_kind=v.call_kind, alone=r.alone,
            blind=tuple(v.blind or ()), bury=tuple(v.bury or ()), side_points=r.side_points,
            points=tuple(r.points), tricks_won=tuple(v.tricks_won), scores=tuple(r.scores),
            outcome=hand_outcome(r), multiplier=v.multiplier,
            stakes=multiplier_text(v.multiplier, redeal, v.cracked_by, v.recracked, v.blitzed),
            thrown_in=bool(r.thrown_in), redeal=redeal)

    def score_sheet(self) -> ScoreSheet:
        g = self.game
        rows = tuple((n, tuple(h.result().scores)) for (n, _), h in zip(g.deals, g.hands, strict=True)
                     if h.is_over and not h.thrown_in)
        return ScoreSheet(rows, g.totals(), g.is_over, g.winners() if g.is_over else ())

    # ----------------------------------------------------------------- save
    def save(self) -> str:
        return json.dumps({"format": SAVE_FORMAT, "version": 1,
                           "settings": self.settings.to_json(), "game": self.game.to_json()},
                          separators=(",", ":"))

    @classmethod
    def load(cls, text) -> Table:
        """Rebuild a saved table, replaying every action; SheepsheadError if anything is off."""
        data = parse_json(text, "saved game")     # refuses deep nesting before parsing
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SheepsheadError(f"saved game: not a {SAVE_FORMAT} object")
        if data.get("version") != 1:
            raise SheepsheadError(f"saved game: unknown version {data.get('version')!r}")
        try:
            settings = Settings.from_json(data.get("settings"))
            game = Game.from_json(data.get("game"))
        except SheepsheadError:      # already says what was wrong (a ValueError too)
            raise
        except (TypeError, ValueError, AttributeError, KeyError) as e:   # a foreign object
            raise SheepsheadError(f"saved game: {type(e).__name__}: {e}") from None
        for h in game.hands[:-1]:
            if not h.is_over:
                raise SheepsheadError("saved game: an earlier hand is unfinished")
        return cls.resume(game, settings, settings.level)


def _level_for(seed: str, settings: Settings, level: str | None) -> str:
    if level is None:
        level = DAILY_LEVEL if seed.startswith("daily:") else settings.level
    if level not in LEVELS:
        raise SheepsheadError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    return level
