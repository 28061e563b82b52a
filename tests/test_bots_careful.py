"""``standard-v6``'s points of care (issue 39's second step): each clear blunder a club player's
read of ``standard-v5`` found (docs/journal/reads.md, seed 391207), at its real position; and
the kinds the read of the first ``standard-v6`` found (seed 550613, report of 2026-12-06).

Each position is the arena's deal of that seed played by five players of one version (as
``bench/transcript.py`` prints it) up to the decision the reader named; the test shows
``standard-v5`` still making the blunder there and ``standard-v6``
(:attr:`~sheepshead.bots.versions.StandardConfig.careful`) making the reader's card.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sheepshead.bots import make_player
from sheepshead.bots.arena import deal_seed, player_seed
from sheepshead.bots.versions import VERSIONS, StandardConfig
from sheepshead.cards import CARDS
from sheepshead.position import Phase
from sheepshead.state import HandState
from sheepshead.view import SeatView

READ_SEED = 391207
"""The seed of the reader's read of ``standard-v5`` (not a seed the figures are measured on)."""
READ_SEED_V6 = 550613
"""The seed of the reader's read of the first ``standard-v6`` (its positions are played by
``standard-v6``)."""


def _played(seed: int, deal: int, level: str, until: Callable[[HandState], bool]) -> SeatView:
    """The view of the seat to act once ``until(state)`` holds, in the arena's deal ``deal``
    of ``seed`` played by five ``level``."""
    game, hand = deal_seed(seed, deal)
    state = HandState.from_seed(game, hand)
    players = [make_player(level, player_seed(seed, deal, 0, s)) for s in range(5)]
    while not until(state):
        assert not state.is_over
        state.apply(players[state.to_act].choose(state.view(state.to_act)))
    return state.view(state.to_act)


def _position(deal: int, trick: int, place: int, seed: int = READ_SEED,
              level: str = "standard-v5") -> SeatView:
    """The view of the seat to play the ``place``-th card of trick ``trick`` (both from 1) of
    the arena's deal ``deal`` of ``seed``, five ``level`` having played up to it."""
    return _played(seed, deal, level, lambda state: (
        state.phase is Phase.PLAY and len(state.tricks) == trick - 1
        and len(state.trick_cards) == place - 1))


def _at_call(seed: int, deal: int) -> SeatView:
    """The picker's view at the call of the arena's deal ``deal`` of ``seed``, five
    ``standard-v6`` having picked and buried."""
    return _played(seed, deal, "standard-v6", lambda state: state.phase is Phase.CALL)


def _card(level: str, view: SeatView) -> str:
    action = make_player(level, 0).choose(view)
    return str(CARDS[action.code - 64])


def test_standard_v6_keeps_v5_otherwise() -> None:
    v6 = VERSIONS["standard-v6"]
    assert v6.since.isoformat() == "2026-12-08"
    assert v6.config == StandardConfig(first_craft=False, reading=3, behind=True, masters=True,
                                       careful=True)
    assert VERSIONS["standard-v5"].config.careful is False
    assert all(not (isinstance(v.config, StandardConfig) and v.config.careful)
               for v in VERSIONS.values() if v.name not in ("standard-v6", "standard-v7"))
    assert all(not v.config.standard.careful for v in VERSIONS.values()
               if v.level == "expert" and v.config is not None
               and not isinstance(v.config, StandardConfig))
    # Every later Standard keeps the care (standard-v7 adds to it).
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


@pytest.mark.parametrize("deal, trick, place, was, v6, hand", [
    # Leaster, void in the suit led, three seats after: the master QC waits; shed the Ten.
    (15, 1, 2, "QC", "10H", "QC QD 7D KC 8C 10H"),
    # Two cards left, only JC out: the Ace before the Jack (one of the two tricks is sure).
    (16, 5, 1, "JH", "AH", "JH AH"),
    # Two cards left, only JC out: AD now (it wins unless JC is behind), the master QH last.
    (24, 5, 4, "QH", "AD", "QH AD"),
    # The called suit's first lead, ruffed by 10D: that seat is no partner, so the trick is a
    # fellow defender's sure one (the picker and the partner must follow): schmear the Ten.
    (20, 1, 3, "7C", "10C", "10C 7C 10S 9S 8S 7S"),
    # A friend's trick that the lone picker, last and shown void, will likely trump: not the
    # Ten thrown onto it, a trump instead (the reader: QD or JS; the picker must overtrump).
    (25, 3, 3, "10H", "JS", "QD JS AH 10H"),
])
def test_the_readers_clear_blunders_of_the_first_standard_v6(
        deal: int, trick: int, place: int, was: str, v6: str, hand: str) -> None:
    """``was``: the first ``standard-v6``'s card there (the transcript the reader read)."""
    view = _position(deal, trick, place, READ_SEED_V6, "standard-v6")
    assert sorted(str(c) for c in view.hand) == sorted(hand.split())
    assert _card("standard-v6", view) == v6 != was


def test_no_alone_with_three_queens_but_neither_the_queen_of_clubs_nor_a_jack() -> None:
    """Deal 9 of the read of the first ``standard-v6``: QS QH QD 10D 8D | 9C after burying
    KC AH went alone (nine trumps out, the top one and every Jack among them): it calls AC."""
    view = _at_call(READ_SEED_V6, 9)
    assert sorted(str(c) for c in view.hand) == sorted(["QS", "QH", "QD", "10D", "8D", "9C"])
    calls = {level: str(make_player(level, 0).choose(view)) for level in ("standard-v5", "standard-v6")}
    assert calls == {"standard-v5": "alone", "standard-v6": "call AC"}


READ_SEED_V6B = 771942
"""The seed of the second read of ``standard-v6`` (report of 2026-12-06, its positions played
by the ``standard-v6`` the reader read)."""


@pytest.mark.parametrize("deal, hand", [
    # Q♦ the best trump, Q♣ Q♠ Q♥ and J♣ out above it.
    (12, "QD JS JD AD 8D 7D"),
    # Q♣ and then J♦: six trumps above J♦ out.
    (26, "QC JD AD KD 9D 8D"),
])
def test_no_alone_on_six_trumps_with_fewer_than_three_of_the_top_six(deal: int, hand: str) -> None:
    """Six trumps and no fail went alone whatever their quality: with fewer than three of the
    Queens and black Jacks the hand calls a partner (here the unknown call, its bury kept)."""
    view = _at_call(READ_SEED_V6B, deal)
    assert sorted(str(c) for c in view.hand) == sorted(hand.split())
    call = str(make_player("standard-v6", 0).choose(view))
    assert call != "alone" and call.startswith("call")


@pytest.mark.parametrize("deal, trick, place, was, v6, hand", [
    # Two cards left, J♥ and 10♦ out, the picker's A♥ led: J♣ wins it for sure; J♦ lost it
    # to the J♥ of a defender after (the J♥'s only possible holders not yet played).
    (7, 5, 2, "JD", "JC", "JC JD"),
])
def test_the_readers_clear_blunders_of_the_second_standard_v6(
        deal: int, trick: int, place: int, was: str, v6: str, hand: str) -> None:
    """``was``: the card of the ``standard-v6`` the second reader read (seed 771942)."""
    view = _position(deal, trick, place, READ_SEED_V6B, "standard-v6")
    assert sorted(str(c) for c in view.hand) == sorted(hand.split())
    assert _card("standard-v6", view) == v6 != was
