"""Cards, suits and the order of the thirty-two card Sheepshead pack.

Every card has an *index* 0..31 in the canonical deck order of ``deals.md``
(suits C, S, H, D; ranks 7, 8, 9, 10, J, Q, K, A), so ``7C`` is 0 and ``AD``
is 31.  The engine keeps hands as bit masks over these indexes (bit ``i`` set
means card ``i`` is held); :class:`Card` is the readable face of an index.

Trump is one suit of fourteen cards: the four Queens, the four Jacks and the
diamonds, highest first ``QC QS QH QD JC JS JH JD AD 10D KD 9D 8D 7D``.  The
fail suits are clubs, spades and hearts without their Queens and Jacks, each
ranking ``A 10 K 9 8 7``.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator

from .errors import NotationError

__all__ = [
    "Suit", "Card", "CARDS", "DECK", "TRUMP_ORDER", "POINTS", "SUIT_OF",
    "SUIT_MASK", "TRUMP", "FAIL_SUITS", "ALL_CARDS", "STRENGTH", "cards_of",
    "mask_of", "parse_card", "parse_cards", "card_points", "indexes_of", "mask_bits",
    "display_order", "TRUMP_MASK", "FAIL_MASK", "FAIL_ACES", "FAIL_TENS", "FAIL_ACES_MASK",
    "QUEENS", "JACKS", "BLACK_QUEENS", "BLACK_SEVENS", "JACK_OF_DIAMONDS", "BEATS",
]


class Suit(enum.IntEnum):
    """A suit *for play*: the three fail suits and trump, which counts as one suit."""

    CLUBS = 0
    """Clubs without the Queen and Jack of clubs (those are trump)."""
    SPADES = 1
    """Spades without the Queen and Jack of spades."""
    HEARTS = 2
    """Hearts without the Queen and Jack of hearts."""
    TRUMP = 3
    """All Queens, all Jacks and every diamond: fourteen cards."""

    @property
    def letter(self) -> str:
        return "CSHT"[self]

    @property
    def noun(self) -> str:
        return ("clubs", "spades", "hearts", "trump")[self]


FAIL_SUITS = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS)
TRUMP = Suit.TRUMP

RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_LETTERS = "CSHD"
SUIT_SYMBOLS = {"♣": "C", "♠": "S", "♥": "H", "♦": "D",
                "♧": "C", "♤": "S", "♡": "H", "♢": "D"}
RANK_NAMES = {"7": "Seven", "8": "Eight", "9": "Nine", "10": "Ten", "J": "Jack",
              "Q": "Queen", "K": "King", "A": "Ace"}
SUIT_NAMES = {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds"}
_RANK_POINTS = {"7": 0, "8": 0, "9": 0, "10": 10, "J": 2, "Q": 3, "K": 4, "A": 11}
# Fail rank strength, low to high: 7 8 9 K 10 A.
_FAIL_STRENGTH = {"7": 1, "8": 2, "9": 3, "K": 4, "10": 5, "A": 6}

TRUMP_TEXT = ["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "10D", "KD", "9D", "8D", "7D"]


def _index(text: str) -> int:
    return SUIT_LETTERS.index(text[-1]) * 8 + RANKS.index(text[:-1])


TRUMP_ORDER: tuple[int, ...] = tuple(_index(t) for t in TRUMP_TEXT)
"""Card indexes of the trumps, highest first."""


class Card:
    """One card; there are exactly 32 instances, one per index, so ``is`` works.

    ``str(card)`` is the record notation (``QC``, ``10D``) and
    ``Card.parse`` reads it back, also accepting lower case and suit symbols.
    """

    __slots__ = ("index", "rank", "suit_letter", "suit", "points", "is_trump", "_text")

    index: int
    rank: str
    suit_letter: str
    suit: Suit
    points: int
    is_trump: bool
    _text: str

    def __new__(cls, text: str) -> Card:
        return parse_card(text)

    @classmethod
    def _make(cls, index: int) -> Card:
        self = object.__new__(cls)
        rank, letter = RANKS[index % 8], SUIT_LETTERS[index // 8]
        trump = letter == "D" or rank in ("Q", "J")
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit_letter", letter)
        object.__setattr__(self, "suit", Suit.TRUMP if trump else Suit(SUIT_LETTERS.index(letter)))
        object.__setattr__(self, "points", _RANK_POINTS[rank])
        object.__setattr__(self, "is_trump", trump)
        object.__setattr__(self, "_text", rank + letter)
        return self

    def __setattr__(self, name: str, value: object) -> None:  # frozen
        raise AttributeError("Card is immutable")

    @staticmethod
    def parse(text: str | Card) -> Card:
        return parse_card(text)

    @property
    def name(self) -> str:
        """The spoken name, as a screen reader says it: ``Queen of clubs``."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit_letter]}"

    @property
    def mask(self) -> int:
        return 1 << self.index

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (CARDS.__getitem__, (self.index,))


