"""The package's shape, checked from its source: layers, cycles, module sizes, errors.

docs/architecture.md describes the layers; these tests keep the code to them:

* the engine core never imports the computer players or the interface, the computer
  players never import the interface, and nothing in the package imports ``js`` or
  ``pyscript``;
* the modules' imports draw no cycle, counting imports inside functions too;
* no module of ``sheepshead/``, ``static/`` or ``build.py`` is over 600 lines;
* inside the package no ``except Exception``, no bare ``except:`` and no ``ImportError``
  fallback hide an error;
* nothing outside ``state.py`` reads a private (underscore) field of a hand.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "sheepshead"
MAX_LINES = 600
BUILD_MAX_LINES = 700


def modules() -> dict[str, Path]:
    """Dotted module name -> file, for every module of the package."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def imports_of(name: str, path: Path) -> set[str]:
    """The package modules ``name`` imports, wherever the import statement stands."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    known = modules()
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            targets = [stem] + [f"{stem}.{a.name}" for a in node.names]
        else:
            continue
        for t in targets:
            while t and t not in known:
                t = t.rpartition(".")[0]
            if t and t != name:
                out.add(t)
    return out


def graph() -> dict[str, set[str]]:
    return {name: imports_of(name, path) for name, path in modules().items()}


def layer(name: str) -> str:
    """The layer of a module, bottom to top: core (the rules; the package's own ``__init__``
    re-exports only these), bots (the computer players), results (shared results, checked
    against the players), ui (the table's logic), entry (the command line)."""
    if name.startswith("sheepshead.ui"):
        return "ui"
    if name.startswith("sheepshead.bots"):
        return "bots"
    if name in ("sheepshead.results", "sheepshead.board"):
        return "results"
    if name in ("sheepshead.cli", "sheepshead.bots_cli", "sheepshead.__main__"):
        return "entry"
    return "core"


ALLOWED = {"core": {"core"}, "bots": {"core", "bots"}, "results": {"core", "bots", "results"},
           "ui": {"core", "bots", "results", "ui"}, "entry": {"core", "bots", "results", "entry"}}


def test_layers_point_downwards_only():
    wrong = [(a, b) for a, targets in graph().items() for b in targets
             if layer(b) not in ALLOWED[layer(a)]]
    assert not wrong, f"imports against the layers: {wrong}"
    assert graph()["sheepshead.cli"] >= {"sheepshead.bots_cli"}       # one way: cli -> bots_cli
    assert "sheepshead.cli" not in graph()["sheepshead.bots_cli"]


def test_no_import_cycles():
    g = graph()
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str) -> None:
        state[n] = 1
        stack.append(n)
        for m in sorted(g[n]):
            if state.get(m) == 1:
                raise AssertionError("import cycle: " + " -> ".join(stack[stack.index(m):] + [m]))
            if m not in state:
                visit(m)
        stack.pop()
        state[n] = 2

    for n in sorted(g):
        if n not in state:
            visit(n)
    assert len(state) == len(g) > 30


def test_the_package_never_imports_the_browser():
    for name, path in modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and not node.level:
                roots = {(node.module or "").split(".")[0]}
            else:
                continue
            assert not roots & {"js", "pyscript", "pyodide"}, name


def test_modules_fit_in_a_head():
    """The package's modules and the page's files fit in a head (MAX_LINES); build.py, one
    script of one concern (the build: vendoring, trimming, the snapshot, the service worker),
    may be longer, up to BUILD_MAX_LINES (issue 38: a cap splits files by size, not by
    concern; the package's own guard is to become its layer test)."""
    files = list(PACKAGE.rglob("*.py")) + [p for p in (ROOT / "static").rglob("*")
                                          if p.suffix in (".py", ".js", ".css", ".html")]
    long = {str(p.relative_to(ROOT)): n for p in files
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines: {long}"
    build_lines = len((ROOT / "build.py").read_text(encoding="utf-8").splitlines())
    assert build_lines <= BUILD_MAX_LINES, f"build.py: {build_lines} lines"


def test_no_error_is_swallowed_inside_the_package():
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ExceptHandler):
                continue
            assert node.type is not None, f"{name}:{node.lineno}: bare except"
            caught = {n.id for n in ast.walk(node.type) if isinstance(n, ast.Name)}
            assert not caught & {"Exception", "BaseException"}, f"{name}:{node.lineno}"
            assert "ImportError" not in caught, f"{name}:{node.lineno}: an ImportError fallback"


def test_only_the_state_reads_a_hands_private_fields():
    private = re.compile(r"\.(_hands|_trick|_tricks|_taken|_won|_history|_seats|_led|_unknown_pos"
                         r"|_called_led_at|_partner_revealed_at|_asks)\b")
    places = [str(p.relative_to(ROOT)) for p in list(PACKAGE.rglob("*.py"))
              + list((ROOT / "bench").glob("*.py")) + list((ROOT / "tests").glob("*.py"))
              + [ROOT / "static" / "main.py"]
              if p.name not in ("state.py", "test_architecture.py")
              and private.search(p.read_text(encoding="utf-8"))]
    assert not places, f"private HandState fields read in {places}"
