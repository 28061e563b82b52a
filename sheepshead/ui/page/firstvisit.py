"""The table a first visit shows before Python starts, drawn by the engine itself: the
practice hand at your first decision (``build.py`` ships it as ``static/first-picture.js``)
and, for a first visit through a Daily's link, that Daily's first table (``build.py`` ships
the Dailies of a window around the build's date, ``static/dailies.json``).

Pure Python, no ``js``.
"""

from __future__ import annotations

import datetime as _dt

from ...errors import SheepsheadError
from ...links import daily_link
from ..events import Draw, Start
from ..storage.picture import picture_text
from ..storage.saves import MemoryStorage
from .controller import Controller
from .pagemarks import page_title

__all__ = ["DAILY_PICTURE_DAYS", "first_visit_picture", "daily_picture"]

DAILY_PICTURE_DAYS = 7
"""build.py ships the first table of the Dailies from this many days before its date to this
many days after (a link to another day shows the loading line)."""


def first_visit_picture(now: _dt.datetime) -> str:
    """The picture (:mod:`.picture`) of what a first visit opens: the practice hand at your
    first decision, the same in every browser (a fixed deal, the default settings).
    build.py ships it (``static/first-picture.js``) so that a first visit shows the table
    before Python starts; the engine's first draw is the same HTML."""
    c = Controller(MemoryStorage(), lambda: now, clock=lambda: 0.0, motion=lambda: False)
    draw = next(e for e in c.handle(Start("")) if isinstance(e, Draw))
    t = c.table
    if not t.tutorial or c.busy:
        raise SheepsheadError("a first visit no longer opens the practice hand at rest")
    return picture_text(key="", save=None, fragment=c.session.hash(), regions=c.drawn,
                        attrs=draw.attrs, classes=(), title=page_title(t), panel=False,
                        rest=None)


def daily_picture(day: _dt.date) -> str:
    """The picture of what a first visit through ``#daily=<day>`` opens: that Daily at your
    first decision, with the default settings (the same in every browser on any day from
    ``day`` on: the draw does not depend on the time or on how long ago the Daily was).
    build.py ships it; ``static/picture.js`` fetches the one of the day asked."""
    now = _dt.datetime.combine(day, _dt.time(12))
    c = Controller(MemoryStorage(), lambda: now, clock=lambda: 0.0, motion=lambda: False)
    draw = next(e for e in c.handle(Start(daily_link(day))) if isinstance(e, Draw))
    if c.busy or c.session.key is None or not c.table.seat_view().legal:
        raise SheepsheadError(f"the Daily {day} no longer opens at your first decision")
    return picture_text(key="", save=None, fragment=c.session.hash(), regions=c.drawn,
                        attrs=draw.attrs, classes=(), title=page_title(c.table), panel=False,
                        rest=None)
