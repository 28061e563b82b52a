"""Computer players: Easy, Standard and Expert (and a random yardstick).

Every player receives one seat's :class:`~sheepshead.view.SeatView` and its
seed, never the game state::

    >>> from sheepshead import HandState
    >>> from sheepshead.bots import make_player
    >>> hand = HandState.from_seed("daily:2026-11-30", 1)
    >>> bot = make_player("standard", seed=7)
    >>> action = bot.choose(hand.view(hand.to_act))

Modules: :mod:`.knowledge` (what a seat can infer), :mod:`.craft` (the rules
of thumb on bit masks), :mod:`.standard`, :mod:`.easy`, :mod:`.sampling`
(deals consistent with a view), :mod:`.expert` (search over those deals),
:mod:`.arena` (duplicate matches).
"""

from __future__ import annotations

from ..errors import SheepsheadError
from .base import Player, RandomPlayer
from .easy import EasyPlayer
from .standard import StandardPlayer

__all__ = ["Player", "RandomPlayer", "EasyPlayer", "StandardPlayer", "ExpertPlayer",
           "make_player", "LEVELS"]

LEVELS = ("easy", "standard", "expert", "random")


def make_player(level: str, seed=0) -> Player:
    """A player of ``level`` (``easy``, ``standard``, ``expert``, or ``random``)."""
    if level == "easy":
        return EasyPlayer(seed)
    if level == "standard":
        return StandardPlayer(seed)
    if level == "expert":
        from .expert import ExpertPlayer
        return ExpertPlayer(seed)
    if level == "random":
        return RandomPlayer(seed)
    raise SheepsheadError(f"unknown level {level!r}: choose easy, standard or expert")


def __getattr__(name):
    if name == "ExpertPlayer":
        from .expert import ExpertPlayer
        return ExpertPlayer
    raise AttributeError(name)
