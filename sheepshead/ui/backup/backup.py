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

A backup is read as text an attacker wrote (:func:`read_backup`), a step at a time
(:func:`read_backup_steps`): its length is checked before anything else, then that it is
ASCII, then its nesting and its count of values (:mod:`.slicedjson`, linear time, before
anything is parsed), then the JSON, an entry a step.  Every entry is checked again by the
reader the page uses for it (a game by :func:`~sheepshead.ui.storage.saves.read_save`, every action
replayed); a bad entry, or a day named twice, is skipped and counted, never taken in
half-read.  A Daily result keeps the Daily's rules (:func:`_checked`): only for a date that
has come here, never over one here, its link replayed and every computer move compared with
the Daily's players, its par left to be worked out here.  Anything else wrong refuses the
whole backup with one line (:class:`~sheepshead.errors.SheepsheadError`).

The link form is the same text, deflated and in base64url, after ``#backup=1.``; it is
refused over :data:`MAX_LINK_CHARS`, and as it inflates past :data:`MAX_LINK_TEXT`.  When
everything does not fit, the link carries the results only, then only the latest that fit,
and says so (:func:`backup_link`).
"""

from __future__ import annotations

import base64
import binascii
import datetime as _dt
import json
import zlib
from collections.abc import Collection, Generator
from dataclasses import dataclass, field

from ...bots.seating import computer_choice_steps
from ...errors import SheepsheadError
from ...game import Game
from ...grammar import parse_date
from ...links import page_base
from ...results import HUMAN_SEAT, ResultLink, check_result, parse_result
from ...steps import drained
from ..daily.daily import (
    DAILY_LEVEL,
    DAILY_RULES,
    RESULTS_FORMAT,
    DailyResult,
    DailyResults,
    ResultsBook,
)
from ..look.wording import place_of
from ..storage.jsontext import MAX_BACKUP_CHARS, check_format
from ..storage.saves import GAME_KEY, GameSave, SaveStore, StorageFailed, date_of_key, read_save
from ..storage.settings import Settings
from .slicedjson import MAX_ENTRY_CHARS, MAX_VALUES, TooLong, read_json_steps, twice

__all__ = ["BACKUP_FORMAT", "BACKUP_HASH", "MAX_BACKUP_CHARS", "MAX_LINK_CHARS", "MAX_GAMES",
           "MAX_RESULTS", "MAX_LINK_TEXT", "MAX_VALUES", "MAX_ENTRY_CHARS", "Backup", "Tally",
           "TooLong", "Imported", "Reading", "read_backup", "read_backup_steps",
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
MAX_LINK_TEXT = 1_000_000
"""The longest text a backup link inflates to: a link of :data:`MAX_LINK_CHARS` written
by :func:`backup_link` inflates to well under a fifth of it; past it, the link is refused
as it inflates."""
INFLATE_CHARS = 65_536
"""Characters a backup link inflates to in one step."""


# ------------------------------------------------------------------ value
@dataclass(frozen=True)
class Tally:
    """What reading a backup made of its Daily results besides the new ones it holds
    (:attr:`Backup.results`): how many dates have a result here already (those are not
    even checked: a result here is final), how many are for a date still to come here,
    how many have computer moves that are not the Daily's players' (or were played
    against other computer players), how many could not be read or do not check."""

    already: int = 0
    future: int = 0
    moves: int = 0
    unreadable: int = 0

    @property
    def refused(self) -> int:
        return self.future + self.moves + self.unreadable


@dataclass(frozen=True)
class Backup:
    """What a backup holds, every entry checked: each date's locked result (of a backup
    read: those new here that keep the Daily's rules; :attr:`tally` counts the others), the
    games in progress by storage key, the settings object (None: not carried), the date it
    was made; ``skipped`` counts the entries that could not be read; ``partial`` is True
    for a link that carries only part of what was kept."""

    results: dict[_dt.date, DailyResult] = field(default_factory=dict)
    games: dict[str, GameSave] = field(default_factory=dict)
    settings: dict[str, object] | None = None
    made: _dt.date | None = None
    skipped: int = 0
    partial: bool = False
    tally: Tally = Tally()
    """Of a backup read: its other Daily results (already here, refused)."""

    @property
    def daily_results(self) -> int:
        """How many Daily results it names (those it holds and those of :attr:`tally`)."""
        return len(self.results) + self.tally.already + self.tally.refused

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
        parts = [count(self.daily_results, "Daily result")]
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
_WALKED = frozenset({(), ("results",), ("results", "results"), ("games",)})
"""The backup's own objects, read member by member: the backup, its results book, the book's
results by date, the games by key."""
Reading = Generator[tuple[int, int] | None, None, Backup]
"""A backup read a step at a time (:func:`read_backup_steps`): after each Daily result
checked, how many are done and how many there are (None between: a slice of the text, of
its JSON, or of a computer decision replayed); at the end, the backup."""


def read_backup(text: object, limit: int = MAX_BACKUP_CHARS, *,
                today: _dt.date | None = None, here: Collection[_dt.date] = ()) -> Backup:
    """A backup's text, checked entry by entry (see the module docstring) in a browser
    whose date is ``today`` (None: the computer's; the page gives its clock's) and whose
    results book has a result for the dates ``here``; a refusal is one line
    (:class:`SheepsheadError`).  All at once: the page reads it a step at a time
    (:func:`read_backup_steps`)."""
    return drained(read_backup_steps(text, limit, today=today, here=here))


def read_backup_steps(text: object, limit: int = MAX_BACKUP_CHARS, *,
                      today: _dt.date | None = None,
                      here: Collection[_dt.date] = ()) -> Reading:
    """:func:`read_backup` a step at a time, each step small (no main-thread task of the
    page over 200 ms on a slow phone): the text is scanned :data:`SCAN_TOKENS` tokens a
    step (its nesting and its count of values bounded before anything is parsed), its JSON
    decoded an entry a step, then each Daily result's game replayed, its computer players'
    decisions worked out a slice at a time as the par is (:func:`_daily_moves`), and each
    game a step."""
    if not isinstance(text, str):
        raise SheepsheadError("backup: not text")
    if len(text) > limit:
        raise SheepsheadError(f"backup: {len(text):,} characters is too long (at most "
                              f"{limit:,})")
    if not text.isascii():
        raise SheepsheadError("backup: not plain ASCII text (a backup file is)")
    data = yield from read_json_steps(text, "backup", _WALKED)
    if not isinstance(data, dict):
        raise SheepsheadError(f"backup: not a {BACKUP_FORMAT} object")
    check_format(data, BACKUP_FORMAT, "backup")
    if twice(data):
        raise SheepsheadError(f"backup: the field {next(iter(twice(data)))[:30]!r} is there "
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
    results, tally = yield from _results(data.get("results"), today or _dt.date.today(),
                                         frozenset(here))
    games, bad_games = yield from _games(data.get("games"))
    return Backup(results, games, dict(settings) if settings else None,
                  None if made is None else parse_date(made, "backup: made"),
                  tally.unreadable + bad_games, partial, tally)


class _Refused(SheepsheadError):
    """A Daily result whose computer moves are not the Daily's players'."""


def _results(book: object, today: _dt.date, here: frozenset[_dt.date]
             ) -> Generator[tuple[int, int] | None, None,
                            tuple[dict[_dt.date, DailyResult], Tally]]:
    """The results of a backup's book that are new here, each one checked (the Daily's
    rules, :func:`_checked`), and the :class:`Tally` of the others."""
    if book is None:
        return {}, Tally()
    if not isinstance(book, dict) or not isinstance(book.get("results"), dict) \
            or book.get("format") != RESULTS_FORMAT:
        raise SheepsheadError(f"backup: results must be a {RESULTS_FORMAT} object")
    version = book.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 0 < version < 10**9:
        raise SheepsheadError("backup: the results book has no version")
    entries = book["results"]
    if len(entries) > MAX_RESULTS:
        raise SheepsheadError(f"backup: more than {MAX_RESULTS:,} Daily results")
    named_twice = twice(entries)
    unreadable = sum(named_twice.values())      # a day named twice: neither is trusted
    already = future = moves = 0
    checked: dict[_dt.date, DailyResult] = {}
    for done, (name, entry) in enumerate(entries.items(), 1):
        if name not in named_twice:
            try:
                day = parse_date(name, "results")
                result = DailyResult.from_json(day, entry)
                if day > today:
                    future += 1
                elif day in here:
                    already += 1
                else:
                    checked[day] = yield from _checked(result, today)
            except _Refused:
                moves += 1
            except SheepsheadError:
                unreadable += 1
        yield done, len(entries)
    return checked, Tally(already, future, moves, unreadable)


_MOVES_CHECKED: dict[str, bool] = {}
"""Whether the computer moves of a Daily result link (canonical fragment) are the Daily's
players': the answer never changes, so a link is replayed once per page (a backup opened
again, or as a file then as a link); at most :data:`MAX_RESULTS` are remembered."""


def _checked(result: DailyResult, today: _dt.date) -> Generator[None, None, DailyResult]:
    """A Daily result from elsewhere, as a shared result link is checked: its link replayed
    (every action legal, all ten hands), the same totals and place, played against the
    Daily's computer players and every one of their moves the one this version's players
    make (:func:`_daily_moves`, a slice of a decision a step; :class:`_Refused` when
    not), finished between its date and today.  Returns the result as it is kept: its
    canonical link, no par (the par is worked out here, never taken from outside: the page
    works it out when the result is shown) and none of the fields this version does not
    know.  Whether hints were used is the player's word, as on a shared link."""
    day = result.day
    link = parse_result(result.fragment)
    check = check_result(link, computer_moves=False)
    if not check.finished or link.rules != DAILY_RULES:
        raise SheepsheadError(f"results {day}: not a finished Daily")
    if check.totals != result.totals or place_of(check.totals) != (result.place, result.tied):
        raise SheepsheadError(f"results {day}: the totals are not its link's")
    if result.finished is not None \
            and not day <= result.finished.date() <= today + _dt.timedelta(days=1):
        raise SheepsheadError(f"results {day}: finished before its Daily came out or after "
                              f"today")            # a day's slack: another time zone
    if not link.daily_opponents or result.level != DAILY_LEVEL:
        raise _Refused(f"results {day}: not played against the Daily's computer players")
    match = _MOVES_CHECKED.get(check.link)
    if match is None:
        match = yield from _daily_moves(link)
        if len(_MOVES_CHECKED) >= MAX_RESULTS:
            _MOVES_CHECKED.clear()
        _MOVES_CHECKED[check.link] = match
    if not match:
        raise _Refused(f"results {day}: its computer moves are not the Daily's players'")
    return DailyResult(day, check.link, check.totals, result.place, result.tied,
                       result.hints, DAILY_LEVEL, result.finished, None)


