"""A deliberately naive second implementation of the default table, for the tests.

Written straight from ``shared/rules/README.md`` and independently of ``sheepshead/``
(it imports nothing from the engine): cards are plain strings such as ``"QC"``,
suits are found by looking a card up in rank lists, hands are Python lists, and
the scoring table is the README's table typed in as data.  It is slow and simple
on purpose; the golden files' ``expect`` values and the differential tests check
the engine against it.

Only the standard library: the file is also used by the tests that run in Pyodide.
"""

from __future__ import annotations

from itertools import combinations

PLAYERS = 5
HAND_SIZE = 6

# The README, point 5 and the cards' order: trump highest first, fail suits highest first.
TRUMP_HIGH_TO_LOW = ["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD",
                     "AD", "10D", "KD", "9D", "8D", "7D"]
FAIL_HIGH_TO_LOW = ["A", "10", "K", "9", "8", "7"]
FAIL_SUITS = ["C", "S", "H"]
CARD_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
SYMBOLS = {"♣": "C", "♠": "S", "♥": "H", "♦": "D"}

# Deck order of deals.md: suits C S H D, ranks 7 8 9 10 J Q K A.
DECK = [r + s for s in "CSHD" for r in ["7", "8", "9", "10", "J", "Q", "K", "A"]]

# The README's scoring table, row by row:
#   (picker, partner, each defender, picker alone, defender vs alone)
SCORE_TABLE = {
    "took every trick": (6, 3, -3, 12, -3),
    "91-120": (4, 2, -2, 8, -2),
    "61-90": (2, 1, -1, 4, -1),
    "31-60": (-4, -2, 2, -8, 2),
    "0-30 with a trick": (-8, -4, 4, -16, 4),
    "took no trick": (-12, -6, 6, -24, 6),
}


class ReferenceError_(Exception):
    """The reference refuses an action (it is not legal by the README)."""


# ------------------------------------------------------------------ cards

def norm(card: str) -> str:
    card = card.strip()
    if card and card[-1] in SYMBOLS:
        card = card[:-1] + SYMBOLS[card[-1]]
    card = card.upper()
    if card not in DECK:
        raise ReferenceError_(f"not a card: {card!r}")
    return card


def rank(card: str) -> str:
    return card[:-1]


def suit(card: str) -> str:
    """'T' for trump (every Queen, Jack and diamond), else the fail suit letter."""
    if card in TRUMP_HIGH_TO_LOW:
        return "T"
    return card[-1]


def points(card: str) -> int:
    return CARD_POINTS[rank(card)]


def total_points(cards) -> int:
    return sum(points(c) for c in cards)


def beats(a: str, b: str, led: str) -> bool:
    """True when card ``a`` beats card ``b`` in a trick whose led suit is ``led``."""
    if suit(a) == "T" and suit(b) == "T":
        return TRUMP_HIGH_TO_LOW.index(a) < TRUMP_HIGH_TO_LOW.index(b)
    if suit(a) == "T":
        return True
    if suit(b) == "T":
        return False
    if suit(a) == led and suit(b) == led:
        return FAIL_HIGH_TO_LOW.index(rank(a)) < FAIL_HIGH_TO_LOW.index(rank(b))
    return suit(a) == led and suit(b) != led


def trick_winner_position(cards: list[str], led: str, face_down: int | None = None) -> int:
    """Position (0-based, play order) of the card that wins; ``face_down`` never wins."""
    best = None
    for position, card in enumerate(cards):
        if position == face_down:
            continue
        if suit(card) != "T" and suit(card) != led:
            continue
        if best is None or beats(card, cards[best], led):
            best = position
    if best is None:
        raise ReferenceError_("no card in the trick can win it")
    return best


def deck_sorted(cards) -> list[str]:
    return sorted(cards, key=DECK.index)


# ------------------------------------------------------------------ calls

def call_options(hand: list[str], buried: list[str]) -> list[str]:
    """The README's point 4 for a picker holding ``hand`` after burying ``buried``:
    action texts, ``alone`` last (it is always allowed)."""
    owned = set(hand) | set(buried)
    suits_in_hand = {suit(c) for c in hand}
    out = []
    aces = [f"A{s}" for s in FAIL_SUITS if s in suits_in_hand and f"A{s}" not in owned]
    out += [f"call {a}" for a in aces]
    if all(f"A{s}" in owned for s in FAIL_SUITS):
        out += [f"call 10{s}" for s in FAIL_SUITS
                if f"10{s}" not in owned and s in suits_in_hand]
    other_fail = [c for c in hand if suit(c) != "T" and rank(c) != "A"]
    if not aces and not other_fail:
        for s in FAIL_SUITS:
            if s not in suits_in_hand and f"A{s}" not in owned:
                out += [f"call A{s} unknown {u}" for u in hand]
    out.append("alone")
    return out


