"""The page binding: the only Python that touches the browser (``pyscript`` / ``js``).

It keeps no game state of its own.  The games are :class:`sheepshead.ui.session.Session`
(which game is open, its save, the Daily's result and par, the result link on screen, the
question before leaving a New Game); the game in play is its
:class:`~sheepshead.ui.table.Table`.  This file draws them with
:func:`sheepshead.ui.render.render` and the dialogs of :mod:`sheepshead.ui.finish` and
:mod:`sheepshead.ui.viewer` (one HTML string per region, written only when it changed),
turns taps into ``table.act(...)`` and session calls, lets the computer players move one
action at a time, plays the animation queue of :func:`sheepshead.ui.animation.diff`, and
runs the par and the computer-move check of a result link in the background.

The browser's services are in ``static/browser.py``: storage is ``localStorage`` through
:class:`browser.LocalStorage`, which turns the browser's refusals
(``JsException``) into ``OSError`` for :mod:`sheepshead.ui.saves`; denied altogether, the
games live in memory and the page says so.  Another tab's ``storage`` event goes to
:meth:`Session.storage_event`.

Errors: anything unexpected is a bug and goes to :meth:`App.fail`, the page's one guard
(every event handler, the background tasks and the opening run through it): it logs the
traceback with ``console.error`` and shows a notice, so the page never dies silently.

``<body>`` carries ``data-ready="1"`` once the table is up, ``data-busy`` ("1" while an
animation runs), ``data-phase``, ``data-turn``, ``data-seq`` (actions so far),
``data-daily`` (the Daily's date), ``data-practice``, ``data-stale`` (another tab moved on),
``data-panel`` ("1": a dialog is open; the styles float notices above it), ``data-overlay``
(``results``, ``viewer``, ``guard``, ``confirm``) and ``data-check`` (a result link's
computer-move check: ``pending``, ``ok``, ``differ``), which the browser tests wait on.
"""

import asyncio
import traceback
from html import escape

from browser import is_none, local_now, open_storage, share
from pyscript import document, window
from pyscript.ffi import create_proxy

from sheepshead.errors import SheepsheadError
from sheepshead.rules import DEFAULT_RULES
from sheepshead.ui.animation import diff
from sheepshead.ui.helptext import hint_text
from sheepshead.ui.render import REGIONS, UiState, render, ui_intent
from sheepshead.ui.review import HandReview, run_review
from sheepshead.ui.saves import MemoryStorage
from sheepshead.ui.session import INTENTS, STALE_NOTICE, Session
from sheepshead.ui.settings import SPEEDS
from sheepshead.ui.table import Table
from sheepshead.ui.viewer import viewer_intent

BASE_MS = {"play": 420, "pause": 750, "collect": 420, "other": 550}
"""Animation pace at "normal" speed; the speed setting scales these."""
TICK_S = 10
"""How often an open dialog is drawn again (the countdown, the date)."""


