"""A game: ten hands, the deal passing left, the ledger, saving and loading.

Standard library + pytest only (runs under Pyodide too).
"""

from __future__ import annotations

import copy
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import reference as R

from sheepshead import Game, SheepsheadError
from sheepshead.cards import cards_of


def play_out(game: Game, rng: random.Random) -> Game:
    while True:
        while not game.current.is_over:
            game.apply(rng.choice(game.current.legal_actions()))
        if game.is_over:
            return game
        game.next_hand()


@pytest.mark.parametrize("i", range(12))
def test_ten_hands_dealer_passes_left_totals_sum_to_zero(i):
    seed = "game:%016x" % (0xbeef00 + i)
    game = play_out(Game(seed), random.Random(i))
    assert game.is_over and len(game.hands) == 10 and game.hand_number == 10
    assert [h.dealer for h in game.hands] == [4, 0, 1, 2, 3, 4, 0, 1, 2, 3]
    assert [game.dealer(n) for n in range(1, 11)] == [4, 0, 1, 2, 3, 4, 0, 1, 2, 3]
    scores = game.hand_scores()
    assert len(scores) == 10 and all(sum(s) == 0 for s in scores)
    totals = game.totals()
    assert sum(totals) == 0
    assert list(totals) == [sum(s[k] for s in scores) for k in range(5)]
    best = max(totals)
    assert game.winners() == tuple(k for k in range(5) if totals[k] == best)
    # each hand's score agrees with the reference
    for n, (h, s) in enumerate(zip(game.hands, scores), start=1):
        ref = R.play_golden({"seed": seed, "hand": n, "actions": [str(a) for a in h.actions()]})
        assert list(s) == ref.outcome()["scores"]
    # each hand is the seeded deal of its number
    for n, h in enumerate(game.hands, start=1):
        hands, blind, dealer = R.deal_hand(seed, n)
        assert h.dealer == dealer and len(h.hand_of(0)) == 0
        assert [{str(c) for c in cards_of(m)} for m in h.dealt] == \
            [set(x) for x in hands]


def test_round_trip_through_json():
    game = play_out(Game("game:0123456789abcdef"), random.Random(5))
    data = game.to_json()
    assert data["format"] == "sheepshead-game/1" and len(data["hands"]) == 10
    again = Game.from_json(copy.deepcopy(data))
    assert again.to_json() == data
    assert again.totals() == game.totals() and again.winners() == game.winners()
    assert again.hand_scores() == game.hand_scores()
    assert [r.to_json() for r in again.records()] == [r.to_json() for r in game.records()]


def test_round_trip_of_a_game_in_progress():
    game = Game("daily:2026-11-30")
    rng = random.Random(3)
    for _ in range(3):
        while not game.current.is_over:
            game.apply(rng.choice(game.current.legal_actions()))
        game.next_hand()
    for _ in range(7):
        game.apply(rng.choice(game.current.legal_actions()))
    data = game.to_json()
    again = Game.from_json(data)
    assert again.hand_number == 4 and not again.is_over
    assert again.current.to_act == game.current.to_act
    assert again.current.legal_actions() == game.current.legal_actions()
    assert again.totals() == game.totals()
    with pytest.raises(SheepsheadError):
        again.winners()


def test_cannot_skip_ahead_or_play_past_the_end():
    game = Game("daily:2026-11-30")
    with pytest.raises(SheepsheadError):
        game.next_hand()
    play_out(game, random.Random(1))
    with pytest.raises(SheepsheadError):
        game.next_hand()
    with pytest.raises(SheepsheadError):
        game.apply("pass")


def test_hand_over_must_deal_next():
    game = Game("daily:2026-11-30")
    rng = random.Random(2)
    while not game.current.is_over:
        game.apply(rng.choice(game.current.legal_actions()))
    with pytest.raises(SheepsheadError):
        game.apply("pass")
    game.next_hand()
    assert game.current.to_act == 1   # hand 2: dealer 0, seat 1 speaks


def good_saved_game() -> dict:
    return play_out(Game("game:00000000000000ff"), random.Random(9)).to_json()


def corrupt(mutator):
    data = good_saved_game()
    mutator(data)
    return data


CORRUPTIONS = {
    "illegal action": lambda d: d["hands"][2].__setitem__(0, "bury 7C 8C"),
    "unknown card": lambda d: d["hands"][0].__setitem__(-1, "play XX"),
    "action not text": lambda d: d["hands"][0].__setitem__(3, 17),
    "unfinished hand then another": lambda d: d["hands"][1].pop(),
    "wrong format": lambda d: d.__setitem__("format", "sheepshead/1"),
    "no format": lambda d: d.pop("format"),
    "bad seed": lambda d: d.__setitem__("seed", "game:xyz"),
    "no seed": lambda d: d.pop("seed"),
    "too many hands": lambda d: d["hands"].append([]),
    "no hands": lambda d: d.__setitem__("hands", []),
    "hands not a list": lambda d: d.__setitem__("hands", "pick"),
    "hand not a list": lambda d: d["hands"].__setitem__(4, "pick"),
    "unplayable rules": lambda d: d.__setitem__("rules", {"players": 7}),
    "rules not an object": lambda d: d.__setitem__("rules", [1]),
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_corrupted_saved_game_raises_sheepshead_error(name):
    with pytest.raises(SheepsheadError):
        Game.from_json(corrupt(CORRUPTIONS[name]))


@pytest.mark.parametrize("data", [None, [], "game", 3])
def test_saved_game_that_is_not_an_object(data):
    with pytest.raises(SheepsheadError):
        Game.from_json(data)


def test_shared_win_ties():
    """Find a seeded random game with a tie for the highest total: all tied seats win."""
    for i in range(500):
        game = play_out(Game("game:%016x" % (0xaa00 + i)), random.Random(i))
        totals = game.totals()
        best = max(totals)
        if totals.count(best) > 1:
            assert game.winners() == tuple(k for k in range(5) if totals[k] == best)
            assert len(game.winners()) > 1
            return
    pytest.fail("no tied game found in 500 seeded games")
