"""The Expert's playouts (``expert.rollout``) and its value of picking (issue 12, ``expert-v3``).

Since ``expert-v3`` every seat of a playout plays on what it could know at a real table (its
own cards, the cards played, the voids shown) rather than on the imagined deal's exact holdings,
and the value of picking carries its ``pick_bonus`` (the playouts play the picked hand with
Standard's rules; the Expert plays it better).  These tests run in Pyodide too.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from sheepshead.actions import PASS, PICK, action_of
from sheepshead.bots import expert, make_player
from sheepshead.bots.knowledge import Knowledge
from sheepshead.cards import SUIT_MASK
from sheepshead.position import Phase
from sheepshead.state import HandState


def _positions(count: int, seed: int = 0x9a11):
    """Seeded hands played by Standard to a random point of the card play."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        state = HandState.from_seed("game:%016x" % (seed + i), 1 + i % 10)
        players = [make_player("standard", 5 * i + s) for s in range(5)]
        stop = rng.randrange(0, 28)
        while not state.is_over and not (state.phase is Phase.PLAY and len(state.history) - 6 > stop):
            state.apply(players[state.to_act].choose(state.view(state.to_act)))
        if state.phase is Phase.PLAY:
            out.append(state)
    return out


def test_a_playout_seat_knows_only_what_was_shown():
    checked = 0
    for state in _positions(60):
        k = Knowledge(state.view(state.to_act))
        voids = list(k.voids)
        t = expert._public_table(state, state.legal_play_mask(), voids)
        me = state.to_act
        assert t.exact is False and t.possible[me] == 0
        others = 0
        for s in range(5):
            if s != me:
                others |= state.hands[s]
        if me != state.picker and state.picker >= 0:
            others |= state.bury                 # a bury it did not make is unseen to it
        assert t.unseen == others
        for s in range(5):
            if s == me:
                continue
            shown = 0
            for suit in range(4):
                if voids[s] >> suit & 1:
                    shown |= SUIT_MASK[suit]
                    assert not state.hands[s] & SUIT_MASK[suit]    # the voids are true
            # Any unseen card outside the suits it showed void in: not only its own cards.
            assert t.possible[s] == others & ~shown
            assert t.possible[s] & state.hands[s] == state.hands[s]
            checked += t.possible[s] != state.hands[s]
    assert checked >= 100


def test_a_playout_keeps_the_voids_every_seat_would_see():
    """The voids a playout records as it plays are those the engine's history shows: at the
    end of the hand they equal what the seat's knowledge reads from all the tricks."""
    compared = 0
    for state in _positions(40, seed=0xf0110):
        me = state.to_act
        voids = list(Knowledge(state.view(me)).voids)
        end = expert.rollout(state.clone(), voids)
        assert end.is_over
        assert voids == list(Knowledge(end.view(me)).voids)
        compared += any(voids)
    assert compared >= 20


def _pick_view():
    """A pick decision where both pick and pass are searched."""
    for i in range(200):
        state = HandState.from_seed("game:%016x" % (0xb0b + i), 1)
        view = state.view(state.to_act)
        if {a.code for a in view.legal} == {PASS, PICK}:
            return view
    raise AssertionError("no pick decision found")


PICK_ACTION = action_of(PICK)


def _with_bonus(bonus: float, trumps: int = 0) -> expert.ExpertPlayer:
    """Today's Expert with a pick bonus of ``bonus`` for a hand of at least ``trumps`` trumps."""
    return expert.ExpertPlayer(3, config=replace(expert.EXPERT, pick_bonus=bonus,
                                                 pick_bonus_trumps=trumps))


def test_the_value_of_picking_carries_the_bonus():
    view = _pick_view()
    _, plain = _with_bonus(0.0).evaluate(view)
    _, bonus = _with_bonus(1.25).evaluate(view)
    plain_d = {str(a): v for a, v in plain}
    bonus_d = {str(a): v for a, v in bonus}
    assert bonus_d["pass"] == plain_d["pass"]                 # the same imagined deals
    assert bonus_d["pick"] == pytest.approx(plain_d["pick"] + 1.25)


def test_the_bonus_is_earned_only_by_a_hand_with_enough_trumps():
    # expert-v4: no bonus tips a two-trump hand into a pick (issue 27).
    view = _pick_view()
    trumps = sum(1 for c in view.hand if c.is_trump)
    _, plain = _with_bonus(0.0).evaluate(view)
    for need, added in ((trumps, 1.25), (trumps + 1, 0.0)):
        _, values = _with_bonus(1.25, need).evaluate(view)
        assert dict(values)[PICK_ACTION] == pytest.approx(dict(plain)[PICK_ACTION] + added), need


@pytest.mark.parametrize("bonus, code", [(50.0, PICK), (-50.0, PASS)])
def test_the_bonus_decides_the_pick(bonus, code):
    view = _pick_view()
    assert _with_bonus(bonus).choose(view).code == code
