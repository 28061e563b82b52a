"""``bots/endgame.py``: the last two tricks solved exactly, checked against the engine.

Positions come from seeded hands played by Standard players up to the point where no seat
holds more than two cards (at a trick's start and part-way through one).  There the solver's
line must be legal move by move in the engine, and the card points it gives the picker's
side must equal the best the engine's own legal moves allow by brute force (the picker's
side maximising, the defenders minimising).
"""

from __future__ import annotations

from sheepshead.bots import make_player
from sheepshead.bots.endgame import ENDGAME_CARDS, endgame_line, solve_end
from sheepshead.state import HandState


def _brute(state: HandState) -> int:
    """The picker's side's final card points under best play, by the engine's moves."""
    if state.is_over:
        return state.result().side_points[0]
    side = {state.picker, state.partner}
    values = []
    for code in state.legal_moves():
        s = state.clone()
        s.apply_move(code)
        values.append(_brute(s))
    return max(values) if state.to_act in side else min(values)


def _endgame_positions(count: int) -> list[HandState]:
    out: list[HandState] = []
    i = 0
    while len(out) < count:
        state = HandState.from_seed("game:%016x" % (0xe4d + 7919 * i), 1 + i % 10)
        players = [make_player("standard-v4", 50 * i + s) for s in range(5)]
        while not state.is_over:
            if max(h.bit_count() for h in state.hands) <= ENDGAME_CARDS and len(state.trick_cards) in (0, 2):
                out.append(state.clone())
            state.apply(players[state.to_act].choose(state.view(state.to_act)))
        i += 1
    return out[:count]


def test_the_solver_plays_legal_moves_and_finds_the_engines_best() -> None:
    solved = declined = 0
    for state in _endgame_positions(120):
        found = endgame_line(state)
        if found is None:
            declined += 1
            assert state.picker < 0 or state.duties_open or state.unknown_pending
            continue
        solved += 1
        best = _brute(state)
        s = state.clone()
        for c in found[1]:
            assert 64 + c in s.legal_moves()
            s.apply_move(64 + c)
        assert s.is_over and s.result().side_points[0] == best
        t = state.clone()
        assert solve_end(t) and t.result().side_points[0] == best
    assert solved >= 60 and declined >= 1          # both branches were exercised


def test_it_declines_before_the_last_two_tricks_and_in_a_leaster() -> None:
    state = HandState.from_seed("game:0000000000000e4d", 1)
    assert endgame_line(state) is None and not solve_end(state)
    assert state.phase.name == "PICK"                # untouched
