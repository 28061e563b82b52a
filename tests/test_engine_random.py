"""Seeded random hands: the invariants of every hand, both APIs, and the reference.

* 10,000 hands played with uniformly random legal actions, half through
  ``legal_actions()``/``apply()`` and half through ``legal_moves()``/``apply_move()``;
  on shared seeds both paths must agree move for move;
* 120 card points, zero-sum scores, every card played once (bury / leaster blind excepted),
  a legal action always available until the end, every listed action passes ``verify``;
* every seat's view at random points never shows a card that seat cannot see;
* a differential run against tests/reference.py (legal actions at every step and the outcome).

Each check runs a sample in the fast tier and the rest of its hands in the full run
(tests/tiers.py). Standard library + pytest only (runs under Pyodide too).
"""

from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import reference as R
from tiers import sizes, split

from sheepshead import Card, HandState, SheepsheadError, parse_card
from sheepshead.actions import Kind, action_of
from sheepshead.cards import CARDS, POINTS, cards_of
from sheepshead.state import Phase

ALL = (1 << 32) - 1


def seed_of(i: int) -> tuple[str, int]:
    return "game:%016x" % random.Random(i).getrandbits(64), 1 + i % 10


def mask_points(mask: int) -> int:
    return sum(POINTS[i] for i in range(32) if mask >> i & 1)


def check_finished(st: HandState) -> None:
    """The invariants of a finished hand, computed from the public record of tricks."""
    assert st.is_over and st.phase == Phase.DONE
    assert len(st.tricks) == 6
    played = [c for _, cards, _, _ in st.tricks for c in cards]
    assert len(played) == 30 and len(set(played)) == 30, "every card played exactly once"
    played_mask = sum(1 << c for c in played)
    trick_points = sum(p for _, _, _, p in st.tricks)
    assert trick_points == mask_points(played_mask)
    assert all(h == 0 for h in st.hands)
    scores = st.scores()
    assert sum(scores) == 0
    res = st.result()
    assert list(res.scores) == scores
    assert sum(res.points) == 120 - (mask_points(st.blind) if res.leaster else 0)
    if res.leaster:
        assert played_mask | st.blind == ALL and not played_mask & st.blind
        assert res.side_points is None and res.picker is None
        assert sorted(scores) in ([-1, -1, -1, -1, 4], [0] * 5)
    else:
        assert played_mask | st.bury == ALL and not played_mask & st.bury
        assert sum(res.side_points) == 120
        assert trick_points + mask_points(st.bury) == 120
        side = {res.picker} | ({res.partner} if res.partner is not None else set())
        assert res.side_points[0] == sum(res.points[s] for s in side)
        assert res.points[res.picker] == sum(p for _, _, w, p in st.tricks if w == res.picker) + mask_points(st.bury)
        assert max(scores) in (1, 2, 3, 4, 6, 8, 12, 24) or min(scores) in (-2, -4, -6, -8, -12, -16, -24)
        if res.partner is None:
            assert scores[res.picker] == -4 * scores[(res.picker + 1) % 5]
        else:
            others = [s for s in range(5) if s not in side]
            assert scores[res.picker] == 2 * scores[res.partner] == -2 * scores[others[0]]
    # trick winners lead the next trick, and the dealer's left leads the first
    assert st.tricks[0][0] == (st.dealer + 1) % 5
    for (_, _, w, _), (leader, _, _, _) in zip(st.tricks, st.tricks[1:]):
        assert leader == w


def play_actions(i: int) -> list[str]:
    """A random hand through the checked API; returns the actions."""
    seed, hand = seed_of(i)
    rng = random.Random(i)
    st = HandState.from_seed(seed, hand)
    while not st.is_over:
        legal = st.legal_actions()
        assert legal, "a legal action is always available until the end"
        st.apply(rng.choice(legal))
    check_finished(st)
    return [str(a) for a in st.actions()]


def play_moves(i: int) -> list[str]:
    """The same hand (same seed, same random choices) through the move-code API."""
    seed, hand = seed_of(i)
    rng = random.Random(i)
    st = HandState.from_seed(seed, hand)
    while not st.is_over:
        moves = st.legal_moves()
        assert moves
        st.apply_move(rng.choice(moves))
    check_finished(st)
    return [str(a) for a in st.actions()]


