"""The page's games: which one is open, its save, the Daily's result and par, the result
link being viewed and the question being asked.

Pure Python (no ``js``): ``static/main.py`` binds a :class:`Session` to the page (storage,
clock, events) and draws what it says; the tests drive it with a
:class:`~sheepshead.ui.storage.saves.MemoryStorage`.  The calls follow ``docs/daily.md`` ("The
page's part"):

* :meth:`Session.start` migrates the previous version's save, reads the settings and opens
  what the location's hash names (:meth:`Session.go`): a Daily (``#daily=``; a future date
  opens today's with one line), a New Game (``#game=``), a result link (``&result=``: the
  viewer, behind a spoiler guard for a Daily not finished here) or, with no hash, the game
  open last (today's Daily, or the New Game) — on a first visit, the practice hand.
* :meth:`Session.save` after every action: a save per game, never over another tab's
  (:attr:`Session.stale`: "This game went on in another tab — Reload").  A Daily's first
  play-through locks its result after hand ten; later ones are practice.
* :meth:`Session.new_game` asks first (:attr:`Session.question`) when a New Game in
  progress would be replaced; a Daily is never touched.
* :meth:`Session.par_job` and :meth:`Session.moves_job` are the background jobs (the par,
  a result link's check): they yield to the page between the Expert's decisions and send
  what they found as events, which the controller applies (:meth:`Session.par_done`,
  :meth:`Session.moves_checked`).
"""

from __future__ import annotations

import contextlib
import datetime as _dt
from collections.abc import Awaitable, Callable
from dataclasses import fields
from typing import NamedTuple

from ...deals import daily_seed
from ...errors import SheepsheadError
from ...game import Game
from ...grammar import date_of_seed
from ...links import classify_fragment
from ...results import ResultLink, parse_result
from ...rules import Rules
from ..backup.moving import Moving
from ..daily.daily import (
    DAILY_LEVEL,
    DailyResult,
    DailyResults,
    Outcome,
    ResultsBook,
    countdown,
    hand_outcomes,
    open_daily,
    share_text,
)
from ..daily.finish import DailyScreen, Question, confirm_html, results_html
from ..daily.stats import daily_stats, rest_of
from ..events import ParDone, ParWorked, Send
from ..friends.boards import Boards
from ..friends.friends import Friends
from ..help.review import GameReview
from ..help.tutorial import PRACTICE_LEVEL, PRACTICE_SEED
from ..look.wording import HUMAN, signed
from ..storage.picture import Rest
from ..storage.saves import (
    GAME_KEY,
    RESULTS_KEY,
    SETTINGS_KEY,
    GameSave,
    SaveConflict,
    SaveError,
    SaveStore,
    Stamp,
    Storage,
    StorageFailed,
    daily_key,
    in_progress,
    merge_settings,
    read_settings,
    stamp_changes,
)
from ..storage.settings import Settings
from ..storage.store import DAILY_PREFIX
from ..table.render import UiState
from ..table.table import Table
from ..viewer.viewing import LinkView, Viewing
from .jobs import review_game
from .links import hash_of, parse_link

__all__ = ["Session", "Dialog", "LinkView", "NoticeLine", "STORAGE_NOTICE", "STALE_NOTICE"]

STORAGE_NOTICE = ("This browser is not keeping the game (storage is blocked or full). "
                  "You can still play; it just won't survive a reload.")
STALE_NOTICE = "This game went on in another tab — Reload"
OPEN = "open"
"""The settings object's field naming the game opened last (``daily`` or ``game``)."""
TUTORIAL_HASH = "#practice-hand"
"""The location hash of the guided practice hand (it is never saved: a reload begins it
again)."""


class Dialog(NamedTuple):
    """One dialog of the stack over the table (:meth:`Session.dialogs`): its kind, the tap
    that closes it (what Escape does) and its HTML, drawn only when it is on top."""

    kind: str
    close: str
    html: Callable[[], str]


