"""Moving to another browser: the page's part of a backup (issue 24, :mod:`.backup`).

Pure Python (no ``js``).  A :class:`Moving` belongs to a
:class:`~sheepshead.ui.page.session.Session`.  The menu's buttons export a backup as a file
(:class:`~sheepshead.ui.events.Download`) or as a link (shared like a result); a file chosen
in the menu (:class:`~sheepshead.ui.events.BackupFile`) and a ``#backup=1.…`` link opened
are read as outside text, and never applied silently: a dialog says what the backup holds
and asks first (:meth:`Moving.overlay`).  Importing merges (:func:`.backup.import_backup`)
and one line says what came in.

Intents (``data-ui``, :data:`INTENTS`): ``backup-file``, ``backup-link`` (the menu);
``import-yes``, ``import-replace``, ``import-no`` (the dialog).
"""

from __future__ import annotations

import asyncio
import datetime as _dt
from collections.abc import Awaitable, Callable, Container, Generator
from dataclasses import replace
from html import escape
from typing import TYPE_CHECKING, Protocol, cast

from ...errors import SheepsheadError
from ..daily.daily import DailyResults
from ..events import BackupFile, BackupRead, Download, Send, Share
from ..look.markup import button
from ..storage.jsontext import MAX_BACKUP_CHARS
from ..storage.saves import GAME_KEY, SaveError, SaveStore, date_of_key
from ..storage.settings import Settings

if TYPE_CHECKING:                   # the format loads with the first export or import
    from .backup import Backup, Reading

__all__ = ["Moving", "Owner", "INTENTS"]


class Owner(Protocol):
    """What a :class:`Moving` reads and changes of the page's state (the
    :class:`~sheepshead.ui.page.session.Session`, given to each call)."""

    results: DailyResults
    store: SaveStore
    settings: Settings
    key: str

    @property
    def today(self) -> _dt.date: ...

    def notice(self, text: str) -> None: ...

    def adopt_settings(self, settings: Settings) -> None: ...

    def save_settings(self) -> None: ...

    def reload(self) -> None: ...


