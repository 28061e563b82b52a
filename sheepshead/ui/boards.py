"""The page's boards: every checked result of a game that you opened, kept per game.

Pure Python (no ``js``).  A **board** belongs to one game, named by its own link
(``#daily=2026-12-01``, or ``#game=…[&rules=…]`` for a New Game a friend challenged you to).
It holds the result links of the friends whose results you opened (one row per name), each
with whether they said they used hints and whether its computer moves were checked yet, and,
for a New Game, your own result (a Daily's is the results book's).  All of them are kept in
one JSON value under ``sheepshead.boards`` (:class:`BoardBook`), written by :class:`Boards`.

* Only checked results are kept: a link is added after its actions and scores were checked
  (:func:`~sheepshead.results.check_result`), and taken off again if its computer moves turn
  out not to be this version's players' (:meth:`Boards.remove`).
* A friend's later link replaces the earlier one only when it is the same game further on
  (its actions begin with the earlier ones) or when you choose to (:meth:`Boards.add`
  with ``replace=True``, from "Use this one").
* Bounded: :data:`MAX_BOARDS` games (the least recently changed go first), at most
  :data:`~sheepshead.board.MAX_NAMES` rows each, :data:`MAX_BOARDS_CHARS` characters in all.
* Read as the saves are (outside text): too long, too deep or not a board book → set aside
  (``sheepshead.set-aside.<n>``) with one notice, and an empty book starts; entries this
  version cannot read are left out, the whole text set aside first, with one notice.  Nothing
  stored is trusted: :func:`board_rows` checks every link again before it is shown.
"""

from __future__ import annotations

import datetime as _dt
import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ..board import ANONYMOUS, MAX_NAMES
from ..errors import SheepsheadError
from ..results import HUMAN_SEAT, ResultCheck, ResultLink, check_result, parse_result
from .jsontext import parse_json
from .saves import Storage, StorageFailed, set_aside

__all__ = ["BOARDS_KEY", "BOARDS_FORMAT", "MAX_BOARDS", "MAX_BOARDS_CHARS", "Kept", "Stored",
           "BoardBook", "Boards", "Row", "board_rows", "game_key", "Added"]

BOARDS_KEY = "sheepshead.boards"
BOARDS_FORMAT = "sheepshead-boards"
BOARDS_VERSION = 1
MAX_BOARDS = 60
"""The most games kept (about two months of Dailies)."""
MAX_BOARDS_CHARS = 2_000_000
"""The longest book read (60 boards of 50 full results take about 1,300,000)."""
MAX_LINK_CHARS = 4_000
"""A stored result link over this is not read (a whole game takes about 400)."""

Added = str
"""What :meth:`Boards.add` did: ``added``, ``same``, ``replaced``, ``kept`` (another result
of that name is there: the first one stays), ``full`` or ``refused`` (storage refused)."""


def game_key(link: ResultLink) -> str:
    """The board a result belongs to: its game's own link."""
    return link.game_link()


@dataclass(frozen=True)
class Kept:
    """A stored result: its link, whether its player said they used hints (None: not
    said), and whether its computer moves were checked (True) or not yet (None)."""

    link: str
    hints: bool | None = None
    moves: bool | None = None

    def to_json(self) -> dict[str, object]:
        return {"result": self.link, "hints": self.hints, "moves": self.moves}

    @classmethod
    def from_json(cls, game: str, data: object) -> Kept:
        if not isinstance(data, dict):
            raise SheepsheadError("a board's row is not an object")
        link, hints, moves = data.get("result"), data.get("hints"), data.get("moves")
        if not isinstance(link, str) or len(link) > MAX_LINK_CHARS \
                or not link.startswith(game + "&result="):
            raise SheepsheadError("a board's row is not a result link of its game")
        if not (hints is None or isinstance(hints, bool)) or not (moves is None or moves is True):
            raise SheepsheadError("a board's row has a bad hints or moves field")
        return cls(link, hints, True if moves else None)


@dataclass(frozen=True)
class Stored:
    """One game's board as kept: the friends' results, your own (New Games only) and the
    date it last changed."""

    rows: tuple[Kept, ...] = ()
    mine: Kept | None = None
    changed: str = ""

    def to_json(self) -> dict[str, object]:
        return {"rows": [r.to_json() for r in self.rows],
                "mine": None if self.mine is None else self.mine.to_json(),
                "changed": self.changed}

    @classmethod
    def from_json(cls, game: str, data: object) -> Stored:
        if not isinstance(data, dict) or not isinstance(data.get("rows"), list):
            raise SheepsheadError("a board is not an object with rows")
        rows = data["rows"]
        if len(rows) > MAX_NAMES:
            raise SheepsheadError(f"a board has more than {MAX_NAMES} rows")
        mine = data.get("mine")
        changed = data.get("changed")
        if not isinstance(changed, str) or len(changed) > 10:
            raise SheepsheadError("a board's date is not a date")
        return cls(tuple(Kept.from_json(game, r) for r in rows),
                   None if mine is None else Kept.from_json(game, mine), changed)


