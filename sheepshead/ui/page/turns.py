"""The computer players' turns and the animation queue, as the controller's state machine:
each step is a frame to draw and a :class:`~sheepshead.ui.events.Wait` to hold it, then the
next computer player thinks (a slice at a time, so the page paints and answers taps
between), auto-play plays your only card, and at your turn it stops.

Pure Python, no ``js``.  :class:`Turns` is a part of
:class:`~sheepshead.ui.page.controller.Controller` (which it is mixed into), kept apart so each
fits in a head: it uses the controller's table, interface state, clock and effects list,
and asks it to draw and to save.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from ...actions import Action
from ...view import ViewTrick
from ..events import Announce, Effect, Focus, Timer, Wait
from ..storage.settings import SPEEDS
from ..table.animation import Move, diff
from ..table.render import UiState
from ..table.table import Table
from .session import Session

__all__ = ["Turns", "Step", "BASE_MS", "THINK_S", "THINK_SLICE_S", "YOUR_TURN"]

BASE_MS = {"play": 420, "pause": 750, "collect": 420, "other": 550, "last": 1200}
"""Animation pace at "normal" speed; the speed setting scales these.  ``last``: the hand's
last trick stays on the felt, with its winner and points, before the summary opens."""
DEAL_BEATS = (1.2, 1 / 6)
"""The deal's animation (static/style.css, ``.cards.deal``): each card flies for 1.2 beats of
``BASE_MS["play"]``, a sixth of a beat after the one before; no decision is live until the
last card has landed (DEAL_LANDED_S later: the animation starts a frame or two after the
drawing that begins it)."""
DEAL_LANDED_S = 0.15
THINK_S = THINK_SLICE_S = 0.03
"""The beat before a computer player acts, so "Gus to play…" is on screen while it thinks;
and how long it thinks at a time before the page gets the main thread back."""
YOUR_TURN = ("#actions button.primary:not([disabled])", "#hand :is(button.legal, button.selectable)",
             "#actions button:not([disabled])")
"""Where the focus goes when your turn comes and the button you used is gone."""


@dataclass(frozen=True)
class Step:
    """One frame of the animation queue: what to say, what to show, how long to hold it."""

    say: str | None
    shown: ViewTrick | None
    fresh: str
    caption: str
    pause: str


class Turns:
    """The turns loop (see the module docstring); the controller provides what is declared
    here."""

    ui: UiState
    session: Session
    clock: Callable[[], float]
    motion: Callable[[], bool]
    generation: int
    queue: deque[Step]
    stage: str | None
    auto: Action | None
    credit: float
    thought: float
    out: list[Effect]

    @property
    def table(self) -> Table:
        raise NotImplementedError

    def _draw(self, shown: ViewTrick | None = None, fresh: str = "", caption: str = "",
              keep: bool = True) -> None:
        raise NotImplementedError

    def _saved(self) -> None:
        raise NotImplementedError

    # ---------------------------------------------- the computer players' turns
    def _run(self, moves: list[Move], deal: bool = False) -> None:
        """Play the animation of ``moves`` (or, with ``deal``, of a new hand's deal, when its
        cards fly in), then let the computer players act (and auto-play your only card)
        until it is your turn, a :class:`Wait` at a time."""
        self.ui.busy = True
        self.stage = None
        self.queue.clear()
        if deal and self._motion() and self._seconds("play") > 0:
            self.queue.append(Step(None, None, "", "Dealing the cards…", "deal"))
        self._queue(moves)
        self._advance()

    def _queue(self, moves: list[Move]) -> None:
        motion = self._motion()
        for m in moves:
            if m.kind == "play":
                self.queue.append(Step(m.text, m.trick, f"enter-{m.seat}" if motion else "",
                                        m.text, "play"))
            elif m.kind == "trick" and m is moves[-1] and self.table.hand.is_over:
                self.queue.append(Step(m.text, m.trick, "", m.text, "last"))   # no collect
            elif m.kind == "trick":
                self.queue.append(Step(m.text, m.trick, "", m.text, "pause"))
                if motion and self._seconds("collect") > 0:
                    self.queue.append(Step(None, m.trick, f"collect-{m.seat}", m.text,
                                            "collect"))
            else:
                self.queue.append(Step(m.text, None, "", m.text, "other"))

    def _motion(self) -> bool:
        return not self.session.settings.reduced_motion and self.motion()

    def _seconds(self, key: str) -> float:
        if key == "deal":             # as long as the deal's animation, for the cards dealt
            first, then = DEAL_BEATS
            cards = len(self.table.seat_view().hand)
            return self._seconds("play") * (first + then * max(0, cards - 1)) + DEAL_LANDED_S
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
                self.stage = "act"            # done: it acts in a task of its own
                if not done:
                    self.stage = "think"
                self._wait(0)
                return
            if stage == "act":            # apply, save and draw what was thought out
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

