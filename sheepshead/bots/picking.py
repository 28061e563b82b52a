"""Picking and the crack round as fast rules on bit masks: Standard's judgement of a hand.

Part of the craft of the game (:mod:`.craft`, which re-exports these): a hand is picked by
trump strength, fail Aces and short fail suits against a threshold that falls as seats pass
and follows the table's options; a defender cracks a hand clearly better than one it would
have picked; the picker re-cracks or blitzes on its trumps.  ``first=True`` keeps the first
Standard's four-handed pick (see :mod:`.craft`).
"""

from __future__ import annotations

from ..actions import BLITZ, CRACK, PASS, RECRACK
from ..cards import (
    FAIL_ACES,
    FAIL_ACES_MASK,
    JACK_OF_DIAMONDS,
    JACKS,
    QUEENS,
    SUIT_MASK,
    SUIT_OF,
    TRUMP_MASK,
    TRUMP_ORDER,
    mask_bits,
)
from ..rules import DEFAULT_RULES, AllPass, PartnerBy, Rules

__all__ = ["PICK_THRESHOLD", "FOUR_HANDED_SHIFT", "pick_score", "pick_rule", "wants_to_pick",
           "doubles_code"]

# Pick strength of each card (trump by rank, fail Aces).
_TRUMP_PICK_VALUE = (4.0, 3.6, 3.2, 3.0, 2.6, 2.4, 2.2, 2.0, 1.6, 1.5, 1.3, 1.1, 1.0, 1.0)
_PICK_VALUE: tuple[float, ...] = tuple(
    _TRUMP_PICK_VALUE[TRUMP_ORDER.index(c)] if SUIT_OF[c] == 3 else 1.3 if c in FAIL_ACES else 0.0
    for c in range(32))
PICK_THRESHOLD = (9.2, 9.0, 8.8, 8.6, 8.4)
"""Pick when the hand's score reaches this, by how many seats passed before."""


def pick_score(hand: int) -> float:
    """Trump strength, fail Aces and short fail suits of a six-card hand."""
    score = 0.0
    for c in mask_bits(hand):
        score += _PICK_VALUE[c]
    trumps = (hand & TRUMP_MASK).bit_count()
    if trumps >= 3:
        for s in range(3):
            if not hand & SUIT_MASK[s]:
                score += 0.6
    return score


_PICK_RULES: dict[tuple[Rules, int, bool], tuple[int, float]] = {}
FOUR_HANDED_SHIFT = -4.0
"""Four-handed (seven cards each, the picker nine before its bury) Standard picks far more readily: tuned
by arena against ``standard-v1`` at that table (0, -0.8, -1.6, -2.4, -3.2, -4.0 gave +0.10,
+0.13, +0.16, +0.19, +0.21, +0.22 per hand); the junk-hand gate (three trumps, a Jack or
better) still holds."""


def pick_rule(rules: Rules, position: int, first: bool = False) -> tuple[int, float]:
    """(fewest trumps, score threshold) to pick at this table after ``position`` passes.

    The default table's figures are :data:`PICK_THRESHOLD` and three trumps.  Measured on
    Standard playouts (the picker's mean score by pick score), the break-even point is about
    10/6 of it three-handed (ten cards, always alone, five trumps at least; the arena
    against ``standard-v1`` agrees: 1.5 points lower lost 0.11 a hand, 1.5 higher 0.01, on
    2,000 deals of seed 7); four-handed
    (seven cards, a called Ace) the arena favours picking far more readily
    (:data:`FOUR_HANDED_SHIFT`).  A doubler makes an all-pass cost the next hand
    double, so a hand is picked a little more readily (the last seat, whose pass throws the
    hand in, more so); without the double on the bump a loss costs less, so the threshold
    drops slightly.  (Under the Jack of diamonds option :func:`wants_to_pick` adds a margin,
    more when the hand holds that Jack and so would play alone.)
    """
    key = (rules, position, first)
    out = _PICK_RULES.get(key)
    if out is None:
        base = PICK_THRESHOLD[min(position, 4)]
        if rules is None or rules == DEFAULT_RULES:
            out = (3, base)
        else:
            min_trumps, threshold = 3, base
            if rules.players == 3:
                min_trumps, threshold = 5, base * 10 / 6 - 1.0
            elif rules.players == 4 and not first:
                threshold += FOUR_HANDED_SHIFT
            if rules.all_pass is AllPass.DOUBLER:
                threshold -= 1.0 if position >= rules.players - 1 else 0.5
            if not rules.double_on_bump:
                threshold -= 0.3
            out = (min_trumps, threshold)
        _PICK_RULES[key] = out
    return out


def wants_to_pick(hand: int, position: int, noise: float = 0.0, rules: Rules | None = None,
                  first: bool = False) -> bool:
    """Pick by trump strength and position; never a junk hand."""
    min_trumps, threshold = pick_rule(rules, position, first) if rules is not None else (
        3, PICK_THRESHOLD[min(position, 4)])
    trumps = hand & TRUMP_MASK
    n_trump = trumps.bit_count()
    if n_trump < min_trumps and not (
            n_trump == min_trumps - 1 and trumps & QUEENS and (hand & FAIL_ACES_MASK).bit_count() >= 2
            and (trumps & QUEENS).bit_count() == 2):
        return False
    if not trumps & (QUEENS | JACKS):
        return False
    if rules is not None and rules.partner is PartnerBy.JACK_OF_DIAMONDS:
        threshold += 2.0 if hand >> JACK_OF_DIAMONDS & 1 else 0.5   # holding it: secretly alone
    return pick_score(hand) + noise >= threshold


def doubles_code(hand: int, kind: int, legal_codes: list[int], rules: Rules,
                 first: bool = False) -> int:
    """Crack, re-crack, blitz or pass (the crack and blitz options).

    A defender cracks a hand clearly better than one it would have picked itself first in turn
    (several high trumps: it expects to set the picker); the picker re-cracks only with a hand
    close to one it would play alone; it blitzes (both black Queens) when at least half its
    hand is trump.  (Measured by playouts from the true deals: cracked hands gain 1.18 against
    0.70 for a pass, and a crack pays from a pick score of about 10.5; see docs/bots.md.)
    The partner, and a picker without both black Queens, can only pass."""
    if kind not in legal_codes:
        return PASS
    size = rules.hand_size
    trumps = hand & TRUMP_MASK
    n_trump = trumps.bit_count()
    top = (trumps & QUEENS).bit_count()
    high = (trumps & (QUEENS | JACKS)).bit_count()
    if kind == CRACK:
        min_trumps, threshold = pick_rule(rules, 0, first)
        good = (n_trump >= min_trumps and high >= 2 and top >= 1
                and pick_score(hand) >= threshold + 1.3)
    elif kind == RECRACK:
        good = (n_trump >= size - 1 and top >= 2) or (n_trump >= size - 2 and top >= 3)
    elif kind == BLITZ:
        good = n_trump >= size // 2
    else:
        good = False
    return kind if good else PASS
