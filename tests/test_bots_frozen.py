"""The players of 2026-12-01 (``standard-v1``, ``expert-v1``; ``-v2``) never change their choices.

``standard-v1`` and ``expert-v1`` are Standard and Expert as they were on 2026-12-01 morning
(rows of ``sheepshead/bots/versions.py``, once copies in ``sheepshead/bots/v1``).  On that day
``python3 bench/bots.py`` printed the choice digests ``40d6b6a43c97`` (Standard) and
``4c1f0679aa7c`` (Expert) on the positions below, in CPython and in Pyodide; these versions
give exactly those digests, so they choose what the players of that day chose, and they must
keep doing so forever (this file also runs in Pyodide).

``standard-v2`` and ``expert-v2`` are the players of that evening: ``bench/bots.py`` printed
``40d6b6a43c97`` (Standard: on these positions the same choices as ``standard-v1``) and
``d7f73050899c`` (Expert).  ``tests/test_bots_pins.py`` pins every version at every table.
"""

from __future__ import annotations

import functools
import hashlib

import pytest

from sheepshead.bots import make_player
from sheepshead.rules import DEFAULT_RULES, Rules
from sheepshead.state import HandState

FROZEN_DIGESTS = {"standard-v1": "40d6b6a43c97", "expert-v1": "4c1f0679aa7c",
                  "standard-v2": "40d6b6a43c97", "expert-v2": "d7f73050899c"}
"""Printed for ``standard`` and ``expert`` by ``bench/bots.py`` on 2026-12-01 (morning: v1;
evening: v2)."""

SAMPLE_DIGESTS = {"expert-v1": "ba50ed690245", "expert-v2": "ea5659b138d1",
                  "standard-v4": "6dd2b82bc5d7", "expert-v4": "3f69d019c0c6"}
"""The digests on every tenth of the 200 positions (``spread()[::10]``): the fast tier's
sample, computed from the frozen players while they gave FROZEN_DIGESTS on all 200 (``-v4``:
while they gave ``tests/test_bots_pins.py``'s DEFAULT_PINS; this file runs in Pyodide too, so
the newest versions' choices are checked there in every run)."""


def decision_views(base: int, hands, rules: Rules = DEFAULT_RULES,
                   field: str = "standard-v1") -> list:
    """Every decision with a choice in the seeded hands ``hands`` (game ``base + 7919 i``,
    hand ``1 + i % 10``), every seat played by ``field``."""
    out = []
    for i in hands:
        state = HandState.from_seed("game:%016x" % (base + 7919 * i), 1 + i % 10, rules)
        players = [make_player(field, 10 * i + s) for s in range(rules.players)]
        while not state.is_over:
            view = state.view(state.to_act)
            if len(view.legal) > 1:
                out.append(view)
            state.apply(players[state.to_act].choose(view))
    return out


@functools.cache
def bench_positions(games: int = 40) -> list:
    """The views of ``bench/bots.py``: every decision with a choice in 40 seeded hands."""
    return decision_views(0xbe7c4, range(games))


def spread() -> list:
    """200 of the 913 positions, evenly spread: the Expert is too slow for all of them."""
    views = bench_positions()
    step = len(views) / 200
    return [views[int(k * step)] for k in range(200)]


def digest(level: str, views: list) -> str:
    player = make_player(level, 1)
    h = hashlib.sha256()
    for view in views:
        h.update(str(player.choose(view)).encode() + b";")
    return h.hexdigest()[:12]


def test_standard_v1_makes_the_choices_of_2026_12_01():
    views = bench_positions()
    assert len(views) == 913
    assert digest("standard-v1", views) == FROZEN_DIGESTS["standard-v1"]


@pytest.mark.slow
def test_expert_v1_makes_the_choices_of_2026_12_01():
    assert digest("expert-v1", spread()) == FROZEN_DIGESTS["expert-v1"]


def test_standard_v2_makes_the_choices_of_2026_12_01_evening():
    views = bench_positions()
    assert digest("standard-v2", views) == FROZEN_DIGESTS["standard-v2"]


@pytest.mark.slow
def test_expert_v2_makes_the_choices_of_2026_12_01_evening():
    assert digest("expert-v2", spread()) == FROZEN_DIGESTS["expert-v2"]


@pytest.mark.parametrize("level", sorted(SAMPLE_DIGESTS))
def test_the_frozen_experts_choices_on_a_sample(level):
    assert digest(level, spread()[::10]) == SAMPLE_DIGESTS[level]


def test_the_yardsticks_are_levels_the_page_never_offers():
    from sheepshead.ui.storage.settings import LEVELS
    assert not set(FROZEN_DIGESTS) & set(LEVELS)
    for level in FROZEN_DIGESTS:
        assert make_player(level, 0).choose(bench_positions(1)[0]) is not None
