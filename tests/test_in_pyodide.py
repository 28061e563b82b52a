"""Run the engine's tests inside Pyodide (CPython 3.14 on WebAssembly) under Node.js.

The browser runs the engine on Pyodide's Python, the host runs it on CPython 3.11: the files
listed here run again in the real browser runtime, through tests/pyodide/run_pytest.mjs, with
pytest from the wheels that tests/run puts in .cache/wheels/, and without their slow parts
(``-m "not slow"``: the same samples as the fast tier). Files listed here must need only the
standard library, pytest and sheepshead (no hypothesis, no playwright).

Two groups, one per file (this one and tests/test_in_pyodide_ui.py), so that the two workers
of ``--dist loadfile`` share them.
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

# What is listed: the tests whose outcome could change with the runtime, where Pyodide's
# Python differs from the host's (version 3.14 against 3.11, float sums, random, hashlib,
# json, datetime, zipfile, no subprocess or threads): the outputs that must match byte for
# byte between a browser and the host (deal vectors from seeds, golden hands, result links
# and their checks, the computer players' choices and frozen digests, the Daily's par, saved
# games, the HTML and SVG the page shows), and the modules of sheepshead.ui the page runs.
# Not listed, though they would pass there: properties of pure logic that no runtime
# difference can reach, checked on the host only (views hide what they should:
# test_engine_view, test_bots_hidden, test_bots_sampling; the brute-force claim proof, hints
# and undo: test_advice; the help and the practice hand: test_ui_help, test_ui_tutorial).
PYODIDE_TEST_FILES = {
    "engine": [                         # the engine, the computer players, result links
        "tests/test_pyodide_smoke.py",
        "tests/test_engine_deals.py",
        "tests/test_engine_golden.py",
        "tests/test_engine_game.py",
        "tests/test_engine_random.py",
        "tests/test_engine_options.py",
        "tests/test_bots_play.py",
        "tests/test_bots_options.py",
        "tests/test_bots_runtime.py",
        "tests/test_bots_frozen.py",
        "tests/test_results.py",
        "tests/test_hostile.py",        # the ASCII grammar, names and bounds under 3.14
    ],
    "ui": [                             # sheepshead.ui: the Daily, the viewer, the table
        "tests/test_daily_logic.py",
        "tests/test_viewer.py",
        "tests/test_session.py",
        "tests/test_ui_table.py",
        "tests/test_ui_svg.py",
        "tests/test_ui_helptext.py",
        "tests/test_ui_controller.py",
        "tests/test_ui_pacing.py",      # asyncio under Pyodide's event loop
        "tests/test_ui_glossary.py",    # regular expressions under 3.14
        "tests/test_ui_felt.py",
        "tests/test_backup.py",         # zlib, base64 and the merge under Pyodide
    ],
}

TIMEOUT_S = 900  # a guard against a hang: each half takes about a minute on an idle machine


def run_in_pyodide(files: list[str]) -> None:
    """Run ``files`` with pytest inside Pyodide; fail with its output unless they all pass."""
    if shutil.which("node") is None:
        pytest.fail("node is not on PATH")
    if not (ROOT / "node_modules" / "pyodide").is_dir():
        pytest.fail("node_modules/pyodide missing: run `npm ci` (tests/run does)")
    if not list(WHEELS.glob("pytest-*.whl")):
        pytest.fail(f"no pytest wheel in {WHEELS}: run tests/run (it downloads them)")
    result = subprocess.run(
        ["node", str(HARNESS), "-q", "-m", "not slow", *files],
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


def test_listed_files_exist_and_avoid_host_only_imports():
    listed = [name for files in PYODIDE_TEST_FILES.values() for name in files]
    assert len(listed) == len(set(listed))
    for name in listed:
        source = (ROOT / name).read_text(encoding="utf-8")
        assert not re.search(r"^\s*(import|from)\s+(hypothesis|playwright)\b", source, re.M), name


@pytest.mark.pyodide
def test_engine_tests_pass_under_pyodide():
    run_in_pyodide(PYODIDE_TEST_FILES["engine"])