@dataclass(frozen=True)
class BoardBook:
    """Every board, by game; ``unread`` counts the entries left out when it was read."""

    boards: dict[str, Stored] = field(default_factory=dict)
    unread: int = 0
    read_only: bool = False

    def to_text(self) -> str:
        return json.dumps({"format": BOARDS_FORMAT, "version": BOARDS_VERSION,
                           "boards": {g: b.to_json() for g, b in self.boards.items()}},
                          separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_text(cls, text: str) -> BoardBook:
        data = parse_json(text, "boards", MAX_BOARDS_CHARS)
        if not isinstance(data, dict) or data.get("format") != BOARDS_FORMAT \
                or data.get("version") != BOARDS_VERSION:
            raise SheepsheadError(f"boards: not a {BOARDS_FORMAT} object of version "
                                  f"{BOARDS_VERSION}")
        entries = data.get("boards")
        if not isinstance(entries, dict):
            raise SheepsheadError("boards: boards must be an object")
        boards: dict[str, Stored] = {}
        unread = 0
        for game, entry in list(entries.items())[:MAX_BOARDS + 1]:
            try:
                if not game.startswith(("#daily=", "#game=")) or len(game) > 100:
                    raise SheepsheadError("not a game's link")
                boards[game] = Stored.from_json(game, entry)
            except SheepsheadError:
                unread += 1
        unread += max(0, len(entries) - MAX_BOARDS - 1)
        return cls(boards, unread)


class Boards:
    """The board book in a :class:`~sheepshead.ui.saves.Storage`, read afresh at every call
    (another tab may have added to it); notices in :meth:`take_notices`."""

    def __init__(self, storage: Storage,
                 today: Callable[[], _dt.date] = _dt.date.today) -> None:
        self.storage = storage
        self.today = today
        self._notices: list[str] = []

    def take_notices(self) -> list[str]:
        out, self._notices = self._notices, []
        return out

    def book(self) -> BoardBook:
        try:
            text = self.storage.get(BOARDS_KEY)
        except OSError:
            return BoardBook(read_only=True)
        if text is None:
            return BoardBook()
        try:
            book = BoardBook.from_text(text)
        except SheepsheadError as e:
            return self._set_aside(text, str(e), BoardBook())
        if book.unread:
            return self._set_aside(text, f"{book.unread} entries could not be read", book)
        return book

    def _set_aside(self, text: str, reason: str, keep: BoardBook) -> BoardBook:
        """Keep the whole text under a set-aside key, then go on with ``keep`` (one notice)."""
        try:
            new = set_aside(self.storage, BOARDS_KEY, text, reason)
            self.storage.set(BOARDS_KEY, replace(keep, unread=0).to_text())
        except (StorageFailed, OSError):
            self._notices.append(f"The boards could not be read ({reason}) nor set aside; "
                                 f"they are left as they are.")
            return replace(keep, read_only=True)
        self._notices.append(f"The boards could not all be read ({reason}); what was there "
                             f"is kept in this browser's storage as “{new}”.")
        return replace(keep, unread=0)

    def board(self, game: str) -> Stored:
        return self.book().boards.get(game, Stored())

    def games(self) -> list[str]:
        """The games that have a board, the most recently changed first."""
        boards = self.book().boards
        return sorted(boards, key=lambda g: (boards[g].changed, g), reverse=True)

    def add(self, link: ResultLink, check: ResultCheck, hints: bool | None = None, *,
            replace_named: bool = False, moves: bool | None = None) -> Added:
        """Put a checked result on its game's board (see the module docstring)."""
        game, text = game_key(link), check.link
        book = self.book()
        old = book.boards.get(game, Stored())
        rows = list(old.rows)
        same = [i for i, r in enumerate(rows) if _name(r.link) == (link.by or ANONYMOUS)
                and link.by is not None]
        for i, r in enumerate(rows):
            if r.link == text:
                if (hints is not None and r.hints != hints) or (moves and not r.moves):
                    rows[i] = Kept(text, r.hints if hints is None else hints, r.moves or moves)
                    return self._write(book, game, replace(old, rows=tuple(rows)), "same")
                return "same"
        if same:
            earlier = rows[same[0]].link
            further = _actions(text).startswith(_actions(earlier))
            if not (further or replace_named):
                return "kept"
            rows[same[0]] = Kept(text, hints, moves)
            return self._write(book, game, replace(old, rows=tuple(rows)), "replaced")
        if len(rows) >= MAX_NAMES:
            return "full"
        rows.append(Kept(text, hints, moves))
        return self._write(book, game, replace(old, rows=tuple(rows)), "added")

    def mine(self, game: str, link: str, hints: bool) -> None:
        """Keep your own result of a New Game on its board (the first one stays)."""
        book = self.book()
        old = book.boards.get(game, Stored())
        if old.mine is None:
            self._write(book, game, replace(old, mine=Kept(link, hints, True)), "added")

    def remove(self, game: str, link: str) -> None:
        """Take a result off (its computer moves are not this version's players')."""
        book = self.book()
        old = book.boards.get(game)
        if old is not None:
            rows = tuple(r for r in old.rows if r.link != link)
            self._write(book, game, replace(old, rows=rows), "removed")

    def checked(self, game: str, link: str) -> None:
        """Its computer moves are this version's players'."""
        book = self.book()
        old = book.boards.get(game)
        if old is not None:
            rows = tuple(Kept(r.link, r.hints, True) if r.link == link else r for r in old.rows)
            self._write(book, game, replace(old, rows=rows), "checked")

    def _write(self, book: BoardBook, game: str, board: Stored, what: Added) -> Added:
        if book.read_only:
            return "refused"
        today = self.today().isoformat()
        boards = {g: b for g, b in book.boards.items() if g != game}
        boards[game] = replace(board, changed=today)
        while len(boards) > MAX_BOARDS:       # the least recently changed go first
            del boards[min(boards, key=lambda g: (boards[g].changed, g))]
        try:
            self.storage.set(BOARDS_KEY, replace(book, boards=boards).to_text())
        except OSError:
            return "refused"
        return what


def _actions(link: str) -> str:
    return link.partition("&result=")[2].partition("&")[0]


def _name(link: str) -> str:
    """The name of a stored link (parsed: percent-decoded), or Anonymous."""
    try:
        by = parse_result(link).by
    except SheepsheadError:
        return ""
    return by if by is not None else ANONYMOUS


# ------------------------------------------------------------------ rows
@dataclass(frozen=True)
class Row:
    """One row of a board as shown: ``place`` None for a result not ranked (a Daily played
    against other computer players); ``scores`` its player's score hand by hand."""

    name: str
    mine: bool
    total: int
    place: int | None
    tied: bool
    finished: bool
    hands: int
    level: str
    daily_opponents: bool | None
    hints: bool | None
    moves: bool | None
    link: str
    scores: tuple[int, ...]


def board_rows(stored: Stored, own: Kept | None, own_name: str,
               checks: dict[str, ResultCheck | str] | None = None
               ) -> tuple[tuple[Row, ...], tuple[str, ...]]:
    """The rows of a board, ranked (by total, then name; ties share a place), your own
    (``own``) among them, marked; and the links that failed their check again (each its
    one-line reason).  ``checks`` caches the checks by link."""
    cache: dict[str, ResultCheck | str] = {} if checks is None else checks
    rows: list[Row] = []
    refused: list[str] = []
    entries = [(k, False) for k in stored.rows] + ([(own, True)] if own is not None else [])
    own_actions = _actions(own.link) if own is not None else None
    for kept, mine in entries:
        if not mine and own_actions is not None and _actions(kept.link) == own_actions:
            continue                                    # your own result, sent back to you
        check = cache.get(kept.link)
        if check is None:
            try:
                check = check_result(parse_result(kept.link), computer_moves=False)
            except SheepsheadError as e:
                check = str(e)
            cache[kept.link] = check
        if isinstance(check, str):
            refused.append(check)
            continue
        name = own_name if mine else (check.by if check.by is not None else ANONYMOUS)
        rows.append(Row(name, mine, check.totals[HUMAN_SEAT], None, False, check.finished,
                        check.hands, check.level, check.daily_opponents, kept.hints,
                        kept.moves, kept.link, tuple(s[HUMAN_SEAT] for s in check.scores)))
    level = next((r.level for r in rows if r.mine), rows[0].level if rows else "")
    ranked = sorted((r for r in rows if _ranked(r, level)),
                    key=lambda r: (-r.total, not r.mine, r.name.casefold()))
    others = sorted((r for r in rows if not _ranked(r, level)),
                    key=lambda r: (-r.total, r.name.casefold()))
    totals = [r.total for r in ranked]
    out = [replace(r, place=1 + sum(t > r.total for t in totals),
                   tied=totals.count(r.total) > 1) for r in ranked]
    return tuple(out + others), tuple(refused)


def _ranked(row: Row, level: str) -> bool:
    """A Daily's result against the Daily's players; a New Game's at the board's level."""
    if row.daily_opponents is not None:
        return row.daily_opponents
    return row.level == level

