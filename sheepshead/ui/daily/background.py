"""The page's work in the background: the Daily's par and a result link's computer-move
check, a decision at a time.

Pure Python (``asyncio`` only, no ``js``).  Each is a coroutine that yields to the page
between Expert decisions (:func:`~sheepshead.ui.pacing.paced`; the par every 30 ms, a
decision being sliced), so the page keeps drawing
and answering taps while it runs (the whole of it takes seconds in the browser).
:class:`~sheepshead.ui.page.session.Session` starts them
(:meth:`~sheepshead.ui.page.session.Session.work_out_par`,
:meth:`~sheepshead.ui.page.session.Session.check_moves`).
"""

from __future__ import annotations

import contextlib
import datetime as _dt
from collections.abc import Callable
from typing import Protocol

from ...results import ResultLink, check_steps
from ..pacing import SLICE_S, paced
from ..storage.saves import SaveError
from .daily import DailyResults, par_slices

__all__ = ["work_out_par", "check_moves", "Checked"]

DECISIONS_PER_HAND = 24
"""About how many decisions with a choice a hand takes (for the progress within a hand)."""


async def work_out_par(day: _dt.date, results: DailyResults, progress: dict[_dt.date, float],
                       known: dict[_dt.date, int], redraw: Callable[[], None]) -> None:
    """Play ``day``'s deals with the Expert in every seat (:func:`par_slices`), keeping the
    progress (0 to 1) in ``progress[day]`` meanwhile; then the par goes to ``known[day]`` and
    to the results book (kept in memory only when storage refuses)."""
    if day in progress:
        return                          # already under way
    progress[day] = 0.0
    last_hands, in_hand = 0, 0
    par = None
    try:
        async for step in paced(par_slices(day), redraw, turn_every=SLICE_S):
            if step is None:
                continue                # a slice of an Expert decision
            in_hand = 0 if step.hands != last_hands else in_hand + 1
            last_hands = step.hands
            within = min(in_hand / DECISIONS_PER_HAND, 0.95)
            progress[day] = min(0.99, (step.hands + within) / step.hands_total)
            par = step.par or par
    finally:
        del progress[day]
    assert par is not None
    known[day] = par.total
    with contextlib.suppress(SaveError):        # refused or a newer book: shown here only
        results.record_par(day, par.total)
    redraw()


class Checked(Protocol):
    """Where the check's outcome goes (:class:`~sheepshead.ui.page.session.LinkView`)."""

    link: ResultLink
    moves_checked: bool | None
    difference: str | None


async def check_moves(view: Checked, still_shown: Callable[[], bool],
                      redraw: Callable[[], None]) -> None:
    """Compare every computer move of ``view.link`` with this version's players, yielding
    after each decision and giving up once ``still_shown()`` is False; then set
    ``view.moves_checked`` (and ``view.difference``) and redraw."""
    async for step in paced(check_steps(view.link), lambda: None):
        if not still_shown():
            return                      # closed, or another link opened
        if step is not None:
            view.moves_checked = bool(step.computer_moves_match)
            view.difference = step.first_difference
    redraw()
