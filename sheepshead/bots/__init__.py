"""Computer players: Easy, Standard and Expert (and a random yardstick).

Every player receives one seat's :class:`~sheepshead.view.SeatView` and its
seed, never the game state::

    >>> from sheepshead import HandState
    >>> from sheepshead.bots import make_player
    >>> hand = HandState.from_seed("daily:2026-11-30", 1)
    >>> bot = make_player("standard", seed=7)
    >>> action = bot.choose(hand.view(hand.to_act))

Modules: :mod:`.knowledge` (what a seat can infer), :mod:`.craft` (the rules
of thumb on bit masks; its ``first`` flag, the first Standard's; :mod:`.picking`, the pick and
crack judgement it re-exports), :mod:`.standard`,
:mod:`.easy`, :mod:`.sampling` (deals consistent with a view), :mod:`.belief` (how likely a
deal makes the public actions), :mod:`.expert` (search over those deals), :mod:`.versions`
(every version of each level, as data), :mod:`.seating` (which version plays which game) and
:mod:`.arena` (duplicate matches).

Level names: ``easy``, ``standard``, ``expert`` are the page's words, each meaning its level's
newest version in a New Game (:data:`~.versions.CURRENT`; a Daily's Expert is the version of
its date); the versions ``standard-v1`` … ``standard-v7`` and ``expert-v1`` … ``expert-v5``
(:data:`~.versions.VERSIONS`) name one fixed player each.
"""

from __future__ import annotations

import random

from ..errors import SheepsheadError
from .base import Player, RandomPlayer
from .easy import EasyPlayer
from .standard import StandardPlayer
from .versions import CURRENT, VERSIONS, StandardConfig
from .versions import LEVELS as WORDS

__all__ = ["Player", "RandomPlayer", "EasyPlayer", "StandardPlayer", "ExpertPlayer",
           "make_player", "LEVELS"]

LEVELS = (*WORDS, "random")
"""Every level word :func:`make_player` takes (the page's and the random yardstick)."""


def make_player(level: str, seed: int | random.Random = 0) -> Player:
    """A player of ``level``: ``easy``, ``standard``, ``expert`` (the level's newest version,
    :data:`~.versions.CURRENT`), ``random``, or a version of :data:`~.versions.VERSIONS`
    (``standard-v1`` … ``standard-v7``, ``expert-v1`` … ``expert-v5``)."""
    if level == "random":
        return RandomPlayer(seed)
    version = VERSIONS.get(CURRENT.get(level, level))
    if version is None:
        raise SheepsheadError(f"unknown level {level!r}: choose easy, standard or expert "
                              f"(or a version: {', '.join(VERSIONS)})")
    config = version.config
    if config is None:
        return EasyPlayer(seed)
    if isinstance(config, StandardConfig):
        return StandardPlayer(seed, config)
    from .expert import ExpertPlayer
    return ExpertPlayer(seed, config=config)


def __getattr__(name: str) -> object:
    if name == "ExpertPlayer":
        from .expert import ExpertPlayer
        return ExpertPlayer
    raise AttributeError(name)
