"""Smoke test that runs both on the host and inside Pyodide (see tests/test_in_pyodide.py).

Standard library and pytest only: no hypothesis, no playwright, since these
tests also run under Pyodide, where only pytest's own wheels are on sys.path.
"""

import re
import sys
import tomllib
from pathlib import Path

import sheepshead

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def test_python_version():
    if sys.platform == "emscripten":
        # Pyodide 314.0.7 ships CPython 3.14: the browser runs the engine on it.
        assert sys.version_info >= (3, 14)
    else:
        assert sys.version_info >= (3, 11)  # pyproject's requires-python


def test_engine_version_matches_pyproject():
    version = sheepshead.__version__
    assert isinstance(version, str)
    assert re.fullmatch(r"\d+\.\d+\.\d+(?:[.-]?\w+)?", version), version
    with PYPROJECT.open("rb") as f:
        assert version == tomllib.load(f)["project"]["version"]
