"""A board of results: several players' result links of the same game, checked and ranked.

Friends who play the same Daily (or the same New Game) and post their result links in a chat
have everything a leaderboard needs: :func:`board_of` reads each link
(:func:`~sheepshead.results.parse_result`), checks it (:func:`~sheepshead.results.check_result`)
and ranks the players of each game by their total, ties sharing a place (``1, 1, 3``).
``python -m sheepshead board LINK…`` prints it as JSON, for a club that runs its own league
from the links.

The rules where a board is silent elsewhere:

* **One row per name and game.**  The first link of a name counts; a later, different link
  under the same name is listed as refused ("a second result for Ann: the first one counts");
  the same link twice is one row.  Links without ``by=`` are rows of their own, named
  "Anonymous".
* **Only the game's own opponents are ranked.**  A Daily played against another level
  (``daily_opponents`` False) is shown, unranked (``place`` None), after the ranked rows.
* **A refused link is shown once, with its one-line reason, and ranked nowhere**; a link whose
  computer moves are not this version's players' (``computer_moves_match`` False) is refused
  too: its total was not made against these opponents.
* **Bounded**: at most :data:`MAX_LINKS` links are read, at most :data:`MAX_NAMES` rows a game.

Standard library only; never imports ``js``, ``pyscript`` or :mod:`sheepshead.ui`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .errors import SheepsheadError
from .grammar import shown, url_fragment
from .results import HUMAN_SEAT, VERSION, ResultCheck, check_result, parse_result

__all__ = ["Board", "BoardRow", "Refused", "board_of", "MAX_LINKS", "MAX_NAMES", "ANONYMOUS",
           "BoardEntry", "board_fragment", "parse_board", "is_board_link", "MAX_BOARD_URL",
           "BOARD_VERSION"]

MAX_LINKS = 200
"""The most links one board reads."""
MAX_NAMES = 50
"""The most rows one game's board holds."""
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
    computer moves in the background)."""
    checked: dict[str, list[tuple[str, ResultCheck]]] = {}
    refused: list[Refused] = []
    for i, text in enumerate(_expanded(links)):
        if i >= MAX_LINKS:
            refused.append(Refused(_short(text), f"more than {MAX_LINKS} links: not read"))
            continue
        try:
            link = parse_result(text)
            check = check_result(link, computer_moves=computer_moves)
        except SheepsheadError as e:
            refused.append(Refused(_short(text), str(e)))
            continue
        if check.computer_moves_match is False:
            refused.append(Refused(check.link, f"the computer moves are not this version's "
                                               f"{check.level} players' ({check.first_difference})"))
            continue
        rows = checked.setdefault(link.game_link(), [])
        name = link.by if link.by is not None else ANONYMOUS
        same = [c for n, c in rows if link.by is not None and n == name]
        if any(c.link == check.link for _, c in rows):
            continue                                    # the same link twice: one row
        if same:
            refused.append(Refused(check.link, f"a second result for {name}: the first one "
                                               f"counts"))
            continue
        if len(rows) >= MAX_NAMES:
            refused.append(Refused(check.link, f"more than {MAX_NAMES} players for this game"))
            continue
        rows.append((name, check))
    boards = tuple(Board(game, _ranked(rows)) for game, rows in checked.items())
    return boards, tuple(refused)


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


def _ranked(rows: list[tuple[str, ResultCheck]]) -> tuple[BoardRow, ...]:
    """Ranked rows first (by total, then name), then those against other opponents."""
    def total(c: ResultCheck) -> int:
        return c.totals[HUMAN_SEAT]

    ranked = sorted(((n, c) for n, c in rows if c.daily_opponents is not False),
                    key=lambda r: (-total(r[1]), r[0].casefold()))
    others = sorted(((n, c) for n, c in rows if c.daily_opponents is False),
                    key=lambda r: (-total(r[1]), r[0].casefold()))
    totals = [total(c) for _, c in ranked]
    out = [BoardRow(n, total(c), 1 + sum(t > total(c) for t in totals),
                    totals.count(total(c)) > 1, c.finished, c.hands, c.level, c.daily_opponents,
                    c.link) for n, c in ranked]
    out += [BoardRow(n, total(c), None, False, c.finished, c.hands, c.level, c.daily_opponents,
                     c.link) for n, c in others]
    return tuple(out)


def _short(text: object) -> str:
    """The start of a refused link, escapes visible, without quotes."""
    return shown(text, 60)[1:-1] if isinstance(text, str) else type(text).__name__


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
