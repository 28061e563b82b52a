"""``standard-v5``'s trump play (issue 39), on constructed positions: masters and live trumps
counted from the cards the seat has seen (:attr:`~sheepshead.bots.versions.StandardConfig.masters`).

Each position is one the issue's reader named a blunder of ``standard-v4``; the test shows
``standard-v4``'s rules (``masters`` off) still making it, so the position is a real test of
the new rule, and ``standard-v5``'s making the sound play.
"""

from __future__ import annotations

from sheepshead.bots import make_player
from sheepshead.bots.craft import Table, play_card
from sheepshead.bots.versions import CURRENT, VERSIONS, StandardConfig
from sheepshead.cards import ALL_CARDS, CARDS, SUIT_MASK, mask_of, parse_cards


def _i(text: str) -> int:
    return parse_cards(text)[0].index


def _m(text: str) -> int:
    return mask_of(parse_cards(text))


HEARTS, CLUBS, SPADES = SUIT_MASK[2], SUIT_MASK[0], SUIT_MASK[1]


def _table(masters: bool, hand: str, played: str = "", **fields) -> Table:
    """A five-handed play position for seat ``me``: ``played`` every card seen besides the
    seat's own (so the rest is unseen), each other seat possibly holding any unseen card
    unless ``possible`` says otherwise."""
    t = Table(False, True, masters)
    t.hand = _m(hand)
    unseen = ALL_CARDS & ~t.hand & ~_m(played)
    defaults = dict(me=0, n=5, picker=-1, partner=-1, i_am_partner=False, leaster=False,
                    called=-1, called_suit=-1, duties=False, trick=[], leader=0, led=-1,
                    exact=False, won=[0] * 5, my_unknown=-1, voids=[0] * 5, unseen=unseen,
                    possible=[unseen] * 5)
    defaults.update(fields)
    for k, v in defaults.items():
        setattr(t, k, v)
    t.legal = t.hand if "legal" not in fields else fields["legal"]
    return t


def _name(index: int) -> str:
    return str(CARDS[index])


def _both(**position) -> tuple[str, str]:
    """(``standard-v4``'s card, ``standard-v5``'s card) on the position."""
    return _name(play_card(_table(False, **position))), _name(play_card(_table(True, **position)))


def _reuse(t: Table, masters: bool) -> Table:
    t.masters = masters
    return t


def test_standard_v5_is_v4_with_the_masters() -> None:
    v5 = VERSIONS["standard-v5"]
    assert v5.since.isoformat() >= "2026-12-07"
    assert v5.config == StandardConfig(first_craft=False, reading=3, behind=True, masters=True)
    assert VERSIONS["standard-v4"].config == StandardConfig(first_craft=False, reading=3, behind=True)
    assert make_player("standard-v5").config.masters is True
    # Every later Standard keeps the masters (standard-v6 adds to them).
    assert VERSIONS[CURRENT["standard"]].config.masters is True


def test_a_sure_master_makes_a_friends_ace_safe_rather_than_a_low_card_thrown() -> None:
    # Seat 1 (a defender) leads AH; seat 2 (a defender, void in hearts) holds QC, the master:
    # the picker (seat 0, last to play) has shown void in hearts and may trump.  The partner
    # (seat 3) is known, so seat 1 is a sure friend.
    trumps_below = "QS QH QD JC JS JH JD AD 10D KD 9D 8D 7D"
    position = dict(hand="QC 10S 7S", played="AH", me=2, picker=0, partner=3, trick=[_i("AH")],
                    leader=1, led=2)
    t = _table(False, **position)
    t.possible = [t.unseen & ~HEARTS, 0, 0, t.unseen, t.unseen]
    t.voids = [1 << 2, 0, 0, 0, 0]
    assert t.unseen & _m(trumps_below) == _m(trumps_below)
    v4, v5 = (_name(play_card(_reuse(t, m))) for m in (False, True))
    assert (v4, v5) == ("7S", "QC")


def test_an_ace_still_goes_onto_an_opponents_empty_trick() -> None:
    # The picker (seat 0) leads 7H, an empty trick; seat 1 is void in hearts with QC (the
    # master) and AS.  Spending the Queen to save the Ace was tried and lost (-0.008 a hand
    # over 1,000 paired deals, docs/journal/bots-2026-12-04.md): both keep the Queen.
    v4, v5 = _both(hand="QC AS", played="7H", me=1, picker=0, trick=[_i("7H")], leader=0, led=2)
    assert v4 == v5 == "AS"


def test_a_live_trump_kept_off_an_opponents_master() -> None:
    # The known partner (seat 3) leads 7H, a defender follows, the picker (seat 0) trumps with
    # QC; seat 1, void in hearts, holds 9D (only 10D, unseen, is above it: live) and KS.
    played = "QC QS QH QD JC JS JH JD AD KD 8D 7D 7H 8H"
    v4, v5 = _both(hand="9D KS", played=played, me=1, picker=0, partner=3,
                   trick=[_i("7H"), _i("8H"), _i("QC")], leader=3, led=2)
    assert (v4, v5) == ("9D", "KS")


def test_no_fail_ten_led_into_a_void_the_picker_has_shown() -> None:
    # Seat 1 defends and leads; the picker (seat 0) has shown void in clubs and may hold trump.
    position = dict(hand="10C 7D", me=1, picker=0, partner=3, leader=1)
    t = _table(False, **position)
    t.voids = [1 << 0, 0, 0, 0, 0]
    t.possible = [t.unseen & ~CLUBS, t.unseen, t.unseen, t.unseen, t.unseen]
    v4, v5 = (_name(play_card(_reuse(t, m))) for m in (False, True))
    assert (v4, v5) == ("10C", "7D")
    # Into a suit the picker has not shown void in, the Ten still goes.
    t.voids = [1 << 1, 0, 0, 0, 0]
    t.possible = [t.unseen & ~SPADES, t.unseen, t.unseen, t.unseen, t.unseen]
    assert _name(play_card(_reuse(t, True))) == "10C"


def test_the_master_trump_before_the_ten_when_it_draws_the_last_trump() -> None:
    # Seat 1 defends and leads QH, the master, with 10S: only 7D is out, so the Queen draws it
    # and the Ten then walks.  With two trumps out and one master it leads the Ten as before.
    everything_else = "QC QS JC JS JH JD AD 10D KD 9D 8D"
    v4, v5 = _both(hand="QH 10S", played=everything_else + " QD", me=1, picker=0, leader=1)
    assert (v4, v5) == ("10S", "QH")
    v4, v5 = _both(hand="QH 10S", played=everything_else, me=1, picker=0, leader=1)
    assert v4 == v5 == "10S"


def test_howlers_second_view_flags_standard_v4s_ten_into_a_void_not_v5s_trump() -> None:
    from conftest import load_bench

    from sheepshead.bots.knowledge import Knowledge
    from sheepshead.bots.standard import standard_code
    howlers = load_bench("howlers")
    # Arena seed 1, deal 67: seat 4 leads trick 5 holding 10C JH, seat 2 (the known partner)
    # has shown void in clubs and may hold trump.
    for state, code, trick in howlers.decisions("standard-v4", 1, 67):
        if trick == 5 and state.to_act == 4:
            assert [r for r, _ in howlers.second_view(state, code)] == ["ten_into_void"]
            k = Knowledge(state.view(4))
            v5 = standard_code(k, False, True, True)
            assert v5 != code and howlers.second_view(state, v5) == []
            return
    raise AssertionError("the position was not reached")
