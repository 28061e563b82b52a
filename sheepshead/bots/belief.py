"""How likely an imagined deal makes the public actions seen so far: the Expert's belief.

The Expert samples the hidden cards uniformly among the deals consistent with its view
(:mod:`.sampling`), then weighs each deal by the likelihood of every public action of the
other seats under a soft model of the players: Standard's rules on that deal, followed
with probability ``1 - miss`` and left for another action otherwise.  So a seat that passed a
hand Standard would pick, a picker holding a hand Standard would not pick, a call Standard
would not make on the picker's imagined hand, or a card Standard would not have played from
the imagined holding (a defender who did not schmear, a trump lead, a ducked trick) all make
that deal less likely.

A :class:`Likelihood` is given to :func:`~sheepshead.bots.sampling.sample_state` as its
``observe``: it sees each move of the history on the imagined state just before it is
replayed, and multiplies :attr:`Likelihood.weight` for each action of another seat that
Standard would not have taken.  Card play is judged on exact holdings
(:func:`~sheepshead.bots.craft.table_from_state`), as in the Expert's playouts.  The Standard
is the Expert's own (its row's :attr:`~.versions.ExpertConfig.standard`): the rules of thumb of
``standard-v3`` on, or the first Standard's for a version whose row says so (:mod:`.versions`).
"""

from __future__ import annotations

from collections.abc import Callable

from ..actions import PASS, PICK
from ..position import Phase
from ..state import HandState
from .craft import best_call, play_card, table_from_state
from .knowledge import Knowledge

__all__ = ["Likelihood", "PASS_MISS", "PICK_MISS", "CALL_MISS", "PLAY_MISS"]

PASS_MISS = 0.25
"""Weight of a deal where a seat passed a hand Standard would have picked."""
PICK_MISS = 0.3
"""Weight of a deal where the picker picked a hand Standard would have passed."""
CALL_MISS = 0.6
"""Weight of a deal where the picker's call is not the one Standard makes on its hand."""
PLAY_MISS = 0.6
"""Weight of each card another seat played that Standard would not have played."""

_PICK, _CALL, _PLAY = Phase.PICK, Phase.CALL, Phase.PLAY


class Likelihood:
    """The likelihood weight of one imagined deal, built up move by move of its history."""

    __slots__ = ("me", "rules", "would_pick", "plays", "weight", "first")

    def __init__(self, k: Knowledge, would_pick: Callable[..., bool], plays: bool = True,
                 first: bool = False):
        self.first = first
        self.me = k.seat
        self.rules = k.rules
        self.would_pick = would_pick
        self.plays = plays
        self.weight = 1.0

    def __call__(self, state: HandState, code: int) -> None:
        phase = state.phase
        seat = state.to_act
        if seat == self.me:
            return
        if phase is _PLAY:
            if self.plays:
                m = state.legal_play_mask()
                if m & (m - 1) and 64 + play_card(table_from_state(state, m, self.first)) != code:
                    self.weight *= PLAY_MISS
        elif phase is _PICK:
            if code == PASS:
                if self.would_pick(state.hand_mask(seat), state.passes, self.rules):
                    self.weight *= PASS_MISS
            elif code == PICK and len(state.legal_moves()) > 1 and not self.would_pick(
                    state.hand_mask(seat), state.passes, self.rules):
                self.weight *= PICK_MISS
        elif phase is _CALL:
            legal = state.legal_moves()
            if len(legal) > 1 and best_call(state.hand_mask(seat), legal, self.first) != code:
                self.weight *= CALL_MISS
