"""The page binding, read from the source (issue 9): static/main.py has exactly one broad
guard, which logs the error to the console and shows it.  The order of sheepshead/ui/'s
packages, with every other module of the package, is checked in test_architecture.py
(``ORDER``: each import points down it), with the cycles and the swallowed errors."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAIN = ROOT / "static" / "main.py"


def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def broad_handlers(path: Path) -> list[int]:
    """Lines of ``except:`` / ``except Exception`` / ``except BaseException`` handlers."""
    lines = []
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.ExceptHandler):
            names = ([] if node.type is None else
                     [e.id for e in (node.type.elts if isinstance(node.type, ast.Tuple)
                                     else [node.type]) if isinstance(e, ast.Name)])
            if node.type is None or {"Exception", "BaseException"} & set(names):
                lines.append(node.lineno)
    return lines


def test_the_page_has_one_guard_and_it_logs_to_the_console():
    assert len(broad_handlers(MAIN)) == 1
    text = MAIN.read_text(encoding="utf-8")
    assert "console.error" in text and "traceback.format_exception" in text
