"""``bench/howlers.py``: its rules flag issue 27's examples, and only the chosen blunder.

Issue 27 read 50 hands of five Experts (arena seed 1) and 20 of five Standards (seed 2) and
named the blunders by game and hand; these are the check's first test cases.  Each is replayed
(the arena's deal and player seeds) up to the named decision: the old version's choice there is
flagged by the named rule, a sound alternative at the same position is not, and the new
versions (``expert-v4``, ``standard-v4``) choose something the rule does not flag.  The
howlers ``expert-v4`` still made (its search replacing Standard's card) are ``expert-v5``'s
test cases likewise.
"""

from __future__ import annotations

from functools import cache

import pytest
from conftest import load_bench

from sheepshead.actions import PASS, PLAY, Action
from sheepshead.bots import make_player
from sheepshead.bots.arena import deal_seed
from sheepshead.bots.blunders import play_blunders
from sheepshead.bots.knowledge import Knowledge
from sheepshead.bots.standard import standard_code
from sheepshead.bots.versions import VERSIONS
from sheepshead.state import HandState

howlers = load_bench("howlers")

# (old version, arena seed, deal, seat, trick (or the phase before play), rule, a sound choice there)
EXAMPLES = {
    "two-trump pick, dcb84c1694a5832e hand 10": (
        "expert-v3", 1, 29, 4, "PICK", "two_trump_pick", "pass"),
    "bury forcing alone, 2aeb92c7a58d7f4c hand 7": (
        "expert-v3", 1, 16, 1, "BURY", "bury_forces_alone", "bury 7S 10S"),
    "no schmear against alone, cbf0e8f15815bd25 hand 7": (
        "expert-v3", 1, 46, 0, 1, "missed_schmear", "play 10C"),
    "no schmear against alone, 84c712cbf9506efb hand 1": (
        "expert-v3", 1, 40, 2, 4, "missed_schmear", "play AC"),
    "low trump on a fat trick, 3fab620cbd6079ea hand 2": (
        "expert-v3", 1, 1, 2, 2, "low_trump_on_fat_trick", "play JS"),
    "defender leads trump, d8d5c7466aa6970b hand 4": (
        "expert-v3", 1, 23, 3, 1, "defender_trump_lead", "play 9S"),
    "Standard's Ten of diamonds, 409b651c5306cd62 hand 1": (
        "standard-v3", 2, 10, 1, 1, "low_trump_on_fat_trick", "play JC"),
}


# The rules issue 27 names without an example, on Easy's lapses (its one version).
EASY_EXAMPLES = {
    "wasted Queen": ("easy", 1, 6, 1, 4, "wasted_trump", "play JC"),
    "Ace to a sure opponent": ("easy", 1, 116, 1, 4, "points_to_opponent", "play KS"),
    "no schmear to the partner": ("easy", 1, 11, 3, 4, "missed_schmear", "play AS"),
}
# Howlers of ``expert-v4`` in ``bench/howlers.py --levels expert-v4`` (seed 1, 200 hands), each
# its search overriding Standard's card: (arena seed, deal, seat, trick, rule).
V4_HOWLERS = {
    "low trump, 946e04018b5c09a5 hand 7": (1, 26, 3, 4, "low_trump_on_fat_trick"),
    "trump lead, 16569e3aafade10e hand 4": (1, 63, 0, 3, "defender_trump_lead"),
    "no schmear, 55a9fd17ceb0b284 hand 5": (1, 74, 3, 4, "missed_schmear"),
}
ALL = {**EXAMPLES, **EASY_EXAMPLES}


@cache
def _position(name: str) -> tuple[HandState, int]:
    """The state at the example's decision (a copy) and the old version's move there."""
    level, seed, deal, seat, when, _, _ = ALL[name]
    for state, code, trick in howlers.decisions(level, seed, deal):
        if state.to_act == seat and when in (trick, state.phase.name):
            return state.clone(), code
    raise AssertionError(f"{name}: no decision of seat {seat} at {when}")


def test_the_examples_are_the_games_the_issue_names():
    for name, (_, seed, deal, _, _, _, _) in EXAMPLES.items():
        game, hand = deal_seed(seed, deal)
        assert name.split(", ")[1] == f"{game[5:]} hand {hand}"


@pytest.mark.parametrize("name", sorted(ALL))
def test_the_old_versions_blunder_is_flagged(name):
    state, code = _position(name)
    rule = ALL[name][5]
    assert rule in [r for r, _ in howlers.judge(state, code)]


@pytest.mark.parametrize("name", sorted(ALL))
def test_a_sound_choice_at_the_same_position_is_not_flagged(name):
    state, code = _position(name)
    sound = Action.parse(ALL[name][6]).code
    assert sound != code and sound in state.legal_moves()
    assert howlers.judge(state, sound) == []


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_new_versions_do_not_make_the_blunder(name):
    state, _ = _position(name)
    level = EXAMPLES[name][0].replace("-v3", "-v4")
    choice = make_player(level, 7).choose(state.view(state.to_act))
    assert EXAMPLES[name][5] not in [r for r, _ in howlers.judge(state, choice.code)]


@pytest.mark.parametrize("name", sorted(V4_HOWLERS))
def test_expert_v5_replaces_no_card_of_standard_by_a_blunder(name):
    seed, deal, seat, trick, rule = V4_HOWLERS[name]
    state, code = next((s.clone(), c) for s, c, t in howlers.decisions("expert-v4", seed, deal)
                       if s.to_act == seat and t == trick)
    assert rule in [r for r, _ in howlers.judge(state, code)]       # expert-v4's howler
    view = state.view(seat)
    config = VERSIONS["expert-v5"].config
    k = Knowledge(view, config.standard.reading)
    standard = standard_code(k, config.standard.first_craft, config.standard.behind)
    assert code != standard                                        # it was an override
    choice = make_player("expert-v5", 7).choose(view).code
    assert choice == standard or not play_blunders(k, choice - PLAY), name
    assert howlers.judge(state, choice) == [] or choice == standard


def test_a_pass_and_a_forced_card_are_never_judged():
    state, _ = _position("two-trump pick, dcb84c1694a5832e hand 10")
    assert howlers.judge(state, PASS) == []
    s = HandState.from_seed("game:0000000000000001", 1)
    while len(s.legal_moves()) > 1 or s.phase.name != "PLAY":
        s.apply_move(s.legal_moves()[-1] if s.phase.name == "PLAY" else s.legal_moves()[0])
    assert howlers.judge(s, s.legal_moves()[0]) == []


def test_the_counts_add_up_per_hand():
    count, found = howlers.hand_howlers("standard-v3", 2, 10)
    assert count == sum(1 for _ in howlers.decisions("standard-v3", 2, 10))
    assert {h.rule for h in found} <= set(howlers.RULES)
    assert any(h.rule == "low_trump_on_fat_trick" and h.trick == 1 and h.seat == 1 for h in found)
