"""The shape of sheepshead/ui/ and the page binding, read from the source (issue 9): the
table's modules import one another downwards only (settings and links, then wording, then
the animation queue, then the controller, then the HTML), and static/main.py has exactly
one broad guard, which logs the error to the console and shows it.  The package-wide
checks (layers, cycles, sizes, no swallowed error) are in test_architecture.py."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
UI = ROOT / "sheepshead" / "ui"
MAIN = ROOT / "static" / "main.py"

LAYERS = ("events", "svg", "markup", "settings", "links", "wording", "animation", "tableview", "table",
          "panels", "render", "controller")
"""The table's modules in sheepshead/ui/ from the bottom up: each imports only modules
listed before it (or modules of sheepshead/ui/ not listed here, which are checked by
test_architecture.py)."""


def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def ui_imports(path: Path) -> set[str]:
    """The sibling modules of sheepshead/ui/ that ``path`` imports (``from .x import``)."""
    out = set()
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.ImportFrom) and node.level in (1, 2):
            if node.module:
                out.add(node.module.split(".")[-1])
            else:
                out.update(alias.name for alias in node.names)
    return out


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


@pytest.mark.parametrize("name", LAYERS)
def test_ui_modules_import_only_the_layers_below(name):
    above = set(LAYERS[LAYERS.index(name):])
    assert not ui_imports(next(UI.rglob(f"{name}.py"))) & above


def test_the_page_has_one_guard_and_it_logs_to_the_console():
    assert len(broad_handlers(MAIN)) == 1
    text = MAIN.read_text(encoding="utf-8")
    assert "console.error" in text and "traceback.format_exception" in text


def test_the_controller_is_about_300_lines():
    assert len((UI / "table" / "table.py").read_text(encoding="utf-8").splitlines()) <= 350
