"""Long work in small steps: the page's one loop for the par, the check of a result link's
computer moves, the review of a hand and a hint.

Pure Python (``asyncio`` only, no ``js``).  :func:`paced` hands on each step of a
generator that does one Expert decision per step, awaiting ``asyncio.sleep(0)`` after
each so the page keeps drawing, animating and answering taps meanwhile, and calls
``redraw`` at most four times a second to show how far it has got.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable, Generator, Iterable
from typing import TypeVar

from ..steps import Sliced

__all__ = ["paced", "finished", "REDRAW_EVERY_S", "SLICE_S"]

REDRAW_EVERY_S = 0.25
"""The shortest time between two progress redraws."""
SLICE_S = 0.03
"""How long the page works on a sliced job (the par, a review) before it lets the page turn:
short enough that no main-thread task of the job reaches the 200 ms a player feels."""

T = TypeVar("T")


async def paced(steps: Iterable[T], redraw: Callable[[], None],
                clock: Callable[[], float] = time.monotonic, *,
                turn_every: float = 0.0) -> AsyncIterator[T]:
    """Each of ``steps``, yielding to the page after it (see the module docstring), or, with
    ``turn_every`` seconds, once that long has passed since the page's last turn (for steps
    that are slices of a decision).  The caller's work on a step runs before the next one
    is computed."""
    shown = turn = clock()
    for step in steps:
        yield step
        if clock() - shown > REDRAW_EVERY_S:
            shown = clock()
            redraw()
        if clock() - turn >= turn_every:
            await asyncio.sleep(0)
            turn = clock()


async def finished(steps: Generator[None, None, T], clock: Callable[[], float] = time.monotonic,
                   *, turn_every: float = SLICE_S) -> T:
    """What a sliced computation (``None`` after each slice, then its value) returns, the
    page's turn every ``turn_every`` seconds meanwhile: :class:`~sheepshead.steps.Sliced`
    run a deadline at a time, the page's face of :func:`~sheepshead.steps.drained`."""
    work = Sliced(steps)
    while not work.advance(clock, clock() + turn_every):
        await asyncio.sleep(0)
    return work.value
