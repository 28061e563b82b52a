"""What the page says about itself besides its regions: the marks on ``<body>`` (which CSS
and the browser tests read) and the window's title.

Pure Python, no ``js``.  :meth:`~sheepshead.ui.page.controller.Controller._draw` sends them with
every :class:`~sheepshead.ui.events.Draw`.
"""

from __future__ import annotations

from ...grammar import date_of_seed
from ...view import SeatView
from ..table.table import Table

__all__ = ["body_marks", "page_title", "CHECK_MARKS"]

CHECK_MARKS = {None: "pending", True: "ok", False: "differ"}
"""``data-check``: a result link's computer moves, while checked and once checked."""


def _daily(t: Table) -> str:
    day = date_of_seed(t.seed)
    return "" if day is None else day.isoformat()


def body_marks(t: Table, v: SeatView, *, panel: bool, busy: bool, stale: bool, overlay: str,
               check: str) -> dict[str, str]:
    """The ``data-`` marks of ``<body>``: whether a dialog is open, the players, busy, the
    phase, whose turn, the actions so far, the hand and its redeal, the Daily's date,
    practice, a stale tab, the overlay on screen and a result link's check."""
    return {
        "panel": "1" if panel else "0", "players": str(v.players),
        "busy": "1" if busy else "0",
        "phase": "over" if v.is_over else v.phase.name.lower(),
        "turn": "" if v.to_act is None else ("you" if v.to_act == 0 else f"seat{v.to_act}"),
        "seq": str(t.action_count()), "hand": str(t.game.hand_number),
        "redeal": str(t.game.redeal), "daily": _daily(t), "practice": "1" if t.practice else "0",
        "stale": "1" if stale else "0", "overlay": overlay, "check": check,
    }


def page_title(t: Table) -> str:
    """``Sheepshead · Daily 2026-12-01 · hand 3 of 10`` (the tab's and the history's name)."""
    if t.tutorial:
        return "Sheepshead · Practice hand"
    game = f"Daily {_daily(t)}" if _daily(t) else "New Game"
    return f"Sheepshead · {game} · hand {t.game.hand_number} of {t.game.length}"
