"""The computer players at a game's table: which level, and which seed for each decision.

A game's computer players are made afresh for every decision, seeded from the
game seed, the hand number, the seat, the number of actions already taken in
that hand and (for a hand dealt again under the doubler option) the redeal
count.  So a reloaded game, a result link checked in another browser and the
command line's ``verify`` all get exactly the same choices from the same
position.  This seeding is part of what result links promise: change it and
old links report that the computer moves differ.

**Level words and versions.**  The page, saves and result links name a level by its word
(``easy``, ``standard``, ``expert``); the code behind a word may get stronger, so each
version of a level has its own fixed name and row in :data:`~.versions.VERSIONS`
(``standard-v1``, ``expert-v1``: the players of 2026-12-01 morning; ``standard-v2``,
``expert-v2``: of that evening; ``standard-v3``, ``expert-v3``: of 2026-12-03; ``standard-v4``,
``expert-v4``, ``expert-v5``: issue 27's; ``standard-v5`` … ``standard-v7``: issue 39's), with
the first day
it plays.  :func:`resolve_level` says which version a word means for one game:

* a Daily (seed ``daily:YYYY-MM-DD``) is played against :func:`daily_level` of its date: the
  newest ``expert`` row whose day has come (``expert-v1`` before :data:`EXPERT_V2_FROM`,
  ``expert-v2`` before :data:`EXPERT_V3_FROM`, ``expert-v3`` before 2026-12-04, ``expert-v4``
  on that day, ``expert-v5`` from 2026-12-05), so a Daily's
  opponents never change, even half-played across a change, and its links keep checking;
* any other game: the word's newest version (:data:`~.versions.CURRENT`).

A result link of a New Game carries no date, so :class:`MoveCheck` accepts its computer
moves when one version of its level explains them all (the newest first, then the older ones).
"""

from __future__ import annotations

import datetime as _dt
import hashlib
from collections.abc import Generator

from ..actions import Action
from ..grammar import date_of_seed
from ..view import SeatView
from . import make_player
from .versions import CURRENT, VERSIONS

__all__ = ["DAILY_LEVEL", "EXPERT_V2_FROM", "EXPERT_V3_FROM", "daily_level", "resolve_level",
           "decision_seed", "computer_choice", "computer_choice_steps", "MoveCheck"]

DAILY_LEVEL = "expert"
"""The level word of every Daily, the same for everyone; :func:`daily_level` is its version."""
_MEANT = {level: tuple(reversed([v for v in VERSIONS.values() if v.level == level]))
          for level in CURRENT}
"""Every version each level word has meant, newest first."""
EXPERT_V2_FROM = VERSIONS["expert-v2"].since
"""The first Daily played against ``expert-v2``; earlier Dailies keep ``expert-v1``."""
EXPERT_V3_FROM = VERSIONS["expert-v3"].since
"""The first Daily played against ``expert-v3``."""


def daily_level(day: _dt.date) -> str:
    """The version of :data:`DAILY_LEVEL` that plays the Daily of ``day``: the newest whose
    first day has come (the oldest before any)."""
    meant = _MEANT[DAILY_LEVEL]
    return next((v.name for v in meant if v.since <= day), meant[-1].name)


def resolve_level(level: str, game_seed: str) -> str:
    """The version of ``level`` that plays the game of ``game_seed`` (see the module)."""
    if level == DAILY_LEVEL:
        day = date_of_seed(game_seed)
        if day is not None:
            return daily_level(day)
    return CURRENT.get(level, level)


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
    """The action the game's computer player of ``level`` takes from ``view``
    (``level`` is a level word or a version: :func:`resolve_level`)."""
    seed = decision_seed(game_seed, hand_number, view.seat, actions_before, redeal)
    return make_player(resolve_level(level, game_seed), seed).choose(view)


def computer_choice_steps(level: str, game_seed: str, hand_number: int, redeal: int,
                          view: SeatView, actions_before: int) -> Generator[None, None, Action]:
    """:func:`computer_choice`, yielding while the player thinks (the same action)."""
    seed = decision_seed(game_seed, hand_number, view.seat, actions_before, redeal)
    return (yield from make_player(resolve_level(level, game_seed), seed).choose_steps(view))


class MoveCheck:
    """Whether a game's computer moves are those of one version of ``level``.

    A Daily (or a version named outright) has one version to check.  A New Game's level
    word has every version it has meant (:data:`~.versions.VERSIONS`): the newest is asked first; when
    it differs, the next is asked on every decision seen so far, and so on, so a game played
    before a level changed keeps checking, at no cost for a game of the newest version."""

    def __init__(self, level: str, game_seed: str):
        self.game_seed = game_seed
        if level in _MEANT and not (level == DAILY_LEVEL and date_of_seed(game_seed)):
            self.versions = [v.name for v in _MEANT[level]]
        else:
            self.versions = [resolve_level(level, game_seed)]
        self.seen: list[tuple[int, int, SeatView, int, Action]] = []
        self._fresh = False         # versions[0] not yet asked about the decisions seen
        self.choice: Action | None = None
        """When :meth:`matches` says False: the choice at that decision of the version that
        explained every decision before it."""

    @property
    def version(self) -> str | None:
        """The version that explains every move so far (None once none does)."""
        return self.versions[0] if self.versions else None

    def matches(self, hand_number: int, redeal: int, view: SeatView, actions_before: int,
                action: Action) -> bool:
        """Add one decision; False once no version explains every decision so far."""
        self.seen.append((hand_number, redeal, view, actions_before, action))
        while self.versions:
            version = self.versions[0]
            for n, r, v, b, a in (self.seen if self._fresh else self.seen[-1:]):
                choice = computer_choice(version, self.game_seed, n, r, v, b)
                if choice != a:
                    if not self._fresh:
                        self.choice = choice
                    self.versions.pop(0)
                    self._fresh = True
                    break
            else:
                self._fresh = False
                return True
        return False
