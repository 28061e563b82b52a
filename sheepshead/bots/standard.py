"""The Standard player: sound play by the craft of the game, fast.

It picks by trump strength and position (never a junk hand), buries points
safely and makes voids while keeping a hold card for the call, calls the Ace
that gives the best chance (a single low hold card), and plays by the rules of
thumb in :mod:`sheepshead.bots.craft`, from the seat's
:class:`~sheepshead.bots.knowledge.Knowledge` only.  Its versions
(:mod:`.versions`) differ in the craft and in how the view is read.
"""

from __future__ import annotations

import random
from typing import cast

from ..actions import PASS, PICK, PLAY
from ..position import Phase
from ..view import SeatView
from .base import Player
from .craft import best_bury, best_call, doubles_code, play_card, table_from_knowledge, wants_to_pick
from .knowledge import Knowledge
from .lasttricks import last_tricks_code
from .versions import CURRENT, VERSIONS, StandardConfig

__all__ = ["StandardPlayer", "standard_code", "STANDARD"]

STANDARD = cast(StandardConfig, VERSIONS[CURRENT["standard"]].config)
"""The newest Standard (the newest ``standard`` row: what ``standard`` means in a New Game)."""


def standard_code(k: Knowledge, first: bool = False, behind: bool = False,
                  masters: bool = False, careful: bool = False, counting: bool = False) -> int:
    """Standard's move code for the seat of ``k`` (which is to act), by the rules of thumb of
    ``standard-v3`` on or (``first``) the first Standard's; ``behind``, ``masters``,
    ``careful``, ``counting``: those settings of :class:`~.versions.StandardConfig`."""
    phase = k.phase
    if phase is Phase.PLAY:
        code = PLAY + play_card(table_from_knowledge(k, first, behind, masters, careful, counting))
        if counting and careful and code in k.legal_codes:
            code = last_tricks_code(k, code)
    elif phase is Phase.PICK:
        code = PICK if wants_to_pick(k.hand, len(k.passed), 0.0, k.rules, first) else PASS
    elif phase is Phase.BURY:
        code = best_bury(k.hand, first, careful)
    elif phase is Phase.DOUBLES:
        # The question asked is the one legal action besides pass (crack, recrack, blitz).
        code = doubles_code(k.hand, k.legal_codes[0], k.legal_codes, k.rules, first)
    else:
        code = best_call(k.hand, k.legal_codes, first, careful)
    if code not in k.legal_codes:          # a safety net: never an illegal action
        code = k.legal_codes[0]
    return code


class StandardPlayer(Player):
    level = "standard"

    def __init__(self, seed: int | random.Random = 0, config: StandardConfig = STANDARD):
        super().__init__(seed)
        self.config = config

    def decide(self, view: SeatView, rng: random.Random) -> int:
        config = self.config
        return standard_code(Knowledge(view, config.reading), config.first_craft, config.behind,
                             config.masters, config.careful, config.counting)
