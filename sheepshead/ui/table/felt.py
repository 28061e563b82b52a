"""The middle of the felt: the blind, the bury, the trick.

What lies in the middle at each moment of a hand, so that the felt is never an empty green
field while the hand is being decided (issue 22):

* before anyone picks, the two cards face down of the blind (over them, on a Daily's first
  hand, who you play against);
* while the picker buries, two places for the bury: yours fill face up as you tap the cards
  (with their points), another picker's are two cards face down;
* while the picker calls a partner, the bury it made: face up when it is yours;
* in the play, the trick (each card by its seat, with the name of who played it under it,
  the winning one marked), or the last trick, named the same way, while you look back at it.

Only the picker ever sees a bury's faces (:class:`~sheepshead.view.SeatView` gives ``bury``
to the picker alone); the cards here are never buttons that act.
"""

from __future__ import annotations

from html import escape

from ...cards import Card
from ...position import Phase
from ...trickinfo import winning_play
from ...view import SeatView, ViewTrick
from ..look.markup import back_html, card_html
from ..look.wording import HUMAN, NAMES, and_list
from .table import TableView

__all__ = ["center_html", "trick_cards"]


def center_html(tv: TableView, review: bool, selected: list[str], shown: ViewTrick | None,
                fresh: str, four: bool) -> str:
    """The middle of the felt for ``tv``: ``review`` (the last trick looked at again),
    ``selected`` (the cards tapped for a bury), ``shown`` (the animation's frame of the trick,
    else the view's), ``fresh`` (its newest card's CSS class)."""
    v = tv.seat
    if review and v.tricks and v.tricks[-1].winner is not None:
        t = v.tricks[-1]
        return (f'<div class="trick review" role="group" aria-label="Last trick">'
                f'{trick_cards(t, v, four, "")}</div>')
    if v.phase is Phase.PICK:
        note = _daily_note(tv)
        return _pair("blind noted" if note else "blind", "The blind", [None, None], "Blind", four,
                     note)
    if v.phase in (Phase.BURY, Phase.CALL) and v.picker is not None:
        return _bury(v, selected, four)
    trick = shown if shown is not None else v.trick
    if trick is None:
        return ""
    collecting = fresh.startswith("collect")
    cls = f"trick {fresh if collecting else ''}".strip()
    return (f'<div class="{cls}" role="group" aria-label="Current trick">'
            f'{trick_cards(trick, v, four, fresh)}</div>')


def _daily_note(tv: TableView) -> str:
    """Over the blind of a Daily's first hand: the date, that everyone plays these hands
    against these players, and, for your scored attempt, what Hint and Undo do to it."""
    if tv.daily_date is None or tv.hand_number != 1 or tv.tutorial:
        return ""
    others = and_list(list(tv.names[1:]))
    attempt = ("Practice: your result is locked." if tv.practice else
               "Your one scored try: a hint marks it “with hints”, and there is no Undo.")
    return (f'<p class="felt-note" id="daily-note"><span class="note-who">Daily '
            f'{escape(tv.daily_date)}: the same ten hands for everyone, against '
            f'{escape(others)} ({escape(tv.level_name)}). </span>{escape(attempt)}</p>')


def _bury(v: SeatView, selected: list[str], four: bool) -> str:
    """The bury's two places: yours face up (as chosen, then as made), another's face down."""
    picker = v.picker
    assert picker is not None
    if picker != HUMAN:
        name = NAMES[picker]
        what = "buries two cards" if v.phase is Phase.BURY else "buried two cards"
        return _pair("blind bury", f"{name}'s bury", [None, None], f"{name} {what}", four)
    if v.phase is Phase.BURY:
        cards = [c for key in selected for c in v.hand if str(c) == key]
    else:
        cards = list(v.bury or ())
    points = sum(c.points for c in cards)
    label = "Your bury" + (f": {points} point{'s' if points != 1 else ''}" if len(cards) == 2
                           else ": tap two cards")
    places: list[Card | bool | None] = [*cards, *[False] * (2 - len(cards))]
    return _pair("blind bury", "Your bury", places, label, four)


def _pair(cls: str, name: str, cards: list[Card | bool | None], label: str, four: bool,
          note: str = "") -> str:
    """Two cards in the middle: a card face up, None face down, False an empty place; one
    column, top to bottom: the ``note`` (if any), the cards, the ``label``, so no words
    ever lie over a card."""
    out = []
    for card in cards:
        if card is None:
            out.append(back_html("bcard", tabindex="-1"))
        elif isinstance(card, Card):
            out.append(card_html(card, four_colour=four, cls="bcard", tabindex="-1"))
        else:
            out.append('<span class="bslot" aria-hidden="true"></span>')
    return (f'<div class="{cls}" role="group" aria-label="{name}">{note}<span class="pair">'
            f'{"".join(out)}</span><span class="blind-label">{label}</span></div>')


def trick_cards(trick: ViewTrick, v: SeatView, four: bool, fresh: str) -> str:
    """The trick's cards; the first one played wears a "led" tag; the one winning it is
    marked by shape (a ring and a ★ tag) and by
    its name (``…, winning`` while the trick is played, ``…, took the trick`` once it is
    over), so the mark moves as cards are played and stays until the trick is collected."""
    out = []
    last = len(trick.cards) - 1
    over = trick.winner is not None
    best = winning_play(trick, v)
    marked = trick.winner if over else (best[0] if best is not None else None)
    for k, card in enumerate(trick.cards):
        seat = trick.seat_of(k, v.players)
        cls = f"tcard at-{seat}"
        if k == last and fresh.startswith("enter"):
            cls += f" {fresh}"
        mark = ""
        if k == 0:        # the cards lie before their players, not in the order played
            cls += " led"
            mark = ", led"
        if seat == marked:
            cls += " winner" if over else " winning"
            mark += ", took the trick" if over else ", winning"
        if card is None:
            out.append(back_html(cls, tabindex="-1", title=f"{NAMES[seat]}: the unknown card",
                                 aria_label=f"{NAMES[seat]}: face-down card{mark}"))
        else:
            out.append(card_html(card, four_colour=four, cls=cls, tabindex="-1",
                                 label=f"{NAMES[seat]}: {card.name}{mark}",
                                 title=f"{NAMES[seat]}: {card.name}"))
        out.append(_played_by(seat))
    return "".join(out)


def _played_by(seat: int) -> str:
    """The name under a trick card: who played it (the card's own name says it to screen
    readers, so this one is for the eyes only)."""
    who = "You" if seat == HUMAN else NAMES[seat]
    return f'<span class="tname at-{seat}" aria-hidden="true">{escape(who)}</span>'
