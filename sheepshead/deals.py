"""The deal algorithm of ``docs/specs/deals.md``: fixed forever, version 1.

A game has a seed string (``daily:YYYY-MM-DD`` or ``game:`` + 16 hex digits);
hand ``n`` dealt for the ``r``-th time uses the key ``f"{seed}:{n}:{r}"``.
The key drives a SHA-256 word stream, which drives a Fisher-Yates shuffle of
the canonical deck, which is dealt in packets of three.  Any language can
reproduce it from that page; changing it breaks every shared link.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import secrets
import struct
from dataclasses import dataclass
from typing import Any

from .cards import BLACK_SEVENS, CARDS, Card, cards_of
from .errors import SheepsheadError
from .grammar import parse_seed, shown
from .rules import check_redeal

__all__ = ["Deal", "deal", "deal_key", "shuffled_deck", "dealer_of", "daily_seed",
           "new_game_seed", "check_seed", "check_hand_number", "HANDS_PER_GAME", "check_deal"]

_UNPACK = struct.Struct(">8I").unpack
_LIMIT = [0] + [2 ** 32 - (2 ** 32 % n) for n in range(1, 33)]
"""Fisher-Yates rejection limit for a draw among n: words at or above it are skipped."""
HANDS_PER_GAME = 10
"""A game's hands are numbered 1 to 10; no other hand number is dealt."""
PACKETS = {3: (3, 3, 3, 1), 4: (3, 3, 1), 5: (3, 3)}
"""Cards per seat in each round of dealing; the blind goes after the first round."""


@dataclass(frozen=True)
class Deal:
    """Who holds what before the first action: ``hands[seat]`` and the ``blind``."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    blind: tuple[Card, ...]

    @property
    def players(self) -> int:
        return len(self.hands)

    def to_json(self) -> dict[str, Any]:
        return {"dealer": self.dealer,
                "hands": [[str(c) for c in h] for h in self.hands],
                "blind": [str(c) for c in self.blind]}


def check_seed(seed: str) -> str:
    """Return ``seed`` if it is a Daily or New Game seed, else raise."""
    parse_seed(seed)            # the one grammar of seeds (ASCII, whole string)
    assert isinstance(seed, str)
    return seed


def check_hand_number(hand: object) -> int:
    """``hand`` if it is a hand of a game, a whole number from 1 to :data:`HANDS_PER_GAME`."""
    if not isinstance(hand, int) or isinstance(hand, bool) or not 1 <= hand <= HANDS_PER_GAME:
        raise SheepsheadError(f"hand must be a whole number from 1 to {HANDS_PER_GAME}, "
                              f"not {shown(repr(hand))}")
    return hand


def daily_seed(date: _dt.date) -> str:
    """The Daily's seed of a calendar date: ``daily:YYYY-MM-DD``."""
    return f"daily:{date.isoformat()}"


def new_game_seed() -> str:
    """A fresh New Game seed from a cryptographic random source."""
    return "game:" + secrets.token_hex(8)


def deal_key(seed: str, hand: int, redeal: int = 0) -> str:
    return f"{seed}:{hand}:{redeal}"


def dealer_of(hand: int, players: int = 5) -> int:
    """Hand ``hand`` (1-based)'s dealer: hand 1 is dealt by the last seat."""
    return (hand + players - 2) % players


def canonical_deck(players: int = 5) -> list[int]:
    deck = list(range(32))
    if players == 4:
        deck.remove(0)   # 7C
        deck.remove(8)   # 7S
    return deck


def shuffled_deck(key: str, players: int = 5) -> list[int]:
    """The card indexes of the deck shuffled by the key (Fisher-Yates from the top)."""
    deck = canonical_deck(players)
    words = _words(key, 0)          # 32 words: enough unless a word is rejected (p < 1e-8)
    block = 4
    w = 0
    for i in range(len(deck) - 1, 0, -1):
        limit = _LIMIT[i + 1]
        while True:
            if w == len(words):
                words += _words(key, block)
                block += 4
            u = words[w]
            w += 1
            if u < limit:
                break
        j = u % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _words(key: str, first_block: int, blocks: int = 4) -> list[int]:
    """Words of ``blocks`` consecutive blocks of the stream (32 words cover most deals)."""
    out: list[int] = []
    for i in range(first_block, first_block + blocks):
        out.extend(_UNPACK(hashlib.sha256(f"{key}:{i}".encode()).digest()))
    return out


