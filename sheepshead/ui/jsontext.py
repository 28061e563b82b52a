"""Stored JSON, read safely: refused before parsing when too long or nested too deep.

Pure Python, standard library only.  Deeply nested JSON exhausts the browser's stack under
Pyodide (a fatal WebAssembly error that no ``except`` can catch, before any
``RecursionError``), so nesting is counted on the raw text first.  Both the saves
(:mod:`sheepshead.ui.saves`) and the table's own format (:meth:`Table.load
<sheepshead.ui.table.Table.load>`) read through :func:`parse_json`.
"""

from __future__ import annotations

import json
import re

from ..errors import SheepsheadError

__all__ = ["MAX_SAVE_CHARS", "MAX_DEPTH", "parse_json"]

MAX_SAVE_CHARS = 200_000
"""A saved game longer than this is not read (a finished game takes about 5,000)."""
MAX_DEPTH = 32
"""The deepest nesting of stored JSON that is read (a save needs 4)."""

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def parse_json(text: str, what: str, limit: int = MAX_SAVE_CHARS) -> object:
    """``json.loads`` for stored text, refusing (SheepsheadError, one line) anything that is
    not text, over ``limit`` characters or nested deeper than :data:`MAX_DEPTH`, before
    parsing it."""
    if not isinstance(text, str):
        raise SheepsheadError(f"{what}: not JSON (not text)")
    if len(text) > limit:
        raise SheepsheadError(f"{what}: {len(text)} characters is far too long")
    depth = 0
    for m in _BRACKET.finditer(_STRING.sub("", text)):
        depth += 1 if m[0] in "[{" else -1
        if depth > MAX_DEPTH:
            raise SheepsheadError(f"{what}: nested deeper than {MAX_DEPTH}")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise SheepsheadError(f"{what}: not JSON") from None
