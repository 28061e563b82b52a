"""Stored JSON, read safely: refused before parsing when too long or nested too deep.

Pure Python, standard library only.  Deeply nested JSON exhausts the browser's stack under
Pyodide (a fatal WebAssembly error that no ``except`` can catch, before any
``RecursionError``), so nesting is counted on the raw text first.  Everything the page
reads back from storage (:mod:`sheepshead.ui.storage.saves`, the old save in
:mod:`sheepshead.ui.page.session`) goes through :func:`parse_json`.
"""

from __future__ import annotations

import json

from ...errors import SheepsheadError

__all__ = ["MAX_SAVE_CHARS", "MAX_RESULTS_CHARS", "MAX_BACKUP_CHARS", "MAX_DEPTH", "parse_json",
           "nesting_depth", "check_format"]

MAX_SAVE_CHARS = 200_000
"""A saved game longer than this is not read (a finished game takes about 5,000)."""
MAX_RESULTS_CHARS = 2_000_000
"""The longest results book read: a Daily's entry takes about 600 characters, so this holds
some nine years of Dailies (it was 10,000,000)."""
MAX_BACKUP_CHARS = 4_000_000
"""The longest backup read (:mod:`sheepshead.ui.backup.backup`): a results book of at most
:data:`MAX_RESULTS_CHARS` and the games in progress.  A file chosen for Import that is
longer is not even read."""
MAX_DEPTH = 32
"""The deepest nesting of stored JSON that is read (a save needs 4)."""

def nesting_depth(text: str, stop_above: int = MAX_DEPTH) -> int:
    """The deepest bracket nesting of JSON text, outside strings, in one pass over the text
    (no regular expression: a backtracking pattern over ``"\\"\\"…`` took quadratic time).
    Stops counting once the depth passes ``stop_above``."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > stop_above:
                    break
        elif ch in "]}":
            depth -= 1
    return deepest


def parse_json(text: str, what: str, limit: int = MAX_SAVE_CHARS) -> object:
    """``json.loads`` for stored text, refusing (SheepsheadError, one line) anything that is
    not text, over ``limit`` characters or nested deeper than :data:`MAX_DEPTH`, before
    parsing it.  Time is linear in the length of the text."""
    if not isinstance(text, str):
        raise SheepsheadError(f"{what}: not JSON (not text)")
    if len(text) > limit:
        raise SheepsheadError(f"{what}: {len(text)} characters is far too long")
    if nesting_depth(text) > MAX_DEPTH:
        raise SheepsheadError(f"{what}: nested deeper than {MAX_DEPTH}")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise SheepsheadError(f"{what}: not JSON") from None


def check_format(data: dict[str, object], wanted: str, what: str) -> None:
    """Refuse (one line) a stored object whose ``format`` is not ``wanted``
    (``sheepshead-save/1`` …): a later version of the same family says it is newer."""
    fmt = data.get("format")
    if fmt == wanted:
        return
    if isinstance(fmt, str) and fmt.startswith(wanted.rpartition("/")[0] + "/"):
        raise SheepsheadError(f"{what}: format {fmt[:30]!r} is newer than this version reads "
                              f"({wanted})")
    raise SheepsheadError(f"{what}: not a {wanted} object")
