"""``standard-v7``'s counted end of the hand (issue 39's third step): the clear blunders a club
player's read of ``standard-v6`` found (docs/journal/reads.md, seed 913377, report of
2026-12-06), each at its real position, and the exact play of the last two tricks
(:mod:`sheepshead.bots.lasttricks`) checked against the engine.

Each position is the arena's deal of that seed played by five ``standard-v6`` (as
``bench/transcript.py`` printed it for the reader) up to the decision the reader named; the
test shows ``standard-v6`` making the blunder there and ``standard-v7``
(:attr:`~sheepshead.bots.versions.StandardConfig.counting`) the reader's card.
"""

from __future__ import annotations

import pytest
from test_bots_careful import _card, _position

from sheepshead.bots import make_player
from sheepshead.bots.craft import table_from_knowledge
from sheepshead.bots.knowledge import Knowledge
from sheepshead.bots.lasttricks import _ROW as ROW
from sheepshead.bots.lasttricks import (
    LAST_TRICKS,
    _best,
    _plain,
    _plain_value,
    _side,
    _solve,
    _solve_engine,
    last_tricks_code,
)
from sheepshead.bots.sampling import Slots
from sheepshead.bots.versions import CURRENT, VERSIONS, StandardConfig
from sheepshead.position import Phase
from sheepshead.state import HandState

READ_SEED_V6C = 913377
"""The seed of the third read of ``standard-v6`` (its positions are played by ``standard-v6``)."""


def test_standard_v7_is_the_newest_standard_and_keeps_v6_otherwise() -> None:
    v7 = VERSIONS["standard-v7"]
    assert CURRENT["standard"] == "standard-v7" and v7.since.isoformat() == "2026-12-09"
    assert v7.config == StandardConfig(first_craft=False, reading=3, behind=True, masters=True,
                                       careful=True, counting=True)
    assert all(not (isinstance(v.config, StandardConfig) and v.config.counting)
               for v in VERSIONS.values() if v.name != "standard-v7")
    assert all(not v.config.standard.counting for v in VERSIONS.values()
               if v.level == "expert" and v.config is not None
               and not isinstance(v.config, StandardConfig))
    assert make_player("standard").config.counting is True


@pytest.mark.parametrize("deal, trick, place, v6, v7, hand", [
    # A defender second to play, the known partner's JS led, the picker to come: not the AD
    # (which cannot win) onto the other side's trick; QH takes it and makes the picker spend.
    (1, 3, 2, "AD", "QH", "10S 8H QH AD"),
    # Leaster, no trick yet, two cards left, 7S 9D on the trick and only QC beats QS: take
    # this cheap trick now, not the heavy last one.
    (3, 5, 3, "8D", "QS", "QS 8D"),
    # The picker of an unknown-card call (AC; the unknown 7D), 60 counted: lead the unknown
    # card, which forces the partner's AC; JS then takes the last trick whoever trumps.
    (23, 5, 1, "JS", "7D", "JS"),
    # The known partner schmears onto the picker's boss QH: the Ace, the Ten kept (it is the
    # top club then too) — the one point was 61 against 60.
    (24, 5, 3, "10C", "AC", "10C AC"),
])
def test_the_readers_clear_blunders_of_standard_v6(deal: int, trick: int, place: int, v6: str,
                                                  v7: str, hand: str) -> None:
    view = _position(deal, trick, place, READ_SEED_V6C, "standard-v6")
    assert sorted(str(c) for c in view.hand) == sorted(hand.split())
    assert (_card("standard-v6", view), _card("standard-v7", view)) == (v6, v7)


READ_SEED_V7 = 604411
"""The seed of the read of ``standard-v7`` (its positions are played by ``standard-v7``)."""


@pytest.mark.parametrize("deal, trick, place, blunder, card, hand", [
    # Leaster, last to play, void in clubs, a fellow's KC winning 8 points: shed a Ten, not
    # JC onto one's own pile (three trumps left to take the one trick later).
    (1, 2, 5, "JC", "10S", "JC JD 10D 10S 10H"),
    # The secret partner last, the picker's AD sure: the Ten of clubs smeared (AC is the
    # called card and may not go; 7C kept for the called suit) — it played 7C, asking for
    # the Ace it may not play.
    (6, 1, 5, "7C", "10C", "AC 10C 7C QD 10D 9D"),
    # A defender last, s1's QC winning: s1 beat the picker's winning card twice (QS over JD,
    # QC over JS), so a fellow defender; a Ten smeared, not 9C.
    (11, 4, 5, "9C", "10C", "10C 10H 9C"),
])
def test_the_readers_clear_blunders_of_standard_v7(deal: int, trick: int, place: int,
                                                  blunder: str, card: str, hand: str) -> None:
    """The read of ``standard-v7`` (seed 604411): the positions as five ``standard-v7``
    reach them now (their hands as the reader saw them); it plays the reader's card.  (The
    ``standard-v7`` the reader saw played ``blunder`` at each.)"""
    view = _position(deal, trick, place, READ_SEED_V7, "standard-v7")
    assert sorted(str(c) for c in view.hand) == sorted(hand.split())
    played = _card("standard-v7", view)
    assert played == card and played != blunder


def test_a_fellow_defender_is_read_from_two_tricks_taken_from_the_picker() -> None:
    """At deal 11 t4.5 the defender s4 reads s1 as a fellow (two of the picker's winning
    cards beaten); at the same trick's second card nobody has yet, and the read is only
    made by ``counting``."""
    view = _position(11, 4, 5, READ_SEED_V7, "standard-v7")
    k = Knowledge(view)
    assert (k.seat, k.picker, k.partner) == (4, 0, -1)
    assert table_from_knowledge(k, False, True, True, True, True).fellows == 1 << 1
    assert table_from_knowledge(k, False, True, True, True, False).fellows == 0
    early = Knowledge(_position(11, 4, 2, READ_SEED_V7, "standard-v7"))
    assert table_from_knowledge(early, False, True, True, True, True).fellows == 0


