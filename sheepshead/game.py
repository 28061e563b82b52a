"""A game: ten hands from one seed, the deal passing left, and the ledger.

:class:`Game` is built from its seed and rules and grows hand by hand; a saved
game is just the actions of each hand (:meth:`Game.to_json`), replayed and
checked by :meth:`Game.from_json`.  Hand ``n`` is dealt by seat
``(n + P - 2) mod P`` (hand 1 by the last seat, so seat 0 speaks and leads
first).  Under the doubler option a thrown-in hand is dealt again by the same
dealer (``redeal`` 1, 2, …) and is not counted among the ten.
"""

from __future__ import annotations

from typing import Any

from .actions import Action
from .deals import HANDS_PER_GAME, check_seed, dealer_of
from .errors import SheepsheadError
from .record import HandRecord
from .rules import DEFAULT_RULES, Rules
from .state import HandState

__all__ = ["Game", "HANDS_PER_GAME", "HUMAN_SEAT"]

HUMAN_SEAT = 0
"""The player's seat: you at the table, the sender of a result link; every other seat is a
computer player.  The one place this is said (the page, the links and the boards import it)."""


class Game:
    """Ten hands of one seed. ``hands[i]`` is the state of the ``i``-th deal (throw-ins included)."""

    def __init__(self, seed: str, rules: Rules = DEFAULT_RULES, length: int = HANDS_PER_GAME):
        check_seed(seed)
        if not isinstance(length, int) or not 1 <= length <= HANDS_PER_GAME:
            raise SheepsheadError(f"a game has 1 to {HANDS_PER_GAME} hands, not {length!r}")
        self.seed = seed
        self.rules = rules
        self.length = length
        self.hands: list[HandState] = [HandState.from_seed(seed, 1, rules)]
        self.deals: list[tuple[int, int]] = [(1, 0)]
        """(hand number, redeal) of each entry of ``hands``."""

    # ------------------------------------------------------------- where
    @property
    def hand_number(self) -> int:
        """1-based number of the hand in progress (or the last one when the game is over)."""
        return self.deals[-1][0]

    @property
    def redeal(self) -> int:
        """How many times the hand in progress was thrown in and dealt again."""
        return self.deals[-1][1]

    @property
    def current(self) -> HandState:
        return self.hands[-1]

    @property
    def is_over(self) -> bool:
        return (self.hand_number == self.length and self.current.is_over
                and not self.current.thrown_in)

    def dealer(self, hand_number: int | None = None) -> int:
        return dealer_of(hand_number or self.hand_number, self.rules.players)

    # --------------------------------------------------------------- act
    def apply(self, action: Action | str) -> None:
        """Apply an action to the hand in progress."""
        if self.current.is_over:
            raise SheepsheadError("the game is over" if self.is_over
                                  else "the hand is over: deal the next hand first")
        self.current.apply(action)

    def next_hand(self) -> HandState:
        """Deal the next hand (or deal a thrown-in hand again) once the current one is over."""
        if not self.current.is_over:
            raise SheepsheadError("the hand in progress is not over")
        if self.is_over:
            raise SheepsheadError("the game is over")
        n, r = self.deals[-1]
        n, r = (n, r + 1) if self.current.thrown_in else (n + 1, 0)
        self.hands.append(HandState.from_seed(self.seed, n, self.rules, r))
        self.deals.append((n, r))
        return self.current

    # ------------------------------------------------------------ ledger
    def hand_scores(self) -> list[tuple[int, ...]]:
        """Ledger changes of every finished, played hand, in order (throw-ins left out)."""
        return [tuple(h.result().scores) for h in self.hands if h.is_over and not h.thrown_in]

    def totals(self) -> tuple[int, ...]:
        """Each seat's running total; always sums to zero."""
        totals = [0] * self.rules.players
        for scores in self.hand_scores():
            for s, v in enumerate(scores):
                totals[s] += v
        return tuple(totals)

    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total (equal highest share the win); only when over."""
        if not self.is_over:
            raise SheepsheadError("the game is not over")
        totals = self.totals()
        best = max(totals)
        return tuple(s for s, t in enumerate(totals) if t == best)

    # ------------------------------------------------------------ records
    def records(self) -> list[HandRecord]:
        """One ``sheepshead/1`` record per deal so far."""
        return [HandRecord(self.rules, self.seed, n, h.dealer, None,
                           tuple(str(a) for a in h.actions()), r)
                for (n, r), h in zip(self.deals, self.hands, strict=True)]

    def to_json(self) -> dict[str, Any]:
        return {"format": "sheepshead-game/1", "seed": self.seed, "rules": self.rules.to_json(),
                "hands": [list(r.actions) for r in self.records()]}

    @classmethod
    def from_json(cls, data: object) -> Game:
        """Rebuild a game from :meth:`to_json`, replaying and checking every action."""
        if not isinstance(data, dict) or data.get("format") != "sheepshead-game/1":
            raise SheepsheadError("saved game: not a sheepshead-game/1 object")
        hands = data.get("hands")
        if not isinstance(hands, list) or not hands:
            raise SheepsheadError("saved game: hands must be a non-empty list of action lists")
        seed = data.get("seed")
        if not isinstance(seed, str):
            raise SheepsheadError("saved game: seed must be text")
        game = cls(seed, Rules.from_json(data.get("rules")))
        for i, actions in enumerate(hands):
            if i:
                game.next_hand()
            if not isinstance(actions, list):
                raise SheepsheadError(f"saved game: deal {i + 1}'s actions are not a list")
            record = game.records()[-1].with_actions(actions)
            game.hands[-1] = record.replay()
        return game
