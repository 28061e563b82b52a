"""A backup of what this browser keeps: the Daily results, the games in progress and the
settings, as one text to move to another browser (issue 24, docs/offline.md).

Pure Python, standard library only (no ``js``).  Safari deletes a site's storage after
about a week without a visit and players change phones, so the page exports a backup as a
file (``sheepshead-backup-YYYY-MM-DD.json``) or a link (``#backup=1.…``) and imports one.

The format is one JSON object, ``sheepshead-backup/1``, written in ASCII only::

    {"format": "sheepshead-backup/1", "made": "2026-12-02",
     "results": {<the results book, as stored: sheepshead-daily-results>},
     "games": {"sheepshead.game": {<a save: sheepshead-save/1>},
               "sheepshead.daily.2026-12-01": {…}},
     "settings": {<the settings object>}, "partial": false}

A backup is read as text an attacker wrote (:func:`read_backup`): its length is checked
before anything else, then that it is ASCII and how deep it nests (linear time), then the
JSON.  Every entry is checked again by the reader the page uses for it (a Daily result by
:meth:`ResultsBook.from_text <sheepshead.ui.daily.ResultsBook.from_text>` and its result
link replayed by :func:`~sheepshead.results.check_result`, a game by
:func:`~sheepshead.ui.saves.read_save`, every action replayed); a bad entry, or a day named
twice, is skipped and counted, never taken in half-read.  Anything else wrong refuses the
whole backup with one line (:class:`~sheepshead.errors.SheepsheadError`).

The link form is the same text, deflated and in base64url, after ``#backup=1.``; it is
refused over :data:`MAX_LINK_CHARS`.  When everything does not fit, the link carries the
results only, then only the latest that fit, and says so (:func:`backup_link`).
"""

from __future__ import annotations

import base64
import binascii
import datetime as _dt
import json
import zlib
from collections.abc import Generator
from dataclasses import dataclass, field

from ..errors import SheepsheadError
from ..grammar import parse_date
from ..results import check_result, parse_result
from ..steps import drained
from .daily import DAILY_RULES, RESULTS_FORMAT, DailyResult, DailyResults, ResultsBook
from .jsontext import MAX_BACKUP_CHARS, MAX_DEPTH, check_format, nesting_depth
from .saves import GAME_KEY, GameSave, SaveStore, StorageFailed, date_of_key, read_save
from .settings import Settings
from .wording import place_of

__all__ = ["BACKUP_FORMAT", "BACKUP_HASH", "MAX_BACKUP_CHARS", "MAX_LINK_CHARS", "MAX_GAMES",
           "MAX_RESULTS", "Backup", "Imported", "Reading", "read_backup", "read_backup_steps",
           "read_link", "read_link_steps", "backup_link",
           "file_name", "make_backup", "in_the_way", "import_backup", "merged_settings"]

BACKUP_FORMAT = "sheepshead-backup/1"
BACKUP_HASH = "#backup="
LINK_VERSION = "1"
"""The version written before the link's data (``#backup=1.…``)."""
MAX_LINK_CHARS = 65_536
"""The longest backup link read or written (64 KB): a link carries about 180 Daily results."""
MAX_GAMES = 24
"""The most games in progress a backup carries (a New Game and the Dailies begun); more are
skipped and counted."""
MAX_RESULTS = 4_000
"""The most Daily results a backup carries (more than the longest book holds)."""


# ------------------------------------------------------------------ value
@dataclass(frozen=True)
class Backup:
    """What a backup holds, every entry checked: each date's locked result, the games in
    progress by storage key, the settings object (None: not carried), the date it was made;
    ``skipped`` counts the entries that could not be read; ``partial`` is True for a link
    that carries only part of what was kept."""

    results: dict[_dt.date, DailyResult] = field(default_factory=dict)
    games: dict[str, GameSave] = field(default_factory=dict)
    settings: dict[str, object] | None = None
    made: _dt.date | None = None
    skipped: int = 0
    partial: bool = False

    def to_text(self) -> str:
        """The backup as its file holds it (ASCII only: names are written as ``\\u`` escapes)."""
        book = ResultsBook(dict(self.results))
        data: dict[str, object] = {
            "format": BACKUP_FORMAT,
            "made": None if self.made is None else self.made.isoformat(),
            "results": json.loads(book.to_text()),
            "games": {key: json.loads(save.to_text()) for key, save in sorted(self.games.items())},
            "settings": self.settings, "partial": self.partial}
        return json.dumps(data, separators=(",", ":"), ensure_ascii=True)

    def holds(self) -> str:
        """What it holds, in words: ``14 Daily results, 1 game and your settings``."""
        parts = [count(len(self.results), "Daily result")]
        if self.games:
            parts.append(count(len(self.games), "game") + " in progress")
        if self.settings:
            parts.append("your settings")
        return and_list(parts)


