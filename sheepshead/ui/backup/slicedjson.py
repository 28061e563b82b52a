"""Big JSON from outside, read a step at a time: a backup (:mod:`.backup`) may be megabytes.

Pure Python, standard library only.  :func:`read_json_steps` first scans the text
(:data:`SCAN_TOKENS` strings and brackets a step, linear time), refusing it in one line when
it nests deeper than :data:`~.jsontext.MAX_DEPTH`, holds more than :data:`MAX_VALUES` values
or its brackets do not pair up, before anything is parsed; then decodes it an entry a step:
the objects it is told to walk member by member, every other value at once (at most
:data:`MAX_ENTRY_CHARS` characters: a longer one is left unread, as :class:`TooLong`).  So no
step parses more than one entry, and parsing a file of millions of small objects (each one
costs about as much as a character) never starts.  Objects remember the names they met twice
(:func:`twice`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Generator
from dataclasses import dataclass

from ...errors import SheepsheadError
from ..storage.jsontext import MAX_DEPTH

__all__ = ["MAX_VALUES", "MAX_ENTRY_CHARS", "SCAN_TOKENS", "TooLong", "read_json_steps",
           "twice", "TOKEN"]

MAX_VALUES = 100_000
"""The most values read, counted before anything is parsed (each ``,``, ``[`` and ``{``
outside strings): a backup's Daily result takes 13 and a game's save under 400, so a backup
of its 4,000 results and 24 games at most has about 65,000.  Parsing costs about as much
per value as per character: this bounds it."""
MAX_ENTRY_CHARS = 20_000
"""The longest value parsed in one step, and the longest string: a backup's Daily result
takes about 600 characters, a game's save about 4,000.  A longer one is not parsed
(:class:`TooLong`); the reader skips and counts it, or refuses, as for any bad entry."""
SCAN_TOKENS = 1_024
"""Strings and brackets scanned in one step of the first pass over the text."""


class _Object(dict[str, object]):
    """A JSON object that remembers the names it met more than once (``json`` keeps the
    last silently; a backup this game wrote never has any)."""

    twice: dict[str, int]


def _object(pairs: list[tuple[str, object]]) -> _Object:
    out = _Object()
    out.twice = {}
    for name, value in pairs:
        if name in out:
            out.twice[name] = out.twice.get(name, 1) + 1
        out[name] = value
    return out


def twice(data: object) -> dict[str, int]:
    """The names an object read by :func:`read_json_steps` met more than once, and how
    often (``json`` keeps the last silently)."""
    return getattr(data, "twice", {})


@dataclass(frozen=True)
class TooLong:
    """A value longer than :data:`MAX_ENTRY_CHARS` that is not walked, left unread."""

    chars: int


# Strings, and the characters that open, close and separate values; anything else (numbers,
# true, false, null, spaces, colons) is skipped by the search itself.  A string matches in
# one way only and its closing quote is optional, so no match is ever tried twice: linear.
TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{},]', re.S)
_DECODER = json.JSONDecoder(object_pairs_hook=_object)
_SPACE = re.compile(r"[ \t\n\r]*")


def _skip(text: str, at: int) -> int:
    """Where the JSON whitespace at ``at`` ends."""
    m = _SPACE.match(text, at)
    return at if m is None else m.end()


def read_json_steps(text: str, what: str, walked: frozenset[tuple[str, ...]]
                    ) -> Generator[None, None, object]:
    """The JSON value of ``text``, read a step at a time (see the module docstring):
    the objects at the paths of names in ``walked`` (``()`` the top) member by member.
    Refusals are one line that starts with ``what``."""
    long_values = yield from _scan(text, what)
    return (yield from _decode(text, long_values, walked, what))


def _scan(text: str, what: str) -> Generator[None, None, dict[int, int]]:
    """The first pass, :data:`SCAN_TOKENS` tokens a step: refuses the text (one line) when
    it nests deeper than :data:`MAX_DEPTH`, holds more than :data:`MAX_VALUES` values or
    its brackets do not pair up (cut short); returns where each string and bracket longer
    than :data:`MAX_ENTRY_CHARS` characters starts and ends."""
    long_values: dict[int, int] = {}
    opened: list[int] = []
    values = 0
    for n, m in enumerate(TOKEN.finditer(text), 1):
        at = m.start()
        ch = text[at]
        if ch == '"':
            if m.end() - at > MAX_ENTRY_CHARS:
                long_values[at] = m.end()
        elif ch in "[{":
            values += 1
            opened.append(at)
            if len(opened) > MAX_DEPTH:
                raise SheepsheadError(f"{what}: nested deeper than {MAX_DEPTH}")
        elif ch == ",":
            values += 1
        else:
            if not opened or text[opened[-1]] + ch not in ("[]", "{}"):
                raise SheepsheadError(_not_json(what))
            start = opened.pop()
            if m.end() - start > MAX_ENTRY_CHARS:
                long_values[start] = m.end()
        if values > MAX_VALUES:
            raise SheepsheadError(f"{what}: more than {MAX_VALUES:,} values (far more than "
                                  f"a real one holds)")
        if not n % SCAN_TOKENS:
            yield None
    if opened:
        raise SheepsheadError(_not_json(what))
    return long_values


def _decode(text: str, long_values: dict[int, int], walked: frozenset[tuple[str, ...]],
            what: str) -> Generator[None, None, object]:
    """The JSON, an entry a step (see :func:`read_json_steps`)."""
    try:
        start = _skip(text, 0)
        data, end = yield from _value(text, start, long_values, walked, ())
        if _skip(text, end) != len(text):
            raise ValueError("extra data")
    except (ValueError, IndexError, RecursionError):
        raise SheepsheadError(_not_json(what)) from None
    return data


def _value(text: str, at: int, long_values: dict[int, int],
           walked: frozenset[tuple[str, ...]], path: tuple[str, ...]
           ) -> Generator[None, None, tuple[object, int]]:
    end = long_values.get(at)
    if end is None:
        value, end = _DECODER.raw_decode(text, at)
        yield None
        return value, end
    if path not in walked or text[at] != "{":
        return TooLong(end - at), end
    pairs: list[tuple[str, object]] = []
    at = _skip(text, at + 1)
    if text[at] == "}":
        return _object(pairs), at + 1
    while True:
        if text[at] != '"':
            raise ValueError("a name expected")
        name, at = _DECODER.raw_decode(text, at)
        at = _skip(text, at)
        if text[at] != ":":
            raise ValueError("':' expected")
        at = _skip(text, at + 1)
        value, at = yield from _value(text, at, long_values, walked, (*path, name))
        pairs.append((name, value))
        at = _skip(text, at)
        if text[at] == "}":
            return _object(pairs), at + 1
        if text[at] != ",":
            raise ValueError("',' or '}' expected")
        at = _skip(text, at + 1)


def _not_json(what: str) -> str:
    return f"{what}: not JSON (cut short, or not a {what})"
