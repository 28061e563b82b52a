"""The package's shape, checked from its source: the order of its layers, cycles, errors.

docs/architecture.md describes the layers; these tests keep the code to them:

* every module of ``sheepshead/`` has a place in one declared order (:data:`ORDER`: the
  engine core, the computer players, the result links, the page's packages, the command
  line), and each of its imports points to its own layer or one below; nothing in the
  package imports ``js`` or ``pyscript``;
* the modules' imports draw no cycle, counting imports inside functions too;
* inside the package no ``except Exception``, no bare ``except:`` and no ``ImportError``
  fallback hide an error;
* nothing outside ``state.py`` reads a private (underscore) field of a hand.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "sheepshead"


@cache
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


@cache
def graph() -> dict[str, set[str]]:
    return {name: imports_of(name, path) for name, path in modules().items()}


ORDER: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("core", ("sheepshead", "errors", "grammar", "names", "steps", "inputs", "cards", "rules",
              "links", "deals", "actions", "legality", "scoring", "position", "view", "refusals",
              "outcome", "state", "record", "game", "trickinfo", "buryinfo", "undo")),
    ("bots", ("bots",)),
    ("results", ("results", "board")),
    ("ui", ("ui", "ui.events", "ui.pacing")),
    ("ui.look", ("ui.look",)),
    ("ui.help", ("ui.help",)),
    ("ui.storage", ("ui.storage",)),
    ("ui.table", ("ui.table",)),
    ("ui.daily", ("ui.daily",)),
    ("ui.friends", ("ui.friends",)),
    ("ui.viewer", ("ui.viewer",)),
    ("ui.backup", ("ui.backup",)),
    ("ui.page", ("ui.page",)),
    ("entry", ("cli", "bots_cli", "__main__")),
)
"""The package's layers from the bottom up, each with what it holds (module names under
``sheepshead.``; a name holds its submodules too, ``"sheepshead"`` is the package's own
``__init__``).  A module may import its own layer and the layers listed before it, never one
listed after: the engine core, the computer players, the result links, then the page's
packages in ``sheepshead/ui/`` (docs/architecture.md says what each is about), then the
command line."""


def layer(name: str) -> int:
    """The place in :data:`ORDER` of a module (its longest matching name wins)."""
    short = name.removeprefix("sheepshead.") if name != "sheepshead" else name
    best, place = "", -1
    for i, (_, held) in enumerate(ORDER):
        for h in held:
            if (short == h or short.startswith(h + ".")) and len(h) > len(best):
                best, place = h, i
    assert place >= 0, f"{name} is in no layer of ORDER: place it there"
    return place


def test_every_module_has_a_layer():
    """A new module or package is placed in ORDER on purpose; in sheepshead/ui/ only the two
    shared modules (the page's events and its long-work loop) stand outside a package."""
    loose = [n for n in modules() if n.startswith("sheepshead.ui.") and n.count(".") == 2
             and n not in ("sheepshead.ui.events", "sheepshead.ui.pacing")
             and not (PACKAGE / "ui" / n.rpartition(".")[2] / "__init__.py").exists()]
    assert not loose, f"modules of sheepshead/ui/ outside a package: {loose}"
    placed = {name: layer(name) for name in modules()}
    assert len(placed) > 70
    assert {ORDER[p][0] for p in placed.values()} == {name for name, _ in ORDER}


def test_imports_point_down_the_order():
    """Every import of every module of the package (inside functions and TYPE_CHECKING blocks
    too) points to its own layer or one below."""
    wrong = [f"{a} ({ORDER[layer(a)][0]}) -> {b} ({ORDER[layer(b)][0]})"
             for a, targets in graph().items() for b in sorted(targets) if layer(b) > layer(a)]
    assert not wrong, "imports up the order:\n" + "\n".join(wrong)
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
