"""The grammar of text from outside: seeds, dates, game ids, option words, numbers, names.

Every link, record, save and command-line argument is read through these, on the command line
and in the page alike, so both accept exactly the same text.  The rules:

* **ASCII only, whole string.**  Patterns use ``[0-9]`` (Python's ``\\d`` also matches ``𝟣``
  and other non-ASCII digits), ``re.ASCII`` (so that ``IGNORECASE`` does not fold the Kelvin
  sign ``K`` into ``k``) and :meth:`re.Pattern.fullmatch` (``$`` also matches before a final
  newline).
* **Bounded.**  Every number has a range, every text a length, checked before any work that
  grows with it.
* **One refusal.**  Anything else raises :class:`~sheepshead.errors.SheepsheadError` with one
  line.

Standard library only; part of the engine core (imports only :mod:`.errors`).
"""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass

from .errors import SheepsheadError

__all__ = ["Seed", "parse_seed", "seed_or_none", "date_of_seed", "parse_date", "parse_game_id",
           "parse_count", "is_option_word", "shown", "clean_name", "is_control",
           "drop_invisible", "url_fragment", "MAX_NAME", "MAX_LINK_CHARS", "GAME_ID", "DATE"]

DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})", re.ASCII)
"""``YYYY-MM-DD`` (a calendar date is checked apart)."""
GAME_ID = re.compile(r"[0-9a-f]{16}", re.ASCII)
"""A New Game's id as a seed holds it: 16 lowercase hex digits (links accept either case)."""
_GAME_ID_ANY_CASE = re.compile(r"[0-9a-fA-F]{16}", re.ASCII)
_OPTION_WORD = re.compile(r"[a-z0-9][a-z0-9-]{0,15}", re.ASCII | re.IGNORECASE)
_COUNT = re.compile(r"[0-9]{1,18}", re.ASCII)

MAX_NAME = 24
"""The longest player's name, in characters (result links' ``by=``, the name setting)."""


@dataclass(frozen=True)
class Seed:
    """A game's seed: a Daily's date or a New Game's id, parsed once.  ``str()`` is its text,
    ``daily:2026-12-01`` or ``game:0123456789abcdef``, and :func:`parse_seed` reads it back."""

    date: _dt.date | None = None
    game_id: str | None = None

    def __post_init__(self) -> None:
        if (self.date is None) == (self.game_id is None):
            raise SheepsheadError("a seed is either a Daily's date or a New Game's id")
        if self.game_id is not None and not GAME_ID.fullmatch(self.game_id):
            raise SheepsheadError(f"game id {shown(self.game_id)} is not 16 lowercase hex digits")

    @property
    def is_daily(self) -> bool:
        return self.date is not None

    def __str__(self) -> str:
        if self.date is not None:
            return f"daily:{self.date.isoformat()}"
        return f"game:{self.game_id}"


def parse_seed(text: object) -> Seed:
    """``daily:YYYY-MM-DD`` (a calendar date) or ``game:`` and 16 lowercase hex digits."""
    if not isinstance(text, str):
        raise SheepsheadError(f"seed must be text, not {type(text).__name__}")
    kind, colon, value = text.partition(":")
    if colon and kind == "daily" and DATE.fullmatch(value):
        return Seed(date=parse_date(value, "seed"))
    if colon and kind == "game" and GAME_ID.fullmatch(value):
        return Seed(game_id=value)
    raise SheepsheadError(f"seed {shown(text)} is neither 'daily:YYYY-MM-DD' nor 'game:' and "
                          f"16 lowercase hex digits")


def seed_or_none(text: object) -> Seed | None:
    """:func:`parse_seed`, or None for anything that is not a seed."""
    try:
        return parse_seed(text)
    except SheepsheadError:
        return None


def date_of_seed(text: object) -> _dt.date | None:
    """The date of a Daily's seed (``daily:2026-12-01``); None for a New Game's seed or for
    anything that is not a seed."""
    seed = seed_or_none(text)
    return None if seed is None else seed.date


def parse_date(text: str, what: str = "date") -> _dt.date:
    """A calendar date written ``YYYY-MM-DD`` in ASCII digits."""
    m = DATE.fullmatch(text) if isinstance(text, str) else None
    if m is None:
        raise SheepsheadError(f"{what}: {shown(str(text))} is not a date (YYYY-MM-DD)")
    try:
        return _dt.date(int(m[1]), int(m[2]), int(m[3]))
    except ValueError:
        raise SheepsheadError(f"{what}: {shown(text)} names no calendar date") from None


