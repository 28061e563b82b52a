"""The most a better belief could add to the Expert: the Expert against a *sighted* Expert.

    python3 bench/ceiling.py --field expert-v1 --deals 300 --seed 4242 --jobs 2
    python3 bench/ceiling.py --field standard-v1 --deals 400 --seed 99 --jobs 2 --json out.json

Each deal is played as ``python -m sheepshead arena --candidate expert`` plays it (the
candidate in each seat in turn, the field in the others, the arena's player seeds), twice:
once with the Expert as it is, and once with a sighted Expert.  The sighted Expert searches
exactly as the Expert does, but every deal it imagines is the true deal: it knows where every
hidden card is.  Its playouts, its candidates and its judgement of the positions they reach
are the Expert's own.  So the paired difference, sighted minus Expert, is the most that any
improvement of the Expert's belief (sampling, inference from the public actions, more deals)
could add.  What the Expert lacks beyond it is in its judgement of positions: the playouts'
model of how the hand will be played.

This script cheats on purpose, in its own process only.  While the sighted seat decides, it
swaps :func:`sheepshead.bots.expert.sample_state` for one that returns a copy of the true
state, and sets the deals per candidate to two (every copy is the same, and playouts are
deterministic, so two give the same means as fifty, with a paired difference of exactly zero
spread: the best candidate is kept).  Everything is restored before any other seat decides.
The game never imports this module.

``--sighted-for play`` lets the sighted seat see only while it plays cards (it picks, buries
and calls as the Expert does); ``--sighted-for auction`` only while it picks, buries, calls or
answers a crack.  Seeing at the pick includes seeing the blind, which no belief can know, so
the ``play`` figure is the nearer bound on what a better belief could add to card play.

``--sees posterior`` (meant for the ``standard-v1`` field) gives the seat, in place of the true
deal, the exact belief about that field: it keeps only imagined deals on which
``standard-v1``'s rules, on what each seat could know (the Expert's playouts' model, which
foresees that field's every card, docs/journal/bots.md), make every pass, pick, call and card the
others made (up to ``--tries`` draws for each deal kept, else the draw with the fewest
misses), and weighs them alike.  That is the best any inference from the public actions
could do against that field, at any cost: the distance from it to the sighted Expert is what
no belief can know.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from collections.abc import Iterator

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from sheepshead.actions import PASS, PICK
from sheepshead.bots import expert, make_player
from sheepshead.bots.arena import map_jobs, mean_half, play_hand, play_rotations
from sheepshead.bots.craft import best_call, play_card, wants_to_pick
from sheepshead.bots_cli import parse_rules
from sheepshead.cards import SUIT_OF
from sheepshead.rules import DEFAULT_RULES
from sheepshead.state import HandState, Phase

#: The decisions during which the sighted seat sees, by ``--sighted-for``.
SIGHTED_FOR = {"all": frozenset(Phase), "play": frozenset({Phase.PLAY}),
               "auction": frozenset(Phase) - {Phase.PLAY}}

_TRUE: list[HandState] = []
_sample_state = expert.sample_state


def _sighted_sample(k, rng, slots=None, observe=None):
    """While a sighted seat decides: the true deal (a copy); otherwise the Expert's own."""
    if _TRUE:
        return _TRUE[-1].clone()
    return _sample_state(k, rng, slots, observe)


@contextlib.contextmanager
def sighted(state: HandState) -> Iterator[None]:
    """The live Expert's search sees ``state`` as every imagined deal, inside the block."""
    saved = expert.sample_state, expert.MIN_SAMPLES, expert.MAX_SAMPLES, expert.PICK_SAMPLES
    expert.sample_state = _sighted_sample
    expert.MIN_SAMPLES = expert.MAX_SAMPLES = expert.PICK_SAMPLES = 2
    _TRUE.append(state)
    try:
        yield
    finally:
        _TRUE.pop()
        (expert.sample_state, expert.MIN_SAMPLES, expert.MAX_SAMPLES,
         expert.PICK_SAMPLES) = saved


class Consistent:
    """An observer of the history's replay onto an imagined deal (``sample_state``'s
    ``observe``): counts the other seats' actions that ``standard-v1``'s rules, on what the
    acting seat could know, would not have taken there."""

    __slots__ = ("me", "voids", "misses")

    def __init__(self, me: int, players: int):
        self.me, self.voids, self.misses = me, [0] * players, 0

    def __call__(self, state: HandState, code: int) -> None:
        phase, seat = state.phase, state.to_act
        if phase is Phase.PLAY:
            m = state.legal_play_mask()
            c = code - 64
            if seat != self.me and m & (m - 1) and play_card(
                    expert._public_table(state, m, self.voids)) != c:
                self.misses += 1
            led = state.led_suit
            if led >= 0 and SUIT_OF[c] != led and not (
                    c == state.unknown and seat == state.picker and state.unknown_pending):
                self.voids[seat] |= 1 << led
        elif seat == self.me:
            return
        elif phase is Phase.PICK and code in (PASS, PICK) and len(state.legal_moves()) > 1:
            if (code == PICK) != wants_to_pick(state.hand_mask(seat), state.passes,
                                                0.0, state.rules, first=True):
                self.misses += 1
        elif phase is Phase.CALL:
            legal = state.legal_moves()
            if len(legal) > 1 and best_call(state.hand_mask(seat), legal, first=True) != code:
                self.misses += 1


