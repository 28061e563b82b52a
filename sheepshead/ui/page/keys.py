"""Keyboard play: a key pressed at the table, as the tap it stands for.

Pure Python, no ``js``.  ``1``–``9`` are the cards of your hand, left to right (as drawn:
:func:`~sheepshead.cards.display_order`), and do what a tap on that card does now: play it
(or say why it cannot be played), choose it to bury, set it aside as the unknown card.  The
letters of :data:`KEYS` are the decision buttons and help; ``B`` buries the two cards chosen.
The page sends a key only when no form field has the focus and no modifier is held; the
controller asks :func:`key_tap` only on your turn with no dialog open.
"""

from __future__ import annotations

from ...cards import display_order
from ...position import Phase
from ...view import SeatView

__all__ = ["KEYS", "key_tap"]

KEYS = {"p": "pick", "n": "pass", "h": "hint", "u": "undo", "b": "bury"}
"""The letters (either case) for the decisions and help; the digits are your cards."""
HELP_KEYS = ("hint", "undo")


def key_tap(key: str, v: SeatView, unknown_call: str | None,
            selected: tuple[str, ...] = ()) -> tuple[str, str] | None:
    """The tap ``key`` stands for in ``v`` (your turn, ``selected`` the cards chosen to
    bury): ``("act", "play QC")`` (an engine action), ``("ui", "select:QC")`` (a
    ``data-ui`` intent), or None for a key that means nothing here."""
    name = KEYS.get(key.lower()) if len(key) == 1 else None
    if name in HELP_KEYS:
        return ("ui", name)
    if name == "bury":                  # "Bury these two", once two are chosen
        return (("act", f"bury {selected[0]} {selected[1]}")
                if v.phase is Phase.BURY and len(selected) == 2 else None)
    if name is not None:
        return ("act", name) if any(a.kind.value == name for a in v.legal) else None
    if not (len(key) == 1 and "1" <= key <= "9"):
        return None
    cards = display_order(v.hand)
    if int(key) > len(cards):
        return None
    card = str(cards[int(key) - 1])
    if v.phase is Phase.PLAY:
        legal = any(a.kind.value == "play" and str(a.card) == card for a in v.legal)
        return ("act", f"play {card}") if legal else ("ui", f"illegal:{card}")
    if v.phase is Phase.BURY:
        return ("ui", f"select:{card}")
    if v.phase is Phase.CALL and unknown_call:
        return ("act", f"call {unknown_call} unknown {card}")
    return None
