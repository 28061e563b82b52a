"""Result links: a game's every action in a URL, checkable by anyone.

The format is ``docs/specs/results.md`` (fixed forever, version ``1``)::

    #daily=2026-12-01&result=1.<actions>[&by=<name>][&level=<level>][&hints=1]
    #game=0123456789abcdef[&rules=<code>]&result=1.<actions>[&by=<name>][&level=<level>][&hints=1]

The action string is every action of every deal, in order, each written as one
or more base64url *sextets* whose meaning depends on the hand's phase (a card's
sextet is its index in the canonical deck, ``7C`` = 0 … ``AD`` = 31).  Nothing
in a link is trusted: :func:`parse_result` replays the game from its seed as it
decodes, checking every action with the engine's rules, and
:func:`check_result` scores it and replays each computer seat's choice.

* :func:`result_link` / :func:`result_fragment` / :func:`result_string` —
  write a link from a :class:`~sheepshead.game.Game`.
* :func:`parse_result` — read a whole URL or just its fragment into a
  :class:`ResultLink`; anything invalid raises
  :class:`~sheepshead.errors.SheepsheadError` with one line, e.g.
  ``hand 3 action 12 "play 7C": seat 2 must follow trump``.
* :func:`check_result` — the two checks: the scores (always; a
  :class:`ResultLink` from :func:`parse_result` is already valid) and whether
  every computer move is the one this version's players make;
  :func:`check_steps` does the same a computer decision at a time (the page
  checks an Expert game in chunks, staying responsive).

Decisions where ``results.md`` is silent:

* **Which level the computer moves are checked against.**  ``level=`` when the
  link has it; otherwise :data:`~sheepshead.bots.seating.DAILY_LEVEL`
  (``expert``) for a Daily and :data:`NEW_GAME_LEVEL` (``standard``, the page's
  default setting) for a New Game.  The writer always writes ``level=`` when
  it is given one, so a New Game played at another level says so.
* **Hands.**  A refusal names the hand by its number in the game (1-based)
  and, for a deal thrown in under the doubler option and dealt again, the
  redeal: ``hand 4 redeal 1 action 2 "pick": …``.  :attr:`ResultCheck.hands`
  counts hand numbers, so a thrown-in deal is not an extra hand, and its
  scores (all zero) are left out of :attr:`ResultCheck.scores` as on the score
  sheet.  A link must end after a hand that was played: one that ends right
  after a throw-in ends inside that hand (it was not dealt again yet).
* **Empty and oversized.**  An empty action string is refused (a link holds
  one or more complete hands); so is an action string over
  :data:`MAX_RESULT_CHARS` characters, and anything after the tenth hand.
* **The link is read as a browser reads it** (:func:`~sheepshead.grammar.url_fragment`):
  spaces and controls around it stripped, tabs and newlines inside it removed, and anything
  but printable ASCII in the fragment percent-encoded, exactly as the page's
  ``location.hash`` holds it, so the command line and the page accept the same links.  After
  that every part is ASCII, matched whole (:mod:`sheepshead.grammar`): a look-alike digit in a
  date (``𝟣``) or a Kelvin sign in an option word is refused, never read as ``1`` or ``k``.
* **The name** (``by=``): decoding refuses a name that is empty, is not
  percent-encoded UTF-8, holds a control character or is over
  :data:`MAX_NAME` characters, and removes bidi controls, zero-width characters, line and
  paragraph separators and the byte-order mark (:func:`~sheepshead.grammar.drop_invisible`:
  a right-to-left override would turn the rest of the viewer's title around); ``<b>`` stays
  ``<b>``: it is shown as plain text only, inside ``<bdi>``.  Writing removes the same
  characters and control characters, strips surrounding spaces and keeps the first
  :data:`MAX_NAME` characters; percent-encoding leaves only ``A-Z a-z 0-9 - . _ ~`` as they are.
* **Parameters** may come in any order; each at most once; unknown names and
  ``rules=`` beside ``daily=`` (a Daily is always the default table) are refused.  The game
  id's hex digits may be in either case (as the page reads them); a result link is written in
  lowercase.
* **Hints** (``hints=1``, added 2026-12-04): the sender's word that hints were used, like
  ``by=`` not proved by the actions; written only when true, read as True only from ``1``
  (any other value is refused), absent (every older link) read as not said.
* **A Daily against other opponents.**  A Daily link with ``level=`` other than the Daily's
  own is checked against that level, and :attr:`ResultCheck.daily_opponents` is False: it is
  not a result of the Daily (``verify`` and the viewer say so).

Standard library only; never imports ``js``, ``pyscript`` or :mod:`sheepshead.ui`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

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
    Kind,
    action_of,
)
from .bots.seating import DAILY_LEVEL, MoveCheck
from .bots.versions import LEVELS
from .cards import CARDS
from .deals import check_seed
from .errors import SheepsheadError
from .game import HANDS_PER_GAME, HUMAN_SEAT, Game
from .grammar import (
    MAX_NAME,
    clean_name,
    drop_invisible,
    is_control,
    parse_seed,
    shown,
    url_fragment,
)
from .links import GAME_PARAMETERS, fragment_parameters, game_link, rules_of, seed_of
from .rules import DEFAULT_RULES, Rules
from .state import HandState, Phase

__all__ = ["ResultLink", "ResultCheck", "result_link", "result_fragment", "result_string", "actions_of",
           "parse_result", "check_result", "check_steps", "clean_name", "VERSION", "ALPHABET",
           "ANSWERS", "LEVELS", "NEW_GAME_LEVEL", "MAX_NAME", "MAX_RESULT_CHARS", "HUMAN_SEAT",
           "decode_name"]

VERSION = "1"
"""The format version written before the action string (``result=1.…``)."""
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
"""base64url: the character of each sextet 0..63."""
ANSWERS = ("pass", "pick", "crack", "recrack", "blitz")
"""The words a sextet names in the pick and doubles phases, by sextet."""
ALONE_SEXTET = 62
UNKNOWN_SEXTET = 63
"""In the call phase: ``alone``, and the start of ``call X unknown U`` (63, X, U)."""
NEW_GAME_LEVEL = "standard"
"""The level a New Game's link without ``level=`` is checked against (the page's default)."""
MAX_RESULT_CHARS = 100_000
"""The longest action string read (a ten-hand game needs a few hundred characters)."""

_SEXTET = {ch: i for i, ch in enumerate(ALPHABET)}
_WORD_SEXTET = {Kind(word): i for i, word in enumerate(ANSWERS)}
_ANSWER_CODES = (PASS, PICK, CRACK, RECRACK, BLITZ)
"""Move codes of :data:`ANSWERS` (pass 0, pick 1, crack 3, recrack 4, blitz 5)."""
_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
_HEX = frozenset("0123456789abcdefABCDEF")
_PARAMETERS = (*GAME_PARAMETERS, "result", "by", "level", "hints")


# ------------------------------------------------------------------ values
@dataclass(frozen=True)
class ResultLink:
    """A result link's contents: the game, every deal's actions, the sender and the level.

    ``hands[i]`` holds the actions of the ``i``-th deal as played (a thrown-in
    deal included) and ``deals[i]`` its (hand number, redeal), as in
    :attr:`Game.deals <sheepshead.game.Game.deals>`.  ``level`` is the link's
    ``level=`` (None when absent; :attr:`checked_level` says what that means); ``hints``
    whether it says ``hints=1`` (the sender used hints: their word, not proved).
    """

    seed: str
    rules: Rules
    hands: tuple[tuple[Action, ...], ...]
    deals: tuple[tuple[int, int], ...]
    by: str | None = None
    level: str | None = None
    hints: bool = False

    def __post_init__(self) -> None:
        check_seed(self.seed)
        if self.is_daily and self.rules != DEFAULT_RULES:
            raise SheepsheadError("a Daily is always played on the default table")
        if len(self.hands) != len(self.deals):
            raise SheepsheadError("a result link needs one (hand number, redeal) per deal")
        if self.by is not None:
            _check_name(self.by)
        if self.level is not None and self.level not in LEVELS:
            raise SheepsheadError(f"level: {_shown(self.level)} is not known "
                                  f"({', '.join(LEVELS)})")

    @property
    def is_daily(self) -> bool:
        return parse_seed(self.seed).is_daily

    @property
    def daily_opponents(self) -> bool | None:
        """For a Daily: whether it was played against the Daily's own computer players; None
        for a New Game."""
        return self.checked_level == DAILY_LEVEL if self.is_daily else None

    @property
    def checked_level(self) -> str:
        """The computer players' level the computer moves are checked against."""
        if self.level is not None:
            return self.level
        return DAILY_LEVEL if self.is_daily else NEW_GAME_LEVEL

    def game(self) -> Game:
        """The game this (valid) link holds, replayed from its seed."""
        game = Game(self.seed, self.rules)
        for i, actions in enumerate(self.hands):
            if i:
                game.next_hand()
            for action in actions:
                game.apply(action)
        return game

    def game_link(self) -> str:
        """The game's own link, as the page writes it: ``#daily=…`` or ``#game=…[&rules=…]``."""
        return game_link(self.seed, self.rules)

    def result_string(self) -> str:
        """``1.`` and the action string."""
        return VERSION + "." + "".join(ALPHABET[s] for actions in self.hands
                                       for a in actions for s in sextets(a))

    def fragment(self) -> str:
        """The whole fragment, ``#`` included."""
        out = f"{self.game_link()}&result={self.result_string()}"
        if self.by is not None:
            out += "&by=" + _percent_encode(self.by)
        if self.level is not None:
            out += "&level=" + self.level
        if self.hints:
            out += "&hints=1"
        return out


