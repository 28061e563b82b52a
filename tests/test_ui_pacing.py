"""The page's one loop for long work (sheepshead.ui.pacing): every step handed on, the page
given a turn after each, and progress redrawn at most four times a second."""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any

from sheepshead.ui.pacing import paced


def drive(coroutine: Coroutine[Any, Any, None], order: list[str]) -> None:
    """Run ``coroutine`` to its end without an event loop (Playwright's may be running in
    this process), noting each time it gives the page a turn."""
    try:
        while True:
            coroutine.send(None)
            order.append("page")
    except StopIteration:
        pass


def test_each_step_is_handed_on_and_the_page_gets_a_turn_after_each():
    order: list[str] = []

    async def work() -> None:
        async for step in paced(iter(range(3)), lambda: order.append("redraw"),
                                lambda: 0.0):
            order.append(f"step {step}")

    drive(work(), order)
    assert order == ["step 0", "page", "step 1", "page", "step 2", "page"]


def test_redraws_are_at_most_four_a_second():
    now = [0.0]
    order: list[str] = []

    async def work() -> None:
        async for step in paced(range(20), lambda: order.append("redraw"), lambda: now[0]):
            order.append(f"step {step}")
            now[0] += 0.1                                     # each step takes 0.1 s

    drive(work(), [])
    assert [x for x in order if x != "redraw"] == [f"step {i}" for i in range(20)]
    redraws = [i for i, x in enumerate(order) if x == "redraw"]
    assert 4 <= len(redraws) <= 8                             # 20 steps over 2 s
    assert all(b - a >= 3 for a, b in zip(redraws, redraws[1:]))   # ≥ 0.25 s apart


def test_with_turn_every_the_page_gets_its_turn_once_that_long_has_passed():
    now = [0.0]
    order: list[str] = []

    async def work() -> None:
        async for step in paced(range(6), lambda: None, lambda: now[0], turn_every=0.03):
            order.append(f"step {step}")
            now[0] += 0.01                                    # slices of 10 ms

    drive(work(), order)
    assert order == ["step 0", "step 1", "step 2", "page", "step 3", "step 4", "step 5",
                     "page"]
