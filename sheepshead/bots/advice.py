"""Help at the table from the Expert: a hint for the decision at hand, and a review of a
seat's decisions in a finished hand. Data only; the page puts it in words.

Values are the Expert's estimates of the seat's ledger change for the hand (its mean over
the deals it imagines, :meth:`~sheepshead.bots.expert.ExpertPlayer.evaluate`), so a
difference of values is in ledger points. They depend only on the seat's view and the seed,
never on hidden cards, and are the same in CPython and in the browser.

* :func:`hint` — the Expert's choice for the seat's decision (pick, bury, call, crack round,
  play), each candidate's value and the margin of the choice over the next best
  (:class:`Hint`). With the same seed and budget it is exactly the choice of the table's
  Expert in that seat (``make_player("expert", seed)``).
* :func:`review_steps` — a generator over the seat's decisions in a hand, each with the
  Expert's estimate of the seat's choice and of its own, and the cost
  (:class:`ReviewStep`); one search per step, so a page can show progress between steps.

The search budget (playouts per decision) is a parameter: ``bench/advice.py`` measures the
latency of the defaults against the page's figures (``docs/help.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass

from ..actions import PLAY, Action, Kind, action_of
from ..cards import POINTS, STRENGTH, SUIT_OF
from ..errors import SheepsheadError
from ..position import Phase
from ..state import HandState
from ..steps import drained
from ..view import SeatView
from .expert import BUDGET, ExpertPlayer
from .knowledge import Knowledge

__all__ = ["Hint", "ReviewStep", "hint", "hint_steps", "review_steps", "review_slices",
           "review_cost", "HINT_BUDGET", "REVIEW_BUDGET"]

HINT_BUDGET = BUDGET
"""Playouts of a hint: the table's Expert's own, so the hint is that player's choice."""
REVIEW_BUDGET = BUDGET
"""Playouts of each reviewed decision."""

Seed = int | Callable[[int], int]
"""A seed, or a function of the number of actions before the decision giving its seed (for
example the table's :func:`~sheepshead.bots.seating.decision_seed` for that seat)."""

_BY_STRENGTH = tuple(sorted((c for c in range(32) if SUIT_OF[c] == s), key=STRENGTH.__getitem__)
                     for s in range(4))


@dataclass(frozen=True)
class Hint:
    """The Expert's advice for one decision of one seat."""

    seat: int
    phase: Phase
    action: Action
    """The Expert's choice (always one of the seat's legal actions)."""
    values: tuple[tuple[Action, float], ...]
    """Each candidate the Expert valued, best value first (empty when nothing was searched)."""
    same_as: tuple[tuple[Action, Action], ...]
    """Legal plays the Expert did not value, each with the valued play it is equivalent to
    (same suit and points, no card still out between them: they win and lose alike)."""
    margin: float | None
    """The choice's value less the best other candidate's, in ledger points (negative when
    the Expert keeps the Standard rules' choice against a candidate that did better only by
    sampling noise); None when there is nothing to compare."""
    forced: bool
    """Only one legal action."""
    searched: bool
    """The values come from a search. False when forced, when every legal action is
    equivalent, and in the crack round (there the Expert follows the Standard rules)."""

    def value_of(self, action: Action | str) -> float | None:
        """The Expert's value of ``action`` (or of the play it is equivalent to); None when it
        was not valued."""
        action = Action.parse(action)
        for a, b in self.same_as:
            if a == action:
                action = b
        for a, v in self.values:
            if a == action:
                return v
        return None

    def equivalent(self, action: Action | str) -> bool:
        """``action`` is the Expert's choice or a play equivalent to it."""
        action = Action.parse(action)
        return action == self.action or (action, self.action) in self.same_as


def _equivalents(k: Knowledge, valued: set[int]) -> list[tuple[int, int]]:
    """(legal play not valued, the valued play it is equivalent to): the Expert tries only
    the lowest of the cards of a suit with the same points and no card still out between
    them (:func:`~sheepshead.bots.expert.distinct_plays`)."""
    if k.phase is not Phase.PLAY:
        return []
    legal = set(k.legal_codes)
    gone = k.hand | k.played
    out = []
    for suit in _BY_STRENGTH:
        rep = -1
        for c in suit:
            code = PLAY + c
            if not gone >> c & 1:
                rep = -1                              # a card still out breaks the run
            elif code in valued:
                rep = code
            elif code in legal and c != k.unknown and rep >= 0 and POINTS[c] == POINTS[rep - PLAY]:
                out.append((code, rep))
    return out


def _hint_steps(player: ExpertPlayer, view: SeatView) -> Generator[None, None, Hint]:
    if not view.legal:
        raise SheepsheadError(f"seat {view.seat} has nothing to do: it is not its turn")
    if len(view.legal) == 1:
        return Hint(view.seat, view.phase, view.legal[0], (), (), None, True, False)
    action, found = yield from player.evaluate_steps(view)
    searched = view.phase is not Phase.DOUBLES and len(found) > 1
    values = tuple(sorted(found, key=lambda av: -av[1])) if searched else ()
    valued = {a.code for a, _ in found}
    same = tuple((action_of(a), action_of(b)) for a, b in _equivalents(Knowledge(view), valued))
    margin = None
    if searched:
        mine = next(v for a, v in values if a == action)
        margin = mine - max(v for a, v in values if a != action)
    return Hint(view.seat, view.phase, action, values, same, margin, False, searched)