@dataclass(frozen=True)
class ResultCheck:
    """What a valid link proves (:func:`check_result`)."""

    seed: str
    rules: Rules
    hands: int
    """Hands played (thrown-in deals are not hands)."""
    finished: bool
    """All ten hands are in the link."""
    scores: tuple[tuple[int, ...], ...]
    """Each played hand's ledger change per seat, seat 0 first."""
    totals: tuple[int, ...]
    by: str | None
    level: str
    """The level the computer moves were checked against."""
    computer_moves_match: bool | None
    """True when every computer seat's action is this version's players' choice;
    None when that was not checked."""
    first_difference: str | None
    """The first computer action that differs, in words; None when none does."""
    link: str = ""
    """The canonical fragment of the link checked (as :meth:`ResultLink.fragment` writes it)."""
    daily_opponents: bool | None = None
    """For a Daily: whether its computer players were the Daily's own (no ``level=``, or the
    Daily's level word); None for a New Game."""
    hints: bool = False
    """The link says the sender used hints (``hints=1``)."""

    def to_json(self) -> dict[str, object]:
        return {"link": self.link, "daily_opponents": self.daily_opponents,
                "seed": self.seed, "rules": self.rules.to_json(), "hands": self.hands,
                "finished": self.finished, "scores": [list(s) for s in self.scores],
                "totals": list(self.totals), "by": self.by, "level": self.level,
                "hints": self.hints,
                "computer_moves_match": self.computer_moves_match,
                "first_difference": self.first_difference}


