"""The project's own card art: each card as a small, self-contained inline SVG.

Pure Python and standard library only (it runs in Pyodide); it never imports
``js`` or ``pyscript``.  Everything is drawn here: the four suit symbols are
path data designed for this project, so are the corner rank glyphs (A, K, Q,
J, 10, 9, 8, 7 drawn as paths, no ``<text>``), the King, Queen and Jack are
each a flat figure of their own, and the back is a plain lattice.  Nothing is
fetched: no images, no fonts, no ``href``, no ids, so a card string can be
inlined any number of times on one page.

Layout, in a ``0 0 100 140`` viewBox with no width or height (CSS sizes it):

- a large rank and suit in the top-left corner, which stays legible on a
  48 px wide card and stays visible when cards in a hand overlap;
- pip cards: one big suit symbol lower down (bigger still on an Ace);
- Kings, Queens and Jacks: a bust with a silhouette of its own (crown and
  beard, tiara and long hair, feathered cap), a small suit symbol on the chest;
- trump cards: a gold band down the left edge (a quiet "this is trump" cue).

The svg is ``aria-hidden`` and has no text content: the button or element
around it carries the card's accessible name (``card.name``, "Nine of
diamonds"), and no visible text can disagree with it (axe-core's
``label-content-name-mismatch`` rule would flag a visible "9").
"""

from __future__ import annotations

from ...cards import Card

__all__ = [
    "FACE_COLOUR", "BACK_COLOUR", "TRUMP_MARK_COLOUR", "TWO_COLOUR", "FOUR_COLOUR",
    "suit_colour", "card_svg", "card_back_svg",
]

# --------------------------------------------------------------------- colours

FACE_COLOUR = "#fffdf7"
"""The card face: a warm white."""
EDGE_COLOUR = "#8c8577"
BACK_COLOUR = "#1d3f72"
TRUMP_MARK_COLOUR = "#b8860b"
"""The trump band: dark gold, 3:1 or better against the face (a graphic, not text)."""

_BLACK = "#1b1b1b"
_RED = "#c8102e"
TWO_COLOUR = {"C": _BLACK, "S": _BLACK, "H": _RED, "D": _RED}
"""The classic deck: black clubs and spades, red hearts and diamonds."""
FOUR_COLOUR = {"C": "#17703a", "S": _BLACK, "H": _RED, "D": "#1d4ed8"}
"""The four-colour deck: green clubs, black spades, red hearts, blue diamonds."""


def suit_colour(suit_letter: str, four_colour: bool = False) -> str:
    """The ink colour of a suit (``"C"``, ``"S"``, ``"H"`` or ``"D"``)."""
    return (FOUR_COLOUR if four_colour else TWO_COLOUR)[suit_letter]


def _fmt(x: float) -> str:
    """A number in the shortest form SVG accepts (``.5``, ``12``, ``-.25``)."""
    s = f"{x:.3f}".rstrip("0").rstrip(".")
    if s.startswith("0."):
        s = s[1:]
    elif s.startswith("-0."):
        s = "-" + s[2:]
    return s or "0"


# ------------------------------------------------------------------ suit paths
# Each symbol fits the box 0..100 x 0..100 and is placed with a transform.
# All sub-paths wind the same way, so overlaps fill (nonzero rule).

SUIT_PATHS = {
    "H": (
        "M50 94C22 70 3 53 3 31C3 15 15 5 29 5C39 5 46 11 50 20"
        "C54 11 61 5 71 5C85 5 97 15 97 31C97 53 78 70 50 94Z"
    ),
    "D": "M50 2C61 22 73 37 90 50C73 63 61 78 50 98C39 78 27 63 10 50C27 37 39 22 50 2Z",
    "S": (
        "M50 3C40 21 4 38 4 62C4 76 14 85 27 85C36 85 42 81 46 74"
        "C45 84 41 91 33 97H67C59 91 55 84 54 74C58 81 64 85 73 85"
        "C86 85 96 76 96 62C96 38 60 21 50 3Z"
    ),
    "C": (
        "M50 5a21 21 0 1 1 0 42a21 21 0 1 1 0-42Z"
        "M27 37a21 21 0 1 1 0 42a21 21 0 1 1 0-42Z"
        "M73 37a21 21 0 1 1 0 42a21 21 0 1 1 0-42Z"
        "M50 30L68 62H32Z"
        "M54 60C54 80 59 90 68 97H32C41 90 46 80 46 60Z"
    ),
}
"""The suit symbols, original path data in a 100 x 100 box."""

