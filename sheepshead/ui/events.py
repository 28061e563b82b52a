"""What the page binding tells the page controller (events) and what it is told to do
(effects): small frozen values (:mod:`sheepshead.ui.page.controller`).

Pure Python, no ``js``.  The binding (``static/main.py``) makes an event of each thing the
browser reports and carries out each effect: :class:`Draw` patches regions of the page,
:class:`Wait` sets a timer that sends its :class:`Timer` back, :class:`Spawn` runs a
background job, which changes nothing itself: it sends what it found as events carrying the
data (:class:`ParWorked`, :class:`ParDone`, :class:`MovesChecked`, :class:`HintFound`,
:class:`Reviewed`, :class:`BoardRead`, :class:`RowChecked`, :class:`BackupRead`), and the
controller applies them in :meth:`~sheepshead.ui.page.controller.Controller.handle` like
any other event.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..bots.advice import Hint, ReviewStep
    from ..results import ResultCheck, ResultLink

__all__ = ["Event", "Effect", "Start", "Tap", "Change", "Key", "Timer", "Tick",
           "HashChange", "StorageChange", "Notice", "Failed", "BackupFile", "ParWorked",
           "ParDone", "MovesChecked", "HintFound", "Reviewed", "BoardRead", "RowChecked",
           "BackupRead", "Found", "Send", "Draw", "Wait", "Announce", "Focus", "Spawn",
           "Share", "SetHash", "Look", "Download"]


# ------------------------------------------------------------------ events
@dataclass(frozen=True)
class Start:
    """The page is up: open what ``fragment`` (the location hash) names; ``pending`` is the
    top-bar button tapped while Python started (``menu`` / ``scores``), if any; ``taps`` the
    taps on the table's stored picture before then, in order (``act:play QC``,
    ``ui:next``), each carried out once."""

    fragment: str
    pending: str = ""
    taps: tuple[str, ...] = ()


@dataclass(frozen=True)
class Tap:
    """A tap (or Enter / Space) on a button: its ``data-act`` or its ``data-ui``."""

    act: str | None = None
    ui: str | None = None


@dataclass(frozen=True)
class Change:
    """A settings control changed: ``data-option`` (a table option) or ``data-setting``."""

    key: str
    value: str | bool
    option: bool = False


@dataclass(frozen=True)
class Key:
    key: str


@dataclass(frozen=True)
class Timer:
    """A :class:`Wait` ran out (``generation`` is the one that asked)."""

    generation: int


@dataclass(frozen=True)
class Tick:
    """Every :data:`TICK_S`: today's date (ISO)."""

    today: str


@dataclass(frozen=True)
class HashChange:
    fragment: str


@dataclass(frozen=True)
class StorageChange:
    key: str | None
    new: str | None


@dataclass(frozen=True)
class Notice:
    """A line for the notices (the binding's share sheet reports this way)."""

    text: str
    quiet: bool = False


@dataclass(frozen=True)
class Failed:
    """An unexpected error (a bug) in handling an event or in a background job."""

    error: BaseException


@dataclass(frozen=True)
class BackupFile:
    """A file chosen for Import (the menu's ``<input type="file">``): its name, its text
    (None when its ``size`` in bytes was over the most a backup takes: it was not read)."""

    name: str
    text: str | None
    size: int


# ------------------------------------------------- what background jobs found
@dataclass(frozen=True)
class ParWorked:
    """How far the par of ``day`` has got (0 to 1); ``done`` None: the job stopped (failed)."""

    day: _dt.date
    done: float | None


@dataclass(frozen=True)
class ParDone:
    """The par of ``day`` worked out: ``total``, to keep in the results book."""

    day: _dt.date
    total: int


@dataclass(frozen=True)
class MovesChecked:
    """The computer-move check of the result link ``link`` ended: ``ok`` whether every
    computer move is this version's players', else the ``difference`` first found."""

    link: ResultLink
    ok: bool | None
    difference: str | None


@dataclass(frozen=True)
class HintFound:
    """The hint thought out for the game ``seed`` after ``at`` actions."""

    seed: str
    at: int
    hint: Hint


