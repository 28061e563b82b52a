"""Game facts in words for the table: seat names, the options in play, the stakes, what a
screen reader announces, the outcome of a hand and the line to share.

Pure Python, no ``js``.  Seat 0 is you (``HUMAN``): sentences about you are in the second
person (``You pass.``), about the others in the third (``Gus passes.``).
"""

from __future__ import annotations

import datetime as _dt
import re

from ...actions import Action, Kind
from ...cards import Card
from ...errors import SheepsheadError
from ...game import HUMAN_SEAT as HUMAN
from ...rules import AllPass, Rules
from ...scoring import ROW_NAMES, HandResult
from ...view import PublicAction, ViewTrick

__all__ = ["friendly_date", "place_of", "place_text", "signed", "and_list", "difference_text",
           "action_phrase",
           "HUMAN", "NAMES", "names_for", "rules_phrases", "multiplier_text", "announce",
           "trick_taken", "hand_outcome"]

NAMES = ("You", "Gus", "Bev", "Lars", "Dottie")
"""Seat names: you at seat 0, then clockwise (to your left) the computer players.
Three- and four-handed tables seat the first two or three of them."""


def names_for(players: int) -> tuple[str, ...]:
    """The seat names of a table of ``players``."""
    return NAMES[:players]


def _name(seat: int | None) -> str:
    return "nobody" if seat is None else NAMES[seat]


def _verb(seat: int, third: str, second: str) -> str:
    return f"{NAMES[seat]} {second if seat == HUMAN else third}"


# ------------------------------------------------------------------ options
def rules_phrases(rules: Rules) -> list[str]:
    """The options in play, one short phrase each (``[]`` for the default table):
    :meth:`Rules.describe`, with the number of players and the all-pass rule said exactly."""
    data = rules.to_json()
    out = []
    for name, phrase in zip(data, rules.describe(), strict=True):
        if name == "players":
            phrase = {3: "three players", 4: "four players"}[rules.players]
        elif name == "all_pass":
            phrase = {AllPass.DOUBLER: "all pass: doubler",
                      AllPass.DEALER_PICKS: "all pass: the dealer picks"}[rules.all_pass]
        out.append(phrase)
    return out


def multiplier_text(multiplier: int, redeal: int, cracked_by: int | None, recracked: bool,
                    blitzed: bool) -> str:
    """``×2 cracked``, ``×8 doubler, cracked, re-cracked``, ``×4 doubler, thrown in 2 times``;
    ``""`` when the hand counts once."""
    if multiplier <= 1:
        return ""
    why = []
    if redeal:
        why.append("doubler" if redeal == 1 else f"doubler, thrown in {redeal} times")
    if cracked_by is not None:
        why.append("cracked")
    if recracked:
        why.append("re-cracked")
    if blitzed:
        why.append("blitz")
    return f"×{multiplier} " + ", ".join(why) if why else f"×{multiplier}"


# ----------------------------------------------------------------- announce
def announce(p: PublicAction) -> str:
    """A sentence for a screen reader: ``Gus plays the Queen of clubs.``"""
    seat, kind = p.seat, p.kind
    if kind is Kind.PICK:
        return _verb(seat, "picks", "pick") + " up the blind."
    if kind is Kind.PASS:
        return _verb(seat, "passes", "pass") + "."
    if kind is Kind.BURY:
        return _verb(seat, "buries", "bury") + " two cards."
    if kind is Kind.ALONE:
        return _verb(seat, "goes", "go") + " alone."
    if kind is Kind.CALL:
        called = p.cards[0]
        text = _verb(seat, "calls", "call") + f" the {called.name if called else 'card'}"
        if len(p.cards) == 2:
            text += ", with an unknown card set aside"
        return text + "."
    if kind is Kind.CRACK:
        return _verb(seat, "cracks", "crack") + ": the hand counts double."
    if kind is Kind.RECRACK:
        return _verb(seat, "re-cracks", "re-crack") + ": double again."
    if kind is Kind.BLITZ:
        return (_verb(seat, "blitzes", "blitz") +
                ", showing both black Queens: the hand counts double.")
    card = p.card
    if card is None:
        return _verb(seat, "plays", "play") + " the unknown card, face down."
    return _verb(seat, "plays", "play") + f" the {card.name}."


def trick_taken(trick: ViewTrick) -> str:
    """``Bev takes the trick, 14 points.`` (the points left out while a card is face down)."""
    w = trick.winner
    if w is None:
        raise ValueError("trick_taken: the trick is not finished")
    faces = [c for c in trick.cards if c is not None]
    points = (f", {sum(c.points for c in faces)} points"
              if len(faces) == len(trick.cards) else "")
    return _verb(w, "takes", "take") + f" the trick{points}."


