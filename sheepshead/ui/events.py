"""What the page binding tells the page controller (events) and what it is told to do
(effects): small frozen values (:mod:`sheepshead.ui.page.controller`).

Pure Python, no ``js``.  The binding (``static/main.py``) makes an event of each thing the
browser reports and carries out each effect: :class:`Draw` patches regions of the page,
:class:`Wait` sets a timer that sends its :class:`Timer` back, :class:`Spawn` runs a
background job whose progress comes back as :class:`Progress`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

__all__ = ["Event", "Effect", "Start", "Tap", "Change", "Key", "Timer", "Progress", "Tick",
           "HashChange", "StorageChange", "Notice", "Failed", "BackupFile", "Draw", "Wait",
           "Announce", "Focus", "Spawn", "Share", "SetHash", "Look", "Download"]


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
class Progress:
    """A background job (par, link check, hand review, a hint) moved on: draw unless busy
    (a hint thought out is shown then)."""


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


Event = Start | Tap | Change | Key | Timer | Progress | Tick | HashChange | StorageChange \
    | Notice | Failed | BackupFile


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
    """Run a background job: ``job(progress)`` is awaited; it calls ``progress()`` to have
    the binding send :class:`Progress`."""

    job: Callable[[Callable[[], None]], Awaitable[None]]


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
