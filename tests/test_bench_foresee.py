"""``bench/foresee.py``: how far a level's play can be foreseen, from copies of it."""

from __future__ import annotations

import pytest
from conftest import load_bench

foresee = load_bench("foresee")


def test_the_playouts_model_foresees_the_level_it_copies_exactly():
    # standard-v1 ignores its seed, and the Expert's playouts play its rules on what a seat
    # could know: every copy agrees, and the model predicts every card.
    s = foresee.summary([foresee.hand_counts(("standard-v1", 3, i, 3)) for i in range(4)])
    assert s["play"]["decisions"] > 40
    assert s["play"] == {"decisions": s["play"]["decisions"], "pairs": 1.0, "mode": 1.0,
                         "rules": 1.0}
    assert all(s[k]["pairs"] in (1.0, None) for k in ("pick", "bury", "call"))


def test_a_level_that_lapses_at_random_is_not_foreseeable():
    s = foresee.summary([foresee.hand_counts(("easy", 3, i, 3)) for i in range(4)])
    play = s["play"]
    assert play["pairs"] < 0.9 and play["rules"] < 0.9
    assert 0 <= play["pairs"] <= 1 and 0 <= play["mode"] <= 1


def test_today_standard_is_not_the_playouts_model():
    # Today's Standard ignores its seed too, but plays by sharper rules than the model.
    s = foresee.summary([foresee.hand_counts(("standard", 3, i, 2)) for i in range(6)])
    assert s["play"]["pairs"] == 1.0
    assert s["play"]["rules"] < 1.0


def test_fewer_than_two_voters_is_refused():
    with pytest.raises(SystemExit):
        foresee.main(["--voters", "1"])
