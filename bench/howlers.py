"""Howlers: the clear blunders a strong club player names, flagged by rule in seeded hands.

    python3 bench/howlers.py                                  # 200 hands a level, seed 1
    python3 bench/howlers.py --levels expert,expert-v3 --hands 50 --seed 1 --list

Each hand is the arena's deal (``python -m sheepshead arena``'s deal ``i`` of ``--seed``,
hand ``1 + i % 10`` of its New Game seed) played by five players of one level, seeded as the
arena's first rotation seeds them, so ``--seed 1`` replays the games issue 27 read.  Every
decision with a choice is judged by :func:`judge` on what the deciding seat could know (its
:class:`~sheepshead.bots.knowledge.Knowledge`, never the hidden cards; only
``bury_forces_alone`` asks the engine which calls a bury leaves, which the picker knows too).
The rules (:data:`RULES`), each a mistake issue 27 lists:

``two_trump_pick``
    A pick holding at most two trumps in the lead seat (no one passed before), or in any seat
    without two fail Aces beside two Queens (Standard's own exception).
``bury_forces_alone``
    A bury after which the only legal call is going alone, on a hand not strong enough for it
    (fewer than five trumps or fewer than two Queens), while another bury left a call.
``missed_schmear``, ``points_to_opponent``, ``low_trump_on_fat_trick``, ``wasted_trump``, ``defender_trump_lead``
    The play's rules, written once in :mod:`sheepshead.bots.blunders` (read its docstring):
    a schmear missed to a sure friend (or a fail Ace or Ten left to a lone picker), points
    thrown to a sure opponent, a low trump onto a fat trick a likely void may overtrump, a
    Queen or Jack where a lower trump surely wins, a defender's trump lead holding the called
    suit.  From ``expert-v5`` the Expert's search never replaces Standard's card by one these
    rules name, so on its own decisions they count only the cards Standard chose itself.

``--second-view`` adds issue 39's kinds (:data:`SECOND_RULES`), counted apart: ``standard-v5``
plays by rules of the same kind (:attr:`~sheepshead.bots.versions.StandardConfig.masters`), so
for it they are no independent measure, only a check that the rules do what they say:

``master_kept``
    Ten points or more on a trick that is not a sure friend's sure one, a master trump of the
    seat (no unseen trump beats it) would win it, and the seat plays a card that does not win
    (a false alarm on the first lead of the called suit, where the picker must follow with its
    hold card so a friend's card can be sure after all).
``ten_into_void``
    A defender leads a fail Ace or Ten into a suit the picker (or the known partner) has shown
    void in while that seat may still hold a trump.
``ten_before_master``
    A defender leads a fail Ace or Ten while its master trumps are as many as the trumps unseen
    (at least one) and the picker may hold one.
``live_trump_thrown``
    No card of the seat wins an opponent's trick, and it throws a trump at most one unseen trump
    beats while it holds a fail card of four points or fewer.

False alarms (read each flagged decision before counting it as a blunder): "sure" is judged
on the cards a seat may hold, not on whether it must follow suit, so it is cautious and a few
sure things go unflagged, never the reverse; ``missed_schmear`` also flags keeping an Ace as a
later entry or the called Ace's guard, which a strong player may do on purpose late in a hand;
``low_trump_on_fat_trick``'s "may trump" is a likelihood (few of the suit unseen), so a seat
that still follows makes it a false alarm; ``two_trump_pick`` flags picks a lucky blind saves
(issue 27 counted those: the pick was a blunder whatever the blind held); ``defender_trump_lead``
flags a lead from a hand whose only called-suit card is a Ten the defender wants to keep.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from collections.abc import Iterator
from typing import NamedTuple

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from sheepshead.actions import ALONE, BURY, CALL, PICK, PLAY
from sheepshead.bots import make_player
from sheepshead.bots.arena import deal_seed, map_jobs, player_seed
from sheepshead.bots.blunders import PLAY_RULES, names, play_blunders
from sheepshead.bots.blunders import friend as blunders_friend
from sheepshead.bots.craft import table_from_knowledge, trick_winner
from sheepshead.bots.knowledge import Knowledge
from sheepshead.cards import (
    ALL_CARDS,
    BEATS,
    CARDS,
    FAIL_ACES_MASK,
    POINTS,
    QUEENS,
    STRENGTH,
    SUIT_OF,
    TRUMP_MASK,
    mask_bits,
)
from sheepshead.position import Phase
from sheepshead.state import HandState

RULES = ("two_trump_pick", "bury_forces_alone", *PLAY_RULES)
"""Every rule :func:`judge` applies (see the module)."""
DEFAULT_LEVELS = "easy,standard,expert,standard-v3,expert-v3"


class Howler(NamedTuple):
    """One flagged decision: where it was, what was chosen, and the rule it breaks."""

    rule: str
    seed: int
    deal: int
    game: str
    hand: int
    seat: int
    trick: int
    """The trick's number (1…), 0 before the play."""
    chose: str
    holding: str
    note: str

    def __str__(self) -> str:
        where = f"trick {self.trick}" if self.trick else "before play"
        return (f"{self.rule}: seed {self.seed} deal {self.deal} ({self.game} hand {self.hand}), "
                f"seat {self.seat}, {where}: {self.chose} holding {self.holding} — {self.note}")


