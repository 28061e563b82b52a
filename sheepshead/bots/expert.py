"""The Expert player: search over the cards it cannot see.

For each decision (pick, bury, call, play) the Expert

1. deals the hidden cards at random many times, consistently with everything
   its view tells (:mod:`sheepshead.bots.sampling`), and weights each deal by
   the likelihood of the public actions seen so far under Standard's rules
   (:mod:`.belief`; ``expert-v1`` weighed only the passes);
2. for every candidate action and every deal, applies the action to that
   imagined deal and plays the hand out by fast rules of thumb (:func:`rollout`),
   each seat playing on what it could know there (its cards, the cards played, the
   voids shown), and adds a bonus to picking;
3. chooses the action with the best weighted mean ledger value for its seat.
   Standard's own choice is kept unless another candidate beats it clearly
   (by more than ``MARGIN`` standard errors of the paired difference), so
   sampling noise does not make it play worse than Standard.

Its work is a fixed budget (playouts split over the candidates), never a clock, so the same
view and seed always give the same choice.  Its versions are rows of :mod:`.versions`
(:class:`~.versions.ExpertConfig`: budget, pick samples, belief, pick bonus, public
playouts, its own Standard and the playouts' craft).

The playouts' model of how everyone plays the cards, buries and calls is the first
Standard's rules of thumb (:mod:`.craft` with ``first``) in every version up to ``expert-v5``
(``first_playouts``): the playouts must predict how the others play, and ``standard-v3``'s
sharper rules of thumb predicted them no better (against a standard-v1 field, 250 duplicate
deals, seed 11, otherwise the same Expert: playouts by ``standard-v3`` made +0.555 a hand, by
standard-v1's rules +0.610, paired +0.055 ± 0.067).  ``standard_playouts`` (no row yet) plays
them by the Expert's own Standard instead, and ``exact_end`` solves their last two tricks
(:mod:`.endgame`).  The pick judgement is the Expert's own Standard's (the table's options tune
it), and so is its fallback choice.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Generator, Iterable
from typing import cast

from ..actions import ALONE, BURY, CALL_UNKNOWN, CRACK, PASS, PICK, PLAY, Action, action_of
from ..cards import POINTS, STRENGTH, SUIT_MASK, SUIT_OF, TRUMP_MASK
from ..legality import call_options
from ..position import CallKind, Phase
from ..rules import DEFAULT_RULES, AllPass, PartnerBy, Rules
from ..state import HandState
from ..steps import drained
from ..view import SeatView
from .base import Player
from .belief import Likelihood
from .blunders import play_blunders
from .craft import (
    Table,
    _alone_strength,
    best_bury,
    best_call,
    bury_ranking,
    call_ranking,
    doubles_code,
    play_card,
    table_from_state,
    wants_to_pick,
)
from .endgame import ENDGAME_CARDS, solve_end
from .knowledge import Knowledge
from .sampling import Slots, passers_weight
from .sampling import sample_state as sample_state  # a module global: bench/ceiling.py swaps it
from .standard import standard_code
from .versions import CURRENT, VERSIONS, ExpertConfig

__all__ = ["ExpertPlayer", "rollout", "drained", "EXPERT", "BUDGET"]

EXPERT = cast(ExpertConfig, VERSIONS[CURRENT["expert"]].config)
"""The newest Expert (the newest ``expert`` row of :mod:`.versions`: a New Game's)."""
BUDGET = EXPERT.budget
"""The newest Expert's playouts per decision (hints and reviews start from it)."""
MIN_SAMPLES = 8
MAX_SAMPLES = 60
"""Deals per decision, at least and at most (a row's ``pick_samples`` is below the most)."""
PICK_SAMPLES = EXPERT.pick_samples
"""The newest Expert's deals for pick or pass.  Not read by the search (which reads its row's
``pick_samples``); ``bench/ceiling.py`` sets and restores it and a test checks the restore."""
BURY_CANDIDATES = 5
MARGIN = 1.0
OVERRIDE_MARGINS = (1.0, 1.0, 1.0, 1.41, 1.62, 1.75, 1.86, 1.94, 2.0, 2.06, 2.11, 2.15)
"""``strict_override`` (``expert-v4``): the margin, in standard errors, by which a candidate
must beat Standard's choice among this many candidates: the normal quantile of a one-sided
0.16 / (candidates - 1) (the one standard error test, Bonferroni-corrected; its last entry for
more).  Fixed decimals, not computed: the same in CPython and Pyodide."""
BELIEF = True
"""False: no version weighs a deal by :mod:`.belief`, only by the passes (``bench/ceiling.py``
sets it while its own draws are the exact belief)."""
DOUBLES_TRIES = 12
"""Options only: redraws of a deal until the picker's (and a cracker's) hand fits its action."""

_PICK, _BURY, _DOUBLES, _PLAY, _DONE = Phase.PICK, Phase.BURY, Phase.DOUBLES, Phase.PLAY, Phase.DONE


def _pick_judge(first: bool) -> Callable[..., bool]:
    """``wants_to_pick`` with no wobble (``first``: the first Standard's), cached."""
    cache: dict[tuple[int, int] | tuple[int, int, Rules], bool] = {}

    def would_pick(hand: int, position: int, rules: Rules = DEFAULT_RULES) -> bool:
        key: tuple[int, int] | tuple[int, int, Rules] = (
            (hand, position) if rules is DEFAULT_RULES else (hand, position, rules))
        v = cache.get(key)
        if v is None:
            if len(cache) > 200_000:
                cache.clear()
            v = cache[key] = wants_to_pick(hand, position, 0.0, rules, first)
        return v
    return would_pick


def _bury_judge(first: bool) -> Callable[[int], int]:
    """``best_bury`` (``first``: the first Standard's), cached."""
    cache: dict[int, int] = {}

    def bury(hand8: int) -> int:
        v = cache.get(hand8)
        if v is None:
            if len(cache) > 100_000:
                cache.clear()
            v = cache[hand8] = best_bury(hand8, first)
        return v
    return bury


_WOULD_PICK = {first: _pick_judge(first) for first in (False, True)}
_BURIES = {first: _bury_judge(first) for first in (False, True)}
_would_pick = _WOULD_PICK[EXPERT.standard.first_craft]
_VOID_MASK = tuple(sum(SUIT_MASK[k] for k in range(4) if v >> k & 1) for v in range(16))


def _public_table(state: HandState, legal: int, voids: list[int], first: bool = True,
                  behind: bool = False, masters: bool = False, careful: bool = False) -> Table:
    """The Table of the seat to act in a playout when it plays on what it could know: the
    cards it cannot see may be with any seat that has not shown a void in their suit."""
    t = table_from_state(state, legal, first, behind, masters, careful)
    me = t.me
    unseen = t.unseen
    if me != state.picker:
        unseen = t.unseen = unseen | state.bury
    void_mask = _VOID_MASK
    possible = [unseen & ~void_mask[v] for v in voids]
    possible[me] = 0
    t.possible = possible
    t.exact = False
    t.voids = voids
    return t


def rollout(state: HandState, voids: list[int] | None = None,
            config: ExpertConfig = EXPERT) -> HandState:
    """Play a (sampled) state to the end by the rules of thumb of ``config``'s playouts (its
    own Standard's pick and doubles): on exact holdings, or, given the voids shown so far (a
    list it updates), on what each seat could know (its own cards, the cards played, the
    voids shown)."""
    first, judge = config.first_playouts, config.standard.first_craft
    would_pick = _WOULD_PICK[judge]
    bury = _BURIES[first]
    apply = state.apply_move
    alone = config.alone_playouts
    own = config.standard_playouts and not first
    behind, masters, careful = (config.standard.behind, config.standard.masters,
                                config.standard.careful) if own else (False, False, False)
    end = state.hand_size - ENDGAME_CARDS if config.exact_end else 99
    while True:
        phase = state.phase
        if phase is _PLAY:
            if len(state.tricks) >= end and solve_end(state):
                continue
            m = state.legal_play_mask()
            if alone and m & (m - 1) and state.call_kind is _ALONE and state.picker >= 0:
                t = _public_table(state, m, voids, first, behind, masters, careful) if voids is not None \
                    else table_from_state(state, m, first, behind, masters, careful)
                t.sure_alone = True             # the defenders are friends against it
                c = play_card(t)
                if voids is not None:
                    _note_void(state, c, voids)
                apply(64 + c)
            elif voids is not None:
                c = play_card(_public_table(state, m, voids, first, behind, masters, careful)) \
                    if m & (m - 1) else m.bit_length() - 1
                _note_void(state, c, voids)
                apply(64 + c)
            elif m & (m - 1):
                apply(64 + play_card(table_from_state(state, m, first, behind, masters, careful)))
            else:
                apply(63 + m.bit_length())
        elif phase is _DONE:
            return state
        elif phase is _PICK:
            apply(PICK if would_pick(state.hand_mask(state.to_act), state.passes, state.rules)
                  else PASS)
        elif phase is _BURY:
            apply(bury(state.hand_mask(state.picker)))
        elif phase is _DOUBLES:
            seat, kind = state.pending_question() or (state.to_act, PASS)
            legal = state.legal_moves()
            apply(doubles_code(state.hand_mask(seat), kind, legal, state.rules, judge)
                  if len(legal) > 1 else PASS)
        else:
            apply(best_call(state.hand_mask(state.picker), state.legal_moves(), first))


_ALONE = CallKind.ALONE


def _forces_alone(hand8: int, code: int, first: bool) -> bool:
    """Does burying ``code`` leave going alone as the only call, on a hand Standard (``first``:
    the first Standard) would not play alone?"""
    a, b = divmod(code - BURY, 32)
    bury = (1 << a) | (1 << b)
    rest = hand8 & ~bury
    return not any(call_options(rest, bury)) and not _alone_strength(rest, first)


def _note_void(state: HandState, c: int, voids: list[int]) -> None:
    """Mark the seat to act void in the led suit when card ``c`` does not follow it."""
    led = state.led_suit
    seat = state.to_act
    if led >= 0 and SUIT_OF[c] != led and not (
            c == state.unknown and seat == state.picker and state.unknown_pending):
        voids[seat] |= 1 << led


def _doubles_ok(k: Knowledge, state: HandState, first: bool) -> bool:
    """Options only (play after a crack): is the sampled deal one where the others acted as
    Standard (``first``: the first Standard) would?  The picker picked a hand it would
    pick (unless the dealer was forced to) and went alone only with a hand it would play
    alone; a seat that cracked holds a hand it would crack with.  A deal is drawn again up to
    ``DOUBLES_TRIES`` times."""
    rules, picker = k.rules, k.picker
    if picker != k.seat:
        forced = rules.all_pass is AllPass.DEALER_PICKS and len(k.passed) == k.players - 1
        if not forced and not _WOULD_PICK[first](state.dealt[picker], len(k.passed), rules):
            return False
        if k.alone and k.players != 3 and not _alone_strength(
                (state.dealt[picker] | state.blind) & ~state.bury, first):
            return False
    cracker = k.view.cracked_by
    return not (cracker is not None and cracker != k.seat and doubles_code(
        state.dealt[cracker], CRACK, [CRACK, PASS], rules, first) != CRACK)


_BY_STRENGTH = tuple(sorted((c for c in range(32) if SUIT_OF[c] == s), key=STRENGTH.__getitem__)
                     for s in range(4))


def distinct_plays(k: Knowledge, legal: list[int]) -> list[int]:
    """The legal plays less the equivalent ones: of two cards of a suit with the same
    points and no card still out between them, only the lower is tried."""
    if k.phase is not Phase.PLAY or len(legal) < 2:
        return list(legal)
    mine_or_gone = k.hand | k.played
    out = []
    for s in range(4):
        run_points = -1
        for c in _BY_STRENGTH[s]:
            if not mine_or_gone >> c & 1:
                run_points = -1                      # a card still out breaks the run
                continue
            code = 64 + c
            if code not in legal or c == k.unknown:
                continue
            if POINTS[c] != run_points:
                out.append(code)
                run_points = POINTS[c]
    return sorted(out) if out else list(legal)


class ExpertPlayer(Player):
    """The Expert of ``config`` (a row of :mod:`.versions`; the newest by default), searching
    ``budget`` playouts a decision (the row's unless given)."""

    level = "expert"

    def __init__(self, seed: int | random.Random = 0, budget: int | None = None,
                 config: ExpertConfig = EXPERT):
        super().__init__(seed)
        self.config = config
        self.budget = config.budget if budget is None else budget
        self.first = config.standard.first_craft

    def decide(self, view: SeatView, rng: random.Random) -> int:
        return self._search(view, rng)[0]

    def decide_steps(self, view: SeatView, rng: random.Random) -> Generator[None, None, int]:
        return (yield from self._search_steps(view, rng))[0]

    def evaluate(self, view: SeatView) -> tuple[Action, list[tuple[Action, float]]]:
        """The choice and each candidate's estimated ledger value (for hints)."""
        return drained(self.evaluate_steps(view))

    def evaluate_steps(self, view: SeatView
                       ) -> Generator[None, None, tuple[Action, list[tuple[Action, float]]]]:
        """:meth:`evaluate`, yielding after each playout (the page reviews a hand a slice
        at a time); the same values, from the same arithmetic."""
        if not isinstance(view, SeatView):
            raise TypeError(f"a player decides from a SeatView, not {type(view).__name__}")
        if not view.legal:
            from ..errors import SheepsheadError
            raise SheepsheadError(f"seat {view.seat} has nothing to do: it is not its turn")
        if len(view.legal) == 1:
            return view.legal[0], []
        code, values = yield from self._search_steps(view, self.rng_for(view))
        return action_of(code), [(action_of(c), v) for c, v in values]

    # ------------------------------------------------------------ search
    def _candidates(self, k: Knowledge) -> list[int]:
        legal = k.legal_codes
        if k.phase is Phase.BURY:
            ranked = [code for _, code in bury_ranking(k.hand, self.first)]
            if self.config.sound_bury and k.rules.partner is PartnerBy.CALLED_ACE and k.players != 3:
                ranked = [c for c in ranked if not _forces_alone(k.hand, c, self.first)] or ranked
            return ranked[:BURY_CANDIDATES]
        if k.phase is Phase.CALL:
            ranked = [code for _, code in call_ranking(k.hand, legal, self.first)]
            plain = [c for c in ranked if c < CALL_UNKNOWN and c != ALONE]
            unknown = [c for c in ranked if c >= CALL_UNKNOWN][:3]
            return plain + unknown + [ALONE]
        plays = distinct_plays(k, legal)
        if self.config.sound_play and k.phase is Phase.PLAY:
            plays = [c for c in plays if not play_blunders(k, c - PLAY)]   # Standard's is added
        return plays

    def _search(self, view: SeatView, rng: random.Random) -> tuple[int, list[tuple[int, float]]]:
        return drained(self._search_steps(view, rng))

    def _search_steps(self, view: SeatView,
                      rng: random.Random) -> Generator[None, None, tuple[int, list[tuple[int, float]]]]:
        """The search, yielding after each playout (the page thinks a slice at a time)."""
        config = self.config
        first = self.first
        k = Knowledge(view, config.standard.reading)
        default = standard_code(k, first, config.standard.behind, config.standard.masters,
                                config.standard.careful)
        if k.phase is Phase.DOUBLES:
            # The crack round: Standard's judgement.  Searched, the Expert cracked three times
            # as often as Standard and lost 1.9 points a question on the true deals: its samples
            # cannot make the picker's hand as strong as a pick (let alone an alone call) implies.
            return default, [(default, 0.0)]
        cands = self._candidates(k)
        if default not in cands:
            cands.insert(0, default)
        if len(cands) == 1:
            return cands[0], [(cands[0], 0.0)]
        me = k.seat
        n = len(cands)
        cap = min(config.pick_samples, MAX_SAMPLES) if k.phase is Phase.PICK else MAX_SAMPLES
        slots = Slots(k)
        doubles_check = k.picker >= 0 and k.view.cracked_by is not None
        voids = list(k.voids) if config.public_rollouts and k.phase is Phase.PLAY else None
        would_pick = _WOULD_PICK[first]
        weigh = config.belief and BELIEF
        totals = [0.0] * n
        rows: list[tuple[float, list[float]]] = []
        wsum = 0.0
        d = cands.index(default)
        samples = max(MIN_SAMPLES, min(cap, self.budget // n))
        bonus = config.pick_bonus if (
            k.hand & TRUMP_MASK).bit_count() >= config.pick_bonus_trumps else 0.0
        for _ in range(samples):
            belief = Likelihood(k, would_pick, first=first) if weigh else None
            state = sample_state(k, rng, slots, belief)
            if state is None:
                continue
            if doubles_check:
                for _ in range(DOUBLES_TRIES):
                    if _doubles_ok(k, state, first):
                        break
                    if weigh:
                        belief = Likelihood(k, would_pick, first=first)
                    state = sample_state(k, rng, slots, belief) or state
            if belief is not None:
                w = belief.weight
            else:
                w = passers_weight(k, state, would_pick) if k.passed else 1.0
            row: list[float] = []
            for i, code in enumerate(cands):
                s = state.clone()
                s.apply_move(code)
                v: float = rollout(s, None if voids is None else list(voids), config).scores()[me]
                if code == PICK:
                    v += bonus
                row.append(v)
                totals[i] += w * v
                yield                   # after each playout: a phone's slice stays short
            rows.append((w, row))
            wsum += w
        return _decide(cands, d, rows, totals, wsum, config.strict_override)


def _decide(cands: list[int], d: int, rows: list[tuple[float, list[float]]],
            totals: list[float], wsum: float, strict: bool) -> tuple[int, list[tuple[int, float]]]:
    """The search's choice among ``cands`` from its weighted sample ``rows`` (``totals``
    their weighted sums, ``wsum`` the weights'): the best mean, unless Standard's choice
    (``cands[d]``) is within the override margin of it (``strict``: one that grows with the
    number of candidates); each candidate with its mean."""
    n = len(cands)
    if not rows or wsum <= 0:
        return cands[d], [(c, 0.0) for c in cands]
    means = [t / wsum for t in totals]
    best = max(range(n), key=lambda i: (means[i], i == d))
    if best != d:
        # Keep Standard's choice unless the best beats it clearly (paired differences).
        diffs = [(w, row[best] - row[d]) for w, row in rows]
        mu = _added(w * x for w, x in diffs) / wsum
        var = _added(w * (x - mu) ** 2 for w, x in diffs) / wsum
        n_eff = wsum * wsum / _added(w * w for w, _ in diffs)
        se = math.sqrt(var / max(1.0, n_eff - 1)) if n_eff > 1 else float("inf")
        margin = OVERRIDE_MARGINS[min(n, len(OVERRIDE_MARGINS) - 1)] if strict else MARGIN
        if mu <= margin * se:
            best = d
    return cands[best], list(zip(cands, means, strict=True))


def _added(values: Iterable[float]) -> float:
    """Floats added left to right.  Not ``sum()``: from Python 3.12 it compensates
    rounding errors, so CPython 3.11 and the browser's Python 3.14 would differ in the last
    bits, and a close decision with them (the table's, the par's, a result link's check)."""
    total = 0.0
    for v in values:
        total += v
    return total