def count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n:,} {word}s"


def and_list(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def file_name(day: _dt.date) -> str:
    """The name of the downloaded file: ``sheepshead-backup-2026-12-02.json``."""
    return f"sheepshead-backup-{day.isoformat()}.json"


# ---------------------------------------------------------------- reading
class _Object(dict[str, object]):
    """A JSON object that remembers the names it met more than once (``json`` keeps the
    last silently; a backup this game wrote never has any)."""

    twice: dict[str, int]


def _object(pairs: list[tuple[str, object]]) -> _Object:
    out = _Object()
    out.twice = {}
    for name, value in pairs:
        if name in out:
            out.twice[name] = out.twice.get(name, 1) + 1
        out[name] = value
    return out


def _twice(data: object) -> dict[str, int]:
    return getattr(data, "twice", {})


Reading = Generator[tuple[int, int] | None, None, Backup]
"""A backup read a step at a time (:func:`read_backup_steps`): after each entry checked,
how many of the Daily results are done and how many there are; at the end, the backup."""


def read_backup(text: object, limit: int = MAX_BACKUP_CHARS) -> Backup:
    """A backup's text, checked entry by entry (see the module docstring); a refusal is
    one line (:class:`SheepsheadError`).  All at once: the page reads it a step at a time."""
    return drained(read_backup_steps(text, limit))


def read_backup_steps(text: object, limit: int = MAX_BACKUP_CHARS) -> Reading:
    """:func:`read_backup` a step at a time: the text's checks and the JSON in the first,
    then one step for each entry replayed (a Daily result's link is a whole game: a few
    milliseconds each, and a backup may hold thousands), so the page keeps answering."""
    if not isinstance(text, str):
        raise SheepsheadError("backup: not text")
    if len(text) > limit:
        raise SheepsheadError(f"backup: {len(text):,} characters is too long (at most "
                              f"{limit:,})")
    if not text.isascii():
        raise SheepsheadError("backup: not plain ASCII text (a backup file is)")
    if nesting_depth(text) > MAX_DEPTH:
        raise SheepsheadError(f"backup: nested deeper than {MAX_DEPTH}")
    try:
        data = json.loads(text, object_pairs_hook=_object)
    except (ValueError, RecursionError):
        raise SheepsheadError("backup: not JSON (cut short, or not a backup)") from None
    if not isinstance(data, dict):
        raise SheepsheadError(f"backup: not a {BACKUP_FORMAT} object")
    check_format(data, BACKUP_FORMAT, "backup")
    if _twice(data):
        raise SheepsheadError(f"backup: the field {next(iter(_twice(data)))[:30]!r} is there "
                              f"twice")
    made = data.get("made")
    partial = data.get("partial", False)
    settings = data.get("settings")
    if made is not None and not (isinstance(made, str) and len(made) == 10):
        raise SheepsheadError("backup: made must be a date (YYYY-MM-DD)")
    if not isinstance(partial, bool):
        raise SheepsheadError("backup: partial must be true or false")
    if settings is not None and not isinstance(settings, dict):
        raise SheepsheadError("backup: settings must be an object")
    yield None
    results, bad_results = yield from _results(data.get("results"))
    games, bad_games = yield from _games(data.get("games"))
    return Backup(results, games, dict(settings) if settings else None,
                  None if made is None else parse_date(made, "backup: made"),
                  bad_results + bad_games, partial)


def _results(book: object) -> Generator[tuple[int, int], None,
                                        tuple[dict[_dt.date, DailyResult], int]]:
    """The results of a backup's book, each one checked (a step each); and how many were
    skipped."""
    if book is None:
        return {}, 0
    if not isinstance(book, dict) or not isinstance(book.get("results"), dict):
        raise SheepsheadError(f"backup: results must be a {RESULTS_FORMAT} object")
    entries = book["results"]
    if len(entries) > MAX_RESULTS:
        raise SheepsheadError(f"backup: more than {MAX_RESULTS:,} Daily results")
    twice = _twice(entries)
    skipped = sum(twice.values())               # a day named twice: neither is trusted
    kept = {name: entry for name, entry in entries.items() if name not in twice}
    text = json.dumps({**book, "results": kept}, ensure_ascii=True)
    try:
        read = ResultsBook.from_text(text)
    except SheepsheadError as e:
        raise SheepsheadError(f"backup: {e}") from None
    skipped += len(read.unreadable)
    checked: dict[_dt.date, DailyResult] = {}
    for done, (day, result) in enumerate(read.results.items(), 1):
        try:
            _check(result)
        except SheepsheadError:
            skipped += 1
        else:
            checked[day] = result
        yield done, len(read.results)
    return checked, skipped


def _check(result: DailyResult) -> None:
    """A Daily result is what its own link proves: the whole game on the Daily's table,
    every action legal, the same totals and place."""
    link = parse_result(result.fragment)
    check = check_result(link, computer_moves=False)
    if not check.finished or link.rules != DAILY_RULES:
        raise SheepsheadError(f"results {result.day}: not a finished Daily")
    if check.totals != result.totals or place_of(check.totals) != (result.place, result.tied):
        raise SheepsheadError(f"results {result.day}: the totals are not its link's")


def _games(entries: object) -> Generator[None, None, tuple[dict[str, GameSave], int]]:
    """A backup's games, each one replayed (a step each); and how many were skipped."""
    if entries is None:
        return {}, 0
    if not isinstance(entries, dict):
        raise SheepsheadError("backup: games must be an object")
    games: dict[str, GameSave] = {}
    skipped = sum(_twice(entries).values())
    for key, entry in entries.items():
        if key in _twice(entries) or len(games) >= MAX_GAMES:
            skipped += 0 if key in _twice(entries) else 1
            continue
        try:
            if key != GAME_KEY and date_of_key(key) is None:
                raise SheepsheadError("saved game: not a game's key")
            save = read_save(json.dumps(entry, ensure_ascii=True))
            if save.key != key:
                raise SheepsheadError(f"saved game: belongs under {save.key}")
            if not save.in_progress():
                raise SheepsheadError("saved game: not in progress")
        except (SheepsheadError, TypeError, RecursionError):
            skipped += 1
        else:
            games[key] = save
        yield None
    return games, skipped


# ------------------------------------------------------------------- link
def backup_link(backup: Backup, base: str) -> tuple[str, Backup]:
    """The link of a backup (``base#backup=1.…``) and what it carries: everything when
    it fits in :data:`MAX_LINK_CHARS`, else the results and settings only, else the
    latest results that fit (``partial`` then set).  Raises SheepsheadError when not even
    one result fits."""
    page = base.split("#", 1)[0]
    days = sorted(backup.results, reverse=True)
    tries = [backup]
    if backup.games:
        tries.append(Backup(backup.results, {}, backup.settings, backup.made, 0, True))
    n = len(days)
    while n > 1:
        n //= 2                                 # a dozen tries at most, each one deflate
        latest = {d: backup.results[d] for d in days[:n]}
        tries.append(Backup(latest, {}, backup.settings, backup.made, 0, True))
    for carried in tries:
        fragment = link_fragment(carried)
        if len(fragment) <= MAX_LINK_CHARS:
            return page + fragment, carried
    raise SheepsheadError("the backup is too long for a link: export it to a file")


def link_fragment(backup: Backup) -> str:
    data = zlib.compress(backup.to_text().encode("ascii"), 9)
    return f"{BACKUP_HASH}{LINK_VERSION}.{base64.urlsafe_b64encode(data).decode().rstrip('=')}"


def read_link(fragment: str) -> Backup:
    """The backup a ``#backup=1.…`` link carries, checked as a file is (one line when
    refused)."""
    return read_backup(_link_text(fragment))


def _link_text(fragment: str) -> str:
    """The backup text a ``#backup=1.…`` link carries, inflated (one line when refused)."""
    text = fragment.strip()
    if len(text) > MAX_LINK_CHARS + 1:
        raise SheepsheadError(f"backup link: longer than {MAX_LINK_CHARS:,} characters")
    if not text.startswith(BACKUP_HASH):
        text = "#" + text.lstrip("#")
    if not text.startswith(BACKUP_HASH):
        raise SheepsheadError("backup link: not a #backup= link")
    version, dot, body = text[len(BACKUP_HASH):].partition(".")
    if version != LINK_VERSION or not dot:
        raise SheepsheadError(f"backup link: version {version[:10]!r} is not one this "
                              f"version reads ({LINK_VERSION})")
    if not body.isascii() or not all(c.isalnum() or c in "-_" for c in body):
        raise SheepsheadError("backup link: not base64url (was it cut or changed?)")
    try:
        data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflate = zlib.decompressobj()
        raw = inflate.decompress(data, MAX_BACKUP_CHARS + 1)
    except (binascii.Error, zlib.error, ValueError):
        raise SheepsheadError("backup link: cut short or changed (it does not inflate)") \
            from None
    if len(raw) > MAX_BACKUP_CHARS or inflate.unconsumed_tail:
        raise SheepsheadError(f"backup link: inflates past {MAX_BACKUP_CHARS:,} characters")
    if not inflate.eof:
        raise SheepsheadError("backup link: cut short (it does not inflate)")
    return raw.decode("latin-1")


def read_link_steps(fragment: str) -> Reading:
    """:func:`read_link` a step at a time, as :func:`read_backup_steps`."""
    text = _link_text(fragment)
    yield None
    return (yield from read_backup_steps(text))



# ------------------------------------------------------------ this browser
def make_backup(results: DailyResults, store: SaveStore, settings: Settings,
                today: _dt.date) -> Backup:
    """A backup of what this browser keeps: the results book's readable results, the New
    Game and the Dailies in progress (the latest :data:`MAX_GAMES`), the settings."""
    try:
        keys = store.storage.keys()
    except OSError:
        keys = []
    dailies = sorted((k for k in keys if date_of_key(k) is not None), reverse=True)
    games: dict[str, GameSave] = {}
    for key in [GAME_KEY, *dailies]:
        save = store.peek(key)
        try:
            if save is not None and save.in_progress() and len(games) < MAX_GAMES:
                games[key] = save
        except SheepsheadError:
            continue
    return Backup(dict(results.book().results), games, settings.to_json(), today)


def in_the_way(backup: Backup, store: SaveStore) -> tuple[str, ...]:
    """The keys of the backup's games that would replace another game in progress here
    (imported only when the player says so)."""
    out = []
    for key, save in backup.games.items():
        here = store.peek(key)
        try:
            if here is not None and here.game != save.game and here.in_progress():
                out.append(key)
        except SheepsheadError:
            continue
    return tuple(out)


@dataclass(frozen=True)
class Imported:
    """What an import did: results and games taken in, entries kept as they were here,
    entries of the backup skipped (unreadable), whether settings were filled in, and the
    games storage refused (then the rest were not tried)."""

    results: int = 0
    games: int = 0
    kept: int = 0
    skipped: int = 0
    settings: bool = False
    refused: int = 0

    def line(self) -> str:
        """``Imported 12 Daily results and 1 game; 2 already here were kept.``"""
        parts = []
        if self.results:
            parts.append(count(self.results, "Daily result"))
        if self.games:
            parts.append(count(self.games, "game"))
        if self.settings:
            parts.append("your settings")
        text = f"Imported {and_list(parts)}" if parts else "Nothing new to import"
        if self.kept:
            text += f"; {self.kept:,} already here {'was' if self.kept == 1 else 'were'} kept"
        if self.skipped:
            text += f"; {count(self.skipped, 'entry')} could not be read and " \
                    f"{'was' if self.skipped == 1 else 'were'} skipped"
        if self.refused:
            text += f"; storage refused {count(self.refused, 'game')} (it may be full)"
        return text.replace("entrys", "entries") + "."


def import_backup(backup: Backup, results: DailyResults, store: SaveStore, *,
                  replace_games: bool = False) -> Imported:
    """Merge ``backup`` into this browser, losing nothing: a date's result here is final
    (the backup's is counted as kept), a game in progress here stays unless
    ``replace_games``, the same game is not written again, and a Daily finished and locked
    here keeps its save.  The results go in one write first: when storage refuses it,
    :class:`StorageFailed` (or :class:`~sheepshead.ui.saves.SaveError` for a book of a
    newer version) is raised and nothing was written.  Then a game a write, each whole;
    when storage refuses one, it and the rest are counted as refused."""
    locked = results.book().results
    added, kept = results.take_in(list(backup.results.values()))
    blocked = set() if replace_games else set(in_the_way(backup, store))
    todo = []
    for key, save in sorted(backup.games.items()):
        here = store.peek(key)
        day = date_of_key(key)
        finished_here = day is not None and parse_date(day) in locked and here is not None
        if key in blocked or finished_here or (here is not None and here.game == save.game):
            kept += 1
        else:
            todo.append(save)
    taken = refused = 0
    for i, save in enumerate(todo):
        try:
            store.forget(save.key)
            store.save(save, replace_game=True)
            store.forget(save.key)
        except StorageFailed:
            refused = len(todo) - i
            break
        taken += 1
    return Imported(added, taken, kept, backup.skipped, False, refused)


def merged_settings(here: Settings, theirs: dict[str, object] | None) -> Settings | None:
    """The settings with the backup's filling in only what is still at its default here
    (your choices here stay); None when nothing changes.  Each value is checked as the
    page checks its own (:meth:`Settings.from_json`)."""
    if not theirs:
        return None
    default, mine = Settings().to_json(), here.to_json()
    other = Settings.from_json(theirs).to_json()
    filled = {k: other[k] for k in mine if mine[k] == default[k] and other[k] != default[k]}
    if not filled:
        return None
    return Settings.from_json({**mine, **filled})
