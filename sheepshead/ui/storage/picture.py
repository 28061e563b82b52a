"""The table's picture: what the page drew last, kept with the save, so that a return visit
shows the table at once, before Python starts (issue 23; ``static/picture.js`` draws it).

Pure Python (no ``js``).  The saves stay the one truth: a picture is only a drawing of one,
and it names the save it shows by its key and a digest of its text (:func:`save_digest`:
CRC-32 of the UTF-8 text, eight hex digits; ``""`` for a game not saved yet).  The page's
script draws it only when the game that will open is that save, unchanged, and throws it
away when that save has moved on; the engine's first draw then replaces it region by region
(the same HTML: nothing changes on screen).

What is kept (:func:`picture_text`, one JSON object under
:data:`~.store.PICTURE_KEY`, written by :meth:`.store.Shelf.keep_picture`):

* ``key``, ``save``, ``hash``: the save (key and digest) and the location hash of its game;
* ``opens``: the key a visit without a link opens (the New Game's when it was open last,
  ``""`` for today's Daily: its date is the visitor's), as :meth:`Session.open_default
  <sheepshead.ui.page.session.Session.open_default>` decides it, so that the script does not
  decide it again;
* ``regions``: the table's regions as drawn (the dialogs only when the engine opens them
  again on its own: a hand's summary, a Daily's results);
* ``attrs``: the attributes the page's styles read (three- and four-handed tables, an open
  dialog), ``classes`` the look's body classes, ``title``;
* ``rest``: after a finished Daily, its line and the streak, shown on the next day while
  the new Daily is dealt (``Today's Daily is being dealt…``).
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass

from .settings import LOOK_CLASSES
from .store import DAILY_PREFIX, KEY_PREFIX, OLD_SAVE_KEY, PICTURE_KEY

__all__ = ["PICTURE_KEY", "PICTURE_FORMAT", "TABLE_REGIONS", "PANELS_KEPT", "PICTURE_MARKUP",
           "Rest", "save_digest", "picture_text", "script_constants"]

PICTURE_FORMAT = "sheepshead-picture/2"
"""Version 2 added ``opens``; a picture of another version is thrown away unread."""
TABLE_REGIONS = ("info", "seat-1", "seat-2", "seat-3", "seat-4", "chips", "center", "status",
                 "tip", "actions", "mine", "hand")
"""The regions a picture keeps (``panel`` only with :data:`PANELS_KEPT`; never the notices)."""
PANELS_KEPT = ("summary", "results")
"""The dialogs the engine opens again by itself on a start, so a picture keeps them."""
ATTRS_KEPT = ("hidden", "inert", "data-players", "data-panel")
"""The attributes a picture keeps: what the page's styles read, not the marks that say the
table is live (``data-ready``, ``data-busy``…: the tests and the bench wait on those)."""


# What a stored picture's markup may hold.  Storage is written by whatever can write the
# origin's storage (on a shared host, any other page of it), so static/picture.js puts a
# picture on the page only when every node of every region passes this list: HTML and SVG
# elements by name, attributes by name with their values matched in full against a pattern
# (None: any text, for words such as a title).  Anything else (a script of any type,
# PyScript's own elements, meta, link, base, iframe, object, style, an event attribute, a
# URL other than the rules pages, a comment) and the whole picture is thrown away.  Every
# picture the engine keeps passes (tests/test_ui_picture.py renders the screens and checks).
_NUMBER = r"-?([0-9]{1,4}(\.[0-9]{1,3})?|\.[0-9]{1,3})%?"
_NUMBERS = r"[0-9 .,\-]{0,4000}"
_WORDS = r"[A-Za-z0-9 _\-]{0,200}"
_DATA = r"[A-Za-z0-9 _.,:#=+\-]{0,200}"
_COLOUR = r"#[0-9a-fA-F]{3,8}|none|currentColor"
PICTURE_MARKUP: dict[str, object] = {
    "html": ["a", "abbr", "b", "bdi", "br", "button", "caption", "dd", "div", "dl", "dt", "em",
             "figcaption", "figure", "h2", "h3", "h4", "i", "input", "kbd", "label", "li", "ol",
             "option", "p", "section", "select", "small", "span", "strong", "sub", "sup",
             "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul"],
    "svg": ["svg", "g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
            "text", "tspan", "title"],
    "attributes": {
        "class": _WORDS, "id": r"[a-z][a-z0-9\-]{0,60}", "role": r"[a-z]{1,30}",
        "title": None, "type": r"button|checkbox|radio|text", "tabindex": r"-?[0-9]{1,2}",
        "disabled": r"|disabled", "hidden": r"|hidden", "inert": r"|inert",
        "checked": r"|checked", "selected": r"|selected", "scope": r"col|row|colgroup|rowgroup",
        "colspan": r"[0-9]{1,2}", "rowspan": r"[0-9]{1,2}", "value": None, "name": _WORDS,
        "for": r"[a-z][a-z0-9\-]{0,60}", "maxlength": r"[0-9]{1,3}", "spellcheck": r"true|false",
        "autocomplete": r"[a-z\-]{1,30}",
        "href": r"\./static/[a-z]{1,30}\.html(#[a-z0-9\-]{1,60})?", "target": r"_blank",
        "rel": r"noopener( noreferrer)?",
        "viewBox": _NUMBERS, "focusable": r"true|false", "d": r"[MmLlHhVvCcSsQqTtAaZz0-9 .,\-]{0,8000}",
        "points": _NUMBERS, "transform": r"[a-z0-9 .,()\-]{0,200}", "fill": _COLOUR,
        "stroke": _COLOUR, "fill-opacity": _NUMBER, "stroke-opacity": _NUMBER, "opacity": _NUMBER,
        "stroke-width": _NUMBER, "stroke-linecap": r"round|butt|square",
        "stroke-linejoin": r"round|miter|bevel", "text-anchor": r"start|middle|end",
        "font-size": _NUMBER, "font-weight": r"bold|normal|[1-9]00",
        "x": _NUMBER, "y": _NUMBER, "width": _NUMBER, "height": _NUMBER, "rx": _NUMBER,
        "ry": _NUMBER, "cx": _NUMBER, "cy": _NUMBER, "r": _NUMBER, "x1": _NUMBER,
        "x2": _NUMBER, "y1": _NUMBER, "y2": _NUMBER, "dx": _NUMBER, "dy": _NUMBER,
    },
    "prefixed": {"aria-": None, "data-": _DATA},
    "prefixedName": r"[a-z]{1,20}(-[a-z]{1,20}){0,3}",
}
"""The elements and attributes a stored picture may hold (static/picture.js checks them)."""


@dataclass(frozen=True)
class Rest:
    """A finished Daily's line and the streak, for the next day's first second."""

    line: str
    streak: int
    through: str
    """The last date the streak counts (ISO): the page shows the streak only when that is
    today or yesterday (else it is broken)."""


def _dialog(selector: str, name: str) -> bool:
    """Whether an attribute says a dialog is open (left out with the dialog: the page's
    own HTML has none open)."""
    return selector == "#panel" or name in ("inert", "data-panel")


def save_digest(text: str | None) -> str:
    """The digest a picture names its save by (``static/picture.js`` computes the same)."""
    if text is None:
        return ""
    return f"{zlib.crc32(text.encode('utf-8')):08x}"


def picture_text(*, key: str, save: str | None, fragment: str, regions: dict[str, str],
                 attrs: tuple[tuple[str, str, str | None], ...], classes: tuple[str, ...],
                 title: str, panel: bool, rest: Rest | None, opens: str = "") -> str:
    """The picture of the table as drawn (``regions``: every region's HTML; ``attrs`` the
    draw's attributes), naming the save ``key`` whose text is ``save`` (None: not saved)."""
    kept = TABLE_REGIONS + (("panel",) if panel else ())
    data: dict[str, object] = {
        "format": PICTURE_FORMAT, "key": key, "save": save_digest(save), "hash": fragment,
        "opens": opens,
        "regions": {r: regions.get(r, "") for r in kept},
        "attrs": [[sel, name, value] for sel, name, value in attrs
                  if name in ATTRS_KEPT and (panel or not _dialog(sel, name))],
        "classes": list(classes), "title": title,
    }
    if rest is not None:
        data["rest"] = {"line": rest.line, "streak": rest.streak, "through": rest.through}
    return json.dumps(data, separators=(",", ":"))


def script_constants() -> dict[str, object]:
    """What static/picture.js needs to know, written into it by build.py from here (each fact
    in one place): the picture's key and format, the prefix of every key the page keeps, the
    Dailies' and the previous version's keys, the regions, attributes and body classes a
    picture keeps, and :data:`PICTURE_MARKUP` (build.py adds the elements whose attributes a
    picture sets, from the page's controller)."""
    return {"key": PICTURE_KEY, "format": PICTURE_FORMAT, "prefix": KEY_PREFIX,
            "dailyPrefix": DAILY_PREFIX, "oldSaveKey": OLD_SAVE_KEY,
            "regions": [*TABLE_REGIONS, "panel"], "attrs": list(ATTRS_KEPT),
            "classes": list(LOOK_CLASSES), "markup": PICTURE_MARKUP}
