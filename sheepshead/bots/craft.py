"""The craft of the game as fast rules on bit masks: picking, burying, calling, card play.

These functions are the Standard player's judgement.  They work on plain
masks and a small :class:`Table` (what the seat to act knows about the trick
and the hand), so the same rules serve two callers:

* the Standard player, which builds its :class:`Table` from a seat's
  :class:`~sheepshead.bots.knowledge.Knowledge` (only what that seat may know);
* the Expert's playouts, which build it from a *sampled* deal, the Expert's
  own imagination (:func:`table_from_state`), where ``exact`` means each seat's
  ``possible`` cards are the cards it holds in that sample.

Rules of thumb encoded here, from the strategy tips and table practice:
the picker's side leads trump, defenders lead fail (the called suit first);
schmear Aces and Tens onto a trick a sure friend wins; never spend a high trump
on an empty trick; take a trick as cheaply as possible; throw off the least
valuable card, making voids; in a leaster shed Aces and Tens on others' tricks
and take one cheap trick to qualify.

``first=True`` (a flag of the functions, and of :class:`Table`) keeps the first Standard's
rules of 2026-12-01: the judgement of ``standard-v1``, ``standard-v2`` and Easy, and every
Expert's playout model (:mod:`.versions`).  They differ in the four-handed pick, the alone
hand (not a hand of trump only), the first lead of the called suit (not read), an announced
alone (not a sure one), taking points with the highest winner, and qualifying in a leaster.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..cards import (
    BEATS,
    FAIL_ACES_MASK,
    FAIL_MASK,
    JACK_OF_DIAMONDS,
    POINTS,
    STRENGTH,
    SUIT_MASK,
    SUIT_OF,
    TRUMP_MASK,
    TRUMP_ORDER,
    mask_bits,
)
from ..legality import WINNING
from ..legality import trick_winner as winning_position
from ..position import CallKind
from .masters import (
    cheaper_equal,
    draw_first,
    keep_master_last,
    live,
    master_trumps,
    no_ten_into_void,
    not_partner,
    spare_for_live,
)
from .picking import (
    POWER,
    best_bury,
    best_call,
    bury_ranking,
    call_ranking,
    doubles_code,
    pick_rule,
    pick_score,
    wants_to_pick,
)
from .picking import _alone_strength as _alone_strength

if TYPE_CHECKING:                       # types only: state and knowledge import nothing here
    from ..state import HandState
    from .knowledge import Knowledge

__all__ = ["Table", "POWER", "pick_score", "wants_to_pick", "bury_ranking", "best_bury",
           "call_ranking", "best_call", "play_card", "pick_rule", "doubles_code",
           "table_from_knowledge", "table_from_state"]

# ---------------------------------------------------------------- card play
class Table:
    """What the seat to act knows while playing a card (masks and seats)."""

    __slots__ = ("me", "n", "hand", "legal", "picker", "partner", "i_am_partner", "leaster",
                 "called", "called_suit", "duties", "trick", "leader", "led", "unseen",
                 "possible", "exact", "won", "my_unknown", "voids", "sure_alone", "called_first",
                 "first", "behind", "masters", "careful", "counting", "fellows")

    me: int
    n: int
    hand: int
    legal: int
    """The cards this seat may play."""
    picker: int
    partner: int
    """The partner when this seat knows it, else -1."""
    i_am_partner: bool
    leaster: bool
    called: int
    called_suit: int
    duties: bool
    """The called suit's duties hold (it has not been led)."""
    called_first: bool
    """The trick in progress is the first lead of the called suit: the partner must play the
    called card to it and the picker its hold card (or the face-down unknown card)."""
    trick: list[int]
    """The trick in progress; -1 for a card played face down."""
    leader: int
    led: int
    unseen: int
    possible: Sequence[int]
    """What each seat may hold (exactly what it holds, in an imagined deal)."""
    exact: bool
    won: Sequence[int]
    my_unknown: int
    voids: Sequence[int]
    sure_alone: bool
    first: bool
    """Play by the first Standard's rules (see the module)."""
    behind: bool
    """Before putting points on a trick it cannot surely win, look at who is still to play and
    who may be void (``standard-v4``: :func:`_overtaken`); else the lowest card that wins now."""
    masters: bool
    """Play trumps by which are masters and which are live, counted from the cards seen
    (``standard-v5``: :mod:`.masters`)."""
    careful: bool
    """The points of care a club player's read of ``standard-v5`` found missing
    (``standard-v6``: :attr:`~.versions.StandardConfig.careful`)."""
    counting: bool
    """The rules of thumb of :attr:`~.versions.StandardConfig.counting` (``standard-v7``)."""
    fellows: int
    """``counting``, a defender while the partner is unknown: the seats taken for fellow
    defenders because each has beaten the picker's winning card twice or more
    (:func:`_fellows`); else 0."""

    def __init__(self, first: bool = False, behind: bool = False, masters: bool = False,
                 careful: bool = False, counting: bool = False):
        self.sure_alone = False
        self.called_first = False
        self.first = first
        self.behind = behind and not first
        self.masters = masters and self.behind
        self.careful = careful and self.masters
        self.counting = counting and self.careful
        self.fellows = 0


