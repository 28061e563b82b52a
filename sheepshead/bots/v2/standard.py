"""FROZEN COPY (issue 12): the ``sheepshead.bots.standard`` module as it was on 2026-12-01, the code of
the ``standard-v2`` and ``expert-v2`` levels.  Never edit it: the Dailies of 2026-12-02 and New Game
links of that time are checked against these players, and ``tests/test_bots_frozen.py`` pins their choices.

The Standard player: sound play by the craft of the game, fast.

It picks by trump strength and position (never a junk hand), buries points
safely and makes voids while keeping a hold card for the call, calls the Ace
that gives the best chance (a single low hold card), and plays by the rules of
thumb in :mod:`sheepshead.bots.craft`, from the seat's
:class:`~sheepshead.bots.knowledge.Knowledge` only.
"""

from __future__ import annotations

import random

from ...actions import PASS, PICK, PLAY
from ...position import Phase
from ...view import SeatView
from ..v1.base import Player
from ..v1.craft import best_bury, best_call, doubles_code, play_card, table_from_knowledge, wants_to_pick
from .knowledge import Knowledge

__all__ = ["StandardPlayer", "standard_code"]


def standard_code(k: Knowledge) -> int:
    """Standard's move code for the seat of ``k`` (which is to act)."""
    phase = k.phase
    if phase is Phase.PLAY:
        code = PLAY + play_card(table_from_knowledge(k))
    elif phase is Phase.PICK:
        code = PICK if wants_to_pick(k.hand, len(k.passed), 0.0, k.rules) else PASS
    elif phase is Phase.BURY:
        code = best_bury(k.hand)
    elif phase is Phase.DOUBLES:
        # The question asked is the one legal action besides pass (crack, recrack, blitz).
        code = doubles_code(k.hand, k.legal_codes[0], k.legal_codes, k.rules)
    else:
        code = best_call(k.hand, k.legal_codes)
    if code not in k.legal_codes:          # a safety net: never an illegal action
        code = k.legal_codes[0]
    return code


class StandardPlayer(Player):
    level = "standard"

    def decide(self, view: SeatView, rng: random.Random) -> int:
        return standard_code(Knowledge(view))
