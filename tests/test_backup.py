"""A backup of what this browser keeps, to move to another (issue 24): the
``sheepshead-backup/1`` format as a file and as a ``#backup=1.…`` link, read as text an
attacker wrote, and an import that merges and loses nothing (sheepshead/ui/backup.py,
sheepshead/ui/moving.py, docs/offline.md "Moving to another browser").

Standard library + pytest only: this file also runs inside Pyodide
(tests/test_in_pyodide_ui.py).
"""

from __future__ import annotations

import base64
import datetime as dt
import json
import random
import time
import zlib

import pytest
from daily_helpers import play
from test_session import drive

from sheepshead import Game, SheepsheadError
from sheepshead.ui.backup import (
    BACKUP_FORMAT,
    MAX_BACKUP_CHARS,
    MAX_LINK_CHARS,
    Backup,
    Imported,
    backup_link,
    file_name,
    import_backup,
    in_the_way,
    make_backup,
    merged_settings,
    read_backup,
    read_backup_steps,
    read_link,
    read_link_steps,
)
from sheepshead.ui.controller import Controller
from sheepshead.ui.daily import DailyResults, daily_game
from sheepshead.ui.events import BackupFile, Download, Draw, Progress, Share, Spawn, Start, Tap
from sheepshead.ui.panels import KEPT_WHERE
from sheepshead.ui.saves import GAME_KEY, RESULTS_KEY, GameSave, MemoryStorage, SaveStore, daily_key
from sheepshead.ui.session import Session
from sheepshead.ui.settings import Settings

DAY = dt.date(2026, 11, 1)
TODAY = dt.date(2026, 12, 2)
NOW = dt.datetime(2026, 12, 2, 12, 0)
NEW_SEED = "game:0123456789abcdef"


class RefusingStorage(MemoryStorage):
    """Storage that refuses writes as a full localStorage does."""

    refuse = False

    def set(self, key: str, text: str) -> None:
        if self.refuse:
            raise OSError("QuotaExceededError: storage is full")
        super().set(key, text)


def days(n: int, first: dt.date = DAY) -> list[dt.date]:
    return [first + dt.timedelta(days=i) for i in range(n)]


def browser(results: int = 3, *, new_game: int | None = 20, daily: dt.date | None = None,
            storage: MemoryStorage | None = None, seed: int = 1) -> MemoryStorage:
    """A browser's storage with ``results`` locked Daily results, a New Game ``new_game``
    actions in, and ``daily``'s Daily begun."""
    storage = storage if storage is not None else MemoryStorage()
    book, store = DailyResults(storage), SaveStore(storage)
    for i, day in enumerate(days(results)):
        book.record(play(daily_game(day), seed=seed + i), hints=False, now=NOW)
    if new_game is not None:
        store.save(GameSave.of(play(Game(NEW_SEED), new_game, seed), "standard"),
                   replace_game=True)
    if daily is not None:
        store.save(GameSave.of(play(daily_game(daily), 12, seed), "expert"), replace_game=True)
    return storage


def export(storage: MemoryStorage, settings: Settings | None = None) -> Backup:
    return make_backup(DailyResults(storage), SaveStore(storage), settings or Settings(), TODAY)


def into(storage: MemoryStorage, backup: Backup, replace: bool = False) -> Imported:
    return import_backup(backup, DailyResults(storage), SaveStore(storage),
                         replace_games=replace)


def tampered(text: str, change) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


# ------------------------------------------------------------ round trip
def test_a_backup_round_trips_as_ascii_text_and_as_a_link():
    here = browser(3, daily=TODAY)
    backup = export(here, Settings(name="Zoë", speed="fast"))
    assert sorted(backup.results) == days(3)
    assert sorted(backup.games) == sorted([GAME_KEY, daily_key(TODAY)])
    assert backup.holds() == "3 Daily results, 2 games in progress and your settings"
    text = backup.to_text()
    assert text.isascii() and json.loads(text)["format"] == BACKUP_FORMAT
    again = read_backup(text)
    assert again == backup
    assert again.settings is not None and again.settings["name"] == "Zoë"
    link, carried = backup_link(backup, "https://example.org/s/index.html#daily=2026-12-02")
    assert link.startswith("https://example.org/s/index.html#backup=1.")
    assert carried == backup and not carried.partial
    assert read_link(link.partition("index.html")[2]) == backup
    assert file_name(TODAY) == "sheepshead-backup-2026-12-02.json"


