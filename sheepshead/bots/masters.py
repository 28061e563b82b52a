"""Masters and live trumps, counted from the cards seen: ``standard-v5``'s trump play (and
``standard-v6``'s cheaper equal trump).

A *master* is a trump that no unseen card beats; a *live* trump one that at most one unseen
trump beats (it may still win a later trick).  These are the rules :mod:`.craft` applies when
its :class:`~.craft.Table` has ``masters`` set (:attr:`~.versions.StandardConfig.masters`,
issue 39): no fail Ten or Ace led into a void an opponent has shown, the master trumps before
the points when they draw every trump out, a live trump kept off an opponent's trick.  Each
works on the seat's own view (its ``unseen``, ``possible`` and ``voids``) only.  Two more of
``standard-v6``'s points of care live here too: the two-card ending (:func:`keep_master_last`)
and who cannot be the partner on the called suit's first lead (:func:`not_partner`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ..cards import BEATS, POINTS, STRENGTH, SUIT_OF, TRUMP_MASK, mask_bits


class Table(Protocol):
    """What these rules read of :class:`~.craft.Table` (which imports this module)."""

    me: int
    n: int
    hand: int
    picker: int
    partner: int
    called: int
    called_first: bool
    careful: bool
    trick: list[int]
    leader: int
    led: int
    unseen: int
    possible: Sequence[int]
    voids: Sequence[int]

__all__ = ["trumping_opponents", "no_ten_into_void", "master_trumps", "draw_first", "live",
           "spare_for_live", "cheaper_equal", "keep_master_last", "not_partner"]


def trumping_opponents(t: Table, suit: int) -> bool:
    """Has an opponent of this defender (the picker, the partner once known) shown void in
    ``suit`` while it may still hold a trump (so would trump a card led there)?"""
    for s in (t.picker, t.partner):
        if s >= 0 and s != t.me and t.voids[s] >> suit & 1 and t.possible[s] & TRUMP_MASK:
            return True
    return False


def no_ten_into_void(t: Table, legal: int, fail: int) -> int:
    """A defender's fail lead: the cheapest fail card, but no Ten or Ace into a suit an
    opponent has shown void in while it may hold trump; a low trump rather than that."""
    def key(c: int) -> tuple[bool, int, int]:
        return (POINTS[c] >= 10 and trumping_opponents(t, SUIT_OF[c]), POINTS[c], STRENGTH[c])
    c = min(mask_bits(fail), key=key)
    if key(c)[0] and legal & TRUMP_MASK:
        return min(mask_bits(legal & TRUMP_MASK), key=lambda w: (POINTS[w] >= 10, STRENGTH[w]))
    return c


def master_trumps(t: Table, mask: int) -> list[int]:
    """The trumps of ``mask`` that no unseen card beats, counting down: the top one, then the
    next once the top one is played, …"""
    out = []
    unseen = t.unseen & TRUMP_MASK
    for c in sorted(mask_bits(mask & TRUMP_MASK), key=STRENGTH.__getitem__, reverse=True):
        if unseen & BEATS[c]:
            break
        out.append(c)
    return out


def draw_first(t: Table, legal: int, lead: int) -> int:
    """A defender about to lead a fail Ace or Ten (``lead``) while trumps are out: its master
    trumps first when they are enough to draw every trump unseen, so the picker's last trump
    cannot take the points."""
    out = t.unseen & TRUMP_MASK
    if not out or t.picker < 0 or not t.possible[t.picker] & TRUMP_MASK:
        return lead
    masters = master_trumps(t, legal)
    if masters and out.bit_count() <= len(masters):
        return masters[0]
    return lead


def live(t: Table, c: int) -> bool:
    """A trump that may still win a later trick: at most one unseen trump beats it (a master,
    or one that takes a trick once the one above falls)."""
    return SUIT_OF[c] == 3 and (t.unseen & TRUMP_MASK & BEATS[c]).bit_count() <= 1


def spare_for_live(t: Table, losers: list[int], c: int) -> list[int]:
    """Nothing of this seat wins an opponent's trick and it would throw the live trump ``c``:
    the cards to let go instead (a fail card of four points or fewer, or a lower trump that
    is not live); empty if it holds none."""
    return [x for x in losers if POINTS[x] <= 4 and (SUIT_OF[x] != 3 or BEATS[x] >> c & 1)
            and not live(t, x)]


def cheaper_equal(t: Table, cards: Sequence[int], c: int, best: int, wins: bool) -> int:
    """The trump ``c`` (which ``wins`` the trick in progress now or not) about to go onto a
    trick whose points its side is not sure to take: swapped for the trump of ``cards`` with
    the fewest points that does the same job, the same unseen trumps beating it and winning
    or losing the trick as ``c`` does (JS rather than AD when only QD and JC are out above
    both).  ``standard-v6``: :attr:`~.versions.StandardConfig.careful`."""
    out = t.unseen & TRUMP_MASK
    same = [x for x in cards if SUIT_OF[x] == 3 and POINTS[x] < POINTS[c]
            and not (BEATS[x] ^ BEATS[c]) & out
            and (best < 0 or bool(BEATS[best] >> x & 1) == wins)]
    if not same:
        return c
    return min(same, key=lambda x: (POINTS[x], STRENGTH[x]))


def keep_master_last(t: Table, c: int, best: int, friend: Callable[[int], bool] = lambda s: False) -> int:
    """``careful``, two cards left, about to play the higher trump ``c`` (``best``: the card
    winning the trick in progress, -1 on a lead or while none wins): the other card first when
    it can win this trick now (led, a fail card) and the only unseen card that beats it (one
    trump) is also the only one that beats ``c``: then one of the two tricks is sure, and both
    may be won; the other order loses the lower card to that trump (A♥ led before J♥, A♦
    played before Q♥, with only J♣ out).  Not onto a trick already holding ten points or more
    when every seat that may hold that trump and is not a sure ``friend`` is still to play: the
    sure winner takes it now (J♣, not J♦, onto the picker's A♥ with J♥ out)."""
    o = (t.hand & ~(1 << c)).bit_length() - 1
    if SUIT_OF[c] != 3 or (SUIT_OF[o] == 3 and STRENGTH[o] > STRENGTH[c]):
        return c
    if t.trick:
        if best >= 0 and not BEATS[best] >> o & 1:
            return c                    # the other card does not win this trick now
        led = t.led
    elif SUIT_OF[o] == 3:
        return c                        # led, a low trump is simply overtaken (a master led
    else:                               # draws trumps: those after must follow with them)
        led = SUIT_OF[o]
    if SUIT_OF[o] not in (3, led):
        return c
    over = t.unseen & BEATS[o]
    if over.bit_count() != 1 or not over & TRUMP_MASK or t.unseen & BEATS[c] & ~over:
        return c
    if t.trick and sum(POINTS[x] for x in t.trick) >= 10:
        played = {(t.leader + k) % t.n for k in range(len(t.trick))}
        holders = [s for s in range(t.n) if s != t.me and t.possible[s] & over and not friend(s)]
        if holders and not played & set(holders):
            return c                    # only a seat after may take this fat trick from o
    return o


def not_partner(t: Table, s: int) -> bool:
    """``careful``: on the called suit's first lead, a seat that has played to the trick while
    the called card is still unseen is not the partner (who must play the called card)."""
    if not (t.careful and t.called_first and t.unseen >> t.called & 1):
        return False
    return (s - t.leader) % t.n < len(t.trick)