def _daily_moves(link: ResultLink) -> Generator[None, None, bool]:
    """Whether every computer move of a Daily's (valid) link is the choice of the Daily's
    players of its date, as :func:`~sheepshead.results.check_steps` compares them, each
    decision worked out a slice at a time as the par is
    (:func:`~sheepshead.bots.seating.computer_choice_steps`): one Expert decision is too
    long for one step on a slow phone.  Stops at the first that differs."""
    game = Game(link.seed, link.rules)
    for i, actions in enumerate(link.hands):
        if i:
            game.next_hand()
        state = game.current
        for action in actions:
            seat = state.to_act
            if seat != HUMAN_SEAT and len(state.legal_actions()) > 1:
                choice = yield from computer_choice_steps(
                    DAILY_LEVEL, game.seed, game.hand_number, game.redeal, state.view(seat),
                    len(state.history))
                if choice != action:
                    return False
                yield None
            state.apply(action)
    return True


def _games(entries: object) -> Generator[None, None, tuple[dict[str, GameSave], int]]:
    """A backup's games, each one replayed (a step each); and how many were skipped."""
    if entries is None:
        return {}, 0
    if not isinstance(entries, dict):
        raise SheepsheadError("backup: games must be an object")
    games: dict[str, GameSave] = {}
    skipped = sum(twice(entries).values())
    for key, entry in entries.items():
        if key in twice(entries) or len(games) >= MAX_GAMES:
            skipped += 0 if key in twice(entries) else 1
            continue
        try:
            if key != GAME_KEY and date_of_key(key) is None:
                raise SheepsheadError("saved game: not a game's key")
            if not isinstance(entry, dict):
                raise SheepsheadError("saved game: not an object")
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
    page = page_base(base)
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


