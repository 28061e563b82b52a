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
* :func:`parse_link` / :func:`hash_of` — ``#daily=YYYY-MM-DD``, ``#game=<16 hex>`` and
  ``#game=<16 hex>&rules=<options>`` (:meth:`Rules.to_code` / :meth:`Rules.from_code`, see
  ``docs/options.md``); :func:`parse_hash` is the same without the options.
* :func:`rules_phrases` / :func:`multiplier_text` — the options in play and the hand's stakes,
  in words for the table.
* :func:`diff` — the animation queue: what happened between two views.
* :func:`share_line`, :meth:`Table.hand_summary`, :meth:`Table.score_sheet`.
"""

from __future__ import annotations

import datetime as _dt
import json
import re
from dataclasses import dataclass, field, fields, replace

from ..actions import Action, Kind
from ..bots.seating import computer_choice
from ..deals import check_seed, daily_seed, new_game_seed
from ..errors import IllegalActionError, SheepsheadError
from ..refusals import Refusal
from ..game import Game
from ..rules import DEFAULT_RULES, AllPass, PartnerBy, Rules
from ..scoring import ROW_NAMES
from ..position import CallKind, Phase
from ..view import PublicAction, SeatView, ViewTrick

__all__ = [
    "HUMAN", "NAMES", "LEVELS", "SPEEDS", "SAVE_FORMAT", "Settings", "Event", "Move",
    "TableView", "HandSummary", "ScoreSheet", "Table", "parse_hash", "hash_of",
    "diff", "share_line", "announce", "parse_link",
    "rules_phrases", "multiplier_text", "names_for",
]

HUMAN = 0
NAMES = ("You", "Gus", "Bev", "Lars", "Dottie")
"""Seat names: you at seat 0, then clockwise (to your left) the computer players.
Three- and four-handed tables seat the first two or three of them."""
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
    rules: Rules = DEFAULT_RULES
    """The table options chosen in the Options panel, for the next New Game (the game in
    play keeps its own, ``table.game.rules``; the Daily always uses the default table)."""

    def to_json(self) -> dict:
        return {"level": self.level, "speed": self.speed, "four_colour": self.four_colour,
                "reduced_motion": self.reduced_motion, "rules": self.rules.to_json()}

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
        elif key == "rules":
            if not isinstance(value, Rules):
                try:
                    value = Rules.from_json(value)
                except SheepsheadError:
                    raise
                except Exception as e:          # e.g. a non-string key from a foreign object
                    raise SheepsheadError(f"rules: {type(e).__name__}: {e}") from None
        else:
            raise SheepsheadError(f"unknown setting {key!r}")
        setattr(self, key, value)

    def set_option(self, name: str, value) -> None:
        """Change one table option (a control of the Options panel: a string from a select,
        or a bool from a checkbox).  Three-handed, the picker is always alone, so choosing
        three players sets the partner back to the called Ace."""
        known = {f.name: f for f in fields(Rules)}
        if name not in known:
            raise SheepsheadError(f"unknown table option {name!r}")
        default = known[name].default
        if name == "players":
            try:
                value = int(value)
            except (TypeError, ValueError):
                raise SheepsheadError(f"players must be 3, 4 or 5, not {value!r}") from None
        elif isinstance(default, bool) and isinstance(value, str):
            value = {"true": True, "false": False}.get(value, value)
        changes = {name: value}
        if name == "players" and value == 3:
            changes["partner"] = PartnerBy.CALLED_ACE
        try:
            self.rules = replace(self.rules, **changes)
        except TypeError as e:
            raise SheepsheadError(f"table option {name!r}: {e}") from None


# ------------------------------------------------------------- seeds & links
_DAILY_HASH = re.compile(r"^daily=(\d{4}-\d{2}-\d{2})$")
_GAME_HASH = re.compile(r"^game=([0-9a-fA-F]{16})(?:&rules=(.*))?$")


def parse_link(fragment: str, today: _dt.date) -> tuple[str | None, Rules, str | None]:
    """The seed and table options a location hash asks for, and a message when it is bad.

    ``""`` → ``(None, DEFAULT_RULES, None)`` (no link: resume or today's Daily);
    ``#daily=2026-11-30`` → the Daily (always the default table);
    ``#game=0123456789abcdef`` → that game on the default table;
    ``#game=0123456789abcdef&rules=p3.crack`` → that game with those options;
    anything else (a bad rules part included) → today's Daily and a message saying what
    was wrong.
    """
    text = (fragment or "").strip()
    if text.startswith("#"):
        text = text[1:]
    if not text:
        return None, DEFAULT_RULES, None
    m = _DAILY_HASH.match(text)
    if m:
        try:
            return check_seed(f"daily:{m[1]}"), DEFAULT_RULES, None
        except SheepsheadError:
            pass
    m = _GAME_HASH.match(text)
    if m:
        seed = f"game:{m[1].lower()}"
        if m[2] is None:
            return seed, DEFAULT_RULES, None
        try:
            return seed, Rules.from_code(m[2]), None
        except SheepsheadError as e:
            return daily_seed(today), DEFAULT_RULES, (
                f"The link's table options could not be read ({e}), so here is today's "
                f"Daily.")
    shown = text if len(text) <= 40 else text[:40] + "…"
    return daily_seed(today), DEFAULT_RULES, (
        f"The link “#{shown}” names no game (expected #daily=YYYY-MM-DD "
        f"or #game= and 16 hex digits), so here is today's Daily.")


def parse_hash(fragment: str, today: _dt.date) -> tuple[str | None, str | None]:
    """:func:`parse_link` without the options: ``(seed, message)``."""
    seed, _, message = parse_link(fragment, today)
    return seed, message


def hash_of(seed: str, rules: Rules = DEFAULT_RULES) -> str:
    """The location hash that opens ``seed`` with ``rules`` (a Daily is always default)."""
    kind, _, value = seed.partition(":")
    code = rules.to_code() if kind == "game" else ""
    return f"#{kind}={value}" + (f"&rules={code}" if code else "")


def names_for(players: int) -> tuple[str, ...]:
    """The seat names of a table of ``players``."""
    return NAMES[:players]


def rules_phrases(rules: Rules) -> list[str]:
    """The options in play, one short phrase each (``[]`` for the default table):
    :meth:`Rules.describe`, with the number of players and the all-pass rule said exactly."""
    data = rules.to_json()
    out = []
    for name, phrase in zip(data, rules.describe()):
        if name == "players":
            phrase = {3: "three players", 4: "four players"}[rules.players]
        elif name == "all_pass":
            phrase = {AllPass.DOUBLER: "all pass: doubler",
                      AllPass.DEALER_PICKS: "all pass: the dealer picks"}[rules.all_pass]
        out.append(phrase)
    return out


def multiplier_text(multiplier: int, redeal: int, cracked_by: int | None, recracked: bool,
                    blitzed: bool) -> str:
    """``×2 cracked``, ``×8 doubler, cracked, re-cracked``, ``×4 doubler, thrown in 2 times``;
    ``""`` when the hand counts once."""
    if multiplier <= 1:
        return ""
    why = []
    if redeal:
        why.append("doubler" if redeal == 1 else f"doubler, thrown in {redeal} times")
    if cracked_by is not None:
        why.append("cracked")
    if recracked:
        why.append("re-cracked")
    if blitzed:
        why.append("blitz")
    return f"×{multiplier} " + ", ".join(why) if why else f"×{multiplier}"


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
    redeal: int = 0
    """How many times this hand was thrown in and dealt again (doubler option)."""
    rules: Rules = DEFAULT_RULES
    """The options of the game in play (``settings.rules`` are those for the next New Game)."""

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
                 rules: Rules = DEFAULT_RULES):
        self.game = Game(seed or new_game_seed(), rules)
        self.settings = settings or Settings()

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
            names=names_for(g.rules.players), redeal=g.redeal, rules=g.rules)

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
        """The computer players' level in this game."""
        return self.settings.level

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
        r = v.result
        return HandSummary(
            number=number, dealer=h.dealer, leaster=r.leaster, picker=r.picker,
            partner=r.partner, called=r.called, call_kind=v.call_kind, alone=r.alone,
            blind=tuple(v.blind or ()), bury=tuple(v.bury or ()), side_points=r.side_points,
            points=tuple(r.points), tricks_won=tuple(v.tricks_won), scores=tuple(r.scores),
            outcome=_outcome(r), multiplier=v.multiplier,
            stakes=multiplier_text(v.multiplier, redeal, v.cracked_by, v.recracked, v.blitzed),
            thrown_in=bool(r.thrown_in), redeal=redeal)

    def score_sheet(self) -> ScoreSheet:
        g = self.game
        rows = tuple((n, tuple(h.result().scores)) for (n, _), h in zip(g.deals, g.hands)
                     if h.is_over and not h.thrown_in)
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


# ------------------------------------------------------------------ wording
def _name(seat: int | None) -> str:
    return "nobody" if seat is None else NAMES[seat]


def _verb(seat: int, third: str, second: str) -> str:
    return f"{NAMES[seat]} {second if seat == HUMAN else third}"


def announce(p: PublicAction) -> str:
    """A sentence for a screen reader: ``Gus plays the Queen of clubs.``"""
    seat, kind = p.seat, p.kind
    if kind is Kind.PICK:
        return _verb(seat, "picks", "pick") + " up the blind."
    if kind is Kind.PASS:
        return _verb(seat, "passes", "pass") + "."
    if kind is Kind.BURY:
        return _verb(seat, "buries", "bury") + " two cards."
    if kind is Kind.ALONE:
        return _verb(seat, "goes", "go") + " alone."
    if kind is Kind.CALL:
        called = p.cards[0]
        text = _verb(seat, "calls", "call") + f" the {called.name if called else 'card'}"
        if len(p.cards) == 2:
            text += ", with an unknown card set aside"
        return text + "."
    if kind is Kind.CRACK:
        return _verb(seat, "cracks", "crack") + ": the hand counts double."
    if kind is Kind.RECRACK:
        return _verb(seat, "re-cracks", "re-crack") + ": double again."
    if kind is Kind.BLITZ:
        return (_verb(seat, "blitzes", "blitz") +
                ", showing both black Queens: the hand counts double.")
    card = p.card
    if card is None:
        return _verb(seat, "plays", "play") + " the unknown card, face down."
    return _verb(seat, "plays", "play") + f" the {card.name}."


def _outcome(r) -> str:
    if r.thrown_in:
        return ("Everyone passed: the hand is thrown in. The same dealer deals again, "
                "and the next hand counts double.")
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
    for p in after.history[len(before.history):]:
        seat = p.seat
        if p.kind is not Kind.PLAY:
            moves.append(Move(p.kind.value, seat, announce(p)))
            continue
        t, k = divmod(played, n)
        played += 1
        trick = after.tricks[t] if t < len(after.tricks) else after.trick
        card = trick.cards[k]
        shown = ViewTrick(trick.leader, trick.cards[:k + 1], None)
        moves.append(Move("play", seat, announce(p), card, shown))
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
    link = base + hash_of(g.seed, g.rules)
    name = (f"Sheepshead Daily {g.seed[6:]}" if g.seed.startswith("daily:")
            else f"Sheepshead game {g.seed[5:]}")
    phrases = rules_phrases(g.rules)
    if phrases:
        name += f" ({', '.join(phrases)})"
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