_names = names


def _judge_pick(k: Knowledge) -> list[tuple[str, str]]:
    trumps = (k.hand & TRUMP_MASK).bit_count()
    aces = (k.hand & FAIL_ACES_MASK).bit_count()
    queens = (k.hand & QUEENS).bit_count()
    first = not k.passed
    if trumps <= 2 and (first or not (aces >= 2 and queens >= 2)):
        where = "in the lead seat" if first else f"after {len(k.passed)} passes"
        return [("two_trump_pick", f"{trumps} trumps, {aces} fail Aces, {where}")]
    return []


def _judge_bury(state: HandState, k: Knowledge, code: int) -> list[tuple[str, str]]:
    def calls_after(bury: int) -> list[int]:
        s = state.clone()
        s.apply_move(bury)
        return s.legal_moves() if s.phase is Phase.CALL else []

    after = calls_after(code)
    if not after or any(c != ALONE for c in after):
        return []
    a, b = divmod(code - BURY, 32)
    rest = k.hand & ~(1 << a) & ~(1 << b)
    if (rest & TRUMP_MASK).bit_count() >= 5 and (rest & QUEENS).bit_count() >= 2:
        return []
    others = [c for c in state.legal_moves() if c != code and any(x >= CALL for x in calls_after(c))]
    if not others:
        return []
    return [("bury_forces_alone", f"leaves {_names(rest)}: alone is the only call; "
             f"{len(others)} other buries leave a call")]


def judge(state: HandState, code: int) -> list[tuple[str, str]]:
    """The rules (and a note for each) that the seat to act of ``state`` breaks by choosing
    move ``code``, judged on that seat's view."""
    view = state.view(state.to_act)
    if len(view.legal) < 2:
        return []
    k = Knowledge(view)
    if k.phase is Phase.PICK:
        return _judge_pick(k) if code == PICK else []
    if k.phase is Phase.BURY:
        return _judge_bury(state, k, code)
    if k.phase is not Phase.PLAY or k.leaster:
        return []
    return play_blunders(k, code - PLAY)


SECOND_RULES = ("master_kept", "ten_into_void", "ten_before_master", "live_trump_thrown")
"""Issue 39's kinds (``--second-view``; see the module)."""


def _masters(k: Knowledge, mask: int) -> list[int]:
    """The trumps of ``mask`` no unseen trump beats, from the top down."""
    out = []
    for c in sorted(mask_bits(mask & TRUMP_MASK), key=STRENGTH.__getitem__, reverse=True):
        if k.unseen & TRUMP_MASK & BEATS[c]:
            break
        out.append(c)
    return out