@dataclass(frozen=True)
class Reviewed:
    """A hand's review as far as it has got: the review of hand ``hand`` (of the game
    ``game``'s review, None: the hand on the table's), its ``steps`` so far, how many there
    are (``total``), and whether it is ``done``; ``of`` how many hands the game's review
    has (with ``game``); ``notes`` the words each line adds."""

    game: tuple[str, bool] | None
    hand: int
    steps: tuple[ReviewStep, ...]
    total: int | None
    done: bool
    of: int = 0
    notes: tuple[tuple[int, str], ...] = ()
    """What each decision's line adds in words, by its place in the hand
    (:func:`~sheepshead.ui.help.review.step_note`)."""


@dataclass(frozen=True)
class BoardRead:
    """A board link of ``game`` read: its results checked (link, scores, hints said) and
    the lines refusing the others."""

    game: str
    checked: tuple[tuple[ResultLink, ResultCheck, bool | None], ...]
    refused: tuple[str, ...]


@dataclass(frozen=True)
class RowChecked:
    """One row of the board of ``game`` checked (``link``): its ``scores`` (a check, or the
    reason it is refused), or, with ``scores`` None, its computer moves (``moves``: whether
    they are this version's players', else ``why`` not); ``last``: the job is over, nothing
    checked."""

    game: str
    link: str
    scores: ResultCheck | str | None = None
    moves: bool | None = None
    why: str = ""
    last: bool = False
    draw: bool = True
    """Draw the board now (the job draws at most four times a second)."""


@dataclass(frozen=True)
class BackupRead:
    """The backup being read (``reading``, which names it) has replayed ``checked`` (done, of
    how many) Daily results; then, once read, the ``backup`` to offer or the ``refusal``."""

    reading: object
    checked: tuple[int, int] = (0, 0)
    backup: object = None
    """The :class:`~sheepshead.ui.backup.backup.Backup` read (typed loosely: the events sit
    below the packages)."""
    refusal: str | None = None


Found = ParWorked | ParDone | MovesChecked | HintFound | Reviewed | BoardRead | RowChecked \
    | BackupRead
"""What a background job sends back."""

Event = Start | Tap | Change | Key | Timer | Tick | HashChange | StorageChange \
    | Notice | Failed | BackupFile | Found
Send = Callable[[Event], None]
"""How a background job hands what it found to the page (the binding's ``send``)."""


# ----------------------------------------------------------------- effects
@dataclass(frozen=True)
class Draw:
    """Patch the regions (element id, inner HTML: only those that changed), set the
    attributes (selector, name, value; None removes it) and the document title."""

    regions: tuple[tuple[str, str], ...]
    attrs: tuple[tuple[str, str, str | None], ...]
    title: str


@dataclass(frozen=True)
class Wait:
    """Send ``then`` after ``seconds``."""

    seconds: float
    then: Timer


@dataclass(frozen=True)
class Announce:
    """The live region's text (a screen reader reads it)."""

    text: str


@dataclass(frozen=True)
class Focus:
    """Focus the element the first of ``selectors`` that matches anything matches first;
    ``if_lost``: only when nothing inside the page has the focus (the focused button was
    played away, say)."""

    selectors: tuple[str, ...]
    if_lost: bool = False


@dataclass(frozen=True)
class Spawn:
    """Run a background job: ``job(send)`` is awaited; it changes nothing itself and hands
    what it finds to ``send`` as events (:data:`Found`)."""

    job: Callable[[Send], Awaitable[None]]


@dataclass(frozen=True)
class Share:
    """The share sheet, else the clipboard, with ``line``."""

    line: str


@dataclass(frozen=True)
class SetHash:
    """The location hash (replacing the history entry)."""

    fragment: str


@dataclass(frozen=True)
class Look:
    """The page's look: body classes on / off and style properties of ``<body>``."""

    classes: tuple[tuple[str, bool], ...]
    props: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Download:
    """Save ``text`` as a file named ``name`` (a backup: :mod:`sheepshead.ui.backup.moving`)."""

    name: str
    text: str


Effect = Draw | Wait | Announce | Focus | Spawn | Share | SetHash | Look | Download
