"""Help at the table in words: the points chip, the bury helper's line, why going alone is
forced, the Expert's hint (its words are in :mod:`.hintwords`) and the after-hand review.

Pure Python, no ``js``. The data comes from the engine (:mod:`sheepshead.trickinfo`,
:mod:`sheepshead.buryinfo`, :mod:`sheepshead.bots.advice`); this module only words it, for a
player on a phone: short lines, "you" for seat 0, cards as ``A♥`` in compact lines and as
``Ace of hearts`` in sentences. Values are ledger points with one decimal and a real minus
sign (``−0.8``).
"""

from __future__ import annotations

from ...actions import Action, Kind
from ...bots.advice import ReviewStep
from ...buryinfo import AloneReason, Blocked, Leaves
from ...cards import SUIT_NAMES, Card
from ...position import Phase
from ...trickinfo import PointsTaken
from ..look.markup import short
from ..look.wording import and_list

__all__ = ["MINUS", "signed", "points_text", "leaves_text", "alone_text", "action_words",
           "review_line", "review_total", "shown_cost", "HINT_WARNING", "HIDDEN_MARK", "LEAVES",
           "OTHERS_SHOWN", "ALONE_WARNING", "BURY_ALONE"]

MINUS = "−"
"""The real minus sign (U+2212), not a hyphen."""
HIDDEN_MARK = " · some cards hidden"
"""Added to the points chip while some points are not visible yet (the bury, the face-down
unknown card, a leaster's blind)."""
HINT_WARNING = ("A hint marks this Daily's result “with hints” for good. Tap Hint again "
                "to see it.")
"""Said on the first Hint of a scored Daily instead of the hint (asked again: the hint)."""
LEAVES = "After this bury: "
"""How the bury helper's line begins (what the two cards chosen leave you to call)."""
ALONE_WARNING = ("Careful: this bury leaves no Ace to call, so you would play alone "
                 "against all four.")
"""Said on the bury helper, instead of what a bury leaves, when it forces going alone (issue
40, item 5: a beginner buried into a forced alone with only a small line as warning)."""
BURY_ALONE = "Bury and go alone"
"""The bury button's words when the two cards chosen force going alone."""
OTHERS_SHOWN = 3
"""How many other candidates a hint lists after the Expert's choice (:mod:`.hintwords`)."""


def signed(x: float) -> str:
    """``+0.4``, ``−0.8``, ``+0.0`` (one decimal; a value that rounds to zero is ``+0.0``)."""
    r = round(x, 1)
    return f"{MINUS}{-r:.1f}" if r < 0 else f"+{abs(r):.1f}"


# -------------------------------------------------------------------- points
def points_text(p: PointsTaken, names: tuple[str, ...]) -> str | None:
    """The points chip: ``Picker's side 34 · Defenders 21 · 12 in doubt · some cards
    hidden`` (points taken by players whose side is not known yet; the bury, the face-down
    unknown card or a blind not counted yet: issue 40 read "13 unknown" and "+ cards face
    down" as jargon; the chip keeps about its old length, so it wraps as before),
    or in a leaster each player's points (``Leaster — You 0 · Gus 14 · … · blind 11``).
    None before anyone picks and for a hand thrown in."""
    mark = HIDDEN_MARK if p.hidden else ""
    if p.leaster:
        parts = [f"{names[s]} {pts}" for s, pts in enumerate(p.by_seat)]
        if p.set_aside:
            parts.append(f"blind {p.set_aside}")
        return "Leaster — " + " · ".join(parts) + mark
    s = p.sides
    if s is None:
        return None
    text = f"Picker's side {s.picker} · Defenders {s.defenders}"
    if s.undecided:
        text += f" · {s.undecided} in doubt"    # taken by players not known yet
    return text + mark


# ---------------------------------------------------------------- the bury
def leaves_text(leaves: Leaves) -> str:
    """``After this bury: call Ace of hearts, call Ten of clubs, call Ace of spades with an
    unknown card or go alone`` (a choice: issue 40 read "call Ace of spades, go alone" as
    both); ``After this bury: go alone only`` when going alone is forced."""
    if leaves.alone_forced:
        return f"{LEAVES}go alone only"
    calls = ([f"call {c.name}" for c in leaves.aces + leaves.tens]
             + [f"call {c.name} with an unknown card" for c in leaves.unknown_aces])
    return LEAVES + (", ".join(calls) + " or go alone" if calls else "go alone")


def _the(cards: list[Card]) -> str:
    return and_list([f"the {c.name}" for c in cards])


def _suits(cards: list[Card]) -> str:
    names = [SUIT_NAMES[c.suit_letter] for c in cards]
    return and_list(names[:-1]) + " or " + names[-1] if len(names) > 1 else "".join(names)


def _blocks(pairs: tuple[tuple[Card, Blocked], ...]) -> str:
    """``you hold the Ace of clubs, bury the Ace of hearts and keep no spades``: one clause
    per kind of block, in that order."""
    held = [c for c, b in pairs if b is Blocked.HELD]
    buried = [c for c, b in pairs if b is Blocked.BURIED]
    none = [c for c, b in pairs if b is Blocked.NO_SUIT]
    out = []
    if held:
        out.append(f"hold {_the(held)}")
    if buried:
        out.append(f"bury {_the(buried)}")
    if none:
        out.append(f"keep no {_suits(none)}")
    return "you " + and_list(out)