@split("hands", 10_000, fast=300)
def test_ten_thousand_random_hands_both_apis(hands: range):
    half = hands.start + len(hands) // 2
    outcomes = {"leaster": 0, "alone": 0, "partner": 0, "unknown": 0, "ten": 0}
    for i in range(hands.start, half):
        play_actions(i)
    for i in range(half, hands.stop):
        play_moves(i)
    # both paths agree on shared seeds, action for action
    for i in hands[::25]:
        assert play_actions(i) == play_moves(i)
    # the random hands reach every kind of hand
    for i in hands[:2000]:
        seed, hand = seed_of(i)
        st = HandState.from_seed(seed, hand)
        rng = random.Random(i)
        while not st.is_over:
            st.apply_move(rng.choice(st.legal_moves()))
        r = st.result()
        kind = st.call_kind.value if st.call_kind else None
        outcomes["leaster"] += r.leaster
        outcomes["alone"] += r.alone
        outcomes["partner"] += r.partner is not None
        outcomes["unknown"] += kind == "unknown"
        outcomes["ten"] += kind == "ten"
    assert outcomes["leaster"] > 0 and outcomes["alone"] > 0 and outcomes["partner"] > 0


@split("hands", 300, fast=30)
def test_legal_actions_and_moves_agree_and_all_verify(hands: range):
    for i in hands:
        seed, hand = seed_of(i)
        rng = random.Random(i)
        st = HandState.from_seed(seed, hand)
        while not st.is_over:
            actions = st.legal_actions()
            moves = st.legal_moves()
            assert [a.code for a in actions] == moves
            assert [action_of(m) for m in moves] == actions
            assert len(set(moves)) == len(moves)
            assert st.legal_actions() == actions, "stable order"
            for a in actions:
                assert st.verify(a) == a.code
                assert st.verify(str(a)) == a.code
                assert st.can_apply(a)
            if st.phase == Phase.PLAY:
                assert st.legal_play_mask() == sum(1 << (m - 64) for m in moves)
            # a copy is independent of the original
            c = st.clone()
            c.apply(actions[-1])
            assert st.legal_actions() == actions
            st.apply(rng.choice(actions))
        assert st.legal_actions() == [] and st.legal_moves() == []
        with pytest.raises(SheepsheadError):
            st.apply("pass")


@split("hands", 60, fast=6)
def test_illegal_actions_are_refused_with_a_reason(hands: range):
    """Every action that is NOT listed as legal is refused by verify / apply (sampled)."""
    every_play = [f"play {c}" for c in CARDS]
    for i in hands:
        seed, hand = seed_of(i)
        rng = random.Random(i)
        st = HandState.from_seed(seed, hand)
        while not st.is_over:
            legal = {str(a) for a in st.legal_actions()}
            candidates = every_play + ["pick", "pass", "alone", "call AC", "call AS", "call AH", "call 10C",
                                       "call 10H", "bury 7C 8C", "bury QC AD"]
            for text in candidates:
                if text in legal:
                    continue
                before = st.history[:]
                with pytest.raises(SheepsheadError) as info:
                    st.apply(text)
                assert str(info.value) and "\n" not in str(info.value)
                assert not st.can_apply(text)
                assert st.history == before
            st.apply(rng.choice(sorted(legal)))


@split("hands", 1500, fast=150)
def test_engine_agrees_with_reference_step_by_step(hands: range):
    for i in hands:
        seed, hand = seed_of(10_000 + i)
        rng = random.Random(i)
        st = HandState.from_seed(seed, hand)
        hands, blind, dealer = R.deal_hand(seed, hand)
        ref = R.RefHand(hands, blind, dealer)
        while not st.is_over:
            legal = sorted(str(a) for a in st.legal_actions())
            assert legal == sorted(ref.legal()), (seed, hand, [str(a) for a in st.actions()])
            assert st.to_act == ref.turn
            a = rng.choice(legal)
            st.apply(a)
            ref.apply(a)
        res = st.result().to_json()
        out = ref.outcome()
        for key in ("picker", "partner", "called", "alone", "leaster", "points", "side_points", "scores"):
            assert res[key] == out[key], (key, seed, hand)
        assert [t["winner"] for t in res["tricks"]] == [t["winner"] for t in out["tricks"]]


@sizes("each", fast=3, full=25)
def test_reference_differential_with_unknown_and_ten_calls(each: int):
    """Random play rarely calls a Ten or an unknown card: steer the call so both are exercised."""
    counts = {"unknown": 0, "ten": 0}
    i = 0
    while min(counts.values()) < each and i < 60_000:
        i += 1
        seed, hand = seed_of(50_000 + i)
        rng = random.Random(i)
        st = HandState.from_seed(seed, hand)
        # the first seat picks, then bury so as to make an unknown or Ten call possible if any bury does
        st.apply("pick")
        wanted = None
        for bury in st.legal_actions():
            c = st.clone()
            c.apply(bury)
            calls = [str(a) for a in c.legal_actions()]
            special = [t for t in calls if "unknown" in t or t.startswith("call 10")]
            if special:
                wanted = (str(bury), rng.choice(special))
                break
        if wanted is None:
            continue
        kind = "unknown" if "unknown" in wanted[1] else "ten"
        counts[kind] += 1
        hands, blind, dealer = R.deal_hand(seed, hand)
        ref = R.RefHand(hands, blind, dealer)
        ref.apply("pick")
        for a in wanted:
            assert sorted(str(x) for x in st.legal_actions()) == sorted(ref.legal())
            st.apply(a)
            ref.apply(a)
        while not st.is_over:
            legal = sorted(str(a) for a in st.legal_actions())
            assert legal == sorted(ref.legal()), (seed, hand, [str(a) for a in st.actions()])
            a = rng.choice(legal)
            st.apply(a)
            ref.apply(a)
        out = ref.outcome()
        res = st.result().to_json()
        for key in ("partner", "called", "points", "side_points", "scores"):
            assert res[key] == out[key], (key, seed, hand)
    assert counts["unknown"] >= each and counts["ten"] >= each, counts