# ------------------------------------------------------------------ results
def hand_outcome(r: HandResult) -> str:
    """A short sentence for a finished hand's result: who won and how."""
    if r.thrown_in:
        return ("Everyone passed: the hand is thrown in. The same dealer deals again, "
                "and the next hand counts double.")
    if r.leaster:
        if not any(r.scores):
            return "Leaster: a tie for fewest points, so nobody scores."
        w = r.winners[0]
        return f"Leaster: {_verb(w, 'wins', 'win')} with {r.points[w]} points."
    if r.side_points is None or r.row is None:
        raise ValueError("hand_outcome: a picked hand without its side's points")
    side, defenders = r.side_points
    row = ROW_NAMES.get(r.row, "")
    side_seats = [r.picker] if r.alone or r.partner is None else [r.picker, r.partner]
    side_seats.sort(key=lambda seat: seat != HUMAN)          # "You and Bev", not "Bev and You"
    who = and_list([_name(seat) for seat in side_seats]) + (" alone" if r.alone else "")
    if side >= 61:
        how = {"schwarz": " and took every trick", "schneider": ", schneider"}.get(row, "")
        return f"{who} won with {side} points{how}."
    how = {"schwarzed": " and took no trick", "schneidered": ", schneidered"}.get(row, "")
    return f"{who} lost with {side} points{how}; the defenders took {defenders}."


def place_of(totals: tuple[int, ...], seat: int = HUMAN) -> tuple[int, bool]:
    """(place, tied): 1 + how many seats are above ``seat``, and whether another seat has
    the same total."""
    mine = totals[seat]
    return (1 + sum(1 for t in totals if t > mine),
            sum(1 for t in totals if t == mine) > 1)


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def place_text(place: int, tied: bool, players: int) -> str:
    """``2nd of 5`` / ``tied 1st of 5``."""
    return f"{'tied ' if tied else ''}{_ordinal(place)} of {players}"


def signed(n: int) -> str:
    """A score as the table writes it: ``+7``, ``-3``, ``0``."""
    return f"{n:+d}" if n else "0"


def and_list(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` (``""`` for none)."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# ------------------------------------------------- a result check in words
_DIFF = re.compile(r'(hand [0-9]+(?: redeal [0-9]+)? action [0-9]+): seat ([0-9]) played "([^"]*)"; '
                   r"this version's ([a-z0-9-]+) player plays \"([^\"]*)\"", re.ASCII)


def difference_text(difference: str, names: tuple[str, ...]) -> str:
    """``first_difference`` in words, cards named: ``Hand 1 action 21: Lars played the Ten
    of diamonds; this version's Standard player plays the Queen of diamonds.``"""
    m = _DIFF.fullmatch(difference.strip())
    if m is None:
        return _named_cards(difference.strip())
    where, seat, played, level, plays = m.groups()
    who = names[int(seat)] if int(seat) < len(names) else f"seat {seat}"
    return (f"{where[0].upper()}{where[1:]}: {who} {_action_phrase(played, True)}; this "
            f"version's {level.capitalize()} player {_action_phrase(plays, False)}.")


_CARD = re.compile(r"\b(10|[789JQKA])([CSHD])\b")
_VERBS = {Kind.PASS: ("passed", "passes"), Kind.PICK: ("picked", "picks"),
          Kind.CRACK: ("cracked", "cracks"), Kind.RECRACK: ("re-cracked", "re-cracks"),
          Kind.BLITZ: ("blitzed", "blitzes"), Kind.ALONE: ("went alone", "goes alone"),
          Kind.PLAY: ("played", "plays"), Kind.BURY: ("buried", "buries"),
          Kind.CALL: ("called", "calls")}


def _named_cards(text: str) -> str:
    """Card codes in ``text`` as names: ``QC`` -> ``the Queen of clubs``."""
    return _CARD.sub(lambda m: f"the {Card.parse(m[0]).name}", text)


def _action_phrase(text: str, past: bool) -> str:
    """``play QC`` as ``played the Queen of clubs`` (or ``plays …``)."""
    try:
        return action_phrase(Action.parse(text), past)
    except SheepsheadError:
        return _named_cards(text)


def action_phrase(a: Action, past: bool) -> str:
    """``passed`` / ``played the Queen of clubs`` (``past``) or ``passes`` / ``plays …``."""
    verb = _VERBS.get(a.kind, (a.kind.value, a.kind.value))[0 if past else 1]
    if a.kind is Kind.BLITZ:
        return verb + ", showing both black Queens"
    phrase = " ".join([verb] + ([and_list([f"the {c.name}" for c in a.cards])] if a.cards else []))
    return phrase + (f", setting aside the {a.unknown.name}" if a.unknown is not None else "")


_DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def friendly_date(day: _dt.date) -> str:
    """``Sat Dec 5``: a date as people say it (issue 40: an ISO date wrapped mid-number),
    in English whatever the machine's locale."""
    return f"{_DAYS[day.weekday()]} {_MONTHS[day.month - 1]} {day.day}"
