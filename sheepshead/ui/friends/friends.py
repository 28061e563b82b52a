"""The page's friends' tables: the board of a game, sharing it, challenges and the name asked
before the first share.

Pure Python (no ``js``).  A :class:`Friends` belongs to a
:class:`~sheepshead.ui.page.session.Session`: the session tells it of every result link it opens
(:meth:`Friends.seen`: checked, it goes on that game's board) and of every New Game you
finish (:meth:`Friends.record_mine`); a board link (``#daily=…&board=1.…``, see
``docs/results.md``) opens here (:meth:`Friends.open_link`): the board shows at once and its
results are read in the background, each checked alone, once; a refused one is named once
and kept nowhere.  :meth:`Friends.intent` answers the board's buttons and returns the text to
share, if any; :meth:`Friends.check_rows` is the background job: it reads the board links
opened, then checks the open board's rows (their scores once a tab, then each friend's
computer moves, as the viewer does), sliced so that the page keeps answering.  A row still
being checked is shown "checking…" and is in no share (:meth:`Friends.shared_rows`).
"""

from __future__ import annotations

import datetime as _dt
import time
from collections.abc import Callable, Generator
from dataclasses import replace
from typing import Any, Protocol

from ...board import BoardEntry, board_fragment, board_game, link_key, parse_board
from ...errors import SheepsheadError
from ...grammar import date_of_seed
from ...links import daily_link, game_of_link, is_daily_link, is_new_game_link, page_base
from ...results import (
    NEW_GAME_LEVEL,
    ResultCheck,
    ResultLink,
    actions_of,
    check_result,
    check_steps,
    parse_result,
    result_fragment,
)
from ...rules import Rules
from ..daily.daily import DailyResults
from ..look.wording import HUMAN, rules_phrases, signed
from ..pacing import REDRAW_EVERY_S, finished
from ..storage.saves import SaveStore
from ..storage.settings import Settings
from ..table.table import Table
from .boards import Boards, Kept, Row, board_rows, game_key
from .boardview import (
    board_guard_html,
    board_html,
    board_link_text,
    board_text,
    board_title,
    challenge_text,
    name_html,
)


class _Session(Protocol):
    """What a :class:`Friends` uses of its :class:`~sheepshead.ui.page.session.Session`."""

    table: Table | None
    link: Any
    settings: Settings
    results: DailyResults
    store: SaveStore

    @property
    def today(self) -> _dt.date: ...

    def notice(self, text: str) -> None: ...

    def hash(self) -> str: ...

    def go(self, fragment: str) -> None: ...

    def open_daily(self, requested: _dt.date) -> None: ...

    def open_default(self) -> None: ...

    def save_settings(self) -> None: ...

    def share_line(self, page_url: str) -> str: ...

    def share_result_line(self, page_url: str) -> str | None: ...

    def new_game(self, rules: Rules | None = None, *, seed: str | None = None,
                 level: str | None = None, confirmed: bool = False) -> bool: ...

__all__ = ["Friends", "SHARES", "FRIENDS_INTENTS"]

SHARES = ("share-result", "board-text", "board-share", "challenge")
"""The intents that share a result under your name (the name is asked before the first;
the menu's quick Share of the game on the table does not ask)."""
FRIENDS_INTENTS = ("board", "board-link", "board-row", "board-open", "board-text",
                   "board-share", "board-play", "board-replace", "board-reveal", "board-close",
                   "challenge", "name-go", "name-cancel")
MAX_REFUSED_SHOWN = 3


