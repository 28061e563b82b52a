"""Blunders of the play a strong club player names at once, judged on one seat's view.

Each rule looks only at what the deciding seat could know (its
:class:`~sheepshead.bots.knowledge.Knowledge`: its own cards, the cards played, the voids
shown, what the calls and the called card tell), never at hidden cards:

``missed_schmear``
    No point card onto a trick a sure friend surely wins: the trick's winner is a sure friend
    (the partnership is known to the seat: the picker has gone alone, or the called card is
    out), no seat still to play that is not a sure friend may hold a card beating it, and the
    seat plays a card under 10 points while it may play a fail Ace or Ten.  Against a picker
    gone alone this is also the fail Ace or Ten left to the lone picker.
``points_to_opponent``
    An Ace or Ten onto a trick a sure opponent surely wins (no card of the seat beats it, no
    seat after that may be a friend may hold a card that does) while the seat may play a card
    under 10 points that is not a Queen or Jack (not with two cards left: the one kept goes on
    the last trick).
``low_trump_on_fat_trick``
    A trump below the Jacks that wins for now, on a trick worth 10 points with it, while a seat
    still to play that is not a sure friend may hold a higher trump and may trump or overtrump
    (trump was led, or it is shown void in the suit led, or no more of that suit is unseen than
    there are seats still to play), and the seat held a Queen or Jack above it.
``wasted_trump``
    A Queen or Jack that surely wins the trick when a lower trump of the seat would surely win
    it too and an unseen card lies between them (so the two were not equivalent).
``defender_trump_lead``
    A defender who does not know the partner leads trump before the called suit was led,
    holding a card of the called suit.

"Sure" is judged on the cards a seat may hold, not on whether it must follow suit, so it is
cautious: a few sure things go unnamed, never the reverse.

Two readers: ``bench/howlers.py`` counts these (with its own rules for the pick and the bury)
in seeded hands, and the Expert from ``expert-v5`` never lets its search replace Standard's
card by one named here (:attr:`~sheepshead.bots.versions.ExpertConfig.sound_play`).
"""

from __future__ import annotations

from ..actions import PLAY
from ..cards import (
    BEATS,
    FAIL_MASK,
    JACKS,
    POINTS,
    QUEENS,
    STRENGTH,
    SUIT_MASK,
    SUIT_OF,
    TRUMP_MASK,
    cards_of,
    mask_bits,
)
from ..legality import trick_winner
from .knowledge import Knowledge

__all__ = ["PLAY_RULES", "play_blunders", "friend"]

PLAY_RULES = ("missed_schmear", "points_to_opponent", "low_trump_on_fat_trick", "wasted_trump",
              "defender_trump_lead")
"""Every rule :func:`play_blunders` applies (see the module)."""
HIGH_TRUMPS = QUEENS | JACKS


def names(mask: int) -> str:
    """The cards of ``mask`` in record notation, by a space."""
    return " ".join(str(c) for c in cards_of(mask))


def friend(k: Knowledge, s: int) -> int:
    """1: seat ``s`` is surely on the side of ``k``'s seat; -1 surely not; 0 not known."""
    me, picker = k.seat, k.picker
    if s == me:
        return 1
    if k.alone or k.sure_alone:
        return -1 if picker in (me, s) else 1
    if me == picker:
        return 0 if k.partner < 0 else 1 if s == k.partner else -1
    if k.i_am_partner:
        return 1 if s == picker else -1
    if s == picker:
        return -1
    return 0 if k.partner < 0 else -1 if s == k.partner else 1


def play_blunders(k: Knowledge, card: int) -> list[tuple[str, str]]:
    """The rules (each with a note saying why) that playing ``card`` breaks, on ``k``'s view
    of a trick in the play (none in a leaster, whose aims differ)."""
    if k.leaster or k.leader is None:
        return []
    return _judge_follow(k, card) if k.trick else _judge_lead(k, card)


def _later(k: Knowledge) -> list[int]:
    assert k.leader is not None
    return [(k.leader + j) % k.players for j in range(len(k.trick) + 1, k.players)]


def _may_beat(k: Knowledge, seats: list[int], card: int) -> list[int]:
    """The seats of ``seats`` that may hold a card beating ``card``."""
    return [s for s in seats if k.possible[s] & BEATS[card]]


