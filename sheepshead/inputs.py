"""Reading the command line's input files: one place, one-line errors."""

from __future__ import annotations

import sys

from .errors import SheepsheadError

__all__ = ["read_input"]


MAX_INPUT_BYTES = 1_000_000
"""The longest input file read (a hand record takes about 1,000 bytes)."""


def read_input(path: str) -> str:
    """The text of ``path`` (UTF-8, at most :data:`MAX_INPUT_BYTES`), or of standard input
    for ``-``."""
    name = "standard input" if path == "-" else path
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(MAX_INPUT_BYTES + 1)
    except OSError as e:
        raise SheepsheadError(f"cannot read {path}: {e.strerror}") from None
    if len(data) > MAX_INPUT_BYTES:
        raise SheepsheadError(f"{name} is longer than {MAX_INPUT_BYTES} bytes: not a record")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise SheepsheadError(f"{name} is not UTF-8 text") from None