def second_view(state: HandState, code: int) -> list[tuple[str, str]]:
    """Issue 39's rules (:data:`SECOND_RULES`) that the seat to act breaks by playing move
    ``code``, judged on its view."""
    view = state.view(state.to_act)
    if len(view.legal) < 2 or view.phase is not Phase.PLAY:
        return []
    k = Knowledge(view)
    if k.leaster or k.picker < 0:
        return []
    c = code - PLAY
    legal = sum(1 << (a.code - PLAY) for a in view.legal)
    me, picker = k.seat, k.picker
    defender = me != picker and not k.i_am_partner
    out = []
    if not k.trick:
        if not defender or SUIT_OF[c] == 3 or POINTS[c] < 10:
            return []
        s = SUIT_OF[c]
        for opp in (picker, k.partner):
            if opp >= 0 and opp != me and k.voids[opp] >> s & 1 and k.possible[opp] & TRUMP_MASK:
                out.append(("ten_into_void", f"{CARDS[c]} into seat {opp}'s void"))
                break
        out_trumps = k.unseen & TRUMP_MASK
        masters = _masters(k, legal)
        if out_trumps and masters and out_trumps.bit_count() <= len(masters) \
                and k.possible[picker] & TRUMP_MASK:
            out.append(("ten_before_master", f"{CARDS[c]} led holding {CARDS[masters[0]]}, "
                        f"trumps out: {_names(out_trumps)}"))
        return out
    t = table_from_knowledge(k, False, True)
    winner, best, pts = trick_winner(t)
    later = [(t.leader + j) % t.n for j in range(len(t.trick) + 1, t.n)]
    beats = BEATS[best] if best >= 0 else ALL_CARDS
    wins = [x for x in mask_bits(legal) if beats >> x & 1 and SUIT_OF[x] in (3, t.led)]
    friend = blunders_friend(k, winner)
    sure_friend = friend == 1 and best >= 0 and not any(
        blunders_friend(k, s) != 1 and k.possible[s] & BEATS[best] for s in later)
    winning_masters = [x for x in _masters(k, legal) if x in wins]
    if pts >= 10 and winning_masters and not sure_friend and c not in wins:
        out.append(("master_kept", f"{pts} points on it, {CARDS[winning_masters[0]]} held"))
    if friend == -1 and not wins and SUIT_OF[c] == 3 and (k.unseen & TRUMP_MASK & BEATS[c]).bit_count() <= 1:
        spare = [x for x in mask_bits(legal) if SUIT_OF[x] != 3 and POINTS[x] <= 4]
        if spare:
            out.append(("live_trump_thrown", f"{CARDS[c]} thrown holding {_names(sum(1 << x for x in spare))}"))
    return out


def decisions(level: str, seed: int, i: int) -> Iterator[tuple[HandState, int, int]]:
    """(state, move chosen, trick number or 0) of every decision with a choice in the arena's
    deal ``i`` of ``seed``, five players of ``level`` seeded as the arena's first rotation (the
    state is the live one: read it before the next is asked for)."""
    game, hand = deal_seed(seed, i)
    state = HandState.from_seed(game, hand)
    players = [make_player(level, player_seed(seed, i, 0, s)) for s in range(state.players)]
    while not state.is_over:
        view = state.view(state.to_act)
        code = players[state.to_act].choose(view).code
        if len(view.legal) > 1:
            yield state, code, len(view.tricks) + 1 if view.phase is Phase.PLAY else 0
        state.apply_move(code)


def hand_howlers(level: str, seed: int, i: int, second: bool = False) -> tuple[int, list[Howler]]:
    """(decisions with a choice, howlers) of the arena's deal ``i`` of ``seed`` (see
    :func:`decisions`); ``second``: by :func:`second_view`'s rules instead."""
    game, hand = deal_seed(seed, i)
    count, found = 0, []
    rules = second_view if second else judge
    for state, code, trick in decisions(level, seed, i):
        count += 1
        seat = state.to_act
        for rule, note in rules(state, code):
            chose = next(a for a in state.legal_actions() if a.code == code)
            found.append(Howler(rule, seed, i, game, hand, seat, trick, str(chose),
                                _names(state.hand_mask(seat)), note))
    return count, found


def _job(args: tuple[str, int, int, bool]) -> tuple[int, list[Howler]]:
    return hand_howlers(*args)


def level_howlers(level: str, seed: int, hands: int, jobs: int = 1,
                  second: bool = False) -> Iterator[tuple[int, list[Howler]]]:
    yield from map_jobs(_job, [(level, seed, i, second) for i in range(hands)], jobs)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--levels", default=DEFAULT_LEVELS)
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--list", action="store_true", help="print every howler")
    ap.add_argument("--second-view", action="store_true", help="issue 39's rules instead")
    args = ap.parse_args()
    print(f"howlers in {args.hands} hands (arena seed {args.seed}, deals 0-{args.hands - 1}), "
          "five players of each level")
    for level in args.levels.split(","):
        start = time.perf_counter()
        decisions, found = 0, []
        for d, flagged in level_howlers(level, args.seed, args.hands, args.jobs, args.second_view):
            decisions += d
            found += flagged
        by_rule = Counter(h.rule for h in found)
        rate = 100 * len(found) / max(1, decisions)
        print(f"{level:12s} {decisions:6d} decisions  {len(found):4d} howlers  {rate:5.2f} per 100  "
              f"({time.perf_counter() - start:.0f} s)")
        for rule in SECOND_RULES if args.second_view else RULES:
            if by_rule[rule]:
                print(f"    {rule:24s} {by_rule[rule]:4d}  {100 * by_rule[rule] / max(1, decisions):5.2f} per 100")
        if args.list:
            for h in found:
                print("      ", h)
    return 0


if __name__ == "__main__":
    sys.exit(main())