# ------------------------------------------------------------- court figures
# Each court card shows a flat bust, head and crown to the right of the corner
# index, the shoulders across the lower card.  A figure is a list of
# (style, path data) drawn in one group stroked 2 units wide in the suit
# colour, so every shape has a crisp outline in the suit's ink at any size.
# The three silhouettes differ at a glance:
# - King: a tall five-pointed gold crown, a big pointed beard in the suit
#   colour over a white ermine collar, a gold sceptre on the left;
# - Queen: a low tiara with three pearls, long hair in the suit colour
#   framing the face down to the shoulders, a pendant, a gold flower;
# - Jack: a beardless young face under a floppy cap in the suit colour with a
#   long gold feather, a gold V collar, a halberd on the left.
# The props on the left sit below the corner index, so they show in a hand
# of overlapping cards too.

ACCENT_COLOUR = "#f0b429"
"""The court cards' gold (crowns, feather, flower), always outlined in the suit
colour; a lighter, yellower gold than the trump band, so it never reads as one."""
SKIN_COLOUR = "#fbe3cc"

# Style keys: "i" ink (the suit colour), "t" a light tint of it, "g" gold,
# "s" skin, "w" white (ermine), "n" a line only, "d" dots (the round caps of
# a wide, tiny stroke), "o"/"G" gold drawn twice: a thick outline, then a fill
# that hides the inner strokes where shapes overlap.
_STYLES = {
    "i": 'fill="{c}"', "t": 'fill="{c}" fill-opacity=".18"', "g": f'fill="{ACCENT_COLOUR}"',
    "s": f'fill="{SKIN_COLOUR}"', "w": f'fill="{FACE_COLOUR}"', "n": 'fill="none"',
    "d": 'fill="none" stroke-width="4"',
    "o": f'fill="{ACCENT_COLOUR}" stroke-width="3"', "G": f'fill="{ACCENT_COLOUR}" stroke="none"',
}


def _circle(x: float, y: float, r: float) -> str:
    """Path data of a circle (two arcs), to join several into one path."""
    r2 = _fmt(2 * r)
    return f"M{_fmt(x)} {_fmt(y - r)}a{_fmt(r)} {_fmt(r)} 0 1 1 0 {r2}a{_fmt(r)} {_fmt(r)} 0 1 1 0-{r2}Z"


_FLOWER = "".join(_circle(24 + x, 87 + y, 4)
                  for x, y in ((0, -5), (4.8, -1.5), (2.9, 4), (-2.9, 4), (-4.8, -1.5)))
_ROBE = "M14 132V110C14 94 30 84 50 82H76C88 84 94 94 94 106V132Z"
_NECK = "M57 64V86H69V64Z"
_FACE_OVAL = "M63 38C71 38 75 46 75 55C75 65 70 71 63 71C56 71 51 65 51 55C51 46 55 38 63 38Z"
_EYES = "M58.5 53h.1M67.5 53h.1"
_SMILE = "M60 63.5Q63 65.5 66 63.5"
_FIGURES: dict[str, list[tuple[str, str]]] = {
    "K": [
        ("t", _ROBE),
        ("w", "M34 88C46 98 80 98 92 88L94 98C80 110 46 110 32 98Z"),
        ("d", "M44 99h.1M56 103h.1M70 103h.1M82 99h.1"),
        ("s", "M63 36C72 36 77 44 77 54C77 64 72 70 63 70C54 70 49 64 49 54C49 44 54 36 63 36Z"),
        ("i", "M48 50C48 72 55 86 63 94C71 86 78 72 78 50C74 58 70 60 63 60C56 60 52 58 48 50Z"),
        ("d", "M57.5 50h.1M68.5 50h.1"),
        ("g", "M46 40L43 18L54 27L63 8L72 27L83 18L80 40Z"),
        ("n", "M24 88V132"),
        ("g", _circle(24, 82, 6)),
    ],
    "Q": [
        ("t", _ROBE),
        ("i", "M63 30C47 30 44 44 44 58C44 74 40 86 34 96C42 98 48 96 51 90C53 84 56 78 63 78"
              "C70 78 73 84 75 90C78 96 84 98 92 96C86 86 82 74 82 58C82 44 79 30 63 30Z"),
        ("s", _NECK),
        ("s", _FACE_OVAL),
        ("g", _circle(63, 90, 4)),
        ("d", _EYES), ("n", _SMILE),
        ("g", "M48 37C52 29 58 26 63 26C68 26 74 29 78 37C70 34 56 34 48 37Z"),
        ("g", _circle(52, 27, 4) + _circle(63, 21, 4) + _circle(74, 27, 4)),
        ("n", "M24 94V130"),
        ("i", "M24 112C18 112 15 108 14 104C19 104 23 106 24 112Z"),
        ("o", _FLOWER),
        ("G", _FLOWER),
        ("d", "M24 87h.1"),
    ],
    "J": [
        ("t", _ROBE),
        ("g", "M50 83L63 100L76 83Z"),
        ("s", _NECK),
        ("s", _FACE_OVAL),
        ("d", _EYES), ("n", _SMILE),
        ("i", "M44 46C40 30 52 22 66 22C80 22 92 30 94 42C82 40 66 42 44 46Z"),
        ("g", "M70 24C74 14 82 8 93 6C92 16 84 23 72 28Z"),
        ("n", "M24 84V132"),
        ("g", "M24 70L28.5 84H19.5ZM24 88C15 87 11 96 13 106C16 101 20 99 24 99Z"),
    ],
}

