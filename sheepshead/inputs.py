"""Reading the command line's input files: one place, one-line errors."""

from __future__ import annotations

import sys

from .errors import SheepsheadError

__all__ = ["read_input"]


def read_input(path: str) -> str:
    """The text of ``path`` (UTF-8), or of standard input for ``-``."""
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as e:
        raise SheepsheadError(f"cannot read {path}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise SheepsheadError(f"{path} is not UTF-8 text") from None
