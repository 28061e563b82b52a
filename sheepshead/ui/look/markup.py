"""Small HTML pieces shared by the table and its panels: cards as buttons, buttons, badges.

Pure Python, no ``js``.  Cards come from :mod:`sheepshead.ui.look.svg` (the project's own
art); every card is a ``<button>`` named like ``Queen of clubs`` (face down: only
``face-down card``).
"""

from __future__ import annotations

from html import escape

from ...cards import Card
from .svg import card_back_svg, card_svg

__all__ = ["SUIT_SYMBOL", "ICON", "card_html", "back_html", "button", "short", "attrs_html",
           "notices_html"]

SUIT_SYMBOL = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
ICON = {"picker": "▲", "partner": "✦", "dealer": "D", "alone": "▲", "called": "☎"}


def attrs_html(attrs: dict[str, object]) -> str:
    out = []
    for k, val in attrs.items():
        if val is None or val is False:
            continue
        out.append(k if val is True else f'{k}="{escape(str(val), quote=True)}"')
    return " ".join(out)


def card_html(card: Card, *, four_colour: bool = False, cls: str = "", label: str | None = None,
              **attrs: object) -> str:
    """A card as a ``<button>`` named like ``Queen of clubs``."""
    a: dict[str, object] = {"type": "button", "class": f"card {cls}".strip(),
                            "aria-label": label or card.name, "data-card": str(card)}
    a.update({k.replace("_", "-"): v for k, v in attrs.items()})
    return f"<button {attrs_html(a)}>{card_svg(card, four_colour=four_colour)}</button>"


def back_html(cls: str = "", **attrs: object) -> str:
    """A face-down card: its only name is ``face-down card``."""
    a: dict[str, object] = {"type": "button", "class": f"card back {cls}".strip(),
                            "aria-label": "face-down card"}
    a.update({k.replace("_", "-"): v for k, v in attrs.items()})
    return f"<button {attrs_html(a)}>{card_back_svg()}</button>"


def short(card: Card) -> str:
    return f"{card.rank}{SUIT_SYMBOL[card.suit_letter]}"


def button(label: str, cls: str = "", **attrs: object) -> str:
    a: dict[str, object] = {"type": "button", "class": f"btn {cls}".strip()}
    a.update({k.replace("_", "-"): val for k, val in attrs.items()})
    return f"<button {attrs_html(a)}>{escape(label)}</button>"


def notices_html(lines: list[str], stale: str | None) -> str:
    """The notice area: the lines one under another with one OK beside them, after the
    ``stale`` line (another tab moved this game on) with its Reload button."""
    items = "".join(f"<p>{escape(t)}</p>" for t in lines)
    if items:
        items = (f'<div class="notice-lines">{items}</div>'
                 '<button type="button" class="btn small" data-ui="dismiss">OK</button>')
    if stale:
        items = (f'<p class="stale">{escape(stale.removesuffix("Reload"))}<button type="button" '
                 f'class="btn small primary" data-ui="reload">Reload</button></p>' + items)
    return items
