"""The page binding: the only Python that touches the page (``pyscript`` / ``js``).

It keeps no state: :class:`sheepshead.ui.page.controller.Controller` decides everything.  What the
browser reports (a tap, a control changed, a key, a hash change, another tab's ``storage``
event, a timer, what a background job found) becomes an event for :meth:`Controller.handle`;
the effects it returns (:mod:`sheepshead.ui.events`) are carried out here: a :class:`Draw`
patches the regions that changed with ``sheepsheadMorph`` (``static/morph.js``: the focus
and an open dialog survive), a :class:`Wait` is a timer, a :class:`Spawn` a background task.
Storage, the clock and sharing are in ``static/browser.py``.  Anything unexpected goes to
:meth:`Page.fail` through the page's one guard: logged with ``console.error``, and
:class:`Failed` shows a notice.  ``<body>`` carries ``data-ready="1"`` once the table is up
and the controller's marks (``data-busy``, ``data-phase`` …), which the tests wait on.
"""

import asyncio
import traceback
from collections.abc import Callable
from typing import Any

from browser import clock, download, is_none, local_now, motion, open_storage, read_file, share, text_or_none
from pyscript import document, window
from pyscript.ffi import create_proxy

from sheepshead.ui.events import (
    Announce,
    Change,
    Download,
    Draw,
    Effect,
    Event,
    Failed,
    Focus,
    HashChange,
    Key,
    Look,
    Notice,
    SetHash,
    Share,
    Spawn,
    Start,
    StorageChange,
    Tap,
    Tick,
    Wait,
)
from sheepshead.ui.page.controller import TICK_S, Controller


