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
  stored is trusted: every link is checked again before it ranks (:func:`board_rows`; the
  page does it once a tab, in the background: :mod:`.friends`).
* Cost bounded by the row: adding one compares it with the rows there by the names in their
  links (:func:`~sheepshead.board.link_name`, :func:`~sheepshead.names.skeleton`), never
  replaying them; :meth:`Boards.add_many` adds a board link's results in one read and write.
* A board fills only with checked results: rows whose computer moves are not checked yet
  (``moves`` None) do not count towards :data:`~sheepshead.board.MAX_NAMES`, and a new
  result takes the place of the last of them when the board holds 50 rows.
"""

from __future__ import annotations

import datetime as _dt
import json
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from ...board import (
    ANONYMOUS,
    MAX_NAMES,
    BoardRow,
    further_on,
    link_name,
    one_a_name,
    ranked_order,
    ranking,
)
from ...errors import SheepsheadError
from ...links import is_daily_link, is_new_game_link
from ...names import shown_name, skeleton
from ...results import HUMAN_SEAT, ResultCheck, ResultLink, actions_of, check_result, parse_result
from ..storage.jsontext import parse_json
from ..storage.store import BOARDS_KEY, Owners, Shelf, StaleWrite, Storage, StorageFailed

__all__ = ["BOARDS_KEY", "BOARDS_FORMAT", "MAX_BOARDS", "MAX_BOARDS_CHARS", "Kept", "Stored",
           "BoardBook", "Boards", "Row", "board_rows", "game_key", "Added"]

BOARDS_FORMAT = "sheepshead-boards"
BOARDS_VERSION = 1
MAX_BOARDS = 60
"""The most games kept (about two months of Dailies)."""
MAX_BOARDS_CHARS = 2_000_000
"""The longest book read (60 boards of 50 full results take about 1,300,000)."""
MAX_LINK_CHARS = 4_000
"""A stored result link over this is not read (a whole game takes about 400)."""

MAX_GONE = 50
"""The most results a board remembers taking off (:attr:`Stored.gone`)."""
MAX_DONE = 500
"""The most changes a tab remembers to merge again into another tab's write."""

Added = str
"""What :meth:`Boards.add` did: ``added``, ``same``, ``replaced``, ``kept`` (another result
of that name is there: the first one stays), ``full`` or ``refused`` (storage refused)."""


def link_digest(link: str) -> str:
    """A stored result's short name in :attr:`Stored.gone` (CRC-32 of its text, 8 hex)."""
    return f"{zlib.crc32(link.encode('utf-8')):08x}"


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
    gone: tuple[str, ...] = ()
    """The digests (:func:`link_digest`) of the results taken off it (their computer moves
    are not this version's players'), the latest :data:`MAX_GONE`: another tab that still
    holds one does not put it back (:meth:`Boards.external_change`)."""

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "rows": [r.to_json() for r in self.rows],
            "mine": None if self.mine is None else self.mine.to_json(),
            "changed": self.changed}
        if self.gone:
            data["gone"] = list(self.gone)
        return data

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
        gone = data.get("gone", [])
        if not isinstance(gone, list) or len(gone) > MAX_GONE or not all(
                isinstance(g, str) and len(g) == 8 and g.isascii() and g.isalnum() for g in gone):
            raise SheepsheadError("a board's results taken off are not digests")
        return cls(tuple(Kept.from_json(game, r) for r in rows),
                   None if mine is None else Kept.from_json(game, mine), changed, tuple(gone))


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
                if not (is_daily_link(game) or is_new_game_link(game)) or len(game) > 100:
                    raise SheepsheadError("not a game's link")
                boards[game] = Stored.from_json(game, entry)
            except SheepsheadError:
                unread += 1
        unread += max(0, len(entries) - MAX_BOARDS - 1)
        return cls(boards, unread)


