"""``bench/roles.py``: the arena split by role plays the arena's own games and adds up."""

from __future__ import annotations

import pytest
from conftest import load_bench

from sheepshead.bots.arena import play_deal

roles = load_bench("roles")


def test_a_field_against_itself_gains_nothing_in_any_role():
    # Standard's choices do not depend on its seed, so the candidate's games are the field's.
    rows = [row for i in range(6) for row in roles.deal_rows(("standard-v1", "standard-v1", 5, i))]
    assert len(rows) == 30
    assert all(r["score"] == r["field_score"] and r["role"] == r["field_role"] for r in rows)
    assert roles.summary(rows)["all"]["gain"] == 0
    assert {r["role"] for r in rows} >= {"picker", "defender"}


@pytest.mark.parametrize("i", [0, 1, 2, 3])
def test_the_candidates_hands_are_the_arenas(i):
    rows = roles.deal_rows(("easy", "standard", 11, i))
    assert [r["seat"] for r in rows] == [0, 1, 2, 3, 4]
    assert sum(r["score"] for r in rows) / 5 == play_deal(("easy", "standard", 11, i))["mean"]


def test_the_roles_contributions_add_up_to_the_whole():
    rows = [row for i in range(8) for row in roles.deal_rows(("easy", "standard", 2, i))]
    s = roles.summary(rows)
    assert sum(r["share"] for r in s["by_role"].values()) == pytest.approx(1.0, abs=1e-3)
    assert sum(r["contribution"] for r in s["by_role"].values()) == pytest.approx(
        s["all"]["gain"], abs=1e-3)
    assert sum(r["hands"] for r in s["by_change"].values()) == len(rows) == 40
    assert s["all"]["gain"] != 0              # Easy plays differently from Standard


def test_a_rules_table_is_played_at_its_size():
    rows = roles.deal_rows(("easy", "standard", 1, 0, {"players": 3}))
    assert [r["seat"] for r in rows] == [0, 1, 2]
    assert all(r["role"] in ("picker", "defender", "leaster") for r in rows)