def hint(view: SeatView, seed: int = 0, budget: int = HINT_BUDGET) -> Hint:
    """The Expert's advice for ``view``'s seat, whose turn it must be (see :class:`Hint`)."""
    return drained(hint_steps(view, seed, budget))


def hint_steps(view: SeatView, seed: int = 0, budget: int = HINT_BUDGET
               ) -> Generator[None, None, Hint]:
    """:func:`hint` a slice at a time: a None after each playout, then the hint (the same
    one, from the same arithmetic), so that a page can think it out without a long task."""
    if not isinstance(view, SeatView):
        raise TypeError(f"a hint is asked of a SeatView, not {type(view).__name__}")
    return _hint_steps(ExpertPlayer(seed, budget), view)


class _AlsoTrying(ExpertPlayer):
    """The Expert, also valuing one more candidate on the same imagined deals (a reviewed
    seat's own choice that the Expert would not have tried)."""

    def __init__(self, seed: int, budget: int, extra: int):
        super().__init__(seed, budget)
        self.extra = extra

    def _candidates(self, k: Knowledge) -> list[int]:
        cands = super()._candidates(k)
        return cands if self.extra in cands else [*cands, self.extra]


@dataclass(frozen=True)
class ReviewStep:
    """One reviewed decision of a seat (see :func:`review_steps`)."""

    number: int
    """1-based, among the reviewed decisions."""
    total: int
    """How many decisions the review has."""
    index: int
    """The decision's place in the hand's history (actions before it)."""
    phase: Phase
    trick: int | None
    """The 1-based trick of a play; None before the play."""
    yours: Action
    your_value: float | None
    expert: Action
    expert_value: float | None
    cost: float | None
    """What your choice cost by the Expert's estimate: its choice's value less yours, never
    below 0; 0 when you chose as it did (or an equivalent play); None when there are no
    values to compare (the crack round, where the Expert follows the Standard rules)."""


def _judge(view: SeatView, yours: Action, seed: int, budget: int
           ) -> Generator[None, None, tuple[Action, float | None, float | None, float | None]]:
    """(the Expert's choice, its value, your choice's value, the cost), a slice at a time."""
    advice = yield from _hint_steps(ExpertPlayer(seed, budget), view)
    if advice.equivalent(yours):
        value = advice.value_of(yours)
        return advice.action, value, value, 0.0
    if not advice.searched:
        return advice.action, None, None, None
    mine = advice.value_of(yours)
    theirs = advice.value_of(advice.action)
    if mine is None:                   # not among its candidates: value both on the same deals
        _, found = yield from _AlsoTrying(seed, budget, yours.code).evaluate_steps(view)
        values = dict(found)
        mine, theirs = values[yours], values[advice.action]
    assert theirs is not None          # the choice is always among the candidates valued
    return advice.action, theirs, mine, max(0.0, theirs - mine)


def review_steps(state: HandState, seat: int, seed: Seed = 0, budget: int = REVIEW_BUDGET
                 ) -> Iterator[ReviewStep]:
    """The Expert's review of ``seat``'s decisions in the hand ``state`` (finished, or played
    so far): one :class:`ReviewStep` per action the seat chose among two or more, in order.
    Each step is one search (or two, when the seat's choice is one the Expert would not have
    tried). ``state`` is not changed; the seat's views are rebuilt from the hand's deal and
    actions."""
    return (step for step in review_slices(state, seat, seed, budget) if step is not None)


def review_slices(state: HandState, seat: int, seed: Seed = 0, budget: int = REVIEW_BUDGET
                  ) -> Iterator[ReviewStep | None]:
    """:func:`review_steps` with a None after each playout of each search, so that a
    page can review a hand a slice at a time (the same steps, from the same arithmetic)."""
    replay = HandState.from_masks(state.dealt, state.blind, state.dealer, state.rules, state.redeal)
    history, seats = list(state.history), list(state.seats)
    if not 0 <= seat < state.players:
        raise SheepsheadError(f"seat must be 0..{state.players - 1}, not {seat!r}")
    decisions = []
    for i, code in enumerate(history):
        if seats[i] == seat and len(replay.legal_moves()) > 1:
            decisions.append(i)
        replay.apply_move(code)
    replay = HandState.from_masks(state.dealt, state.blind, state.dealer, state.rules, state.redeal)
    plays = 0
    number = 0
    for i, code in enumerate(history):
        if i in decisions:
            number += 1
            view = replay.view(seat)
            yours = action_of(code)
            s = seed(i) if callable(seed) else seed
            expert, theirs, mine, cost = yield from _judge(view, yours, s, budget)
            trick = plays // state.players + 1 if view.phase is Phase.PLAY else None
            yield ReviewStep(number, len(decisions), i, view.phase, trick, yours, mine, expert,
                             theirs, cost)
        if action_of(code).kind is Kind.PLAY:
            plays += 1
        replay.apply_move(code)


def review_cost(steps: list[ReviewStep]) -> float:
    """The hand's total cost: the costs of its steps added left to right (None counts 0)."""
    total = 0.0
    for step in steps:
        total += step.cost or 0.0
    return total