# ------------------------------------------------------------------ write
def sextets(action: Action) -> tuple[int, ...]:
    """The sextets of one action.  They do not depend on the phase: ``pass`` and ``pick``
    are 0 and 1 both when picking and when answering a doubles question."""
    kind = action.kind
    if kind is Kind.PLAY:
        return (action.card.index,)
    if kind is Kind.BURY:
        return tuple(c.index for c in action.cards)
    if kind is Kind.CALL:
        if action.unknown is not None:
            return (UNKNOWN_SEXTET, action.card.index, action.unknown.index)
        return (action.card.index,)
    if kind is Kind.ALONE:
        return (ALONE_SEXTET,)
    if kind in _WORD_SEXTET:
        return (_WORD_SEXTET[kind],)
    raise SheepsheadError(f'result links of version {VERSION} cannot write "{action}"')


def result_link(game: Game, by: str | None = None, level: str | None = None, *,
                hints: bool = False) -> ResultLink:
    """The link of ``game``'s complete hands: every deal up to the last hand played to the
    end (a thrown-in deal after it is left out: that hand is not over)."""
    last = -1
    for i, hand in enumerate(game.hands):
        if hand.is_over and not _thrown_in(hand):
            last = i
    if last < 0:
        raise SheepsheadError("no hand of this game is over yet: a result link holds "
                              "complete hands")
    return ResultLink(game.seed, game.rules,
                      tuple(tuple(h.actions()) for h in game.hands[:last + 1]),
                      tuple(game.deals[:last + 1]), clean_name(by), level, hints)


