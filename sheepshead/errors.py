"""The one error family of the engine.

Everything the engine refuses raises a :class:`SheepsheadError`, a
``ValueError``, whose message is one readable line saying what was tried and
why it is refused.  Catch ``SheepsheadError`` to catch them all.
"""

from __future__ import annotations

__all__ = ["SheepsheadError", "NotationError", "IllegalActionError", "RecordError",
           "SLIPPED_PAST", "slipped_past_line"]


class SheepsheadError(ValueError):
    """Base of every error the engine raises on bad input."""


SLIPPED_PAST: tuple[type[BaseException], ...] = (ValueError, OverflowError, RecursionError,
                                                 MemoryError)
"""What the standard library raises when outside input is too big or too strange for it (an
integer too long to write, a recursion too deep).  Every bound in the engine is there so that
this never happens; the boundaries that read outside input (the command line, the page's link
and save paths) catch these too, after :class:`SheepsheadError`, so that a bound forgotten
still ends in one line and never a traceback.  That line is :func:`slipped_past_line`, which
the fuzz tests treat as a failure: a bug in a bound, not a refusal."""


def slipped_past_line(what: str, e: BaseException) -> str:
    """The one line for an error of :data:`SLIPPED_PAST` at a boundary."""
    return (f"{what}: could not be read ({type(e).__name__}); nothing was changed. "
            f"This is a bug in the game's checks: please report it with the input.")


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