def table_from_knowledge(k: Knowledge, first: bool = False, behind: bool = False,
                         masters: bool = False, careful: bool = False,
                         counting: bool = False) -> Table:
    t = Table(first, behind, masters, careful, counting)
    t.me = k.seat
    t.n = k.players
    t.hand = k.hand
    legal = 0
    for code in k.legal_codes:
        legal |= 1 << (code - 64)
    t.legal = legal
    t.picker = k.picker
    t.partner = k.partner
    t.i_am_partner = k.i_am_partner
    t.leaster = k.leaster
    t.called = k.called
    t.called_suit = k.called_suit
    t.duties = k.duties
    t.trick = k.trick
    assert k.leader is not None             # a finished trick always has a winner
    t.leader = k.leader
    t.led = k.led
    t.unseen = k.unseen
    t.possible = k.possible
    t.exact = False
    t.won = k.won
    t.my_unknown = k.unknown if (k.unknown_pending and k.picker == k.seat) else -1
    t.voids = k.voids
    if first:
        t.sure_alone = k.sure_alone
        return t
    # An announced alone counts too: every other seat is then a friend of the defenders.
    t.sure_alone = k.sure_alone or (k.alone and k.picker >= 0)
    t.called_first = k.called_first
    if t.counting and k.picker >= 0 and k.partner < 0 and not t.sure_alone \
            and k.picker != k.seat and not k.i_am_partner:
        t.fellows = _fellows(k)
    return t


def _overtakes(cards: Sequence[int], leader: int, led: int, picker: int, n: int,
               counts: list[int]) -> None:
    """Count, for each seat, the cards of one trick (-1: face down) that beat the picker's
    card while it was winning."""
    win = WINNING[led]
    best, seat = -1, -1
    for k, c in enumerate(cards):
        if c < 0:
            continue
        s = (leader + k) % n
        if win[c] > best:
            if seat == picker and s != picker:
                counts[s] += 1
            best, seat = win[c], s


def _fellows(k: Knowledge) -> int:
    """The seats a defender takes for fellow defenders while the partner is unknown: each has
    beaten the picker's winning card twice or more (this trick included) — the partner
    rarely takes a trick from the picker, let alone twice (the read of ``standard-v7``, seed
    604411, deal 11)."""
    n, picker = k.players, k.picker
    counts = [0] * n
    for trick in k.view.tricks:
        cards = [-1 if c is None else c.index for c in trick.cards]
        if cards and cards[0] >= 0:
            _overtakes(cards, trick.leader, SUIT_OF[cards[0]], picker, n, counts)
    if k.trick and k.trick[0] >= 0:
        assert k.leader is not None
        _overtakes(k.trick, k.leader, k.led, picker, n, counts)
    mask = 0
    for s in range(n):
        if counts[s] >= 2 and s != k.seat:
            mask |= 1 << s
    return mask


_NO_VOIDS = (0, 0, 0, 0, 0)


