"""The Expert's imagined deals are all consistent with what its seat knows."""

from __future__ import annotations

import random

from tiers import split

from sheepshead.bots import make_player
from sheepshead.bots.knowledge import Knowledge
from sheepshead.bots.sampling import Slots, sample_state
from sheepshead.cards import SUIT_MASK
from sheepshead.position import Phase
from sheepshead.state import CallKind, HandState


def _check(state: HandState, seat: int, sample: HandState) -> None:
    view = state.view(seat)
    # Replaying every action with the rules checked is legal on the sample, so each
    # void shown, each duty of the called suit and the picker's call were possible there.
    again = HandState.from_masks(list(sample.dealt), sample.blind, sample.dealer)
    for action in sample.actions():
        again.apply(action)
    assert again.view(seat) == view            # same cards, counts, history, tricks
    assert sample.hands[seat] == state.hands[seat]
    for s in range(5):
        assert sample.hands[s].bit_count() == state.hands[s].bit_count()
    if view.partner is not None and state.called >= 0:
        assert sample.partner == view.partner  # the called card's holder, once known
    if state.picker >= 0 and state.picker != seat and state.called >= 0 \
            and state.call_kind in (CallKind.ACE, CallKind.TEN) and not view.called_suit_led:
        # The picker still keeps a card of the called suit (its hold card).
        assert sample.hands[state.picker] & SUIT_MASK[state.called_suit]
    if state.picker == seat:
        assert sample.bury == state.bury and sample.blind == state.blind
    if state.call_kind is CallKind.UNKNOWN and state.picker != seat:
        assert sample.unknown >= 0


@split("hands", 14, fast=3)
def test_sampled_deals_match_the_view(hands):
    rng = random.Random(11)
    checked = 0
    kinds = set()
    for i in hands:
        state = HandState.from_seed("game:%016x" % (0x5a3 + 131 * i), 1 + i % 10)
        players = [make_player("easy", 7 * i + s) for s in range(5)]
        while not state.is_over:
            for seat in range(5):
                k = Knowledge(state.view(seat))
                slots = Slots(k)
                for _ in range(1):
                    sample = sample_state(k, rng, slots)
                    assert sample is not None
                    _check(state, seat, sample)
                    checked += 1
            if state.call_kind is not None:
                kinds.add(state.call_kind)
            state.apply(players[state.to_act].choose(state.view(state.to_act)))
    assert checked > 60 * len(hands)                  # 900 in 14 hands
    assert CallKind.ACE in kinds


def test_sampled_deals_respect_voids_and_the_called_card():
    # A seat that failed to follow hearts never gets a heart in a sample.
    rng = random.Random(3)
    found = 0
    for i in range(60):
        state = HandState.from_seed("game:%016x" % (0x77 + i), 1)
        players = [make_player("standard", s) for s in range(5)]
        while not state.is_over:
            if state.phase is Phase.PLAY and len(state.tricks) >= 2:
                break
            state.apply(players[state.to_act].choose(state.view(state.to_act)))
        if state.phase is not Phase.PLAY:
            continue
        seat = state.to_act
        k = Knowledge(state.view(seat))
        for s in range(5):
            if s == seat:
                continue
            for suit in range(4):
                if k.voids[s] >> suit & 1:
                    found += 1
                    for _ in range(5):
                        sample = sample_state(k, rng)
                        assert not sample.hands[s] & SUIT_MASK[suit]
        if k.called >= 0 and k.partner < 0 and (k.unseen >> k.called & 1):
            for _ in range(5):
                sample = sample_state(k, rng)
                assert sample.partner not in (seat, state.picker)
    assert found >= 10


def test_the_belief_weighs_the_true_deal_of_standard_players_fully():
    """Every pass, pick and call of Standard players is the one Standard makes on their true
    cards, so the true deal keeps weight 1 through them; a deal whose picker holds a hand
    Standard would pass, or whose passer held one it would pick, weighs less."""
    from sheepshead.actions import PASS, PICK
    from sheepshead.bots.belief import PASS_MISS, PICK_MISS, Likelihood
    from sheepshead.bots.expert import _would_pick
    checked = 0
    for i in range(60):
        state = HandState.from_seed("game:%016x" % (0x5eed + i), 1 + i % 10)
        # The Standard the belief models (no ``careful``: ``standard-v6`` calls a partner on
        # some hands this one plays alone).
        players = [make_player("standard-v5", i * 5 + s) for s in range(5)]
        while not state.is_over and state.phase is not Phase.PLAY:
            state.apply(players[state.to_act].choose(state.view(state.to_act)))
        if state.picker < 0:
            continue
        seat = (state.picker + 1) % 5
        belief = Likelihood(Knowledge(state.view(seat)), _would_pick, plays=False)
        again = HandState.from_masks(list(state.dealt), state.blind, state.dealer)
        for code in state.history:
            belief(again, code)
            again.apply_move(code)
        assert belief.weight == 1.0
        checked += 1
        # The same history on a deal where the picker's hand is swapped with a passer's.
        passers = [s for s in range(5) if s not in (state.picker, seat)
                   and _would_pick(state.dealt[s], 0) is False]
        if not passers:
            continue
        hands = list(state.dealt)
        other = passers[0]
        hands[other], hands[state.picker] = hands[state.picker], hands[other]
        swapped = Likelihood(Knowledge(state.view(seat)), _would_pick, plays=False)
        fake = HandState.from_masks(hands, state.blind, state.dealer)
        for code in state.history:
            if fake.phase is Phase.PICK and code in (PASS, PICK):
                swapped(fake, code)
                fake.apply_move(code)
            else:
                break
        assert swapped.weight <= 1.0
        if not _would_pick(hands[state.picker], state.history.index(PICK)):
            assert swapped.weight <= PICK_MISS or swapped.weight <= PASS_MISS
    assert checked >= 30
