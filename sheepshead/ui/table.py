"""The card table's controller: the game, the four computer players, saving and links.

Pure Python (no ``js``, no ``pyscript``): the page binding (``static/main.py``)
asks this module what to draw and tells it what the human tapped.  Nothing here
reads the page; everything the page shows comes from :meth:`Table.view`.

* :class:`Table` — a :class:`~sheepshead.game.Game`, the human at seat 0 and
  computer players at seats 1–4.  :meth:`Table.act` applies the human's action
  (refusing, without raising, anything out of turn or illegal, so a double tap
  is harmless); :meth:`Table.step` lets the next computer player act.
* Computer players are made afresh for every decision from the game seed, the
  hand, the seat and the number of actions so far, so a reloaded game makes
  exactly the same choices from the same position.
* :meth:`Table.save` / :meth:`Table.load` — the saved game (JSON): the actions
  of each hand, the settings and a version; loading replays everything through
  the engine and raises :class:`~sheepshead.errors.SheepsheadError` on anything
  corrupt or foreign.
* :func:`parse_hash` / :func:`hash_of` — ``#daily=YYYY-MM-DD`` and ``#game=<16 hex>``.
* :func:`diff` — the animation queue: what happened between two views.
* :func:`share_line`, :meth:`Table.hand_summary`, :meth:`Table.score_sheet`.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import random
import re
from dataclasses import dataclass

from ..actions import Action
from ..cards import parse_card
from ..deals import check_seed, new_game_seed
from ..errors import SheepsheadError
from ..game import Game
from ..rules import DEFAULT_RULES, Rules
from ..scoring import ROW_NAMES
from ..state import CallKind
from ..view import SeatView, ViewTrick

__all__ = [
    "HUMAN", "NAMES", "LEVELS", "SPEEDS", "SAVE_FORMAT", "Settings", "Event", "Move",
    "TableView", "HandSummary", "ScoreSheet", "Table", "parse_hash", "hash_of",
    "daily_of", "diff", "share_line", "announce",
]

HUMAN = 0
NAMES = ("You", "Gus", "Bev", "Lars", "Dottie")
"""Seat names: you at seat 0, then clockwise (to your left) the four computer players."""
LEVELS = ("easy", "standard", "expert")
SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.45, "instant": 0.0}
"""Animation pace: a factor on the base durations (0 = no animation at all)."""
SAVE_FORMAT = "sheepshead-table/1"


# ----------------------------------------------------------------- settings
@dataclass
class Settings:
    """The player's choices, saved with the game."""

    level: str = "standard"
    speed: str = "normal"
    four_colour: bool = False
    reduced_motion: bool = False

    def to_json(self) -> dict:
        return {"level": self.level, "speed": self.speed, "four_colour": self.four_colour,
                "reduced_motion": self.reduced_motion}

    @classmethod
    def from_json(cls, data) -> "Settings":
        """Saved settings; a value this version does not know keeps its default, so a
        good game is never set aside for a setting."""
        s = cls()
        if isinstance(data, dict):
            for key, value in data.items():
                try:
                    s.set(key, value)
                except SheepsheadError:
                    pass
        return s

    def set(self, key: str, value) -> None:
        """Change one setting, checking its value."""
        if key == "level":
            if value not in LEVELS:
                raise SheepsheadError(f"level must be one of {', '.join(LEVELS)}, not {value!r}")
        elif key == "speed":
            if value not in SPEEDS:
                raise SheepsheadError(f"speed must be one of {', '.join(SPEEDS)}, not {value!r}")
        elif key in ("four_colour", "reduced_motion"):
            if not isinstance(value, bool):
                raise SheepsheadError(f"{key} must be true or false, not {value!r}")
        else:
            raise SheepsheadError(f"unknown setting {key!r}")
        setattr(self, key, value)


# ------------------------------------------------------------- seeds & links
_DAILY_HASH = re.compile(r"^daily=(\d{4}-\d{2}-\d{2})$")
_GAME_HASH = re.compile(r"^game=([0-9a-fA-F]{16})$")