class Moving:
    """Export and import of one tab (see the module docstring): what it holds is its own
    (a backup read or offered); the session it reads and changes is given to each call
    that needs it, never kept."""

    def __init__(self) -> None:
        self.offer: tuple[Backup, str] | None = None
        """A backup read and waiting for the player's answer, and where it came from."""
        self.reading: tuple[Reading, str, Callable[[SheepsheadError], str]] | None = None
        """A backup being read (:meth:`read`): its steps, where it came from, and the line
        that says why it is refused."""
        self.started: object = None        # the reading whose job has been started
        self.checked = (0, 0)
        """Daily results replayed so far, of how many (while :attr:`reading`)."""

    # ---------------------------------------------------------------- out
    def backup(self, s: Owner) -> Backup:
        from .backup import make_backup
        return make_backup(s.results, s.store, s.settings, s.today)

    def export_file(self, s: Owner) -> Download:
        """The backup file to download, with one line saying what it holds."""
        from .backup import file_name
        backup = self.backup(s)
        s.notice(f"Downloading {file_name(s.today)}: {backup.holds()}. "
                      f"Import it in the other browser.")
        return Download(file_name(s.today), backup.to_text())

    def export_link(self, s: Owner, href: str) -> Share | None:
        """The backup as a link to share (results only, or the latest, when all does not
        fit; the text says so)."""
        from .backup import backup_link
        backup = self.backup(s)
        try:
            link, carried = backup_link(backup, href)
        except SheepsheadError as e:
            s.notice(f"No link: {e}.")
            return None
        head = f"Sheepshead backup: {carried.holds()}"
        if carried.partial:
            head += f" (not all: a link holds {len(carried.results):,} of your " \
                    f"{len(backup.results):,} results and no games; export a file for all)"
        return Share(f"{head}. Open this link in the other browser:\n{link}")

    # ----------------------------------------------------------------- in
    def open_link(self, s: Owner, fragment: str) -> None:
        """A ``#backup=`` link: read it (:meth:`read`) and ask, or say in one line why it is
        refused."""
        def refused(e: SheepsheadError) -> str:
            why = str(e).removeprefix("backup link: ").removeprefix("backup: ")
            return f"This backup link cannot be read: {why}. Nothing was imported."

        def steps() -> Reading:
            from .backup import read_link_steps
            return read_link_steps(fragment, today=s.today,
                                   here=s.results.book().results)
        self._begin(_later(steps), "link", refused)

    def open_file(self, s: Owner, event: BackupFile) -> None:
        """A file chosen for Import: read it (:meth:`read`) and ask (one line when
        refused)."""
        name, text = event.name[:60], event.text
        if text is None or event.size > MAX_BACKUP_CHARS:
            s.notice(f"“{name}” is too big to be a backup ({event.size:,} bytes). "
                          f"Nothing was imported.")
            return

        def steps() -> Reading:
            from .backup import read_backup_steps
            return read_backup_steps(text, today=s.today,
                                     here=s.results.book().results)
        self._begin(_later(steps), "file", lambda e: f"“{name}” cannot be imported: {e}.")

    def _begin(self, steps: Reading, source: str,
               refused: Callable[[SheepsheadError], str]) -> None:
        self.offer, self.checked = None, (0, 0)
        self.reading = (steps, source, refused)

    def job(self) -> Callable[[Send], Awaitable[None]] | None:
        """The background job that reads the backup opened last, once (None: none to start)."""
        if self.reading is None or self.reading is self.started:
            return None
        self.started = reading = self.reading
        return lambda send: self.read(reading, send)

    async def read(self, reading: tuple[Reading, str, Callable[[SheepsheadError], str]],
                   send: Send) -> None:
        """Read ``reading`` a step at a time (every Daily result new here is replayed with its
        computer players' every decision: seconds a result, more on a phone), the page's
        turn between steps and the count sent at most four times a second
        (:func:`.pacing.paced`); then the backup to offer, or the line saying why it is
        refused (:class:`BackupRead`, applied by :meth:`backup_read`).  A backup cancelled or
        replaced meanwhile is dropped."""
        from ..pacing import SLICE_S, paced
        steps, source, refused = reading
        found: list[Backup] = []
        checked = (0, 0)

        def run() -> Generator[tuple[int, int] | None, None, None]:
            found.append((yield from steps))

        def shown() -> None:
            send(BackupRead(reading, checked))
        await asyncio.sleep(0)          # the page's turn first (see _later)
        try:
            async for seen in paced(run(), shown, turn_every=SLICE_S):
                if self.reading is not reading:
                    return                          # cancelled, or another one opened
                if seen is not None:
                    checked = seen
        except SheepsheadError as e:
            send(BackupRead(reading, checked, refusal=refused(e)))
            return
        send(BackupRead(reading, checked, backup=found[0]))

    def backup_read(self, s: Owner, event: BackupRead) -> None:
        """How far the backup being read has got, then the backup read: offered (the dialog
        asks), or refused in one line (:class:`BackupRead`).  One no longer being read is
        dropped."""
        reading = self.reading
        if reading is None or event.reading is not reading:
            return
        self.checked = event.checked
        if event.refusal is not None:
            self.reading = None
            s.notice(event.refusal)
        elif event.backup is not None:
            self.reading, self.offer = None, (cast("Backup", event.backup), reading[1])

    def _export_file(self, s: Owner, href: str) -> Download:
        return self.export_file(s)

    def _import_yes(self, s: Owner, href: str) -> None:
        self.import_offer(s, replacing=False)

    def _import_replace(self, s: Owner, href: str) -> None:
        self.import_offer(s, replacing=True)

    def _import_no(self, s: Owner, href: str) -> None:
        """Not imported (which also stops a backup still being read)."""
        self.offer = self.reading = None

    def import_offer(self, s: Owner, replacing: bool) -> None:
        """The dialog's answer: import, keeping or ``replacing`` the games here."""
        offer, self.offer = self.offer, None
        if offer is None:
            return
        from .backup import import_backup, merged_settings
        try:
            done = import_backup(offer[0], s.results, s.store, today=s.today,
                                 replace_games=replacing)     # full? the picture gives way
        except SaveError as e:                      # StorageFailed too: nothing written
            s.notice(f"Nothing was imported: {e}.")
            return
        settings = merged_settings(s.settings, offer[0].settings)
        if settings is not None:
            s.adopt_settings(settings)              # in place: the table draws from it too
            s.save_settings()
        s.notice(replace(done, settings=settings is not None).line())
        if done.games and s.key in offer[0].games:
            s.reload()                              # the game on the table came in

    # ------------------------------------------------------------- screen
    def overlay(self, s: Owner) -> tuple[str, str] | None:
        """The question before an import, or what is being read (None: neither)."""
        if self.reading is not None:
            done, of = self.checked
            line = (f"Checking its Daily results: {done:,} of {of:,}…" if of else
                    "Checking it…")
            return "import", _dialog("Reading the backup…",
                                     f'<p>{escape(line)}</p>',
                                     button("Cancel", "", data_ui="import-no"))
        if self.offer is None:
            return None
        from .backup import count, in_the_way
        backup, source = self.offer
        made = f" (made {backup.made.isoformat()})" if backup.made else ""
        lines = [f"This {source}{made} holds {backup.holds()}."]
        if backup.daily_results:
            lines.append(_results_line(backup, s.results.book().results))
        if backup.partial:
            lines.append("It is only part of a backup: the file holds everything.")
        games = backup.skipped - backup.tally.unreadable
        if games:
            lines.append(f"{count(games, 'game')} could not be read and will be skipped.")
        way = in_the_way(backup, s.store)
        if way:
            lines.append(f"{_names(way)} here would be replaced by the backup's: keep "
                         f"{'it' if len(way) == 1 else 'them'}, or replace.")
        buttons = button("Import", "primary", data_ui="import-yes")
        if way:
            buttons += button("Import and replace", "danger", data_ui="import-replace")
        buttons += button("Cancel", "", data_ui="import-no")
        text = "".join(f"<p>{escape(line)}</p>" for line in lines)
        return "import", _dialog("Import this backup?", text, buttons)


