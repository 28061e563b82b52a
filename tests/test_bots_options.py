"""The computer players at every table option (issue 6): legal play, sensible doubles and picks,
and the Expert's imagined deals consistent with the view.  Fast and without hypothesis, so it
also runs inside Pyodide."""

from __future__ import annotations

import random

import pytest
from tiers import split

from sheepshead.actions import BLITZ, CRACK, PASS, RECRACK
from sheepshead.bots import make_player
from sheepshead.bots.craft import doubles_code, wants_to_pick
from sheepshead.bots.knowledge import Knowledge
from sheepshead.bots.sampling import Slots, sample_state
from sheepshead.cards import SUIT_MASK, parse_card
from sheepshead.position import Phase
from sheepshead.rules import Rules
from sheepshead.state import CallKind, HandState

TABLES = {
    "crack+blitz": {"crack": True, "blitz": True},
    "jack-of-diamonds": {"partner": "jack-of-diamonds"},
    "jack+crack+blitz": {"partner": "jack-of-diamonds", "crack": True, "blitz": True},
    "doubler": {"all_pass": "doubler"},
    "dealer-picks": {"all_pass": "dealer-picks"},
    "three-handed": {"players": 3},
    "three-handed+crack+blitz": {"players": 3, "crack": True, "blitz": True},
    "four-handed": {"players": 4},
    "four-handed+jack+crack": {"players": 4, "partner": "jack-of-diamonds", "crack": True},
    "no-bump+schwarz": {"double_on_bump": False, "schwarz_to_picker": True},
    "leaster-options": {"leaster_tiebreak": "fewer-tricks", "leaster_tie": "shared",
                        "leaster_blind": "last-trick"},
}


def _mask(text: str) -> int:
    return sum(1 << parse_card(c).index for c in text.split())


def _play(rules: Rules, seed: str, hand: int, levels: list[str], pseed: int = 0) -> HandState:
    state = HandState.from_seed(seed, hand, rules)
    players = [make_player(levels[s % len(levels)], pseed + s) for s in range(rules.players)]
    while not state.is_over:
        view = state.view(state.to_act)
        action = players[state.to_act].choose(view)
        assert action in view.legal
        state.apply(action)              # checked: an illegal action raises
    return state


@pytest.mark.parametrize("name", sorted(TABLES))
@pytest.mark.parametrize("level", ["easy", "standard"])
def test_every_level_plays_every_option_table_legally(name, level):
    rules = Rules.from_json(TABLES[name])
    for h in range(12):
        state = _play(rules, "game:%016x" % (0xb07 + 17 * h), 1 + h % 10, [level], 5 * h)
        assert state.is_over
        assert len(state.scores()) == rules.players


@pytest.mark.parametrize("name", ["crack+blitz", "jack+crack+blitz", "three-handed",
                                  "four-handed+jack+crack", "doubler"])
@split("hands", 2, fast=1)
def test_expert_plays_option_tables_legally(name, hands):
    rules = Rules.from_json(TABLES[name])
    for h in hands:
        # The Expert in seats 0 and 2 among Standard players (its search is slow).
        state = _play(rules, "game:%016x" % (0xe4 + 31 * h), 3 + h, ["expert", "standard"], h)
        assert state.is_over


def test_standard_cracks_a_strong_defender_hand_and_passes_a_weak_one():
    rules = Rules(crack=True)
    legal = [CRACK, PASS]
    strong = _mask("QC QS JC AD 10D AH")
    weak = _mask("QH 9D 7C 8C KS 9H")
    assert doubles_code(strong, CRACK, legal, rules) == CRACK
    assert doubles_code(weak, CRACK, legal, rules) == PASS
    # The picker re-cracks with a hand it could nearly play alone, and passes an ordinary one.
    assert doubles_code(_mask("QC QS QH JC JS AD"), RECRACK, [RECRACK, PASS], rules) == RECRACK
    assert doubles_code(_mask("QH JD AD 7C 10S AH"), RECRACK, [RECRACK, PASS], rules) == PASS
    # Blitz with both black Queens in a good hand; not with a thin one.
    blitz = Rules(blitz=True)
    assert doubles_code(_mask("QC QS JD KD AC 10H"), BLITZ, [BLITZ, PASS], blitz) == BLITZ
    assert doubles_code(_mask("QC QS 7C 8S 9H KH"), BLITZ, [BLITZ, PASS], blitz) == PASS


