"""The page's friends' tables: the board of a game, sharing it, challenges and the name asked
before the first share.

Pure Python (no ``js``).  A :class:`Friends` belongs to a
:class:`~sheepshead.ui.page.session.Session`: the session tells it of every result link it opens
(:meth:`Friends.seen`: checked, it goes on that game's board) and of every New Game you
finish (:meth:`Friends.record_mine`); a board link (``#daily=…&board=1.…``, see
``docs/results.md``) opens here (:meth:`Friends.open_link`): the board shows at once and its
results are read in the background, each checked alone, once; a refused one is named once
and kept nowhere.  :data:`INTENTS` answers the board's buttons (each handler returns the
text to share, if any); :meth:`Friends.check_rows` is the background job: it reads the board
links opened, then checks the open board's rows (their scores once a tab, then each friend's
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
from ..events import BoardRead, RowChecked, Send
from ..look.wording import HUMAN, rules_phrases, signed
from ..pacing import REDRAW_EVERY_S, finished
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
    spoken,
)


class Owner(Protocol):
    """What the boards' taps read and change of the page's state (the
    :class:`~sheepshead.ui.page.session.Session`, given to each call, never kept)."""

    table: Table | None
    link: Any

    @property
    def today(self) -> _dt.date: ...

    def hash(self) -> str: ...

    def go(self, fragment: str) -> None: ...

    def save_settings(self) -> None: ...

    def share_line(self, page_url: str) -> str: ...

    def share_result_line(self, page_url: str) -> str | None: ...

    def new_game(self, rules: Rules | None = None, *, seed: str | None = None,
                 level: str | None = None, confirmed: bool = False) -> bool: ...

__all__ = ["Friends", "Owner", "SHARES", "INTENTS"]

SHARES = ("share-result", "board-text", "board-share", "challenge")
"""The intents that share a result under your name (the name is asked before the first;
the menu's quick Share of the game on the table does not ask)."""
MAX_REFUSED_SHOWN = 3


class Friends:
    """The boards of one tab (see the module docstring)."""

    def __init__(self, boards: Boards, results: DailyResults, settings: Settings) -> None:
        self.boards = boards
        self.results = results
        """The Daily results book (your locked result is your row on a Daily's board)."""
        self.settings = settings
        """The tab's one settings object (your name), changed in place, never replaced."""
        self._notices: list[str] = []
        """Lines for the page's notices, until :meth:`take_notices`."""
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
        self._challenge: tuple[tuple[str, int, bool, int, int], tuple[str, int] | None] | None = None
        """The last :meth:`challenge` asked and its answer (a board is not read every draw)."""
        self.incoming: list[tuple[str, tuple[tuple[int, BoardEntry], ...]]] = []
        """Board links opened and not read yet: their game, their distinct entries (each
        with its place in the link, 1-based)."""

    def notice(self, text: str) -> None:
        self._notices.append(text)

    def take_notices(self) -> list[str]:
        """The lines said since the last call (the session collects them before a draw)."""
        out, self._notices = self._notices, []
        return out

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
            self.notice(f"Your board of the {spoken(board_title(game))} keeps {by}'s first "
                          f"result; open the board to use this one instead.")
        else:
            self.notice(f"The board of the {spoken(board_title(game))} is full; a result is not "
                          f"kept.")

    def open_link(self, text: str) -> bool:
        """A board link: show its game's board at once (behind the spoiler guard for a game
        not played here) and read its results in the background (:meth:`check_rows`), each
        checked alone: the good ones kept, the refused ones named once.  False: it cannot
        be read (said in one line; the session opens today's Daily)."""
        try:
            entries = parse_board(text)
            game = board_game(text)
        except SheepsheadError as e:
            self.notice(f"This board link cannot be read: {e}. Here is today's Daily.")
            return False
        fresh: dict[str, tuple[int, BoardEntry]] = {}
        for i, entry in enumerate(entries, 1):      # the same result twice: read once
            fresh.setdefault(link_key(entry.link), (i, entry))
        self.incoming.append((game, tuple(fresh.values())))
        self.open = game
        return True

    def reading(self, send: Send) -> Generator[None, None, None]:
        """Read the board links opened and not read yet, a step at a time, each handed to
        ``send`` once read (:class:`BoardRead`; :meth:`check_rows` runs it sliced; tests
        drain it)."""
        read = 0
        while len(self.incoming) > read:
            game, entries = self.incoming[read]
            send((yield from self._read_incoming(game, entries)))   # applied: taken off
            if self.incoming[read:read + 1] == [(game, entries)]:
                read += 1               # not applied (a send that keeps nothing): the next

    def _read_incoming(self, game: str, entries: tuple[tuple[int, BoardEntry], ...]
                       ) -> Generator[None, None, BoardRead]:
        """Read a board link's results (each with its place in the link) a step at a time:
        each result's replay and its scores' check are a step each."""
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
            checked.append((link, check, True if link.hints else entry.hints))
        return BoardRead(game, tuple(checked), tuple(refused))

    def board_read(self, event: BoardRead) -> None:
        """A board link read (:class:`BoardRead`): its results go on the board (written
        once), the refused ones named (a few lines at most)."""
        game = event.game
        at = next((i for i, (g, _) in enumerate(self.incoming) if g == game), None)
        if at is not None:
            del self.incoming[at]
        for _, check, _ in event.checked:
            self.checks[check.link] = check
        own = self.own(game)
        mine = None if own is None else actions_of(own.link)
        theirs = [c for c in event.checked if actions_of(c[1].link) != mine]   # yours sent back
        done = self.boards.add_many(theirs)
        for (link, check, _), what in zip(theirs, done, strict=True):
            if what == "kept":
                self.offer = (game, link, check)
        said = next(((w, c[0].by) for c, w in zip(theirs, done, strict=True)
                     if w in ("kept", "full")), None)
        if said is not None:                        # one line, not one a result
            self._not_kept(game, *said)
        for line in event.refused[:MAX_REFUSED_SHOWN]:
            self.notice(f"Refused on this board link, and not kept: {line}")
        if len(event.refused) > MAX_REFUSED_SHOWN:
            self.notice(f"… and {len(event.refused) - MAX_REFUSED_SHOWN} more refused.")

    def record_mine(self, table: Table, game: str) -> None:
        """A New Game you finished (``game`` its link): your result goes on its board (the
        first one stays)."""
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
            result = self.results.book().result(day)
            return None if result is None else Kept(result.fragment, result.hints, True)
        return self.boards.board(game).mine

    def hints_of(self, link: ResultLink) -> bool | None:
        """Whether the player of ``link`` said they used hints, as its board keeps it (a
        board link's entry carries it; a result link alone cannot: None)."""
        game = game_key(link)
        actions, own = actions_of(link.fragment()), self.own(game)
        kept = ([own] if own else []) + list(self.boards.board(game).rows)
        return next((k.hints for k in kept if actions_of(k.link) == actions), None)

    def ready(self, game: str | None, hand: int = 0, over: bool = False) -> None:
        """Before a drawing (the controller's update, never the drawing itself): your own
        row's scores on the open board and on the board of ``game`` (the game on the
        table; one replay each, once a tab), then the challenge of ``game`` at ``hand``
        (:meth:`challenge`): a row whose moves were checked before (a reload) has its
        scores checked again, one a drawing, and the answer is kept until the hand or the
        checks change."""
        for board in dict.fromkeys(g for g in (self.open, game) if g is not None):
            self._check_own(board)
        if game is None:
            return
        key = (game, hand, over, len(self.passed), len(self.checks))
        if self._challenge is not None and self._challenge[0] == key:
            return
        if self._challenged(game, over):
            todo = [k.link for k in self.boards.board(game).rows
                    if k.moves and k.link not in self.checks]
            if todo:
                self._check(todo[0])
                key = (game, hand, over, len(self.passed), len(self.checks))
        self._challenge = (key, self._best(game, over))

    def _check_own(self, game: str) -> None:
        own = self.own(game)
        if own is not None and own.link not in self.checks:     # yours: one replay, now
            self._check(own.link)

    def _check(self, link: str) -> None:
        """One link's scores checked now (a replay), kept in :attr:`checks`."""
        try:
            self.checks[link] = check_result(parse_result(link), computer_moves=False)
        except SheepsheadError as e:
            self.checks[link] = str(e)

    def rows(self, game: str) -> tuple[Row, ...]:
        """The board's rows as shown (reads only): a row not checked yet in this tab is
        "checking" (the background job checks it: :meth:`check_rows`; your own is checked
        before the drawing: :meth:`ready`); one that failed is left out (the job said so
        once)."""
        name = self.settings.name or "You"
        stored = self.boards.board(game)
        if self.passed:                 # checked here, even where storage refused to keep it
            stored = replace(stored, rows=tuple(Kept(k.link, k.hints, True)
                                                if k.link in self.passed else k
                                                for k in stored.rows))
        return board_rows(stored, self.own(game), name, self.checks)[0]

    def challenge(self, game: str, hand: int, over: bool = False) -> tuple[str, int] | None:
        """Whose challenge the New Game ``game`` on the table is, and the total to beat: the
        best checked friend's row on its board while you have no result of it, or once the
        game on the table is ``over`` (its Game over screen compares you with them) (issue 40:
        the challenged friend's table said a plain "New Game").  Reads only: the answer
        :meth:`ready` kept while the hand and the checks are the same, else worked out from
        the rows checked so far."""
        key = (game, hand, over, len(self.passed), len(self.checks))
        if self._challenge is not None and self._challenge[0] == key:
            return self._challenge[1]
        return self._best(game, over)

    def _challenged(self, game: str, over: bool) -> bool:
        return bool(is_new_game_link(game) and self.boards.board(game).rows
                    and (over or self.own(game) is None))

    def _best(self, game: str, over: bool) -> tuple[str, int] | None:
        if not self._challenged(game, over):
            return None
        rows = [r for r in self.rows(game) if not r.mine and not r.checking]
        return (rows[0].name, rows[0].total) if rows else None

    def shared_rows(self, game: str) -> tuple[Row, ...]:
        """The rows a share carries: the checked ones only (your own checked now: a share
        is a tap's, and the result may have been kept by this very tap)."""
        self._check_own(game)
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
        return name_html(self.settings.name) if self.asking is not None else None

    def ask_name(self, intent: str) -> bool:
        """Before the first share with no name set: ask (True: asked, share later)."""
        settings = self.settings
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
    def _board(self, s: Owner, arg: str, href: str) -> None:
        """``board``: the menu's, today's; ``board:table``: the game's on the table."""
        t = s.table
        on_table = arg == "table" and t is not None and not t.tutorial
        self.open = s.hash() if on_table else daily_link(s.today)

    def _board_link(self, s: Owner, arg: str, href: str) -> None:
        """The board of the result link on screen (which closes)."""
        if s.link is not None:
            self.open, s.link = game_key(s.link.link), None

    def _board_open(self, s: Owner, arg: str, href: str) -> None:
        """``board-open:N``: another game's board, the Nth in the list."""
        if self.open is not None and arg.isdigit():
            games = [g for g in self.boards.games() if g != self.open]
            if int(arg) < len(games):
                self.open = games[int(arg)]

    def _board_row(self, s: Owner, arg: str, href: str) -> None:
        """``board-row:N``: the Nth row's result link opened."""
        if self.open is not None and arg.isdigit():
            rows = self.rows(self.open)
            if int(arg) < len(rows):
                s.go(rows[int(arg)].link)

    def _board_close(self, s: Owner, arg: str, href: str) -> None:
        self.open = None

    def _board_reveal(self, s: Owner, arg: str, href: str) -> None:
        if self.open is not None:
            self.revealed.add(self.open)

    def _board_play(self, s: Owner, arg: str, href: str) -> None:
        if self.open is not None:
            self._play(s, self.open)

    def _board_replace(self, s: Owner, arg: str, href: str) -> None:
        """The friend's other result instead of the one the board keeps."""
        if self.offer is not None:
            game, link, check = self.offer
            self.offer = None
            self.boards.add(link, check, replace_named=True)

    def _name_go(self, s: Owner, arg: str, href: str) -> str | None:
        """The name question answered (the name is a setting): the share asked goes on."""
        asked, self.asking = self.asking, None
        self.settings.name_asked = True
        s.save_settings()
        return None if asked is None else self.share(s, asked, href)

    def _name_cancel(self, s: Owner, arg: str, href: str) -> None:
        self.asking = None              # nothing shared, asked again next time

    def _board_text(self, s: Owner, arg: str, href: str) -> str | None:
        return self.share(s, "board-text", href)

    def _board_share(self, s: Owner, arg: str, href: str) -> str | None:
        return self.share(s, "board-share", href)

    def _challenge_share(self, s: Owner, arg: str, href: str) -> str | None:
        return self.share(s, "challenge", href)

    def _play(self, s: Owner, game: str) -> None:
        self.open = None
        if is_daily_link(game):
            s.go(game)
            return
        links = list(_links(self, game))
        if not links:
            return
        link = parse_result(links[0])
        s.new_game(link.rules, seed=link.seed, level=link.checked_level)

    def share(self, s: Owner, what: str, href: str) -> str | None:
        """The text of a share: ``share`` and ``share-result`` (the session's), the board
        as text or as a link, or a challenge; None: nothing to share, or the name is asked
        first (:meth:`ask_name`)."""
        if self.ask_name(what):
            return None
        base = page_base(href)
        if what == "share":
            return s.share_line(href)
        if what == "share-result":
            return s.share_result_line(href)
        if what == "challenge":
            t = s.table
            if t is None or t.tutorial or not is_new_game_link(s.hash()):
                return None
            if not t.game.is_over:          # from the menu, mid-game (issue 40)
                return self._challenge_so_far(s, t, base)
            game = s.hash()
            self.record_mine(t, game)
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

    def _challenge_so_far(self, s: Owner, t: Table, base: str) -> str:
        """A challenge to the New Game in progress: your result so far on its board link
        (the friend's board shows it "after 3 of 10 hands"), or the game alone before a
        hand is finished.  Nothing is recorded as your result: that is the finished game."""
        game = s.hash()
        title = board_title(game, self._rules_text(game))
        done = len(t.game.hand_scores())
        if done == 0:
            return challenge_text(title, None, base + game)
        level = None if t.level == NEW_GAME_LEVEL else t.level
        link = result_fragment(t.game, self.settings.name or None, level, hints=t.hints)
        fragment, _ = board_fragment([BoardEntry(link, t.hints)], base=base)
        so_far = f"{signed(t.game.totals()[HUMAN])} after {done} of {t.game.length} hands"
        return challenge_text(title, None, base + fragment, so_far)

    def _named(self, row: Row) -> str:
        """A row's link, your own with your name on it."""
        if not row.mine:
            return row.link
        link = parse_result(row.link)
        name = self.settings.name or None
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

    async def check_rows(self, send: Send) -> None:
        """The background job: read the board links opened (:meth:`open_link`), then check
        the open board's rows one at a time: first the scores of every row not checked in
        this tab (a replay each), then the computer moves of each friend's row, a decision
        at a time.  One sliced computation (:func:`~sheepshead.ui.pacing.finished`: the
        page's turn every few milliseconds, whatever the rows cost); each row's outcome is
        handed to ``send`` (:class:`RowChecked`, applied by :meth:`row_checked`), the board
        redrawn at most four times a second; a row that fails is taken off with one line.
        The moves' check gives up when the board is closed (the rest wait for the next
        time)."""
        try:
            await finished(self._work(send))
        finally:
            send(RowChecked("", "", last=True))

    def _work(self, send: Send, clock: Callable[[], float] = time.monotonic
              ) -> Generator[None, None, None]:
        """:meth:`check_rows`'s work, a step at a time."""
        shown = clock()
        yield from self.reading(send)
        while self.open is not None:
            game = self.open
            todo = self._unchecked(game)
            if not todo:
                break
            found = yield from self._check_row(game, todo[0])
            if found is None:
                continue                # the board was closed meanwhile
            draw = clock() - shown >= REDRAW_EVERY_S
            if draw:
                shown = clock()
            send(replace(found, draw=draw))
            yield

    def _check_row(self, game: str, link: str) -> Generator[None, None, RowChecked | None]:
        """One row's check: its scores (when not cached), else its computer moves (None:
        the board was closed meanwhile)."""
        if link not in self.checks:
            try:
                return RowChecked(game, link, check_result(parse_result(link),
                                                           computer_moves=False))
            except SheepsheadError as e:
                return RowChecked(game, link, str(e))
        result = None
        try:
            for step in check_steps(parse_result(link)):
                if self.open != game:
                    return None
                result = step or result
                yield
        except SheepsheadError as e:
            return RowChecked(game, link, moves=False, why=str(e))
        if result is not None and result.computer_moves_match:
            return RowChecked(game, link, moves=True)
        why = result.first_difference if result is not None else "not checked"
        return RowChecked(game, link, moves=False, why=f"the computer moves differ ({why})")

    def row_checked(self, event: RowChecked) -> None:
        """A row checked (:class:`RowChecked`): its scores kept for this tab, or it is
        marked checked, or taken off with one line; the job's last: none runs now."""
        game, link = event.game, event.link
        if event.last:
            self.checking = False
        elif event.scores is not None:
            self.checks[link] = event.scores
            if not isinstance(event.scores, str):
                return
            if any(k.link == link for k in self.boards.board(game).rows):
                self.refused(game, link, event.scores)
            else:
                self.notice(f"Your result on the board of the {spoken(board_title(game))} "
                              f"cannot be read any more ({event.scores}); it is left out.")
        else:
            self.tried.add(link)
            if event.moves:
                self.passed.add(link)
                self.boards.checked(game, link)
            else:
                self.refused(game, link, event.why)

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
        self.notice(f"Refused and taken off the board of the {spoken(board_title(game))}: {reason}.")



def _links(friends: Friends, game: str) -> list[str]:
    board = friends.boards.board(game)
    return [k.link for k in ([board.mine] if board.mine else []) + list(board.rows)]


INTENTS: dict[str, Callable[[Friends, Owner, str, str], str | None]] = {
    "board": Friends._board, "board-link": Friends._board_link,
    "board-open": Friends._board_open, "board-row": Friends._board_row,
    "board-close": Friends._board_close, "board-reveal": Friends._board_reveal,
    "board-play": Friends._board_play, "board-replace": Friends._board_replace,
    "name-go": Friends._name_go, "name-cancel": Friends._name_cancel,
    "board-text": Friends._board_text, "board-share": Friends._board_share,
    "challenge": Friends._challenge_share,
}
"""The boards' ``data-ui`` taps, each to its handler: given the friends, the session (the
state the tap reads and changes), the part after the ``:`` and the page's address; the text
to share, if any.  The page's one table of intents
takes them from here."""