_FIGURE_MARKUP = {
    rank: ('<g stroke="{c}" stroke-width="2" stroke-linejoin="round" stroke-linecap="round">'
           + "".join(f'<path {_STYLES[k]} d="{d}"/>' for k, d in parts) + "</g>")
    for rank, parts in _FIGURES.items()
}
"""Each court figure's markup, with ``{c}`` standing for the suit colour."""


def _place(d: str, x: float, y: float, size: float, colour: str) -> str:
    """A path from a 100-unit box, scaled to `size` with its top-left at (x, y)."""
    return (f'<path transform="translate({_fmt(x)} {_fmt(y)}) scale({_fmt(size / 100)})" '
            f'fill="{colour}" d="{d}"/>')


# ---------------------------------------------------------------------- layout

_SVG_OPEN = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" '
             'aria-hidden="true" focusable="false" class="card-svg {cls}">')
_FACE = (f'<rect x="1" y="1" width="98" height="138" rx="8" fill="{FACE_COLOUR}" '
         f'stroke="{EDGE_COLOUR}" stroke-width="1.5"/>')
# Trump band down the left edge, inside the rounded corners.
_TRUMP_BAND = (f'<path fill="{TRUMP_MARK_COLOUR}" '
               'd="M9 1.75A7.25 7.25 0 0 0 1.75 9V131A7.25 7.25 0 0 0 9 138.25H7V1.75Z"/>')

_CORNER_X = 21  # centre line of the corner index column

# ------------------------------------------------------------- rank glyphs
# The corner rank is drawn, not typeset: no font and no text content, so the
# card's accessible name (``card.name`` on the element around the svg) is the
# only text a screen reader or an accessibility checker sees, and the index
# looks the same on every device.  Each glyph is a centre line stroked
# _GLYPH_WEIGHT units wide with round caps and joins (a bold, rounded
# sans-serif designed for this project), in absolute viewBox coordinates:
# ink from y 8.75 (cap height) to y 36.25 (baseline; the Q's tail to 38.25),
# in the corner column around x 21, as tall as and a little heavier than the
# bold system font it replaces; the "10" is a narrow "1" and an oval "0"
# reaching to x 40.75.  All ink stays right of x 9 (clear of the trump band)
# and above y 41 (clear of the corner suit symbol).

