"""The Easy player: Standard's judgement with human-like lapses, never absurd.

Its pick threshold wobbles (but it never picks a junk hand), it sometimes
buries or calls the second-best way, and now and then it plays a plausible
weaker card: it ducks a trick it could take, forgets to schmear, or leads a
card it likes.  It never throws an Ace or a Ten onto an opponent's trick when
it has a cheaper card, and never breaks the rules.
"""

from __future__ import annotations

import random

from ..actions import PASS, PICK, PLAY
from ..cards import POINTS
from ..view import SeatView
from .base import Player
from .craft import (POWER, _friend, bury_ranking, call_ranking, play_card, table_from_knowledge,
                    trick_winner,
                    wants_to_pick)
from .knowledge import Knowledge, mask_bits

__all__ = ["EasyPlayer"]

LAPSE = 0.5
"""How often a card play is a lapse rather than Standard's choice."""


class EasyPlayer(Player):
    level = "easy"

    def decide(self, view: SeatView, rng: random.Random) -> int:
        k = Knowledge(view)
        phase = k.phase
        if phase == 0:
            return PICK if wants_to_pick(k.hand, len(k.passed), rng.uniform(-1.0, 6.0)) else PASS
        if phase == 1:
            ranking = bury_ranking(k.hand)
            return ranking[0 if rng.random() < 0.6 else min(1, len(ranking) - 1)][1]
        if phase == 2:
            ranking = call_ranking(k.hand, k.legal_codes)
            return ranking[0 if rng.random() < 0.8 or ranking[1][0] < -5 else 1][1]
        t = table_from_knowledge(k)
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
