"""The guided practice hand: a fixed deal and a short tip at each of your decisions.

Pure Python, no ``js``. :func:`tip` reads only your :class:`~sheepshead.view.SeatView`
(never a hidden card, and no memory), so the page can ask it at any moment: it names what
the decision in front of you is about (one of :data:`TOPICS`) and says it in one or two
short sentences.

The deal is hand 1 of :data:`PRACTICE_SEED` under the default table, against computer players
of :data:`PRACTICE_LEVEL`. Under the default table you sit left of hand 1's dealer, so you
are first to decide on the blind and you lead the first trick. The seed was found by
:func:`teaches` over ``game:%016x`` seeds from 0 upwards, with the Standard of that day
(``standard-v2``): it is the sixth seed found, the first whose bury voids a suit with points
(10♠ K♠), and ``tests/test_ui_tutorial.py`` repeats the search, and checks that the deal
still teaches every topic with the newest Standard (the word ``standard``). You hold a hand
worth picking (five or more trump, two of them Queens), and when you play it as the Standard
player would, every topic comes up
at one of your decisions (pick, bury, call an Ace, the first lead with the trump order, a
later lead, a trick where you must follow suit, a trick your side is sure to win where you
add points) and your side wins the count at the end. The practice never touches the Daily:
it is a New Game seed, and the page keeps it out of the Daily's saves and results.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...actions import Action, Kind
from ...bots import make_player
from ...bots.seating import computer_choice
from ...cards import BEATS, CARDS, SUIT_NAMES, TRUMP_ORDER, Card, Suit, mask_of
from ...position import Phase
from ...rules import DEFAULT_RULES
from ...state import HandState
from ...trickinfo import TOTAL_POINTS, points_so_far, winning_now
from ...view import SeatView
from ..look.markup import short
from ..look.wording import HUMAN, NAMES

__all__ = ["PRACTICE_SEED", "PRACTICE_LEVEL", "PRACTICE_HAND", "TOPICS", "Tip", "tip",
           "TRUMP_LINE", "practice_hand", "play_practice", "teaches"]

PRACTICE_SEED = "game:0000000000000fbb"
"""The practice deal's game (hand :data:`PRACTICE_HAND` of it); see the module docstring.
You hold Q♣ Q♦ A♦ 9♦ 8♦ K♠ and pick; the Standard player buries 10♠ K♠ (14 points, void in
spades), calls the Ace of clubs (Gus), leads Q♣ and trump, follows clubs on trick 3,
schmears A♦ on Gus's trick 4, and the picker's side takes 110."""
PRACTICE_HAND = 1
PRACTICE_LEVEL = "standard"
"""The computer players of the practice hand. Standard rather than Easy: they play as real
players do (the picker leads trump, a partner schmears its picker), so the hand shows by
example what the tips say, and the deal is chosen so that your side wins when you play well."""
TOPICS = ("trump", "pick", "bury", "call", "lead", "follow", "schmear", "count")
WIN = 61
"""Points the picker's side needs."""

TRUMP_LINE = ("Trump, high to low: " + " ".join(short(CARDS[c]) for c in TRUMP_ORDER[:4]) + ", "
              + " ".join(short(CARDS[c]) for c in TRUMP_ORDER[4:8]) + ", "
              + " ".join(short(CARDS[c]) for c in TRUMP_ORDER[8:]) + ".")
"""``Trump, high to low: Q♣ Q♠ Q♥ Q♦, J♣ J♠ J♥ J♦, A♦ 10♦ K♦ 9♦ 8♦ 7♦.``"""


@dataclass(frozen=True)
class Tip:
    """A tip for the decision in front of you."""

    topic: str
    """One of :data:`TOPICS`."""
    title: str
    text: str
    """One or two short sentences."""


def _suit_name(suit: Suit) -> str:
    return "trump" if suit is Suit.TRUMP else SUIT_NAMES["CSH"[suit]]


def _trumps(view: SeatView) -> list[Card]:
    return [c for c in view.hand if c.is_trump]


