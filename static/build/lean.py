"""Python sources without their docstrings and comments, line for line (build.py; never
shipped).  Imported by build.py for the game's zip and the trimmed stdlib, and run inside
Pyodide by precompile.py for the stdlib modules this machine's older Python cannot parse.
Standard library only (ast, io, tokenize), valid from Python 3.11 on."""

from __future__ import annotations

import ast
import io
import tokenize


def lean_source(text: str) -> str:
    """``text`` (Python source) without its docstrings and comments, line for line: each bare
    string statement becomes ``""`` (or an empty triple-quoted string over as many lines) and
    each comment is cut off, so every line keeps its number and a traceback in the browser
    points where it points in the repository.  The page never reads a docstring."""
    lines = text.splitlines(keepends=True)
    spans = [(n.lineno, n.col_offset, n.end_lineno, n.end_col_offset)
             for n in ast.walk(ast.parse(text))
             if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)
             and isinstance(n.value.value, str)]
    cuts = [(t.start[0], t.start[1]) for t in tokenize.generate_tokens(io.StringIO(text).readline)
            if t.type == tokenize.COMMENT]
    for row, col in cuts:                     # a comment: the rest of its line goes
        line = lines[row - 1]
        lines[row - 1] = line[:col].rstrip() + ("\n" if line.endswith("\n") else "")
    raw = [line.encode() for line in lines]   # ast's columns count UTF-8 bytes
    for row, col, end_row, end_col in sorted(spans, reverse=True):
        if end_row is None or end_col is None:
            continue
        first, last = raw[row - 1], raw[end_row - 1]
        blank = b'""' if row == end_row else b'"""' + b"\n" * (end_row - row) + b'"""'
        raw[row - 1:end_row] = (first[:col] + blank + last[end_col:]).splitlines(keepends=True)
    return b"".join(raw).decode()


def lean_module(data: bytes) -> bytes:
    """A stdlib module's source made lean (:func:`lean_source`) when this Python parses both
    to the same tree less their bare strings; else as it is (Pyodide's Python is newer)."""
    def tree(text: str) -> str:
        root = ast.parse(text)
        for node in ast.walk(root):
            for body in (getattr(node, f, None) for f in ("body", "orelse", "finalbody")):
                if isinstance(body, list):
                    body[:] = [s for s in body if not (isinstance(s, ast.Expr)
                               and isinstance(s.value, ast.Constant) and isinstance(s.value.value, str))]
        return ast.dump(root)

    try:
        text = data.decode()
        lean = lean_source(text)
        return lean.encode() if tree(lean) == tree(text) else data
    except (SyntaxError, UnicodeDecodeError, ValueError):
        return data