def _likely_void(k: Knowledge, s: int, n_later: int) -> bool:
    """Seat ``s`` may trump the suit led: trump was led, or it is shown void in it, or no
    more of that suit is unseen than there are seats still to play."""
    if k.led == 3:
        return True
    suit = SUIT_MASK[k.led]
    return not k.possible[s] & suit or (k.unseen & suit).bit_count() <= n_later


def _must_follow(k: Knowledge, s: int) -> bool:
    """On the first lead of the called suit, seat ``s`` cannot trump: the picker plays its
    hold card, and to a defender who does not know the partner every other seat is the
    partner (who plays the called card) or a fellow defender."""
    return k.called_first and (s == k.picker or (
        k.seat != k.picker and not k.i_am_partner and k.partner < 0))


def _judge_follow(k: Knowledge, card: int) -> list[tuple[str, str]]:
    out = []
    legal = sum(1 << (c - PLAY) for c in k.legal_codes)
    pos, pts = trick_winner(k.trick, k.led)
    win = k.trick[pos]
    if win < 0:
        return []
    assert k.leader is not None
    winner = (k.leader + pos) % k.players
    later = _later(k)
    f = friend(k, winner)
    beaters = legal & BEATS[win] & (TRUMP_MASK | SUIT_MASK[k.led])
    alone = " against a lone picker" if (k.alone or k.sure_alone) else ""
    if f == 1 and not _may_beat(k, [s for s in later if friend(k, s) != 1], win):
        schmear = [c for c in mask_bits(legal & FAIL_MASK) if POINTS[c] >= 10]
        if POINTS[card] < 10 and schmear:
            out.append(("missed_schmear", f"seat {winner}'s {names(1 << win)} surely wins "
                        f"{pts} points{alone}; {names(sum(1 << c for c in schmear))} kept"))
    if f == -1 and not beaters and not _may_beat(k, [s for s in later if friend(k, s) != -1], win):
        cheap = [c for c in mask_bits(legal) if POINTS[c] < 10 and not (1 << c) & HIGH_TRUMPS]
        if POINTS[card] >= 10 and cheap and k.hand.bit_count() > 2:
            out.append(("points_to_opponent", f"seat {winner}'s {names(1 << win)} surely wins; "
                        f"{names(sum(1 << c for c in cheap))} could go instead"))
    if (1 << card) & beaters and SUIT_OF[card] == 3:
        out += _judge_trump(k, card, legal, later, pts)
    return out


def _judge_trump(k: Knowledge, card: int, legal: int, later: list[int], pts: int
                 ) -> list[tuple[str, str]]:
    """A trump that wins for now: too low for a fat trick, or higher than it needed to be."""
    out = []
    others = [s for s in later if friend(k, s) != 1 and not _must_follow(k, s)]
    higher = [c for c in mask_bits(legal & HIGH_TRUMPS) if STRENGTH[c] > STRENGTH[card]]
    if (pts + POINTS[card] >= 10 and not (1 << card) & HIGH_TRUMPS and higher
            and any(k.possible[s] & BEATS[card] & TRUMP_MASK and _likely_void(k, s, len(later))
                    for s in others)):
        out.append(("low_trump_on_fat_trick", f"{pts + POINTS[card]} points at stake, "
                    f"{len(others)} seats after may beat it; held {names(sum(1 << c for c in higher))}"))
    if (1 << card) & HIGH_TRUMPS and not _may_beat(k, others, card):
        pos, _ = trick_winner(k.trick, k.led)
        win = k.trick[pos]
        lower = [c for c in mask_bits(legal & TRUMP_MASK & BEATS[win])
                 if STRENGTH[c] < STRENGTH[card] and not _may_beat(k, others, c)
                 and any(STRENGTH[c] < STRENGTH[x] < STRENGTH[card]
                         for x in mask_bits(k.unseen & TRUMP_MASK))]
        if lower:
            out.append(("wasted_trump", f"{names(sum(1 << c for c in lower))} would surely win too"))
    return out


def _judge_lead(k: Knowledge, card: int) -> list[tuple[str, str]]:
    if (k.picker < 0 or k.seat == k.picker or k.i_am_partner or k.partner >= 0 or k.alone
            or not k.duties or SUIT_OF[card] != 3):
        return []
    held = k.hand & SUIT_MASK[k.called_suit]
    if not held:
        return []
    return [("defender_trump_lead", f"partner unknown, holds {names(held)} of the called suit")]