# ------------------------------------------------------------- before play
def _pick_tip(view: SeatView) -> Tip:
    trumps = _trumps(view)
    high = sum(1 for c in trumps if c.rank in ("Q", "J"))
    count = f"You hold {len(trumps)} of the 14 trump, {high} of them Queens or Jacks"
    if len(trumps) >= 5 or (len(trumps) >= 4 and high >= 3):
        advice = "a hand to pick with"
    elif len(trumps) >= 4:
        advice = "a close call"
    else:
        advice = "better to pass"
    return Tip("pick", "Pick or pass?",
               f"Trump: every Queen, Jack and diamond. {count}: {advice} — the picker "
               f"and a partner need {WIN} of the {TOTAL_POINTS} points.")


_BURY = Tip("bury", "Bury two cards",
            "The two cards you bury count for you at the end, so bury points (a fail Ten or "
            "King) and keep your trump. Burying all of a short fail suit leaves you void, "
            "free to trump it.")
_CALL = Tip("call", "Call a partner",
            "Call an Ace you do not hold: whoever has it is your secret partner. Keep a card "
            "of its suit (the hold card): you play it when that suit is first led.")


# ----------------------------------------------------------------- play
def _lead_tip(view: SeatView, side: object) -> Tip:
    if not view.tricks:
        return Tip("trump", "Trump", f"{TRUMP_LINE} Queens and Jacks are always trump; any trump "
                   "beats any clubs, spades or hearts.")
    if view.picker is None:
        return Tip("lead", "Your lead",
                   "In a leaster the fewest points wins: lead a low card and keep out of tricks.")
    if side is not None and side == points_so_far(view).side_of[view.picker]:
        return Tip("lead", "Your lead",
                   "On the picker's side, lead trump: it draws out the defenders' trump so "
                   "your Aces and Tens are safe later.")
    return Tip("lead", "Your lead",
               "As a defender, lead a fail suit, the called suit first: it brings out the "
               "partner, and the picker may have to trump it.")


def _led_suit(view: SeatView) -> Suit | None:
    trick = view.trick
    if trick is None or not trick.cards:
        return None
    first = trick.cards[0]
    if first is None or first is view.unknown:      # the unknown card leads the called suit
        return view.called.suit if view.called is not None else None
    return first.suit


def _sure_to_win(view: SeatView, winner: int, card: Card, sides: tuple[object, ...]) -> bool:
    """No seat still to play after you can take the trick from ``card``: they are on your side,
    or no card you cannot see beats it."""
    trick = view.trick
    assert trick is not None
    n = view.players
    after = [(view.seat + k) % n for k in range(1, n - len(trick.cards))]
    if all(sides[s] is not None and sides[s] == sides[view.seat] for s in after):
        return True
    seen = mask_of(view.hand) | mask_of(view.played_cards())
    for extra in (view.blind, view.bury, (view.unknown,) if view.unknown else None):
        if extra:
            seen |= mask_of(extra)
    return not BEATS[card.index] & ~seen


def _play_tip(view: SeatView) -> Tip | None:
    p = points_so_far(view)
    me = view.seat
    side = p.side_of[me]
    led = _led_suit(view)
    if led is None:
        return _lead_tip(view, side)
    plays = [a.card for a in view.legal if a.kind is Kind.PLAY]
    now = winning_now(view)
    if now is not None and side is not None and not view.leaster:
        winner, card = now
        rich = sorted((c for c in plays if c.points >= 10), key=lambda c: (c.is_trump, -c.points))
        if (winner != me and p.side_of[winner] == side and rich
                and _sure_to_win(view, winner, card, p.side_of)):
            return Tip("schmear", "Schmear!",
                       f"{NAMES[winner]} is winning with {short(card)} and your side is sure "
                       f"to take this trick: schmear — give it points, like {short(rich[0])}.")
    name = _suit_name(led)
    if plays and all(c.suit is led for c in plays):
        if led is Suit.TRUMP:
            return Tip("follow", "Follow suit",
                       "Trump was led and you hold trump: you must play one. Play high to "
                       "take the trick, low to save your strong trump.")
        return Tip("follow", "Follow suit",
                   f"{name.capitalize()} were led and you hold {name}: you must play one, "
                   "not a trump. Play high to take the trick, low to give little.")
    if not any(c.suit is led for c in view.hand):
        how = ("In a leaster, get rid of a high card you do not want to win with."
               if view.leaster else
               "A trump takes the trick unless a higher trump comes; a low fail card gives "
               "little away.")
        return Tip("follow", "You cannot follow", f"You hold no {name}: play any card. {how}")
    return Tip("follow", "Follow suit", f"{name.capitalize()} led: follow suit if you can.")


