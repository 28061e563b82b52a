"""The deal algorithm of docs/specs/deals.md: test vectors, stability, rotation.

Standard library + pytest only (runs under Pyodide too).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import reference as R

from sheepshead import Deal, HandState, SheepsheadError, deal
from sheepshead.cards import CARDS, cards_of
from sheepshead.deals import deal_indexes, deal_key, deal_masks, dealer_of, shuffled_deck

# deals.md, typed in from the page.
VECTOR_DECK = ["9S", "QS", "8D", "7C", "10H", "8H", "10D", "QC", "9C", "9H", "KC", "QD", "JC", "AH", "9D", "KD", "10C", "8S", "JD", "10S", "AS", "QH", "JH", "7H", "JS", "8C", "AD", "7S", "AC", "KS", "KH", "7D"]
VECTOR_HANDS = ["9S QS 8D 8S JD 10S", "7C 10H 8H AS QH JH", "10D QC 9C 7H JS 8C",
                "9H KC QD AD 7S AC", "JC AH 9D KS KH 7D"]
VECTOR_BLIND = ["KD", "10C"]
GAME_VECTOR = {  # key game:0123456789abcdef:3:0, dealer seat 1
    0: "7S AH 7D KS 9D 8S", 1: "JS 8H 9C AC AD 8D", 2: "7H QD QS KD JH KH",
    3: "8C AS 10H JD 9S QH", 4: "QC 7C 10D 9H KC 10C", "blind": "10S JC"}


def texts(cards):
    return [str(c) for c in cards]


def test_canonical_deck_order_matches_deals_md():
    assert texts(CARDS) == R.DECK
    assert texts(CARDS)[:3] == ["7C", "8C", "9C"] and str(CARDS[31]) == "AD"


def test_vector_shuffled_deck():
    assert texts(CARDS[i] for i in shuffled_deck("daily:2026-11-30:1:0")) == VECTOR_DECK


def test_vector_five_handed_deal_daily_2026_11_30_hand_1():
    d = deal("daily:2026-11-30", 1)
    assert d.dealer == 4
    assert [texts(h) for h in d.hands] == [h.split() for h in VECTOR_HANDS]
    assert texts(d.blind) == VECTOR_BLIND


def test_vector_game_seed_hand_3():
    d = deal("game:0123456789abcdef", 3)
    assert d.dealer == 1
    for seat in range(5):
        assert texts(d.hands[seat]) == GAME_VECTOR[seat].split(), seat
    assert texts(d.blind) == GAME_VECTOR["blind"].split()


def test_daily_deal_is_identical_on_every_call():
    first = deal("daily:2026-11-30", 1)
    for _ in range(3):
        again = deal("daily:2026-11-30", 1)
        assert again == first
        assert again.to_json() == first.to_json()
    state = HandState.from_seed("daily:2026-11-30", 1)
    assert [texts(state.hand_of(s)) for s in range(5)] == [sorted(h.split(), key=R.DECK.index)
                                                             for h in VECTOR_HANDS]


def test_deal_to_json_shape():
    assert deal("daily:2026-11-30", 1).to_json() == {
        "dealer": 4, "hands": [h.split() for h in VECTOR_HANDS], "blind": VECTOR_BLIND}


def test_deal_keeps_dealt_order_not_sorted():
    d = deal("daily:2026-11-30", 1)
    assert texts(d.hands[0]) == ["9S", "QS", "8D", "8S", "JD", "10S"]      # not deck order
    assert texts(d.hands[0]) != sorted(texts(d.hands[0]), key=R.DECK.index)
    assert isinstance(d, Deal) and d.players == 5


def test_shuffle_words_are_sha256_blocks():
    import hashlib

    from sheepshead.deals import _words
    expect = []
    for i in range(3):
        digest = hashlib.sha256(f"k:{i}".encode()).digest()
        expect += [int.from_bytes(digest[4 * j:4 * j + 4], "big") for j in range(8)]
    assert _words("k", 0, 2) == expect[:16]
    assert _words("k", 1, 2) == expect[8:]          # the stream goes on block by block


def test_key_format():
    assert deal_key("daily:2026-11-30", 1) == "daily:2026-11-30:1:0"
    assert deal_key("game:0123456789abcdef", 3, 2) == "game:0123456789abcdef:3:2"


@pytest.mark.parametrize("n", range(1, 11))
def test_dealer_rotation(n):
    assert dealer_of(n) == (n + 5 - 2) % 5
    assert deal("daily:2026-11-30", n).dealer == (n + 3) % 5
    assert HandState.from_seed("daily:2026-11-30", n).to_act == (n + 3 + 1) % 5
    assert dealer_of(n, 3) == (n + 1) % 3 and dealer_of(n, 4) == (n + 2) % 4


def test_first_hands_dealers_pass_left():
    assert [dealer_of(n) for n in range(1, 11)] == [4, 0, 1, 2, 3, 4, 0, 1, 2, 3]


def test_different_hands_and_redeals_get_different_deals():
    seen = set()
    for seed in ("daily:2026-11-30", "daily:2026-12-01", "game:0123456789abcdef"):
        for n in range(1, 11):
            for r in (0, 1):
                key = tuple(texts(shuffled_deck(deal_key(seed, n, r))))
                assert key not in seen
                seen.add(key)
    assert deal("daily:2026-11-30", 1) != deal("daily:2026-11-30", 2)
    assert deal("daily:2026-11-30", 1, redeal=1) != deal("daily:2026-11-30", 1)


@pytest.mark.parametrize("seed", ["daily:2026-11-30", "daily:2000-02-29", "game:0123456789abcdef",
                                  "game:ffffffffffffffff"])
def test_engine_deal_agrees_with_reference_implementation(seed):
    for n in range(1, 11):
        hands, blind, dealer = R.deal_hand(seed, n)
        d = deal(seed, n)
        assert d.dealer == dealer
        assert [texts(h) for h in d.hands] == hands
        assert texts(d.blind) == blind


@pytest.mark.parametrize("players", [3, 4, 5])
def test_deal_masks_agrees_with_deal_indexes(players):
    for n in range(1, 40):
        key = deal_key("game:0123456789abcdef", n)
        for dealer in range(players):
            hands, blind = deal_indexes(key, dealer, players)
            masks, blind_mask = deal_masks(key, dealer, players)
            assert masks == [sum(1 << c for c in h) for h in hands]
            assert blind_mask == sum(1 << c for c in blind)
            assert len(blind) == 2
            assert len({len(h) for h in hands}) == 1
            everything = sorted(c for h in hands for c in h) + sorted(blind)
            assert len(set(everything)) == len(everything) == (30 if players == 4 else 32)


def test_four_handed_removes_black_sevens():
    hands, blind = deal_indexes("daily:2026-11-30:1:0", 3, 4)
    cards = {str(CARDS[c]) for h in hands for c in h} | {str(CARDS[c]) for c in blind}
    assert "7C" not in cards and "7S" not in cards and len(cards) == 30
    assert [len(h) for h in hands] == [7] * 4
    hands3, blind3 = deal_indexes("daily:2026-11-30:1:0", 2, 3)
    assert [len(h) for h in hands3] == [10] * 3 and len(blind3) == 2


def test_five_handed_packets_three_blind_three():
    """Seat at dealer's left gets deck[0:3] and deck[17:20]; the blind is deck[15:17]."""
    deck = texts(CARDS[i] for i in shuffled_deck("game:0123456789abcdef:5:0"))
    d = deal("game:0123456789abcdef", 5)       # dealer 3, so seat 4 first
    assert d.dealer == 3
    assert texts(d.hands[4]) == deck[0:3] + deck[17:20]
    assert texts(d.hands[3]) == deck[12:15] + deck[29:32]
    assert texts(d.blind) == deck[15:17]