def result_string(game: Game) -> str:
    """``1.<actions>`` for every complete hand of ``game``, in order."""
    return result_link(game).result_string()


def actions_of(link: str) -> str:
    """The ``result=`` value of a result link's text, as written (``""`` when it has none):
    two links with the same value are the same play of their game, whoever sent them."""
    return link.partition("&result=")[2].partition("&")[0]


def result_fragment(game: Game, by: str | None = None, level: str | None = None, *,
                    hints: bool = False) -> str:
    """The whole fragment: ``#daily=…&result=1.…[&by=…][&level=…][&hints=1]`` or
    ``#game=…[&rules=…]&result=1.…[&by=…][&level=…][&hints=1]``."""
    return result_link(game, by, level, hints=hints).fragment()


# ------------------------------------------------------------------- read
def parse_result(text: str) -> ResultLink:
    """Read a result link: a whole URL (anything up to the first ``#`` is ignored) or its
    fragment, with or without ``#``.  Every action is replayed and checked; anything
    invalid raises :class:`SheepsheadError` with one line saying where and why."""
    text = url_fragment(text)       # as the page's location.hash holds it: ASCII
    if not text:
        raise SheepsheadError("link: empty (expected #daily=… or #game=… and &result=1.…)")
    params = fragment_parameters(text, _PARAMETERS)
    seed = seed_of(params)
    rules = rules_of(params, seed)
    level = params.get("level")
    if level is not None and level not in LEVELS:
        raise SheepsheadError(f"level: {_shown(level)} is not known ({', '.join(LEVELS)})")
    by = decode_name(params["by"]) if "by" in params else None
    if params.get("hints", "1") != "1":
        raise SheepsheadError(f"hints: {_shown(params['hints'])} is not 1 (hints=1 says the "
                              f"sender used hints; absent, it is not said)")
    if "result" not in params:
        raise SheepsheadError("link: no result= part (this names a game, not a result)")
    hands, deals = _read_actions(seed, rules, params["result"])
    return ResultLink(seed, rules, hands, deals, by, level, "hints" in params)


def _read_actions(seed: str, rules: Rules, value: str
                  ) -> tuple[tuple[tuple[Action, ...], ...], tuple[tuple[int, int], ...]]:
    """Decode and replay the ``result=`` value; the game's deals and their actions."""
    version, dot, string = value.partition(".")
    if not dot:
        raise SheepsheadError(f'result: no version (it must begin with "{VERSION}.")')
    if version != VERSION:
        raise SheepsheadError(f"result: version {_shown(version, quote=False)} is not known "
                              f"(this version reads {VERSION})")
    if not string:
        raise SheepsheadError("result: holds no hand (a result link holds one or more "
                              "complete hands)")
    if len(string) > MAX_RESULT_CHARS:
        raise SheepsheadError(f"result: {len(string)} characters is longer than any game "
                              f"(at most {MAX_RESULT_CHARS})")
    values: list[int] = []
    for ch in string:
        s = _SEXTET.get(ch)
        if s is None:
            raise SheepsheadError(f"result: character {ch!r} is not base64url")
        values.append(s)
    game = Game(seed, rules)
    reader = _Reader(values)
    while not reader.done:
        if game.current.is_over:
            if game.is_over:
                raise SheepsheadError(f"result: the game is over after hand {HANDS_PER_GAME}, "
                                      f"yet {reader.left} more character(s) follow")
            game.next_hand()
        state = game.current
        where = _where(game, len(state.history))
        action = _read_action(state, reader, where, game)
        try:
            state.apply(action)
        except SheepsheadError as e:
            raise SheepsheadError(f'{where} "{action}": {e}') from None
    _check_ends_a_hand(game)
    return (tuple(tuple(h.actions()) for h in game.hands), tuple(game.deals))