# ----------------------------------------------------------------- views


def cards_in(value, out: set) -> None:
    """Every Card reachable from a view field, including cards named in action text."""
    if isinstance(value, Card):
        out.add(value)
    elif isinstance(value, str):
        for word in value.split():
            try:
                out.add(parse_card(word))
            except SheepsheadError:
                pass
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            cards_in(getattr(value, f.name), out)
    elif isinstance(value, (tuple, list)):
        for v in value:
            cards_in(v, out)


def face_up_played(st: HandState, seat: int) -> set:
    """Cards played face up so far (the unknown card is face down for all but the picker)."""
    out = set()
    plays = [(leader, cards) for leader, cards, _, _ in st.tricks] + [(st.leader, tuple(st.trick_cards))]
    for leader, cards in plays:
        for k, c in enumerate(cards):
            who = (leader + k) % 5
            if c == st.unknown and who == st.picker and seat != st.picker:
                continue
            out.add(CARDS[c])
    return out


def check_view(st: HandState, seat: int) -> None:
    v = st.view(seat)
    assert v.seat == seat and v.players == 5 and v.dealer == st.dealer
    assert set(v.hand) == set(cards_of(st.hands[seat]))
    assert v.to_act == st.to_act
    assert v.legal == (tuple(st.legal_actions()) if st.to_act == seat else ())
    is_picker = seat == st.picker
    allowed = set(cards_of(st.dealt[seat])) | face_up_played(st, seat)
    if st.called >= 0:
        allowed.add(CARDS[st.called])
    if is_picker:
        allowed |= set(cards_of(st.blind)) | set(cards_of(st.bury))
        if st.unknown >= 0:
            allowed.add(CARDS[st.unknown])
    seen = set()
    for f in dataclasses.fields(v):
        if f.name in ("legal", "result", "rules"):
            continue
        cards_in(getattr(v, f.name), seen)
    leaked = seen - allowed
    assert not leaked, f"seat {seat} sees {sorted(map(str, leaked))}"
    # specifically: no other seat's unplayed card, no bury / blind / unknown for non-pickers
    for other in range(5):
        if other != seat:
            hidden = set(cards_of(st.hands[other])) - ({CARDS[st.called]} if st.called >= 0 else set())
            assert not (seen & hidden)
    if not is_picker:
        assert v.blind is None and v.bury is None and v.unknown is None
        assert not (seen & set(cards_of(st.bury)))
        if st.unknown >= 0:
            assert CARDS[st.unknown] not in seen
        buries = [p for p in v.history if p.kind is Kind.BURY]
        assert all(p.cards == (None, None) and p.action is None and str(p) == "bury"
                   for p in buries)
    else:
        assert set(v.blind) == set(cards_of(st.blind))
        if st.phase not in (Phase.PICK, Phase.BURY):
            assert set(v.bury) == set(cards_of(st.bury))
    # the partner: known only to itself until the called card is played
    called_out = st.called >= 0 and CARDS[st.called] in face_up_played(st, seat)
    if st.partner >= 0 and st.partner != seat and not called_out:
        assert v.partner is None
        assert not v.is_partner
    elif st.partner >= 0:
        assert v.partner == st.partner
    if st.partner == seat:
        assert v.is_partner
    assert v.result is None
    assert sum(v.cards_left) == sum(h.bit_count() for h in st.hands) + (1 if st.unknown_pending else 0)
    assert len(v.history) == len(st.history)


@split("hands", 600, fast=30)
def test_views_never_show_hidden_cards(hands: range):
    checked = 0
    for i in hands:
        seed, hand = seed_of(20_000 + i)
        rng = random.Random(i)
        st = HandState.from_seed(seed, hand)
        while not st.is_over:
            if rng.random() < 0.2:
                for seat in range(5):
                    check_view(st, seat)
                    checked += 1
            st.apply_move(rng.choice(st.legal_moves()))
        v = st.view(rng.randrange(5))
        assert v.result == st.result() and v.to_act is None and v.is_over
    assert checked > 6 * len(hands)  # 4,000 views in 600 hands