def parse_game_id(text: str, what: str = "game") -> str:
    """A link's game id: 16 hex digits in either case, returned in lowercase."""
    if not isinstance(text, str) or not _GAME_ID_ANY_CASE.fullmatch(text):
        raise SheepsheadError(f"{what}: {shown(str(text))} is not 16 hex digits")
    return text.lower()


def parse_count(text: str, what: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` written in ASCII digits (at most 18 of them)."""
    if not isinstance(text, str) or not _COUNT.fullmatch(text):
        raise SheepsheadError(f"{what} must be a whole number from {low} to {high}, "
                              f"not {shown(str(text))}")
    value = int(text)
    if not low <= value <= high:
        raise SheepsheadError(f"{what} must be a whole number from {low} to {high}, not {value}")
    return value


def is_option_word(word: str) -> bool:
    """An ASCII word of a link's ``rules=`` part (any case), at most 16 characters."""
    return bool(_OPTION_WORD.fullmatch(word))


def shown(text: str, limit: int = 20) -> str:
    """Outside text in a one-line message: at most ``limit`` characters, escapes visible."""
    short = text if len(text) <= limit else text[:limit] + "…"
    return repr(short)


# ---------------------------------------------------------------- names
_INVISIBLE = frozenset(
    [0x00AD, 0x061C, 0x180E, 0xFEFF, 0x2028, 0x2029]
    + list(range(0x200B, 0x2010))        # zero-width space, joiners, LRM, RLM
    + list(range(0x202A, 0x202F))        # LRE RLE PDF LRO RLO
    + list(range(0x2060, 0x2070))        # word joiner, invisible operators, LRI RLI FSI PDI …
)
"""Code points removed from names: bidi controls (which reorder the text around a name),
zero-width characters, line and paragraph separators, the soft hyphen and the byte-order mark.
A fixed list rather than Unicode categories, so that every Python (3.11 here, 3.14 in the
browser) reads a name alike."""


def is_control(ch: str) -> bool:
    """A control character (C0, DEL, C1) or a lone surrogate: refused in a link's name."""
    o = ord(ch)
    return o < 32 or 127 <= o < 160 or 0xD800 <= o <= 0xDFFF


def drop_invisible(name: str) -> str:
    """``name`` without the characters of :data:`_INVISIBLE`."""
    return "".join(ch for ch in name if ord(ch) not in _INVISIBLE)


def clean_name(name: object) -> str | None:
    """A player's name as it is written and kept: control and invisible characters removed,
    surrounding spaces stripped, at most :data:`MAX_NAME` characters; None when nothing is
    left.  (Reading a link's name refuses control characters instead: results.py.)"""
    if name is None:
        return None
    if not isinstance(name, str):
        raise SheepsheadError(f"the name must be text, not {type(name).__name__}")
    kept = drop_invisible("".join(ch for ch in name[:40 * MAX_NAME] if not is_control(ch)))
    kept = kept.strip()[:MAX_NAME].strip()
    return kept or None


# ---------------------------------------------------------------- links
MAX_LINK_CHARS = 250_000
"""The longest link read at all (a result string holds at most 100,000 characters)."""
_FRAGMENT_KEPT = frozenset(chr(c) for c in range(0x21, 0x7F)) - frozenset('"<>`')


def url_fragment(text: object) -> str:
    """The fragment of a link (without ``#``) as a browser's ``location.hash`` holds it, so
    that the command line reads a pasted link exactly as the page does.  As in WHATWG URL
    parsing: spaces and control characters around the link are stripped, every tab and
    newline inside it is removed, and in the fragment spaces, control characters, ``"<>`\\```
    and every non-ASCII character are percent-encoded as UTF-8 (a lone surrogate as U+FFFD).
    The result is ASCII; a link of over :data:`MAX_LINK_CHARS` characters is refused."""
    if not isinstance(text, str):
        raise SheepsheadError(f"link: must be text, not {type(text).__name__}")
    if len(text) > MAX_LINK_CHARS:
        raise SheepsheadError(f"link: {len(text)} characters is far too long "
                              f"(at most {MAX_LINK_CHARS})")
    text = text.strip("".join(chr(c) for c in range(33))).translate({9: None, 10: None, 13: None})
    if "#" in text:
        text = text.split("#", 1)[1]
    return "".join(ch if ch in _FRAGMENT_KEPT else _percent_encoded(ch) for ch in text)


def _percent_encoded(ch: str) -> str:
    if 0xD800 <= ord(ch) <= 0xDFFF:
        ch = "\ufffd"
    return "".join(f"%{b:02X}" for b in ch.encode("utf-8"))