def table_from_state(state: HandState, legal: int = -1, first: bool = False, behind: bool = False,
                     masters: bool = False, careful: bool = False) -> Table:
    """A :class:`Table` for the seat to act in a (sampled) state: exact holdings (``behind``,
    ``masters``, ``careful``: those settings of :class:`~.versions.StandardConfig`, for the
    Expert's playouts by its own Standard)."""
    t = Table(first, behind, masters, careful)
    me = t.me = state.to_act
    t.n = state.players
    hands = state.hands
    t.hand = hands[me]
    t.legal = state.legal_play_mask() if legal < 0 else legal
    picker = t.picker = state.picker
    partner = state.partner
    revealed = state.partner_revealed
    t.partner = partner if (partner >= 0 and (revealed or partner == me)) else -1
    t.i_am_partner = partner == me and picker != me
    t.leaster = picker < 0
    t.called = state.called
    t.called_suit = state.called_suit
    t.duties = state.called >= 0 and not state.called_suit_led
    cards = list(state.trick_cards)
    if state.unknown_position >= 0:
        cards[state.unknown_position] = -1      # face down: it never wins
    t.trick = cards
    t.leader = state.leader
    t.led = state.led_suit
    t.possible = hands
    if t.n == 5:
        t.unseen = (hands[0] | hands[1] | hands[2] | hands[3] | hands[4]) & ~hands[me]
    else:
        u = 0
        for h in hands:
            u |= h
        t.unseen = u & ~hands[me]
    t.exact = True
    t.called_first = bool(cards) and state.called_suit_led and state.duties_open and not first
    t.won = state.won
    t.my_unknown = state.unknown if (state.unknown_pending and picker == me) else -1
    t.voids = _NO_VOIDS
    t.sure_alone = partner < 0 and picker >= 0 and state.call_kind is not None and (
        t.n == 3 or (state.call_kind is CallKind.ALONE and not first)
        or (state.partner_card == JACK_OF_DIAMONDS and (me == picker or revealed)))
    return t


def _friend(t: Table, s: int) -> int:
    """1 a sure friend, -1 a sure opponent, 0 not known yet."""
    if t.leaster:
        return -1
    me, picker = t.me, t.picker
    if t.sure_alone:
        return -1 if (me == picker or s == picker) else 1
    if me == picker:
        if t.partner >= 0:
            return 1 if s == t.partner else -1
        return -1 if not_partner(t, s) else 0
    if t.i_am_partner:
        return 1 if s == picker else -1
    if s == picker:
        return -1
    if t.partner >= 0:
        return -1 if s == t.partner else 1
    return 1 if not_partner(t, s) else 0



def _threat(t: Table, s: int, beats: int) -> bool:
    """Could seat ``s`` still beat a card whose beaters are ``beats``?"""
    held = t.possible[s]
    if t.called_first and s != t.me and (s == t.picker or (
            t.partner < 0 and t.me != t.picker and not t.i_am_partner)):
        # The picker must follow with its hold card (or the unknown card, which never wins);
        # to a defender any other seat is the partner, who must play the called card, or a
        # fellow defender.
        held &= SUIT_MASK[t.led]
    elif t.exact:
        led = t.led
        if led != 3 and held & SUIT_MASK[led]:
            held &= SUIT_MASK[led]          # must follow, so cannot trump
    return bool(held & beats)


def _sure(t: Table, card: int, later: list[int], friendly_ok: bool = True) -> bool:
    beats = BEATS[card]
    for s in later:
        if friendly_ok and _friend(t, s) == 1:
            continue
        if _threat(t, s, beats):
            return False
    return True


def play_card(t: Table) -> int:
    """The card to play (a card index) for the seat to act."""
    legal = t.legal
    if not legal & (legal - 1):
        return (legal & -legal).bit_length() - 1
    if t.my_unknown >= 0 and legal & ~(1 << t.my_unknown):
        legal &= ~(1 << t.my_unknown)           # the unknown card goes when it must
    if not t.trick:
        c = _lead_leaster(t, legal) if t.leaster else _lead(t, legal)
    else:
        c = _follow(t, legal)
    if t.careful and not t.leaster and t.hand.bit_count() == 2 and legal == t.hand:
        c = keep_master_last(t, c, trick_winner(t)[1] if t.trick else -1,
                             lambda s: _friend(t, s) == 1)
    return c



def _lowest(cards: list[int], key: Callable[[int], Any]) -> int:
    best, bv = cards[0], key(cards[0])
    for c in cards[1:]:
        v = key(c)
        if v < bv:
            best, bv = c, v
    return best


_DUMP_BASE = tuple(POINTS[c] + POWER[c] for c in range(32))


def _dump(t: Table, cards: list[int]) -> int:
    """The least valuable card to let go, shortening a fail suit to make a void."""
    hand = t.hand
    best, bv = -1, 0.0
    for c in cards:
        v: float = _DUMP_BASE[c]
        s = SUIT_OF[c]
        if s != 3:
            v += 0.3 * (hand & SUIT_MASK[s]).bit_count()
        if best < 0 or v < bv:
            best, bv = c, v
    return best