def deal_indexes(key: str, dealer: int, players: int = 5) -> tuple[list[list[int]], list[int]]:
    """Deal a shuffled deck: packets from the dealer's left, the blind after round one."""
    if players not in PACKETS:
        raise SheepsheadError(f"Sheepshead is dealt to 3, 4 or 5 players, not {players}")
    deck = shuffled_deck(key, players)
    hands: list[list[int]] = [[] for _ in range(players)]
    blind: list[int] = []
    pos = 0
    for round_no, size in enumerate(PACKETS[players]):
        for k in range(1, players + 1):
            seat = (dealer + k) % players
            hands[seat].extend(deck[pos:pos + size])
            pos += size
        if round_no == 0:
            blind = deck[pos:pos + 2]
            pos += 2
    assert pos == len(deck)
    return hands, blind


def _layout(players: int) -> tuple[int, ...]:
    """For each position of the shuffled deck: the seat offset from the dealer (1..P), or 0 for the blind."""
    out: list[int] = []
    for round_no, size in enumerate(PACKETS[players]):
        for k in range(1, players + 1):
            out.extend([k] * size)
        if round_no == 0:
            out.extend([0, 0])
    return tuple(out)


_LAYOUTS = {p: _layout(p) for p in PACKETS}


def deal_masks(key: str, dealer: int, players: int = 5) -> tuple[list[int], int]:
    """The same deal as :func:`deal_indexes`, as bit masks (hands by seat, blind): the fast path."""
    layout = _LAYOUTS[players]
    by_offset = [0] * (players + 1)
    for pos, c in enumerate(shuffled_deck(key, players)):
        by_offset[layout[pos]] |= 1 << c
    hands = [0] * players
    for k in range(1, players + 1):
        hands[(dealer + k) % players] = by_offset[k]
    return hands, by_offset[0]


def check_deal(hands: list[int], blind: int, dealer: int, players: int) -> None:
    """Raise :class:`SheepsheadError` unless ``hands`` (one mask per seat) and ``blind`` are a
    whole deal for ``players`` seats, dealt by ``dealer``."""
    if len(hands) != players:
        raise SheepsheadError(f"the deal has {len(hands)} hands; this table seats {players}")
    seen = 0
    for m in hands + [blind]:
        if seen & m:
            raise SheepsheadError(f"{cards_of(seen & m)[0]} is dealt twice")
        seen |= m
    if len({m.bit_count() for m in hands}) != 1:
        raise SheepsheadError("every hand must hold the same number of cards")
    deck = 32 if players != 4 else 30
    if seen.bit_count() != deck:
        raise SheepsheadError(f"a deal holds {deck} cards, this one {seen.bit_count()}")
    if players == 4 and seen & BLACK_SEVENS:
        raise SheepsheadError("four-handed, the black sevens are out of the deck")
    if blind.bit_count() != 2:
        raise SheepsheadError(f"the blind holds two cards, not {blind.bit_count()}")
    if not (isinstance(dealer, int) and 0 <= dealer < players) or isinstance(dealer, bool):
        raise SheepsheadError(f"dealer must be a seat from 0 to {players - 1}, not {dealer!r}")


def deal(seed: str, hand: int, redeal: int = 0, players: int = 5) -> Deal:
    """The deal of hand ``hand`` (1-based) of the game ``seed``."""
    check_seed(seed)
    check_hand_number(hand)
    check_redeal(redeal)
    dealer = dealer_of(hand, players)
    hands, blind = deal_indexes(deal_key(seed, hand, redeal), dealer, players)
    return Deal(dealer, tuple(tuple(CARDS[i] for i in h) for h in hands),
                tuple(CARDS[i] for i in blind))