def test_doubles_are_said_in_play_and_the_partner_always_passes():
    rules = Rules(crack=True, blitz=True)
    said = {"crack": 0, "recrack": 0, "blitz": 0}
    partner_asked = 0
    for h in range(150):
        state = HandState.from_seed("game:%016x" % (0xc4ac + h), 1 + h % 10, rules)
        players = [make_player("standard", s) for s in range(5)]
        while not state.is_over:
            seat = state.to_act
            view = state.view(seat)
            action = players[seat].choose(view)
            question = state.pending_question()
            if question is not None:
                _, kind = question
                if kind == CRACK and seat == state.partner:
                    partner_asked += 1
                    assert str(action) == "pass"
                if str(action) in said:
                    said[str(action)] += 1
            state.apply(action)
    assert partner_asked >= 5
    assert said["crack"] >= 3 and said["blitz"] >= 3, said


def test_standard_picks_more_under_doublers_than_under_leasters():
    counts = {}
    for all_pass in ("leaster", "doubler"):
        rules = Rules(all_pass=all_pass)
        picks = 0
        for h in range(400):
            state = HandState.from_seed("game:%016x" % (0xd0b + h), 1 + h % 10, rules)
            player = make_player("standard", 1)
            while state.phase is Phase.PICK:
                action = player.choose(state.view(state.to_act))
                picks += str(action) == "pick"
                state.apply(action)
        counts[all_pass] = picks
    assert counts["doubler"] > counts["leaster"], counts
    # The last seat, whose pass would throw the hand in, is readier still.
    hand = _mask("QS JD 9D 8D 7C 7H")
    assert wants_to_pick(hand, 4, 0.0, Rules(all_pass="doubler"))
    assert not wants_to_pick(hand, 4, 0.0, Rules())
    assert not wants_to_pick(hand, 0, 0.0, Rules(all_pass="doubler"))


def _check(state: HandState, seat: int, sample: HandState) -> None:
    view = state.view(seat)
    rules = state.rules
    n = rules.players
    again = HandState.from_masks(list(sample.dealt), sample.blind, sample.dealer, rules)
    for action in sample.actions():
        again.apply(action)                    # checked replay: every action was legal there
    assert again.view(seat) == view
    for s in range(n):
        assert sample.hands[s].bit_count() == state.hands[s].bit_count()
    deck = 0
    for h in sample.dealt:
        deck |= h
    deck |= sample.blind
    assert deck.bit_count() == (30 if n == 4 else 32)
    if state.picker == seat:
        assert sample.bury == state.bury and sample.blind == state.blind
        assert sample.alone == state.alone          # the picker knows whether it is alone
    if view.partner is not None:
        assert sample.partner == view.partner
    if view.alone is not None:
        assert sample.alone == view.alone
    if state.call_kind is CallKind.ACE and state.picker != seat and not view.called_suit_led:
        assert sample.hands[state.picker] & SUIT_MASK[state.called_suit]


@pytest.mark.parametrize("name", ["jack+crack+blitz", "three-handed", "four-handed",
                                  "four-handed+jack+crack", "crack+blitz"])
def test_sampled_deals_match_the_view_under_options(name):
    rules = Rules.from_json(TABLES[name])
    rng = random.Random(17)
    checked = 0
    for i in range(6):
        state = HandState.from_seed("game:%016x" % (0x5a3 + 131 * i), 1 + i % 10, rules)
        players = [make_player("easy", 7 * i + s) for s in range(rules.players)]
        while not state.is_over:
            for seat in range(rules.players):
                view = state.view(seat)
                k = Knowledge(view)
                sample = sample_state(k, rng, Slots(k))
                assert sample is not None
                _check(state, seat, sample)
                # Honest by construction: the same view gives the same choice.
                if view.legal and len(view.legal) > 1 and checked % 5 == 0:
                    for lv in ("easy", "standard"):
                        assert make_player(lv, 3).choose(sample.view(seat)) == \
                            make_player(lv, 3).choose(view)
                checked += 1
            state.apply(players[state.to_act].choose(state.view(state.to_act)))
    assert checked > 100
