"""Property tests (hypothesis): notation and record round trips, replay = apply, garbage in.

The costlier properties run a tenth of their examples in the fast tier and all of them in
the full run (``@sizes("examples", ...)``, tests/tiers.py): each builds its hypothesis test
inside, with the example count it is given.

Needs hypothesis: NOT for Pyodide.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from record_helpers import record_of
from tiers import sizes

from sheepshead import CARDS, Action, HandRecord, HandState, RecordError, SheepsheadError, parse_card, replay
from sheepshead.actions import Kind, action_of, code_of
from sheepshead.record import loads

SYMBOL = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
cards = st.sampled_from(CARDS)


def spellings(card) -> st.SearchStrategy[str]:
    text = str(card)
    rank, suit = text[:-1], text[-1]
    return st.sampled_from([text, text.lower(), rank + SYMBOL[suit], rank.lower() + SYMBOL[suit],
                            rank + suit.lower(), f"  {text} "])


@given(cards)
def test_card_round_trip(card):
    assert parse_card(str(card)) is card
    assert CARDS[card.index] is card
    assert repr(card) == f"Card({str(card)!r})"


@given(cards.flatmap(lambda c: st.tuples(st.just(c), spellings(c))))
def test_card_parse_accepts_case_and_symbols(pair):
    card, text = pair
    assert parse_card(text) is card


def actions_strategy():
    plays = cards.map(lambda c: Action(Kind.PLAY, (c,)))
    buries = st.tuples(cards, cards).filter(lambda p: p[0] is not p[1]).map(
        lambda p: Action(Kind.BURY, p))
    calls = cards.map(lambda c: Action(Kind.CALL, (c,)))
    unknown_calls = st.tuples(cards, cards).map(lambda p: Action(Kind.CALL, (p[0],), p[1]))
    simple = st.sampled_from([Action(Kind.PICK), Action(Kind.PASS), Action(Kind.ALONE)])
    return st.one_of(plays, buries, calls, unknown_calls, simple)


@given(actions_strategy())
def test_action_round_trip(action):
    text = str(action)
    assert Action.parse(text) == action
    assert Action.parse(text.upper()) == action
    assert Action.parse(text.lower()) == action
    assert eval(repr(action), {"Action": Action}) == action
    assert action_of(code_of(action)) == action


@given(actions_strategy(), st.data())
def test_action_parse_accepts_suit_symbols(action, data):
    words = str(action).split()
    out = []
    for w in words:
        try:
            c = parse_card(w)
        except SheepsheadError:
            out.append(w)
        else:
            out.append(data.draw(spellings(c)).strip())
    assert Action.parse(" ".join(out)) == action


@given(st.tuples(cards, cards).filter(lambda p: p[0] is not p[1]))
def test_bury_order_does_not_matter(pair):
    a, b = pair
    assert Action.parse(f"bury {a} {b}") == Action.parse(f"bury {b} {a}")
    assert str(Action.parse(f"bury {a} {b}")) == f"bury {min(a, b)} {max(a, b)}"


# ------------------------------------------------------------- random legal records

seeds = st.integers(min_value=0, max_value=2 ** 64 - 1).map(lambda n: "game:%016x" % n)


@st.composite
def positions(draw):
    """(seed, hand number, actions, state) with actions drawn from the legal lists."""
    seed = draw(seeds)
    hand = draw(st.integers(1, 10))
    state = HandState.from_seed(seed, hand)
    stop = draw(st.integers(0, 40))
    actions = []
    while not state.is_over and len(actions) < stop:
        action = draw(st.sampled_from(state.legal_actions()))
        state.apply(action)
        actions.append(str(action))
    return seed, hand, actions, state


def same_state(a: HandState, b: HandState) -> None:
    assert a.history == b.history and a.hands == b.hands and a.to_act == b.to_act
    assert a.phase == b.phase and a.tricks == b.tricks and a.picker == b.picker
    assert a.legal_actions() == b.legal_actions()
    if a.is_over:
        assert a.result() == b.result()
    for s in range(5):
        assert a.view(s) == b.view(s)


@sizes("examples", fast=15, full=150)
def test_replaying_a_record_reaches_the_same_state(examples):
    @settings(max_examples=examples)
    @given(positions())
    def check(pos):
        seed, hand, actions, state = pos
        record = HandRecord(seed=seed, hand=hand, actions=tuple(actions))
        assert HandRecord.from_json(record.to_json()) == record
        assert HandRecord.from_json(json.loads(json.dumps(record.to_json()))) == record
        same_state(record.replay(), state)
        same_state(replay(json.dumps(record.to_json())), state)
        # with the full deal instead of seed + hand
        full = record_of(state)
        assert full.deal is not None and full.seed is None
        assert HandRecord.from_json(full.to_json()) == full
        same_state(full.replay(), state)
        by_seed = record_of(state, seed=seed, hand=hand)
        assert (by_seed.seed, by_seed.hand, by_seed.actions) == (seed, hand, tuple(actions))
        assert by_seed.dealer == (hand + 3) % 5
        same_state(by_seed.replay(), state)

    check()


@sizes("examples", fast=10, full=60)
def test_records_with_unknown_keys_and_lowercase_actions(examples):
    @settings(max_examples=examples)
    @given(positions(), st.data())
    def check(pos, data):
        seed, hand, actions, state = pos
        lower = [a.lower() for a in actions]
        rec = {"format": "sheepshead/1", "seed": seed, "hand": hand, "actions": lower,
               "comment": data.draw(st.text(max_size=20)), "expect": {"x": 1}}
        same_state(replay(rec), state)

    check()


# ------------------------------------------------------------- garbage in

@sizes("examples", fast=40, full=400)
def test_garbage_text_raises_only_sheepshead_errors(examples):
    @settings(max_examples=examples)
    @given(st.text(max_size=60))
    def check(text):
        for fn in (parse_card, Action.parse, loads, replay):
            try:
                fn(text)
            except SheepsheadError:
                pass

    check()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 40) | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5),
    max_leaves=20)
record_keys = st.sampled_from(["format", "rules", "seed", "hand", "dealer", "deal", "actions", "redeal"])


@st.composite
def garbage_records(draw):
    base = {"format": "sheepshead/1", "seed": "daily:2026-11-30", "hand": 1,
            "actions": ["pass", "pick", "bury 9S 8S", "call AH"]}
    for _ in range(draw(st.integers(1, 3))):
        key = draw(record_keys)
        if draw(st.booleans()):
            base[key] = draw(json_values)
        else:
            base.pop(key, None)
    return base


@sizes("examples", fast=40, full=400)
def test_garbage_records_raise_only_sheepshead_errors(examples):
    @settings(max_examples=examples)
    @given(garbage_records())
    def check(data):
        text = json.dumps(data)
        for fn in (loads, replay):
            try:
                fn(text)
            except SheepsheadError:
                pass
        try:
            replay(data)
        except SheepsheadError:
            pass

    check()


@sizes("examples", fast=20, full=200)
def test_garbage_action_at_any_position(examples):
    @settings(max_examples=examples)
    @given(positions(), st.text(max_size=12))
    def check(pos, junk):
        seed, hand, actions, state = pos
        rec = {"seed": seed, "hand": hand, "actions": actions + [junk]}
        try:
            replay(rec)
        except RecordError as e:
            assert str(e).startswith(f"action {len(actions)} ")
            assert e.index == len(actions)

    check()


@pytest.mark.parametrize("text", [
    "[" * 100_000,                                      # nesting deeper than the recursion limit
    '{"format": "sheepshead/1", "hand": ' + "1" * 5000 + "}",   # an integer too long to convert
    '{"format": "sheepshead/1", "seed": "daily:2026-11-30", "hand": 1, "dealer": ' + "9" * 4500 + "}",
], ids=["deep-nesting", "long-integer-hand", "long-integer-dealer"])
def test_pathological_json_raises_only_sheepshead_errors(text):
    """Valid-looking JSON text that Python's json module refuses with other exceptions."""
    with pytest.raises(SheepsheadError):
        loads(text)


def test_the_suite_runs_under_its_hypothesis_profile():
    # tests/conftest.py loads one profile for every property test: no per-example deadline
    # (a 200 ms one flaked on a shared machine) and no too-slow health check.
    assert settings.default.deadline is None
    assert HealthCheck.too_slow in settings.default.suppress_health_check

