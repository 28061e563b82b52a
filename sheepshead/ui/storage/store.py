"""The store: the one module that reads and writes the browser's storage, and every key it keeps.

Pure Python: the page adapts ``localStorage`` to :class:`Storage`; tests use a dict
(:class:`MemoryStorage`).  Every feature reads and writes its key through a :class:`Shelf`
(:class:`~.saves.SaveStore` the games and the settings, the results book of
:mod:`sheepshead.ui.daily.daily`, the boards of :mod:`sheepshead.ui.friends.boards`, the
table's picture here); nothing else calls the storage (``tests/test_store.py`` checks).

The contract, the same for every key (``docs/architecture.md``, "Storage"):

* **Bounded reads.** A value is read whole, as outside text (:mod:`.jsontext`: length, depth,
  format); one that cannot be read is set aside under ``sheepshead.set-aside.<n>`` with a
  one-line notice (:meth:`Shelf.take_notices`), never lost nor written over.
* **Every write a compare-and-set against the revision it read.**  A value carries its
  revision stamp as its first fields (``{"revision":3,"tab":"9f…","over":[2,"a1…"],…``:
  :func:`stamped`; a value without one, written before stamps, reads as revision 0);
  :meth:`Shelf._write_value` writes only over the revision this tab last read or wrote
  (:meth:`Shelf._read_value`), else raises :class:`StaleWrite` and the owner reads, changes
  and writes again (three tries, then a notice).  A game's save carries its revision in its
  own fields (``revision``, ``tab``: :class:`~.saves.SaveStore`) and a stale one is refused:
  the game went on in another tab.
* **Another tab's write** reaches this tab later, with the browser's ``storage`` event;
  :meth:`Owners.external_change` (one per tab, shared by its shelves) hands it to the key's
  owner, telling it whether this tab's last write of the key lost the race (the arriving
  write was not made over it), and the owner applies that key's rule:
  games turn stale ("went on in another tab — Reload"), the results book and the boards
  merge when this tab's write was lost (this tab's own results and rows written back), the
  settings merge field by field, the picture is only a drawing (last writer).
* **Refusals** (blocked, full) become :class:`StorageFailed`; a write refused for room is
  tried once more after the table's picture gives way (:meth:`Shelf._set`).

Standard library only.
"""

from __future__ import annotations

import datetime as _dt
import json
import re
import secrets
from collections.abc import Callable
from typing import Protocol

from ...errors import SheepsheadError
from ...grammar import parse_date

__all__ = [
    "Storage", "MemoryStorage", "Shelf", "SaveError", "StorageFailed", "StaleWrite", "set_aside",
    "Owners", "Revision", "NO_REVISION", "STAMP_FIELDS", "stamped", "unstamp", "new_tab_id",
    "KEY_PREFIX", "GAME_KEY", "SETTINGS_KEY", "RESULTS_KEY", "BOARDS_KEY", "PICTURE_KEY",
    "DAILY_PREFIX", "SET_ASIDE_PREFIX", "OLD_SAVE_KEY", "OLD_PREVIOUS_KEY", "SET_ASIDE_FORMAT",
    "daily_key", "date_of_key", "what_is_kept",
]

# -------------------------------------------------------------------- keys
KEY_PREFIX = "sheepshead."                  # every key the page keeps starts so
GAME_KEY = "sheepshead.game"
"""The current New Game's save (:mod:`.saves`)."""
SETTINGS_KEY = "sheepshead.settings"
"""The settings, apart from any game (:mod:`.saves`, :mod:`.settings`)."""
RESULTS_KEY = "sheepshead.daily.results"
"""The Daily's results book (:mod:`sheepshead.ui.daily.daily`)."""
BOARDS_KEY = "sheepshead.boards"
"""The boards of the games you opened (:mod:`sheepshead.ui.friends.boards`)."""
PICTURE_KEY = "sheepshead.picture"
"""The table's picture (:mod:`.picture`, drawn by ``static/picture.js``)."""
DAILY_PREFIX = "sheepshead.daily."
"""A Daily's save is kept under this and its date (:func:`daily_key`)."""
SET_ASIDE_PREFIX = "sheepshead.set-aside."
"""Anything this version could not read, kept with a one-line reason (:func:`set_aside`)."""
OLD_SAVE_KEY = "sheepshead.save"
OLD_PREVIOUS_KEY = "sheepshead.save.previous"
"""The previous version's keys: its one game, and the game it left behind."""
SET_ASIDE_FORMAT = "sheepshead-set-aside/1"


