"""The Easy player: Standard's judgement with a beginner's lapses, never absurd.

A beginner at the table: it picks on hope as often as on strength (its pick
threshold wobbles upward a lot, but it never picks a junk hand: three trumps
or a pair of Queens, and a Jack or better); it usually buries its two
cheapest cards instead of banking points; it sometimes calls its second-best
Ace; and about two plays in three it plays some other legal card than
Standard would: it ducks a trick it could take, forgets to schmear, leads a
card it likes.  It never throws points onto a trick a known opponent is
winning when it has a cheap card, never leads the unknown card by whim, and
never breaks the rules.

Its judgement is the first Standard's, of 2026-12-01 (:mod:`.craft` with ``first``, reading
its view as ``standard-v1`` does), so it stays the same beginner, and the links of games against it
keep checking, whatever Standard becomes.
"""

from __future__ import annotations

import random

from ..actions import BURY, PASS, PICK, PLAY
from ..cards import POINTS, mask_bits
from ..position import Phase
from ..view import SeatView
from .base import Player
from .craft import (
    POWER,
    _friend,
    bury_ranking,
    call_ranking,
    doubles_code,
    play_card,
    table_from_knowledge,
    trick_winner,
    wants_to_pick,
)
from .knowledge import Knowledge

__all__ = ["EasyPlayer"]

READING = 1
"""How it reads a view (:data:`.knowledge.READING`): as the first Standard did."""
FIRST = True
"""The first Standard's rules of thumb (:mod:`.craft`'s ``first``)."""

LAPSE = 0.7
"""How often a card play is a lapse rather than Standard's choice."""
BURY_LAPSE = 0.9
"""How often it buries its two cheapest cards instead of banking points."""
CALL_LAPSE = 0.35
"""How often it calls its second-best choice."""
DOUBLES_LAPSE = 0.4
"""How often it passes the crack, re-crack or blitz Standard would say."""


class EasyPlayer(Player):
    level = "easy"

    def decide(self, view: SeatView, rng: random.Random) -> int:
        k = Knowledge(view, READING)
        phase = k.phase
        if phase is Phase.PICK:
            return PICK if wants_to_pick(k.hand, len(k.passed), rng.uniform(-1.0, 7.0), k.rules,
                                        FIRST) else PASS
        if phase is Phase.DOUBLES:
            # Crack, re-crack or blitz on Standard's judgement, but often too timid to say it.
            code = doubles_code(k.hand, k.legal_codes[0], k.legal_codes, k.rules, FIRST)
            return PASS if rng.random() < DOUBLES_LAPSE else code
        if phase is Phase.BURY:
            if rng.random() < BURY_LAPSE:
                # A beginner's bury: the two cheapest cards, banking no points.
                cards = sorted(mask_bits(k.hand), key=lambda c: (POWER[c] >= 16, POINTS[c], POWER[c]))
                a, b = sorted(cards[:2])
                return BURY + 32 * a + b
            return bury_ranking(k.hand, FIRST)[0][1]
        if phase is Phase.CALL:
            ranking = call_ranking(k.hand, k.legal_codes, FIRST)
            return ranking[0 if rng.random() > CALL_LAPSE or ranking[1][0] < -5 else 1][1]
        t = table_from_knowledge(k, FIRST)
        card = play_card(t)
        if rng.random() < LAPSE:
            options = mask_bits(t.legal)
            if t.trick and not t.leaster:
                winner, _, _ = trick_winner(t)
                if _friend(t, winner) == -1:
                    # Never hand an opponent (or a stranger) points it need not have.
                    cheap = min(POINTS[c] for c in options)
                    options = [c for c in options if POINTS[c] <= max(cheap, 4)]
            # Never lead away a Queen into an empty trick, never lead the unknown card by whim.
            if not t.trick:
                options = [c for c in options if POWER[c] < 28 and c != t.my_unknown] or options
            card = rng.choice(options)
        return PLAY + card