class _Reader:
    """The sextets of an action string, read one at a time."""

    def __init__(self, values: list[int]) -> None:
        self.values = values
        self.pos = 0

    @property
    def done(self) -> bool:
        return self.pos >= len(self.values)

    @property
    def left(self) -> int:
        return len(self.values) - self.pos

    def take(self, game: Game) -> int:
        if self.done:
            raise SheepsheadError(f"result: ends inside {_hand_name(game)}")
        value = self.values[self.pos]
        self.pos += 1
        return value


def _read_action(state: HandState, reader: _Reader, where: str, game: Game) -> Action:
    """The next action, read according to the hand's phase."""
    phase = state.phase
    s = reader.take(game)
    if phase is Phase.PLAY:
        return action_of(PLAY + _card(s, where, "a card to play"))
    if phase is Phase.PICK:
        if s > 1:
            raise SheepsheadError(f"{where}: {_sextet(s)} is neither pass (A) nor pick (B)")
        return action_of(_ANSWER_CODES[s])
    if phase is Phase.DOUBLES:
        if s >= len(ANSWERS):
            raise SheepsheadError(f"{where}: {_sextet(s)} is no answer "
                                  f"(A-E: {' '.join(ANSWERS)})")
        return action_of(_ANSWER_CODES[s])
    if phase is Phase.BURY:
        a = _card(s, where, "a card to bury")
        b = _card(reader.take(game), where, "a card to bury")
        if a == b:
            raise SheepsheadError(f'{where} "bury {CARDS[a]} {CARDS[b]}": '
                                  f"cannot bury {CARDS[a]} twice")
        return action_of(BURY + 32 * min(a, b) + max(a, b))
    if phase is Phase.CALL:
        if s == ALONE_SEXTET:
            return action_of(ALONE)
        if s == UNKNOWN_SEXTET:
            card = _card(reader.take(game), where, "a card to call")
            unknown = _card(reader.take(game), where, "an unknown card")
            return action_of(CALL_UNKNOWN + 32 * card + unknown)
        return action_of(CALL + _card(s, where, "a card to call, alone (-) or unknown (_)"))
    raise SheepsheadError(f"{where}: the hand is {phase.name.lower()}, where result links "
                          f"of version {VERSION} write no action")


def _card(s: int, where: str, wanted: str) -> int:
    if s >= len(CARDS):
        raise SheepsheadError(f"{where}: {_sextet(s)} is not {wanted}")
    return s


def _check_ends_a_hand(game: Game) -> None:
    state = game.current
    if not state.is_over or _thrown_in(state):
        extra = ": it was thrown in and not dealt again" if state.is_over else ""
        raise SheepsheadError(f"result: ends inside {_hand_name(game)}{extra}")


# ------------------------------------------------------------------ check
def check_result(link: ResultLink, *, computer_moves: bool = True) -> ResultCheck:
    """Replay ``link`` under its rules: each hand's scores and the totals, and (unless
    ``computer_moves`` is False) whether every action of seats 1 and up is the choice of
    this version's computer players at :attr:`ResultLink.checked_level`."""
    for step in check_steps(link, computer_moves=computer_moves):
        if step is not None:
            return step
    raise AssertionError("check_steps ends with its check")     # pragma: no cover


