"""The page controller: events in, effects out.

Pure Python (no ``js``, no ``pyscript``), in the manner of chessground: the page binding
(``static/main.py``) turns what the browser reports (a tap, a control changed, Escape, a
timer, another tab's ``storage`` event, a hash change, a background step) into an
:data:`Event` for :meth:`Controller.handle`, and carries out the :data:`Effect` values it gets
back (draw, wait and send, announce, focus, start a background job, share, set the hash).
Nothing here waits: the computer players' turns (thought out a slice at a time), auto-play
and the animation queue are a state machine driven by :class:`Wait` / :class:`Timer`, and a
new game bumps :attr:`Controller.generation` so that the old one's timers are ignored.

Every change of the page's state happens inside :meth:`Controller.handle`; a background job
(:class:`~sheepshead.ui.events.Spawn`) changes nothing itself: it sends what it found as an
event carrying the data (:data:`~sheepshead.ui.events.Found`), applied here like a tap.
The state is one tree under the controller, mutated in place (not yet frozen records):

* :attr:`Controller.session` (:class:`~sheepshead.ui.page.session.Session`): the games (the
  :class:`~sheepshead.ui.table.table.Table` on screen, saved through the
  :class:`~sheepshead.ui.storage.saves.Storage` it is given), the settings, the question,
  the result link on screen (``LinkView``: the viewer's ``ViewerState``), the par, the
  game's review, the page's one list of notices (``NoticeLine``: text and quiet), and its
  parts :class:`~sheepshead.ui.friends.friends.Friends` (the boards, the name asked) and
  :class:`~sheepshead.ui.backup.moving.Moving` (a backup read or offered), which keep no
  reference to it: a tap's handler is given the session it reads and changes.
  ``Session.dialogs`` is the one stack of dialogs over the table.
* :attr:`Controller.ui` (:class:`~sheepshead.ui.table.render.UiState`): what only the
  interface remembers (cards chosen, the table's own dialog, the hint, busy…) and, for the
  menu, three of the session's facts copied in (the date, the statistics, the game
  waiting); the challenge and the practice offer are computed for each drawing
  (:class:`~sheepshead.ui.table.render.Facts`).
* the controller itself: the animation loop's bookkeeping (:mod:`.turns`), what was drawn
  last, the dialog on screen as drawn (:attr:`Controller.shown`: what Escape closes) and
  the picture kept.

Taps go through one table, :attr:`Controller.intents`: the page's own handlers merged with
each package's ``INTENTS``.
"""
from __future__ import annotations

import datetime as _dt
import time
from collections import deque
from collections.abc import Callable

from ...actions import Action
from ...bots.advice import Hint
from ...errors import SheepsheadError
from ...grammar import date_of_seed
from ...position import Phase
from ...rules import DEFAULT_RULES
from ...view import ViewTrick
from ..backup import moving as moving_module
from ..backup.moving import Moving, Owner
from ..events import (
    Announce,
    BackupFile,
    BoardRead,
    Change,
    Download,
    Draw,
    Effect,
    Event,
    Failed,
    Focus,
    Found,
    HashChange,
    HintFound,
    Key,
    Look,
    MovesChecked,
    Notice,
    ParDone,
    ParWorked,
    Reviewed,
    RowChecked,
    SetHash,
    Share,
    Spawn,
    Start,
    StorageChange,
    Tap,
    Tick,
    Timer,
)
from ..friends import friends as friends_module
from ..friends.friends import Friends
from ..friends.friends import Owner as FriendsOwner
from ..help.glossary import GLOSSARY, explain
from ..help.helptext import HINT_WARNING
from ..help.hintwords import hint_words
from ..look.markup import notices_html
from ..storage.picture import PANELS_KEPT, picture_text
from ..storage.saves import GAME_KEY, MemoryStorage, Storage
from ..storage.settings import SPEEDS
from ..table import render as render_module
from ..table.animation import diff
from ..table.render import Facts, UiState, render
from ..table.table import Table
from ..viewer import state as viewer_state
from ..viewer.state import ViewerState
from .jobs import review_hand, reviewed, think_hint
from .keys import key_tap
from .pagemarks import CHECK_MARKS, body_marks, page_title
from .session import STALE_NOTICE, Dialog, LinkView, Session
from .turns import BASE_MS, THINK_S, YOUR_TURN, Step, Turns

