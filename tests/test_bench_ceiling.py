"""``bench/ceiling.py``: the sighted Expert searches the true deal, and only while it decides."""

from __future__ import annotations

import random

import pytest
from conftest import load_bench
from tiers import sizes

from sheepshead.bots import expert, make_player
from sheepshead.bots.arena import play_deal, play_hand
from sheepshead.bots.knowledge import Knowledge
from sheepshead.position import Phase
from sheepshead.state import HandState

ceiling = load_bench("ceiling")


def _mid_hand(seed: str = "game:00000000000000c3", tricks: int = 2,
              level: str = "standard") -> HandState:
    """A hand played by ``level`` into its third trick, at a seat with a choice of cards."""
    state = HandState.from_seed(seed, 4)
    players = [make_player(level, s) for s in range(5)]
    while not (state.phase is Phase.PLAY and len(state.tricks) >= tricks
               and len(state.legal_moves()) > 1):
        state.apply_move(players[state.to_act].choose(state.view(state.to_act)).code)
    return state


def test_inside_the_block_every_imagined_deal_is_the_true_one_and_only_there():
    state = _mid_hand()
    seat = state.to_act
    k = Knowledge(state.view(seat))
    before = (expert.sample_state, expert.MIN_SAMPLES, expert.MAX_SAMPLES, expert.PICK_SAMPLES)
    with ceiling.sighted(state):
        seen = [expert.sample_state(k, random.Random(s)) for s in range(3)]
    assert all(s is not state and s.dealt == state.dealt and s.blind == state.blind
               and s.history == state.history for s in seen)
    assert (expert.sample_state, expert.MIN_SAMPLES, expert.MAX_SAMPLES,
            expert.PICK_SAMPLES) == before
    imagined = [expert.sample_state(k, random.Random(s)) for s in range(6)]
    assert all(s.view(seat) == k.view for s in imagined)
    assert any(s.dealt != state.dealt for s in imagined)     # outside, the Expert's own draws


def test_the_sighted_values_are_playouts_of_the_true_deal():
    state = _mid_hand()
    seat = state.to_act
    with ceiling.sighted(state):
        _, values = make_player("expert", 7).evaluate(state.view(seat))
    assert len(values) > 1
    for action, value in values:
        s = state.clone()
        s.apply_move(action.code)
        k = Knowledge(state.view(seat))
        truth = expert.rollout(s, list(k.voids)).scores()[seat]
        assert value == truth


@pytest.mark.slow  # two deals of the Expert; the fast tier keeps the sighted Expert's own checks
def test_the_expert_column_is_the_arenas_and_the_difference_is_paired():
    rows = [ceiling.deal_means(("standard-v1", 3, i, "all", 0)) for i in range(2)]
    for i, row in enumerate(rows):
        assert row["deal"] == i
        assert row["expert"] == play_deal(("expert", "standard-v1", 3, i))["mean"]
    s = ceiling.summary(rows)
    assert s["deals"] == 2
    assert s["sighted_minus_expert"]["mean"] == round(
        sum(r["sighted"] - r["expert"] for r in rows) / 2, 4)


class _Spy:
    """Standard, noting at each decision its phase and whether it was made sighted."""

    def __init__(self):
        self.player, self.seen = make_player("standard", 0), []

    def choose(self, view):
        self.seen.append((view.phase, bool(ceiling._TRUE)))
        return self.player.choose(view)


def test_sighted_for_play_sees_only_while_it_plays_cards_and_auction_only_before():
    for phases, sees in (("play", {Phase.PLAY}), ("auction", {Phase.PICK, Phase.BURY, Phase.CALL})):
        state = HandState.from_seed("game:00000000000000c3", 1)
        seat = state.to_act                              # first to speak: it decides the pick
        spy = _Spy()
        players = [spy if s == seat else make_player("standard", s) for s in range(5)]
        ceiling.play_sighted(state, players, seat, ceiling.SIGHTED_FOR[phases])
        assert {p for p, _ in spy.seen} >= {Phase.PICK, Phase.PLAY}
        assert all(flag == (p in sees) for p, flag in spy.seen), spy.seen
        assert not ceiling._TRUE                         # restored after the hand


def _replayed_misses(state: HandState, me: int) -> int:
    """``state``'s history replayed onto its own deal: the actions of seats other than ``me``
    that ceiling.Consistent counts as misses."""
    replay = HandState.from_masks(list(state.dealt), state.blind, state.dealer, state.rules)
    seen = ceiling.Consistent(me, state.players)
    for code in state.history:
        seen(replay, code)
        replay.apply_move(code)
    return seen.misses


def _played(level: str, hand: int) -> HandState:
    return play_hand(HandState.from_seed("game:0000000000000042", hand),
                     [make_player(level, 10 + s) for s in range(5)])


@sizes("expert_hands", fast=1, full=4)
def test_the_posterior_keeps_the_true_deal_of_a_standard_v1_field_and_only_of_it(expert_hands):
    assert all(_replayed_misses(_played("standard-v1", h), me=h % 5) == 0 for h in range(1, 9))
    assert sum(_replayed_misses(_played("expert-v1", h), me=0)
               for h in range(1, 1 + expert_hands)) > 0


def test_inside_the_posterior_block_the_draws_fit_the_view_and_the_field_and_only_there():
    state = _mid_hand(level="standard-v1")
    seat = state.to_act
    k = Knowledge(state.view(seat))
    before = (expert.sample_state, expert.BELIEF)
    with ceiling.posterior(400):
        drawn = [expert.sample_state(k, random.Random(s)) for s in range(3)]
    assert (expert.sample_state, expert.BELIEF) == before
    for s in drawn:
        assert s.view(seat) == k.view
        assert _replayed_misses(s, seat) == 0
    plain = [expert.sample_state(k, random.Random(s)) for s in range(12)]
    assert any(_replayed_misses(s, seat) > 0 for s in plain)     # outside: any deal that fits