class Boards(Shelf):
    """The board book under :data:`~sheepshead.ui.storage.store.BOARDS_KEY`, read afresh at
    every call (another tab may have added to it); notices in :meth:`take_notices`.

    Two tabs: the book is one value, read, changed and written whole, and a tab's copy of
    storage can lag behind another tab's write.  So each tab remembers what it did to the
    book (:attr:`done`: the rows it added, checked or took off, your own results), and when
    another tab's write arrives (:meth:`external_change`) it does them again on that book
    and writes the merge back where it differs: a write that lost the race is merged again,
    by row, and neither tab's rows are lost."""

    def __init__(self, storage: Storage,
                 today: Callable[[], _dt.date] = _dt.date.today,
                 owners: Owners | None = None) -> None:
        super().__init__(storage, owners)
        self.today = today
        self.owners.own(BOARDS_KEY, lambda key, text, lost: self.external_change(text, lost=lost))
        self._read: tuple[str, BoardBook] | None = None
        """The text read last and its book: the same text is not parsed again."""
        self.done: list[Callable[[dict[str, Stored]], set[str]]] = []
        """What this tab did to the book, each as a change of the boards by game (the games
        it changed): done again on another tab's book (:meth:`external_change`)."""

    def book(self) -> BoardBook:
        try:
            text = self._read_value(BOARDS_KEY)
        except StorageFailed:
            return BoardBook(read_only=True)
        if text is None:
            return BoardBook()
        if self._read is not None and self._read[0] == text:
            return self._read[1]
        try:
            book = BoardBook.from_text(text)
        except SheepsheadError as e:
            return self._set_aside_book(text, str(e), BoardBook())
        if not book.unread:
            self._read = (text, book)
        if book.unread:
            what = "1 entry" if book.unread == 1 else f"{book.unread:,} entries"
            return self._set_aside_book(text, f"{what} could not be read", book)
        return book

    def _set_aside_book(self, text: str, reason: str, keep: BoardBook) -> BoardBook:
        """Keep the whole text under a set-aside key, then go on with ``keep`` (one notice)."""
        before = len(self._notices)
        if self._set_aside(BOARDS_KEY, text, reason) is not None:
            try:
                self._write_value(BOARDS_KEY, replace(keep, unread=0).to_text())
                return replace(keep, unread=0)
            except (StorageFailed, StaleWrite):
                pass
        del self._notices[before:]
        self._notices.append(f"The boards could not be read ({reason}) nor set aside; "
                             f"they are left as they are.")
        return replace(keep, read_only=True)

    def board(self, game: str) -> Stored:
        return self.book().boards.get(game, Stored())

    def games(self) -> list[str]:
        """The games that have a board, the most recently changed first."""
        boards = self.book().boards
        return sorted(boards, key=lambda g: (boards[g].changed, g), reverse=True)

    def add(self, link: ResultLink, check: ResultCheck, hints: bool | None = None, *,
            replace_named: bool = False, moves: bool | None = None) -> Added:
        """Put a checked result on its game's board (see the module docstring)."""
        return self.add_many([(link, check, hints)], replace_named=replace_named,
                             moves=moves)[0]

    def add_many(self, results: Sequence[tuple[ResultLink, ResultCheck, bool | None]], *,
                 replace_named: bool = False, moves: bool | None = None) -> list[Added]:
        """Put checked results on their games' boards, the book read and written once.  Each
        result is compared with the rows there by its name alone (read from the stored
        link, never replayed): adding a row costs that row, not the board."""
        out: list[Added] = []

        def add(boards: dict[str, Stored]) -> set[str]:
            out[:], changed = _add_all(boards, results, replace_named, moves, again=False)
            return changed

        def again(boards: dict[str, Stored]) -> set[str]:
            return _add_all(boards, results, False, moves, again=True)[1]

        if self._change(add, again) == "refused":
            return ["refused" if w in ("added", "replaced", "same") else w for w in out]
        return out

    def mine(self, game: str, link: str, hints: bool) -> None:
        """Keep your own result of a New Game on its board (the first one stays)."""
        def change(boards: dict[str, Stored]) -> set[str]:
            old = boards.get(game, Stored())
            if old.mine is not None:
                return set()
            boards[game] = replace(old, mine=Kept(link, hints, True))
            return {game}
        self._change(change, change)

    def remove(self, game: str, link: str) -> None:
        """Take a result off (its computer moves are not this version's players'): it is
        remembered as gone (:attr:`Stored.gone`), so another tab does not put it back."""
        def change(boards: dict[str, Stored]) -> set[str]:
            old = boards.get(game)
            if old is None or not any(r.link == link for r in old.rows):
                return set()
            gone = (*[g for g in old.gone if g != link_digest(link)], link_digest(link))
            rows = tuple(r for r in old.rows if r.link != link)
            boards[game] = replace(old, rows=rows, gone=gone[-MAX_GONE:])
            return {game}
        self._change(change, change)

    def checked(self, game: str, link: str) -> None:
        """Its computer moves are this version's players'."""
        def change(boards: dict[str, Stored]) -> set[str]:
            old = boards.get(game)
            if old is None or not any(r.link == link and not r.moves for r in old.rows):
                return set()
            rows = tuple(Kept(r.link, r.hints, True) if r.link == link else r for r in old.rows)
            boards[game] = replace(old, rows=rows)
            return {game}
        self._change(change, change)

    def external_change(self, new_text: str | None, *, lost: bool = True) -> bool:
        """Another tab wrote the book (the ``storage`` event's new text): do again on it
        what this tab did (:attr:`done`: each change is one that does nothing where it is
        done already) and write the merge back where the other tab's write lacked some of
        it; True when that was needed.  A result another tab took off stays off; a book
        removed (storage cleared by the player) is left so.  ``lost``: the store saw that
        write made over another than this tab's last
        (:meth:`~sheepshead.ui.storage.store.Owners.external_change`); one made over this
        tab's holds all of it, and nothing is done again."""
        if new_text is None or not self.done or not lost:
            return False
        for _ in range(3):
            book = self.book()              # as this tab's storage holds it now
            if book.read_only:
                return False
            boards = dict(book.boards)
            changed: set[str] = set()
            for again in self.done:
                changed |= again(boards)
            if not changed:
                return False
            written = self._write_all(book, boards, changed)
            if written != "stale":
                break
        if written is not None:
            why = "storage refused" if written == "refused" else "they kept changing"
            self._notices.append(f"Your boards changed in another tab and could not be "
                                 f"merged here: {why}.")
            return False
        return True

    def _change(self, change: Callable[[dict[str, Stored]], set[str]],
                again: Callable[[dict[str, Stored]], set[str]]) -> str | None:
        """Read the book, ``change`` it (it changes the boards it is given and says which
        games it changed) and write it; remember ``again`` (the same change, as it is done
        again on another tab's book).  "refused" when storage refused, else None.  A write
        that lost the race (another tab wrote the book since it was read here) is made again
        on the book as it is now, up to three times, then refused with a notice."""
        for _ in range(3):
            book = self.book()
            boards = dict(book.boards)
            changed = change(boards)
            if not changed:
                return None
            written = self._write_all(book, boards, changed)
            if written != "stale":
                self.done = [*self.done, again][-MAX_DONE:]
                return written
        self._notices.append("The boards kept changing in another tab; this change was not "
                             "kept: try again.")
        return "refused"

    def _write_all(self, book: BoardBook, boards: dict[str, Stored], changed: set[str]
                   ) -> str | None:
        """Write ``boards`` (those in ``changed`` dated today), a compare-and-set against
        the book as read: "refused" when storage refused it, "stale" when another tab wrote
        the book since it was read here (nothing written), else None."""
        if book.read_only:
            return "refused"
        today = self.today().isoformat()
        dated = {g: b for g, b in boards.items() if g not in changed}
        dated.update({g: replace(boards[g], changed=today) for g in changed})
        while len(dated) > MAX_BOARDS:       # the least recently changed go first
            del dated[min(dated, key=lambda g: (dated[g].changed, g))]
        try:
            self._write_value(BOARDS_KEY, replace(book, boards=dated).to_text())
        except StaleWrite:
            return "stale"
        except StorageFailed:
            return "refused"
        return None


