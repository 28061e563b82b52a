"""The page controller: events in, effects out.

Pure Python (no ``js``, no ``pyscript``), in the manner of chessground: the page binding
(``static/main.py``) turns what the browser reports (a tap, a control changed, Escape, a
timer, another tab's ``storage`` event, a hash change, a background step) into an
:data:`Event` for :meth:`Controller.handle`, and carries out the :data:`Effect` values it gets
back (draw, wait and send, announce, focus, start a background job, share, set the hash).
Nothing here waits: the computer players' turns (thought out a slice at a time), auto-play
and the animation queue are a state machine driven by :class:`Wait` / :class:`Timer`, and a
new game bumps :attr:`Controller.generation` so that the old one's timers are ignored.

State lives in three places: the games in :class:`~sheepshead.ui.session.Session` (which
saves through the :class:`~sheepshead.ui.saves.Storage` it is given), what only the interface
remembers in one :class:`~sheepshead.ui.render.UiState` (its notices are the page's one
notices list), and the animation loop's bookkeeping here.
"""
from __future__ import annotations

import datetime as _dt
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from ..actions import Action
from ..errors import SheepsheadError
from ..rules import DEFAULT_RULES
from ..view import ViewTrick
from .animation import Move, diff
from .events import (
    Announce,
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
    Wait,
)
from .helptext import hint_text
from .picture import PANELS_KEPT, picture_text
from .render import UiState, render, ui_intent
from .saves import MemoryStorage, Storage
from .session import STALE_NOTICE, LinkView, Session
from .settings import SPEEDS
from .table import Table

__all__ = ["Controller", "BASE_MS", "TICK_S"]

BASE_MS = {"play": 420, "pause": 750, "collect": 420, "other": 550}
"""Animation pace at "normal" speed; the speed setting scales these."""
TICK_S = 10
"""How often the binding sends :class:`Tick` (an open dialog's countdown, the date)."""
THINK_S = THINK_SLICE_S = 0.03
"""The beat before a computer player acts, so "Gus to play…" is on screen while it thinks;
and how long it thinks at a time before the page gets the main thread back."""
BEHIND_PANEL = ("header.topbar", "#felt", "#status", "#actions", "#mine", "#hand")
"""What a modal dialog makes inert."""
STORAGE_QUIET = "This browser is not keeping"
YOUR_TURN = ("#actions button.primary:not([disabled])", "#hand :is(button.legal, button.selectable)",
             "#actions button:not([disabled])")
"""Where the focus goes when your turn comes and the button you used is gone."""
HELP = ("hint", "undo", "claim", "hand-review")
"""Help at the table (``data-ui``)."""
INTERFACE = ("select", "unknown", "illegal", "cancel", "review", "menu", "options", "scores",
             "summary", "results", "rules", "close")
"""The ``data-ui`` names that change only what the interface remembers (:func:`ui_intent`)."""


@dataclass(frozen=True)
class _Step:
    """One frame of the animation queue: what to say, what to show, how long to hold it."""

    say: str | None
    shown: ViewTrick | None
    fresh: str
    caption: str
    pause: str


