"""The project's own card art: each card as a small, self-contained inline SVG.

Pure Python and standard library only (it runs in Pyodide); it never imports
``js`` or ``pyscript``.  Everything is drawn here: the four suit symbols are
path data designed for this project, the face cards get a simple crown /
coronet / cap motif, and the back is a plain lattice.  Nothing is fetched: no
images, no fonts (the rank uses the system sans-serif), no ``href``, no ids,
so a card string can be inlined any number of times on one page.

Layout, in a ``0 0 100 140`` viewBox with no width or height (CSS sizes it):

- a large rank and suit in the top-left corner, which stays legible on a
  48 px wide card and stays visible when cards in a hand overlap;
- one big suit symbol lower down (bigger still on an Ace);
- Jacks, Queens and Kings: a thin inner frame and a headgear motif top right;
- trump cards: a gold band down the left edge (a quiet "this is trump" cue).

The svg is ``aria-hidden``: the button or element around it carries the
card's accessible name (``card.name``).
"""

from __future__ import annotations

from ..cards import Card

__all__ = [
    "FACE_COLOUR", "BACK_COLOUR", "TRUMP_MARK_COLOUR", "TWO_COLOUR", "FOUR_COLOUR",
    "suit_colour", "card_svg", "card_back_svg", "contrast_ratio",
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


def _luminance(colour: str) -> float:
    """WCAG 2 relative luminance of a ``#rrggbb`` colour."""
    h = colour.lstrip("#")
    channels = []
    for i in (0, 2, 4):
        c = int(h[i:i + 2], 16) / 255
        channels.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    r, g, b = channels
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two ``#rrggbb`` colours, 1.0 to 21.0."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


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

# Headgear for the face cards, in a 100 x 60 box, drawn in the suit colour.
_CROWN_PATHS = {
    # King: a tall crown, three points with balls, on a band.
    "K": (
        "M8 56V46L4 12L28 34L50 4L72 34L96 12L92 46V56Z"
        "M4 4a6 6 0 1 1 0 12a6 6 0 1 1 0-12ZM50-4a6 6 0 1 1 0 12a6 6 0 1 1 0-12Z"
        "M96 4a6 6 0 1 1 0 12a6 6 0 1 1 0-12Z"
    ),
    # Queen: a pointed tiara with an orb and three pearls set in its band.
    "Q": (
        "M8 58V44C22 40 36 30 50 12C64 30 78 40 92 44V58Z"
        "M26 51a4 4 0 1 0 8 0a4 4 0 1 0-8 0ZM46 51a4 4 0 1 0 8 0a4 4 0 1 0-8 0Z"
        "M66 51a4 4 0 1 0 8 0a4 4 0 1 0-8 0Z"
        "M50-2a7 7 0 1 1 0 14a7 7 0 1 1 0-14Z"
    ),
    # Jack: a two-pointed cap with a bell on each tip.
    "J": (
        "M12 58V48C14 30 6 18 2 10C20 14 38 24 50 38C62 24 80 14 98 10"
        "C94 18 86 30 88 48V58Z"
        "M2 2a6 6 0 1 1 0 12a6 6 0 1 1 0-12ZM98 2a6 6 0 1 1 0 12a6 6 0 1 1 0-12Z"
    ),
}


def _fmt(x: float) -> str:
    """A number in the shortest form SVG accepts (``.5``, ``12``, ``-.25``)."""
    s = f"{x:.3f}".rstrip("0").rstrip(".")
    if s.startswith("0."):
        s = s[1:]
    elif s.startswith("-0."):
        s = "-" + s[2:]
    return s or "0"


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
_FONT = 'font-family="system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif" font-weight="700"'

_CORNER_X = 21  # centre line of the corner index column


def _corner(card: Card, colour: str) -> str:
    if card.rank == "10":
        # Two digits: condensed to the width of the column.
        rank = (f'<text x="{_CORNER_X}" y="35" font-size="33" textLength="32" '
                f'lengthAdjust="spacingAndGlyphs" text-anchor="middle" {_FONT} '
                f'letter-spacing="-1" fill="{colour}">10</text>')
    else:
        rank = (f'<text x="{_CORNER_X}" y="35" font-size="35" text-anchor="middle" {_FONT} '
                f'fill="{colour}">{card.rank}</text>')
    pip = _place(SUIT_PATHS[card.suit_letter], _CORNER_X - 13, 41, 26, colour)
    return rank + pip


def _centre(card: Card, colour: str) -> str:
    d = SUIT_PATHS[card.suit_letter]
    if card.rank == "A":
        return _place(d, 16, 58, 72, colour)
    if card.rank in _CROWN_PATHS:
        frame = (f'<rect x="40" y="8" width="52" height="124" rx="4" fill="none" '
                 f'stroke="{colour}" stroke-width="1.5"/>')
        rule = ' fill-rule="evenodd"' if card.rank == "Q" else ""  # pearls cut out
        crown = (f'<path transform="translate(46 22) scale(.4)" fill="{colour}"{rule} '
                 f'd="{_CROWN_PATHS[card.rank]}"/>')
        return frame + crown + _place(d, 43, 68, 46, colour)
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
