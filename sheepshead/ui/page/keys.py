"""Keyboard play: a key pressed at the table, as the tap it stands for.

Pure Python, no ``js``.  ``1``–``9`` are the cards of your hand, left to right (as drawn:
:func:`~sheepshead.cards.display_order`), and do what a tap on that card does now: play it
(or say why it cannot be played), choose it to bury, set it aside as the unknown card.  The
letters of :data:`KEYS` are the decision buttons and help; ``B`` buries the two cards chosen.
The page sends a key only when no form field has the focus and no modifier is held; the
controller asks :func:`key_tap` only on your turn with no dialog open.
"""

from __future__ import annotations

from ...actions import Action, Kind
from ...cards import display_order, parse_card
from ...position import Phase
from ...view import SeatView

__all__ = ["KEYS", "key_tap"]

KEYS: dict[str, Kind | str] = {"p": Kind.PICK, "n": Kind.PASS, "h": "hint", "u": "undo", "b": Kind.BURY}
"""The letters (either case) for the decisions (an action's kind) and help (a ``data-ui``
tap); the digits are your cards."""


def key_tap(key: str, v: SeatView, unknown_call: str | None,
            selected: tuple[str, ...] = ()) -> Action | str | None:
    """The tap ``key`` stands for in ``v`` (your turn, ``selected`` the cards chosen to
    bury): an engine :class:`~sheepshead.actions.Action` (one of ``v.legal``), a ``data-ui``
    tap (``select:QC``), or None for a key that means nothing here."""
    name = KEYS.get(key.lower()) if len(key) == 1 else None
    if name is not None and not isinstance(name, Kind):     # help: hint, undo
        return name
    if name is Kind.BURY:               # "Bury these two", once two are chosen
        return (Action(Kind.BURY, tuple(parse_card(c) for c in selected))
                if v.phase is Phase.BURY and len(selected) == 2 else None)
    if name is not None:
        return next((a for a in v.legal if a.kind is name), None)
    if not (len(key) == 1 and "1" <= key <= "9"):
        return None
    cards = display_order(v.hand)
    if int(key) > len(cards):
        return None
    card = cards[int(key) - 1]
    if v.phase is Phase.PLAY:
        play = next((a for a in v.legal if a.kind is Kind.PLAY and a.card == card), None)
        return play if play is not None else f"illegal:{card}"
    if v.phase is Phase.BURY:
        return f"select:{card}"
    if v.phase is Phase.CALL and unknown_call:
        return Action(Kind.CALL, (parse_card(unknown_call),), unknown=card)
    return None
