"""The page binding: the only Python that touches the browser (``pyscript`` / ``js``).

It keeps no game state of its own.  The model is :class:`sheepshead.ui.table.Table`;
this file draws it with :func:`sheepshead.ui.render.render` (one HTML string per
region, written only when it changed), turns taps into ``table.act(...)``, lets the
computer players move one action at a time, and plays the animation queue that
:func:`sheepshead.ui.animation.diff` computes from the view before and after each action.
It saves the game to ``localStorage`` after every action.

Errors: the browser may refuse storage (denied or full: a ``JsException``), which is
caught where storage is touched and said once in a notice.  Anything else is a bug and
goes to :meth:`App.fail`, the page's one guard (every event handler, the computer
players' loop and the opening run through it): it logs the traceback with
``console.error`` and shows a notice, so the page never dies silently.

``<body>`` carries ``data-ready="1"`` once the table is up, ``data-busy`` ("1" while
an animation runs), ``data-phase``, ``data-turn`` and ``data-seq`` (actions so far),
which the browser tests wait on.
"""

import asyncio
import traceback

from pyodide.ffi import JsException
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from sheepshead.deals import daily_seed, new_game_seed
from sheepshead.errors import SheepsheadError
from sheepshead.rules import DEFAULT_RULES
from sheepshead.ui.animation import diff
from sheepshead.ui.links import hash_of, parse_link
from sheepshead.ui.render import REGIONS, UiState, render, ui_intent
from sheepshead.ui.settings import SPEEDS, Settings
from sheepshead.ui.table import Table
from sheepshead.ui.wording import share_line

SAVE_KEY = "sheepshead.save"
SET_ASIDE_PREFIX = "sheepshead.save.set-aside."
PREVIOUS_KEY = "sheepshead.save.previous"
BASE_MS = {"play": 420, "pause": 750, "collect": 420, "other": 550}
"""Animation pace at "normal" speed; the speed setting scales these."""


def today_iso() -> str:
    d = window.Date.new()
    return f"{d.getFullYear():04d}-{d.getMonth() + 1:02d}-{d.getDate():02d}"