def _add_all(boards: dict[str, Stored],
             results: Sequence[tuple[ResultLink, ResultCheck, bool | None]],
             replace_named: bool, moves: bool | None, *, again: bool
             ) -> tuple[list[Added], set[str]]:
    """Add ``results`` to ``boards`` (changed in place): what each did, and the games
    changed.  ``again``: done again on another tab's book, where a result already there,
    or taken off there, is left as it is."""
    out: list[Added] = []
    changed: set[str] = set()
    players: dict[str, dict[str, str]] = {}         # by game: each player's stored link
    for link, check, hints in results:
        game = game_key(link)
        old = boards.get(game, Stored())
        if again and (link_digest(check.link) in old.gone
                      or any(r.link == check.link for r in old.rows)):
            out.append("same")
            continue
        if game not in players:
            players[game] = {p: k.link for k in reversed(old.rows)
                             if (p := _player(k.link)) is not None}
        what, board = _added(old, link, check, hints, replace_named, moves, players[game])
        out.append(what)
        if board is not old:
            boards[game] = board
            changed.add(game)
    return out, changed


def _added(old: Stored, link: ResultLink, check: ResultCheck, hints: bool | None,
           replace_named: bool, moves: bool | None, players: dict[str, str]
           ) -> tuple[Added, Stored]:
    """What adding one result to ``old`` does, and the board after it; ``players`` (each
    player's stored link, by skeleton) is kept up to date."""
    text, rows = check.link, list(old.rows)
    for i, r in enumerate(rows):
        if r.link == text:
            if (hints is not None and r.hints != hints) or (moves and not r.moves):
                rows[i] = Kept(text, r.hints if hints is None else hints, r.moves or moves)
                return "same", replace(old, rows=tuple(rows))
            return "same", old
    player = None if link.by is None else skeleton(link.by)
    earlier = None if player is None else players.get(player)
    if player is not None and earlier is not None:
        if not (further_on(text, earlier) or replace_named):
            return "kept", old
        rows = [Kept(text, hints, moves) if r.link == earlier else r for r in rows]
        players[player] = text
        return "replaced", replace(old, rows=tuple(rows))
    if len(rows) >= MAX_NAMES:
        waiting = [i for i, r in enumerate(rows) if not r.moves]
        if len(rows) - len(waiting) >= MAX_NAMES:
            return "full", old              # full of checked results only
        gone = rows.pop(waiting[-1])        # a result still unchecked makes room
        players.pop(_player(gone.link) or "", None)
    rows.append(Kept(text, hints, moves))
    if player is not None:
        players[player] = text
    return "added", replace(old, rows=tuple(rows))



