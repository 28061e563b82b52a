"""The test tiers stay honest: tests/run's fast tier deselects what conftest says, and a test
that uses the browser or the built site without its mark is refused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import FAST_DESELECT, FIXTURE_MARKS, TIER_MARKS, missing_tier_mark

ROOT = Path(__file__).resolve().parents[1]


class FakeItem:
    def __init__(self, fixtures: list[str], marks: list[str]):
        self.nodeid = "tests/test_x.py::test_x"
        self.fixturenames = fixtures
        self.marks = marks

    def get_closest_marker(self, name: str):
        return getattr(pytest.mark, name) if name in self.marks else None


def test_tests_run_fast_deselects_the_tier_marks():
    run = (ROOT / "tests" / "run").read_text(encoding="utf-8")
    assert f'-m "{FAST_DESELECT}"' in run
    assert "--dist loadfile --no-loadscope-reorder" in run    # conftest's FILE_ORDER holds
    assert set(re.findall(r"\w+", FAST_DESELECT)) - {"not", "or"} == set(TIER_MARKS)


@pytest.mark.parametrize("fixtures, marks, wanted", [
    (["tmp_path"], [], None),
    (["page", "browser", "site_dir"], ["browser"], None),
    (["site_url", "site_dir"], ["site"], None),
    (["site_dir"], ["pyodide"], None),
    (["page", "browser", "site_dir"], [], "browser"),
    (["page", "browser", "site_dir"], ["site"], "browser"),
    (["site_url", "site_dir"], [], "site_dir"),
    (["site_dir"], ["slow"], "site_dir"),
])
def test_a_fixture_outside_the_fast_tier_needs_its_mark(fixtures, marks, wanted):
    problem = missing_tier_mark(FakeItem(fixtures, marks))
    if wanted is None:
        assert problem is None
    else:
        assert problem is not None and repr(wanted) in problem
        assert all(f"@pytest.mark.{m}" in problem for m in FIXTURE_MARKS[wanted])