CARDS: tuple[Card, ...] = tuple(Card._make(i) for i in range(32))
"""All 32 cards by index (the canonical deck order)."""
DECK = CARDS
ALL_CARDS = (1 << 32) - 1
_BY_TEXT = {str(c): c for c in CARDS}

POINTS: tuple[int, ...] = tuple(c.points for c in CARDS)
"""Card points by index: Ace 11, Ten 10, King 4, Queen 3, Jack 2, others 0."""
SUIT_OF: tuple[int, ...] = tuple(int(c.suit) for c in CARDS)
"""The play suit (0 clubs, 1 spades, 2 hearts, 3 trump) of each card index."""
SUIT_MASK: tuple[int, ...] = tuple(
    sum(1 << c.index for c in CARDS if c.suit == s) for s in Suit)
"""Bit mask of every card of each play suit."""

# Strength used to decide tricks: trumps 101..114 (QC highest), fail cards 1..6
# within their suit.  A fail card of another suit than the one led never wins.
STRENGTH: tuple[int, ...] = tuple(
    (100 + 14 - TRUMP_ORDER.index(c.index)) if c.is_trump else _FAIL_STRENGTH[c.rank]
    for c in CARDS)


# ------------------------------------------------------------- named masks
def _mask(texts: str) -> int:
    return sum(1 << _index(t) for t in texts.split())


TRUMP_MASK = SUIT_MASK[Suit.TRUMP]
"""The fourteen trumps."""
FAIL_MASK = SUIT_MASK[Suit.CLUBS] | SUIT_MASK[Suit.SPADES] | SUIT_MASK[Suit.HEARTS]
"""The eighteen fail cards."""
FAIL_ACES: tuple[int, ...] = tuple(_index(t) for t in ("AC", "AS", "AH"))
"""The fail Aces by suit (clubs, spades, hearts): the cards a picker calls."""
FAIL_TENS: tuple[int, ...] = tuple(_index(t) for t in ("10C", "10S", "10H"))
"""The fail Tens by suit: called by a picker who holds all three fail Aces."""
FAIL_ACES_MASK = _mask("AC AS AH")
QUEENS = _mask("QC QS QH QD")
JACKS = _mask("JC JS JH JD")
BLACK_QUEENS = _mask("QC QS")
"""Shown together for a blitz (option)."""
BLACK_SEVENS = _mask("7C 7S")
"""Out of the deck four-handed."""
JACK_OF_DIAMONDS = _index("JD")
"""The partner's card under the Jack of diamonds option."""


def _beats(c: int) -> int:
    higher = sum(1 << x for x in range(32) if SUIT_OF[x] == SUIT_OF[c] and STRENGTH[x] > STRENGTH[c])
    return higher if SUIT_OF[c] == Suit.TRUMP else higher | TRUMP_MASK


BEATS: tuple[int, ...] = tuple(_beats(c) for c in range(32))
"""``BEATS[c]``: the cards that take a trick that card ``c`` is winning (it was led, or is of
the suit led, or is trump)."""


def parse_card(text: str | Card) -> Card:
    """Read a card in record notation; raise :class:`NotationError` otherwise."""
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise NotationError(f"a card must be text like 'QC', not {text!r}")
    t = text.strip()
    if t and t[-1] in SUIT_SYMBOLS:
        t = t[:-1] + SUIT_SYMBOLS[t[-1]]
    card = _BY_TEXT.get(t.upper())
    if card is None:
        raise NotationError(f"unknown card {text!r}")
    return card


def parse_cards(texts: Iterable[str | Card] | str) -> list[Card]:
    """Read several cards, from a list or from one space-separated string."""
    if isinstance(texts, str):
        texts = texts.split()
    return [parse_card(t) for t in texts]


def cards_of(mask: int) -> list[Card]:
    """The cards of a bit mask, in deck order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def indexes_of(mask: int) -> Iterator[int]:
    """The card indexes of a mask, lowest first, one at a time."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


_BYTE_BITS = tuple(tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256))
                   for k in range(4))
_B0, _B1, _B2, _B3 = _BYTE_BITS


def mask_bits(mask: int) -> list[int]:
    """The card indexes of a mask, lowest first, as a list (four table look-ups: the fast
    way for search)."""
    if mask < 256:
        return list(_B0[mask])
    return [*_B0[mask & 255], *_B1[(mask >> 8) & 255], *_B2[(mask >> 16) & 255], *_B3[mask >> 24]]


def mask_of(cards: Iterable[Card | int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << (c if isinstance(c, int) else c.index)
    return m


def card_points(cards: Iterable[Card | int] | int) -> int:
    """Card points of a mask or of an iterable of cards."""
    if isinstance(cards, int):
        return sum(POINTS[i] for i in indexes_of(cards))
    return sum(POINTS[c if isinstance(c, int) else c.index] for c in cards)


def display_order(cards: Iterable[Card]) -> list[Card]:
    """Cards sorted as a player holds them: trump high to low, then each fail suit A..7."""
    def key(c: Card) -> tuple[int, int]:
        return (0 if c.is_trump else 1 + int(c.suit), -STRENGTH[c.index])
    return sorted(cards, key=key)