class Page:
    def __init__(self) -> None:
        self.controller = Controller(open_storage(), local_now, clock=clock, motion=motion,
                                     href=lambda: str(window.location.href),
                                     par=getattr(window, "sheepsheadPar", "on") != "off")
        self.proxies: list[Any] = []
        self.tasks: set[asyncio.Future[None]] = set()

    def guarded(self, run: Callable[[], None], failing: bool = False) -> None:
        """``run()`` under the page's one guard: an error goes to :meth:`fail`."""
        try:
            run()
        except Exception as e:    # the page's one guard: logged and shown
            if failing:
                raise             # the notice itself failed: nothing more to show it with
            self.fail(e)

    def send(self, event: Event) -> None:
        """Hand ``event`` to the controller and carry out what it says, under the guard."""
        def run() -> None:
            for effect in self.controller.handle(event):
                self.do(effect)
        self.guarded(run, failing=isinstance(event, Failed))

    def fail(self, error: BaseException) -> None:
        """An unexpected error (a bug): its traceback to the console, a notice on the page."""
        trace = "".join(traceback.format_exception(error))
        window.console.error(f"sheepshead: {trace}")
        self.send(Failed(error))

    def do(self, effect: Effect) -> None:
        if isinstance(effect, Draw):
            for region, html in effect.regions:
                window.sheepsheadMorph(document.getElementById(region), html)
            for selector, name, value in effect.attrs:
                el = document.body if selector == "body" else document.querySelector(selector)
                if value is None:
                    el.removeAttribute(name)
                elif el.getAttribute(name) != value:
                    el.setAttribute(name, value)
            if document.title != effect.title:
                document.title = effect.title
        elif isinstance(effect, Wait):
            asyncio.get_event_loop().call_later(effect.seconds, self.send, effect.then)
        elif isinstance(effect, Announce):
            document.getElementById("announce").textContent = effect.text
        elif isinstance(effect, Focus):
            active = document.activeElement
            if effect.if_lost and not is_none(active) and active != document.body \
                    and document.body.contains(active):
                return
            for selector in effect.selectors:
                el = document.querySelector(selector)
                if not is_none(el):
                    el.focus()
                    return
        elif isinstance(effect, Spawn):
            self.spawn(effect.job(self.send))
        elif isinstance(effect, Share):
            self.spawn(share(effect.line, lambda text, quiet=False: self.send(Notice(text, quiet))))
        elif isinstance(effect, SetHash):
            if window.location.hash != effect.fragment:
                window.history.replaceState(None, "", effect.fragment)
        elif isinstance(effect, Download):
            download(effect.name, effect.text)
        elif isinstance(effect, Look):
            for name, on in effect.classes:
                document.body.classList.toggle(name, on)
            for prop, value in effect.props:
                document.body.style.setProperty(prop, value)

    def spawn(self, job: Any) -> None:
        """Run ``job`` (a coroutine) soon; an error it raises goes to :meth:`fail`."""
        task = asyncio.ensure_future(job)
        self.tasks.add(task)
        task.add_done_callback(self.done)

    def done(self, task: asyncio.Future[None]) -> None:
        self.tasks.discard(task)
        error = None if task.cancelled() else task.exception()
        if error is not None:
            self.fail(error)

    # ------------------------------------------------------------ events
    def start(self) -> None:
        body = document.body   # taps made while Python started, and on the stored picture
        pending = text_or_none(body.getAttribute("data-pending-ui")) or ""
        taps = text_or_none(body.getAttribute("data-pending-taps")) or ""
        for name in ("data-pending-ui", "data-pending-taps"):
            body.removeAttribute(name)
        for button in document.querySelectorAll("header [aria-busy]"):
            button.removeAttribute("aria-busy")
        self.send(Start(str(window.location.hash), pending, tuple(filter(None, taps.split("\n")))))
        for target, name, handler in (
                (document, "click", self.on_click), (document, "change", self.on_change),
                (document, "keydown", self.on_key), (window, "hashchange", self.on_hash),
                (window, "storage", self.on_storage)):
            proxy = create_proxy(lambda evt, h=handler: self.guarded(lambda: h(evt)))
            self.proxies.append(proxy)
            target.addEventListener(name, proxy)
        body.dataset.ready = "1"
        self.spawn(self.tick())

    def on_click(self, evt: Any) -> None:
        target = evt.target
        if is_none(target) or not hasattr(target, "closest"):
            return
        el = target.closest("[data-act],[data-ui]")
        if not is_none(el) and el.disabled is not True:
            self.send(Tap(text_or_none(el.getAttribute("data-act")),
                          text_or_none(el.getAttribute("data-ui"))))

    def on_change(self, evt: Any) -> None:
        el = evt.target
        if is_none(el) or not hasattr(el, "getAttribute"):
            return
        if el.getAttribute("data-backup") == "file":     # Import: its text, as an event
            self.spawn(read_file(el, self.send))
            return
        option = text_or_none(el.getAttribute("data-option"))
        key = option or text_or_none(el.getAttribute("data-setting"))
        if key is not None:
            value = bool(el.checked) if el.type == "checkbox" else str(el.value)
            self.send(Change(key, value, option=option is not None))

    def on_key(self, evt: Any) -> None:   # keyboard play, except in a form field
        typing = str(getattr(evt.target, "tagName", "")) in ("INPUT", "SELECT", "TEXTAREA")
        if str(evt.key) in ("ArrowLeft", "ArrowRight") and not typing:
            self.arrow(evt)             # ←/→ move between the cards of your hand
            return
        if evt.key == "Escape" or not (typing or evt.ctrlKey or evt.altKey or evt.metaKey):
            self.send(Key(str(evt.key)))

    def arrow(self, evt: Any) -> None:
        """The focus to the card beside the focused one (issue 40: card players expect the
        arrow keys); from anywhere else, to your hand's first card."""
        here = document.activeElement
        inside = not is_none(here) and not is_none(here.closest("#hand .card"))
        if inside:
            card = here.closest("#hand .card")
            step = "previousElementSibling" if str(evt.key) == "ArrowLeft" else "nextElementSibling"
            other = getattr(card, step)
            while not is_none(other) and not other.matches(".card"):
                other = getattr(other, step)
        else:
            other = document.querySelector("#hand .card")
        if not is_none(other):
            evt.preventDefault()
            other.focus()

    def on_hash(self, _evt: Any) -> None:
        self.send(HashChange(str(window.location.hash)))

    def on_storage(self, evt: Any) -> None:
        self.send(StorageChange(text_or_none(evt.key), text_or_none(evt.newValue)))

    async def tick(self) -> None:   # an open dialog's countdown counts down; the date moves on
        while True:
            await asyncio.sleep(TICK_S)
            self.send(Tick(local_now().date().isoformat()))


Page().start()