def _lead(t: Table, legal: int) -> int:
    cards = mask_bits(legal)
    me, picker = t.me, t.picker
    trumps = legal & TRUMP_MASK
    others_trumps = t.unseen & TRUMP_MASK
    if me == picker or t.i_am_partner:
        if trumps and others_trumps:
            tc = mask_bits(trumps)
            top = max(tc, key=STRENGTH.__getitem__)
            if not (others_trumps & BEATS[top]) or me == picker and top in TRUMP_ORDER[:2]:
                return top                                          # the master trump
            return min(tc, key=lambda c: (POINTS[c] >= 10, STRENGTH[c]))
        fail = legal & FAIL_MASK
        if fail:
            cs = t.called_suit if t.duties else -1
            aces = [c for c in mask_bits(fail & FAIL_ACES_MASK) if SUIT_OF[c] != cs or c == t.called]
            if aces and (not others_trumps or me == picker):
                return aces[0]
            non_called = [c for c in mask_bits(fail) if SUIT_OF[c] != cs]
            return _dump(t, non_called or mask_bits(fail))
        return _dump(t, cards)
    # A defender: lead fail, the called suit first.
    if t.careful and not legal & FAIL_MASK and t.unseen & TRUMP_MASK:
        masters = master_trumps(t, legal)
        if masters:
            return masters[0]               # only trumps left: cash the sure master first
    c = _defender_lead(t, legal, cards)
    if t.masters and SUIT_OF[c] != 3 and POINTS[c] >= 10:
        c = draw_first(t, legal, c)
    return c


def _defender_lead(t: Table, legal: int, cards: list[int]) -> int:
    picker = t.picker
    fail = legal & FAIL_MASK
    if fail:
        if t.duties and t.partner < 0:
            called_suit_cards = fail & SUIT_MASK[t.called_suit]
            if called_suit_cards:
                return _lowest(mask_bits(called_suit_cards), lambda c: (STRENGTH[c]))
        pv = t.voids[picker] if picker >= 0 else 0
        for a in mask_bits(fail & FAIL_ACES_MASK):
            s = SUIT_OF[a]
            if not (pv >> s & 1) and not (t.exact and picker >= 0 and not t.possible[picker] & SUIT_MASK[s]
                                          and t.possible[picker] & TRUMP_MASK):
                return a
        if t.masters:
            return no_ten_into_void(t, legal, fail)
        return _lowest(mask_bits(fail), lambda c: (POINTS[c], STRENGTH[c]))
    return _lowest(cards, lambda c: (POINTS[c] >= 10, STRENGTH[c]))


def _lead_leaster(t: Table, legal: int) -> int:
    cards = mask_bits(legal)
    return _lowest(cards, lambda c: (POINTS[c] >= 10, STRENGTH[c] + (0 if SUIT_OF[c] != 3 else 20)))


def trick_winner(t: Table) -> tuple[int, int, int]:
    """(winning seat, winning card or -1, card points) of the trick in progress, by the
    engine's rule (:func:`sheepshead.legality.trick_winner`); the card is -1 while no card
    played so far can win (only the face-down unknown card was led, and nobody followed)."""
    trick = t.trick
    pos, pts = winning_position(trick, t.led)
    c = trick[pos]
    best_card = c if c >= 0 and WINNING[t.led][c] > 0 else -1
    return (t.leader + pos) % t.n, best_card, pts


def _follow(t: Table, legal: int) -> int:
    n = t.n
    trick = t.trick
    led = t.led
    leader = t.leader
    winner, best_card, pts = trick_winner(t)
    later = [(leader + k) % n for k in range(len(trick) + 1, n)]
    cards = mask_bits(legal)
    beat_mask = BEATS[best_card] if best_card >= 0 else (TRUMP_MASK | SUIT_MASK[led])
    winners = [c for c in cards if beat_mask >> c & 1 and (SUIT_OF[c] == 3 or SUIT_OF[c] == led)]
    if t.leaster:
        return _follow_leaster(t, cards, winners, later, pts)
    if t.careful and t.called_first and t.unseen >> t.called & 1:
        # The called card is still to fall on this trick (its holder must play it): no card
        # of the suit that it beats can win (no Ten dropped under the called Ace).
        winners = [c for c in winners if SUIT_OF[c] == 3 or not BEATS[c] >> t.called & 1]
    c = _follow_trick(t, cards, winners, later, winner, best_card, pts)
    if t.careful and SUIT_OF[c] == 3 and POINTS[c]:
        # Points its side is not sure to take: the cheapest trump that does the same job.
        wins = best_card < 0 or bool(BEATS[best_card] >> c & 1)
        if not (_sure(t, c, later) if wins else _friend(t, winner) == 1 and _sure(t, best_card, later)):
            c = cheaper_equal(t, cards, c, best_card, wins)
    return c