@contextlib.contextmanager
def posterior(tries: int) -> Iterator[None]:
    """The live Expert's search draws from the exact belief about a ``standard-v1`` field
    (every deal weighed alike), inside the block: each deal is the first of up to ``tries``
    draws on which the field's rules make every action seen (else the draw with the fewest
    misses)."""

    def draw(k, rng, slots=None, observe=None):
        best, fewest = None, None
        for _ in range(tries):
            seen = Consistent(k.seat, k.players)
            state = _sample_state(k, rng, slots, seen)
            if state is None:
                continue
            if seen.misses == 0:
                return state
            if fewest is None or seen.misses < fewest:
                best, fewest = state, seen.misses
        return best

    saved = expert.sample_state, expert.BELIEF
    expert.sample_state, expert.BELIEF = draw, False
    try:
        yield
    finally:
        expert.sample_state, expert.BELIEF = saved


class _Sighted:
    """A player that decides while :func:`sighted` on the state it plays in, in the
    ``phases`` given (elsewhere it decides as itself)."""

    def __init__(self, player, state: HandState, phases: frozenset = SIGHTED_FOR["all"],
                 tries: int = 0):
        self.player, self.state, self.phases, self.tries = player, state, phases, tries

    def choose(self, view):
        if view.phase not in self.phases:
            return self.player.choose(view)
        with posterior(self.tries) if self.tries else sighted(self.state):
            return self.player.choose(view)


def play_sighted(state: HandState, players: list, seat: int,
                 phases: frozenset = SIGHTED_FOR["all"], tries: int = 0) -> HandState:
    """Play ``state`` to its end (:func:`play_hand`); the player in ``seat`` decides while
    :func:`sighted` in the ``phases`` given (or, given ``tries``, while :func:`posterior`)."""
    return play_hand(state, [_Sighted(p, state, phases, tries) if s == seat else p
                             for s, p in enumerate(players)])


def deal_means(args: tuple) -> dict:
    """One deal: the Expert's mean over the rotations (the arena's) and the sighted Expert's.

    ``args`` is (field, seed, deal, sighted-for, tries[, rules json]): ``tries`` 0 sees the
    true deal, more draws from the posterior (:func:`posterior`)."""
    field, seed, i, phases, tries = args[:5]
    work = ("expert", field, seed, i) + tuple(args[5:])
    plain = play_rotations(work)
    seen = play_rotations(work, play=lambda st, players, seat:
                          play_sighted(st, players, seat, SIGHTED_FOR[phases], tries))
    n = len(plain)
    return {"deal": i,
            "expert": sum(st.scores()[r] for r, st in enumerate(plain)) / n,
            "sighted": sum(st.scores()[r] for r, st in enumerate(seen)) / n}


def summary(rows: list[dict]) -> dict:
    """Each player's mean a hand, and the paired difference sighted − Expert (95%)."""
    out: dict = {"deals": len(rows)}
    for key in ("expert", "sighted"):
        mean, half = mean_half([r[key] for r in rows])
        out[key] = {"mean": round(mean, 4), "half95": round(half, 4)}
    mean, half = mean_half([r["sighted"] - r["expert"] for r in rows])
    out["sighted_minus_expert"] = {"mean": round(mean, 4), "half95": round(half, 4)}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--field", default="expert-v1")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--rules", default=None, help="table options, as arena's --rules")
    ap.add_argument("--sighted-for", choices=sorted(SIGHTED_FOR), default="all",
                    help="the decisions during which the sighted seat sees (default all)")
    ap.add_argument("--sees", choices=("true", "posterior"), default="true",
                    help="the sighted seat's deals: the true one, or the exact belief about a "
                         "standard-v1 field (default true)")
    ap.add_argument("--tries", type=int, default=200,
                    help="with --sees posterior: draws for each deal kept (default 200)")
    ap.add_argument("--json", default=None, help="also write every deal's means to this file")
    a = ap.parse_args(argv)
    make_player(a.field, 0)                   # an unknown level fails now, not in a worker
    rules = parse_rules(a.rules)
    extra = (rules.to_json(),) if rules != DEFAULT_RULES else ()
    if a.tries < 1:
        ap.error("--tries must be at least 1")
    tries = a.tries if a.sees == "posterior" else 0
    work = [(a.field, a.seed, i, a.sighted_for, tries) + extra for i in range(a.deals)]
    start = time.perf_counter()
    rows = list(map_jobs(deal_means, work, a.jobs, chunksize=4))
    s = summary(rows)
    sees = "" if a.sighted_for == "all" else f" (sighted for {a.sighted_for} only)"
    if tries:
        sees += f" (seeing the posterior, {tries} tries)"
    print(f"the Expert and a sighted Expert{sees} in a {a.field} field, {a.deals} deals "
          f"(seed {a.seed}), {time.perf_counter() - start:.0f} s")
    for key in ("expert", "sighted", "sighted_minus_expert"):
        print(f"  {key:21s} {s[key]['mean']:+.3f} ± {s[key]['half95']:.3f} a hand")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"summary": s, "rows": rows}, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
