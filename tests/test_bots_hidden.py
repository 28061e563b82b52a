"""A computer player never sees hidden cards.

For positions taken from seeded games, the cards the seat to act cannot see
(the other seats' unplayed cards, the bury it did not make, the blind) are
dealt again at random; a redistribution counts only if replaying the same
actions on it is legal and gives the seat exactly the same view (so it is
consistent with every void shown, the called card's holder when known, the
picker's hold card, the counts).  Each level must then make the same choice
with the same seed.
"""

from __future__ import annotations

import random

from test_bots_play import seeded_positions
from tiers import sizes

from sheepshead.actions import BURY, CALL, action_of
from sheepshead.bots import make_player
from sheepshead.cards import cards_of
from sheepshead.errors import SheepsheadError
from sheepshead.position import Phase
from sheepshead.state import HandState


def _played_by(state: HandState) -> list[int]:
    out = [0] * 5
    for leader, cards, _, _ in state.tricks:
        for k, c in enumerate(cards):
            out[(leader + k) % 5] |= 1 << c
    for k, c in enumerate(state.trick_cards):
        out[(state.leader + k) % 5] |= 1 << c
    return out


def redistribute(state: HandState, seat: int, rng: random.Random) -> HandState | None:
    """Deal the cards ``seat`` cannot see again; None if the result is not consistent."""
    picker = state.picker
    fixed_unknown = (1 << state.unknown) if state.unknown >= 0 else 0
    slots: list[tuple[str, int, int]] = []        # (kind, seat, mask of current hidden cards)
    for s in range(5):
        if s != seat:
            slots.append(("hand", s, state.hands[s] & ~fixed_unknown))
    if state.phase not in (Phase.PICK, Phase.BURY) and picker >= 0 and picker != seat:
        slots.append(("bury", picker, state.bury))
    if picker < 0:
        slots.append(("blind", -1, state.blind))
    pool = [c for _, _, m in slots for c in cards_of(m)]
    rng.shuffle(pool)
    played = _played_by(state)
    hands = [0] * 5
    new_bury, blind = state.bury, state.blind
    k = 0
    for kind, s, m in slots:
        size = m.bit_count()
        part = sum(1 << c.index for c in pool[k:k + size])
        k += size
        if kind == "hand":
            hands[s] = part
        elif kind == "bury":
            new_bury = part
        else:
            blind = part
    hands[seat] = state.hands[seat]
    for s in range(5):
        hands[s] |= played[s]
    if picker >= 0:
        hands[picker] |= fixed_unknown
        if picker == seat:
            blind = state.blind
            hands[picker] = (hands[picker] | state.bury) & ~blind
        elif state.phase not in (Phase.PICK, Phase.BURY):
            blind = new_bury                      # the picker buried the blind itself
        else:                                     # bury phase: the picker holds eight
            two = cards_of(hands[picker])[:2]
            blind = (1 << two[0].index) | (1 << two[1].index)
            hands[picker] &= ~blind
    try:
        other = HandState(cards_of_each(hands), cards_of(blind), state.dealer)
        for code in state.history:
            if BURY <= code < CALL and picker != seat:
                a, b = cards_of(new_bury)
                code = BURY + 32 * a.index + b.index
            other.apply(action_of(code))
    except SheepsheadError:          # this redistribution cannot replay the history
        return None
    if other.view(seat) != state.view(seat):
        return None
    return other


def cards_of_each(hands: list[int]):
    return [cards_of(h) for h in hands]


@sizes("positions", fast=52, full=260)
def test_redistributing_hidden_cards_never_changes_a_choice(positions):
    rng = random.Random(2026)
    compared = {"easy": 0, "standard": 0, "expert": 0, "standard-v1": 0, "expert-v1": 0}
    changed_deals = 0
    for n, (state, seat) in enumerate(seeded_positions(positions, every=2)):
        view = state.view(seat)
        if len(view.legal) < 2:
            continue
        levels = (["easy", "standard", "standard-v1"] + (["expert"] if n % 8 == 0 else [])
                  + (["expert-v1"] if n % 16 == 4 else []))
        choices = {lv: make_player(lv, 7).choose(view) for lv in levels}
        for _ in range(3):
            other = redistribute(state, seat, rng)
            if other is None:
                continue
            if [other.hands[s] for s in range(5)] != [state.hands[s] for s in range(5)]:
                changed_deals += 1
            other_view = other.view(seat)
            assert other_view == view
            for lv in levels:
                assert make_player(lv, 7).choose(other_view) == choices[lv], (lv, str(choices[lv]))
                compared[lv] += 1
            break
    fifths = positions // 52                          # 5 in the full run
    assert compared["standard"] >= 24 * fifths, compared
    assert compared["easy"] >= 24 * fifths, compared
    assert compared["expert"] >= 2 * fifths, compared
    assert compared["standard-v1"] >= 24 * fifths, compared     # the frozen yardsticks (issue 12)
    assert compared["expert-v1"] >= fifths, compared
    assert changed_deals >= 20 * fifths
