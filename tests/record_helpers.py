"""Records written from a hand in the tests (the engine itself only reads and replays them,
:mod:`sheepshead.record`; the page writes whole games, :meth:`sheepshead.game.Game.records`)."""

from __future__ import annotations

from sheepshead.cards import cards_of
from sheepshead.record import HandRecord
from sheepshead.state import HandState


def record_of(state: HandState, *, seed: str | None = None, hand: int | None = None) -> HandRecord:
    """The record of a state: by seed and hand when given, else with the full deal."""
    actions = tuple(str(a) for a in state.actions())
    if seed is not None and hand is not None:
        return HandRecord(state.rules, seed, hand, state.dealer, None, actions)
    deal = (tuple(tuple(str(c) for c in cards_of(m)) for m in state.dealt),
            tuple(str(c) for c in cards_of(state.blind)))
    return HandRecord(state.rules, None, None, state.dealer, deal, actions)
