"""Sliced computations: a generator that yields after each slice of its work and returns
its value (the Expert's search, a hint, a backup read entry by entry, a board's check).

One mechanism, :class:`Sliced`, runs one until a deadline and keeps its place; it has two
faces:

* :func:`drained` — run it in one go (tests, the command line, the arena);
* :func:`sheepshead.ui.pacing.finished` — the page's face: ``await`` it, and the page gets
  its turn between slices (the same :meth:`Sliced.advance`, with an ``asyncio.sleep(0)``
  after each deadline).

The table's computer player thinks with one too (``ui/table/thinking.py``), a deadline per timer
tick.  Whichever face runs it, the slices and their order are the same, so the value is.
(:func:`sheepshead.ui.pacing.paced` is another thing: it hands the steps of a sequence to a
caller that does the work of each, with the page's turn between them.)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator
from typing import Any, Generic, TypeVar, cast

__all__ = ["Sliced", "drained"]

T = TypeVar("T")


class Sliced(Generic[T]):
    """A sliced computation being run: :meth:`advance` works on it until a deadline, and
    :attr:`done` / :attr:`value` say whether it has returned, and what."""

    __slots__ = ("_steps", "done", "_value")

    def __init__(self, steps: Generator[Any, None, T]) -> None:
        self._steps = steps
        self.done = False
        self._value: T | None = None

    def advance(self, clock: Callable[[], float] = lambda: 0.0,
                deadline: float = math.inf) -> bool:
        """Run slices until the computation returns (True) or, after a slice, ``clock()``
        has reached ``deadline`` (False: call again to go on).  At least one slice runs."""
        while not self.done:
            try:
                next(self._steps)
            except StopIteration as returned:
                self.done, self._value = True, cast(T, returned.value)
                break
            if clock() >= deadline:
                return False
        return True

    @property
    def value(self) -> T:
        """What the computation returned (only once :attr:`done`)."""
        if not self.done:
            raise RuntimeError("the sliced computation has not returned yet")
        return cast(T, self._value)


def drained(steps: Generator[Any, None, T]) -> T:
    """What a sliced computation returns, run in one go (what it yields is dropped)."""
    work = Sliced(steps)
    work.advance()
    return work.value
