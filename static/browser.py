"""The browser's services for the page binding (``static/main.py``): storage, the clock and
sharing.  Only this file and ``main.py`` touch the browser (``pyscript`` / ``js``); PyScript
puts this file beside ``main.py`` (``pyscript.json``'s ``files``).

* :class:`LocalStorage` — ``localStorage`` as a :class:`~sheepshead.ui.storage.saves.Storage`;
  :func:`open_storage` gives None when the browser denies it.
* :func:`local_now` — the local date and time.
* :func:`share` — the system share sheet, else the clipboard, else the text to copy.
* :func:`download` — save a text as a file (a backup); :func:`read_file` — the file chosen
  in an ``<input type="file">`` (Import), as a :class:`~sheepshead.ui.events.BackupFile`.
* :func:`motion`, :func:`clock`, :func:`text_or_none`, :func:`is_none` — small helpers.
"""

import datetime
from collections.abc import Callable
from typing import Any

from pyodide.ffi import JsException, create_once_callable
from pyscript import document, window
from pyscript.ffi import to_js

from sheepshead.ui.events import BackupFile
from sheepshead.ui.storage.jsontext import MAX_BACKUP_CHARS

__all__ = ["LocalStorage", "open_storage", "local_now", "share", "is_none", "download",
           "read_file", "motion", "clock", "text_or_none"]


class LocalStorage:
    """``localStorage`` as a :class:`~sheepshead.ui.storage.saves.Storage`: the browser's refusals
    (SecurityError, QuotaExceededError) become ``OSError``."""

    def __init__(self, ls: Any) -> None:
        self.ls = ls

    def _call(self, method: str, *args: str) -> Any:
        try:
            if method == "keys":
                return [self.ls.key(i) for i in range(int(self.ls.length))]
            return getattr(self.ls, method)(*args)
        except JsException as e:
            raise OSError(str(e).splitlines()[0][:120] if str(e) else "refused") from None

    def get(self, key: str) -> str | None:
        value = self._call("getItem", key)
        return None if is_none(value) else str(value)

    def set(self, key: str, text: str) -> None:
        self._call("setItem", key, text)

    def remove(self, key: str) -> None:
        self._call("removeItem", key)

    def keys(self) -> list[str]:
        return [str(k) for k in self._call("keys") if not is_none(k)]


def open_storage() -> LocalStorage | None:
    """``localStorage``, or None when the browser denies it."""
    try:
        ls = window.localStorage
        if is_none(ls):
            return None
        ls.getItem("sheepshead.settings")
        return LocalStorage(ls)
    except JsException:               # denied (SecurityError)
        return None


def local_now() -> datetime.datetime:
    """The local date and time (naive), from the browser's clock."""
    d = window.Date.new()
    return datetime.datetime(int(d.getFullYear()), int(d.getMonth()) + 1, int(d.getDate()),
                             int(d.getHours()), int(d.getMinutes()), int(d.getSeconds()))


async def share(line: str, notice: Callable[..., None]) -> None:
    """Share ``line``: the share sheet, else the clipboard; ``notice(text)`` says what
    happened when it is not the share sheet."""
    nav = window.navigator
    if hasattr(nav, "share") and nav.share:
        try:
            await nav.share(to_js({"text": line}))
            return
        except JsException as e:      # cancelled: done; refused: the clipboard instead
            if getattr(e, "name", "") == "AbortError" or "AbortError" in str(e):
                return
    clipboard = getattr(nav, "clipboard", None)
    if clipboard is None or is_none(clipboard):     # no clipboard (an insecure page)
        notice(f"Copy this to share it: {line}", quiet=True)
        return
    try:
        await clipboard.writeText(line)
        link = " with its link" if "\n" in line else ""
        notice(f"Copied to the clipboard: “{line.splitlines()[0]}”{link}.", quiet=True)
    except JsException:               # permission refused
        notice(f"Copy this to share it: {line}", quiet=True)


def is_none(x: object) -> bool:
    """True for Python None and JavaScript null / undefined."""
    return x is None or type(x).__name__ in ("JsNull", "JsUndefined")


def text_or_none(value: Any) -> str | None:
    return None if is_none(value) else str(value)


def motion() -> bool:
    """Whether the browser allows motion (the system's reduced-motion preference)."""
    return not window.matchMedia("(prefers-reduced-motion: reduce)").matches


def clock() -> float:
    return float(window.performance.now()) / 1000


def download(name: str, text: str) -> None:
    """Save ``text`` as the file ``name``: a Blob and a link with ``download``, clicked."""
    url = window.URL.createObjectURL(window.Blob.new(to_js([text]),
                                                     to_js({"type": "application/json"})))
    link = document.createElement("a")
    link.href, link.download = url, name
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 10_000)


FILE_SLICE = 262_144
"""Bytes of a chosen file read and handed to Python at a time (:func:`read_file`): a string
of megabytes converted from JavaScript in one call is a main-thread task of hundreds of
milliseconds on a slow phone; a slice is a few."""


async def read_file(el: Any, send: Callable[[BackupFile], None]) -> None:
    """The file chosen in ``el`` (an ``<input type="file">``) for :func:`send`: its text,
    unless it is bigger than any backup (then it is not read at all), read
    :data:`FILE_SLICE` bytes at a time, each slice its own task.  A backup is ASCII: a
    character of several bytes that a slice cuts in two reads as U+FFFD, which is not, so
    such a file is refused as it would be whole."""
    files = el.files
    if is_none(files) or int(files.length) == 0:
        return
    chosen = files.item(0)
    size = int(chosen.size)
    text = None
    if size <= MAX_BACKUP_CHARS:
        parts = [str(await chosen.slice(at, at + FILE_SLICE).text())
                 for at in range(0, size, FILE_SLICE)]
        text = "".join(parts)
    el.value = ""                           # the same file can be chosen again
    send(BackupFile(str(chosen.name), text, size))