def test_finished_games_are_not_carried_only_those_in_progress():
    storage = browser(1, new_game=None)
    store = SaveStore(storage)
    store.save(GameSave.of(play(Game(NEW_SEED)), "standard"), replace_game=True)   # over
    assert export(storage).games == {}


def test_a_link_too_long_for_everything_carries_the_latest_results_and_says_so():
    storage = browser(0, new_game=20)
    result = next(iter(export(browser(1, new_game=None)).results.values()))
    many = {d: _moved(result, d) for d in days(400, dt.date(2024, 1, 1))}
    full = Backup(many, export(storage).games, None, TODAY)
    link, carried = backup_link(full, "https://example.org/")
    assert len(link) - len("https://example.org/") <= MAX_LINK_CHARS
    assert carried.partial and not carried.games
    assert 0 < len(carried.results) < 400
    assert min(carried.results) > min(many)        # the latest kept
    assert read_link(link[len("https://example.org/"):]).partial


def _moved(result, day: dt.date):
    """``result`` under another date (not a real one: links are checked only on reading)."""
    from dataclasses import replace
    noise = random.Random(day.toordinal()).randbytes(300).hex()      # as a note would
    return replace(result, day=day, fragment=result.fragment.replace(
        result.day.isoformat(), day.isoformat()), extra={"note": noise})


# ----------------------------------------------------------------- merge
def test_import_into_an_empty_browser_takes_everything_and_says_so_in_one_line():
    backup = export(browser(3, daily=TODAY), Settings(name="Ann"))
    fresh = MemoryStorage()
    done = into(fresh, backup)
    assert (done.results, done.games, done.kept) == (3, 2, 0)
    assert done.line() == "Imported 3 Daily results and 2 games."
    assert sorted(DailyResults(fresh).book().results) == days(3)
    assert SaveStore(fresh).peek(GAME_KEY).game == backup.games[GAME_KEY].game
    assert SaveStore(fresh).peek(daily_key(TODAY)) is not None


def test_a_result_here_is_final_and_a_game_in_progress_here_stays_unless_replaced():
    theirs = export(browser(3, seed=1, new_game=30))
    here = browser(2, seed=7, new_game=10)
    mine = DailyResults(here).book().results
    mine_game = SaveStore(here).peek(GAME_KEY)
    assert in_the_way(theirs, SaveStore(here)) == (GAME_KEY,)
    done = into(here, theirs)
    assert (done.results, done.games, done.kept) == (1, 0, 3)
    assert done.line() == "Imported 1 Daily result; 3 already here were kept."
    book = DailyResults(here).book().results
    assert all(book[d] == mine[d] for d in mine)             # never overwritten
    assert SaveStore(here).peek(GAME_KEY).game == mine_game.game
    again = into(here, theirs, replace=True)                # the player said replace
    assert (again.results, again.games, again.kept) == (0, 1, 3)
    assert SaveStore(here).peek(GAME_KEY).game == theirs.games[GAME_KEY].game


def test_importing_twice_changes_nothing_the_second_time():
    backup = export(browser(2, daily=TODAY))
    here = MemoryStorage()
    into(here, backup)
    before = dict(here.items)
    done = into(here, backup)
    assert (done.results, done.games) == (0, 0)
    assert done.line() == "Nothing new to import; 4 already here were kept."
    assert here.items == before


def test_settings_fill_in_only_what_is_still_at_its_default_here():
    mine = Settings(name="Bo")
    got = merged_settings(mine, Settings(name="Ann", speed="fast", four_colour=True).to_json())
    assert got is not None and (got.name, got.speed, got.four_colour) == ("Bo", "fast", True)
    assert merged_settings(mine, Settings(name="Ann").to_json()) is None
    assert merged_settings(mine, {"speed": "warp", "level": 7}) is None     # checked