def _count_tip(view: SeatView) -> Tip | None:
    result = view.result
    assert result is not None
    if result.thrown_in:
        return None
    if result.leaster or result.side_points is None:
        return Tip("count", "Counting",
                   "No one picked, so this was a leaster: whoever took the fewest points "
                   "(but at least one trick) wins.")
    side, defenders = result.side_points
    outcome = "the picker's side wins" if side >= WIN else "the defenders win"
    return Tip("count", "Counting to 61",
               f"The picker's side needs {WIN} of the {TOTAL_POINTS} points (the bury counts "
               f"for it). It took {side}, the defenders {defenders}: {outcome}.")


def tip(view: SeatView) -> Tip | None:
    """The tip for your situation in ``view``: at the end of the hand, the count; on your turn,
    what the decision is about; else None. Reads only ``view``."""
    if view.is_over:
        return _count_tip(view)
    if not view.my_turn:
        return None
    phase = view.phase
    if phase is Phase.PICK:
        return _pick_tip(view)
    if phase is Phase.BURY:
        return _BURY
    if phase is Phase.CALL:
        return _CALL
    if phase is Phase.PLAY:
        return _play_tip(view)
    return None


# ------------------------------------------------------ the practice deal
def practice_hand(seed: str = PRACTICE_SEED) -> HandState:
    """The practice hand, dealt."""
    return HandState.from_seed(seed, PRACTICE_HAND, DEFAULT_RULES)


Chooser = Callable[[SeatView], Action]


def play_practice(you: Chooser, seed: str = PRACTICE_SEED, level: str = PRACTICE_LEVEL
                  ) -> tuple[HandState, list[Tip | None]]:
    """Play the practice hand to the end, you choosing with ``you`` and the others as the
    table's computer players of ``level``: (the finished hand, the tip at each of your
    decisions and at the end)."""
    state = practice_hand(seed)
    tips: list[Tip | None] = []
    while not state.is_over:
        seat = state.to_act
        view = state.view(seat)
        if seat == HUMAN:
            tips.append(tip(view))
            action = you(view)
        else:
            action = computer_choice(level, seed, PRACTICE_HAND, 0, view, len(state.history))
        state.apply(action)
    tips.append(tip(state.view(HUMAN)))
    return state, tips


def teaches(seed: str, level: str = PRACTICE_LEVEL) -> bool:
    """The search's rule for a practice deal: you hold five or more trump with two Queens and
    the Standard player in your seat picks, buries, calls an Ace (not alone, no unknown card);
    every topic comes up at your decisions; and the picker's side wins."""
    state = practice_hand(seed)
    hand = state.view(HUMAN).hand
    if sum(c.is_trump for c in hand) < 5 or sum(c.rank == "Q" for c in hand) < 2:
        return False
    standard = make_player("standard" if level in ("easy", "standard") else level, 0)
    state, tips = play_practice(standard.choose, seed, level)
    result = state.view(HUMAN).result
    if result is None or result.picker != 0 or result.alone or result.side_points is None:
        return False
    calls = [p.action for p in state.view(HUMAN).history if p.kind is Kind.CALL]
    if len(calls) != 1 or calls[0] is None or calls[0].card.rank != "A" or calls[0].unknown:
        return False
    seen = {t.topic for t in tips if t is not None}
    return seen == set(TOPICS) and result.side_points[0] >= WIN
