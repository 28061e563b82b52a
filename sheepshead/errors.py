"""The one error family of the engine.

Everything the engine refuses raises a :class:`SheepsheadError`, a
``ValueError``, whose message is one readable line saying what was tried and
why it is refused.  Catch ``SheepsheadError`` to catch them all.
"""

from __future__ import annotations

__all__ = ["SheepsheadError", "NotationError", "IllegalActionError", "RecordError"]


class SheepsheadError(ValueError):
    """Base of every error the engine raises on bad input."""


class NotationError(SheepsheadError):
    """Text that is not a card or an action of the record notation."""


class IllegalActionError(SheepsheadError):
    """An action that the rules do not allow in this position.

    ``seat`` is the seat to act and ``action`` the refused action (text);
    ``reason`` says why, e.g. ``seat 2 must follow trump``, and ``refusal`` is the same
    reason as data (a :class:`~sheepshead.refusals.Refusal`, typed loosely here because this
    module sits below every other), from which the table words it for the player.
    """

    def __init__(self, reason: str, *, action: str | None = None, seat: int | None = None,
                 refusal: object | None = None):
        super().__init__(reason)
        self.reason = reason
        self.action = action
        self.seat = seat
        self.refusal = refusal


class RecordError(SheepsheadError):
    """A hand record that cannot be read or replayed.

    When an action is at fault, ``index`` is its 0-based position in
    ``actions`` and the message reads ``action 7 "play 7C": seat 2 must follow trump``.
    """

    def __init__(self, message: str, *, index: int | None = None, action: str | None = None):
        super().__init__(message)
        self.index = index
        self.action = action
