"""Run engine tests inside Pyodide (CPython 3.14 on WebAssembly) under Node.js.

The browser runs the engine on Pyodide's Python, the host runs it on CPython
3.11: this runs the listed test files in the real browser runtime, through
tests/pyodide/run_pytest.mjs, with pytest from the wheels that tests/run puts
in .cache/wheels/. Files listed here must need only the standard library,
pytest and sheepshead (no hypothesis, no playwright).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HARNESS = ROOT / "tests" / "pyodide" / "run_pytest.mjs"
WHEELS = ROOT / ".cache" / "wheels"

# Test files (relative to the repo root) that also run under Pyodide.
# All the engine's tests that need no subprocess and no hypothesis (the deal vectors,
# the golden hands, 10,000 random hands, hidden information, games) and the card art.
PYODIDE_TEST_FILES = [
    "tests/test_pyodide_smoke.py",
    "tests/test_engine_deals.py",
    "tests/test_engine_golden.py",
    "tests/test_engine_view.py",
    "tests/test_engine_game.py",
    "tests/test_engine_random.py",
    "tests/test_engine_options.py",
    "tests/test_ui_svg.py",
    "tests/test_ui_table.py",
    "tests/test_bots_play.py",
    "tests/test_bots_hidden.py",
    "tests/test_bots_sampling.py",
    "tests/test_bots_options.py",
    "tests/test_bots_runtime.py",
    "tests/test_bots_frozen.py",
    "tests/test_results.py",
    "tests/test_daily_logic.py",
    "tests/test_viewer.py",
    "tests/test_advice.py",
    "tests/test_session.py",
    "tests/test_ui_helptext.py",
    "tests/test_ui_tutorial.py",
    "tests/test_ui_help.py",
    "tests/test_ui_controller.py",
]

TIMEOUT_S = 900  # Pyodide loads in ~2 s; pytest's import and the tests take longer


def test_listed_files_exist_and_avoid_host_only_imports():
    for name in PYODIDE_TEST_FILES:
        source = (ROOT / name).read_text(encoding="utf-8")
        assert not re.search(r"^\s*(import|from)\s+(hypothesis|playwright)\b", source, re.M), name


@pytest.mark.pyodide
def test_listed_tests_pass_under_pyodide():
    if shutil.which("node") is None:
        pytest.fail("node is not on PATH")
    if not (ROOT / "node_modules" / "pyodide").is_dir():
        pytest.fail("node_modules/pyodide missing: run `npm ci` (tests/run does)")
    if not list(WHEELS.glob("pytest-*.whl")):
        pytest.fail(f"no pytest wheel in {WHEELS}: run tests/run (it downloads them)")
    result = subprocess.run(
        ["node", str(HARNESS), "-q", *PYODIDE_TEST_FILES],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
    )
    output = result.stdout + result.stderr
    print(output)  # shown by pytest on failure
    assert result.returncode == 0, output
    assert "Python 3.14" in output, output
    assert re.search(r"\b[1-9]\d* passed\b", output), output
    assert not re.search(r"\b\d+ (failed|error|errors)\b", output), output