def test_the_alone_pickers_jack_at_deal_0_was_right() -> None:
    """The reader's first blunder (deal 0, t5.3: QH, not JC, onto s4's QS) is not one: QS
    beats QH (the Queens rank clubs, spades, hearts, diamonds), so both cards lose this trick
    and win the last (no trump out); the Jack thrown keeps the Queen's one point more."""
    view = _position(0, 5, 3, READ_SEED_V6C, "standard-v6")
    assert sorted(str(c) for c in view.hand) == ["JC", "QH"]
    assert [str(c) for c in view.trick.cards] == ["KC", "QS"] if view.trick else False
    assert _card("standard-v6", view) == _card("standard-v7", view) == "JC"


def _late_positions(count: int, unknown: bool = False) -> list[HandState]:
    """States where no seat holds more than two cards, from seeded hands of ``standard-v6``
    (``unknown``: only those where the picker's unknown card is still to fall)."""
    out: list[HandState] = []
    i = 0
    while len(out) < count:
        state = HandState.from_seed("game:%016x" % (0x7c0 + 104729 * i), 1 + i % 10)
        players = [make_player("standard-v6", 31 * i + s) for s in range(5)]
        while not state.is_over:
            if max(h.bit_count() for h in state.hands) <= LAST_TRICKS and state.picker >= 0 and (
                    not unknown or state.unknown_pending or state.unknown_position >= 0):
                out.append(state.clone())
            state.apply(players[state.to_act].choose(state.view(state.to_act)))
        i += 1
    return out[:count]


def _brute(state: HandState) -> int:
    """The picker's side's value (its scoring row, then its card points, as the engine scores
    the hand) under best play by the engine's own legal moves."""
    if state.is_over:
        result = state.result()
        return result.row * ROW + result.side_points[0]
    values = []
    for code in state.legal_moves():
        s = state.clone()
        s.apply_move(code)
        values.append(_brute(s))
    return max(values) if state.to_act in (state.picker, state.partner) else min(values)


def test_open_card_play_of_the_last_tricks_is_the_engines_best() -> None:
    """Both solvers (bit masks with the engine's rules of play, and the engine's clones, used
    while the unknown card is still to fall) give the brute-force value, the called suit's
    duties open or not."""
    plain = engine = duties = 0
    for state in _late_positions(150) + _late_positions(12, unknown=True):
        best = _brute(state)
        assert _solve(state.clone()) == best
        assert _solve_engine(state.clone()) == best
        if state.unknown_pending or state.unknown_position >= 0:
            engine += 1
        else:
            plain += 1
            duties += state.duties_open
            side, points, tricks = _side(state)
            trick = list(state.trick_cards)
            assert _best(list(state.hands), trick, state.leader, state.led_suit if trick else -1,
                         side, 5, points, tricks, state.hand_size,
                         (state.picker, state.partner, state.called, state.duties_open)) == best
    assert plain >= 100 and duties >= 5 and engine >= 12


def test_the_exact_end_plays_only_in_a_picked_hands_last_two_tricks() -> None:
    """Earlier in the hand, and in a leaster, :func:`last_tricks_code` returns Standard's own
    card untouched (it is given a code no rule would choose, to see it come back)."""
    seen = {"early": 0, "leaster": 0, "late": 0}
    for i in range(12):
        state = HandState.from_seed("game:%016x" % (0x1a57 + 7 * i), 1 + i % 10)
        players = [make_player("standard-v6", 11 * i + s) for s in range(5)]
        while not state.is_over:
            view = state.view(state.to_act)
            k = Knowledge(view)
            if k.phase is Phase.PLAY and len(k.legal_codes) > 1:
                marker = k.legal_codes[-1]
                code = last_tricks_code(k, marker)
                if k.leaster:
                    seen["leaster"] += 1
                    assert code == marker
                elif k.cards_left[k.seat] > LAST_TRICKS:
                    seen["early"] += 1
                    assert code == marker
                else:
                    seen["late"] += 1
                    assert code in k.legal_codes
            state.apply(players[state.to_act].choose(view))
    assert seen["early"] > 50 and seen["late"] > 5


def test_the_choice_depends_on_the_view_alone() -> None:
    """The layouts are drawn by the position, not by the player's seed: Standard stays a
    function of its view (``bench/foresee.py``: its copies agree)."""
    view = _position(23, 5, 1, READ_SEED_V6C, "standard-v6")
    cards = {str(make_player("standard-v7", seed).choose(view)) for seed in (0, 1, 7, 12345)}
    assert cards == {"play 7D"}


def test_a_layout_dealt_from_the_seats_knowledge_has_the_engines_value() -> None:
    """The fast way (:func:`_plain_value`: the seat's knowledge plus the hidden cards of one
    layout, no history replayed) gives, for the true layout, the brute-force value of each
    card in the engine: the points taken, the bury, the partner and the duties all read
    right from the seat's view."""
    checked = 0
    for state in _late_positions(150):
        view = state.view(state.to_act)
        k = Knowledge(view)
        if len(k.legal_codes) < 2 or not _plain(k):
            continue
        slots = Slots(k)
        dealt = [0] * (k.players + 3)
        for s in range(k.players):
            if s != k.seat:
                dealt[s] = state.hands[s]
        if k.picker != k.seat:
            dealt[slots.BURY] = state.bury
        for code in k.legal_codes:
            s = state.clone()
            s.apply_move(code)
            assert _plain_value(k, slots, dealt, code) == _brute(s)
            checked += 1
    assert checked >= 80
