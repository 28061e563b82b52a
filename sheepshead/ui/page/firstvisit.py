"""The table a first visit shows before Python starts: the practice hand at your first
decision, drawn by the engine itself (``build.py`` ships it as ``static/first-picture.js``).

Pure Python, no ``js``.
"""

from __future__ import annotations

import datetime as _dt

from ...errors import SheepsheadError
from ..events import Draw, Start
from ..storage.picture import picture_text
from ..storage.saves import MemoryStorage
from .controller import Controller
from .pagemarks import page_title

__all__ = ["first_visit_picture"]


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
