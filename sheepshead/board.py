"""A board of results: several players' result links of the same game, checked and ranked.

Friends who play the same Daily (or the same New Game) and post their result links in a chat
have everything a leaderboard needs: :func:`board_of` reads each link
(:func:`~sheepshead.results.parse_result`), checks it (:func:`~sheepshead.results.check_result`)
and ranks the players of each game by their total, ties sharing a place (``1, 1, 3``).
``python -m sheepshead board LINK…`` prints it as JSON, for a club that runs its own league
from the links.

The rules where a board is silent elsewhere:

* **One row per name and game** (:func:`one_a_name`).  Names are compared by their skeleton
  (:func:`~sheepshead.names.skeleton`: "Ann", "Ann" + U+FE0F and Cyrillic "Аnn" are one
  player) and shown in their normal form.  The first link of a name counts, unless a later
  one is the same game further on (its actions begin with the first's); another link under
  the same name is listed as refused ("a second result for Ann: the first one counts"); the
  same link twice is one row, read once.  Links without ``by=`` are rows of their own, named
  "Anonymous".
* **One ranking** (:func:`ranking`, :func:`ranked_order`), the page's too: by total, ties
  sharing a place, then by name; a New Game's board ranks the results at one level
  (:func:`board_level`: your own, else the level most results were played at), the others
  are listed unranked.
* **Only the game's own opponents are ranked.**  A Daily played against another level
  (``daily_opponents`` False) is shown, unranked (``place`` None), after the ranked rows.
* **A refused link is shown once, with its one-line reason, and ranked nowhere**; a link whose
  computer moves are not this version's players' (``computer_moves_match`` False) is refused
  too: its total was not made against these opponents.
* **Bounded**: at most :data:`MAX_LINKS` distinct readable links are checked (junk does not
  count), :data:`MAX_TEXTS` looked at, at most :data:`MAX_NAMES` rows a game.

Standard library only; never imports ``js``, ``pyscript`` or :mod:`sheepshead.ui`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from .errors import SheepsheadError
from .grammar import shown, url_fragment
from .links import fragment_parameters, game_link, is_new_game_link, rules_of, seed_of
from .names import shown_name, skeleton
from .results import (
    HUMAN_SEAT,
    LEVELS,
    VERSION,
    ResultCheck,
    ResultLink,
    actions_of,
    check_result,
    decode_name,
    parse_result,
)

__all__ = ["Board", "BoardRow", "Refused", "board_of", "MAX_LINKS", "MAX_NAMES", "ANONYMOUS",
           "BoardEntry", "board_fragment", "parse_board", "is_board_link", "MAX_BOARD_URL",
           "BOARD_VERSION", "ranking", "ranked_order", "board_level", "is_ranked", "one_a_name",
           "Candidate", "Rankable", "link_key", "MAX_TEXTS", "link_name", "further_on",
           "board_game"]

MAX_LINKS = 200
"""The most links one board reads."""
MAX_NAMES = 50
"""The most rows one game's board holds."""
MAX_TEXTS = 2_000
"""The most links and board-link entries looked at, readable or not."""
ANONYMOUS = "Anonymous"
"""The name of a row whose link has no ``by=``."""


@dataclass(frozen=True)
class BoardRow:
    """One player's checked result on a board."""

    name: str
    total: int
    place: int | None
    """1-based, ties sharing the place; None for a result against other opponents."""
    tied: bool
    finished: bool
    hands: int
    level: str
    daily_opponents: bool | None
    link: str
    """The canonical result link (its fragment)."""

    def to_json(self) -> dict[str, object]:
        return {"place": self.place, "tied": self.tied, "name": self.name, "total": self.total,
                "finished": self.finished, "hands": self.hands, "level": self.level,
                "daily_opponents": self.daily_opponents, "link": self.link}


@dataclass(frozen=True)
class Refused:
    """A link that is on no board, and why (one line)."""

    link: str
    reason: str

    def to_json(self) -> dict[str, str]:
        return {"link": self.link, "reason": self.reason}


@dataclass(frozen=True)
class Board:
    """The ranked rows of one game (``game``: its own link, ``#daily=…`` or ``#game=…``)."""

    game: str
    rows: tuple[BoardRow, ...]

    def to_json(self) -> dict[str, object]:
        return {"game": self.game, "rows": [r.to_json() for r in self.rows]}