def read_link(fragment: str, *, today: _dt.date | None = None,
              here: Collection[_dt.date] = ()) -> Backup:
    """The backup a ``#backup=1.…`` link carries, checked as a file is (one line when
    refused)."""
    return drained(read_link_steps(fragment, today=today, here=here))


def _link_text(fragment: str) -> Generator[None, None, str]:
    """The backup text a ``#backup=1.…`` link carries, inflated :data:`INFLATE_CHARS` a
    step and refused (one line) past :data:`MAX_LINK_TEXT` characters."""
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
    except (binascii.Error, ValueError):
        raise SheepsheadError("backup link: not base64url (was it cut or changed?)") from None
    inflate = zlib.decompressobj()
    parts: list[bytes] = []
    size = 0
    while not inflate.eof:
        try:
            part = inflate.decompress(data, INFLATE_CHARS)
        except zlib.error:
            raise SheepsheadError("backup link: cut short or changed (it does not inflate)") \
                from None
        data = inflate.unconsumed_tail
        if not part and not data:
            break                               # all read, and not the end: cut short
        size += len(part)
        if size > MAX_LINK_TEXT:
            raise SheepsheadError(f"backup link: inflates past {MAX_LINK_TEXT:,} characters "
                                  f"(a link's backup is far shorter)")
        parts.append(part)
        yield None
    if not inflate.eof:
        raise SheepsheadError("backup link: cut short (it does not inflate)")
    return b"".join(parts).decode("latin-1")