BURY_BUTTON = ('#actions button[data-act^="bury "]',)
"""Where the focus goes once two cards are chosen to bury."""

__all__ = ["Controller", "BASE_MS", "THINK_S", "TICK_S", "YOUR_TURN"]

TICK_S = 10
"""How often the binding sends :class:`Tick` (an open dialog's countdown, the date)."""
GLOSSED_PANELS = ("summary", "results")
"""The dialogs whose Sheepshead words are explained the first time (:meth:`Controller._gloss`)."""
SEAT_SELECTORS = tuple(f"#seat-{seat}" for seat in range(1, 5))
"""The other players' seats (hidden where a three- or four-handed table has fewer)."""
BEHIND_PANEL = ("header.topbar", "#felt", "#status", "#actions", "#mine", "#hand")
"""What a modal dialog makes inert."""


# -------------------------------------------------------------- controller
class Controller(Turns):
    """One tab's page.  ``storage`` None: the browser denies storage (games kept in memory,
    the page says so); ``now`` the local date and time; ``clock`` seconds (the computer
    players' thinking counts towards the animation's pace); ``motion`` whether the browser
    allows motion (asked when an animation starts); ``href`` the page's address (to share);
    ``par`` False: a finished Daily's par is never worked out (the browser tests that do not
    look at it set ``window.sheepsheadPar = 'off'``: it is seconds of an Expert's play)."""

    def __init__(self, storage: Storage | None, now: Callable[[], _dt.datetime], *,
                 clock: Callable[[], float] = time.monotonic,
                 motion: Callable[[], bool] = lambda: True, href: Callable[[], str] = str,
                 tab: str | None = None, par: bool = True) -> None:
        self.ui = UiState()
        self.session = Session(storage if storage is not None else MemoryStorage(), now, tab)
        if storage is None:
            self.session.storage_refused()
        self.clock = clock
        self.motion = motion
        self.href = href
        self.generation = 0
        self.queue: deque[Step] = deque()
        self.stage: str | None = None
        """``auto`` (auto-play's beat) or ``think`` (a computer player's) while it waits."""
        self.auto: Action | None = None
        self.credit = self.thought = 0.0
        self.drawn: dict[str, str] = {}
        self.glossed_panel = ""
        """The dialog whose words were last looked up in the glossary."""
        self.kept = ""                    # the table's picture as last kept (_keep)
        self.shown: tuple[str, str] | None = None
        """The dialog on screen as last drawn, its kind and the tap that closes it: the top
        of ``Session.dialogs``, else the table's own (``close``).  Escape taps it; a dialog
        whose kind differs from the last drawn has just opened (its heading is focused)."""
        self.checking: LinkView | None = None
        self.par = par
        self.out: list[Effect] = []
        self.rest: tuple[tuple[tuple[str, str, str | None], ...], str, str | None] | None = None
        """The picture of the table drawn at rest during this event, to keep (:meth:`_keep`)."""
        self.drew = False
        self.intents = self._intents()
        """The one table of intents: every ``data-ui`` name the page draws, to its handler."""

    @property
    def table(self) -> Table:
        t = self.session.table
        assert t is not None
        return t

    @property
    def panel(self) -> str | None:
        """The kind of dialog on screen (:attr:`shown`)."""
        return self.shown[0] if self.shown is not None else None

    @property
    def busy(self) -> bool:
        return self.ui.busy

    # ----------------------------------------------------------- dispatch
    def handle(self, event: Event) -> list[Effect]:
        """The effects of ``event``, in order.  An error is raised as it is (the binding
        logs it and sends :class:`Failed`).  The event is applied (drawing as it goes);
        then, once, the table's picture is kept when it was drawn at rest and the background
        jobs the state now wants are started (:meth:`_settle`)."""
        self.out, self.rest, self.drew = [], None, False
        if isinstance(event, Tap):
            if event.act is not None:
                self._act(event.act)
            elif event.ui is not None:
                self._intent(event.ui)
        elif isinstance(event, Timer):
            if event.generation == self.generation and self.busy:
                self._advance()
        elif isinstance(event, Found):
            self._found(event)
        elif isinstance(event, Tick):     # the date and a countdown are drawn from the clock
            if self.shown is not None and not self.busy:
                self._draw()
        elif isinstance(event, Change):
            self._change(event)
        elif isinstance(event, Key):
            self._key(event.key)
        elif isinstance(event, HashChange):
            s = self.session
            if s.link is not None or event.fragment != s.hash():
                self._switch(lambda: s.go(event.fragment))
        elif isinstance(event, StorageChange):
            if self.session.storage_event(event.key, event.new):
                self._draw()
        elif isinstance(event, Notice):
            self._notice(event.text, event.quiet)
            self._draw()
        elif isinstance(event, Failed):
            self._failed(event.error)
        elif isinstance(event, Start):
            self._start(event)
        elif isinstance(event, BackupFile):
            self.session.moving.open_file(self.session, event)
            self._draw()
        self._settle()
        return self.out

    def _settle(self) -> None:
        """After an event: keep the picture last drawn at rest, start the background jobs."""
        if self.rest is not None:
            self._keep(*self.rest)
        if self.drew:
            self._background()

    def _found(self, event: Found) -> None:
        """What a background job found (:data:`~sheepshead.ui.events.Found`): applied here,
        then drawn unless an animation runs (no new picture: nothing the table rests on)."""
        s = self.session
        if isinstance(event, HintFound):
            t = s.table
            if t is not None and (t.seed, t.action_count()) == (event.seed, event.at) \
                    and self.ui.hint_asked and not self.busy:
                self._show_hint(event.hint)
            return
        if isinstance(event, Reviewed):
            reviewed(event, self.ui.hand_review, s.game_review)
        elif isinstance(event, ParWorked):
            s.par_worked(event)
        elif isinstance(event, ParDone):
            s.par_done(event)
        elif isinstance(event, MovesChecked):
            s.moves_checked(event)
        elif isinstance(event, BoardRead):
            s.friends.board_read(event)
        elif isinstance(event, RowChecked):
            s.friends.row_checked(event)
            if not (event.draw or event.last):
                return
        else:
            s.moving.backup_read(s, event)
        if not self.busy:
            self._draw(keep=False)

    def _start(self, event: Start) -> None:
        self.session.start(event.fragment)
        self._set_hash()
        self._look()
        self._draw()
        if event.pending in ("menu", "scores"):
            self._intent(event.pending)
        self._run([])
        for tap in event.taps:            # on the stored picture: now, once each, as taps
            kind, _, name = tap.partition(":")
            if kind == "act":
                self._act(name)
            elif kind == "ui" and name.partition(":")[0] in self.intents:
                self._intent(name)        # only names the table knows: a picture is stored text

    # ------------------------------------------------------------ notices
    @property
    def notices(self) -> list[str]:
        """The notices on screen, their text (the one list is the session's)."""
        return [n.text for n in self.session.notices]

    def _notice(self, text: str, quiet: bool = False) -> None:
        self.session.notice(text, quiet)

    def _gloss(self, panel: str) -> None:
        """Explain, once ever, each Sheepshead word that a hand's summary or a game's results
        show for the first time (:mod:`.glossary`): a quiet notice above the dialog, and the
        word kept in the settings.  Only there: a notice never moves the table mid-hand."""
        if panel != self.glossed_panel:
            self.glossed_panel = panel
            lines = explain(panel, self.session.settings)
            for line in lines:
                self._notice(line, quiet=True)
            if lines:
                self.session.save_settings()

    def _drop_glosses(self) -> None:
        """A word explained belongs to the dialog it came with: off screen once the next
        hand is dealt, a card is played or another game opens (they piled up over hands)."""
        words = set(GLOSSARY.values())
        lines = self.session.notices
        lines[:] = [n for n in lines if n.text not in words]

    # -------------------------------------------------------------- taps
    def _act(self, text: str | Action) -> None:
        if self.busy or self.session.stale:
            return                        # taps during an animation never act
        before = self.table.seat_view()
        if self.table.act(text) is None:
            return                        # out of turn or illegal (a double tap): nothing
        self._drop_glosses()
        self.ui.reset_turn()
        if self.session.first_visit:      # playing on: the offer steps aside (it is in the menu)
            self.session.tutorial_offered()
        self.ui.heard = []
        self._saved()
        self._run(diff(before, self.table.seat_view()))

    def _intent(self, intent: str) -> None:
        """Every ``data-ui`` tap, through the one table (:attr:`intents`): its name (the part
        before any ``:``) picks the handler, which is given the rest (``select:QC``: ``QC``).
        A name with no handler is refused loudly: the page drew a button that nothing
        answers; a name with an empty argument (``hand-review:``) does nothing."""
        name, colon, arg = intent.partition(":")
        handler = self.intents.get(name)
        if handler is None:
            raise SheepsheadError(f"no handler for the tap {name!r}")
        if colon and not arg:               # "hand-review:": an argument promised, none given
            return
        handler(arg)

    def _intents(self) -> dict[str, Callable[[str], None]]:
        """The table of intents (see :meth:`_intent`): the page's own, merged with each
        package's table (``INTENTS`` of :mod:`~sheepshead.ui.table.render`,
        :mod:`~sheepshead.ui.viewer.viewer`, :mod:`~sheepshead.ui.friends.friends`,
        :mod:`~sheepshead.ui.backup.moving`); a name in two tables is refused."""
        s = self.session

        def game(call: Callable[[], object], closes: bool = False) -> Callable[[str], None]:
            """A game opened or a dialog answered (the session's); ``closes`` the table's
            dialog it was opened from."""
            def handler(arg: str) -> None:
                if closes:
                    self.ui.panel = None
                self._switch(call)
            return handler

        page: dict[str, Callable[[str], None]] = {
            "daily": game(lambda: s.open_daily(s.today), closes=True),
            "new": game(lambda: s.new_game(), closes=True),
            "confirm-yes": game(lambda: s.answer(True)),
            "confirm-no": game(lambda: s.answer(False)),
            "practice": game(lambda: s.practice()), "reload": game(lambda: s.reload()),
            "viewer-close": game(lambda: s.close_link()),
            "viewer-play": game(lambda: s.play_link()),
            "tutorial": game(lambda: s.tutorial(), closes=True),
            "tutorial-no": game(lambda: s.tutorial_offered(), closes=True),
            "resume": game(lambda: s.resume_new_game(), closes=True),
            "hint": self._hint, "undo": self._undo, "claim": self._claim,
            "hand-review": self._hand_review, "next": self._next,
            "options-default": self._options_default,
            "share": lambda arg: self._share("share"),
            "share-result": lambda arg: self._share("share-result"),
            "dismiss": self._dismiss,
        }
        groups: list[dict[str, Callable[[str], None]]] = [
            page,
            {name: self._interface(f, {"illegal": self._say_refusal,
                                        "select": self._focus_bury}.get(name))
             for name, f in render_module.INTENTS.items()},
            {name: self._viewer(name, f) for name, f in viewer_state.INTENTS.items()},
            {name: self._friends(f) for name, f in friends_module.INTENTS.items()},
            {name: self._backup(f) for name, f in moving_module.INTENTS.items()},
        ]
        table: dict[str, Callable[[str], None]] = {}
        for group in groups:
            twice = table.keys() & group.keys()
            if twice:
                raise SheepsheadError(f"taps with two handlers: {sorted(twice)}")
            table.update(group)
        return table

    def _options_default(self, arg: str) -> None:
        self.session.settings.set("rules", DEFAULT_RULES)
        self.session.save_settings()
        self._draw()

    def _share(self, what: str) -> None:
        """The menu's Share (the game on the table) and the results' (``share-result``);
        the name is asked first when it goes with the result (then drawn)."""
        line = self.session.friends.share(self.session, what, self.href())
        if line is not None:
            self.out.append(Share(line))
        elif self.session.friends.asking is not None:
            self._draw()

    def _dismiss(self, arg: str) -> None:
        self.session.notices.clear()
        self._draw()

    def _viewer(self, name: str, handler: Callable[[ViewerState, str], bool]
                ) -> Callable[[str], None]:
        """A viewer tap (:mod:`.viewer`): a hand or a trick of the result link on screen,
        then the focus where it moved."""
        def apply(arg: str) -> None:
            link = self.session.link
            if link is not None and handler(link.state, arg):
                self._draw()
                self._focus_viewer(name)
        return apply

    def _friends(self, handler: Callable[[Friends, FriendsOwner, str, str], str | None]
                 ) -> Callable[[str], None]:
        """A board tap (:mod:`.friends`): the boards, challenges and the name question."""
        def apply(arg: str) -> None:
            shared: list[str] = []
            self._switch(lambda: shared.extend(filter(None, [
                handler(self.session.friends, self.session, arg, self.href())])))
            self.out.extend(Share(line) for line in shared)
        return apply

    def _backup(self, handler: Callable[[Moving, Owner, str], Download | Share | None]
                ) -> Callable[[str], None]:
        """A backup tap (:mod:`.moving`): an export (a download, a share), or the answer
        to the question before an import."""
        def apply(arg: str) -> None:
            done: list[Download | Share] = []
            self._switch(lambda: done.extend(filter(None, [
                handler(self.session.moving, self.session, self.href())])))
            self.out.extend(done)
            if self.ui.panel == "menu":         # the statistics as they now are
                self._draw()
        return apply

    def _interface(self, handler: Callable[[Table, UiState, str], bool],
                   after: Callable[[], None] | None = None) -> Callable[[str], None]:
        """A tap that changes only what the interface remembers (:mod:`.render`): a card
        chosen, a dialog opened; then ``after`` (what the page says or focuses: the
        refusal of an illegal card, the focus once two cards are chosen to bury)."""

        def apply(arg: str) -> None:
            ui = self.ui
            if handler(self.table, ui, arg):
                self._draw()
                if after is not None:
                    after()
        return apply

    def _say_refusal(self) -> None:
        if self.ui.refusal:
            self.out.append(Announce(self.ui.refusal))

    def _focus_bury(self) -> None:
        if len(self.ui.selected) == 2:
            # the next Tab (or Enter) is "Bury these two", not the menu and the chips
            self.out.append(Focus(BURY_BUTTON))

    def _next(self, intent: str = "next") -> None:
        if self.busy or self.session.stale or not self.table.next_hand():
            return
        self._drop_glosses()
        self.ui.panel = None
        self.ui.reset_turn()
        self._saved()
        self._draw()
        self._run([], deal=True)

    def _hand_review(self, arg: str) -> None:
        """The review of a finished hand, or (``hand-review:N``) a hand of the game's."""
        t, ui = self.table, self.ui
        if arg:                                    # a hand of the game's review
            reviewed = self.session.game_review
            one = reviewed.hand_named(arg) if reviewed else None
            if one is not None:
                ui.hand_review, ui.panel = one, "hand-review"
                self._draw()
            return
        if not t.hand.is_over or t.hand.thrown_in:
            return
        review = ui.hand_review
        if review is None or review.hand_number != t.game.hand_number:
            from ..help.review import HandReview  # loaded when first used
            number = t.game.hand_number
            ui.hand_review = HandReview(number)
            hand, seeds = t.hand, t.review_seeds()
            self.out.append(Spawn(lambda send: review_hand(None, number, hand, seeds, send)))
        ui.panel = "hand-review"
        self._draw()

    def _hint(self, intent: str) -> None:
        t, ui = self.table, self.ui
        if self.busy or self.session.stale:
            return                        # taps during an animation never act
        if ui.hint:                       # shown already: said again
            self.out.append(Announce(ui.hint))
            return
        if ui.hint_asked:
            return                        # it is being thought out
        if date_of_seed(t.seed) and not (t.practice or t.tutorial or t.hints) \
                and ui.hint_warned != t.seed:           # a scored Daily's first: what it costs
            ui.hint_warned, ui.hint_warning = t.seed, HINT_WARNING
            self.out.append(Announce(HINT_WARNING))
            self._draw()
            return
        steps = t.hint_steps()
        if steps is None:
            return
        ui.hint_asked = True
        self._saved()                     # the game now counts as played with hints
        self._draw()
        seed, at = t.seed, t.action_count()
        self.out.append(Spawn(lambda send: think_hint(seed, at, steps, send)))

    def _undo(self, intent: str) -> None:
        t, ui = self.table, self.ui
        if self.busy or self.session.stale:
            return                        # taps during an animation never act
        if t.undo():
            ui.reset_turn()
            ui.heard = ["Your last decision is taken back."]
            self.out.append(Announce(ui.heard[0]))
            self._saved()
            self._draw()

    def _claim(self, intent: str) -> None:
        t, ui = self.table, self.ui
        if self.busy or self.session.stale:
            return                        # taps during an animation never act
        before = t.seat_view()
        if t.claim():
            ui.reset_turn()
            ui.heard = ["You claim the rest."]
            self._saved()
            self._run(diff(before, t.seat_view()))

    def _show_hint(self, advice: Hint) -> None:
        t, ui = self.table, self.ui
        words = hint_words(advice, t.seat_view())
        ui.hint, ui.hint_detail, ui.hinted = words.line, words.detail, str(advice.action)
        self._draw()
        self.out.append(Announce(ui.hint))

    def _focus_viewer(self, name: str) -> None:
        """Focus where the viewer moved: the hand's heading, the list's; a trick button keeps
        the focus (it is patched, not replaced), else the first one enabled."""
        if name == "viewer-trick":
            self.out.append(Focus(("#panel .viewer-nav button:not([disabled])",), if_lost=True))
            return
        target = {"viewer-hand": "#viewer-hand-title", "viewer-hands": "#viewer-hands-title",
                  "viewer-reveal": "#viewer-title"}.get(name)
        if target is not None:
            self.out.append(Focus((target,)))

    def _key(self, key: str) -> None:
        """A key pressed outside a form field (the page's keyboard play, :data:`KEYS`)."""
        if key != "Escape":
            self._play_key(key)
            return
        if self.shown is not None:        # the dialog on screen, as its own close button does
            self._intent(self.shown[1])

    def _play_key(self, key: str) -> None:
        """A key of keyboard play (:mod:`.keys`): on your turn, with no dialog open."""
        t, ui = self.table, self.ui
        if self.busy or self.session.stale or self.shown is not None or not t.human_turn:
            return
        tap = key_tap(key, t.seat_view(), ui.unknown_call, tuple(ui.selected))
        if isinstance(tap, Action):
            self._act(tap)
        elif tap is not None:
            self._intent(tap)

    def _change(self, event: Change) -> None:
        settings = self.session.settings
        try:
            if event.option:              # a table option: kept for the next New Game
                settings.set_option(event.key, event.value)
            else:
                settings.set(event.key, event.value)
        except SheepsheadError as e:      # the rules refuse it, or not a value of it
            self._notice(f"That choice cannot be made: {e}.", quiet=True)
            self.drawn.pop("panel", None)   # the control shows the value that holds
            self._draw()
            return
        self.session.save_settings()
        self._look()
        if event.key == "name" and settings.name != event.value:
            self.drawn.pop("panel", None)   # show the name as it is kept
        self._draw()

    def _failed(self, error: BaseException) -> None:
        self.generation += 1              # the animation that failed is over
        self.queue.clear()
        self.stage = None
        self.ui.busy = False
        self._notice(f"Something went wrong ({type(error).__name__}: {error}). "
                     f"Your game is saved: reload to go on.")
        if self.session.table is not None:   # else it failed before a game was open
            self._draw()

    # ------------------------------------------------------------ opening
    def _switch(self, what: Callable[[], object]) -> None:
        """Run a session call that may open another game; then draw what holds."""
        before = self.session.table
        what()
        self._drop_glosses()
        if self.session.table is not before:   # another game on the table
            self.generation += 1              # the old game's timers are void
            self.ui.new_table()
            self._set_hash()
            self._draw()
            fresh = self.session.table
            self._run([], deal=fresh is not None and fresh.seat_view().phase is Phase.PICK)
            return
        self._set_hash()
        self._draw()

    def _set_hash(self) -> None:
        if self.session.link is None:     # a result link stays in the address
            self.out.append(SetHash(self.session.hash()))

    def _look(self) -> None:
        s = self.session.settings
        dur = int(BASE_MS["play"] * SPEEDS[s.speed])
        self.out.append(Look(s.look(), (("--dur", f"{dur}ms"),)))

    def _saved(self) -> None:
        """Save after an action (another tab's newer save turns the game stale)."""
        self.session.save()

    # ------------------------------------------------------------- drawing
    def _draw(self, shown: ViewTrick | None = None, fresh: str = "", caption: str = "",
              keep: bool = True) -> None:
        """Draw the regions that changed, the page's marks on ``<body>`` and the title.  The
        state the drawing reads is brought up to date first (:meth:`_ready`: the notices
        collected, the boards' rows checked; then, once the dialog is known, its words
        explained: :meth:`_gloss`); the drawing itself (:meth:`_scene`, the rest below)
        only reads it.  The picture of a table at rest (``keep``) is noted for
        :meth:`_settle` to keep, which also starts the background jobs."""
        self._ready()
        s, t, ui = self.session, self.table, self.ui
        stale = s.stale                   # paused: no decisions offered until Reload
        html, over, kind = self._scene(shown, fresh, caption)
        panel = html["panel"]
        if kind in GLOSSED_PANELS:
            self._gloss(panel)
        lines = s.notices
        notices = notices_html([n.text for n in lines], STALE_NOTICE if s.stale else None)
        shown_cls = " shown" if notices else ""
        if panel:                         # notices show above the dialog, never over it
            html["panel"] = _above(panel, notices)
        html["notice"] = notices
        regions = tuple((r, text) for r, text in html.items() if self.drawn.get(r) != text)
        self.drawn.update(regions)
        opened = kind is not None and kind != self.panel
        self.shown = None if kind is None else (kind, over.close if over else "close")
        v = t.seat_view()
        quiet = bool(lines) and all(n.quiet for n in lines)
        attrs: list[tuple[str, str, str | None]] = [
            ("#notice", "class", "notice" + shown_cls + (" quiet" if quiet else "")),
            ("#panel", "hidden", None if panel else ""),
        ]
        attrs += [(sel, "inert", "" if panel else None) for sel in BEHIND_PANEL]
        attrs += [("html", "data-table", None), ("#app", "aria-busy", None)]  # live, not a picture
        attrs += [(sel, "hidden", "" if seat >= v.players else None)    # a three- or four-
                  for seat, sel in enumerate(SEAT_SELECTORS, 1)]        # handed table has fewer
        marks = body_marks(t, v, panel=bool(panel), busy=ui.busy, stale=stale,
                           overlay=over.kind if over else "",
                           check="" if s.link is None else CHECK_MARKS[s.link.moves_checked])
        attrs += [("body", f"data-{k}", value) for k, value in marks.items()]
        title = page_title(t)
        self.out.append(Draw(regions, tuple(attrs), title))
        if keep and not ui.busy and not stale and shown is None and not caption:
            self.rest = (tuple(attrs), title, _above(panel, "") if kind in PANELS_KEPT else None)
        if opened:
            self.out.append(Focus(("#panel h2",)))
        self.drew = True

    def _ready(self) -> None:
        """Before a drawing: the notices collected into the one list, your own rows' scores
        and the table's challenge worked out (:meth:`Friends.ready`)."""
        s, t = self.session, self.table
        s.collect_notices()
        if not t.tutorial:
            s.friends.ready(s.hash(), t.game.hand_number, t.game.is_over)
        else:
            s.friends.ready(None)

    def _scene(self, shown: ViewTrick | None, fresh: str, caption: str
               ) -> tuple[dict[str, str], Dialog | None, str | None]:
        """The regions as the state draws them, the dialog of the one stack on top (None:
        the table's own, if any) and the kind of dialog shown (None: none).  Reads only."""
        s, t, ui = self.session, self.table, self.ui
        stale = s.stale
        menu = ui.panel == "menu"         # the statistics and the game waiting: its only reader
        facts = Facts(None if t.tutorial else s.friends.challenge(s.hash(), t.game.hand_number,
                                                                  t.game.is_over),
                      offer_tutorial=s.first_visit, today=s.today.isoformat(),
                      stats=s.stats_lines() if menu else (),
                      waiting=s.waiting_game() if menu else None)
        html = render(t.view(), ui, shown, fresh, busy=ui.busy or stale,
                      caption="Paused: this game went on in another tab." if stale else caption,
                      facts=facts)
        stack = s.dialogs(ui)
        over = stack[-1] if stack else None       # the top of the one stack, else the table's
        if over is not None:
            html["panel"] = over.html()
        kind = (over.kind if over else ui.panel or "summary") if html["panel"] else None
        return html, over, kind

    def _keep(self, attrs: tuple[tuple[str, str, str | None], ...], title: str,
              panel: str | None) -> None:
        """Keep the picture of the resting table (:mod:`.picture`) for the next visit, with
        ``panel`` (the dialog, without notices: they are said once) when it is kept."""
        s, t = self.session, self.table
        if s.link is not None or t.tutorial or not s.key:
            return
        classes = tuple(name for name, on in s.settings.look() if on)
        opens = GAME_KEY if s.opened == "game" else ""
        text = picture_text(key=s.key, save=s.saved_text(), fragment=s.hash(), opens=opens,
                            regions={**self.drawn, "panel": panel or ""}, attrs=attrs,
                            classes=classes, title=title, panel=panel is not None,
                            rest=s.rest())
        if text != self.kept:
            self.kept = text
            s.keep_picture(text)

    def _background(self) -> None:
        """Start the par of a finished Daily (then the review of its hands: the lesson), the
        computer-move check of a result link and the reading of a backup opened."""
        s = self.session
        reading = s.moving.job()
        if reading is not None:
            self.out.append(Spawn(reading))
        day = s.par_wanted() if self.par else None
        if day is not None:
            self.out.append(Spawn(s.par_job(day)))
        job = s.game_review_job() if self.par and day is None else None
        if job is not None:             # its line ("Looking over your hands… 0 of 10") at once
            self._draw(keep=False)
            self.out.append(Spawn(job))
        if s.friends.wanted():
            self.out.append(Spawn(s.friends.check_rows))
        link = s.link
        if link is not None and link is not self.checking and link.moves_checked is None:
            self.checking = link
            self.out.append(Spawn(s.moves_job(link)))


def _above(panel: str, notices: str) -> str:
    """A dialog with the notice area above it (notices never cover a dialog)."""
    shown = " shown" if notices else ""
    return (f'<div class="panel-notices notice{shown}" id="panel-notices" role="status">'
            f'{notices}</div>{panel}')