def daily_of(date: _dt.date) -> str:
    return f"daily:{date.isoformat()}"


def parse_hash(fragment: str, today: _dt.date) -> tuple[str | None, str | None]:
    """The seed a location hash asks for, and a message when it is bad.

    ``""`` → ``(None, None)`` (no link: resume or today's Daily);
    ``#daily=2026-11-30`` → ``("daily:2026-11-30", None)``;
    ``#game=0123456789abcdef`` → ``("game:0123456789abcdef", None)``;
    anything else → today's Daily and a message saying what was wrong.
    """
    text = (fragment or "").strip()
    if text.startswith("#"):
        text = text[1:]
    if not text:
        return None, None
    m = _DAILY_HASH.match(text)
    if m:
        try:
            return check_seed(f"daily:{m[1]}"), None
        except SheepsheadError:
            pass
    m = _GAME_HASH.match(text)
    if m:
        return f"game:{m[1].lower()}", None
    shown = text if len(text) <= 40 else text[:40] + "…"
    return daily_of(today), (f"The link “#{shown}” names no game (expected #daily=YYYY-MM-DD "
                             f"or #game= and 16 hex digits), so here is today's Daily.")


def hash_of(seed: str) -> str:
    """The location hash that opens ``seed``."""
    kind, _, value = seed.partition(":")
    return f"#{kind}={value}"


