"""Fuzzing as tests (issue 21): links, records and saves mutated from valid ones end accepted
or refused in one line (exit 2, no traceback), the page always ends with a table, and no input
takes seconds.  A few hundred examples here; ``bench/fuzz.py`` runs the same checks deeper.
The generators and checks are in tests/fuzzing.py.  Needs hypothesis: not for Pyodide."""

from __future__ import annotations

import datetime as dt

import fuzzing
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheepshead.ui.backup.backup import read_backup, read_link

FAST = settings(max_examples=100, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("base", range(3))
def test_mutated_result_links(base: int) -> None:
    @FAST
    @given(fuzzing.mutated(fuzzing.valid_links()[base]))
    def check(text: str) -> None:
        fuzzing.check_link(text)
    check()


@FAST
@given(st.sampled_from(range(3)).flatmap(lambda i: fuzzing.mutated(fuzzing.valid_links()[i])))
def test_mutated_result_links_in_the_page(text: str) -> None:
    fuzzing.check_link_in_the_page(text)


@pytest.mark.parametrize("base", range(3))
def test_mutated_records(base: int) -> None:
    @FAST
    @given(fuzzing.mutated(fuzzing.valid_records()[base]))
    def check(text: str) -> None:
        fuzzing.check_record(text)
    check()


@settings(FAST, max_examples=40)
@given(fuzzing.mutated(fuzzing.valid_saves()[0]))
def test_mutated_saves(text: str) -> None:
    fuzzing.check_save(text)


@settings(FAST, max_examples=40)
@given(fuzzing.mutated(fuzzing.valid_board_links()[0]))
def test_mutated_board_links_in_the_page(text: str) -> None:
    fuzzing.check_link_in_the_page(text)


@settings(FAST, max_examples=20)
@given(fuzzing.board_links())
def test_generated_board_links(text: str) -> None:
    """Board links built from parts (copies, junk, look-alike names, many entries), on the
    command line and in the page."""
    fuzzing.check_board_link(text)


@settings(FAST, max_examples=40)
@given(fuzzing.mutated(fuzzing.valid_boards()))
def test_mutated_boards(text: str) -> None:
    fuzzing.check_save(text)


@settings(FAST, max_examples=40)
@given(fuzzing.mutated(fuzzing.valid_backups()[0]))
def test_mutated_backups(text: str) -> None:
    fuzzing.check_backup(text)


@settings(FAST, max_examples=30)
@given(fuzzing.backups())
def test_generated_backups(backup: tuple[str, dt.date]) -> None:
    """Backups built from parts (planted dates, forged pars, a date named twice, wrong types,
    deep nesting, too many values): refused in one line or kept to the Daily's rules."""
    fuzzing.check_generated_backup(*backup)


@settings(FAST, max_examples=40)
@given(fuzzing.mutated(fuzzing.valid_backups()[1]))
def test_mutated_backup_links_in_the_page(text: str) -> None:
    fuzzing.check_link_in_the_page(text)


def test_the_valid_inputs_are_accepted() -> None:
    """The generators start from inputs that every way in accepts."""
    for link in fuzzing.valid_links():
        code, _, err = fuzzing.run_cli("verify", "--scores-only", link)
        assert code == 0, err
    for record in fuzzing.valid_records():
        assert fuzzing.run_cli("replay", "-", stdin=record)[0] == 0
    text, link = fuzzing.valid_backups()
    assert read_backup(text).skipped == 0
    assert read_link(link) == read_backup(text)
