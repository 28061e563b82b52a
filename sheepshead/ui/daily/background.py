"""The page's work in the background: the Daily's par and a result link's computer-move
check, a decision at a time.

Pure Python (``asyncio`` only, no ``js``).  Each is a coroutine that yields to the page
between Expert decisions (:func:`~sheepshead.ui.pacing.paced`; the par every 30 ms, a
decision being sliced), so the page keeps drawing
and answering taps while it runs (the whole of it takes seconds in the browser).
Neither changes anything: each sends what it found as an event (:class:`ParWorked`,
:class:`ParDone`, :class:`MovesChecked`), which the page controller applies.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable

from ...results import ResultLink, check_steps
from ..events import MovesChecked, ParDone, ParWorked, Send
from ..pacing import SLICE_S, paced
from .daily import par_slices

__all__ = ["work_out_par", "check_moves"]

DECISIONS_PER_HAND = 24
"""About how many decisions with a choice a hand takes (for the progress within a hand)."""


async def work_out_par(day: _dt.date, send: Send) -> None:
    """Play ``day``'s deals with the Expert in every seat (:func:`par_slices`), sending how
    far it has got (:class:`ParWorked`, at most four times a second) and then the par
    (:class:`ParDone`); the page keeps it (in the results book)."""
    last_hands, in_hand = 0, 0
    par, done = None, 0.0

    def shown() -> None:
        send(ParWorked(day, done))
    try:
        async for step in paced(par_slices(day), shown, turn_every=SLICE_S):
            if step is None:
                continue                # a slice of an Expert decision
            in_hand = 0 if step.hands != last_hands else in_hand + 1
            last_hands = step.hands
            within = min(in_hand / DECISIONS_PER_HAND, 0.95)
            done = min(0.99, (step.hands + within) / step.hands_total)
            par = step.par or par
    finally:
        if par is None:
            send(ParWorked(day, None))  # stopped (an error): no longer under way
    assert par is not None
    send(ParDone(day, par.total))


async def check_moves(link: ResultLink, still_shown: Callable[[], bool], send: Send) -> None:
    """Compare every computer move of ``link`` with this version's players, yielding after
    each decision and giving up once ``still_shown()`` is False; then send the outcome
    (:class:`MovesChecked`)."""
    ok: bool | None = None
    difference: str | None = None
    async for step in paced(check_steps(link), lambda: None):
        if not still_shown():
            return                      # closed, or another link opened
        if step is not None:
            ok, difference = bool(step.computer_moves_match), step.first_difference
    send(MovesChecked(link, ok, difference))