class NoticeLine(NamedTuple):
    """A notice on screen: its text, and whether it is a quiet one (the storage's line, a
    share's, a word explained, a choice refused), shown in the quiet colour."""

    text: str
    quiet: bool = False


class Session(Viewing):
    """One tab's games.  ``now`` returns the local date and time (naive)."""

    def __init__(self, storage: Storage, now: Callable[[], _dt.datetime],
                 tab: str | None = None) -> None:
        self.now = now
        self.store = SaveStore(storage, tab)
        self.results = DailyResults(storage, lambda: self.today, self.store.owners)
        self.store.owners.own(SETTINGS_KEY, lambda key, text, lost: self.settings_changed_elsewhere(text))
        self.store.owners.own(GAME_KEY, self._game_changed_elsewhere)
        self.store.owners.own(DAILY_PREFIX, self._game_changed_elsewhere)
        self.settings = Settings()
        """The one settings object of this tab: the table on screen holds the same one, so it
        is changed in place (:meth:`adopt_settings`), never replaced."""
        self._settings_written: dict[str, object] = self.settings.to_json()
        """The settings as this tab last wrote or took them: what differs now was changed."""
        self._settings_stamps: dict[str, Stamp] = {}
        """When each setting was last changed, and by which tab (:func:`merge_settings`)."""
        self.opened = "daily"
        self.table: Table | None = None
        self.key = ""
        self.fresh = True
        """The game on the table is not saved yet: its first save replaces what is there
        (the player chose to start it)."""
        self.stale = False
        """Another tab moved this game on: nothing is saved until :meth:`reload`."""
        self.storage_failed = False
        self.question: Question | None = None
        self.link: LinkView | None = None
        self.notices: list[NoticeLine] = []
        """The notices on screen: the page's one list (the page controller's too)."""
        self.par_progress: dict[_dt.date, float] = {}
        self.par_known: dict[_dt.date, int] = {}
        self.game_review: GameReview | None = None    # the results screen's lesson
        self._links: dict[str, ResultLink] = {}
        self._rest: tuple[tuple[_dt.date, _dt.date, str | None], Rest | None] | None = None
        self.first_visit = False
        """No settings were kept here before: the page offers the practice hand."""
        self.friends = Friends(Boards(storage, lambda: self.today, self.store.owners), self.results,
                               self.settings)
        """The boards of the games you opened results of, challenges, the name asked."""
        self.moving = Moving()
        """Export and import of a backup (``#backup=1.…`` links open there)."""

    @property
    def today(self) -> _dt.date:
        return self.now().date()

    # ------------------------------------------------------------ notices
    def notice(self, text: str, quiet: bool = False) -> None:
        if all(n.text != text for n in self.notices):
            self.notices.append(NoticeLine(text, quiet))

    def collect_notices(self) -> None:
        """Add the storage's and the results book's notices to :attr:`notices`."""
        for text in (self.store.take_notices() + self.results.take_notices()
                     + self.friends.boards.take_notices() + self.friends.take_notices()):
            self.notice(text)

    def take_notices(self) -> list[str]:
        """One-line notices since the last call (the storage's and the book's included)."""
        self.collect_notices()
        out = [n.text for n in self.notices]
        self.notices.clear()
        return out

    def storage_refused(self) -> None:
        """Storage refused (or is denied): say so once; play goes on in memory."""
        if not self.storage_failed:
            self.storage_failed = True
            self.notice(STORAGE_NOTICE, quiet=True)

    # ------------------------------------------------------------ opening
    def start(self, fragment: str) -> None:
        """Migrate the previous version's save, read the settings, open what ``fragment``
        names: on a first visit without one, the practice hand (one tap skips it to today's
        Daily)."""
        was_game = self.store.old_save_is_a_new_game()
        for text in self.store.migrate():
            self.notice(text)
        data, self._settings_stamps = self.store.load_stamped_settings()
        self.first_visit = not data
        self.adopt_settings(Settings.from_json(data))
        self._settings_written = self.settings.to_json()
        opened = data.get(OPEN, "game" if was_game else "daily")
        self.opened = "game" if opened == "game" else "daily"
        if self.first_visit and self.store.holds_nothing() \
                and not (fragment or "").strip().lstrip("#"):
            self.tutorial()             # a first visit without a link: the practice hand
            return
        self.go(fragment)

    def go(self, fragment: str) -> None:
        """Open what a location hash names (see the module docstring)."""
        self.question = None
        text = (fragment or "").strip()
        if text.lstrip("#") == TUTORIAL_HASH[1:]:
            self.tutorial()
            return
        kind = classify_fragment(text)
        if kind == "board":
            if not self.friends.open_link(text):
                self.open_daily(self.today)     # unreadable: said in one line
                return
            if self.table is None:
                self.open_default()
            self.link = None
            return
        if kind == "backup":                    # asks before importing; the game stays
            self.moving.open_link(self, text)
            if self.table is None:
                self.open_default()
            return
        if kind == "result":
            self._open_link(text)
            return
        self.link = None
        self.friends.open = None
        seed, rules, message = parse_link(text, self.today)
        if message:
            self.notice(message)
        if seed is None:
            self.open_default()
        elif (day := date_of_seed(seed)) is not None:
            self.open_daily(day)
        else:
            self.new_game(rules, seed=seed)

    def open_default(self) -> None:
        """The game open last: the New Game when it was, else today's Daily."""
        if self.opened == "game":
            save = self.store.load(GAME_KEY)
            if save is not None:
                self._leave()
                self._resume(save, GAME_KEY)
                return
            self.store.forget(GAME_KEY)
        self.open_daily(self.today)

    def open_daily(self, requested: _dt.date) -> None:
        """The Daily of ``requested`` (a future date: today's, with one line why), resumed
        where it was; once its result is locked, a game begun anew there is practice."""
        day, message = open_daily(requested, self.today)
        if message:
            self.notice(message)
        self.link = None
        t = self.table
        if t is not None and t.seed == daily_seed(day) and not self.stale:
            return                      # already on the table (maybe only in memory)
        self._leave()
        key = daily_key(day)
        save = self.store.load(key)
        locked = self._book().result(day) is not None
        if save is not None:
            self._resume(save, key, locked)
        else:
            # Nothing was stored: the first save checks that nothing is yet (another tab may
            # have begun this Daily meanwhile), so it is not a game started over (fresh).
            self._set(Table(daily_seed(day), self.settings, level=DAILY_LEVEL,
                            practice=locked), key, fresh=False)
        self._remember("daily")

    def _resume(self, save: GameSave, key: str, locked: bool = False) -> None:
        game = save.load_game()
        practice = save.practice or (locked and not game.is_over)
        self._set(Table.resume(game, self.settings, save.level, practice, save.hints), key,
                  fresh=False)
        if game.is_over and not practice:
            self._record()

    def new_game(self, rules: Rules | None = None, *, seed: str | None = None,
                 level: str | None = None, confirmed: bool = False) -> bool:
        """Open New Game ``seed`` (None: a fresh one) with ``rules`` (None: the chosen
        options) against ``level`` (None: the level setting).  The same game as the one
        saved resumes it; replacing a New Game in progress asks first (:attr:`question`,
        False returned) unless ``confirmed``."""
        rules = self.settings.rules if rules is None else rules
        self.link = None
        t = self.table
        if seed is not None and t is not None and t.seed == seed and t.rules == rules \
                and not t.tutorial:
            return True
        stored = self.store.load(GAME_KEY)
        if seed is not None and stored is not None and stored.seed == seed \
                and stored.load_game().rules == rules:
            self._leave()
            self._resume(stored, GAME_KEY)
            self._remember("game")
            return True
        playing = t is not None and self.key == GAME_KEY and in_progress(t.game)
        if not confirmed and (playing or (stored is not None and stored.in_progress())):
            if t is not None and playing:
                game = t.game                       # maybe only in memory (storage refused)
            else:
                assert stored is not None
                game = stored.load_game()
                if t is None:                       # at start: that game waits behind
                    self._resume(stored, GAME_KEY)
            who = (self.friends.challenge(self.hash(), game.hand_number)
                   if t is not None and playing else None)
            self.question = Question(seed, rules, level or self.settings.level,
                                     _where_in(game), who[0] if who is not None else None)
            if self.key != GAME_KEY:
                self.store.forget(GAME_KEY)
            return False
        self._leave()
        self._set(Table(seed, self.settings, rules, level=level or self.settings.level),
                  GAME_KEY, fresh=True)
        self._remember("game")
        return True

    def close_link(self) -> None:
        """Close the result link on screen (the game behind it is on the table)."""
        self.link = None

    def tutorial(self) -> None:
        """Open the guided practice hand (a fixed deal, one hand, never saved; the Daily and
        the New Game wait untouched)."""
        self.tutorial_offered()
        self.link = None
        self._leave()
        self._set(Table(PRACTICE_SEED, self.settings, level=PRACTICE_LEVEL, tutorial=True),
                  "", fresh=True)

    def tutorial_offered(self) -> None:
        """The first visit's offer of the practice hand was taken or declined: not again."""
        self.first_visit = False
        if not self.settings.tutorial_offered:
            self.settings.tutorial_offered = True
            self.save_settings()

    def answer(self, yes: bool) -> None:
        """The player's answer to :attr:`question`: start the other game, or keep playing
        the New Game in progress (going back to it from a Daily)."""
        q, self.question = self.question, None
        if q is None:
            return
        if yes:
            self.new_game(q.rules, seed=q.seed, level=q.level, confirmed=True)
        elif self.key != GAME_KEY:
            self.resume_new_game()

    def waiting_game(self) -> str | None:
        """Where the New Game in progress stands (``at hand 4 of 10, your total +3``) while
        the table shows something else (a Daily, the practice hand); None when there is
        none or it is on the table."""
        if self.key == GAME_KEY:
            return None
        save = self.store.peek(GAME_KEY)
        try:
            return _where_in(save.load_game()) if save is not None and save.in_progress() \
                else None
        except SheepsheadError:
            return None

    def resume_new_game(self) -> None:
        """Go back to the New Game in progress (nothing happens when there is none)."""
        stored = self.store.load(GAME_KEY)
        if stored is None or self.key == GAME_KEY:
            return
        self.link = None
        self._leave()
        self._resume(stored, GAME_KEY)
        self._remember("game")

    def practice(self) -> None:
        """Play the Daily on the table again, as practice (its result stays locked)."""
        t = self.table
        day = date_of_seed(t.seed) if t is not None else None
        if day is None:
            return
        self.link = None
        self._set(Table(daily_seed(day), self.settings, level=DAILY_LEVEL, practice=True),
                  daily_key(day), fresh=True)

    def reload(self) -> None:
        """After another tab moved this game on: read it again from storage."""
        key, t = self.key, self.table
        self.stale = False
        self.store.forget(key)
        day = date_of_seed(t.seed) if t is not None else None
        if day is not None:
            self.table = None           # read again, not kept as it is on the table
            self.open_daily(day)
            return
        save = self.store.load(GAME_KEY)
        if save is not None:
            self._resume(save, GAME_KEY)
        else:
            self.new_game(confirmed=True)

    def _leave(self) -> None:
        if self.key:
            self.store.forget(self.key)
        self.key = ""
        self.stale = False

    def _set(self, table: Table, key: str, fresh: bool) -> None:
        self.table, self.key, self.fresh, self.stale = table, key, fresh, False

    def _remember(self, opened: str) -> None:
        if self.opened != opened:
            self.opened = opened
            self.save_settings()

    def hash(self) -> str:
        """The location hash of the game on the table."""
        assert self.table is not None
        if self.table.tutorial:
            return TUTORIAL_HASH
        return hash_of(self.table.seed, self.table.rules)

    # ------------------------------------------------------------- saving
    def save(self) -> None:
        """Save the game on the table (after every action); lock a Daily's result once its
        first play-through is over.  Another tab's newer save is never overwritten: the
        session turns :attr:`stale` instead."""
        t = self.table
        if t is None or self.stale or t.tutorial:
            return
        save = GameSave.of(t.game, t.level, practice=t.practice, hints=t.hints)
        try:
            self.store.save(save, replace_game=self.fresh)   # full? the picture gives way
            self.fresh = False
        except SaveConflict:
            self.stale = True
            return
        except StorageFailed:
            self.storage_refused()
        if t.game.is_over and not t.practice:
            self._record()
            self.friends.record_mine(t, self.hash())

    # ------------------------------------------------- the table's picture
    def saved_text(self) -> str | None:
        """The stored text of the save of the game on the table (None: none, or unreadable)."""
        return self.store.text(self.key)

    def keep_picture(self, text: str) -> None:
        self.store.keep_picture(text)

    def rest(self) -> Rest | None:
        """A finished Daily's line and the streak, for the picture (None: no such Daily);
        worked out again when the stored results change (an import can lengthen the
        streak) or the day does."""
        day = self.daily_day()
        if day is None:
            return None
        stored = self.store.text(RESULTS_KEY)
        seen = (day, self.today, stored)
        if self._rest is None or self._rest[0] != seen:
            self._rest = (seen, rest_of(self._book(), day, self.today))
        return self._rest[1]

    def save_settings(self) -> None:
        """Write the settings, every one changed since the last write stamped as this tab's
        change (so another tab's write merges with it rather than over it)."""
        now = self.settings.to_json()
        self._settings_stamps = stamp_changes(self._settings_written, now,
                                              self._settings_stamps, self.store.tab)
        self._settings_written = now
        self._write_settings()

    def _write_settings(self) -> None:
        settings = {**self._settings_written, OPEN: self.opened}
        try:
            self.store.save_settings(settings, self._settings_stamps)  # full? the picture gives way
        except StorageFailed:
            self.storage_refused()

    def adopt_settings(self, settings: Settings) -> None:
        """Take ``settings`` as this tab's, in place: the session and the table on screen
        keep drawing from one object."""
        for f in fields(Settings):
            setattr(self.settings, f.name, getattr(settings, f.name))

    def settings_changed_elsewhere(self, new_text: str | None) -> bool:
        """Another tab wrote the settings (the ``storage`` event's new text): merge them with
        this tab's field by field, the later change of each winning (:func:`merge_settings`:
        two tabs changing different settings at once both keep their change, in whatever
        order the writes arrive), and write the merge back when the other tab's write
        lacked a change made here.  True when a setting changed here."""
        if new_text is None:
            return False                    # removed (storage cleared): keep what is here
        try:
            data, stamps = read_settings(new_text)
        except SheepsheadError:
            return False                    # unreadable: this tab's next read sets it aside
        theirs = Settings.from_json(data).to_json()
        ours = self.settings.to_json()
        merged, merged_stamps = merge_settings(ours, self._settings_stamps, theirs, stamps)
        self._settings_written, self._settings_stamps = merged, merged_stamps
        if merged != ours:
            self.adopt_settings(Settings.from_json(merged))
        if merged != theirs or merged_stamps != stamps:
            self._write_settings()          # theirs lacks a change made here
        return merged != ours

    def storage_event(self, key: str | None, new_text: str | None) -> bool:
        """The browser's ``storage`` event, routed by the store to the key's owner
        (:meth:`~sheepshead.ui.storage.store.Owners.external_change`): True (draw again) when
        another tab moved the game on the table on (:meth:`_game_changed_elsewhere`), wrote
        the Daily results (this tab's own are merged back: :meth:`DailyResults.external_change`),
        the boards (merged by row: :meth:`Boards.external_change`) or changed a setting
        (:meth:`settings_changed_elsewhere`)."""
        changed = self.store.owners.external_change(key, new_text)
        self.collect_notices()
        return changed or (key == RESULTS_KEY and self.table is not None)

    def _game_changed_elsewhere(self, key: str | None, new_text: str | None, lost: bool) -> bool:
        """Another tab wrote a game's save: when it is the game on the table, this tab saves
        nothing until :meth:`reload` (True: draw the notice)."""
        if self.table is None or self.stale or (key is not None and key != self.key):
            return False
        if self.store.external_change(key, new_text):
            self.stale = True
        return self.stale

    # ---------------------------------------------------------- the Daily
    def _book(self) -> ResultsBook:
        return self.results.book()

    def _record(self) -> DailyResult | None:
        t = self.table
        day = date_of_seed(t.seed) if t is not None else None
        if t is None or day is None or self._book().result(day) is not None:
            return None
        try:
            result = self.results.record(t.game, hints=t.hints, now=self.now(), level=t.level)
        except StorageFailed:
            self.storage_refused()
            return None
        except SaveError as e:
            self.notice(f"Your result could not be kept: {e}.")
            return None
        return result

    def daily_day(self) -> _dt.date | None:
        """The date of the Daily on the table, when it is over (its results screen)."""
        t = self.table
        if t is None or not t.game.is_over:
            return None
        return date_of_seed(t.seed)

    def daily_screen(self) -> DailyScreen | None:
        """The results screen of the Daily on the table, once it is over."""
        day = self.daily_day()
        if day is None:
            return None
        t = self.table
        assert t is not None
        now = self.now()
        book = self._book()
        result = book.result(day)
        rows: tuple[tuple[int, tuple[int, ...]], ...] = ()
        totals: tuple[int, ...] = ()
        outcomes: tuple[Outcome, ...] = ()
        if result is not None:
            game = self._link(result.fragment).game()
            rows = tuple(enumerate(game.hand_scores(), 1))
            totals, outcomes = game.totals(), hand_outcomes(game)
        par = self._par(day, result)
        review = self.game_review
        lesson = review.lesson() if review and review.key == (t.seed, t.practice) else None
        return DailyScreen(day, result, rows, totals,
                           t.game.totals() if t.practice else None, par,
                           self.par_progress.get(day), countdown(now),
                           daily_stats(book, now.date()).lines(), outcomes, *(lesson or ()))

    def dialogs(self, ui: UiState) -> list[Dialog]:
        """The stack of dialogs over the table, bottom first: the one on top is shown
        (:meth:`overlay`) and is what Escape closes (the controller taps its ``close``).
        From the bottom: a finished Daily's results screen (shown by itself until it is
        closed), the board, the result link (or its spoiler guard), the name asked before a
        share, a backup's question (or its reading), the question before leaving a New Game.
        The table's own dialogs (the menu, a hand's summary…: ``ui.panel``) lie under them."""
        out: list[Dialog] = []
        t = self.table
        if t is not None and (ui.panel == "results" or (
                ui.panel is None and not ui.busy and ui.summary_closed_for != t.game.hand_number)):
            screen = self.daily_screen()
            if screen is not None:
                out.append(Dialog("results", "close", lambda: results_html(screen)))
        board = self.friends.overlay()
        if board is not None:
            out.append(Dialog(board[0], "board-close", lambda: board[1]))
        v = self.link
        if v is not None:
            from ..viewer.viewer import spoiler_guard_html, viewer_html
            if self.guarded():
                out.append(Dialog("guard", "viewer-close", lambda: spoiler_guard_html(v.model)))
            else:
                out.append(Dialog("viewer", "viewer-close", lambda: viewer_html(
                    v.model, v.state, own=self.own_result(), moves_checked=v.moves_checked,
                    difference=v.difference, hints=v.link.hints or self.friends.hints_of(v.link),
                    four_colour=self.settings.four_colour)))
        asked = self.friends.name_question()
        if asked is not None:
            out.append(Dialog("name", "name-cancel", lambda: asked))
        offer = self.moving.overlay(self)
        if offer is not None:
            out.append(Dialog(offer[0], "import-no", lambda: offer[1]))
        if self.question is not None:
            question = self.question
            out.append(Dialog("confirm", "confirm-no", lambda: confirm_html(question)))
        return out

    def overlay(self, ui: UiState) -> tuple[str, str] | None:
        """The dialog on top of the stack (:meth:`dialogs`), its kind and its HTML (the kinds
        are ``<body data-overlay>``'s); None: none."""
        stack = self.dialogs(ui)
        return (stack[-1].kind, stack[-1].html()) if stack else None

    def stats_lines(self) -> tuple[str, ...]:
        return daily_stats(self._book(), self.today).lines()

    def _par(self, day: _dt.date, result: DailyResult | None) -> int | None:
        return result.par if result is not None and result.par is not None else self.par_known.get(day)

    def game_review_job(self) -> Callable[[Send], Awaitable[None]] | None:
        """Once the par is known, the job reviewing every hand of the Daily (its lesson)."""
        day, t = self.daily_day(), self.table
        if day is None or t is None or day in self.par_progress or (
                self.game_review is not None and self.game_review.key == (t.seed, t.practice)):
            return None
        key, hands = (t.seed, t.practice), t.finished_hands()
        self.game_review = GameReview(key, of=len(hands), done=not hands)
        return lambda send: review_game(key, hands, send)

    def par_wanted(self) -> _dt.date | None:
        """The date whose par the results screen waits for (None: none to work out)."""
        day = self.daily_day()
        if day is None or day in self.par_progress or day in self.par_known:
            return None
        result = self._book().result(day)
        return day if result is not None and result.par is None else None

    def par_job(self, day: _dt.date) -> Callable[[Send], Awaitable[None]]:
        """The job working out ``day``'s par in the background (:mod:`.background`): under
        way from now (:attr:`par_progress`)."""
        from ..daily import background  # loaded when first used (the par, a link's check)
        self.par_progress[day] = 0.0
        return lambda send: background.work_out_par(day, send)

    def par_worked(self, event: ParWorked) -> None:
        """How far the par has got (:class:`ParWorked`)."""
        if event.done is None:
            self.par_progress.pop(event.day, None)
        elif event.day in self.par_progress:
            self.par_progress[event.day] = event.done

    def par_done(self, event: ParDone) -> None:
        """The par worked out: kept here and in the results book (in memory only when
        storage refuses)."""
        self.par_progress.pop(event.day, None)
        self.par_known[event.day] = event.total
        with contextlib.suppress(SaveError):    # refused or a newer book: shown here only
            self.results.record_par(event.day, event.total)

    # --------------------------------------------------------------- share
    def share_line(self, page_url: str) -> str:
        """The share text of the game on the table (a Daily's practice says so)."""
        t = self.table
        assert t is not None
        day = date_of_seed(t.seed)
        par = None
        if day is not None and not t.practice and t.game.is_over:
            par = self._par(day, self._book().result(day))
        return share_text(t.game, page_url, level=t.level, par=par, practice=t.practice,
                          hints=t.hints and not t.practice, by=self.settings.name or None)

    def share_result_line(self, page_url: str) -> str | None:
        """The share text of the locked result of the Daily on the table."""
        day = self.daily_day()
        result = self._book().result(day) if day is not None else None
        if day is None or result is None:
            return None
        game = self._link(result.fragment).game()
        return share_text(game, page_url, level=result.level, hints=result.hints,
                          par=self._par(day, result), by=self.settings.name or None)

    def _link(self, fragment: str) -> ResultLink:
        if fragment not in self._links:
            self._links[fragment] = parse_result(fragment)
        return self._links[fragment]


def _where_in(game: Game) -> str:
    you = game.totals()[HUMAN]
    return (f"at hand {game.hand_number} of {game.length}, your total "
            f"{signed(you)}")

