"""A computer player's decision thought out a slice at a time (issue 23: no main-thread task
over 200 ms on a phone).  The Expert's search yields between sampled deals
(``ExpertPlayer._search_steps``); :meth:`Thinking.run` runs it until a deadline and the page
gets the main thread back in between.  The same arithmetic in the same order: the action is
the one the player takes in one go."""

from __future__ import annotations

from collections.abc import Callable, Generator

from ...actions import Action

__all__ = ["Thinking"]


class Thinking:
    """The decision being thought out for one moment of a game (a key that changes with
    every action), and its action once worked out."""

    def __init__(self) -> None:
        self.moment: object = None
        self.steps: Generator[None, None, Action] | None = None
        self.action: Action | None = None

    def run(self, moment: object, start: Callable[[], Generator[None, None, Action]],
            clock: Callable[[], float], deadline: float) -> bool:
        """Think about ``moment``'s decision (``start()`` begins it) until ``clock()``
        reaches ``deadline``; True once its action is worked out."""
        if self.moment != moment:
            self.moment, self.steps, self.action = moment, start(), None
        while self.action is None:
            assert self.steps is not None
            try:
                next(self.steps)
            except StopIteration as done:
                self.action, self.steps = done.value, None
                break
            if clock() >= deadline:
                return False
        return True

    def take(self, moment: object) -> Action | None:
        """The action worked out for ``moment`` (None: none), and forget it."""
        action = self.action if self.moment == moment else None
        self.moment, self.steps, self.action = None, None, None
        return action
