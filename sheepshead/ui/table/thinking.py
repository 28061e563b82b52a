"""A computer player's decision thought out a slice at a time (issue 23: no main-thread task
over 200 ms on a phone).  The Expert's search yields between sampled deals
(``ExpertPlayer._search_steps``); :meth:`Thinking.run` advances it (a
:class:`~sheepshead.steps.Sliced`, the one mechanism of sliced work) until a deadline and the
page gets the main thread back in between.  The same arithmetic in the same order: the action
is the one the player takes in one go."""

from __future__ import annotations

from collections.abc import Callable, Generator

from ...actions import Action
from ...steps import Sliced

__all__ = ["Thinking"]


class Thinking:
    """The decision being thought out for one moment of a game (a key that changes with
    every action), and its action once worked out."""

    def __init__(self) -> None:
        self.moment: object = None
        self.work: Sliced[Action] | None = None

    def run(self, moment: object, start: Callable[[], Generator[None, None, Action]],
            clock: Callable[[], float], deadline: float) -> bool:
        """Think about ``moment``'s decision (``start()`` begins it) until ``clock()``
        reaches ``deadline``; True once its action is worked out."""
        if self.moment != moment or self.work is None:
            self.moment, self.work = moment, Sliced(start())
        return self.work.advance(clock, deadline)

    def take(self, moment: object) -> Action | None:
        """The action worked out for ``moment`` (None: none), and forget it."""
        work = self.work
        action = work.value if work is not None and work.done and self.moment == moment else None
        self.moment, self.work = None, None
        return action
