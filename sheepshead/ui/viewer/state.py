"""What the result viewer alone remembers (:class:`ViewerState`) and its taps
(:data:`INTENTS`), apart from the drawing (:mod:`.viewer`) so that the page's one table of
intents has them without loading the viewer before the first link.

Pure Python, no ``js``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence, Sized
from dataclasses import dataclass
from typing import Protocol


class _Model(Protocol):
    """What :meth:`ViewerState.for_model` reads of a ``ViewerModel`` (:mod:`.viewer`)."""

    @property
    def hands(self) -> Sequence[_Hand]: ...


class _Hand(Protocol):
    @property
    def tricks(self) -> Sized: ...

__all__ = ["ViewerState", "INTENTS", "viewer_intent"]


@dataclass
class ViewerState:
    """What the viewer alone remembers: the hand and trick open, and the spoiler guard
    passed.  ``tricks[i]`` is how many tricks hand ``i + 1`` has (:meth:`for_model`), so
    :func:`viewer_intent` can refuse what is out of range."""

    tricks: tuple[int, ...] = ()
    hand: int | None = None
    """The hand open (1-based); None: the list of hands."""
    trick: int = 1
    """The trick shown in the open hand (1-based)."""
    revealed: bool = False
    """The reader chose "Show the result anyway" at the spoiler guard."""

    @classmethod
    def for_model(cls, model: _Model) -> ViewerState:
        return cls(tuple(len(h.tricks) for h in model.hands))


_NUMBER = re.compile(r"[1-9][0-9]{0,3}")


def _numbers(arg: str, count: int) -> list[int] | None:
    """``arg``'s ``count`` numbers (``3:5``), None when malformed."""
    parts = arg.split(":")
    if len(parts) != count or not all(_NUMBER.fullmatch(p) for p in parts):
        return None
    return [int(p) for p in parts]


def _show(state: ViewerState, hand: int, trick: int) -> bool:
    """Trick ``trick`` of hand ``hand`` on screen, when there is such a trick."""
    if not (hand <= len(state.tricks) and trick <= max(state.tricks[hand - 1], 1)):
        return False
    state.hand, state.trick = hand, trick
    return True


def _hand(state: ViewerState, arg: str) -> bool:
    """``viewer-hand:N``: hand N, from its first trick."""
    numbers = _numbers(arg, 1)
    return numbers is not None and _show(state, numbers[0], 1)


def _trick(state: ViewerState, arg: str) -> bool:
    """``viewer-trick:N:T``: trick T of hand N."""
    numbers = _numbers(arg, 2)
    return numbers is not None and _show(state, *numbers)


def _hands(state: ViewerState, arg: str) -> bool:
    """``viewer-hands``: back to the list of hands."""
    state.hand, state.trick = None, 1
    return True


def _reveal(state: ViewerState, arg: str) -> bool:
    """``viewer-reveal``: past the spoiler guard."""
    state.revealed = True
    return True


INTENTS: dict[str, Callable[[ViewerState, str], bool]] = {
    "viewer-hand": _hand, "viewer-trick": _trick, "viewer-hands": _hands,
    "viewer-reveal": _reveal,
}
"""The viewer's ``data-ui`` taps, each to its handler (given the part after the ``:``);
True when applied.  The page's one table of intents takes them from here."""


def viewer_intent(state: ViewerState, intent: str) -> bool:
    """Apply ``viewer-hand:N``, ``viewer-trick:N:T``, ``viewer-hands`` or
    ``viewer-reveal`` (:data:`INTENTS`); True when applied, False (nothing changed) for
    anything malformed, out of range or not the viewer's."""
    if not isinstance(intent, str):
        return False
    name, colon, arg = intent.partition(":")
    handler = INTENTS.get(name)
    if handler is None or (name in ("viewer-hands", "viewer-reveal")) == bool(colon):
        return False
    return handler(state, arg)