def board_of(links: Iterable[str], *, computer_moves: bool = True
             ) -> tuple[tuple[Board, ...], tuple[Refused, ...]]:
    """The boards of ``links`` (one per game, in the order each game first appears) and the
    links refused.  ``computer_moves=False`` checks the scores only (fast; the page checks the
    computer moves in the background).

    The cost is bounded by the distinct links, not by their copies: a link given twice (or
    inside a board link and alone) is read once; every distinct link is read and its scores
    checked (a replay: milliseconds); of one name's results only the one that counts
    (:func:`one_a_name`) has its computer moves checked (seconds), the next only if that one
    fails.  Only readable links count towards :data:`MAX_LINKS`: junk is refused with its
    reason and never crowds out a real link behind it."""
    refused: list[Refused] = []
    seen: set[str] = set()
    read: dict[str, list[tuple[ResultLink, ResultCheck]]] = {}
    count = 0
    for i, text in enumerate(_expanded(links)):
        if i >= MAX_TEXTS:
            refused.append(Refused("", f"more than {MAX_TEXTS:,} links and entries: the rest "
                                       f"are not read"))
            break
        key = link_key(text)
        if key in seen:
            continue                                    # the same link twice: read once
        seen.add(key)
        if count >= MAX_LINKS:
            refused.append(Refused(_short(text), f"more than {MAX_LINKS} links: not read"))
            continue
        try:
            link = parse_result(text)
            check = check_result(link, computer_moves=False)
        except SheepsheadError as e:
            refused.append(Refused(_short(text), str(e)))
            continue
        count += 1
        canonical = link_key(check.link)
        if canonical != key and canonical in seen:
            continue                                    # written another way, the same link
        seen.add(canonical)
        read.setdefault(link.game_link(), []).append((link, check))
    boards = []
    for game, results in read.items():
        rows: list[Candidate] = []
        for kept, others in one_a_name([(_named(link), check) for link, check in results]):
            if len(rows) >= MAX_NAMES:                  # refused before any moves' check
                refused += [Refused(c.link, f"more than {MAX_NAMES} players for this game")
                            for _, c in (kept, *others)]
                continue
            chosen = None
            for name, check in (kept, *others):
                if chosen is None and computer_moves:
                    full = check_result(parse_result(check.link))
                    if full.computer_moves_match is False:
                        refused.append(Refused(check.link, _moves_refusal(full)))
                        continue
                    check = full
                if chosen is None:
                    chosen = Candidate(name, check)
                else:
                    refused.append(Refused(check.link, f"a second result for {name}: the "
                                                       f"first one counts"))
            if chosen is not None:
                rows.append(chosen)
        if rows:
            boards.append(Board(game, _board_rows(rows)))
    return tuple(boards), tuple(refused)


def _moves_refusal(check: ResultCheck) -> str:
    return (f"the computer moves are not this version's {check.level} players' "
            f"({check.first_difference})")


def _named(link: ResultLink) -> str:
    """The name a board shows for ``link``: its normal form, Anonymous without one."""
    return ANONYMOUS if link.by is None else shown_name(link.by)


def link_key(text: str) -> str:
    """What two copies of one result link have in common, worked out without reading the
    link (no replay): its fragment as the page holds it, its parameters in order, the game
    id in lowercase.  Two texts with the same key are the same link."""
    try:
        fragment = url_fragment(text)
    except SheepsheadError:
        return f"\0{id(text)}"                      # not read at all: a key of its own
    parts = sorted(fragment.split("&"))
    return "&".join(p.lower() if is_new_game_link(p) else p for p in parts)


def link_name(text: str) -> str | None:
    """The ``by=`` name of a (stored, already checked) result link, read without replaying
    the link: None when it has none or it cannot be read."""
    for part in text.partition("#")[2].split("&"):
        if part.startswith("by="):
            try:
                return decode_name(part[3:])
            except SheepsheadError:
                return None
    return None


def further_on(later: str, earlier: str) -> bool:
    """Whether result link ``later`` is the same game as ``earlier`` further on (its actions
    begin with the earlier's and are longer): then it replaces the earlier on a board."""
    a, b = actions_of(later), actions_of(earlier)
    return a != b and a.startswith(b)



def _expanded(links: Iterable[str]) -> Iterator[str]:
    """Each link, a board link's entries one by one in its place (refused whole, as one
    link, when the board link itself cannot be read)."""
    for text in links:
        if isinstance(text, str) and is_board_link(text):
            try:
                yield from (e.link for e in parse_board(text))
                continue
            except SheepsheadError:
                pass                    # refused below, as the link it is
        yield text


def _board_rows(rows: list[Candidate]) -> tuple[BoardRow, ...]:
    out = []
    for c, (place, tied) in zip(rows, ranking(rows), strict=True):
        out.append(BoardRow(c.name, c.total, place, tied, c.check.finished, c.check.hands,
                            c.level, c.daily_opponents, c.check.link))
    order = ranked_order(rows)
    return tuple(out[i] for i in order)