def alone_text(reason: AloneReason) -> str:
    """One line on why going alone is the only choice, e.g. ``You must go alone: you hold or
    bury every fail Ace and every fail Ten.``"""
    if reason.every_ace_owned:
        if all(b is not Blocked.NO_SUIT for _, b in reason.tens):
            return "You must go alone: you hold or bury every fail Ace and every fail Ten."
        return ("You must go alone: you hold or bury every fail Ace, and no Ten can be called: "
                + _blocks(reason.tens) + ".")
    text = "You must go alone: " + _blocks(reason.aces)
    if reason.unknown_blocked_by:
        keep = _the(list(reason.unknown_blocked_by))
        text += f"; you keep {keep}, so you cannot call a suit you have none of"
    return text + "."


# --------------------------------------------------------------------- hint
def action_words(a: Action, phase: Phase | None = None) -> str:
    """An action in a few words: ``A♥``, ``Pick up``, ``Pass``, ``bury K♦ 7♣``, ``call A♥``,
    ``call A♥ (unknown card)``, ``go alone``, ``Crack``, ``Re-crack``, ``Blitz``; a pass in
    the crack round (``phase`` is :attr:`Phase.DOUBLES`) is ``No crack``."""
    k = a.kind
    if k is Kind.PLAY:
        return short(a.card)
    if k is Kind.PASS:
        return "No crack" if phase is Phase.DOUBLES else "Pass"
    if k is Kind.BURY:
        return "bury " + " ".join(short(c) for c in a.cards)
    if k is Kind.CALL:
        return f"call {short(a.card)}" + (" (unknown card)" if a.unknown is not None else "")
    return {Kind.PICK: "Pick up", Kind.ALONE: "go alone", Kind.CRACK: "Crack",
            Kind.RECRACK: "Re-crack", Kind.BLITZ: "Blitz"}[k]


def _lower(a: Action, phase: Phase | None) -> str:
    """:func:`action_words` inside a sentence: ``pick up``, ``no crack``, ``A♥``."""
    words = action_words(a, phase)
    return words if a.kind is Kind.PLAY else words[0].lower() + words[1:]


def _past(a: Action, phase: Phase | None) -> str:
    """What you did: ``played K♥``, ``passed``, ``buried K♦ 7♣``, ``did not crack``."""
    k = a.kind
    if k is Kind.PLAY:
        return f"played {short(a.card)}"
    if k is Kind.PASS:
        return "did not crack" if phase is Phase.DOUBLES else "passed"
    if k is Kind.BURY:
        return "buried " + " ".join(short(c) for c in a.cards)
    if k is Kind.CALL:
        return f"called {short(a.card)}" + (" (unknown card)" if a.unknown is not None else "")
    return {Kind.PICK: "picked up", Kind.ALONE: "went alone", Kind.CRACK: "cracked",
            Kind.RECRACK: "re-cracked", Kind.BLITZ: "blitzed"}[k]


# ------------------------------------------------------------------- review
_PHASE_LABEL = {Phase.PICK: "Pick", Phase.BURY: "Bury", Phase.CALL: "Call",
                Phase.DOUBLES: "Crack round"}


def _label(step: ReviewStep) -> str:
    if step.phase is Phase.PLAY:
        return f"Trick {step.trick}"
    return _PHASE_LABEL.get(step.phase, step.phase.name.capitalize())


def _valued(words: str, value: float | None) -> str:
    return words if value is None else f"{words} ({signed(value)})"


def shown_cost(step: ReviewStep) -> float | None:
    """What a decision cost as the review shows it: the Expert's value less yours, each
    rounded to one decimal as they are printed, so the line adds up (``−2.6`` against
    ``+1.5`` costs 4.1, never 4.2); None where there are no values."""
    if step.cost is None:
        return None
    if step.your_value is None or step.expert_value is None:
        return round(step.cost, 1)
    return max(0.0, round(round(step.expert_value, 1) - round(step.your_value, 1), 1))


def review_line(step: ReviewStep) -> str:
    """One reviewed decision: ``Trick 3: you played K♥ (−1.2); Expert A♥ (−0.4): 0.8 points lost``;
    ``Trick 3: you played A♥ — as the Expert would``; ``Crack round: you did not crack;
    Expert crack`` (no values there)."""
    label, phase = _label(step), step.phase
    yours = _past(step.yours, phase)
    if step.yours == step.expert:
        return f"{label}: you {yours} — as the Expert would"
    expert = _lower(step.expert, phase)
    cost = shown_cost(step)
    if cost is None:
        return f"{label}: you {yours}; Expert {expert}"
    if cost == 0:                                # an equivalent play, or within noise
        return f"{label}: you {yours} — as the Expert would"
    return (f"{label}: you {_valued(yours, step.your_value)}; "
            f"Expert {_valued(expert, step.expert_value)}: {cost:.1f} points lost")


def review_total(steps: list[ReviewStep]) -> str:
    """``Total cost: 1.9 points`` (the costs as shown, added up), or ``You played this hand
    as the Expert would.``"""
    if not steps:
        return "You had no choice to make this hand."
    total = round(sum(shown_cost(s) or 0.0 for s in steps), 1)
    if total == 0 and any(s.cost is None and s.yours != s.expert for s in steps):
        return ("No cost found: where you chose differently, the Expert did not weigh the "
                "choices (it follows its rules there).")
    if total == 0:
        return "You played this hand as the Expert would."
    return f"Total cost: {total:.1f} points"
