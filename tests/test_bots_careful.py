"""``standard-v6``'s points of care (issue 39's second step): each clear blunder a club player's
read of ``standard-v5`` found (docs/journal/reads.md, seed 391207), at its real position.

Each position is the arena's deal of that seed played by five ``standard-v5`` (as
``bench/transcript.py`` prints it) up to the decision the reader named; the test shows
``standard-v5`` still making the blunder there and ``standard-v6``
(:attr:`~sheepshead.bots.versions.StandardConfig.careful`) making the reader's card.
"""

from __future__ import annotations

import pytest

from sheepshead.bots import make_player
from sheepshead.bots.arena import deal_seed, player_seed
from sheepshead.bots.versions import CURRENT, VERSIONS, StandardConfig
from sheepshead.cards import CARDS
from sheepshead.position import Phase
from sheepshead.state import HandState
from sheepshead.view import SeatView

READ_SEED = 391207
"""The seed of the reader's read of ``standard-v5`` (not a seed the figures are measured on)."""


def _position(deal: int, trick: int, place: int, seed: int = READ_SEED) -> SeatView:
    """The view of the seat to play the ``place``-th card of trick ``trick`` (both from 1) of
    the arena's deal ``deal`` of ``seed``, five ``standard-v5`` having played up to it."""
    game, hand = deal_seed(seed, deal)
    state = HandState.from_seed(game, hand)
    players = [make_player("standard-v5", player_seed(seed, deal, 0, s)) for s in range(5)]
    while not (state.phase is Phase.PLAY and len(state.tricks) == trick - 1
               and len(state.trick_cards) == place - 1):
        assert not state.is_over
        state.apply(players[state.to_act].choose(state.view(state.to_act)))
    return state.view(state.to_act)


def _card(level: str, view: SeatView) -> str:
    action = make_player(level, 0).choose(view)
    return str(CARDS[action.code - 64])


def test_standard_v6_is_the_newest_standard_and_keeps_v5_otherwise() -> None:
    v6 = VERSIONS["standard-v6"]
    assert CURRENT["standard"] == "standard-v6" and v6.since.isoformat() == "2026-12-08"
    assert v6.config == StandardConfig(first_craft=False, reading=3, behind=True, masters=True,
                                       careful=True)
    assert VERSIONS["standard-v5"].config.careful is False
    assert all(not (isinstance(v.config, StandardConfig) and v.config.careful)
               for v in VERSIONS.values() if v.name != "standard-v6")
    assert all(not v.config.standard.careful for v in VERSIONS.values()
               if v.level == "expert" and v.config is not None
               and not isinstance(v.config, StandardConfig))
    assert make_player("standard").config.careful is True


@pytest.mark.parametrize("deal, trick, place, v5, v6, hand", [
    # A Ten dropped under the called Ace on its suit's first lead (the Ace still to fall).
    (9, 2, 2, "10C", "8C", "JH 10D 10C 8C 7S"),
    (15, 3, 2, "10H", "7H", "AS 9S 10H 7H"),
    # The costlier of two trumps that do the same job: AD, not JS (only QD JC 10D KD out).
    (19, 4, 4, "AD", "JS", "JS AD 10C"),
    # The Ten of trump rather than a Jack that is no live trump, onto the lone picker's QC.
    (8, 3, 5, "10D", "JH", "JH 10D 8S AH"),
    # A defender with only trumps: the sure master QS first, not QD (QH JD 8D out).
    (8, 5, 1, "QD", "QS", "QS QD"),
    # The picker's AD (beaten by the QS JS JH out) thrown under a Jack, QH in hand.
    (25, 5, 4, "AD", "QH", "QH AD"),
])
def test_the_readers_clear_blunders_of_standard_v5(deal: int, trick: int, place: int, v5: str,
                                                  v6: str, hand: str) -> None:
    view = _position(deal, trick, place)
    assert sorted(str(c) for c in view.hand) == sorted(hand.split())
    assert (_card("standard-v5", view), _card("standard-v6", view)) == (v5, v6)
