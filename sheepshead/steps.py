"""Sliced computations: a generator that yields after each slice of its work and returns
its value (the Expert's search, a hint, a backup read entry by entry).

:func:`drained` runs one in a single go (tests, the command line, the arena);
:func:`sheepshead.ui.pacing.finished` is the page's twin, which lets the page turn between
slices.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, TypeVar, cast

__all__ = ["drained"]

T = TypeVar("T")


def drained(steps: Generator[Any, None, T]) -> T:
    """What a sliced computation returns, run in one go (what it yields is dropped)."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return cast(T, done.value)
