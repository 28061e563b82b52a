"""The common interface of the computer players.

A player is built with a seed (an int, or a :class:`random.Random` from which
one is drawn) and answers one question: ``choose(view) -> Action`` for the
seat whose :class:`~sheepshead.view.SeatView` it is given.  It never receives
a :class:`~sheepshead.state.HandState`.

Every decision draws its randomness from a generator seeded by the player's
seed *and the view itself*, so the choice is a pure function of (seed, view):
the same view and seed give the same choice, whatever was asked before, and
two deals that differ only in cards the seat cannot see give the same choice.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from ..actions import Action, action_of
from ..errors import SheepsheadError
from ..view import SeatView

__all__ = ["Player", "RandomPlayer", "check_seed"]


def check_seed(seed: object) -> int:
    if isinstance(seed, random.Random):
        return seed.getrandbits(63)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise SheepsheadError(f"a player's seed must be a whole number from 0, not {seed!r}")
    return seed


class Player:
    """Base class: subclasses implement :meth:`decide` on move codes."""

    level = "base"

    def __init__(self, seed: int | random.Random = 0):
        self.seed = check_seed(seed)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    def rng_for(self, view: SeatView) -> random.Random:
        hand = " ".join(str(c) for c in view.hand)
        history = ";".join(f"{p.seat}:{p}" for p in view.history)
        key = f"{self.level}|{self.seed}|{view.seat}|{hand}|{history}"
        return random.Random(key)

    def choose(self, view: SeatView) -> Action:
        """The action for the seat of ``view``, which must be that seat's turn."""
        if not isinstance(view, SeatView):
            raise TypeError(f"a player decides from a SeatView, not {type(view).__name__}")
        if not view.legal:
            raise SheepsheadError(f"seat {view.seat} has nothing to do: it is not its turn")
        if len(view.legal) == 1:
            return view.legal[0]
        return action_of(self.decide(view, self.rng_for(view)))

    def choose_steps(self, view: SeatView) -> Generator[None, None, Action]:
        """:meth:`choose` as a generator that yields now and then while it thinks (the page
        runs it a slice at a time); the same action, from the same arithmetic."""
        if not isinstance(view, SeatView) or not view.legal or len(view.legal) == 1:
            return self.choose(view)
        return action_of((yield from self.decide_steps(view, self.rng_for(view))))

    def decide(self, view: SeatView, rng: random.Random) -> int:  # pragma: no cover
        raise NotImplementedError

    def decide_steps(self, view: SeatView, rng: random.Random) -> Generator[None, None, int]:
        """:meth:`decide`, yielding while it thinks; this one in one go."""
        return self.decide(view, rng)
        yield                           # a generator, for the players that do not think long


class RandomPlayer(Player):
    """A uniformly random legal action: the yardstick at the bottom of the arena."""

    level = "random"

    def decide(self, view: SeatView, rng: random.Random) -> int:
        return rng.choice(view.legal).code