def test_storage_refusing_writes_nothing_half_and_says_so():
    backup = export(browser(2))
    here = RefusingStorage()
    here.refuse = True
    with pytest.raises(SheepsheadError, match="storage refused"):
        into(here, backup)
    assert here.items == {}
    here.refuse = False
    s = Session(here, lambda: NOW)
    s.start("")
    s.moving.offer = (backup, "file")
    here.refuse = True
    s.moving.answer("import-yes")
    assert any(n.startswith("Nothing was imported: The Daily results could not be saved: "
                            "storage refused") for n in s.notices)
    assert RESULTS_KEY not in here.items


def test_a_full_storage_makes_room_by_dropping_the_tables_picture_as_a_save_does():
    from sheepshead.ui.picture import PICTURE_KEY

    class Full(MemoryStorage):
        def set(self, key: str, text: str) -> None:
            if PICTURE_KEY in self.items and key != PICTURE_KEY:
                raise OSError("QuotaExceededError: storage is full")
            super().set(key, text)

    here = Full()
    s = Session(here, lambda: NOW)
    s.start("")
    here.items[PICTURE_KEY] = "picture"
    s.moving.offer = (export(browser(2, new_game=None)), "file")
    s.moving.answer("import-yes")
    assert "Imported 2 Daily results." in s.notices
    assert PICTURE_KEY not in here.items and len(DailyResults(here).book().results) == 2


# ------------------------------------------------------------- bad input
GOOD = None


def good() -> str:
    global GOOD
    if GOOD is None:
        GOOD = export(browser(2, daily=TODAY), Settings(name="Ann")).to_text()
    return GOOD


@pytest.mark.parametrize("text, message", [
    (None, "backup: not text"),
    ("", "not JSON"),
    ("[]", "not a sheepshead-backup/1 object"),
    ('{"format": "sheepshead-backup/2"}', "newer than this version reads"),
    ('{"format": "sheepshead-save/1"}', "not a sheepshead-backup/1 object"),
    ('{"format": "sheepshead-backup/1", "format": "sheepshead-backup/1"}', "twice"),
    ('{"format": "sheepshead-backup/1", "games": []}', "games must be an object"),
    ('{"format": "sheepshead-backup/1", "results": "x"}', "results must be"),
    ('{"format": "sheepshead-backup/1", "settings": 3}', "settings must be an object"),
    ('{"format": "sheepshead-backup/1", "partial": 1}', "partial must be true or false"),
    ('{"format": "sheepshead-backup/1", "made": "yesterday!"}', "made"),
    ('{"format": "sheepshead-backup/1", "x": "é"}', "not plain ASCII"),
    ("[" * 100 + "]" * 100, "nested deeper"),
])
def test_a_bad_backup_is_refused_in_one_line(text, message):
    with pytest.raises(SheepsheadError, match=message) as e:
        read_backup(text)
    assert "\n" not in str(e.value)