def daily_key(day: _dt.date | str) -> str:
    """The key of a date's Daily: ``sheepshead.daily.2026-12-01`` (``day`` is a
    :class:`datetime.date` or its ISO text)."""
    text = day if isinstance(day, str) else day.isoformat()
    key = DAILY_PREFIX + text
    if date_of_key(key) is None:
        raise SheepsheadError(f"{text!r} is not a date (YYYY-MM-DD)")
    return key


def date_of_key(key: str) -> str | None:
    """``YYYY-MM-DD`` of a Daily's key, None for any other key (the results book too)."""
    if not key.startswith(DAILY_PREFIX):
        return None
    try:
        return parse_date(key[len(DAILY_PREFIX):]).isoformat()
    except SheepsheadError:
        return None


def what_is_kept(key: str) -> str:
    """What a key holds, in words, for a notice (``The Daily of 2026-12-01``)."""
    date = date_of_key(key)
    if date is not None:
        return f"The Daily of {date}"
    words = {GAME_KEY: "The New Game", SETTINGS_KEY: "The settings",
             RESULTS_KEY: "The Daily results", BOARDS_KEY: "The boards",
             PICTURE_KEY: "The table's picture",
             OLD_SAVE_KEY: "The previous version's saved game",
             OLD_PREVIOUS_KEY: "The previous version's saved game"}
    return words.get(key, f"“{key[:40]}”")


# ------------------------------------------------------------------ errors
class SaveError(SheepsheadError):
    """A value that could not be read or written; what is in memory is untouched."""

    def __init__(self, message: str, key: str) -> None:
        super().__init__(message)
        self.key = key


class StorageFailed(SaveError):
    """The browser's storage refused (blocked, full, or it raised): nothing was written."""


class StaleWrite(SaveError):
    """A compare-and-set that lost: another tab wrote the key since this tab read it, so
    nothing was written (read again, change again, write again: :meth:`Shelf._update`)."""


# --------------------------------------------------------------- revisions
Revision = tuple[int, str]
"""A value's revision stamp: its number and the tab that wrote it."""
STAMP_FIELDS = ("revision", "tab", "over")
"""The stamp's fields: a reader that keeps unknown fields drops these (an older version's tab
keeps them as unknown and writes them back after its own)."""
NO_REVISION: Revision = (0, "")
"""The stamp of no value, and of a value written before stamps (migration-free: revision 0)."""
_STAMP = re.compile(r'\{"revision":([0-9]{1,9}),"tab":"([0-9a-zA-Z]{1,16})",'
                    r'"over":\[([0-9]{1,9}),"([0-9a-zA-Z]{0,16})"\](,?)', re.ASCII)


def new_tab_id() -> str:
    """A random id for this tab (8 hex digits)."""
    return secrets.token_hex(4)


def stamped(body: str, revision: Revision, over: Revision) -> str:
    """``body`` (a JSON object's text) with its revision stamp and the stamp of the value it
    was written over as its first fields: ``{"revision":3,"tab":"9f…","over":[2,"a1…"],…``."""
    head = (f'{{"revision":{revision[0]},"tab":"{revision[1]}",'
            f'"over":[{over[0]},"{over[1]}"]')
    rest = body[1:].lstrip()
    return head + ("" if rest.startswith("}") else ",") + rest


def unstamp(text: str) -> tuple[str, Revision, Revision]:
    """The body of a stored value, its stamp and the stamp it was written over (both
    :data:`NO_REVISION` for a value without one: read as it is).  Matched at the start only:
    bounded, linear."""
    m = _STAMP.match(text)
    if m is None:
        return text, NO_REVISION, NO_REVISION
    rest = text[m.end():]
    if not m.group(5) and not rest.startswith("}"):
        return text, NO_REVISION, NO_REVISION
    return ("{" + rest, (int(m.group(1)), m.group(2)), (int(m.group(3)), m.group(4)))