def read_link_steps(fragment: str, *, today: _dt.date | None = None,
                    here: Collection[_dt.date] = ()) -> Reading:
    """:func:`read_link` a step at a time, as :func:`read_backup_steps`."""
    text = yield from _link_text(fragment)
    return (yield from read_backup_steps(text, today=today, here=here))



# ------------------------------------------------------------ this browser
def make_backup(results: DailyResults, store: SaveStore, settings: Settings,
                today: _dt.date) -> Backup:
    """A backup of what this browser keeps: the results book's readable results, the New
    Game and the Dailies in progress (the latest :data:`MAX_GAMES`), the settings."""
    keys = store.names()
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
    entries of the backup not taken (refused or unreadable), whether settings were filled
    in, and the games storage refused (then the rest were not tried)."""

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
            text += f"; {count(self.skipped, 'entry')} " \
                    f"{'was' if self.skipped == 1 else 'were'} refused or could not be read"
        if self.refused:
            text += f"; storage refused {count(self.refused, 'game')} (it may be full)"
        return text.replace("entrys", "entries") + "."


def import_backup(backup: Backup, results: DailyResults, store: SaveStore, *,
                  today: _dt.date | None = None, replace_games: bool = False) -> Imported:
    """Merge ``backup`` (as read: its results checked) into this browser, whose date is
    ``today`` (None: the computer's date), losing nothing: a date's result here is final
    (the backup's is counted as kept), a date still to come is never taken, a game in
    progress here stays unless ``replace_games``, the same game is not written again, and
    a Daily finished and locked here keeps its save.  The results go in one write first:
    when storage refuses it, :class:`StorageFailed` (or
    :class:`~sheepshead.ui.storage.saves.SaveError` for a book of a newer version) is raised and
    nothing was written.  Then a game a write, each whole; when storage refuses one, it
    and the rest are counted as refused."""
    locked = results.book().results
    today = today or _dt.date.today()
    come = [r for r in backup.results.values() if r.day <= today]
    added, kept = results.take_in(come)
    kept += backup.tally.already
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
    skipped = backup.skipped + backup.tally.future + backup.tally.moves \
        + len(backup.results) - len(come)
    return Imported(added, taken, kept, skipped, False, refused)


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