@pytest.mark.parametrize("seed", ["daily:2026-13-01", "daily:2026-02-30", "daily:26-11-30", "game:0123",
                                  "game:0123456789ABCDEF", "Game:0123456789abcdef", "", "daily:2026-11-30 "])
def test_bad_seeds_are_refused(seed):
    with pytest.raises(SheepsheadError):
        deal(seed, 1)
    with pytest.raises(SheepsheadError):
        HandState.from_seed(seed, 1)


@pytest.mark.parametrize("hand", [0, -1, True, 1.0, "1", None])
def test_bad_hand_numbers_are_refused(hand):
    with pytest.raises(SheepsheadError):
        deal("daily:2026-11-30", hand)
    with pytest.raises(SheepsheadError):
        HandState.from_seed("daily:2026-11-30", hand)


def test_from_seed_equals_from_deal():
    for n in range(1, 11):
        a = HandState.from_seed("game:0123456789abcdef", n)
        b = HandState.from_deal(deal("game:0123456789abcdef", n))
        assert a.dealt == b.dealt and a.blind == b.blind and a.dealer == b.dealer
        assert [texts(cards_of(m)) for m in a.dealt] == [sorted(texts(h), key=R.DECK.index)
                                                         for h in deal("game:0123456789abcdef", n).hands]
