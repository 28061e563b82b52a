"""The page controller: events in, effects out.

Pure Python (no ``js``, no ``pyscript``), in the manner of chessground: the page binding
(``static/main.py``) turns what the browser reports (a tap, a control changed, Escape, a
timer, another tab's ``storage`` event, a hash change, a background step) into an
:data:`Event` for :meth:`Controller.handle`, and carries out the :data:`Effect` values it gets
back (draw, wait and send, announce, focus, start a background job, share, set the hash).
Nothing here waits: the computer players' turns (thought out a slice at a time), auto-play
and the animation queue are a state machine driven by :class:`Wait` / :class:`Timer`, and a
new game bumps :attr:`Controller.generation` so that the old one's timers are ignored.

State lives in three places: the games in :class:`~sheepshead.ui.page.session.Session` (which
saves through the :class:`~sheepshead.ui.storage.saves.Storage` it is given), what only the interface
remembers in one :class:`~sheepshead.ui.table.render.UiState` (its notices are the page's one
notices list), and the animation loop's bookkeeping here.
"""
from __future__ import annotations

import datetime as _dt
import time
from collections import deque
from collections.abc import Callable, Generator

from ...actions import Action
from ...bots.advice import Hint
from ...errors import SheepsheadError
from ...grammar import date_of_seed
from ...position import Phase
from ...rules import DEFAULT_RULES
from ...view import ViewTrick
from ..backup.moving import MOVING_INTENTS
from ..events import (
    Announce,
    BackupFile,
    Change,
    Draw,
    Effect,
    Event,
    Failed,
    Focus,
    HashChange,
    Key,
    Look,
    Notice,
    Progress,
    SetHash,
    Share,
    Spawn,
    Start,
    StorageChange,
    Tap,
    Tick,
    Timer,
)
from ..friends.friends import FRIENDS_INTENTS
from ..help.glossary import GLOSSARY, explain
from ..help.helptext import HINT_WARNING
from ..help.hintwords import hint_words
from ..look.markup import notices_html
from ..look.wording import HUMAN
from ..pacing import finished
from ..storage.picture import PANELS_KEPT, picture_text
from ..storage.saves import MemoryStorage, Storage
from ..storage.settings import SPEEDS
from ..table.animation import diff
from ..table.render import UiState, render, ui_intent
from ..table.table import Table
from .keys import key_tap
from .pagemarks import CHECK_MARKS, body_marks, page_title
from .session import STALE_NOTICE, LinkView, Session
from .turns import BASE_MS, THINK_S, YOUR_TURN, Step, Turns

BURY_BUTTON = ('#actions button[data-act^="bury "]',)
"""Where the focus goes once two cards are chosen to bury."""

__all__ = ["Controller", "BASE_MS", "THINK_S", "TICK_S", "YOUR_TURN"]

TICK_S = 10
"""How often the binding sends :class:`Tick` (an open dialog's countdown, the date)."""
GLOSSED_PANELS = ("summary", "results")
"""The dialogs whose Sheepshead words are explained the first time (:meth:`Controller._gloss`)."""
BEHIND_PANEL = ("header.topbar", "#felt", "#status", "#actions", "#mine", "#hand")
"""What a modal dialog makes inert."""
STORAGE_QUIET = "This browser is not keeping"
INTERFACE = ("select", "unknown", "illegal", "cancel", "review", "menu", "options", "scores",
             "summary", "results", "rules", "close")
