"""Picking, the bury, the call and the crack round as fast rules on bit masks: Standard's
judgement of a hand.

Part of the craft of the game (:mod:`.craft`, which re-exports these): a hand is picked by
trump strength, fail Aces and short fail suits against a threshold that falls as seats pass
and follows the table's options; a defender cracks a hand clearly better than one it would
have picked; the picker re-cracks or blitzes on its trumps.  ``first=True`` keeps the first
Standard's four-handed pick (see :mod:`.craft`).
"""

from __future__ import annotations

from ..actions import ALONE, BLITZ, BURY, CALL, CALL_UNKNOWN, CRACK, PASS, RECRACK
from ..cards import (
    FAIL_ACES,
    FAIL_ACES_MASK,
    FAIL_MASK,
    JACK_OF_DIAMONDS,
    JACKS,
    POINTS,
    QUEENS,
    STRENGTH,
    SUIT_MASK,
    SUIT_OF,
    TRUMP_MASK,
    TRUMP_ORDER,
    mask_bits,
)
from ..legality import call_options
from ..rules import DEFAULT_RULES, AllPass, PartnerBy, Rules

__all__ = ["PICK_THRESHOLD", "FOUR_HANDED_SHIFT", "POWER", "pick_score", "pick_rule", "wants_to_pick",
           "doubles_code", "bury_ranking", "best_bury", "call_ranking", "best_call"]

# How much a card is worth keeping for its trick-taking power (not its points).
_TRUMP_POWER = (40, 36, 32, 28, 22, 20, 18, 16, 10, 9, 7, 5, 4, 3)
POWER: tuple[int, ...] = tuple(
    _TRUMP_POWER[TRUMP_ORDER.index(c)] if SUIT_OF[c] == 3 else {6: 6, 5: 3, 4: 1}.get(STRENGTH[c], 0)
    for c in range(32))

# ---------------------------------------------------------------- bury, call
_CALL_VALUES: dict[int, float] = {}


def _call_value(hand: int, card: int) -> float:
    """How good calling ``card`` is: a single low hold card is best."""
    held = hand & SUIT_MASK[SUIT_OF[card]]
    v = _CALL_VALUES.get(held)
    if v is None:
        hold_points = sum(POINTS[c] for c in mask_bits(held))
        v = _CALL_VALUES[held] = 10.0 - 3.0 * (held.bit_count() - 1) - 0.1 * hold_points
    return v


_TOP_TRUMPS = sum(1 << c for c in TRUMP_ORDER[:6])
"""The four Queens and the two black Jacks: a hand of trump only plays alone (``careful``)
with three of them at least, so at most three trumps out beat its third best."""


def _alone_strength(hand: int, first: bool = False, careful: bool = False) -> bool:
    """Strong enough to play alone (four shares instead of two): five trumps with three of the
    Queens and at most one fail card that is not an Ace, or (not ``first``) a hand of trump only.
    ``careful`` (``standard-v6``): three Queens without the Queen of clubs need a Jack too (with
    neither, the top trump and all four Jacks are out against it: it calls); a hand of trump
    only needs three of the six top trumps (:data:`_TOP_TRUMPS`: Q♦ J♠ J♦ or Q♣ J♦ with six
    trumps, whose best is beaten by three to six trumps out, calls a partner)."""
    trumps = hand & TRUMP_MASK
    if trumps.bit_count() < 5:
        return False
    if not hand & FAIL_MASK and not first:
        return not careful or (trumps & _TOP_TRUMPS).bit_count() >= 3
    if careful and not trumps & (1 << TRUMP_ORDER[0] | JACKS):
        return False
    return (trumps & QUEENS).bit_count() >= 3 and (hand & FAIL_MASK & ~FAIL_ACES_MASK).bit_count() <= 1


def bury_ranking(hand8: int, first: bool = False, careful: bool = False) -> list[tuple[float, int]]:
    """Every bury of an eight-card hand with its score, best first."""
    cards = mask_bits(hand8)
    cheap = [c for c in cards if POWER[c] < 16]       # never bury a Queen or Jack if avoidable
    if len(cheap) >= 2:
        cards = cheap
    out = []
    for i, a in enumerate(cards):
        for b in cards[i + 1:]:
            out.append((_bury_score(hand8, a, b, first, careful), BURY + 32 * a + b))
    out.sort(key=lambda x: -x[0])
    return out


_BURY_CARD = tuple(POINTS[c] - (12 + POWER[c] if SUIT_OF[c] == 3 else 13 if c in FAIL_ACES else 0)
                   for c in range(32))
"""Points banked by burying a card, less what its trick-taking power is worth."""


def _bury_score(hand8: int, a: int, b: int, first: bool, careful: bool = False) -> float:
    bury = (1 << a) | (1 << b)
    rest = hand8 & ~bury
    score = 0.0 + _BURY_CARD[a] + _BURY_CARD[b]
    for s in range(3):
        if hand8 & SUIT_MASK[s] and not rest & SUIT_MASK[s]:
            score += 5.0
    aces, tens, _ = call_options(rest, bury)
    only_aces = not (rest & FAIL_MASK & ~FAIL_ACES_MASK)
    calls = aces or tens
    if calls:
        score += max(_call_value(rest, c) for c in calls)
    elif _alone_strength(rest, first, careful):
        score += 4.0
    elif only_aces:
        score -= 4.0                     # an unknown-card call
    else:
        score -= 15.0                    # forced alone
    return score


def best_bury(hand8: int, first: bool = False, careful: bool = False) -> int:
    return bury_ranking(hand8, first, careful)[0][1]


def call_ranking(hand: int, legal_codes: list[int], first: bool = False,
                 careful: bool = False) -> list[tuple[float, int]]:
    """The legal calls, best first."""
    out = []
    strong = _alone_strength(hand, first, careful)
    for code in legal_codes:
        if code == ALONE:
            v = 12.0 if strong else -20.0
        elif code >= CALL_UNKNOWN:
            card, u = divmod(code - CALL_UNKNOWN, 32)
            v = 0.0 - POINTS[u] * 0.2 - POWER[u] * 0.5
        else:
            v = _call_value(hand, code - CALL)
        out.append((v, code))
    out.sort(key=lambda x: -x[0])
    return out


def best_call(hand: int, legal_codes: list[int], first: bool = False, careful: bool = False) -> int:
    return call_ranking(hand, legal_codes, first, careful)[0][1]



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