class App:
    def __init__(self):
        self.els = {r: document.getElementById(r) for r in REGIONS}
        self.body = document.body
        storage = open_storage()
        self.session = Session(storage if storage is not None else MemoryStorage(), local_now)
        if storage is None:
            self.session.storage_refused()
        self.ui = UiState(today=local_now().date().isoformat())
        self.busy = False
        self.generation = 0
        self.drawn: dict[str, str] = {}
        self.panel_open: str | None = None
        self.credit = 0.0
        self.heard: list[str] = []
        """What was announced since your last action (the live region reads the latest)."""
        self.checking = None
        self.tapped = ""
        """The label of the button tapped last (to focus its twin after a redraw)."""
        self._proxies: list = []
        self.behind_panel = [document.querySelector(s) for s in
                             (".topbar", "#felt", "#status", "#actions", "#mine", "#hand")]

    @property
    def table(self) -> Table:
        t = self.session.table
        assert t is not None
        return t

    # ------------------------------------------------------------ notices
    def notice(self, text: str, quiet: bool = False):
        if text not in self.ui.notices:
            self.ui.notices.append(text)
        self.show_notices(quiet)

    def show_notices(self, quiet: bool = False):
        el = document.getElementById("notice")
        items = "".join(f"<p>{escape(t)}</p>" for t in self.ui.notices)
        if items:
            items += '<button type="button" class="btn small" data-ui="dismiss">OK</button>'
        if self.session.stale:
            text = STALE_NOTICE.removesuffix("Reload")
            items = (f'<p class="stale">{escape(text)}<button type="button" '
                     f'class="btn small primary" data-ui="reload">Reload</button></p>' + items)
        el.innerHTML = items
        el.className = "notice" + (" shown" if items else "") + (" quiet" if quiet else "")
        above = document.getElementById("panel-notices")   # a dialog is open: above it
        if not is_none(above):
            above.innerHTML = items
            above.className = "panel-notices notice" + (" shown" if items else "")

    def take_notices(self):
        for text in self.session.take_notices():
            self.notice(text, quiet=text.startswith("This browser is not keeping"))
        self.show_notices()

    def say(self, text: str):
        document.getElementById("announce").textContent = text

    # ------------------------------------------------------------- opening
    def start(self):
        self.session.start(str(window.location.hash))
        self.set_hash()
        self.take_notices()
        self.apply_settings()
        self.draw()
        self.bind()
        self.body.dataset.ready = "1"
        pending = self.body.getAttribute("data-pending-ui")   # tapped while Python started
        for button in document.querySelectorAll("header [aria-busy]"):
            button.removeAttribute("aria-busy")
        if not is_none(pending) and pending in ("menu", "scores"):
            self.body.removeAttribute("data-pending-ui")
            self.do_ui(str(pending))
        self.run_soon()
        self.spawn(self.tick())

    def change(self, what):
        """Run a session call that may open another game; then draw what holds."""
        before = self.session.table
        what()
        if self.session.table is not before:   # another game on the table
            self.generation += 1
            self.ui = UiState(today=self.ui.today, notices=self.ui.notices)
            self.heard = []
            self.busy = False
            self.run_soon()
        self.set_hash()
        self.take_notices()
        self.draw()

    def set_hash(self):
        if self.session.link is not None:
            return                         # the result link stays in the address
        want = self.session.hash()
        if window.location.hash != want:
            window.history.replaceState(None, "", want)

    def on_hash(self, _evt=None):
        if self.session.link is None and window.location.hash == self.session.hash():
            return
        self.change(lambda: self.session.go(str(window.location.hash)))

    # ------------------------------------------------------------- drawing
    def apply_settings(self):
        s = self.session.settings
        cls = self.body.classList
        cls.toggle("four-colour", s.four_colour)
        cls.toggle("reduced-motion", s.reduced_motion)
        factor = SPEEDS[s.speed]
        self.body.style.setProperty("--dur", f"{int(BASE_MS['play'] * factor)}ms")

    def draw(self, shown=None, fresh: str = "", caption: str = ""):
        stale = self.session.stale          # paused: no decisions offered until Reload
        self.ui.offer_tutorial = self.session.first_visit
        html = render(self.table.view(), self.ui, shown, fresh, busy=self.busy or stale,
                      caption="Paused: this game went on in another tab." if stale else caption)
        over = self.session.overlay(self.ui)
        if over is not None:
            html["panel"] = over[1]
        if html["panel"]:               # notices show above the dialog, never over it
            html["panel"] = ('<div class="panel-notices notice" id="panel-notices" '
                             'role="status"></div>' + html["panel"])
        focused = self.focus_key()
        for region, text in html.items():
            if self.drawn.get(region) != text:
                self.els[region].innerHTML = text
                self.drawn[region] = text
        panel = self.els["panel"]
        was_open = self.panel_open
        self.panel_open = html["panel"][:60] if html["panel"] else None
        panel.hidden = not html["panel"]
        self.body.dataset.panel = "1" if html["panel"] else "0"   # notices float above it
        for el in self.behind_panel:       # a modal panel: the table behind it is inert
            el.inert = bool(html["panel"])
        if html["panel"] and self.drawn.get("panel") == html["panel"]:
            self.show_notices()
        v = self.table.seat_view()
        for seat in range(1, 5):           # a three- or four-handed table has fewer seats
            self.els[f"seat-{seat}"].hidden = seat >= v.players
        t, s = self.table, self.session
        d = self.body.dataset
        d.players = str(v.players)
        d.busy = "1" if self.busy else "0"
        d.phase = "over" if v.is_over else v.phase.name.lower()
        d.turn = "" if v.to_act is None else ("you" if v.to_act == 0 else f"seat{v.to_act}")
        d.seq = str(t.action_count())
        d.hand = str(t.game.hand_number)
        d.redeal = str(t.game.redeal)
        d.daily = t.seed[6:] if t.seed.startswith("daily:") else ""
        d.practice = "1" if t.practice else "0"
        d.stale = "1" if s.stale else "0"
        d.overlay = over[0] if over else ""
        d.check = "" if s.link is None else {None: "pending", True: "ok", False: "differ"}[
            s.link.moves_checked]
        game = f"Daily {t.seed[6:]}" if t.seed.startswith("daily:") else "New Game"
        title = (f"Sheepshead · {game} · hand {t.game.hand_number} of 10" if not t.tutorial
                 else "Sheepshead · Practice hand")
        if document.title != title:
            document.title = title
        self.fix_focus(opened=self.panel_open is not None and self.panel_open != was_open,
                       key=focused)
        self.background()

    def background(self):
        """Start the par of a finished Daily and the computer-move check of a result link."""
        s = self.session
        day = s.par_wanted()
        if day is not None:
            self.spawn(s.work_out_par(day, self.redraw))
        if s.link is not None and s.link is not self.checking and s.link.moves_checked is None:
            self.checking = s.link
            self.spawn(s.check_moves(s.link, self.redraw))

    def redraw(self):
        if not self.busy:
            self.draw()

    def focus_key(self):
        """A selector for the focused control, to focus its redrawn twin afterwards."""
        active = document.activeElement
        if is_none(active) or active == self.body or not hasattr(active, "getAttribute"):
            return None
        for attr in ("data-card", "data-act", "data-ui", "data-setting", "data-option"):
            value = active.getAttribute(attr)
            if not is_none(value):
                return f'[{attr}="{value}"]'
        return None

    def fix_focus(self, opened: bool, key=None):
        """Keep keyboard focus on the table when the focused button was redrawn away."""
        if opened:
            h = document.querySelector("#panel h2")
            if not is_none(h):
                h.focus()
            return
        active = document.activeElement
        if not is_none(active) and active != self.body and self.body.contains(active):
            return
        if key:
            for where in ("#panel", "#hand", "#actions", "#mine", "header"):
                el = document.querySelector(f"{where} :is(button{key}:not([disabled]), "
                                            f"select{key}, input{key})")
                if not is_none(el):
                    el.focus()
                    return
        if self.busy:
            return
        for sel in ("#panel button:not([disabled])", "#actions button.primary:not([disabled])",
                    "#hand :is(button.legal, button.selectable)",
                    "#actions button:not([disabled])", "#hand button:not([disabled])"):
            el = document.querySelector(sel)
            if not is_none(el):
                el.focus()
                return

    # ----------------------------------------------------------- animation
    def ms(self, key: str) -> float:
        return BASE_MS[key] * SPEEDS[self.session.settings.speed] / 1000

    async def pause(self, key: str):
        """Wait out one step of the animation; time a computer player spent thinking
        counts towards it, so the pace is the speed setting's, not the thinking's."""
        wait = max(0.0, self.ms(key) - self.credit)
        self.credit = 0.0
        await asyncio.sleep(wait)

    def motion(self) -> bool:
        if self.session.settings.reduced_motion:
            return False
        return not window.matchMedia("(prefers-reduced-motion: reduce)").matches

    async def animate(self, moves, generation: int):
        motion = self.motion()
        for m in moves:
            if generation != self.generation:
                return
            self.heard.append(m.text)
            self.say(" ".join(self.heard[-6:]))
            if m.kind == "play":
                self.draw(shown=m.trick, fresh=f"enter-{m.seat}" if motion else "",
                          caption=m.text)
                await self.pause("play")
            elif m.kind == "trick":
                self.draw(shown=m.trick, caption=m.text)
                await self.pause("pause")
                if motion and self.ms("collect") > 0:
                    self.draw(shown=m.trick, fresh=f"collect-{m.seat}", caption=m.text)
                    await self.pause("collect")
            else:
                self.draw(caption=m.text)
                await self.pause("other")

    def set_busy(self, busy: bool):
        self.busy = busy
        self.body.dataset.busy = "1" if busy else "0"

    def run_soon(self, moves=()):
        self.set_busy(True)
        self.spawn(self.run(list(moves), self.generation))

    def spawn(self, coroutine):
        """Run ``coroutine`` soon; an error it raises goes to :meth:`fail`."""
        asyncio.ensure_future(coroutine).add_done_callback(self._task_done)

    def _task_done(self, task):
        if not task.cancelled() and task.exception() is not None:
            self.fail(task.exception())

    async def run(self, moves, generation: int):
        """Play the queued moves, then let the computer players act until it is your turn
        (never in a game another tab moved on).  An error (a computer player's included)
        is raised to :meth:`fail`, after the table is drawn again as it stands."""
        try:
            await self.animate(moves, generation)
            while generation == self.generation and not self.session.stale:
                auto = self.auto_card()
                if auto is not None:      # auto-play: your only legal card, after a beat
                    await self.pause("other")
                    if generation != self.generation or self.table.forced_play() != auto:
                        break
                    before = self.table.seat_view()
                    self.table.act(auto)
                    self.ui.reset_turn()
                    self.saved()
                    await self.animate(diff(before, self.table.seat_view()), generation)
                    continue
                if not self.table.computer_turn:
                    break
                self.draw()               # "Gus to play…" shows while Gus thinks
                await asyncio.sleep(0.03 if SPEEDS[self.session.settings.speed] else 0)
                if generation != self.generation or self.session.stale:
                    break
                before = self.table.seat_view()
                started = window.performance.now()
                self.table.step()
                self.credit = (window.performance.now() - started) / 1000
                self.saved()
                await self.animate(diff(before, self.table.seat_view()), generation)
        finally:
            if generation == self.generation:
                self.busy = False
                self.ui.reset_turn()
                view = self.table.view()
                if view.summary is not None:
                    self.heard.append(f"Hand over. {view.summary.outcome}")
                elif self.table.human_turn:
                    self.heard.append("Your turn.")
                if self.heard:
                    self.say(" ".join(self.heard[-6:]))
                self.draw()

    def auto_card(self):
        """Your only legal card when the auto-play setting is on (and no dialog is open)."""
        if not self.session.settings.auto_play or self.ui.panel is not None:
            return None
        return self.table.forced_play()

    def saved(self):
        """Save after an action; say so when another tab moved the game on."""
        self.session.save()
        self.take_notices()

    # -------------------------------------------------------------- events
    def fail(self, error: BaseException):
        """An unexpected error (a bug): its traceback to the console, a notice on the page."""
        trace = "".join(traceback.format_exception(error))
        window.console.error(f"sheepshead: {trace}")
        self.set_busy(False)
        self.notice(f"Something went wrong ({type(error).__name__}: {error}). "
                    f"Your game is saved: reload to go on.")

    def guarded(self, handler):
        """``handler`` run under the page's one guard: any error goes to :meth:`fail`, so
        the page never dies silently."""
        def run(evt=None):
            try:
                handler(evt)
            except Exception as e:  # noqa: BLE001 - the page's one guard: logged and shown
                self.fail(e)
        return run

    def bind(self):
        for target, name, handler in (
                (document, "click", self.on_click), (document, "change", self.on_change),
                (document, "keydown", self.on_key), (window, "hashchange", self.on_hash),
                (window, "storage", self.on_storage)):
            proxy = create_proxy(self.guarded(handler))
            self._proxies.append(proxy)
            target.addEventListener(name, proxy)

    def on_storage(self, evt):
        key, new = evt.key, evt.newValue
        if self.session.storage_event(None if is_none(key) else str(key),
                                      None if is_none(new) else str(new)):
            self.show_notices()
            self.draw()

    def on_click(self, evt):
        target = evt.target
        if is_none(target) or not hasattr(target, "closest"):
            return
        el = target.closest("[data-act],[data-ui]")
        if is_none(el) or el.disabled is True:
            return
        act = el.getAttribute("data-act")
        intent = el.getAttribute("data-ui")
        self.tapped = str(el.textContent)
        if not is_none(act):
            self.do_act(str(act))
        elif not is_none(intent):
            self.do_ui(str(intent))

    def do_act(self, text: str):
        if self.busy or self.session.stale:
            return                        # taps during an animation never act
        before = self.table.seat_view()
        if self.table.act(text) is None:
            return                        # out of turn or illegal (a double tap): nothing
        self.ui.reset_turn()
        if self.session.first_visit:      # playing on: the offer steps aside (it is in the menu)
            self.session.tutorial_offered()
        self.heard = []
        self.saved()
        self.run_soon(diff(before, self.table.seat_view()))

    def do_ui(self, intent: str):
        s = self.session
        if intent == "next":
            if self.busy or s.stale or not self.table.next_hand():
                return
            self.ui.panel = None
            self.ui.reset_turn()
            self.saved()
            self.draw()
            self.run_soon()
        elif intent in ("hint", "undo", "claim", "hand-review"):
            self.help(intent)
        elif intent in INTENTS:                # a game opened, a dialog answered or closed
            if intent in ("daily", "new", "tutorial", "tutorial-no"):
                self.ui.panel = None
            self.change(lambda: s.intent(intent))
        elif intent == "options-default":
            s.settings.set("rules", DEFAULT_RULES)
            s.save_settings()
            self.draw()
        elif intent == "share":
            self.spawn(share(s.share_line(str(window.location.href)), self.notice))
        elif intent == "share-result":
            line = s.share_result_line(str(window.location.href))
            if line is not None:
                self.spawn(share(line, self.notice))
        elif intent == "dismiss":
            self.ui.notices.clear()
            self.show_notices()
        elif intent.startswith("viewer-"):
            if s.link is not None and viewer_intent(s.link.state, intent):
                self.draw()
                self.focus_after_viewer(intent)
        else:
            if intent == "menu":
                self.ui.stats = s.stats_lines()
            if ui_intent(self.table, self.ui, intent):
                self.draw()
                if intent.startswith("illegal:") and self.ui.refusal:
                    self.say(self.ui.refusal)

    def help(self, intent: str):
        """Help at the table: a hint, undo, claim the rest, the review of a finished hand."""
        t = self.table
        if intent == "hand-review":
            if not t.hand.is_over or t.hand.thrown_in:
                return
            review = self.ui.hand_review
            if review is None or review.hand_number != t.game.hand_number:
                review = self.ui.hand_review = HandReview(t.game.hand_number)
                self.spawn(run_review(review, t.hand, 0, t.review_seeds(), self.redraw))
            self.ui.panel = "hand-review"
            self.draw()
            return
        if self.busy or self.session.stale:
            return                        # taps during an animation never act
        if intent == "hint":
            advice = t.hint()
            if advice is None:
                return
            self.ui.hint = hint_text(advice)
            self.saved()                  # the game now counts as played with hints
            self.draw()
            self.say(self.ui.hint)
        elif intent == "undo":
            if t.undo():
                self.ui.reset_turn()
                self.heard = ["Your last decision is taken back."]
                self.say(self.heard[0])
                self.saved()
                self.draw()
        elif intent == "claim":
            before = t.seat_view()
            if t.claim():
                self.ui.reset_turn()
                self.heard = ["You claim the rest."]
                self.saved()
                self.run_soon(diff(before, t.seat_view()))

    def focus_after_viewer(self, intent: str):
        """Focus where the viewer moved: the hand's heading, the list's, or the trick button
        of the same name (Next trick stays on Next trick while there is one)."""
        name = intent.partition(":")[0]
        nav = list(document.querySelectorAll("#panel .viewer-nav button:not([disabled])"))
        same = [el for el in nav if el.textContent == self.tapped]
        if name == "viewer-trick" and (same or nav):
            (same or nav)[0].focus()
            return
        target = {"viewer-hand": "#viewer-hand-title", "viewer-hands": "#viewer-hands-title",
                  "viewer-reveal": "#viewer-title"}.get(name)
        el = document.querySelector(target) if target else None
        if el is not None and not is_none(el):
            el.focus()

    def on_change(self, evt):
        el = evt.target
        if is_none(el) or not hasattr(el, "getAttribute"):
            return
        settings = self.session.settings
        option = el.getAttribute("data-option")
        key = el.getAttribute("data-setting")
        if is_none(option) and is_none(key):
            return
        value = bool(el.checked) if el.type == "checkbox" else str(el.value)
        try:
            if not is_none(option):         # a table option: kept for the next New Game
                settings.set_option(str(option), value)
            else:
                settings.set(str(key), value)
        except SheepsheadError as e:      # the rules refuse it, or not a value of it
            self.refuse(e)
            return
        self.session.save_settings()
        self.take_notices()
        self.apply_settings()
        if str(key) == "name" and settings.name != value:
            self.drawn.pop("panel", None)     # show the name as it is kept
        self.draw()

    def refuse(self, error: SheepsheadError):
        """A control asked for a value the settings refuse: say why, and draw the panel
        again so that the control shows the value that holds."""
        self.notice(f"That choice cannot be made: {error}.", quiet=True)
        self.drawn.pop("panel", None)
        self.draw()

    def on_key(self, evt):
        if evt.key != "Escape":
            return
        if self.session.question is not None:
            self.do_ui("confirm-no")
        elif self.session.link is not None:
            self.do_ui("viewer-close")
        elif self.ui.panel or self.panel_open:
            self.do_ui("close")

    async def tick(self):
        """Draw an open dialog again now and then: the countdown counts down."""
        while True:
            await asyncio.sleep(TICK_S)
            self.ui.today = local_now().date().isoformat()
            if self.panel_open is not None and not self.busy:
                self.draw()

app = App()
app.guarded(lambda _evt: app.start())()