_GLYPH_WEIGHT = 5.5
RANK_GLYPHS = {
    "A": "M12 33.5L21 11.5L30 33.5M16 27H26",
    "K": "M13 11.5V33.5M30 11.5L13.5 26M19.5 21L30.5 33.5",
    "Q": "M21 11.5C26 11.5 29.5 16.5 29.5 22.5S26 33.5 21 33.5S12.5 28.5 12.5 22.5S16 11.5 21 11.5Z"
         "M23.5 27.5L31 35.5",
    "J": "M28 11.5V26C28 31 25.5 33.5 21 33.5C17.5 33.5 15 31.5 14 28.5",
    "10": "M12 16L17.5 11.5V33.5M32 11.5C35.5 11.5 38 16.5 38 22.5S35.5 33.5 32 33.5"
          "S26 28.5 26 22.5S28.5 11.5 32 11.5Z",
    "9": "M29 18.5C29 14.5 25.5 11.5 21 11.5S13 14.5 13 18.5S16.5 25.5 21 25.5S29 22.5 29 18.5"
         "C29 27 25.5 31.5 17.5 33.5",
    "8": "M21 21.5C17 21.5 14 19.5 14 16.5S17 11.5 21 11.5S28 13.5 28 16.5S25 21.5 21 21.5Z"
         "M21 21.5C25.5 21.5 29 24 29 27.5S25.5 33.5 21 33.5S13 31 13 27.5S16.5 21.5 21 21.5Z",
    "7": "M12.5 11.5H29.5C24 18.5 20.5 25 19 33.5",
}
"""The corner rank glyphs: stroke centre lines in absolute viewBox coordinates."""
_GLYPH = (f'<path fill="none" stroke="{{c}}" stroke-width="{_GLYPH_WEIGHT}" '
          'stroke-linecap="round" stroke-linejoin="round" d="{d}"/>')


def _corner(card: Card, colour: str) -> str:
    rank = _GLYPH.format(c=colour, d=RANK_GLYPHS[card.rank])
    pip = _place(SUIT_PATHS[card.suit_letter], _CORNER_X - 13, 41, 26, colour)
    return rank + pip


def _centre(card: Card, colour: str) -> str:
    d = SUIT_PATHS[card.suit_letter]
    if card.rank == "A":
        return _place(d, 16, 58, 72, colour)
    if card.rank in _FIGURES:
        return _FIGURE_MARKUP[card.rank].replace("{c}", colour) + _place(d, 54, 110, 18, colour)
    return _place(d, 22, 66, 56, colour)


def card_svg(card: Card, *, four_colour: bool = False) -> str:
    """The face of `card` as a complete inline ``<svg>`` element (aria-hidden)."""
    colour = suit_colour(card.suit_letter, four_colour)
    cls = f"card-{card}" + (" trump" if card.is_trump else "")
    return "".join((
        _SVG_OPEN.format(cls=cls),
        _FACE,
        _TRUMP_BAND if card.is_trump else "",
        _corner(card, colour),
        _centre(card, colour),
        "</svg>",
    ))


# ------------------------------------------------------------------------ back

def _lattice(x0: int = 9, y0: int = 9, x1: int = 91, y1: int = 131, step: int = 12) -> str:
    """Path data of a diamond lattice: 45-degree lines clipped to a rectangle."""
    parts = []
    for c in range(x0 - y1 + step // 2, x1 - y0, step):  # lines y = x - c (down-right)
        ya, yb = max(y0, x0 - c), min(y1, x1 - c)
        if ya < yb:
            parts.append(f"M{ya + c} {ya}L{yb + c} {yb}")
    for c in range(x0 + y0 + step // 2, x1 + y1, step):  # lines y = c - x (down-left)
        ya, yb = max(y0, c - x1), min(y1, c - x0)
        if ya < yb:
            parts.append(f"M{c - ya} {ya}L{c - yb} {yb}")
    return "".join(parts)


_BACK = "".join((
    _SVG_OPEN.format(cls="card-back"),
    f'<rect x="1" y="1" width="98" height="138" rx="8" fill="{FACE_COLOUR}" '
    f'stroke="{EDGE_COLOUR}" stroke-width="1.5"/>',
    f'<rect x="6" y="6" width="88" height="128" rx="5" fill="{BACK_COLOUR}"/>',
    f'<path fill="none" stroke="#7f9cc9" stroke-width="1.2" d="{_lattice()}"/>',
    '<rect x="9" y="9" width="82" height="122" rx="3" fill="none" stroke="#c9d6ea" stroke-width="1"/>',
    # A centre medallion: a ring with the four suit symbols around a diamond.
    f'<circle cx="50" cy="70" r="22" fill="{BACK_COLOUR}" stroke="#c9d6ea" stroke-width="2"/>',
    _place(SUIT_PATHS["S"], 43, 51, 14, "#e8eef8"),
    _place(SUIT_PATHS["H"], 43, 75, 14, "#e8eef8"),
    _place(SUIT_PATHS["C"], 31, 63, 14, "#e8eef8"),
    _place(SUIT_PATHS["D"], 55, 63, 14, "#e8eef8"),
    "</svg>",
))


def card_back_svg() -> str:
    """A face-down card as a complete inline ``<svg>`` element (aria-hidden)."""
    return _BACK
