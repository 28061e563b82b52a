"""Test tiers: an expensive check keeps a cheap sample in the fast tier.

``bash tests/run fast`` deselects the tests marked ``slow`` (and ``browser``, ``site`` and
``pyodide``; see tests/conftest.py). Rather than mark a whole check slow, split it: the first
part runs in every tier (and inside Pyodide, which also skips ``slow``), the rest only in the
full run, so the full run checks exactly what it checked before.

    @split("hands", 10_000, fast=300)
    def test_random_hands(hands: range): ...      # range(0, 300), then range(300, 10_000)

    @sizes("wanted", fast=3, full=25)
    def test_until_enough(wanted: int): ...       # 3 in every tier, 25 in the full run

Standard library and pytest only: Pyodide imports this too.
"""

from __future__ import annotations

import pytest

__all__ = ["sizes", "split"]


def split(name: str, stop: int, *, fast: int):
    """Parametrize ``name`` with ``range(fast)`` and, marked slow, ``range(fast, stop)``."""
    assert 0 < fast < stop
    return pytest.mark.parametrize(name, [
        pytest.param(range(fast), id=f"first-{fast}"),
        pytest.param(range(fast, stop), id=f"rest-{stop - fast}", marks=pytest.mark.slow),
    ])


def sizes(name: str, *, fast: int, full: int):
    """Parametrize ``name`` with ``fast`` and, marked slow, ``full``."""
    assert 0 < fast < full
    return pytest.mark.parametrize(name, [
        pytest.param(fast, id=f"{name}-{fast}"),
        pytest.param(full, id=f"{name}-{full}", marks=pytest.mark.slow),
    ])