def check_steps(link: ResultLink, *,
                computer_moves: bool = True) -> Iterator[ResultCheck | None]:
    """:func:`check_result` a computer decision at a time, so that a page can keep
    responding while an Expert game is checked (seconds): yields None after every computer
    decision compared, then the :class:`ResultCheck` (the last step)."""
    level = link.checked_level
    moves = MoveCheck(level, link.seed)        # a level word means the version of its day
    game = Game(link.seed, link.rules)
    match: bool | None = True if computer_moves else None
    difference: str | None = None
    for i, (actions, deal) in enumerate(zip(link.hands, link.deals, strict=True)):
        if i:
            if game.current.is_over and not game.is_over:
                game.next_hand()
            else:
                raise SheepsheadError(f"result: deal {i + 1} follows a hand that is not over "
                                      f"or the last hand")
        if tuple(game.deals[-1]) != tuple(deal):
            raise SheepsheadError(f"result: deal {i + 1} is hand {game.deals[-1][0]} redeal "
                                  f"{game.deals[-1][1]}, not {deal[0]} redeal {deal[1]}")
        n, r = game.deals[-1]
        state = game.current
        for action in actions:
            before = len(state.history)
            where = _where(game, before)
            seat = state.to_act
            if match and seat != HUMAN_SEAT and not state.is_over \
                    and len(state.legal_actions()) > 1:
                if not moves.matches(n, r, state.view(seat), before, action):
                    match = False
                    difference = (f'{where}: seat {seat} played "{action}"; this version\'s '
                                  f'{level} player plays "{moves.choice}"')
                yield None
            try:
                state.apply(action)
            except SheepsheadError as e:
                raise SheepsheadError(f'{where} "{action}": {e}') from None
    if not link.hands:
        raise SheepsheadError("result: holds no hand (a result link holds one or more "
                              "complete hands)")
    _check_ends_a_hand(game)
    scores = tuple(tuple(s) for s in game.hand_scores())
    yield ResultCheck(link.seed, link.rules, len(scores), game.is_over, scores, game.totals(),
                      link.by, level, match, difference, link.fragment(),
                      link.daily_opponents, link.hints)


# ---------------------------------------------------------------- helpers
def _thrown_in(state: HandState) -> bool:
    return state.is_over and state.result().thrown_in


def _hand_name(game: Game) -> str:
    n, r = game.deals[-1]
    return f"hand {n}" + (f" redeal {r}" if r else "")


def _where(game: Game, index: int) -> str:
    return f"{_hand_name(game)} action {index}"


def _sextet(s: int) -> str:
    return f"'{ALPHABET[s]}' ({s})"


def _shown(text: str, quote: bool = True) -> str:
    """User text in a one-line message (:func:`~sheepshead.grammar.shown`), quoted or not."""
    return shown(text) if quote else shown(text)[1:-1]


def _check_name(name: str) -> None:
    if not isinstance(name, str):
        raise SheepsheadError(f"by: the name must be text, not {type(name).__name__}")
    if not name:
        raise SheepsheadError("by: the name is empty")
    if any(is_control(ch) for ch in name):
        raise SheepsheadError("by: the name holds a control character")
    if drop_invisible(name) != name:
        raise SheepsheadError("by: the name holds an invisible or bidi control character")
    if len(name) > MAX_NAME:
        raise SheepsheadError(f"by: the name is longer than {MAX_NAME} characters")


def _percent_encode(name: str) -> str:
    return "".join(ch if ch in _UNRESERVED else "".join(f"%{b:02X}" for b in ch.encode("utf-8"))
                   for ch in name)


def decode_name(raw: str) -> str:
    """The name of a ``by=`` value; refused unless it is percent-encoded UTF-8 of at most
    :data:`MAX_NAME` characters without control characters; bidi controls, zero-width
    characters, separators and the BOM are removed."""
    if len(raw) > 12 * MAX_NAME:        # 4 UTF-8 bytes of 3 characters each, at most
        raise SheepsheadError(f"by: the name is longer than {MAX_NAME} characters")
    data = bytearray()
    i = 0
    while i < len(raw):
        ch = raw[i]
        if ch == "%":
            digits = raw[i + 1:i + 3]
            if len(digits) != 2 or not all(d in _HEX for d in digits):
                raise SheepsheadError(f"by: '%' at position {i} is not followed by two hex "
                                      f"digits")
            data.append(int(digits, 16))
            i += 3
        else:
            data += ch.encode("utf-8", "surrogatepass")
            i += 1
    try:
        name = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SheepsheadError("by: the name is not percent-encoded UTF-8") from None
    name = drop_invisible(name)     # bidi controls, zero-width characters, separators, BOM
    _check_name(name)               # control characters are refused there
    return name