# ------------------------------------------------------------------ a hand

class RefHand:
    """One hand played by the README. ``apply`` refuses what the README forbids."""

    def __init__(self, hands, blind, dealer):
        self.hands = [[norm(c) for c in h] for h in hands]
        self.dealt = [list(h) for h in self.hands]
        self.blind = [norm(c) for c in blind]
        self.dealer = dealer
        self.turn = (dealer + 1) % PLAYERS
        self.stage = "pick"
        self.passed = 0
        self.picker = None
        self.partner = None
        self.called = None
        self.alone = False
        self.buried = []
        self.unknown = None          # the face-down card, while the picker still holds it
        self.unknown_card = None     # the face-down card, forever
        self.called_led = False      # the called suit has been led (in a finished trick)
        self.trick = []              # [(seat, card)]
        self.face_down_at = None     # position of the unknown card in the trick
        self.tricks = []             # dicts: leader, cards, winner, points
        self.taken = [0] * PLAYERS   # card points of tricks won
        self.won = [0] * PLAYERS     # tricks won

    # -- rules of play
    def leaster(self) -> bool:
        return self.picker is None and self.stage in ("play", "over")

    def duties(self) -> bool:
        return self.called is not None and not self.called_led

    def led_suit(self):
        if not self.trick:
            return None
        if self.face_down_at == 0:
            return suit(self.called)
        return suit(self.trick[0][1])

    def legal(self) -> list[str]:
        if self.stage == "pick":
            return ["pick", "pass"]
        if self.stage == "bury":
            return ["bury " + " ".join(deck_sorted(pair))
                    for pair in combinations(self.hands[self.picker], 2)]
        if self.stage == "call":
            return call_options(self.hands[self.picker], self.buried)
        if self.stage == "over":
            return []
        return ["play " + c for c in deck_sorted(self.playable(self.turn))]

    def playable(self, seat: int) -> list[str]:
        hand = list(self.hands[seat])
        has_unknown = seat == self.picker and self.unknown is not None
        called_suit = suit(self.called) if self.called else None
        if not self.trick:
            options = hand + ([self.unknown] if has_unknown else [])
            if self.duties() and self.called in hand:
                # the partner leads the called suit only with the called card
                options = [c for c in options if suit(c) != called_suit or c == self.called]
            return options
        led = self.led_suit()
        if self.duties() and led == called_suit:
            if self.called in hand:
                return [self.called]
            if has_unknown:
                return [self.unknown]
        same = [c for c in hand if suit(c) == led]
        if same:
            return same
        if not hand:
            return [self.unknown] if has_unknown else []
        options = list(hand)
        if self.duties() and len(hand) > 1:
            if self.called in hand:
                options.remove(self.called)
            if seat == self.picker:
                keep = [c for c in hand if suit(c) == called_suit]
                if len(keep) == 1:
                    options.remove(keep[0])
        return options

    # -- applying actions
    def apply(self, text: str) -> None:
        words = text.split()
        word = words[0].lower() if words else ""
        cards = [norm(w) for w in words[1:] if w.lower() != "unknown"]
        canon = " ".join([word] + cards)
        if word == "call" and len(words) == 4:
            canon = f"call {cards[0]} unknown {cards[1]}"
        if word == "bury":
            canon = "bury " + " ".join(deck_sorted(cards))
        if canon not in self.legal():
            raise ReferenceError_(f"not legal: {text!r}")
        if word == "pass":
            self.passed += 1
            self.turn = (self.turn + 1) % PLAYERS
            if self.passed == PLAYERS:
                self.stage = "play"
                self.turn = (self.dealer + 1) % PLAYERS
        elif word == "pick":
            self.picker = self.turn
            self.hands[self.turn] += self.blind
            self.stage = "bury"
        elif word == "bury":
            for c in cards:
                self.hands[self.picker].remove(c)
            self.buried = cards
            self.stage = "call"
        elif word == "alone":
            self.alone = True
            self.stage = "play"
            self.turn = (self.dealer + 1) % PLAYERS
        elif word == "call":
            self.called = cards[0]
            if len(cards) == 2:
                self.unknown = self.unknown_card = cards[1]
                self.hands[self.picker].remove(cards[1])
            self.partner = next(s for s in range(PLAYERS) if self.called in self.hands[s])
            self.stage = "play"
            self.turn = (self.dealer + 1) % PLAYERS
        else:
            self._play(cards[0])

    def _play(self, card: str) -> None:
        seat = self.turn
        if seat == self.picker and card == self.unknown:
            self.face_down_at = len(self.trick)
            self.unknown = None
        else:
            self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < PLAYERS:
            self.turn = (seat + 1) % PLAYERS
            return
        cards = [c for _, c in self.trick]
        led = self.led_suit()
        winner = self.trick[trick_winner_position(cards, led, self.face_down_at)][0]
        pts = total_points(cards)
        self.tricks.append({"leader": self.trick[0][0], "cards": cards,
                            "winner": winner, "points": pts})
        self.taken[winner] += pts
        self.won[winner] += 1
        if self.called is not None and led == suit(self.called):
            self.called_led = True
        self.trick = []
        self.face_down_at = None
        self.turn = winner
        if len(self.tricks) == HAND_SIZE:
            self.stage = "over"

    # -- the outcome
    def outcome(self) -> dict:
        assert self.stage == "over"
        if self.picker is None:
            scores = leaster_scores(self.taken, self.won)
            return {"picker": None, "partner": None, "called": None, "alone": False,
                    "leaster": True, "tricks": self.tricks, "points": list(self.taken),
                    "side_points": None, "scores": scores}
        pts = list(self.taken)
        pts[self.picker] += total_points(self.buried)
        side = [self.picker] + ([self.partner] if self.partner is not None else [])
        side_points = sum(pts[s] for s in side)
        side_tricks = sum(self.won[s] for s in side)
        scores = table_scores(self.picker, self.partner, side_points, side_tricks)
        return {"picker": self.picker, "partner": self.partner, "called": self.called,
                "alone": self.alone, "leaster": False, "tricks": self.tricks,
                "points": pts,
                "side_points": {"picker": side_points, "defenders": 120 - side_points},
                "scores": scores}


