"""The second half of the Pyodide run (tests/test_in_pyodide.py): the tests of sheepshead.ui,
in a file of their own so that the other xdist worker takes them (``--dist loadfile``)."""

from __future__ import annotations

import pytest
from test_in_pyodide import PYODIDE_TEST_FILES, run_in_pyodide


@pytest.mark.pyodide
def test_ui_tests_pass_under_pyodide():
    run_in_pyodide(PYODIDE_TEST_FILES["ui"])