def _winners_side(t: Table, winner: int, later: list[int]) -> int:
    """:func:`_friend` of the trick's winner; ``counting``, when this seat plays last, a
    seat taken for a fellow defender by its play (:attr:`Table.fellows`) counts as a friend:
    the trick is sure, and a schmear onto it (the read of ``standard-v7``, seed 604411,
    deal 11)."""
    f = _friend(t, winner)
    if f == 0 and not later and t.fellows >> winner & 1:
        return 1
    return f


def _follow_trick(t: Table, cards: list[int], winners: list[int], later: list[int], winner: int,
                  best_card: int, pts: int) -> int:
    f = _winners_side(t, winner, later)
    if t.called_first and t.unseen >> t.called & 1:
        pts += POINTS[t.called]             # the called card is still to fall on this trick
    if f == 1 and _sure(t, best_card, later):
        # Schmear: the most points, keeping trump power.
        c = max(cards, key=lambda c: POINTS[c] - 0.6 * POWER[c])
        if t.counting and SUIT_OF[c] != 3 and POINTS[c] == 10 and t.legal >> (c + 4) & 1:
            c += 4                          # the Ace of that suit on the sure trick; the Ten kept
        return c
    if winners:
        sure = [c for c in winners if _sure(t, c, later)] if later else winners
        if sure:
            c = _lowest(sure, lambda c: POWER[c] - POINTS[c])
            worth = pts + POINTS[c]
            if f == 1:
                if pts >= 10 and POWER[c] < 28:
                    return c
                if t.masters and (best_card < 0 or _overtaken(t, best_card, later)) and (
                        pts >= 10 or POINTS[_dump(t, [x for x in cards if x not in winners] or cards)] >= 10):
                    # A friend's trick that an opponent may still take: made safe with a sure
                    # winner rather than left with points on it, or an Ace or Ten thrown on.
                    # (Not onto an opponent's empty trick to save an Ace: measured, that lost.)
                    return c
            elif worth >= 5 or POWER[c] < 20 or (not later and worth >= 3):
                return c
        elif f != 1 and pts >= 10 and not t.first:
            # Points at stake: take them with the lowest card that wins now (those after often
            # must follow suit), keeping the top trumps for control.
            return _take_fat(t, winners, later) if t.behind else min(winners, key=STRENGTH.__getitem__)
        elif f != 1 and pts >= 10:
            top = max(winners, key=STRENGTH.__getitem__)
            if POWER[top] >= 16 or not later:
                return top
    losers = [c for c in cards if c not in winners]
    if not losers:
        return _dump_behind(t, cards, later) if t.behind else _dump(t, cards)
    c = _dump(t, losers)
    if t.masters and f != 1 and not winners and live(t, c):
        spare = spare_for_live(t, losers, c)
        if spare:
            c = _dump(t, spare)
    if t.careful and f != 1 and not winners and SUIT_OF[c] == 3 and POINTS[c] >= 10:
        # Not the Ace or Ten of trump onto an opponent's trick while a card of four points or
        # fewer that is no live trump can go instead.
        spare = [x for x in losers if POINTS[x] <= 4 and not live(t, x)]
        if spare:
            c = _dump(t, spare)
    if POINTS[c] >= 10 and (f != 1 or t.careful and best_card >= 0 and _overtaken(t, best_card, later)):
        # Rather than hand an Ace or Ten over (``careful``: onto a friend's trick too, while a
        # seat after that is not a sure friend is likely to take it), take the trick with a
        # trump below the Queens (``behind``: one no seat after is likely to beat, a Queen if
        # it must; ``careful``: at the end of the hand a Queen too, to save a pointed trump
        # that will win nothing).
        cheap = [w for w in winners if POWER[w] < 28 or (
            t.careful and SUIT_OF[c] == 3 and not live(t, c) and t.hand.bit_count() <= 3) or (
            t.counting and f == -1 and SUIT_OF[c] == 3 and POINTS[w] <= 3)]
        if t.behind and cheap:
            safe = [w for w in winners if not _overtaken(t, w, later)]
            cheap = [w for w in cheap if w in safe] or safe or cheap
        if cheap:
            return _lowest(cheap, lambda w: POWER[w] - POINTS[w])
    return c