"""The ``data-ui`` names that change only what the interface remembers (:func:`ui_intent`)."""
VIEWER = ("viewer-hand", "viewer-trick", "viewer-hands", "viewer-reveal")
"""The ``data-ui`` names that move the result viewer (:func:`~sheepshead.ui.viewer.viewer.viewer_intent`)."""
CLOSES_PANEL = ("daily", "new", "tutorial", "tutorial-no", "resume")
"""The games opened from a dialog, which closes it first."""


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
        self.ui = UiState(today=now().date().isoformat())
        self.session = Session(storage if storage is not None else MemoryStorage(), now, tab,
                               notices=self.ui.notices)    # one list: the session adds to it
        if storage is None:
            self.session.storage_refused()
        self.clock = clock
        self.motion = motion
        self.href = href
        self.quiet: set[str] = set()
        """Notices shown in the quiet colour (the storage line, a share's, a refusal's)."""
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
        self.panel: str | None = None
        """The kind of dialog on screen (to focus a dialog's heading when one opens)."""
        self.checking: LinkView | None = None
        self.hint_found: Hint | None = None
        """The hint thought out in the background, until :class:`Progress` shows it."""
        self.par = par
        self.out: list[Effect] = []
        self.intents = self._intents()
        """The one table of intents: every ``data-ui`` name the page draws, to its handler."""

    @property
    def table(self) -> Table:
        t = self.session.table
        assert t is not None
        return t

    @property
    def busy(self) -> bool:
        return self.ui.busy

    # ----------------------------------------------------------- dispatch
    def handle(self, event: Event) -> list[Effect]:
        """The effects of ``event``, in order.  An error is raised as it is (the binding
        logs it and sends :class:`Failed`)."""
        self.out = []
        if isinstance(event, Tap):
            if event.act is not None:
                self._act(event.act)
            elif event.ui is not None:
                self._intent(event.ui)
        elif isinstance(event, Timer):
            if event.generation == self.generation and self.busy:
                self._advance()
        elif isinstance(event, Progress):
            found, self.hint_found = self.hint_found, None
            if found is not None and self.ui.hint_asked and not self.busy:
                self._show_hint(found)
            elif not self.busy:
                self._draw(keep=False)    # a background job's step: no new picture
        elif isinstance(event, Tick):
            self.ui.today = event.today
            if self.panel is not None and not self.busy:
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
            self.session.moving.open_file(event)
            self._draw()
        return self.out

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
    def _notice(self, text: str, quiet: bool = False) -> None:
        if text not in self.ui.notices:
            self.ui.notices.append(text)
        if quiet:
            self.quiet.add(text)

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
        self.ui.notices[:] = [n for n in self.ui.notices if n not in words]

    def _take_notices(self) -> None:
        self.session.collect_notices()
        self.quiet.update(t for t in self.ui.notices if t.startswith(STORAGE_QUIET))

    # -------------------------------------------------------------- taps
    def _act(self, text: str) -> None:
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
        before any ``:``) picks the handler, which is given the whole of it.  A name with no
        handler is refused loudly: the page drew a button that nothing answers."""
        name = intent.partition(":")[0]
        handler = self.intents.get(name)
        if handler is None:
            raise SheepsheadError(f"no handler for the tap {name!r}")
        if self.session.friends.ask_name(name):     # the first share: a name for the board?
            self._draw()
            return
        handler(intent)

    def _intents(self) -> dict[str, Callable[[str], None]]:
        """The table of intents (see :meth:`_intent`), grouped by who answers."""
        s = self.session

        def game(call: Callable[[], object]) -> Callable[[str], None]:
            """A game opened or a dialog answered (the session's)."""
            def handler(intent: str) -> None:
                if intent in CLOSES_PANEL:
                    self.ui.panel = None
                self._switch(call)
            return handler

        named: dict[str, Callable[[str], None]] = {
            "daily": game(lambda: s.open_daily(s.today)), "new": game(lambda: s.new_game()),
            "confirm-yes": game(lambda: s.answer(True)),
            "confirm-no": game(lambda: s.answer(False)),
            "practice": game(lambda: s.practice()), "reload": game(lambda: s.reload()),
            "viewer-close": game(lambda: s.close_link()),
            "viewer-play": game(lambda: s.play_link()),
            "tutorial": game(lambda: s.tutorial()),
            "tutorial-no": game(lambda: s.tutorial_offered()),
            "resume": game(lambda: s.resume_new_game()),
            "hint": self._hint, "undo": self._undo, "claim": self._claim,
            "hand-review": self._hand_review, "next": self._next,
            "options-default": self._options_default, "share": self._share,
            "share-result": self._share, "dismiss": self._dismiss,
            "backup-file": self._backup_file, "backup-link": self._backup_link,
        }
        imports = [n for n in MOVING_INTENTS if n.startswith("import-")]
        groups: list[dict[str, Callable[[str], None]]] = [
            named, dict.fromkeys(INTERFACE, self._interface), dict.fromkeys(VIEWER, self._viewer),
            dict.fromkeys(FRIENDS_INTENTS, self._friends),
            dict.fromkeys(imports, self._import_answer)]
        table: dict[str, Callable[[str], None]] = {}
        for group in groups:
            twice = table.keys() & group.keys()
            if twice:
                raise SheepsheadError(f"taps with two handlers: {sorted(twice)}")
            table.update(group)
        return table

    def _options_default(self, intent: str) -> None:
        self.session.settings.set("rules", DEFAULT_RULES)
        self.session.save_settings()
        self._draw()

    def _share(self, intent: str) -> None:
        """The menu's Share (the game on the table) and the results' (``share-result``)."""
        line = self.session.friends.share(intent, self.href())
        if line is not None:
            self.out.append(Share(line))

    def _dismiss(self, intent: str) -> None:
        self.ui.notices.clear()
        self.quiet.clear()
        self._draw()

    def _viewer(self, intent: str) -> None:
        """A hand or a trick of the result link on screen (:mod:`.viewer`)."""
        from ..viewer.viewer import viewer_intent  # loaded with the first link
        link = self.session.link
        if link is not None and viewer_intent(link.state, intent):
            self._draw()
            self._focus_viewer(intent)

    def _friends(self, intent: str) -> None:
        """The boards, challenges and the name question (:mod:`.friends`)."""
        shared: list[str] = []
        self._switch(lambda: shared.extend(filter(None, [
            self.session.friends.intent(intent, self.href())])))
        self.out.extend(Share(line) for line in shared)

    def _backup_file(self, intent: str) -> None:
        self.out.append(self.session.moving.export_file())
        self._draw()

    def _backup_link(self, intent: str) -> None:
        self.out.extend(filter(None, [self.session.moving.export_link(self.href())]))
        self._draw()

    def _import_answer(self, intent: str) -> None:
        """The answer to the question before an import (:mod:`.moving`)."""
        self._switch(lambda: self.session.moving.answer(intent))
        if self.ui.panel == "menu":         # the statistics as they now are
            self.ui.stats = self.session.stats_lines()
            self.ui.waiting = self.session.waiting_game()
        self._draw()

    def _interface(self, intent: str) -> None:
        """What only the interface changes: a card chosen, a panel opened (ui_intent)."""
        ui = self.ui
        if intent == "menu":
            ui.stats = self.session.stats_lines()
            ui.waiting = self.session.waiting_game()
        if ui_intent(self.table, ui, intent):
            self._draw()
            if intent.startswith("illegal:") and ui.refusal:
                self.out.append(Announce(ui.refusal))
            if intent.startswith("select:") and len(ui.selected) == 2:
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

    def _hand_review(self, intent: str) -> None:
        """The review of a finished hand, or (``hand-review:N``) a hand of the game's."""
        t, ui = self.table, self.ui
        if intent.startswith("hand-review:"):      # a hand of the game's review
            reviewed = self.session.game_review
            one = reviewed.hand_named(intent.partition(":")[2]) if reviewed else None
            if one is not None:
                ui.hand_review, ui.panel = one, "hand-review"
                self._draw()
            return
        if not t.hand.is_over or t.hand.thrown_in:
            return
        review = ui.hand_review
        if review is None or review.hand_number != t.game.hand_number:
            from ..help.review import HandReview, run_review  # loaded when first used
            review = ui.hand_review = HandReview(t.game.hand_number)
            hand, seeds = t.hand, t.review_seeds()
            self.out.append(Spawn(lambda progress: run_review(review, hand, HUMAN, seeds,
                                                              progress)))
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
        asked = (t, t.action_count())
        self.out.append(Spawn(lambda progress: self._think_hint(asked, steps, progress)))

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

    async def _think_hint(self, asked: tuple[Table, int], steps: Generator[None, None, Hint],
                          progress: Callable[[], None]) -> None:
        """Think out the hint a slice at a time; it is shown (by :class:`Progress`) only if
        the table is still where it was asked."""
        advice = await finished(steps)
        t = self.session.table
        if t is not None and (t, t.action_count()) == asked and self.ui.hint_asked:
            self.hint_found = advice
            progress()

    def _show_hint(self, advice: Hint) -> None:
        t, ui = self.table, self.ui
        words = hint_words(advice, t.seat_view())
        ui.hint, ui.hint_detail, ui.hinted = words.line, words.detail, str(advice.action)
        self._draw()
        self.out.append(Announce(ui.hint))

    def _focus_viewer(self, intent: str) -> None:
        """Focus where the viewer moved: the hand's heading, the list's; a trick button keeps
        the focus (it is patched, not replaced), else the first one enabled."""
        name = intent.partition(":")[0]
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
        stack = self.session.dialogs(self.ui)
        if stack:                         # the dialog on top, as its own close button does
            self._intent(stack[-1].close)
        elif self.ui.panel or self.panel:
            self._intent("close")

    def _play_key(self, key: str) -> None:
        """A key of keyboard play (:mod:`.keys`): on your turn, with no dialog open."""
        t, ui = self.table, self.ui
        if self.busy or self.session.stale or ui.panel or self.panel or not t.human_turn:
            return
        tap = key_tap(key, t.seat_view(), ui.unknown_call, tuple(ui.selected))
        if tap is not None:
            (self._act if tap[0] == "act" else self._intent)(tap[1])

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
        self.out.append(Look((("four-colour", s.four_colour), ("reduced-motion", s.reduced_motion)),
                             (("--dur", f"{dur}ms"),)))

    def _saved(self) -> None:
        """Save after an action (another tab's newer save turns the game stale)."""
        self.session.save()

    # ------------------------------------------------------------- drawing
    def _draw(self, shown: ViewTrick | None = None, fresh: str = "", caption: str = "",
              keep: bool = True) -> None:
        """Draw the regions that changed, the page's marks on ``<body>`` and the title; keep
        the table's picture when it rests (``keep``); start the par of a finished Daily and
        the computer-move check of a result link."""
        self._take_notices()
        s, t, ui = self.session, self.table, self.ui
        stale = s.stale                   # paused: no decisions offered until Reload
        ui.offer_tutorial = s.first_visit
        ui.challenge = None if t.tutorial else s.friends.challenge(s.hash(), t.game.hand_number,
                                                                  t.game.is_over)
        html = render(t.view(), ui, shown, fresh, busy=ui.busy or stale,
                      caption="Paused: this game went on in another tab." if stale else caption)
        over = s.overlay(ui)
        if over is not None:
            html["panel"] = over[1]
        panel = html["panel"]
        kind = (over[0] if over else ui.panel or "summary") if panel else None
        if kind in GLOSSED_PANELS:
            self._gloss(panel)
        notices = notices_html(self.ui.notices, STALE_NOTICE if s.stale else None)
        shown_cls = " shown" if notices else ""
        if panel:                         # notices show above the dialog, never over it
            html["panel"] = _above(panel, notices)
        html["notice"] = notices
        regions = tuple((r, text) for r, text in html.items() if self.drawn.get(r) != text)
        self.drawn.update(regions)
        opened = kind is not None and kind != self.panel
        self.panel = kind
        v = t.seat_view()
        quiet = bool(ui.notices) and all(n in self.quiet for n in ui.notices)
        attrs: list[tuple[str, str, str | None]] = [
            ("#notice", "class", "notice" + shown_cls + (" quiet" if quiet else "")),
            ("#panel", "hidden", None if panel else ""),
        ]
        attrs += [(sel, "inert", "" if panel else None) for sel in BEHIND_PANEL]
        attrs += [("html", "data-table", None), ("#app", "aria-busy", None)]  # live, not a picture
        attrs += [(f"#seat-{seat}", "hidden", "" if seat >= v.players else None)
                  for seat in range(1, 5)]       # a three- or four-handed table has fewer
        marks = body_marks(t, v, panel=bool(panel), busy=ui.busy, stale=stale,
                           overlay=over[0] if over else "",
                           check="" if s.link is None else CHECK_MARKS[s.link.moves_checked])
        attrs += [("body", f"data-{k}", value) for k, value in marks.items()]
        title = page_title(t)
        self.out.append(Draw(regions, tuple(attrs), title))
        if keep and not ui.busy and not stale and shown is None and not caption:
            self._keep(tuple(attrs), title, _above(panel, "") if kind in PANELS_KEPT else None)
        if opened:
            self.out.append(Focus(("#panel h2",)))
        self._background()

    def _keep(self, attrs: tuple[tuple[str, str, str | None], ...], title: str,
              panel: str | None) -> None:
        """Keep the picture of the resting table (:mod:`.picture`) for the next visit, with
        ``panel`` (the dialog, without notices: they are said once) when it is kept."""
        s, t = self.session, self.table
        if s.link is not None or t.tutorial or not s.key:
            return
        look = s.settings
        classes = ("four-colour",) * look.four_colour + ("reduced-motion",) * look.reduced_motion
        text = picture_text(key=s.key, save=s.saved_text(), fragment=s.hash(),
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
            self.out.append(Spawn(lambda progress: s.work_out_par(day, progress)))
        job = s.game_review_job() if self.par and day is None else None
        if job is not None:
            self.out.append(Spawn(job))
        if s.friends.wanted():
            self.out.append(Spawn(s.friends.check_rows))
        link = s.link
        if link is not None and link is not self.checking and link.moves_checked is None:
            self.checking = link
            self.out.append(Spawn(lambda progress: s.check_moves(link, progress)))


def _above(panel: str, notices: str) -> str:
    """A dialog with the notice area above it (notices never cover a dialog)."""
    shown = " shown" if notices else ""
    return (f'<div class="panel-notices notice{shown}" id="panel-notices" role="status">'
            f'{notices}</div>{panel}')
