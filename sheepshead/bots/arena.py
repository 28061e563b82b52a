"""Duplicate matches between computer players: ``python -m sheepshead arena``.

Each deal (hand ``1 + i % 10`` of the New Game seed ``game:<hex>`` derived
from the arena seed and ``i``) is played once per seat (five times at the
default table), with the candidate in each seat in turn and the field in the
others, so luck of the cards cancels.  ``rules`` sets the table's options.  The candidate's
result is its mean ledger change per hand, with a
95% confidence interval computed over the per-deal means of the five
rotations (normal approximation), plus how often it picked, how often its
side won when it picked, and how often the hand was a leaster.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

from ..actions import Action
from ..errors import SheepsheadError
from ..rules import DEFAULT_RULES, Rules
from ..state import HandState
from ..view import SeatView
from . import make_player
from .base import Player

T = TypeVar("T")

__all__ = ["deal_seed", "player_seed", "play_hand", "play_rotations", "play_deal", "mean_half",
           "map_jobs", "run_arena"]


def deal_seed(seed: int, i: int) -> tuple[str, int]:
    """The New Game seed and hand number of the arena's ``i``-th deal."""
    h = hashlib.sha256(f"arena:{seed}:{i}".encode()).hexdigest()[:16]
    return f"game:{h}", 1 + i % 10


def player_seed(seed: int, i: int, rotation: int, seat: int) -> int:
    """The seed of the player in ``seat`` in rotation ``rotation`` of the arena's deal ``i``."""
    h = hashlib.sha256(f"arena-player:{seed}:{i}:{rotation}:{seat}".encode()).digest()
    return int.from_bytes(h[:8], "big") >> 1


class Chooser(Protocol):
    """Whatever chooses a seat's action from its view: a :class:`Player`, or a bench's
    wrapper of one."""

    def choose(self, view: SeatView) -> Action: ...


def play_hand(state: HandState, players: Sequence[Chooser]) -> HandState:
    """Play ``state`` to its end, each seat's player seeing only its seat's view."""
    while not state.is_over:
        seat = state.to_act
        action = players[seat].choose(state.view(seat))
        code = action.code
        if code not in state.legal_moves():
            raise SheepsheadError(f"{players[seat]!r} chose an illegal action {action}")
        state.apply_move(code)
    return state


def play_rotations(args: tuple[Any, ...],
                   play: Callable[[HandState, list[Player], int], HandState] | None = None
                   ) -> tuple[HandState, ...]:
    """The finished hands of one deal, the candidate in seat ``r`` of the ``r``-th, the field
    in the other seats.  ``args``: candidate, field, arena seed, deal number and (options only)
    the table's rules as JSON.  ``play``, when given, plays each hand in place of
    :func:`play_hand`, given the state, the players and the candidate's seat
    (``bench/ceiling.py`` lets the candidate see the hidden cards)."""
    candidate, field, seed, i = args[:4]
    rules = Rules.from_json(args[4]) if len(args) > 4 else DEFAULT_RULES
    n = rules.players
    game_seed, hand = deal_seed(seed, i)
    hands = []
    for r in range(n):
        state = HandState.from_seed(game_seed, hand, rules)
        players = [make_player(candidate if s == r else field, player_seed(seed, i, r, s))
                   for s in range(n)]
        hands.append(play_hand(state, players) if play is None else play(state, players, r))
    return tuple(hands)


def play_deal(args: tuple[Any, ...]) -> dict[str, Any]:
    """The rotations of one deal (the candidate in each seat in turn); the candidate's results."""
    states = play_rotations(args)
    n = len(states)
    scores, picks, picker_wins, leasters, thrown, cracked = [], 0, 0, 0, 0, 0
    for r, state in enumerate(states):
        sc = state.scores()
        scores.append(sc[r])
        if state.thrown_in:
            thrown += 1
        elif state.picker < 0:
            leasters += 1
        elif state.picker == r:
            picks += 1
            picker_wins += sc[r] > 0
        cracked += state.cracker >= 0
    return {"mean": sum(scores) / n, "picks": picks, "picker_wins": picker_wins,
            "leasters": leasters, "thrown_in": thrown, "cracked": cracked}


def mean_half(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95% interval (normal approximation;
    infinite for fewer than two values)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return mean, 1.96 * sd / math.sqrt(n)


def map_jobs(fn: Callable[[Any], T], work: list[Any], jobs: int = 1, chunksize: int = 1
             ) -> Iterator[T]:
    """``fn`` over ``work``, the results in order: here when ``jobs`` is 1 (or less), else in
    ``jobs`` forked worker processes, ``chunksize`` items at a time."""
    if jobs <= 1:
        yield from map(fn, work)
        return
    import multiprocessing
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(fn, work, chunksize=chunksize)


def run_arena(candidate: str, field: str, deals: int, jobs: int = 1, seed: int = 0,
              progress: Callable[[int, int], None] | None = None,
              rules: Rules = DEFAULT_RULES) -> dict[str, Any]:
    """Play ``deals`` duplicate deals at a table of ``rules``; the summary ``arena`` prints."""
    for level in (candidate, field):
        make_player(level, 0)                  # unknown level: SheepsheadError now
    if deals < 1:
        raise SheepsheadError("arena needs at least one deal")
    if jobs < 1:
        raise SheepsheadError("--jobs must be at least 1")
    extra = (rules.to_json(),) if rules != DEFAULT_RULES else ()
    work = [(candidate, field, seed, i) + extra for i in range(deals)]
    start = time.perf_counter()
    results = []
    for res in map_jobs(play_deal, work, jobs, chunksize=max(1, min(16, deals // (jobs * 8)))):
        results.append(res)
        if progress:
            progress(len(results), deals)
    means = [r["mean"] for r in results]
    n = len(means)
    mean, half = mean_half(means)
    if n < 2:
        half = 0.0                             # one deal: no spread to measure (and JSON has no inf)
    picks = sum(r["picks"] for r in results)
    hands = rules.players * n
    out = {
        "candidate": candidate,
        "field": field,
        "deals": n,
        "hands": hands,
        "seed": seed,
        "mean_per_hand": round(mean, 4),
        "ci95": [round(mean - half, 4), round(mean + half, 4)],
        "pick_rate": round(picks / hands, 4),
        "picker_win_rate": round(sum(r["picker_wins"] for r in results) / picks, 4) if picks else None,
        "leaster_rate": round(sum(r["leasters"] for r in results) / hands, 4),
        "seconds": round(time.perf_counter() - start, 1),
    }
    if extra:
        out["rules"] = extra[0]
        out["thrown_in_rate"] = round(sum(r["thrown_in"] for r in results) / hands, 4)
        out["crack_rate"] = round(sum(r["cracked"] for r in results) / hands, 4)
        out["seconds"] = out.pop("seconds")
    return out