class App:
    def __init__(self):
        self.els = {r: document.getElementById(r) for r in REGIONS}
        self.body = document.body
        self.ui = UiState(today=today_iso())
        self.table: Table | None = None
        self.busy = False
        self.generation = 0
        self.drawn: dict[str, str] = {}
        self.storage = self._storage()
        self.storage_warned = False
        self.panel_open = None
        self.credit = 0.0
        self.heard: list[str] = []
        """What was announced since your last action (the live region reads the latest)."""
        self._proxies = []
        self.behind_panel = [document.querySelector(s) for s in
                             (".topbar", "#felt", "#status", "#actions", "#mine", "#hand")]

    # ------------------------------------------------------------- storage
    def _storage(self):
        """``localStorage``, or None when the browser denies it."""
        try:
            s = window.localStorage
            if _none(s):
                return None
            s.getItem(SAVE_KEY)
            return s
        except JsException:               # denied (SecurityError)
            return None

    def storage_notice(self):
        if not self.storage_warned:
            self.storage_warned = True
            self.notice("This browser is not keeping the game (storage is blocked or full). "
                        "You can still play; it just won't survive a reload.", quiet=True)

    def store(self, key: str, text: str) -> bool:
        """Keep ``text`` under ``key``; False (and the storage notice, once) when the
        browser refuses."""
        if self.storage is None:
            self.storage_notice()
            return False
        try:
            self.storage.setItem(key, text)
            return True
        except JsException:               # full (QuotaExceededError) or denied
            self.storage_notice()
            return False

    def save(self):
        self.store(SAVE_KEY, self.table.save())

    def read_saved(self) -> Table | None:
        if self.storage is None:
            self.storage_notice()
            return None
        try:
            text = self.storage.getItem(SAVE_KEY)
        except JsException:               # denied since the page opened
            return None
        if _none(text):
            return None
        try:
            return Table.load(str(text))
        except SheepsheadError as e:      # corrupted or foreign: set it aside, never crash
            key = f"{SET_ASIDE_PREFIX}{int(window.Date.now())}"
            try:
                self.storage.setItem(key, text)
                self.storage.removeItem(SAVE_KEY)
                kept = f" It is kept in this browser's storage as “{key}”."
            except JsException:           # full or denied: the bad save stays where it is
                kept = ""
            self.notice(f"The saved game could not be read ({e}), so a fresh game has "
                        f"started.{kept}")
            return None

    # ------------------------------------------------------------ notices
    def notice(self, text: str, quiet: bool = False):
        self.ui.notices.append(text)
        el = document.getElementById("notice")
        items = "".join(f"<p>{_esc(t)}</p>" for t in self.ui.notices)
        el.innerHTML = (f'{items}<button type="button" class="btn small" data-ui="dismiss">'
                        f'OK</button>')
        el.className = "notice shown" + (" quiet" if quiet else "")

    def clear_notices(self):
        self.ui.notices.clear()
        el = document.getElementById("notice")
        el.innerHTML = ""
        el.className = "notice"

    def say(self, text: str):
        document.getElementById("announce").textContent = text

    # ------------------------------------------------------------- opening
    def start(self):
        seed, rules, message = parse_link(window.location.hash, _date(self.ui.today))
        saved = self.read_saved()
        settings = saved.settings if saved else Settings()
        if seed is None:
            self.table = saved or Table(daily_seed(_date(self.ui.today)), settings)
        elif saved is not None and saved.seed == seed and saved.rules == rules:
            self.table = saved
        else:
            if saved is not None:         # the game left behind is kept, not lost
                self.store(PREVIOUS_KEY, saved.save())
            self.table = Table(seed, settings, rules)
        if message:
            self.notice(message)
        self.set_hash()
        self.save()
        self.apply_settings()
        self.draw()
        self.bind()
        self.body.dataset.ready = "1"
        self.run_soon()

    def set_hash(self):
        want = hash_of(self.table.seed, self.table.rules)
        if window.location.hash != want:
            window.history.replaceState(None, "", want)

    def open_game(self, seed: str, rules=DEFAULT_RULES):
        """Open game ``seed`` with the table options ``rules`` (the Daily: the default)."""
        self.ui.panel = None
        if self.table.seed == seed and self.table.rules == rules:
            self.draw()
            return
        self.generation += 1
        if self.table.action_count():     # the game left behind is kept, not lost
            self.store(PREVIOUS_KEY, self.table.save())
        self.table = Table(seed, self.table.settings, rules)
        self.ui = UiState(today=self.ui.today, notices=self.ui.notices)
        self.busy = False
        self.set_hash()
        self.save()
        self.draw()
        self.run_soon()

    def on_hash(self, _evt=None):
        seed, rules, message = parse_link(window.location.hash, _date(self.ui.today))
        if message:
            self.notice(message)
        if message or (seed is not None and (seed != self.table.seed
                                             or rules != self.table.rules)):
            self.open_game(seed, rules)

    # ------------------------------------------------------------- drawing
    def apply_settings(self):
        s = self.table.settings
        cls = self.body.classList
        cls.toggle("four-colour", s.four_colour)
        cls.toggle("reduced-motion", s.reduced_motion)
        factor = SPEEDS[s.speed]
        self.body.style.setProperty("--dur", f"{int(BASE_MS['play'] * factor)}ms")

    def draw(self, shown=None, fresh: str = "", caption: str = ""):
        html = render(self.table.view(), self.ui, shown, fresh, busy=self.busy, caption=caption)
        focused = self.focus_key()
        for region, text in html.items():
            if self.drawn.get(region) != text:
                self.els[region].innerHTML = text
                self.drawn[region] = text
        panel = self.els["panel"]
        was_open = self.panel_open
        self.panel_open = html["panel"][:60] if html["panel"] else None
        panel.hidden = not html["panel"]
        for el in self.behind_panel:       # a modal panel: the table behind it is inert
            el.inert = bool(html["panel"])
        v = self.table.seat_view()
        for seat in range(1, 5):           # a three- or four-handed table has fewer seats
            self.els[f"seat-{seat}"].hidden = seat >= v.players
        d = self.body.dataset
        d.players = str(v.players)
        d.busy = "1" if self.busy else "0"
        d.phase = "over" if v.is_over else v.phase.name.lower()
        d.turn = "" if v.to_act is None else ("you" if v.to_act == 0 else f"seat{v.to_act}")
        d.seq = str(self.table.action_count())
        d.hand = str(self.table.game.hand_number)
        d.redeal = str(self.table.game.redeal)
        seed = self.table.seed
        game = f"Daily {seed[6:]}" if seed.startswith("daily:") else "New Game"
        title = f"Sheepshead · {game} · hand {self.table.game.hand_number} of 10"
        if document.title != title:
            document.title = title
        self.fix_focus(opened=self.panel_open is not None and self.panel_open != was_open,
                       key=focused)

    def focus_key(self):
        """A selector for the focused control, to focus its redrawn twin afterwards."""
        active = document.activeElement
        if _none(active) or active == self.body or not hasattr(active, "getAttribute"):
            return None
        for attr in ("data-card", "data-act", "data-ui", "data-setting", "data-option"):
            value = active.getAttribute(attr)
            if not _none(value):
                return f'[{attr}="{value}"]'
        return None

    def fix_focus(self, opened: bool, key=None):
        """Keep keyboard focus on the table when the focused button was redrawn away."""
        if opened:
            h = document.querySelector("#panel h2")
            if not _none(h):
                h.focus()
            return
        active = document.activeElement
        if not _none(active) and active != self.body and self.body.contains(active):
            return
        if key:
            for where in ("#panel", "#hand", "#actions", "#mine", "header"):
                el = document.querySelector(f"{where} :is(button{key}:not([disabled]), "
                                            f"select{key}, input{key})")
                if not _none(el):
                    el.focus()
                    return
        if self.busy:
            return
        for sel in ("#panel button:not([disabled])", "#actions button:not([disabled])",
                    "#hand button:not([disabled])"):
            el = document.querySelector(sel)
            if not _none(el):
                el.focus()
                return

    # ----------------------------------------------------------- animation
    def ms(self, key: str) -> float:
        return BASE_MS[key] * SPEEDS[self.table.settings.speed] / 1000

    async def pause(self, key: str):
        """Wait out one step of the animation; time a computer player spent thinking
        counts towards it, so the pace is the speed setting's, not the thinking's."""
        wait = max(0.0, self.ms(key) - self.credit)
        self.credit = 0.0
        await asyncio.sleep(wait)

    def motion(self) -> bool:
        if self.table.settings.reduced_motion:
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
        """Play the queued moves, then let the computer players act until it is your turn.
        An error (a computer player's included) is raised to :meth:`fail`, after the table
        is drawn again as it stands."""
        try:
            await self.animate(moves, generation)
            while generation == self.generation and self.table.computer_turn:
                self.draw()               # "Gus to play…" shows while Gus thinks
                await asyncio.sleep(0.03 if SPEEDS[self.table.settings.speed] else 0)
                before = self.table.seat_view()
                started = window.performance.now()
                self.table.step()
                self.credit = (window.performance.now() - started) / 1000
                self.save()
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
        click = create_proxy(self.guarded(self.on_click))
        change = create_proxy(self.guarded(self.on_change))
        key = create_proxy(self.guarded(self.on_key))
        hashchange = create_proxy(self.guarded(self.on_hash))
        self._proxies += [click, change, key, hashchange]
        document.addEventListener("click", click)
        document.addEventListener("change", change)
        document.addEventListener("keydown", key)
        window.addEventListener("hashchange", hashchange)

    def on_click(self, evt):
        target = evt.target
        if _none(target) or not hasattr(target, "closest"):
            return
        el = target.closest("[data-act],[data-ui]")
        if _none(el) or el.disabled is True:
            return
        act = el.getAttribute("data-act")
        intent = el.getAttribute("data-ui")
        if not _none(act):
            self.do_act(str(act))
        elif not _none(intent):
            self.do_ui(str(intent))

    def do_act(self, text: str):
        if self.busy:
            return                        # taps during an animation never act
        before = self.table.seat_view()
        if self.table.act(text) is None:
            return                        # out of turn or illegal (a double tap): nothing
        self.ui.reset_turn()
        self.heard = []
        self.save()
        self.run_soon(diff(before, self.table.seat_view()))

    def do_ui(self, intent: str):
        if intent == "next":
            if self.busy or not self.table.next_hand():
                return
            self.ui.panel = None
            self.ui.reset_turn()
            self.save()
            self.draw()
            self.run_soon()
        elif intent == "daily":
            self.open_game(daily_seed(_date(self.ui.today)))
        elif intent == "new":                 # the options chosen in the Options panel
            self.open_game(new_game_seed(), self.table.settings.rules)
        elif intent == "options-default":
            self.table.settings.set("rules", DEFAULT_RULES)
            self.save()
            self.draw()
        elif intent == "share":
            self.spawn(self.share())
        elif intent == "dismiss":
            self.clear_notices()
        elif ui_intent(self.table, self.ui, intent):
            self.draw()

    def on_change(self, evt):
        el = evt.target
        if _none(el) or not hasattr(el, "getAttribute"):
            return
        option = el.getAttribute("data-option")
        if not _none(option):           # a table option: kept for the next New Game
            value = bool(el.checked) if el.type == "checkbox" else str(el.value)
            try:
                self.table.settings.set_option(str(option), value)
            except SheepsheadError as e:  # the rules refuse it
                self.refuse(e)
                return
            self.save()
            self.draw()
            return
        key = el.getAttribute("data-setting")
        if _none(key):
            return
        key = str(key)
        value = bool(el.checked) if el.type == "checkbox" else str(el.value)
        try:
            self.table.settings.set(key, value)
        except SheepsheadError as e:      # not a value of this setting
            self.refuse(e)
            return
        self.save()
        self.apply_settings()
        self.draw()

    def refuse(self, error: SheepsheadError):
        """A control asked for a value the settings refuse: say why, and draw the panel
        again so that the control shows the value that holds."""
        self.notice(f"That choice cannot be made: {error}.", quiet=True)
        self.drawn.pop("panel", None)
        self.draw()

    def on_key(self, evt):
        if evt.key == "Escape" and (self.ui.panel or self.panel_open):
            self.do_ui("close")

    async def share(self):
        line = share_line(self.table, str(window.location.href))
        nav = window.navigator
        if hasattr(nav, "share") and nav.share:
            try:
                await nav.share(to_js({"text": line}))
                return
            except JsException as e:      # cancelled: done; refused: the clipboard instead
                if getattr(e, "name", "") == "AbortError" or "AbortError" in str(e):
                    return
        clipboard = getattr(nav, "clipboard", None)
        if _none(clipboard):              # no clipboard here (an insecure page)
            self.notice(f"Copy this line to share it: {line}", quiet=True)
            return
        try:
            await clipboard.writeText(line)
            self.notice(f"Copied to the clipboard: {line}", quiet=True)
        except JsException:               # permission refused
            self.notice(f"Copy this line to share it: {line}", quiet=True)


def _none(x) -> bool:
    """True for Python None and JavaScript null / undefined."""
    return x is None or type(x).__name__ in ("JsNull", "JsUndefined")


def _date(iso: str):
    import datetime
    return datetime.date.fromisoformat(iso)


def _esc(text: str) -> str:
    from html import escape
    return escape(text)


app = App()
app.guarded(lambda _evt: app.start())()