def _later(make: Callable[[], Reading]) -> Reading:
    """The steps ``make`` returns, made in the job's first step rather than where the backup
    was opened: loading the backup's modules the first time (compiling them) is a task of
    its own, not added to the one that drew the page (:mod:`.backup` loads on first use
    where the page started without the start snapshot, which imports it already)."""
    yield None
    return (yield from make())


def _results_line(backup: Backup, here: Container[_dt.date]) -> str:
    """``Daily results: 2 new, 1 already here, 2 refused (1 for a date still to come, 1
    whose computer moves do not check).``  "Already here" is counted again as the question
    is shown (another tab may have locked a date meanwhile)."""
    new = sum(day not in here for day in backup.results)
    already = backup.tally.already + len(backup.results) - new
    t = backup.tally
    parts = [f"{new:,} new" if new else "none new"]
    if already:
        parts.append(f"{already:,} already here")
    if t.refused:
        why = [(t.future, "for a date still to come"),
               (t.moves, "whose computer moves do not check"),
               (t.unreadable, "that could not be read or do not add up")]
        parts.append(f"{t.refused:,} refused "
                     f"({', '.join(f'{n:,} {w}' for n, w in why if n)})")
    line = f"Daily results: {', '.join(parts)}."
    if already:
        line += " Results already here stay as they are."
    return line


def _dialog(title: str, text: str, buttons: str) -> str:
    return ('<div class="dialog confirm" role="alertdialog" aria-modal="true" '
            'aria-labelledby="import-title" id="import">'
            '<div class="dialog-head"><h2 id="import-title" tabindex="-1">'
            f'{escape(title)}</h2></div>'
            f'<div id="import-text">{text}</div>'
            f'<div class="menu-buttons">{buttons}</div></div>')


def _names(keys: tuple[str, ...]) -> str:
    names = ["Your New Game" if k == GAME_KEY else f"Your Daily of {date_of_key(k)}"
             for k in keys]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


INTENTS: dict[str, Callable[[Moving, Owner, str], Download | Share | None]] = {
    "backup-file": Moving._export_file, "backup-link": Moving.export_link,
    "import-yes": Moving._import_yes, "import-replace": Moving._import_replace,
    "import-no": Moving._import_no,
}
"""The backup's ``data-ui`` taps, each to its handler: given the session (the state it
reads and changes) and the page's address; what the
page is to do (a download, a share), if anything.  The page's one table of intents takes
them from here."""