class Owners:
    """One tab's view of its keys, shared by every :class:`Shelf` of the tab: who owns each
    key (the ``storage`` event is routed there: :meth:`external_change`), the revision each
    key was last read or written at (a write is a compare-and-set against it), and this
    tab's writes not yet seen built on by another tab (``pending``: an arriving write that
    was not made over it means this tab's write lost the race)."""

    def __init__(self, tab: str | None = None) -> None:
        self.tab = tab or new_tab_id()
        self.read: dict[str, Revision] = {}
        self.pending: dict[str, Revision] = {}
        self._owners: dict[str, Callable[[str | None, str | None, bool], bool]] = {}

    def own(self, key: str, handler: Callable[[str | None, str | None, bool], bool]) -> None:
        """``handler(key, new_text, lost)`` takes another tab's writes of ``key`` (a key, or a
        prefix ending in ``.`` for every key under it): ``new_text`` without its stamp, ``lost``
        True when this tab's last write of the key was not built on; True to draw again."""
        self._owners[key] = handler

    def owner(self, key: str) -> Callable[[str | None, str | None, bool], bool] | None:
        if key in self._owners:
            return self._owners[key]
        for prefix, handler in self._owners.items():
            if prefix.endswith(".") and key.startswith(prefix) and key != prefix[:-1]:
                return handler
        return None

    def external_change(self, key: str | None, new_text: str | None) -> bool:
        """The browser's ``storage`` event (``event.key``, ``event.newValue``), handed to the
        key's owner: True when the page should draw again.  A cleared storage (``key``
        None) goes to every owner."""
        if key is None:
            self.read.clear()
            self.pending.clear()
            return any([handler(None, None, False) for handler in list(self._owners.values())])
        handler = self.owner(key)
        if handler is None:
            return False
        body, stamp, over = (None, NO_REVISION, NO_REVISION) if new_text is None \
            else unstamp(new_text)
        lost = False
        mine = self.pending.get(key)
        if mine is not None and stamp[1] != self.tab:
            del self.pending[key]
            lost = over != mine
        self.read[key] = stamp
        return handler(key, body, lost)


# ----------------------------------------------------------------- storage
class Storage(Protocol):
    """Text values by key, as ``localStorage`` keeps them.

    Any method may raise :class:`OSError` when the browser refuses (storage blocked,
    quota exceeded): the page's adapter turns the browser's exceptions into
    ``OSError``; :class:`Shelf` turns them into :class:`StorageFailed`."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, text: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


class MemoryStorage:
    """A :class:`Storage` in a dict (tests, and a page whose storage is blocked)."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items: dict[str, str] = dict(items or {})

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, text: str) -> None:
        self.items[key] = text

    def remove(self, key: str) -> None:
        self.items.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.items)


# ---------------------------------------------------------------- set aside
def set_aside(storage: Storage, key: str, text: str, reason: str) -> str:
    """Keep ``text`` (found under ``key``) under the next free ``sheepshead.set-aside.<n>``
    with a one-line ``reason``; the new key.  Does not remove ``key``.  Raises
    :class:`StorageFailed` when it cannot be written."""
    try:
        names = storage.keys()          # a Storage, not a dict: keys() is its own method
        taken = [k[len(SET_ASIDE_PREFIX):] for k in names if k.startswith(SET_ASIDE_PREFIX)]
        n = 1 + max((int(t) for t in taken if t.isascii() and t.isdigit() and len(t) < 12), default=0)
        new = f"{SET_ASIDE_PREFIX}{n}"
        line = " ".join(reason.split())[:300]
        storage.set(new, json.dumps({"format": SET_ASIDE_FORMAT, "from": key, "reason": line,
                                     "text": text}, ensure_ascii=False))
    except OSError as e:
        raise _refused(key, "set aside", e) from None
    return new


def _oneline(e: BaseException, limit: int = 120) -> str:
    text = str(e).splitlines()[0] if str(e) else type(e).__name__      # cut where a word ends:
    return text if len(text) <= limit else text[:limit + 1].rsplit(" ", 1)[0].rstrip(" ,;:(") + "…"


def _refused(key: str, what: str, e: OSError) -> StorageFailed:
    return StorageFailed(f"{what_is_kept(key)} could not be {what}: storage refused "
                         f"({_oneline(e)})", key)