def test_truncated_and_huge_backups_are_refused_before_parsing():
    text = good()
    for cut in (len(text) // 3, len(text) - 1):
        with pytest.raises(SheepsheadError, match="not JSON"):
            read_backup(text[:cut])
    start = time.perf_counter()
    with pytest.raises(SheepsheadError, match="too long"):
        read_backup(" " * (MAX_BACKUP_CHARS + 1))
    with pytest.raises(SheepsheadError, match="nested deeper"):
        read_backup('{"a":' * 200_000)
    assert time.perf_counter() - start < 5


def test_a_tampered_result_or_game_is_skipped_and_counted_never_imported():
    def change(data):
        first, second = sorted(data["results"]["results"])
        data["results"]["results"][first]["totals"][0] += 10          # not its link's
        data["results"]["results"][second]["result"] += "X"           # not a link
        data["results"]["results"]["2026-13-40"] = {}                 # not a date
        save = data["games"][GAME_KEY]
        save["game"]["hands"][0][0] = "play ZZ"                       # not an action
        data["games"]["sheepshead.elsewhere"] = save                  # not a game's key
    backup = read_backup(tampered(good(), change))
    assert backup.results == {} and list(backup.games) == [daily_key(TODAY)]
    assert backup.skipped == 5
    done = into(MemoryStorage(), backup)
    assert done.line() == "Imported 1 game; 5 entries could not be read and were skipped."


def test_a_day_named_twice_is_skipped_both_times():
    text = good()
    day = sorted(json.loads(text)["results"]["results"])[0]
    entry = json.dumps(json.loads(text)["results"]["results"][day], separators=(",", ":"))
    twice = text.replace(f'"{day}":{entry}', f'"{day}":{entry},"{day}":{entry}')
    assert twice != text
    backup = read_backup(twice)
    assert day not in {d.isoformat() for d in backup.results}
    assert len(backup.results) == 1 and backup.skipped == 2


def test_wrong_types_inside_an_entry_are_skipped():
    def change(data):
        for entry in data["results"]["results"].values():
            entry["place"] = "first"
        data["games"][GAME_KEY]["revision"] = True
    backup = read_backup(tampered(good(), change))
    assert backup.results == {} and backup.skipped == 3


@pytest.mark.parametrize("fragment, message", [
    ("#backup=2.abc", "version"),
    ("#backup=1", "version"),
    ("#backup=1.a+b/c", "not base64url"),
    ("#backup=1.AAAA", "does not inflate"),
    ("#backup=1." + "A" * (MAX_LINK_CHARS + 10), "longer than"),
])
def test_a_bad_link_is_refused_in_one_line(fragment, message):
    with pytest.raises(SheepsheadError, match=message):
        read_link(fragment)


def test_a_link_that_inflates_too_far_or_is_cut_is_refused():
    bomb = zlib.compress(b" " * (MAX_BACKUP_CHARS + 100), 9)
    body = base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    assert len(body) < MAX_LINK_CHARS
    with pytest.raises(SheepsheadError, match="inflates past"):
        read_link("#backup=1." + body)
    link, _ = backup_link(export(browser(2)), "")
    with pytest.raises(SheepsheadError, match="cut short|not JSON|base64"):
        read_link(link[: len(link) // 2])


# ------------------------------------------------------------ on the page
def test_the_menu_exports_a_file_and_a_link_and_the_link_asks_before_importing():
    old = browser(2, daily=TODAY)
    c = Controller(old, lambda: NOW, href=lambda: "https://example.org/#daily=2026-12-02")
    c.handle(Start(""))
    menu = next(e for e in c.handle(Tap(ui="menu")) if isinstance(e, Draw))
    panel = dict(menu.regions)["panel"]
    assert 'data-ui="backup-file"' in panel and 'data-ui="backup-link"' in panel
    assert '<input type="file" data-backup="file"' in panel
    assert "Export" in KEPT_WHERE and "another browser" in KEPT_WHERE
    out = c.handle(Tap(ui="backup-file"))
    file = next(e for e in out if isinstance(e, Download))
    assert file.name == "sheepshead-backup-2026-12-02.json"
    shared = next(e for e in c.handle(Tap(ui="backup-link")) if isinstance(e, Share))
    link = shared.line.splitlines()[-1]
    assert "2 Daily results, 2 games in progress" in shared.line

    fresh = MemoryStorage()
    new = Controller(fresh, lambda: NOW)
    read(new, Start("#" + link.partition("#")[2]))
    assert new.session.moving.offer is not None
    assert RESULTS_KEY not in fresh.items                     # nothing before the answer
    assert new.session.overlay(new.ui)[0] == "import"
    new.handle(Tap(ui="import-yes"))
    assert "Imported 2 Daily results and 2 games." in new.ui.notices
    assert len(DailyResults(fresh).book().results) == 2
    assert new.session.hash() == "#daily=2026-12-02"          # its Daily, as it was
    assert new.session.table.game.to_json() == SaveStore(old).peek(daily_key(TODAY)).game

    other = Controller(MemoryStorage(), lambda: NOW)
    other.handle(Start(""))
    read(other, BackupFile("b.json", file.text, len(file.text)))
    assert other.session.moving.offer is not None
    other.handle(Tap(ui="import-no"))
    assert other.session.moving.offer is None and other.ui.notices == []


def read(c: Controller, event) -> list:
    """``c.handle(event)``, then the backup it opened read to the end, as the binding runs
    the job (driven by hand), with a :class:`Progress` for each time it asked."""
    out = c.handle(event)
    for spawn in (e for e in out if isinstance(e, Spawn) and e.job == c.session.moving.read):
        asked: list[int] = []
        drive(spawn.job(lambda: asked.append(1)))
        for _ in asked:
            out += c.handle(Progress())
    return out


def test_a_backup_is_read_a_step_at_a_time_and_a_cancel_stops_it():
    text = export(browser(3, new_game=10)).to_text()
    steps = read_backup_steps(text)
    seen = []
    while True:
        try:
            seen.append(next(steps))
        except StopIteration as done:
            backup = done.value
            break
    assert [s for s in seen if s is not None] == [(1, 3), (2, 3), (3, 3)]   # one per result
    assert len(seen) == 5                 # and one for the text, one for the game
    assert backup == read_backup(text)
    link = backup_link(backup, "https://example.org/")[0]
    assert [s for s in read_link_steps("#" + link.partition("#")[2]) if s] == [(1, 3), (2, 3), (3, 3)]

    c = Controller(MemoryStorage(), lambda: NOW)
    c.handle(Start(""))
    out = c.handle(BackupFile("b.json", text, len(text)))
    assert [e.job for e in out if isinstance(e, Spawn)] == [c.session.moving.read]
    kind, html = c.session.overlay(c.ui)
    assert kind == "import" and "Reading the backup" in html and 'data-ui="import-no"' in html
    assert c.session.moving.offer is None              # asked only once it is all checked
    c.handle(Tap(ui="import-no"))                       # Cancel while it is read
    for spawn in (e for e in out if isinstance(e, Spawn)):
        drive(spawn.job(lambda: None))
    assert c.session.moving.offer is None and c.session.overlay(c.ui) is None
    assert c.ui.notices == []

    read(c, BackupFile("b.json", text, len(text)))      # read to the end: the question
    assert c.session.moving.offer is not None
    assert "Import this backup?" in c.session.overlay(c.ui)[1]


def test_a_bad_file_or_link_is_one_notice_and_nothing_changes():
    c = Controller(MemoryStorage(), lambda: NOW)
    read(c, Start("#backup=1.AAAA"))
    assert c.session.moving.offer is None
    assert any(n.startswith("This backup link cannot be read: cut short")
               for n in c.ui.notices)
    c.handle(BackupFile("photo.jpg", None, 9_000_000))
    read(c, BackupFile("notes.txt", "hello", 5))
    assert "“photo.jpg” is too big to be a backup (9,000,000 bytes). Nothing was imported." \
        in c.ui.notices
    assert any(n.startswith("“notes.txt” cannot be imported: backup: not JSON")
               for n in c.ui.notices)


def test_import_and_replace_puts_the_backups_game_on_the_table_when_it_was_there():
    theirs = export(browser(0, new_game=30, seed=3))
    here = browser(0, new_game=10, seed=5)
    c = Controller(here, lambda: NOW)
    c.handle(Start("#game=" + NEW_SEED.partition(":")[2]))
    assert c.session.key == GAME_KEY
    c.session.moving.offer = (theirs, "file")
    html = c.session.overlay(c.ui)[1]
    assert "Your New Game here would be replaced" in html and 'data-ui="import-replace"' in html
    c.handle(Tap(ui="import-replace"))
    assert "Imported 1 game." in c.ui.notices
    assert c.session.table.game.to_json() == theirs.games[GAME_KEY].game
    assert c.session.moving.offer is None


def test_an_import_that_lengthens_the_streak_keeps_a_picture_that_says_so():
    from sheepshead.ui.picture import PICTURE_KEY

    here, today = MemoryStorage(), play(daily_game(TODAY))
    DailyResults(here).record(today, hints=False, now=NOW)
    SaveStore(here).save(GameSave.of(today, "expert"), replace_game=True)
    c = Controller(here, lambda: NOW)
    c.handle(Start(f"#daily={TODAY}"))                # today's Daily, finished: at rest

    def streak() -> int:
        return json.loads(here.items[PICTURE_KEY])["rest"]["streak"]
    assert streak() == 1
    theirs = MemoryStorage()
    DailyResults(theirs).record(play(daily_game(TODAY - dt.timedelta(days=1)), seed=2),
                                hints=False, now=NOW)
    c.session.moving.offer = (export(theirs), "file")
    c.handle(Tap(ui="import-yes"))
    assert "Imported 1 Daily result." in c.ui.notices
    assert streak() == 2                              # yesterday came in: two days running