def _short(text: object) -> str:
    """The start of a refused link, escapes visible, without quotes."""
    return shown(text, 60)[1:-1] if isinstance(text, str) else type(text).__name__


# ---------------------------------------------------------- the one ranking
@dataclass(frozen=True)
class Candidate:
    """A result for :func:`ranking`: its name as shown and its scores' check."""

    name: str
    check: ResultCheck
    mine: bool = False

    @property
    def total(self) -> int:
        return self.check.totals[HUMAN_SEAT]

    @property
    def level(self) -> str:
        return self.check.level

    @property
    def daily_opponents(self) -> bool | None:
        return self.check.daily_opponents


class Rankable(Protocol):
    """What :func:`ranking` reads of a row (the command line's and the page's)."""

    @property
    def name(self) -> str: ...

    @property
    def total(self) -> int: ...

    @property
    def mine(self) -> bool: ...

    @property
    def level(self) -> str: ...

    @property
    def daily_opponents(self) -> bool | None: ...


def board_level(rows: Sequence[Rankable]) -> str:
    """The level a New Game's board ranks: your own result's, else the level most of its
    results were played at (on a tie, the first in :data:`~sheepshead.results.LEVELS`), so
    that the order the links came in decides nothing."""
    mine = [r.level for r in rows if r.mine]
    if mine:
        return mine[0]
    levels = [r.level for r in rows if r.daily_opponents is None]
    if not levels:
        return ""
    return min(set(levels), key=lambda v: (-levels.count(v),
                                           LEVELS.index(v) if v in LEVELS else len(LEVELS), v))


def is_ranked(row: Rankable, level: str) -> bool:
    """A Daily's result against the Daily's players; a New Game's at the board's level."""
    if row.daily_opponents is not None:
        return row.daily_opponents
    return row.level == level


def ranked_order(rows: Sequence[Rankable]) -> list[int]:
    """The indexes of ``rows`` in the order a board lists them: the ranked rows by total
    (your own first among equals, then by name), then the others by total and name."""
    level = board_level(rows)

    def key(i: int) -> tuple[bool, int, bool, str, str]:
        r = rows[i]
        return (not is_ranked(r, level), -r.total, not r.mine, skeleton(r.name), r.name)
    return sorted(range(len(rows)), key=key)


def ranking(rows: Sequence[Rankable]) -> list[tuple[int | None, bool]]:
    """The place (1-based, ties sharing it: 1, 1, 3; None for a row not ranked) and whether
    it is tied, of each of ``rows``: the one ranking of a board, used by ``python -m
    sheepshead board`` and by the page."""
    level = board_level(rows)
    totals = [r.total for r in rows if is_ranked(r, level)]
    out: list[tuple[int | None, bool]] = []
    for r in rows:
        if is_ranked(r, level):
            out.append((1 + sum(t > r.total for t in totals), totals.count(r.total) > 1))
        else:
            out.append((None, False))
    return out


C = TypeVar("C")


def one_a_name(results: Sequence[tuple[str, C]], further: Callable[[C, C], bool] | None = None
               ) -> list[tuple[tuple[str, C], list[tuple[str, C]]]]:
    """One result a player (names compared by :func:`~sheepshead.names.skeleton`; every
    Anonymous result a player of its own), in the order each player first comes: the one
    that counts, then that player's others in order.  The first counts, unless a later one
    is the same game further on (its actions begin with the first's: ``further``, by
    default on :class:`ResultCheck` links)."""
    def link(c: object) -> str:
        return c.link if isinstance(c, ResultCheck) else str(c)

    def extends(later: C, earlier: C) -> bool:
        if further is not None:
            return further(later, earlier)
        return further_on(link(later), link(earlier))

    players: dict[str, list[tuple[str, C]]] = {}
    for i, (name, c) in enumerate(results):
        key = f"\\0{i}" if name == ANONYMOUS else skeleton(name)
        players.setdefault(key, []).append((name, c))
    out = []
    for group in players.values():
        kept = group[0]
        for other in group[1:]:
            if extends(other[1], kept[1]):
                kept = other
        out.append((kept, [g for g in group if g is not kept]))
    return out


# ------------------------------------------------------------- board links
BOARD_VERSION = "1"
"""The board link's own version (the result links inside stay version 1 of results.md)."""
MAX_BOARD_URL = 2000
"""The longest board link written, the page's address included: it fits a Discord message
(2,000 characters) and the 2,048 that older tools still cut links at.  Past it, the link
carries the best rows that fit (:func:`board_fragment` says how many)."""
_ENTRY_SEP = ","
_FIELD_SEP = "!"
_BOARD_PARAMS = ("daily", "game", "rules", "board")


