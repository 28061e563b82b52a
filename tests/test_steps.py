"""Sliced work's one mechanism (sheepshead.steps.Sliced) and its faces: drained in one go,
pacing.finished with the page's turn between deadlines, the table's Thinking."""

from __future__ import annotations

from collections.abc import Generator

import pytest

from sheepshead.steps import Sliced, drained
from sheepshead.ui.pacing import finished
from sheepshead.ui.table.thinking import Thinking


def counting(n: int, log: list[int]) -> Generator[None, None, int]:
    """n slices, each logged, then their sum."""
    total = 0
    for i in range(n):
        log.append(i)
        total += i
        yield
    return total


class Ticks:
    """A clock that moves one unit each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1
        return self.now


def test_advance_stops_at_the_deadline_and_goes_on_where_it_stopped() -> None:
    log: list[int] = []
    work = Sliced(counting(10, log))
    clock = Ticks()
    assert not work.advance(clock, clock() + 3)      # three slices: the clock reads 2, 3, 4
    assert log == [0, 1, 2] and not work.done
    with pytest.raises(RuntimeError):
        _ = work.value
    assert work.advance()                             # the rest, in one go
    assert log == list(range(10)) and work.done and work.value == 45
    assert work.advance(clock, 0.0)                   # done stays done, nothing runs again
    assert log == list(range(10))


def test_at_least_one_slice_runs_past_a_deadline() -> None:
    log: list[int] = []
    work = Sliced(counting(3, log))
    assert not work.advance(Ticks(), -1.0)
    assert log == [0]


def test_the_faces_run_the_same_slices_to_the_same_value() -> None:
    one: list[int] = []
    paged: list[int] = []
    job = finished(counting(7, paged), Ticks(), turn_every=2)
    turns = 0
    while True:                     # no event loop (Playwright's may run in this process):
        try:                        # each send runs to the next turn the page gets
            job.send(None)
        except StopIteration as done:
            value = done.value
            break
        turns += 1
    assert drained(counting(7, one)) == value == 21
    assert one == paged == list(range(7))
    assert turns == 3                                  # a turn after every second slice


def test_thinking_keeps_one_decision_per_moment() -> None:
    thinking = Thinking()
    starts: list[str] = []

    def start(name: str) -> Generator[None, None, str]:
        starts.append(name)
        yield
        yield
        return name

    clock = Ticks()
    assert not thinking.run("a", lambda: start("a"), clock, clock() + 1)
    assert thinking.take("b") is None                 # another moment: nothing, and forgotten
    assert not thinking.run("a", lambda: start("a"), clock, clock() + 1)
    assert thinking.run("a", lambda: start("a"), clock, clock() + 10)
    assert starts == ["a", "a"]                       # begun again after take, not per call
    assert thinking.take("a") == "a"
    assert thinking.take("a") is None