class Friends:
    """The boards of one tab (see the module docstring)."""

    def __init__(self, session: _Session) -> None:
        self.s = session
        self.boards = Boards(session.store.storage, lambda: session.today, session.store.owners)
        self.open: str | None = None
        """The game whose board is on screen."""
        self.revealed: set[str] = set()
        self.offer: tuple[str, ResultLink, ResultCheck] | None = None
        """A friend's other result for a board that keeps their first (game, link, check)."""
        self.asking: str | None = None
        """The share waiting on the name question."""
        self.checks: dict[str, ResultCheck | str] = {}
        self.checking = False
        self.tried: set[str] = set()
        """Links whose computer moves were checked in this tab (once is enough, even when
        storage refused to keep the outcome)."""
        self.passed: set[str] = set()
        """Links whose computer moves were found this version's players' in this tab."""
        self._challenge: tuple[tuple[str, int, int, int], tuple[str, int] | None] | None = None
        """The last :meth:`challenge` asked and its answer (a board is not read every draw)."""
        self.incoming: list[tuple[str, tuple[tuple[int, BoardEntry], ...]]] = []
        """Board links opened and not read yet: their game, their distinct entries (each
        with its place in the link, 1-based)."""

    # ------------------------------------------------------------ results in
    def seen(self, link: ResultLink, check: ResultCheck, hints: bool | None = None,
             say: bool = True) -> str:
        """A result link was opened and its scores checked: put it on its game's board.
        What happened (:data:`~sheepshead.ui.friends.boards.Added`, or ``own``); ``say`` a line
        when it is not kept."""
        game = game_key(link)
        own = self.own(game)
        if own is not None and actions_of(own.link) == actions_of(check.link):
            return "own"                                # your own result
        self.checks[check.link] = check                 # its scores: checked once
        what = self.boards.add(link, check, True if link.hints else hints)   # hints=1 says so
        if what == "kept":
            self.offer = (game, link, check)
        if say and what in ("kept", "full"):
            self._not_kept(game, what, link.by)
        return what

    def _not_kept(self, game: str, what: str, by: str | None) -> None:
        if what == "kept":
            self.s.notice(f"Your board of the {board_title(game)} keeps {by}'s first "
                          f"result; open the board to use this one instead.")
        else:
            self.s.notice(f"The board of the {board_title(game)} is full; a result is not "
                          f"kept.")

    def open_link(self, text: str) -> None:
        """A board link: show its game's board at once (behind the spoiler guard for a game
        not played here) and read its results in the background (:meth:`check_rows`), each
        checked alone: the good ones kept, the refused ones named once."""
        try:
            entries = parse_board(text)
            game = board_game(text)
        except SheepsheadError as e:
            self.s.notice(f"This board link cannot be read: {e}. Here is today's Daily.")
            self.s.open_daily(self.s.today)
            return
        fresh: dict[str, tuple[int, BoardEntry]] = {}
        for i, entry in enumerate(entries, 1):      # the same result twice: read once
            fresh.setdefault(link_key(entry.link), (i, entry))
        self.incoming.append((game, tuple(fresh.values())))
        if self.s.table is None:
            self.s.open_default()
        self.s.link = None
        self.open = game

    def reading(self) -> Generator[None, None, None]:
        """Read the board links opened and not read yet, a step at a time
        (:meth:`check_rows` runs it sliced; tests drain it)."""
        while self.incoming:
            game, entries = self.incoming.pop(0)
            yield from self._read_incoming(game, entries)

    def _read_incoming(self, game: str, entries: tuple[tuple[int, BoardEntry], ...]
                       ) -> Generator[None, None, None]:
        """Read a board link's results (each with its place in the link) a step at a time:
        each result's replay and its scores' check are a step each; the board is written
        once at the end."""
        refused: list[str] = []
        checked: list[tuple[ResultLink, ResultCheck, bool | None]] = []
        for i, entry in entries:
            try:
                link = parse_result(entry.link)
                yield
                check = check_result(link, computer_moves=False)
            except SheepsheadError as e:
                refused.append(f"result {i}: {e}")
                yield
                continue
            yield
            if game_key(link) != game:
                refused.append(f"result {i}: not a result of this board's game")
                continue
            self.checks[check.link] = check
            checked.append((link, check, True if link.hints else entry.hints))
        own = self.own(game)
        mine = None if own is None else actions_of(own.link)
        theirs = [c for c in checked if actions_of(c[1].link) != mine]   # yours sent back
        done = self.boards.add_many(theirs)
        for (link, check, _), what in zip(theirs, done, strict=True):
            if what == "kept":
                self.offer = (game, link, check)
        said = next(((w, c[0].by) for c, w in zip(theirs, done, strict=True)
                     if w in ("kept", "full")), None)
        if said is not None:                        # one line, not one a result
            self._not_kept(game, *said)
        for line in refused[:MAX_REFUSED_SHOWN]:
            self.s.notice(f"Refused on this board link, and not kept: {line}")
        if len(refused) > MAX_REFUSED_SHOWN:
            self.s.notice(f"… and {len(refused) - MAX_REFUSED_SHOWN} more refused.")

    def record_mine(self, table: Table) -> None:
        """A New Game you finished: your result goes on its board (the first one stays)."""
        game = self.s.hash()
        if table.game.is_over and is_new_game_link(game) and self.boards.board(game).mine \
                is None:
            level = None if table.level == NEW_GAME_LEVEL else table.level
            self.boards.mine(game, result_fragment(table.game, level=level), table.hints)

    def own(self, game: str) -> Kept | None:
        """Your result of ``game``: a Daily's locked result, or a New Game's you finished."""
        if is_daily_link(game):
            try:
                day = date_of_seed(game_of_link(game)[0])
            except SheepsheadError:
                return None
            if day is None:
                return None
            result = self.s.results.book().result(day)
            return None if result is None else Kept(result.fragment, result.hints, True)
        return self.boards.board(game).mine

    def hints_of(self, link: ResultLink) -> bool | None:
        """Whether the player of ``link`` said they used hints, as its board keeps it (a
        board link's entry carries it; a result link alone cannot: None)."""
        game = game_key(link)
        actions, own = actions_of(link.fragment()), self.own(game)
        kept = ([own] if own else []) + list(self.boards.board(game).rows)
        return next((k.hints for k in kept if actions_of(k.link) == actions), None)

    def rows(self, game: str) -> tuple[Row, ...]:
        """The board's rows as shown: a row not checked yet in this tab is "checking" (the
        background job checks it: :meth:`check_rows`); one that failed is left out (the job
        said so once)."""
        name = self.s.settings.name or "You"
        own = self.own(game)
        if own is not None and own.link not in self.checks:     # yours: one replay, now
            try:
                self.checks[own.link] = check_result(parse_result(own.link),
                                                     computer_moves=False)
            except SheepsheadError as e:
                self.checks[own.link] = str(e)
        stored = self.boards.board(game)
        if self.passed:                 # checked here, even where storage refused to keep it
            stored = replace(stored, rows=tuple(Kept(k.link, k.hints, True)
                                                if k.link in self.passed else k
                                                for k in stored.rows))
        return board_rows(stored, own, name, self.checks)[0]

    def challenge(self, game: str, hand: int) -> tuple[str, int] | None:
        """Whose challenge the New Game ``game`` on the table is, and the total to beat: the
        best checked friend's row on its board while you have no result of it (issue 40:
        the challenged friend's table said a plain "New Game").  Asked at every drawing:
        the board is read again only when the hand or the checks change, and a row whose
        moves were checked before (a reload) has its scores checked again, one a drawing."""
        key = (game, hand, len(self.passed), len(self.checks))
        if self._challenge is not None and self._challenge[0] == key:
            return self._challenge[1]
        best = None
        if is_new_game_link(game) and self.boards.board(game).rows and self.own(game) is None:
            todo = [k.link for k in self.boards.board(game).rows
                    if k.moves and k.link not in self.checks]
            if todo:
                try:
                    self.checks[todo[0]] = check_result(parse_result(todo[0]),
                                                        computer_moves=False)
                except SheepsheadError as e:
                    self.checks[todo[0]] = str(e)
                key = (game, hand, len(self.passed), len(self.checks))
            rows = [r for r in self.rows(game) if not r.mine and not r.checking]
            best = (rows[0].name, rows[0].total) if rows else None
        self._challenge = (key, best)
        return best

    def shared_rows(self, game: str) -> tuple[Row, ...]:
        """The rows a share carries: the checked ones only."""
        return tuple(r for r in self.rows(game) if not r.checking)

    # ------------------------------------------------------------ on screen
    def overlay(self) -> tuple[str, str] | None:
        """The board dialog (or its spoiler guard) when a board is open."""
        game = self.open
        if game is None:
            return None
        title = board_title(game, self._rules_text(game))
        daily = is_daily_link(game)
        played = self.own(game) is not None
        if not played and game not in self.revealed:
            return "board-guard", board_guard_html(title, daily, self.rows(game))
        games = [g for g in self.boards.games() if g != game][:30]
        others = [(i, board_title(g)) for i, g in enumerate(games)]
        offer = None
        if self.offer is not None and self.offer[0] == game:
            offer = (f"{self.offer[1].by} also sent a result of "
                     f"{signed(self.offer[2].totals[HUMAN])}; this board keeps the first.")
        return "board", board_html(game, title, self.rows(game), checking=self.checking,
                                   others=others, offer=offer, played=played, daily=daily)

    def name_question(self) -> str | None:
        return name_html(self.s.settings.name) if self.asking is not None else None

    def ask_name(self, intent: str) -> bool:
        """Before the first share with no name set: ask (True: asked, share later)."""
        settings = self.s.settings
        if settings.name or settings.name_asked or intent not in SHARES:
            return False
        self.asking = intent
        return True

    def _rules_text(self, game: str) -> str:
        """The table options of a New Game's board, in words (from its game's own link)."""
        if not is_new_game_link(game):
            return ""
        try:
            rules = game_of_link(game)[1]
        except SheepsheadError:
            return ""
        return ", ".join(rules_phrases(rules))

    # --------------------------------------------------------------- intents
    def intent(self, intent: str, href: str) -> str | None:
        """Answer a board button; the text to share, if any."""
        name, _, arg = intent.partition(":")
        s = self.s
        if name == "board":             # the menu: today's; board:table: the game's
            t = s.table
            on_table = arg == "table" and t is not None and not t.tutorial
            self.open = s.hash() if on_table else daily_link(s.today)
        elif name == "board-link" and s.link is not None:
            self.open, s.link = game_key(s.link.link), None
        elif name == "board-open" and self.open is not None and arg.isdigit():
            games = [g for g in self.boards.games() if g != self.open]
            if int(arg) < len(games):
                self.open = games[int(arg)]
        elif name == "board-row" and self.open is not None and arg.isdigit():
            rows = self.rows(self.open)
            if int(arg) < len(rows):
                s.go(rows[int(arg)].link)
        elif name == "board-close":
            self.open = None
        elif name == "board-reveal" and self.open is not None:
            self.revealed.add(self.open)
        elif name == "board-play" and self.open is not None:
            self._play(self.open)
        elif name == "board-replace" and self.offer is not None:
            game, link, check = self.offer
            self.offer = None
            self.boards.add(link, check, replace_named=True)
        elif name == "name-go":
            asked, self.asking = self.asking, None
            s.settings.name_asked = True
            s.save_settings()
            return None if asked is None else self.share(asked, href)
        elif name == "name-cancel":                    # nothing shared, asked again next time
            self.asking = None
        elif name in ("board-text", "board-share", "challenge"):
            return self.share(name, href)
        return None

    def _play(self, game: str) -> None:
        self.open = None
        if is_daily_link(game):
            self.s.go(game)
            return
        links = list(_links(self, game))
        if not links:
            return
        link = parse_result(links[0])
        self.s.new_game(link.rules, seed=link.seed, level=link.checked_level)

    def share(self, what: str, href: str) -> str | None:
        """The text of a share: ``share`` and ``share-result`` (the session's), the board
        as text or as a link, or a challenge."""
        s = self.s
        base = page_base(href)
        if what == "share":
            return s.share_line(href)
        if what == "share-result":
            return s.share_result_line(href)
        if what == "challenge":
            t = s.table
            if t is None or not t.game.is_over or t.tutorial:
                return None
            self.record_mine(t)
            game = s.hash()
        else:
            game = self.open or ""
        rows = self.shared_rows(game) if game else ()
        if not rows:
            return None
        title = board_title(game, self._rules_text(game))
        if what == "board-text":
            return board_text(title, rows, base + game)
        mine = next((r for r in rows if r.mine), None)
        picked = (mine,) if what == "challenge" and mine is not None else rows
        entries = [BoardEntry(self._named(r), r.hints) for r in picked if r is not None]
        fragment, carried = board_fragment(entries, base=base)
        if what == "challenge":
            return challenge_text(title, mine, base + fragment)
        return board_link_text(title, base + fragment, carried, len(entries))

    def _named(self, row: Row) -> str:
        """A row's link, your own with your name on it."""
        if not row.mine:
            return row.link
        link = parse_result(row.link)
        name = self.s.settings.name or None
        return ResultLink(link.seed, link.rules, link.hands, link.deals, name,
                          link.level, link.hints or bool(row.hints)).fragment()

    # ------------------------------------------------------------ background
    def wanted(self) -> bool:
        """A board link waits to be read, or rows of the open board wait for their check,
        and no job runs: True once, as the job is then taken to run (:meth:`check_rows`,
        spawned at once)."""
        if self.checking or not (self.incoming or (self.open is not None
                                                   and self._unchecked(self.open))):
            return False
        self.checking = True
        return True

    async def check_rows(self, redraw: Callable[[], None]) -> None:
        """The background job: read the board links opened (:meth:`open_link`), then check
        the open board's rows one at a time: first the scores of every row not checked in
        this tab (a replay each), then the computer moves of each friend's row, a decision
        at a time.  One sliced computation (:func:`~sheepshead.ui.pacing.finished`: the
        page's turn every few milliseconds, whatever the rows cost), the board redrawn at
        most four times a second; a row that fails is taken off with one line.  The moves'
        check gives up when the board is closed (the rest wait for the next time)."""
        try:
            await finished(self._work(redraw))
        finally:
            self.checking = False
            redraw()

    def _work(self, redraw: Callable[[], None],
              clock: Callable[[], float] = time.monotonic) -> Generator[None, None, None]:
        """:meth:`check_rows`'s work, a step at a time."""
        shown = clock()

        def progress() -> None:
            nonlocal shown
            if clock() - shown >= REDRAW_EVERY_S:
                shown = clock()
                redraw()
        if self.incoming:
            yield from self.reading()
            redraw()
        while self.open is not None:
            game = self.open
            todo = self._unchecked(game)
            if not todo:
                break
            yield from self._check_row(game, todo[0])
            yield
            progress()

    def _check_row(self, game: str, link: str) -> Generator[None, None, None]:
        """One row's check: its scores (when not cached), else its computer moves."""
        if link not in self.checks:
            try:
                self.checks[link] = check_result(parse_result(link), computer_moves=False)
            except SheepsheadError as e:
                self.checks[link] = str(e)
                if any(k.link == link for k in self.boards.board(game).rows):
                    self.refused(game, link, str(e))
                else:
                    self.s.notice(f"Your result on the board of the {board_title(game)} "
                                  f"cannot be read any more ({e}); it is left out.")
            return
        self.tried.add(link)
        result = None
        try:
            for step in check_steps(parse_result(link)):
                if self.open != game:
                    self.tried.discard(link)
                    return
                result = step or result
                yield
        except SheepsheadError as e:
            self.refused(game, link, str(e))
            return
        if result is not None and result.computer_moves_match:
            self.passed.add(link)
            self.boards.checked(game, link)
        else:
            why = result.first_difference if result is not None else "not checked"
            self.refused(game, link, f"the computer moves differ ({why})")

    def _unchecked(self, game: str) -> list[str]:
        """The rows of ``game`` whose scores are not checked in this tab, then the friends'
        rows whose computer moves are not checked yet."""
        board = self.boards.board(game)
        own = self.own(game)
        kept = list(board.rows) + ([own] if own is not None else [])
        scores = [k.link for k in kept if k.link not in self.checks]
        moves = [k.link for k in board.rows if k.moves is None and k.link not in self.tried
                 and not isinstance(self.checks.get(k.link), str)]
        return scores + moves

    def moves_checked(self, link: ResultLink, ok: bool | None, difference: str | None) -> None:
        """The viewer's check of a link ended: mark its row, or take it off."""
        if ok is None:
            return
        game, text = game_key(link), link.fragment()
        self.tried.add(text)
        if ok:
            self.passed.add(text)
            self.boards.checked(game, text)
        elif any(k.link == text for k in self.boards.board(game).rows):
            self.refused(game, text, f"the computer moves differ ({difference})")

    def refused(self, game: str, link: str, reason: str) -> None:
        self.boards.remove(game, link)
        self.checks.pop(link, None)
        self.s.notice(f"Refused and taken off the board of the {board_title(game)}: {reason}.")



def _links(friends: Friends, game: str) -> list[str]:
    board = friends.boards.board(game)
    return [k.link for k in ([board.mine] if board.mine else []) + list(board.rows)]

