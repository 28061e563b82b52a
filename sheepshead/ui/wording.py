"""Game facts in words for the table: seat names, the options in play, the stakes, what a
screen reader announces, the outcome of a hand and the line to share.

Pure Python, no ``js``.  Seat 0 is you (``HUMAN``): sentences about you are in the second
person (``You pass.``), about the others in the third (``Gus passes.``).
"""

from __future__ import annotations

from typing import Protocol

from ..actions import Kind
from ..game import Game
from ..rules import AllPass, Rules
from ..scoring import ROW_NAMES, HandResult
from ..view import PublicAction, ViewTrick
from .links import hash_of

__all__ = ["HUMAN", "NAMES", "names_for", "rules_phrases", "multiplier_text", "announce",
           "trick_taken", "hand_outcome", "share_line"]

HUMAN = 0
"""Your seat."""
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
    who = _name(r.picker) + (" alone" if r.alone else
                             (f" and {_name(r.partner)}" if r.partner is not None else ""))
    if side >= 61:
        how = {"schwarz": " and took every trick", "schneider": ", schneider"}.get(row, "")
        return f"{who} won with {side} points{how}."
    how = {"schwarzed": " and took no trick", "schneidered": ", schneidered"}.get(row, "")
    return f"{who} lost with {side} points{how}; the defenders took {defenders}."


def _ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st``."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


class _AtTable(Protocol):
    game: Game


def share_line(table: _AtTable, page_url: str) -> str:
    """A spoiler-free line to share: which game, your result so far, the link. No cards.
    ``table`` is a :class:`~sheepshead.ui.table.Table` (anything with its ``game``)."""
    g = table.game
    base = page_url.split("#", 1)[0]
    link = base + hash_of(g.seed, g.rules)
    name = (f"Sheepshead Daily {g.seed[6:]}" if g.seed.startswith("daily:")
            else f"Sheepshead game {g.seed[5:]}")
    phrases = rules_phrases(g.rules)
    if phrases:
        name += f" ({', '.join(phrases)})"
    totals = g.totals()
    mine = totals[HUMAN]
    place = 1 + sum(1 for t in totals if t > mine)
    tied = sum(1 for t in totals if t == mine) > 1
    finished = len(g.hand_scores())
    rank = f"{'tied ' if tied else ''}{_ordinal(place)} of {len(totals)}"
    if g.is_over:
        result = f"I finished {mine:+d} ({rank}) after {g.length} hands"
    elif finished == 0:
        result = "I'm just sitting down"
    else:
        result = f"I'm {mine:+d} ({rank}) after {finished} of {g.length} hands"
    return f"{name}: {result}. {link}"
