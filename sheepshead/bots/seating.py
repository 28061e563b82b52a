"""The computer players at a game's table: which level, and which seed for each decision.

A game's computer players are made afresh for every decision, seeded from the
game seed, the hand number, the seat, the number of actions already taken in
that hand and (for a hand dealt again under the doubler option) the redeal
count.  So a reloaded game, a result link checked in another browser and the
command line's ``verify`` all get exactly the same choices from the same
position.  This seeding is part of what result links promise: change it and
old links report that the computer moves differ.
"""

from __future__ import annotations

import hashlib

from ..actions import Action
from ..view import SeatView
from . import make_player

__all__ = ["DAILY_LEVEL", "decision_seed", "computer_choice"]

DAILY_LEVEL = "expert"
"""Every Daily is played against this level, the same for everyone."""


def decision_seed(game_seed: str, hand_number: int, seat: int, actions_before: int,
                  redeal: int = 0) -> int:
    """The seed of one computer decision (see the module docstring)."""
    parts: tuple[object, ...] = (game_seed, hand_number, seat, actions_before)
    if redeal:                  # a hand dealt again is a new deal: new choices
        parts += (redeal,)
    text = "|".join(str(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def computer_choice(level: str, game_seed: str, hand_number: int, redeal: int,
                    view: SeatView, actions_before: int) -> Action:
    """The action the game's computer player of ``level`` takes from ``view``."""
    seed = decision_seed(game_seed, hand_number, view.seat, actions_before, redeal)
    return make_player(level, seed).choose(view)
