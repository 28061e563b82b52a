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
:mod:`.arena` (duplicate matches), :mod:`.v1` (the frozen yardsticks ``standard-v1`` and
``expert-v1``: the players of 2026-12-01 morning) and :mod:`.v2` (``standard-v2`` and
``expert-v2``, of that evening), which never change.

Level names: ``easy``, ``standard``, ``expert`` are the page's words for today's players
(``standard`` is ``standard-v3`` and ``expert`` is ``expert-v3``); the versions
``standard-v1`` … ``expert-v3`` name one fixed player each (see
:mod:`.seating` for which version plays which game).
"""

from __future__ import annotations

from importlib import import_module

from ..errors import SheepsheadError
from .base import Player, RandomPlayer
from .easy import EasyPlayer
from .standard import StandardPlayer

__all__ = ["Player", "RandomPlayer", "EasyPlayer", "StandardPlayer", "ExpertPlayer",
           "make_player", "LEVELS", "YARDSTICKS", "VERSIONS"]

LEVELS = ("easy", "standard", "expert", "random")
_FROZEN = {
    "standard-v1": ("v1.standard", "StandardPlayer"),
    "expert-v1": ("v1.expert", "ExpertPlayer"),
    "standard-v2": ("v2.standard", "StandardPlayer"),
    "expert-v2": ("v2.expert", "ExpertPlayer"),
}
"""Each frozen version's module (under this package) and class, imported when first asked
for; a freeze adds its two rows here."""
YARDSTICKS = tuple(_FROZEN)
"""Frozen levels for the arena (never offered by the page; :mod:`.v1`, :mod:`.v2`)."""
VERSIONS = ("standard-v3", "expert-v3")
"""Today's Standard and Expert by their versioned names."""


def make_player(level: str, seed=0) -> Player:
    """A player of ``level``: ``easy``, ``standard``, ``expert``, ``random``, or a version
    (``standard-v1``, ``expert-v1``, ``standard-v2``, ``expert-v2``, ``standard-v3``,
    ``expert-v3``)."""
    if level == "easy":
        return EasyPlayer(seed)
    if level in ("standard", "standard-v3"):
        return StandardPlayer(seed)
    if level in ("expert", "expert-v3"):
        from .expert import ExpertPlayer
        return ExpertPlayer(seed)
    if level == "random":
        return RandomPlayer(seed)
    if level in _FROZEN:
        module, name = _FROZEN[level]
        player: type[Player] = getattr(import_module(f"{__name__}.{module}"), name)
        return player(seed)
    raise SheepsheadError(f"unknown level {level!r}: choose easy, standard or expert "
                          f"(or a version: {', '.join(YARDSTICKS + VERSIONS)})")


def __getattr__(name):
    if name == "ExpertPlayer":
        from .expert import ExpertPlayer
        return ExpertPlayer
    raise AttributeError(name)