# -------------------------------------------------------------- controller
class Controller:
    """One tab's page.  ``storage`` None: the browser denies storage (games kept in memory,
    the page says so); ``now`` the local date and time; ``clock`` seconds (the computer
    players' thinking counts towards the animation's pace); ``motion`` whether the browser
    allows motion (asked when an animation starts); ``href`` the page's address (to share)."""

    def __init__(self, storage: Storage | None, now: Callable[[], _dt.datetime], *,
                 clock: Callable[[], float] = time.monotonic,
                 motion: Callable[[], bool] = lambda: True, href: Callable[[], str] = str,
                 tab: str | None = None) -> None:
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
        self.queue: deque[_Step] = deque()
        self.stage: str | None = None
        """``auto`` (auto-play's beat) or ``think`` (a computer player's) while it waits."""
        self.auto: Action | None = None
        self.credit = self.thought = 0.0
        self.drawn: dict[str, str] = {}
        self.kept = ""                    # the table's picture as last kept (_keep)
        self.panel: str | None = None
        """The kind of dialog on screen (to focus a dialog's heading when one opens)."""
        self.checking: LinkView | None = None
        self.out: list[Effect] = []

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
            if not self.busy:
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
            elif kind == "ui":
                self._intent(name)

    # ------------------------------------------------------------ notices
    def _notice(self, text: str, quiet: bool = False) -> None:
        if text not in self.ui.notices:
            self.ui.notices.append(text)
        if quiet:
            self.quiet.add(text)

    def _take_notices(self) -> None:
        self.session.collect_notices()
        self.quiet.update(t for t in self.ui.notices if t.startswith(STORAGE_QUIET))

    def _notices_html(self) -> str:
        items = "".join(f"<p>{escape(t)}</p>" for t in self.ui.notices)
        if items:
            items += '<button type="button" class="btn small" data-ui="dismiss">OK</button>'
        if self.session.stale:
            text = STALE_NOTICE.removesuffix("Reload")
            items = (f'<p class="stale">{escape(text)}<button type="button" '
                     f'class="btn small primary" data-ui="reload">Reload</button></p>' + items)
        return items

    # -------------------------------------------------------------- taps
    def _act(self, text: str) -> None:
        if self.busy or self.session.stale:
            return                        # taps during an animation never act
        before = self.table.seat_view()
        if self.table.act(text) is None:
            return                        # out of turn or illegal (a double tap): nothing
        self.ui.reset_turn()
        if self.session.first_visit:      # playing on: the offer steps aside (it is in the menu)
            self.session.tutorial_offered()
        self.ui.heard = []
        self._saved()
        self._run(diff(before, self.table.seat_view()))

    def _intent(self, intent: str) -> None:
        """Every ``data-ui`` button, routed by its name (the part before any ``:``): the one
        place a tap is routed."""
        s = self.session
        games: dict[str, Callable[[], object]] = {     # a game opened, a dialog answered
            "daily": lambda: s.open_daily(s.today), "new": s.new_game,
            "confirm-yes": lambda: s.answer(True), "confirm-no": lambda: s.answer(False),
            "practice": s.practice, "reload": s.reload, "viewer-close": s.close_link,
            "viewer-play": s.play_link, "tutorial": s.tutorial, "tutorial-no": s.tutorial_offered}
        name = intent.partition(":")[0]
        if name in games:
            if name in ("daily", "new", "tutorial", "tutorial-no"):
                self.ui.panel = None
            self._switch(games[name])
        elif name in HELP:
            self._help(name)
        elif name in INTERFACE:
            self._interface(intent)
        elif name.startswith("viewer-"):
            from .viewer import viewer_intent  # loaded with the first link
            if s.link is not None and viewer_intent(s.link.state, intent):
                self._draw()
                self._focus_viewer(intent)
        elif name == "next":
            self._next()
        elif name == "options-default":
            s.settings.set("rules", DEFAULT_RULES)
            s.save_settings()
            self._draw()
        elif name in ("share", "share-result"):
            line = s.share_line(self.href()) if name == "share" else \
                s.share_result_line(self.href())
            if line is not None:
                self.out.append(Share(line))
        elif name == "dismiss":
            self.ui.notices.clear()
            self.quiet.clear()
            self._draw()

    def _interface(self, intent: str) -> None:
        """What only the interface changes: a card chosen, a panel opened (ui_intent)."""
        ui = self.ui
        if intent == "menu":
            ui.stats = self.session.stats_lines()
        if ui_intent(self.table, ui, intent):
            self._draw()
            if intent.startswith("illegal:") and ui.refusal:
                self.out.append(Announce(ui.refusal))

    def _next(self) -> None:
        if self.busy or self.session.stale or not self.table.next_hand():
            return
        self.ui.panel = None
        self.ui.reset_turn()
        self._saved()
        self._draw()
        self._run([])

    def _help(self, intent: str) -> None:
        """Help at the table: a hint, undo, claim the rest, the review of a finished hand."""
        t, ui = self.table, self.ui
        if intent == "hand-review":
            if not t.hand.is_over or t.hand.thrown_in:
                return
            review = ui.hand_review
            if review is None or review.hand_number != t.game.hand_number:
                from .review import HandReview, run_review  # loaded when first used
                review = ui.hand_review = HandReview(t.game.hand_number)
                hand, seeds = t.hand, t.review_seeds()
                self.out.append(Spawn(lambda progress: run_review(review, hand, 0, seeds,
                                                                  progress)))
            ui.panel = "hand-review"
            self._draw()
            return
        if self.busy or self.session.stale:
            return                        # taps during an animation never act
        if intent == "hint":
            advice = t.hint()
            if advice is None:
                return
            ui.hint = hint_text(advice)
            self._saved()                 # the game now counts as played with hints
            self._draw()
            self.out.append(Announce(ui.hint))
        elif intent == "undo":
            if t.undo():
                ui.reset_turn()
                ui.heard = ["Your last decision is taken back."]
                self.out.append(Announce(ui.heard[0]))
                self._saved()
                self._draw()
        elif intent == "claim":
            before = t.seat_view()
            if t.claim():
                ui.reset_turn()
                ui.heard = ["You claim the rest."]
                self._saved()
                self._run(diff(before, t.seat_view()))

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
        if key != "Escape":
            return
        if self.session.question is not None:
            self._intent("confirm-no")
        elif self.session.link is not None:
            self._intent("viewer-close")
        elif self.ui.panel or self.panel:
            self._intent("close")

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
        if self.session.table is not before:   # another game on the table
            self.generation += 1              # the old game's timers are void
            self.ui.new_table()
            self._set_hash()
            self._draw()
            self._run([])
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

    # ---------------------------------------------- the computer players' turns
    def _run(self, moves: list[Move]) -> None:
        """Play the animation of ``moves``, then let the computer players act (and auto-play
        your only card) until it is your turn, a :class:`Wait` at a time."""
        self.ui.busy = True
        self.stage = None
        self.queue.clear()
        self._queue(moves)
        self._advance()

    def _queue(self, moves: list[Move]) -> None:
        motion = self._motion()
        for m in moves:
            if m.kind == "play":
                self.queue.append(_Step(m.text, m.trick, f"enter-{m.seat}" if motion else "",
                                        m.text, "play"))
            elif m.kind == "trick":
                self.queue.append(_Step(m.text, m.trick, "", m.text, "pause"))
                if motion and self._seconds("collect") > 0:
                    self.queue.append(_Step(None, m.trick, f"collect-{m.seat}", m.text,
                                            "collect"))
            else:
                self.queue.append(_Step(m.text, None, "", m.text, "other"))

    def _motion(self) -> bool:
        return not self.session.settings.reduced_motion and self.motion()

    def _seconds(self, key: str) -> float:
        return BASE_MS[key] * SPEEDS[self.session.settings.speed] / 1000

    def _wait(self, seconds: float) -> None:
        self.out.append(Wait(seconds, Timer(self.generation)))

    def _pause(self, key: str) -> None:
        """Wait out one step; time a computer player spent thinking counts towards it, so
        the pace is the speed setting's, not the thinking's."""
        wait = max(0.0, self._seconds(key) - self.credit)
        self.credit = 0.0
        self._wait(wait)

    def _advance(self) -> None:
        ui, t = self.ui, self.table
        while True:
            if self.queue:
                step = self.queue.popleft()
                if step.say is not None:
                    ui.heard.append(step.say)
                    self.out.append(Announce(" ".join(ui.heard[-6:])))
                self._draw(step.shown, step.fresh, step.caption)
                self._pause(step.pause)
                return
            if self.session.stale:
                break
            stage, self.stage = self.stage, None
            if stage == "auto":           # auto-play: your only legal card, after a beat
                if self.auto is None or t.forced_play() != self.auto:
                    break
                before = t.seat_view()
                t.act(self.auto)
                ui.reset_turn()
                self._saved()
                self._queue(diff(before, t.seat_view()))
                continue
            if stage == "think":          # a slice at a time: paints and taps go on between
                started = self.clock()
                done = t.think(self.clock, started + THINK_SLICE_S)
                self.thought += self.clock() - started
                if not done:
                    self.stage = "think"
                    self._wait(0)
                    return
                before = t.seat_view()
                t.step()
                self.credit, self.thought = self.thought, 0.0
                self._saved()
                self._queue(diff(before, t.seat_view()))
                continue
            auto = self._auto_card()
            if auto is not None:
                self.stage, self.auto = "auto", auto
                self._pause("other")
                return
            if not t.computer_turn:
                break
            self._draw()                  # "Gus to play…" shows while Gus thinks
            self.stage = "think"
            self._wait(THINK_S if SPEEDS[self.session.settings.speed] else 0)
            return
        self._finish()

    def _auto_card(self) -> Action | None:
        """Your only legal card when the auto-play setting is on (and no dialog is open)."""
        if not self.session.settings.auto_play or self.ui.panel is not None:
            return None
        return self.table.forced_play()

    def _finish(self) -> None:
        ui = self.ui
        ui.busy = False
        ui.reset_turn()
        view = self.table.view()
        if view.summary is not None:
            ui.heard.append(f"Hand over. {view.summary.outcome}")
        elif self.table.human_turn:
            ui.heard.append("Your turn.")
        if ui.heard:
            self.out.append(Announce(" ".join(ui.heard[-6:])))
        self._draw()
        if self.table.human_turn:         # for the keyboard: your decision, if the focus was lost
            self.out.append(Focus(YOUR_TURN, if_lost=True))

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
        html = render(t.view(), ui, shown, fresh, busy=ui.busy or stale,
                      caption="Paused: this game went on in another tab." if stale else caption)
        over = s.overlay(ui)
        if over is not None:
            html["panel"] = over[1]
        notices = self._notices_html()
        shown_cls = " shown" if notices else ""
        panel = html["panel"]
        if panel:                         # notices show above the dialog, never over it
            html["panel"] = (f'<div class="panel-notices notice{shown_cls}" id="panel-notices" '
                             f'role="status">{notices}</div>{panel}')
        html["notice"] = notices
        regions = tuple((r, text) for r, text in html.items() if self.drawn.get(r) != text)
        self.drawn.update(regions)
        kind = (over[0] if over else ui.panel or "summary") if panel else None
        opened = kind is not None and kind != self.panel
        self.panel = kind
        v = t.seat_view()
        quiet = bool(ui.notices) and all(n in self.quiet for n in ui.notices)
        attrs: list[tuple[str, str, str | None]] = [
            ("#notice", "class", "notice" + shown_cls + (" quiet" if quiet else "")),
            ("#panel", "hidden", None if panel else ""),
        ]
        attrs += [(sel, "inert", "" if panel else None) for sel in BEHIND_PANEL]
        attrs += [(f"#seat-{seat}", "hidden", "" if seat >= v.players else None)
                  for seat in range(1, 5)]       # a three- or four-handed table has fewer
        daily = t.seed[6:] if t.seed.startswith("daily:") else ""
        marks = {
            "panel": "1" if panel else "0", "players": str(v.players),
            "busy": "1" if ui.busy else "0",
            "phase": "over" if v.is_over else v.phase.name.lower(),
            "turn": "" if v.to_act is None else ("you" if v.to_act == 0 else f"seat{v.to_act}"),
            "seq": str(t.action_count()), "hand": str(t.game.hand_number),
            "redeal": str(t.game.redeal), "daily": daily, "practice": "1" if t.practice else "0",
            "stale": "1" if stale else "0", "overlay": over[0] if over else "",
            "check": "" if s.link is None else
            {None: "pending", True: "ok", False: "differ"}[s.link.moves_checked],
        }
        attrs += [("body", f"data-{k}", value) for k, value in marks.items()]
        game = f"Daily {daily}" if daily else "New Game"
        title = (f"Sheepshead · {game} · hand {t.game.hand_number} of 10" if not t.tutorial
                 else "Sheepshead · Practice hand")
        self.out.append(Draw(regions, tuple(attrs), title))
        if keep and not ui.busy and not stale and shown is None and not caption:
            self._keep(tuple(attrs), title, kind in PANELS_KEPT)
        if opened:
            self.out.append(Focus(("#panel h2",)))
        self._background()

    def _keep(self, attrs: tuple[tuple[str, str, str | None], ...], title: str, panel: bool) -> None:
        """Keep the picture of the resting table (:mod:`.picture`) for the next visit."""
        s, t = self.session, self.table
        if s.link is not None or t.tutorial or not s.key:
            return
        look = s.settings
        classes = ("four-colour",) * look.four_colour + ("reduced-motion",) * look.reduced_motion
        text = picture_text(key=s.key, save=s.saved_text(), fragment=s.hash(),
                            regions=self.drawn, attrs=attrs, classes=classes, title=title,
                            panel=panel, rest=s.rest())
        if text != self.kept:
            self.kept = text
            s.keep_picture(text)

    def _background(self) -> None:
        """Start the par of a finished Daily and the computer-move check of a result link."""
        s = self.session
        day = s.par_wanted()
        if day is not None:
            self.out.append(Spawn(lambda progress: s.work_out_par(day, progress)))
        link = s.link
        if link is not None and link is not self.checking and link.moves_checked is None:
            self.checking = link
            self.out.append(Spawn(lambda progress: s.check_moves(link, progress)))