def _player(link: str) -> str | None:
    """Who a stored link's result is by (the skeleton of its name; None: Anonymous)."""
    by = link_name(link)
    return None if by is None else skeleton(by)


# ------------------------------------------------------------------ rows
@dataclass(frozen=True)
class Row(BoardRow):
    """One row of a board as the page shows it: the command line's row
    (:class:`~sheepshead.board.BoardRow`: ``place`` None for a result not ranked, a Daily
    played against other computer players or one still being checked) and what the page adds:
    whether it is your own, whether its player said they used hints, whether its computer
    moves were checked, its player's score hand by hand, and whether its check is running."""

    mine: bool = False
    hints: bool | None = None
    moves: bool | None = None
    scores: tuple[int, ...] = ()
    checking: bool = False
    """Its check is still running: it ranks nowhere and goes into no share."""


def board_rows(stored: Stored, own: Kept | None, own_name: str,
               checks: dict[str, ResultCheck | str] | None = None
               ) -> tuple[tuple[Row, ...], tuple[str, ...]]:
    """The rows of a board, ranked by :func:`~sheepshead.board.ranking` (the command line's
    ranking: by total, then name; ties share a place), your own (``own``) among them, marked;
    one row a player (:func:`~sheepshead.board.one_a_name`); and the links that failed their
    check (each its one-line reason).

    ``checks`` caches the scores' checks by link.  Without it every row is checked here (a
    replay each); with it (the page) a row not in it yet is not replayed but shown as
    checking, as is a friend's row whose computer moves are not checked yet: it ranks
    nowhere.  The page's background job fills the cache (:mod:`.friends`)."""
    cache: dict[str, ResultCheck | str] = {} if checks is None else checks
    rows: list[Row] = []
    waiting: list[Row] = []
    refused: list[str] = []
    entries = [(k, False) for k in stored.rows] + ([(own, True)] if own is not None else [])
    own_actions = actions_of(own.link) if own is not None else None
    named: list[tuple[str, tuple[Kept, bool]]] = []
    for kept, mine in entries:
        by = link_name(kept.link)
        if (not mine and own_actions is not None and actions_of(kept.link) == own_actions
                and (by is None or skeleton(by) == skeleton(own_name))):
            continue            # your own result, sent back to you (a friend's same play stays)
        named.append((ANONYMOUS if mine or by is None else shown_name(by), (kept, mine)))
    friends = one_a_name([n for n in named if not n[1][1]],
                         lambda a, b: further_on(a[0].link, b[0].link))
    chosen = [kept for kept, _ in friends] + [n for n in named if n[1][1]]
    for shown, (kept, mine) in chosen:
        name = shown_name(own_name) if mine else shown
        check = cache.get(kept.link)
        if check is None and checks is None:
            try:
                check = check_result(parse_result(kept.link), computer_moves=False)
            except SheepsheadError as e:
                check = str(e)
            cache[kept.link] = check
        if isinstance(check, str):
            refused.append(check)
            continue
        if check is None:
            waiting.append(Row(name, 0, None, False, False, 0, "", None, kept.link, mine=mine,
                               hints=kept.hints, moves=kept.moves, checking=True))
            continue
        row = Row(name, check.totals[HUMAN_SEAT], None, False, check.finished, check.hands,
                  check.level, check.daily_opponents, kept.link, mine=mine, hints=kept.hints,
                  moves=kept.moves, scores=tuple(s[HUMAN_SEAT] for s in check.scores))
        if not mine and not kept.moves:
            waiting.append(replace(row, checking=True))
        else:
            rows.append(row)
    places = ranking(rows)
    out = [replace(rows[i], place=places[i][0], tied=places[i][1])
           for i in ranked_order(rows)]
    return tuple(out + waiting), tuple(refused)