def _may_be_void(t: Table, s: int, n_later: int) -> bool:
    """Could seat ``s`` be out of the led fail suit (so trump it)?  Shown void, or so few of
    the suit unseen that a seat still to play is likely out of it."""
    suit = SUIT_MASK[t.led]
    return not t.possible[s] & suit or (t.unseen & suit).bit_count() <= n_later


def _overtaken(t: Table, card: int, later: list[int]) -> bool:
    """Could a seat still to play that is not a sure friend beat ``card``: by following the
    led suit higher, or by trumping when it may be void in it (:func:`_may_be_void`)?"""
    beats = BEATS[card]
    led = t.led
    for s in later:
        if _friend(t, s) == 1:
            continue
        held = t.possible[s] & beats
        if held & SUIT_MASK[led] or (held & TRUMP_MASK and _may_be_void(t, s, len(later))):
            return True
    return False


def _take_fat(t: Table, winners: list[int], later: list[int]) -> int:
    """Points at stake and no sure winner (``behind``): the lowest winner no seat after is
    likely to beat; else a Jack or better, not a low trump a likely void will beat."""
    safe = [c for c in winners if not _overtaken(t, c, later)]
    if safe:
        return min(safe, key=STRENGTH.__getitem__)
    high = [c for c in winners if POWER[c] >= 16]
    return min(high or winners, key=STRENGTH.__getitem__)


def _dump_behind(t: Table, cards: list[int], later: list[int]) -> int:
    """Every card wins for now, none surely (``behind``): not an Ace or Ten of trump that a
    seat after may beat while a card without points would do."""
    c = _dump(t, cards)
    if POINTS[c] < 10 or not _overtaken(t, c, later):
        return c
    safe = [w for w in cards if not _overtaken(t, w, later)]
    if safe:
        return min(safe, key=STRENGTH.__getitem__)
    lean = [w for w in cards if POINTS[w] < 10]
    return _dump(t, lean) if lean else c


def _follow_leaster(t: Table, cards: list[int], winners: list[int], later: list[int], pts: int) -> int:
    qualified = t.won[t.me] > 0
    losers = [c for c in cards if c not in winners]
    if t.counting and not qualified and winners and pts <= 4 and t.hand.bit_count() == 2:
        # No trick yet and two cards left: take this cheap one with the winner fewest unseen
        # cards beat, rather than wait for the last trick (the heaviest, with the blind).
        return _lowest(winners, lambda c: ((BEATS[c] & t.unseen).bit_count(), POINTS[c]))
    if t.first and not qualified and winners and not later and pts <= 4:
        return _lowest(winners, lambda c: (POINTS[c], -STRENGTH[c]))
    if t.counting and not qualified and not later and pts > 4 and losers and len(losers) < len(
            cards) and max(POINTS[c] for c in losers) >= 10 and (t.hand & TRUMP_MASK).bit_count() >= 3:
        # Last to play with points on the trick, a Ten or Ace to shed and three trumps to take
        # the one trick later: the heavy card goes onto another's trick (the read of
        # ``standard-v7``, seed 604411, deal 1), not 10 points onto this seat's own pile.
        return max(losers, key=lambda c: (POINTS[c], STRENGTH[c]))
    if not t.first and not qualified and winners and (pts <= 4 or (not later and pts <= 11)):
        # Qualify with a cheap trick that no one after can take, shedding a high card.
        sure = [c for c in winners if _sure(t, c, later)] if later else winners
        if t.careful and later and losers and t.hand.bit_count() > 2:
            # A master trump wins whenever it likes: it waits for a trick where it plays
            # last or for the end, rather than take one the seats after can load with points.
            sure = [c for c in sure if SUIT_OF[c] != 3 or t.unseen & TRUMP_MASK & BEATS[c]]
        if sure:
            return _lowest(sure, lambda c: (POINTS[c], -STRENGTH[c] - (20 if SUIT_OF[c] == 3 else 0)))
    if losers:
        return max(losers, key=lambda c: (POINTS[c], STRENGTH[c] + (20 if SUIT_OF[c] == 3 else 0)))
    # Every card wins for now: take it as cheaply as possible, or hope to be overtaken.
    if later:
        return _lowest(cards, lambda c: (POINTS[c], STRENGTH[c]))
    return _lowest(cards, lambda c: (POINTS[c], -STRENGTH[c]))