# -------------------------------------------------------------------- shelf
class Shelf:
    """One :class:`Storage` as every feature of the page uses it: the browser's refusals
    become :class:`StorageFailed`, a value that cannot be read is set aside under
    ``sheepshead.set-aside.<n>`` with a one-line notice (:meth:`take_notices`), never lost
    nor written over, and a write refused for room is tried again once the table's picture
    has given way (the picture is only a drawing of a save).  A value read with
    :meth:`_read_value` and written with :meth:`_write_value` carries its revision stamp, and
    the write is a compare-and-set against it; the tab's :class:`Owners` (shared by its
    shelves) remembers the revisions and routes the ``storage`` event."""

    def __init__(self, storage: Storage, owners: Owners | None = None) -> None:
        self.storage = storage
        self.owners = owners or Owners()
        self._notices: list[str] = []

    def take_notices(self) -> list[str]:
        """The one-line notices since the last call (what was set aside, what failed)."""
        out, self._notices = self._notices, []
        return out

    # ---------------------------------------------------------- reading
    def text(self, key: str) -> str | None:
        """The text under ``key`` as stored (None: none, or storage refused)."""
        try:
            return self.storage.get(key)
        except OSError:
            return None

    def names(self) -> list[str]:
        """The keys storage holds (none when it refuses)."""
        try:
            return self.storage.keys()
        except OSError:
            return []

    def holds_nothing(self) -> bool:
        """Nothing of the game's is kept here: a first visit (never when storage refuses)."""
        try:
            names = self.storage.keys()
        except OSError:
            return False
        return not any(k.startswith(KEY_PREFIX) for k in names)

    # ---------------------------------------------------------- the picture
    def keep_picture(self, text: str) -> None:
        """Keep the table's picture (the last one drawn wins, in whichever tab).  Where storage
        refuses it (full), the older picture goes too; the save's own failure, if any, says
        so once (the picture is only a drawing)."""
        try:
            self.storage.set(PICTURE_KEY, text)
        except OSError:
            self.drop_picture()

    def drop_picture(self) -> bool:
        """Remove the table's picture: True when one was removed (room for a save)."""
        try:
            if self.storage.get(PICTURE_KEY) is None:
                return False
            self.storage.remove(PICTURE_KEY)
        except OSError:
            return False
        return True

    # ---------------------------------------------------------- writing
    def _get(self, key: str) -> str | None:
        try:
            return self.storage.get(key)
        except OSError as e:
            raise _refused(key, "read", e) from None

    def _set(self, key: str, text: str) -> None:
        """Write ``text`` under ``key``; when storage refuses, once more after the table's
        picture gave way (full?); raises :class:`StorageFailed` when it still refuses."""
        try:
            self.storage.set(key, text)
        except OSError as e:
            if key == PICTURE_KEY or not self.drop_picture():
                raise _refused(key, "saved", e) from None
            try:
                self.storage.set(key, text)
            except OSError as again:
                raise _refused(key, "saved", again) from None

    # ---------------------------------------------------------- revisions
    def _read_value(self, key: str) -> str | None:
        """The value under ``key`` without its stamp (None: none), its revision remembered
        for the next :meth:`_write_value`.  Raises :class:`StorageFailed`."""
        text = self._get(key)
        if text is None:
            self.owners.read[key] = NO_REVISION
            return None
        body, stamp, _ = unstamp(text)
        self.owners.read[key] = stamp
        return body

    def _write_value(self, key: str, body: str) -> None:
        """Write ``body`` under ``key`` as its next revision, a compare-and-set: raises
        :class:`StaleWrite` (nothing written) when the stored revision is not the one this
        tab last read or wrote, :class:`StorageFailed` when storage refuses."""
        seen = self.owners.read.get(key)
        text = self._get(key)
        stamp = NO_REVISION if text is None else unstamp(text)[1]
        if seen != stamp:
            raise StaleWrite(f"{what_is_kept(key)} changed in another tab since it was read "
                             f"here (revision {stamp[0]})", key)
        revision = (1 + max(stamp[0], self.owners.pending.get(key, NO_REVISION)[0]),
                    self.owners.tab)
        self._set(key, stamped(body, revision, stamp))
        self.owners.read[key] = self.owners.pending[key] = revision

    def _update(self, key: str, change: Callable[[str | None], str | None]) -> bool:
        """Read ``key``, ``change`` its body (None: nothing to write) and write it, the write a
        compare-and-set; one that lost the race is read, changed and written again, and after
        three tries refused with a notice.  True when written."""
        for _ in range(3):
            body = change(self._read_value(key))
            if body is None:
                return False
            try:
                self._write_value(key, body)
            except StaleWrite:
                continue
            return True
        self._notices.append(f"{what_is_kept(key)} kept changing in another tab; "
                             f"this change was not written: try again.")
        return False

    def _drop(self, key: str) -> bool:
        """Remove ``key`` (after it was set aside); False when storage refused."""
        try:
            self.storage.remove(key)
        except OSError:
            return False
        return True

    def _set_aside(self, key: str, text: str, reason: str) -> str | None:
        """Set aside and notice; None (and the value left where it is) when that failed.
        ``text`` read without its stamp (:meth:`_read_value`) is set aside whole, stamp and all."""
        stored = self.text(key)
        if stored is not None and stored != text and unstamp(stored)[0] == text:
            text = stored
        try:
            new = set_aside(self.storage, key, text, reason)
        except StorageFailed:
            self._notices.append(f"{what_is_kept(key)} could not be read ({reason}) nor set "
                                 f"aside (storage refused); nothing was changed under “{key}”.")
            return None
        self._notices.append(f"{what_is_kept(key)} could not be read ({reason}); it is kept "
                             f"in this browser's storage as “{new}”.")
        return new

    def _put_aside(self, key: str, text: str, reason: str) -> bool:
        """Set aside what ``key`` holds and remove it: True when ``key`` is now free."""
        return self._set_aside(key, text, reason) is not None and self._drop(key)