def _seed_int(*parts) -> int:
    text = "|".join(str(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


# ------------------------------------------------------------ values for UI
@dataclass(frozen=True)
class Event:
    """One action taken at the table: who, what (record notation), in which hand."""

    seat: int
    action: str
    hand_number: int


@dataclass(frozen=True)
class Move:
    """One step of the animation queue (see :func:`diff`).

    ``kind`` is an action word (``pick``, ``pass``, ``bury``, ``call``, ``alone``,
    ``play``) or ``trick`` (a finished trick goes to ``seat``, its winner).
    ``trick`` is the trick to show once this step is done.
    """

    kind: str
    seat: int
    text: str
    """What a screen reader announces."""
    card: object = None
    trick: ViewTrick | None = None


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
    sheet: "ScoreSheet"
    summary: "HandSummary | None"
    """The finished hand's summary (None while it is played)."""
    hint: str | None = None
    """Why some of your cards cannot be played now (``You must follow trump.``)."""
    names: tuple[str, ...] = NAMES

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
    called: object
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


@dataclass(frozen=True)
class ScoreSheet:
    rows: tuple[tuple[int, tuple[int, ...]], ...]
    """(hand number, ledger change per seat) for every finished hand."""
    totals: tuple[int, ...]
    game_over: bool
    winners: tuple[int, ...]


# -------------------------------------------------------------------- table
class Table:
    """One game at the table: you at seat 0, computer players at seats 1–4."""

    def __init__(self, seed: str | None = None, settings: Settings | None = None,
                 rules: Rules = DEFAULT_RULES):
        self.game = Game(seed or new_game_seed(), rules)
        self.settings = settings or Settings()

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
            summary=self.hand_summary() if g.current.is_over else None, hint=self.play_hint())

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
        seed = _seed_int(self.seed, self.game.hand_number, seat, len(self.game.current.history))
        player = _make_player(self.settings.level, seed)
        try:
            action = Action.parse(player.choose(view))
            if action in view.legal:
                return action
        except Exception:       # a computer player must never stop the game
            pass
        return _RandomStandIn(seed).choose(view)

    def play_hint(self) -> str | None:
        """When it is your turn to play and some cards are not playable: the engine's reason,
        in the second person (``You must follow trump.``); else None."""
        h = self.game.current
        if not self.human_turn or h.phase != 3:
            return None
        legal = {str(a) for a in h.legal_actions()}
        for card in h.hand_of(HUMAN):
            if f"play {card}" not in legal:
                try:
                    h.verify(f"play {card}")
                except SheepsheadError as e:
                    return _second_person(getattr(e, "reason", str(e)))
        return None

    # -------------------------------------------------------------- results
    def hand_summary(self, number: int | None = None) -> HandSummary:
        """The after-hand summary of hand ``number`` (default: the current one, when over)."""
        number = number or self.game.hand_number
        h = self.game.hands[number - 1]
        if not h.is_over:
            raise SheepsheadError(f"hand {number} is not over")
        v = h.view(HUMAN)
        r = v.result
        return HandSummary(
            number=number, dealer=h.dealer, leaster=r.leaster, picker=r.picker,
            partner=r.partner, called=r.called, call_kind=v.call_kind, alone=r.alone,
            blind=tuple(v.blind or ()), bury=tuple(v.bury or ()), side_points=r.side_points,
            points=tuple(r.points), tricks_won=tuple(v.tricks_won), scores=tuple(r.scores),
            outcome=_outcome(r))

    def score_sheet(self) -> ScoreSheet:
        g = self.game
        rows = tuple((n, tuple(h.result().scores)) for n, h in enumerate(g.hands, 1) if h.is_over)
        return ScoreSheet(rows, g.totals(), g.is_over, g.winners() if g.is_over else ())

    # ----------------------------------------------------------------- save
    def save(self) -> str:
        return json.dumps({"format": SAVE_FORMAT, "version": 1,
                           "settings": self.settings.to_json(), "game": self.game.to_json()},
                          separators=(",", ":"))

    @classmethod
    def load(cls, text) -> "Table":
        """Rebuild a saved table, replaying every action; SheepsheadError if anything is off."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError):
            raise SheepsheadError("saved game: not JSON") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SheepsheadError(f"saved game: not a {SAVE_FORMAT} object")
        if data.get("version") != 1:
            raise SheepsheadError(f"saved game: unknown version {data.get('version')!r}")
        try:
            settings = Settings.from_json(data.get("settings"))
            game = Game.from_json(data.get("game"))
        except SheepsheadError:
            raise
        except Exception as e:       # anything else a foreign object could provoke
            raise SheepsheadError(f"saved game: {type(e).__name__}: {e}") from None
        for h in game.hands[:-1]:
            if not h.is_over:
                raise SheepsheadError("saved game: an earlier hand is unfinished")
        table = cls.__new__(cls)
        table.game = game
        table.settings = settings
        return table


# ---------------------------------------------------------- computer players
def _make_player(level: str, seed: int):
    """A computer player of ``level``; the bots package when it has one, else the stand-in."""
    try:
        from ..bots import make_player
    except ImportError:
        return _RandomStandIn(seed)
    for lvl in (level, "standard", "easy"):
        try:
            return make_player(lvl, seed)
        except Exception:
            continue
    return _RandomStandIn(seed)


class _RandomStandIn:
    """Legal-random player: used only if no computer player can be made (or one fails)."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal)


# ------------------------------------------------------------------ wording
def _name(seat: int | None) -> str:
    return "nobody" if seat is None else NAMES[seat]


def _verb(seat: int, third: str, second: str) -> str:
    return f"{NAMES[seat]} {second if seat == HUMAN else third}"


def announce(seat: int, action: str) -> str:
    """A sentence for a screen reader: ``Gus plays Queen of clubs.``"""
    words = action.split()
    kind = words[0]
    if kind == "pick":
        return _verb(seat, "picks", "pick") + " up the blind."
    if kind == "pass":
        return _verb(seat, "passes", "pass") + "."
    if kind == "bury":
        return _verb(seat, "buries", "bury") + " two cards."
    if kind == "alone":
        return _verb(seat, "goes", "go") + " alone."
    if kind == "call":
        text = _verb(seat, "calls", "call") + f" the {parse_card(words[1]).name}"
        if "unknown" in words:
            text += ", with an unknown card set aside"
        return text + "."
    if kind == "play":
        if words[1] == "unknown":
            return _verb(seat, "plays", "play") + " the unknown card, face down."
        return _verb(seat, "plays", "play") + f" the {parse_card(words[1]).name}."
    return f"{NAMES[seat]}: {action}."


_CARD_WORD = re.compile(r"\b(10|[789JQKA])([CSHD])\b")


def _second_person(reason: str) -> str:
    """``seat 0 must keep the last hearts card … (it holds the call of AH)`` → ``You must …``."""
    text = reason.replace(f"seat {HUMAN} ", "you ").replace("(it holds", "(you hold")
    text = _CARD_WORD.sub(lambda m: parse_card(m[0]).name, text)
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _outcome(r) -> str:
    if r.leaster:
        if not any(r.scores):
            return "Leaster: a tie for fewest points, so nobody scores."
        w = r.winners[0]
        return f"Leaster: {_verb(w, 'wins', 'win')} with {r.points[w]} points."
    side, defenders = r.side_points
    row = ROW_NAMES.get(r.row, "")
    who = _name(r.picker) + (" alone" if r.alone else
                             (f" and {_name(r.partner)}" if r.partner is not None else ""))
    if side >= 61:
        how = {"schwarz": " and took every trick", "schneider": ", schneider"}.get(row, "")
        return f"{who} won with {side} points{how}."
    how = {"schwarzed": " and took no trick", "schneidered": ", schneidered"}.get(row, "")
    return f"{who} lost with {side} points{how}; the defenders took {defenders}."


# ---------------------------------------------------------------- animation
def _plays_of(v: SeatView) -> int:
    return sum(len(t.cards) for t in v.tricks) + (len(v.trick.cards) if v.trick else 0)


def diff(before: SeatView, after: SeatView) -> list[Move]:
    """The animation queue from one view to the next: one :class:`Move` per new action,
    and a ``trick`` move whenever a trick is completed.  Both views are of the same seat
    and the same hand, ``after`` later than ``before``."""
    moves: list[Move] = []
    played = _plays_of(before)
    n = after.players
    for seat, text in after.history[len(before.history):]:
        kind = text.split()[0]
        if kind != "play":
            moves.append(Move(kind, seat, announce(seat, text)))
            continue
        t, k = divmod(played, n)
        played += 1
        trick = after.tricks[t] if t < len(after.tricks) else after.trick
        card = trick.cards[k]
        shown = ViewTrick(trick.leader, trick.cards[:k + 1], None)
        moves.append(Move("play", seat, announce(seat, text), card, shown))
        if k == n - 1:
            w = trick.winner
            points = (f", {sum(c.points for c in trick.cards)} points"
                      if all(c is not None for c in trick.cards) else "")
            moves.append(Move("trick", w, _verb(w, "takes", "take") + f" the trick{points}.",
                              None, trick))
    return moves


# -------------------------------------------------------------------- share
def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def share_line(table: Table, page_url: str) -> str:
    """A spoiler-free line to share: which game, your result so far, the link. No cards."""
    g = table.game
    base = page_url.split("#", 1)[0]
    link = base + hash_of(g.seed)
    name = (f"Sheepshead Daily {g.seed[6:]}" if g.seed.startswith("daily:")
            else f"Sheepshead game {g.seed[5:]}")
    totals = g.totals()
    mine = totals[HUMAN]
    place = 1 + sum(1 for t in totals if t > mine)
    tied = sum(1 for t in totals if t == mine) > 1
    finished = len(g.hand_scores())
    rank = f"{'tied ' if tied else ''}{_ordinal(place)} of {len(totals)}"
    if g.is_over:
        result = f"I finished {mine:+d} ({rank}) after {g.length} hands"
    elif finished == 0:
        result = "I'm just sitting down"
    else:
        result = f"I'm {mine:+d} ({rank}) after {finished} of {g.length} hands"
    return f"{name}: {result}. {link}"
