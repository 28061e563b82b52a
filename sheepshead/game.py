"""A game: ten hands from one seed, the deal passing left, and the ledger.

:class:`Game` is a plain value built from its seed, rules and the actions of
each hand; it replays them to know where it stands, so a saved game is just
its records.  Hand ``n`` is dealt by seat ``(n + P - 2) mod P`` (hand 1 by
the last seat, so seat 0 speaks and leads first).
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .deals import check_seed, dealer_of
from .errors import SheepsheadError
from .record import HandRecord
from .rules import DEFAULT_RULES, Rules
from .state import HandState

__all__ = ["Game", "HANDS_PER_GAME"]

HANDS_PER_GAME = 10


@dataclass
class Game:
    """Ten hands of one seed. ``hands[i]`` is the state of hand ``i + 1``."""

    seed: str
    rules: Rules = DEFAULT_RULES
    length: int = HANDS_PER_GAME

    def __post_init__(self):
        check_seed(self.seed)
        self.hands: list[HandState] = [HandState.from_seed(self.seed, 1, self.rules)]

    # ------------------------------------------------------------- where
    @property
    def hand_number(self) -> int:
        """1-based number of the hand in progress (or the last one when the game is over)."""
        return len(self.hands)

    @property
    def current(self) -> HandState:
        return self.hands[-1]

    @property
    def is_over(self) -> bool:
        return len(self.hands) == self.length and self.current.is_over

    def dealer(self, hand_number: int | None = None) -> int:
        return dealer_of(hand_number or self.hand_number, self.rules.players)

    # --------------------------------------------------------------- act
    def apply(self, action: Action | str) -> None:
        """Apply an action to the hand in progress."""
        if self.current.is_over:
            raise SheepsheadError("the hand is over: deal the next hand first"
                                  if not self.is_over else "the game is over")
        self.current.apply(action)

    def next_hand(self) -> HandState:
        """Deal the next hand once the current one is over."""
        if not self.current.is_over:
            raise SheepsheadError("the hand in progress is not over")
        if self.is_over:
            raise SheepsheadError("the game is over")
        self.hands.append(HandState.from_seed(self.seed, len(self.hands) + 1, self.rules))
        return self.current

    # ------------------------------------------------------------ ledger
    def hand_scores(self) -> list[tuple[int, ...]]:
        """Ledger changes of every finished hand, in order."""
        return [tuple(h.result().scores) for h in self.hands if h.is_over]

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
        """One ``sheepshead/1`` record per hand dealt so far."""
        return [HandRecord(self.rules, self.seed, n, h.dealer, None,
                           tuple(str(a) for a in h.actions()))
                for n, h in enumerate(self.hands, start=1)]

    def to_json(self) -> dict:
        return {"format": "sheepshead-game/1", "seed": self.seed, "rules": self.rules.to_json(),
                "hands": [list(r.actions) for r in self.records()]}

    @classmethod
    def from_json(cls, data) -> "Game":
        """Rebuild a game from :meth:`to_json`, replaying and checking every action."""
        if not isinstance(data, dict) or data.get("format") != "sheepshead-game/1":
            raise SheepsheadError("saved game: not a sheepshead-game/1 object")
        hands = data.get("hands")
        if not isinstance(hands, list) or not 1 <= len(hands) <= HANDS_PER_GAME:
            raise SheepsheadError("saved game: hands must be a list of 1 to 10 action lists")
        game = cls(data.get("seed"), Rules.from_json(data.get("rules")))
        for n, actions in enumerate(hands, start=1):
            if n > 1:
                game.next_hand()
            if not isinstance(actions, list):
                raise SheepsheadError(f"saved game: hand {n}'s actions are not a list")
            record = game.records()[-1].with_actions(actions)
            game.hands[-1] = record.replay()
        return game
