"""The Expert's hint in words a card player uses: what it would do and the facts of your hand
or the trick behind it, then its expected points in smaller type.

Pure Python, no ``js``.  :func:`hint_words` turns a :class:`~sheepshead.bots.advice.Hint`
and your :class:`~sheepshead.view.SeatView` into :class:`HintWords`:

* ``line`` — ``The Expert would pass: you hold two trumps, none of them a Queen or Jack,
  and no fail Ace.``  The reason is only facts the table shows you (your cards, the trick,
  who is known to be on your side), never a guess about hidden cards.
* ``detail`` — ``Your score this hand as the Expert estimates it: pass −0.3 · pick up −0.6``
  (for each choice it weighed, its choice first), or None when there was nothing to weigh.
  When another choice shows as good or better (sampling noise: the Expert keeps its rules'
  choice unless a search beats it clearly) the detail says so in words, without figures —
  ``Too close to call: 8♦ comes out as well in the Expert's trial deals, a difference
  within chance, so it keeps its usual play.`` — so the two lines never read as a
  contradiction.  The page marks the hint's card (or
  lights its button), so the line need not be read to find it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...actions import Action, Kind
from ...bots.advice import Hint
from ...cards import SUIT_NAMES, Card
from ...position import Phase
from ...trickinfo import winning_play
from ...view import SeatView, ViewTrick
from ..look.markup import short
from ..look.wording import and_list, names_for
from .helptext import OTHERS_SHOWN, action_words, signed

__all__ = ["HintWords", "hint_words", "reason_of", "EXPECTED", "EVEN"]

EXPECTED = "Your score this hand as the Expert estimates it: "
EVEN = "Too close to call: "
"""The detail's start: the estimates, or, when another choice shows as good, that they are
too close to tell apart, in words and without figures (issue 40: "About even … Q♣ +2.6 ·
Q♦ +2.8" read as the hint choosing the lower score)."""

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


@dataclass(frozen=True)
class HintWords:
    """A hint as the page shows it (see the module docstring)."""

    line: str
    detail: str | None


def _count(n: int, noun: str) -> str:
    word = _NUMBERS[n] if n < len(_NUMBERS) else str(n)
    return f"{word} {noun}" + ("" if n == 1 else "s")


def _the(card: Card) -> str:
    return f"the {card.name}"


def _doing(a: Action, v: SeatView) -> str:
    """What the Expert would do, after "The Expert would": ``pass``, ``bury the A♠ and 7♣``
    (short names: the two are marked in your hand too), ``lead the Queen of clubs``."""
    k = a.kind
    if k is Kind.PLAY:
        leading = v.trick is None or not v.trick.cards
        return ("lead " if leading else "play ") + _the(a.card)
    if k is Kind.PASS:
        return "not crack" if v.phase is Phase.DOUBLES else "pass"
    if k is Kind.BURY:              # short names: the two are marked in your hand too
        return "bury the " + and_list([short(c) for c in a.cards])
    if k is Kind.CALL:
        return "call " + _the(a.card) + (" with an unknown card" if a.unknown is not None else "")
    return {Kind.PICK: "pick up", Kind.ALONE: "go alone", Kind.CRACK: "crack",
            Kind.RECRACK: "re-crack", Kind.BLITZ: "blitz"}[k]


def _pick_reason(v: SeatView) -> str:
    trumps = [c for c in v.hand if c.is_trump]
    high = [c for c in trumps if c.rank in ("Q", "J")]
    aces = [c for c in v.hand if not c.is_trump and c.rank == "A"]
    held = f"you hold {_count(len(trumps), 'trump')}"
    if len(trumps) == 1:
        held += f", {_the(trumps[0])}"
    elif trumps and not high:
        held += ", none of them a Queen or Jack"
    elif trumps and len(high) == len(trumps):
        held += ", all Queens and Jacks"
    elif high:
        held += (f", {_NUMBERS[len(high)]} of them "
                 + ("a Queen or Jack" if len(high) == 1 else "Queens or Jacks"))
    comma = "," if "," in held else ""
    return held + comma + (f" and {_count(len(aces), 'fail Ace')}" if aces else " and no fail Ace")


def _bury_reason(a: Action, v: SeatView) -> str:
    points = sum(c.points for c in a.cards)
    parts = [f"{points} points safe in your pile"] if points else []
    left = [c for c in v.hand if c not in a.cards]
    emptied = sorted({c.suit_letter for c in a.cards if not c.is_trump}
                     - {c.suit_letter for c in left if not c.is_trump})
    if emptied:
        parts.append("no " + and_list([SUIT_NAMES[s] for s in emptied]) + " left in your hand")
    return and_list(parts)


def _call_reason(a: Action, v: SeatView) -> str:
    if a.kind is Kind.ALONE:
        return ""
    suit = a.card.suit_letter
    if a.unknown is not None:
        return f"you hold no {SUIT_NAMES[suit]}, so a card of yours stands in face down"
    keep = [c for c in v.hand if not c.is_trump and c.suit_letter == suit]
    return (f"you keep {_the(min(keep, key=lambda c: c.points))} to lead "
            f"{SUIT_NAMES[suit]} to it" if keep else "")


def _friend(v: SeatView, seat: int) -> bool | None:
    """Whether ``seat`` is surely on your side (True), surely not (False), or not yet known."""
    if v.picker is None:
        return None                               # a leaster: everyone for themselves
    mine = v.seat in (v.picker, v.partner)
    if v.partner is None and not v.alone and not mine:
        return False if seat == v.picker else None   # the partner may be anyone still
    theirs = seat == v.picker or (seat == v.partner and not v.alone)
    return theirs == mine


def _play_reason(a: Action, v: SeatView) -> str:
    card, trick = a.card, v.trick
    names = names_for(v.players)
    if trick is None or not trick.cards:
        side = v.picker is not None and v.seat in (v.picker, v.partner)
        if card.is_trump and side:
            return "on the picker's side, drawing out the defenders' trump"
        if (v.called is not None and not card.is_trump and card.suit_letter ==
                v.called.suit_letter and not side and v.partner is None):
            return "the called suit, so the partner must show the Ace"
        return ""
    now = winning_play(trick, v)
    after = winning_play(ViewTrick(trick.leader, (*trick.cards, card), None), v)
    last = len(trick.cards) == v.players - 1
    on_it = sum(c.points for c in trick.cards if c is not None)
    if after is not None and after[0] == v.seat:
        takes = "it takes the trick" if last else "it takes the trick for now"
        return takes + (f", {on_it + card.points} points" if on_it + card.points >= 10 else "")
    if now is not None and _friend(v, now[0]):
        who = names[now[0]]
        return f"{who} is winning the trick for your side" + (
            ", so its points are yours" if card.points >= 10 else "")
    if now is not None and _friend(v, now[0]) is False:
        fewest = min(x.card.points for x in v.legal if x.kind is Kind.PLAY)
        return ("the trick is the other side's, so it gets as few points as can be"
                if card.points == fewest else "")
    return ""


def reason_of(a: Action, v: SeatView) -> str:
    """Why ``a`` at ``v``'s decision, in facts the table shows (``""`` when none is said):
    the hint's reason, and the review's reason for the Expert's choice."""
    if v.phase is Phase.PICK:
        return _pick_reason(v)
    if a.kind is Kind.BURY:
        return _bury_reason(a, v)
    if v.phase is Phase.CALL:
        return _call_reason(a, v)
    if a.kind is Kind.PLAY:
        return _play_reason(a, v)
    return ""


def _detail(h: Hint) -> str | None:
    best = h.value_of(h.action)
    if not h.searched or best is None or not h.values:
        return None
    others = [(a, x) for a, x in h.values if a != h.action][:OTHERS_SHOWN]
    level = [a for a, x in others if round(x, 1) >= round(best, 1)]     # as they would show
    if level:
        names = and_list([_doing_short(a, h.phase) for a in level])
        verb = "comes" if len(level) == 1 else "come"
        return (f"{EVEN}{names} {verb} out as well in the Expert's trial deals, a difference "
                f"within chance, so it keeps its usual play.")
    parts = [f"{_doing_short(h.action, h.phase)} {signed(best)}"]
    parts += [f"{_doing_short(a, h.phase)} {signed(x)}" for a, x in others]
    return EXPECTED + " · ".join(parts)


def _doing_short(a: Action, phase: Phase) -> str:
    """``pass``, ``pick up``, ``A♥``, ``bury K♦ 7♣``, ``call A♥`` (in the detail line)."""
    words = action_words(a, phase)
    return words if a.kind is Kind.PLAY else words[0].lower() + words[1:]


def hint_words(h: Hint, v: SeatView) -> HintWords:
    """The hint for ``v``'s decision in words (see the module docstring)."""
    if h.forced:
        if h.action.kind is Kind.PLAY:
            return HintWords(f"Your only card is {_the(h.action.card)}.", None)
        return HintWords(f"Your only choice: {_doing(h.action, v)}.", None)
    reason = reason_of(h.action, v)
    line = f"The Expert would {_doing(h.action, v)}" + (f": {reason}." if reason else ".")
    return HintWords(line, _detail(h))
