"""Players' names as a board shows and compares them.

A result link's name (``by=``) keeps the grammar of results.md forever: an old link reads
as it always did.  A board does two more things with it, never written back into a link:

* :func:`normal` is the **form shown**: NFKC (a fullwidth ``Ａｎｎ`` is ``Ann``), every
  default-ignorable, tag and filler character removed (variation selectors such as U+FE0F,
  U+E0000..U+E0FFF, the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, the braille blank,
  zero-width characters, bidi controls), runs of spaces made one, at most
  :data:`MAX_MARKS` combining marks on a character (a "Zalgo" name cannot draw over the row
  above).  :func:`shown_name` gives a name that is blank after that a visible fallback
  (:data:`BLANK`).
* :func:`chat_safe` is the form put in a text for a chat ("Share as text"): every character
  that a chat reads as markup (mentions ``@everyone`` ``<@…>``, links ``[Ann](https://…)``,
  ``*`` ``_`` ``~`` backticks ``|`` ``#`` ``:``) replaced by a look-alike that no chat reads,
  so that a name passes through as the plain text it is.
* :func:`skeleton` is the **form compared**: the normal form with the common look-alikes of
  Latin letters folded onto them (Cyrillic ``а``, Greek ``Α`` …), then case-folded, so that
  "Ann", "Ann" + U+FE0F, Cyrillic "Аnn" and "Ann" + a tag character are one player.

Standard library only (``unicodedata``).  The folding is a fixed table, not Unicode's whole
confusables list: it covers the Cyrillic and Greek letters that look like Latin ones.
"""

from __future__ import annotations

import unicodedata

__all__ = ["normal", "skeleton", "shown_name", "chat_safe", "BLANK", "MAX_MARKS", "IGNORED"]

MAX_MARKS = 2
"""The most combining marks kept on one character (more are dropped)."""
BLANK = "(blank name)"
"""What a name with nothing visible in it is shown as."""

IGNORED = frozenset(
    [0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180E, 0x2028, 0x2029,
     0x2800, 0x3164, 0xFEFF, 0xFFA0]
    + list(range(0x180B, 0x1810))        # Mongolian variation selectors
    + list(range(0x200B, 0x2010))        # zero-width space, joiners, LRM, RLM
    + list(range(0x202A, 0x202F))        # bidi embeddings and overrides
    + list(range(0x2060, 0x2070))        # word joiner, invisible operators, isolates
    + list(range(0xFE00, 0xFE10))        # variation selectors 1-16 (U+FE0F: emoji style)
    + list(range(0xFFF0, 0xFFF9))
    + list(range(0x1BCA0, 0x1BCA4))      # shorthand format controls
    + list(range(0x1D173, 0x1D17B))      # musical formatting
    + list(range(0xE0000, 0xE1000))      # tags and variation selectors 17-256
)
"""Code points a name loses in its normal form: Unicode's default-ignorable code points
(invisible wherever they are) and the characters that draw as nothing (the Hangul fillers,
the braille blank).  A fixed list, so that every Python reads a name alike."""

_LOOK_ALIKES = {
    # Cyrillic
    "А": "A", "В": "B", "С": "C", "Е": "E", "Н": "H", "І": "I", "Ј": "J", "К": "K",
    "М": "M", "О": "O", "Р": "P", "Ѕ": "S", "Т": "T", "Х": "X", "У": "Y", "Ү": "Y",
    "Ԁ": "D", "Ԛ": "Q", "Ԝ": "W", "Ӏ": "I",
    "а": "a", "с": "c", "е": "e", "һ": "h", "і": "i", "ј": "j", "о": "o", "р": "p",
    "ѕ": "s", "у": "y", "х": "x", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ү": "y",
    "ѵ": "v",
    # Greek
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M",
    "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
    "α": "a", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "υ": "u", "χ": "x",
    "ϲ": "c", "ϳ": "j", "Ϲ": "C", "Ϳ": "J",
    # Latin letters that read as others
    "ı": "i", "ȷ": "j", "ɑ": "a", "ɡ": "g",
}
"""Look-alikes of Latin letters, folded onto them in a skeleton."""


def normal(name: str) -> str:
    """The form of ``name`` that a board shows (see the module docstring); may be empty."""
    out: list[str] = []
    marks = 0
    for ch in unicodedata.normalize("NFKC", name):
        if ord(ch) in IGNORED:
            continue
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me"):
            if not out or out[-1] == " " or marks >= MAX_MARKS:
                continue                    # a mark on nothing, or one too many
            marks += 1
        else:
            marks = 0
            if ch.isspace():
                if not out or out[-1] == " ":
                    continue
                ch = " "
        out.append(ch)
    return "".join(out).strip()


def shown_name(name: str) -> str:
    """``name``'s normal form, or :data:`BLANK` when nothing visible is left."""
    return normal(name) or BLANK


def skeleton(name: str) -> str:
    """The form two names are compared in: the same skeleton, the same player."""
    folded = "".join(_LOOK_ALIKES.get(ch, ch) for ch in normal(name))
    return unicodedata.normalize("NFKC", folded.casefold())


_CHAT_MARKUP = str.maketrans({
    "@": "\uff20",    # ＠ fullwidth commercial at: no mention (@everyone, @here)
    "<": "\u2039",    # ‹ (<@123>, <!everyone>, <https://…>)
    ">": "\u203a",    # ›
    "[": "\uff3b",    # ［ (a Markdown link [Ann](https://…))
    "]": "\uff3d",    # ］
    "(": "\uff08",    # （
    ")": "\uff09",    # ）
    "*": "\u2217",    # ∗ (bold, italic)
    "_": "\u02cd",    # ˍ (italic, underline)
    "~": "\u02dc",    # ˜ (strike-through)
    "`": "\u02cb",    # ˋ (code)
    "|": "\u01c0",    # ǀ (spoilers ||…||, tables)
    "#": "\uff03",    # ＃ (channels, headings)
    ":": "\ua789",    # ꞉ (https:// links, :emoji:)
    "\\": "\u29f5",  # ⧵ (escapes)
})


def chat_safe(name: str) -> str:
    """``name`` (shown as :func:`shown_name`) with chat markup made plain text."""
    return shown_name(name).translate(_CHAT_MARKUP)