@dataclass(frozen=True)
class BoardEntry:
    """One row of a board link: a result link (``link``: a fragment, checked by whoever
    reads it) and whether its player said they used hints (``hints``; None: not said)."""

    link: str
    hints: bool | None = None


def board_fragment(entries: Iterable[BoardEntry], *, base: str = "",
                   limit: int = MAX_BOARD_URL) -> tuple[str, int]:
    """The board link of ``entries`` (result links of one game, best first) and how many of
    them it carries: as many from the start as fit in ``limit`` characters with ``base``
    (the page's address) before the ``#``; at least one.  Each entry is its result link's
    action string, then ``!name`` (percent-encoded, empty for none), ``!h`` when it used
    hints and ``!level`` when it has one, trailing empty fields left out::

        #daily=2026-12-01&board=1.<actions>!Ann!h,<actions>!!!easy
    """
    game = ""
    parts: list[str] = []
    for entry in entries:
        link = parse_result(entry.link)
        params = dict(p.partition("=")[::2] for p in link.fragment().lstrip("#").split("&"))
        fields = [params["result"].partition(".")[2], params.get("by", ""),
                  "h" if entry.hints else "", params.get("level", "")]
        while fields[-1] == "":
            fields.pop()
        if not game:
            game = link.game_link()
        elif link.game_link() != game:
            raise SheepsheadError("a board link holds the results of one game")
        text = f"{game}&board={BOARD_VERSION}." + _ENTRY_SEP.join([*parts, _FIELD_SEP.join(fields)])
        if parts and len(base) + len(text) > limit:
            break
        parts.append(_FIELD_SEP.join(fields))
    if not parts:
        raise SheepsheadError("a board link needs at least one result")
    return f"{game}&board={BOARD_VERSION}." + _ENTRY_SEP.join(parts), len(parts)


def is_board_link(text: str) -> bool:
    """Whether ``text`` (a URL or its fragment) is a board link (it has ``board=``)."""
    fragment = text.partition("#")[2] if "#" in text else text
    return any(p.startswith("board=") for p in fragment.split("&"))


def parse_board(text: str) -> tuple[BoardEntry, ...]:
    """The entries of a board link, each as a result link to check
    (:func:`~sheepshead.results.parse_result`): one line (SheepsheadError) when the board
    link itself cannot be read.  Entries are not checked here: a tampered one is refused
    alone, by whoever checks it."""
    fragment = url_fragment(text)
    params: dict[str, str] = {}
    for part in fragment.split("&"):
        name, eq, value = part.partition("=")
        if not eq or name not in _BOARD_PARAMS or name in params:
            raise SheepsheadError(f"board link: {shown(part)} is not one of "
                                  f"{', '.join(p + '=' for p in _BOARD_PARAMS)} (each once)")
        params[name] = value
    version, dot, body = params.get("board", "").partition(".")
    if version != BOARD_VERSION or not dot:
        raise SheepsheadError(f"board link: board= must start with {BOARD_VERSION}. "
                              f"(version {BOARD_VERSION}), not {shown(version)}")
    if ("daily" in params) == ("game" in params):
        raise SheepsheadError("board link: it names no game (daily= or game=, one of them)")
    game = "&".join(f"{k}={params[k]}" for k in ("daily", "game", "rules") if k in params)
    raw = body.split(_ENTRY_SEP)
    if len(raw) > MAX_NAMES:
        raise SheepsheadError(f"board link: more than {MAX_NAMES} results")
    out: list[BoardEntry] = []
    for i, entry in enumerate(raw, 1):
        fields = entry.split(_FIELD_SEP)
        if len(fields) > 4 or not fields[0]:
            raise SheepsheadError(f"board link: result {i} is not actions[!name[!h[!level]]]")
        fields += [""] * (4 - len(fields))
        actions, by, hints, level = fields
        if hints not in ("", "h"):
            raise SheepsheadError(f"board link: result {i}: {shown(hints)} is not h")
        link = f"#{game}&result={VERSION}.{actions}" + (f"&by={by}" if by else "") \
            + (f"&level={level}" if level else "")
        out.append(BoardEntry(link, True if hints == "h" else None))
    return tuple(out)


def board_game(text: str) -> str:
    """The game's own link (as :meth:`~sheepshead.results.ResultLink.game_link` writes it)
    of a board link that :func:`parse_board` read; one line when its game cannot be one."""
    try:
        params = fragment_parameters(url_fragment(text), _BOARD_PARAMS)
        seed = seed_of(params)
        return game_link(seed, rules_of(params, seed))
    except SheepsheadError as e:
        raise SheepsheadError(f"board link: {e}") from None