def table_row(side_points: int, side_tricks: int) -> str:
    if side_tricks == HAND_SIZE:
        return "took every trick"
    if side_tricks == 0:
        return "took no trick"
    if 91 <= side_points <= 120:
        return "91-120"
    if 61 <= side_points <= 90:
        return "61-90"
    if 31 <= side_points <= 60:
        return "31-60"
    return "0-30 with a trick"


def table_scores(picker: int, partner, side_points: int, side_tricks: int) -> list[int]:
    p, mate, defender, alone, defender_alone = SCORE_TABLE[table_row(side_points, side_tricks)]
    scores = []
    for seat in range(PLAYERS):
        if seat == picker:
            scores.append(alone if partner is None else p)
        elif seat == partner:
            scores.append(mate)
        else:
            scores.append(defender_alone if partner is None else defender)
    return scores


def leaster_scores(taken: list[int], won: list[int]) -> list[int]:
    """README point 9: fewest card points among players with a trick wins +4, others -1."""
    candidates = [s for s in range(PLAYERS) if won[s] >= 1]
    fewest = min(taken[s] for s in candidates)
    lowest = [s for s in candidates if taken[s] == fewest]
    if len(lowest) > 1:
        return [0] * PLAYERS
    return [4 if s == lowest[0] else -1 for s in range(PLAYERS)]


def dealer_of(hand_number: int) -> int:
    return (hand_number + PLAYERS - 2) % PLAYERS


def play_record(hands, blind, dealer, actions) -> RefHand:
    h = RefHand(hands, blind, dealer)
    for a in actions:
        h.apply(a)
    return h


# ------------------------------------------------------------------ deals (deals.md)

def shuffle(key: str) -> list[str]:
    """deals.md's shuffle, written out plainly: SHA-256 blocks -> 32-bit words -> Fisher-Yates."""
    import hashlib

    words = []
    block = 0

    def next_word() -> int:
        nonlocal block
        if not words:
            digest = hashlib.sha256(f"{key}:{block}".encode()).digest()
            block += 1
            for k in range(8):
                words.append(int.from_bytes(digest[4 * k:4 * k + 4], "big"))
        return words.pop(0)

    deck = list(DECK)
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        limit = 2 ** 32 - (2 ** 32 % n)
        u = next_word()
        while u >= limit:
            u = next_word()
        j = u % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_hand(seed: str, hand_number: int, redeal: int = 0):
    """(hands, blind, dealer) of a five-handed seeded hand."""
    deck = shuffle(f"{seed}:{hand_number}:{redeal}")
    dealer = dealer_of(hand_number)
    order = [(dealer + k) % PLAYERS for k in range(1, PLAYERS + 1)]
    hands = [[] for _ in range(PLAYERS)]
    for seat in order:
        hands[seat] += deck[:3]
        deck = deck[3:]
    blind, deck = deck[:2], deck[2:]
    for seat in order:
        hands[seat] += deck[:3]
        deck = deck[3:]
    assert not deck
    return hands, blind, dealer


def play_golden(record: dict) -> RefHand:
    """Replay a golden record (deal given in full, or seed + hand) with the reference."""
    if "deal" in record:
        hands, blind, dealer = record["deal"]["hands"], record["deal"]["blind"], record["dealer"]
    else:
        hands, blind, dealer = deal_hand(record["seed"], record["hand"], record.get("redeal", 0))
    return play_record(hands, blind, dealer, record.get("actions", []))
