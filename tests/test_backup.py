"""A backup of what this browser keeps, to move to another (issue 24): the
``sheepshead-backup/1`` format as a file and as a ``#backup=1.…`` link, read as text an
attacker wrote, and an import that merges and loses nothing (sheepshead/ui/backup/backup.py,
sheepshead/ui/backup/moving.py, docs/offline.md "Moving to another browser").

Standard library + pytest only: this file also runs inside Pyodide
(tests/test_in_pyodide_ui.py).
"""

from __future__ import annotations

import base64
import datetime as dt
import json
import random
import sys
import time
import zlib

import pytest
from backup_helpers import EXPERT_DAILIES
from daily_helpers import play
from test_session import drive

from sheepshead import Game, SheepsheadError
from sheepshead.results import check_result, parse_result
from sheepshead.ui.backup.backup import (
    BACKUP_FORMAT,
    INFLATE_CHARS,
    MAX_BACKUP_CHARS,
    MAX_ENTRY_CHARS,
    MAX_GAMES,
    MAX_LINK_CHARS,
    MAX_LINK_TEXT,
    MAX_RESULTS,
    MAX_VALUES,
    Backup,
    Imported,
    Tally,
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
from sheepshead.ui.backup.slicedjson import SCAN_TOKENS, TOKEN
from sheepshead.ui.daily.daily import DailyResults, daily_game
from sheepshead.ui.events import BackupFile, Change, Download, Draw, Share, Spawn, Start, Tap
from sheepshead.ui.page.controller import Controller
from sheepshead.ui.page.session import Session
from sheepshead.ui.storage.saves import GAME_KEY, RESULTS_KEY, GameSave, MemoryStorage, SaveStore, daily_key
from sheepshead.ui.storage.settings import Settings
from sheepshead.ui.table.panels import KEPT_WHERE

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


def expert_daily(day: dt.date) -> Game:
    """The Daily of ``day`` as the Daily's computer players play it in every seat (its
    computer moves check: tests/backup_helpers.py)."""
    return parse_result(EXPERT_DAILIES[day]).game()


def browser(results: int = 3, *, new_game: int | None = 20, daily: dt.date | None = None,
            storage: MemoryStorage | None = None, seed: int = 1,
            expert: bool = True) -> MemoryStorage:
    """A browser's storage with ``results`` locked Daily results (from 2026-11-01: the
    Expert's games, whose computer moves check, or with ``expert=False`` games of random
    moves), a New Game ``new_game`` actions in, and ``daily``'s Daily begun."""
    storage = storage if storage is not None else MemoryStorage()
    book, store = DailyResults(storage), SaveStore(storage)
    for i, day in enumerate(days(results)):
        game = expert_daily(day) if expert else play(daily_game(day), seed=seed + i)
        book.record(game, hints=False, now=NOW)
    if new_game is not None:
        store.save(GameSave.of(play(Game(NEW_SEED), new_game, seed), "standard"),
                   replace_game=True)
    if daily is not None:
        store.save(GameSave.of(play(daily_game(daily), 12, seed), "expert"), replace_game=True)
    return storage


def export(storage: MemoryStorage, settings: Settings | None = None) -> Backup:
    return make_backup(DailyResults(storage), SaveStore(storage), settings or Settings(), TODAY)


def into(storage: MemoryStorage, backup: Backup, replace: bool = False) -> Imported:
    return import_backup(backup, DailyResults(storage), SaveStore(storage), today=TODAY,
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
    again = read_backup(text, today=TODAY)
    assert again == backup
    assert again.settings is not None and again.settings["name"] == "Zoë"
    link, carried = backup_link(backup, "https://example.org/s/index.html#daily=2026-12-02")
    assert link.startswith("https://example.org/s/index.html#backup=1.")
    assert carried == backup and not carried.partial
    assert read_link(link.partition("index.html")[2], today=TODAY) == backup
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
    assert read_link(link[len("https://example.org/"):], today=TODAY).partial


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
    here = browser(2, seed=7, new_game=10, expert=False)
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
    s.moving.import_offer(s, replacing=False)
    assert any(n.startswith("Nothing was imported: The Daily results could not be saved: "
                            "storage refused") for n, _ in s.notices)
    assert RESULTS_KEY not in here.items


def test_a_full_storage_makes_room_by_dropping_the_tables_picture_as_a_save_does():
    from sheepshead.ui.storage.picture import PICTURE_KEY

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
    s.moving.import_offer(s, replacing=False)
    assert "Imported 2 Daily results." in s.take_notices()
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
        read_backup(text, today=TODAY)
    assert "\n" not in str(e.value)


def test_truncated_and_huge_backups_are_refused_before_parsing():
    text = good()
    for cut in (len(text) // 3, len(text) - 1):
        with pytest.raises(SheepsheadError, match="not JSON"):
            read_backup(text[:cut], today=TODAY)
    start = time.perf_counter()
    with pytest.raises(SheepsheadError, match="too long"):
        read_backup(" " * (MAX_BACKUP_CHARS + 1), today=TODAY)
    with pytest.raises(SheepsheadError, match="nested deeper"):
        read_backup('{"a":' * 200_000, today=TODAY)
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
    backup = read_backup(tampered(good(), change), today=TODAY)
    assert backup.results == {} and list(backup.games) == [daily_key(TODAY)]
    assert backup.skipped == 5
    done = into(MemoryStorage(), backup)
    assert backup.tally.unreadable == 3
    assert done.line() == "Imported 1 game; 5 entries were refused or could not be read."
    s = Session(MemoryStorage(), lambda: NOW)
    s.start("")
    s.moving.offer = (backup, "file")
    asked = s.moving.overlay(s)[1]
    assert ("Daily results: none new, 3 refused (3 that could not be read or do not add up)."
            in asked)
    assert "2 games could not be read and will be skipped." in asked    # not "2 entries"


def test_a_day_named_twice_is_skipped_both_times():
    text = good()
    day = sorted(json.loads(text)["results"]["results"])[0]
    entry = json.dumps(json.loads(text)["results"]["results"][day], separators=(",", ":"))
    twice = text.replace(f'"{day}":{entry}', f'"{day}":{entry},"{day}":{entry}')
    assert twice != text
    backup = read_backup(twice, today=TODAY)
    assert day not in {d.isoformat() for d in backup.results}
    assert len(backup.results) == 1 and backup.skipped == 2


def test_wrong_types_inside_an_entry_are_skipped():
    def change(data):
        for entry in data["results"]["results"].values():
            entry["place"] = "first"
        data["games"][GAME_KEY]["revision"] = True
    backup = read_backup(tampered(good(), change), today=TODAY)
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
        read_link(fragment, today=TODAY)


def test_a_link_that_inflates_too_far_or_is_cut_is_refused():
    bomb = zlib.compress(b" " * (MAX_BACKUP_CHARS + 100), 9)
    body = base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    assert len(body) < MAX_LINK_CHARS
    with pytest.raises(SheepsheadError, match="inflates past"):
        read_link("#backup=1." + body, today=TODAY)
    link, _ = backup_link(export(browser(2)), "")
    with pytest.raises(SheepsheadError, match="cut short|not JSON|base64"):
        read_link(link[: len(link) // 2], today=TODAY)


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
    assert "Imported 2 Daily results and 2 games." in new.notices
    assert len(DailyResults(fresh).book().results) == 2
    assert new.session.hash() == "#daily=2026-12-02"          # its Daily, as it was
    assert new.session.table.game.to_json() == SaveStore(old).peek(daily_key(TODAY)).game

    other = Controller(MemoryStorage(), lambda: NOW)
    other.handle(Start(""))
    read(other, BackupFile("b.json", file.text, len(file.text)))
    assert other.session.moving.offer is not None
    other.handle(Tap(ui="import-no"))
    assert other.session.moving.offer is None and other.notices == []


def read(c: Controller, event) -> list:
    """``c.handle(event)``, then the backup it opened read to the end, as the binding runs
    the job (driven by hand), each event it sends handed to the controller."""
    out = c.handle(event)
    for spawn in [e for e in out if isinstance(e, Spawn)]:
        drive(spawn.job(lambda found: out.extend(c.handle(found))))
    return out


def test_a_backup_is_read_a_step_at_a_time_and_a_cancel_stops_it():
    text = export(browser(3, new_game=10)).to_text()
    steps = read_backup_steps(text, today=TODAY)
    seen = []
    while True:
        try:
            seen.append(next(steps))
        except StopIteration as done:
            backup = done.value
            break
    assert [s for s in seen if s is not None] == [(1, 3), (2, 3), (3, 3)]   # one per result
    assert len(seen) >= 6                 # and the text's, the game's (and each decision's)
    assert backup == read_backup(text, today=TODAY)
    link = backup_link(backup, "https://example.org/")[0]
    counts = read_link_steps("#" + link.partition("#")[2], today=TODAY)
    assert [s for s in counts if s] == [(1, 3), (2, 3), (3, 3)]

    c = Controller(MemoryStorage(), lambda: NOW)
    c.handle(Start(""))
    out = c.handle(BackupFile("b.json", text, len(text)))
    assert len([e for e in out if isinstance(e, Spawn)]) == 1     # the reading
    kind, html = c.session.overlay(c.ui)
    assert kind == "import" and "Reading the backup" in html and 'data-ui="import-no"' in html
    assert c.session.moving.offer is None              # asked only once it is all checked
    c.handle(Tap(ui="import-no"))                       # Cancel while it is read
    for spawn in (e for e in out if isinstance(e, Spawn)):
        drive(spawn.job(c.handle))
    assert c.session.moving.offer is None and c.session.overlay(c.ui) is None
    assert c.notices == []

    read(c, BackupFile("b.json", text, len(text)))      # read to the end: the question
    assert c.session.moving.offer is not None
    assert "Import this backup?" in c.session.overlay(c.ui)[1]


def test_a_bad_file_or_link_is_one_notice_and_nothing_changes():
    c = Controller(MemoryStorage(), lambda: NOW)
    read(c, Start("#backup=1.AAAA"))
    assert c.session.moving.offer is None
    assert any(n.startswith("This backup link cannot be read: cut short")
               for n in c.notices)
    c.handle(BackupFile("photo.jpg", None, 9_000_000))
    read(c, BackupFile("notes.txt", "hello", 5))
    assert "“photo.jpg” is too big to be a backup (9,000,000 bytes). Nothing was imported." \
        in c.notices
    assert any(n.startswith("“notes.txt” cannot be imported: backup: not JSON")
               for n in c.notices)


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
    assert "Imported 1 game." in c.notices
    assert c.session.table.game.to_json() == theirs.games[GAME_KEY].game
    assert c.session.moving.offer is None


def test_an_import_that_lengthens_the_streak_keeps_a_picture_that_says_so():
    from sheepshead.ui.storage.picture import PICTURE_KEY

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
    assert "Imported 1 Daily result." in c.notices
    assert streak() == 2                              # yesterday came in: two days running


def test_imported_settings_reach_the_table_on_screen_and_later_changes_too():
    """A backup's settings are taken in place: the table on screen draws from the same
    settings as the page (four-colour cards at once), and a setting changed afterwards
    reaches it too (before, the table kept its old object until another game opened)."""
    c = Controller(MemoryStorage(), lambda: NOW)
    c.handle(Start("#game=0123456789abcdef"))
    theirs = MemoryStorage()
    c.session.moving.offer = (make_backup(DailyResults(theirs), SaveStore(theirs),
                                          Settings(four_colour=True), TODAY), "file")
    c.handle(Tap(ui="import-yes"))
    assert c.table is not None and c.table.settings is c.session.settings
    assert c.table.settings.four_colour and c.table.view().settings.four_colour
    c.handle(Change("show_points", False))
    assert c.table.view().points is None


# ----------------------------------------------- the Daily's rules (issue 36, item 3)
TOMORROW = TODAY + dt.timedelta(days=1)


def planted() -> MemoryStorage:
    """A backup's browser as an attacker makes it: random legal games locked for today,
    tomorrow and 30 days ahead with a par of -999, and two real results (the Daily's
    players' moves) with the same par, one of them carrying a field of its own."""
    theirs = MemoryStorage()
    book = DailyResults(theirs)
    for day in (TODAY, TOMORROW, TODAY + dt.timedelta(days=30)):     # its clock set ahead
        book.record(play(daily_game(day), seed=day.day), hints=False,
                    now=dt.datetime.combine(day, NOW.time()))
    for day in days(2):
        book.record(expert_daily(day), hints=False, now=NOW)
    for day in book.book().results:
        book.record_par(day, -999)
    return theirs


def test_an_imported_backup_plants_no_daily_result():
    text = tampered(export(planted()).to_text(),
                    lambda data: data["results"]["results"][DAY.isoformat()].update(note="x"))
    here = browser(0, new_game=None)
    DailyResults(here).record(play(daily_game(DAY + dt.timedelta(days=1)), seed=3),
                              hints=True, now=NOW)
    mine = DailyResults(here).book().results
    read = read_backup(text, today=TODAY, here=mine)
    assert read.tally == Tally(already=1, future=2, moves=1, unreadable=0)
    assert read.daily_results == 5 and list(read.results) == [DAY]
    taken = read.results[DAY]
    assert taken.par is None and taken.extra == {}                  # never the file's par
    assert taken.fragment == EXPERT_DAILIES[DAY] and taken.level == "expert"
    done = into(here, read)
    assert done.line() == ("Imported 1 Daily result; 1 already here was kept; 3 entries "
                           "were refused or could not be read.")
    book = DailyResults(here).book()
    assert sorted(book.results) == [DAY, DAY + dt.timedelta(days=1)]
    assert book.results[DAY + dt.timedelta(days=1)] == mine[DAY + dt.timedelta(days=1)]
    assert book.attempt_kind(TODAY) == book.attempt_kind(TOMORROW) == "scored"
    s = Session(here, lambda: NOW)
    s.start(f"#daily={TODAY}")
    assert s.table is not None and not s.table.practice             # yours to play


def test_the_question_counts_what_is_new_already_here_and_refused_and_why():
    here = MemoryStorage()
    DailyResults(here).record(play(daily_game(DAY + dt.timedelta(days=1))), hints=False,
                              now=NOW)
    def another(data):                      # a real link under another date: no game
        entries = data["results"]["results"]
        entries["2026-11-03"] = {**entries[DAY.isoformat()],
                                 "result": EXPERT_DAILIES[DAY].replace("11-01", "11-03")}
    text = tampered(export(planted()).to_text(), another)
    c = Controller(here, lambda: NOW)
    c.handle(Start(""))
    read(c, BackupFile("b.json", text, len(text)))
    html = c.session.overlay(c.ui)[1]
    assert "This file (made 2026-12-02) holds 6 Daily results and your settings." in html
    assert ("Daily results: 1 new, 1 already here, 4 refused (2 for a date still to come, "
            "1 whose computer moves do not check, 1 that could not be read or do not add "
            "up). Results already here stay as they are.") in html
    c.handle(Tap(ui="import-yes"))
    assert sorted(DailyResults(here).book().results) == days(2)


@pytest.mark.parametrize("change, why", [
    (lambda e: e.update(finished="2027-01-01T09:00:00"), "unreadable"),   # not come yet
    (lambda e: e.update(finished="2026-10-31T23:59:00"), "unreadable"),   # before its day
    (lambda e: e.update(totals=[t + (1 - 2 * (i % 2)) for i, t in enumerate(e["totals"])]),
     "unreadable"),                                                        # not its link's
    (lambda e: e.update(level="easy"), "moves"),                           # not the Daily's
    (lambda e: e.update(result=e["result"] + "&level=easy", level="easy"), "moves"),
])
def test_a_real_result_that_says_more_than_its_link_is_refused(change, why):
    def tamper(data):
        change(data["results"]["results"][DAY.isoformat()])
    backup = read_backup(tampered(export(browser(1, new_game=None)).to_text(), tamper),
                         today=TODAY)
    assert backup.results == {} and getattr(backup.tally, why) == 1


def test_every_computer_move_is_replayed_a_decision_a_step():
    from sheepshead.ui.backup import backup as module
    text = export(browser(1, new_game=None)).to_text()
    module._MOVES_CHECKED.pop(EXPERT_DAILIES[DAY], None)         # as in a fresh page
    steps = list(read_backup_steps(text, today=TODAY))
    assert steps.count(None) > 40                                # the Expert's decisions
    assert EXPERT_DAILIES[DAY] in module._MOVES_CHECKED          # once: not again
    assert len(list(read_backup_steps(text, today=TODAY))) < 10


# ------------------------------------------------- bounded and sliced (item 5)
def values(text: str) -> int:
    """The values of JSON text as the backup's first pass counts them."""
    return sum(text[m.start()] in ",[{" for m in TOKEN.finditer(text))


def longest_step(steps) -> tuple[float, int]:
    """The most CPU time one step of ``steps`` took, and how many there were (to the end
    or the refusal)."""
    longest, n = 0.0, 0
    while True:
        start = time.process_time()
        try:
            next(steps)
        except (StopIteration, SheepsheadError):
            return max(longest, time.process_time() - start), n
        longest = max(longest, time.process_time() - start)
        n += 1


SLICE_CPU_S = 0.25
"""The most CPU one step may take here (a slice: the whole read of the inputs below was one
step of about 2.5 s in CPython before issue 36; the page's figures are bench/backup_page.py's).
Checked in CPython, where ``time.process_time`` is this process's CPU; under Pyodide it is the
wall clock, which a loaded machine stretches (0.285 s once in CI), so there the steps' count
and size are checked and their time is not."""
CPU_CLOCK = sys.platform != "emscripten"
SMALL_OBJECTS = '{"format":"sheepshead-backup/1","x":[' + ",".join(["{}"] * 1_300_000) + "]}"
"""4 MB of small objects: issue 36's 7.8 KB link inflates to this."""


def test_a_small_link_inflating_to_megabytes_is_refused_a_slice_at_a_time():
    body = base64.urlsafe_b64encode(zlib.compress(SMALL_OBJECTS.encode(), 9)).decode()
    assert len(body) < 10_000 and len(SMALL_OBJECTS) > MAX_BACKUP_CHARS - 200_000
    with pytest.raises(SheepsheadError, match=r"^backup link: inflates past 1,000,000 "):
        read_link("#backup=1." + body, today=TODAY)
    longest, steps = longest_step(read_link_steps("#backup=1." + body, today=TODAY))
    assert steps == MAX_LINK_TEXT // INFLATE_CHARS and (longest < SLICE_CPU_S or not CPU_CLOCK)


def test_a_file_of_small_objects_is_refused_by_its_count_of_values_a_slice_at_a_time():
    with pytest.raises(SheepsheadError, match=r"^backup: more than 100,000 values"):
        read_backup(SMALL_OBJECTS, today=TODAY)
    longest, steps = longest_step(read_backup_steps(SMALL_OBJECTS, today=TODAY))
    assert steps >= MAX_VALUES // SCAN_TOKENS - 1 and (longest < SLICE_CPU_S or not CPU_CLOCK)


def test_the_caps_hold_the_biggest_real_backup():
    text = export(browser(1, daily=TODAY)).to_text()
    data = json.loads(text)
    entry = json.dumps(data["results"]["results"][DAY.isoformat()], separators=(",", ":"))
    save = max((json.dumps(g, separators=(",", ":")) for g in data["games"].values()), key=len)
    finished = GameSave.of(expert_daily(DAY), "expert").to_text()   # as long as a save gets
    assert values(entry) == 13 and values(finished) < 1_000
    assert MAX_RESULTS * (values(entry) + 1) + MAX_GAMES * values(finished) < MAX_VALUES
    assert 3 * max(len(entry), len(save), len(finished)) < MAX_ENTRY_CHARS
    result = next(iter(export(browser(1, new_game=None)).results.values()))
    many = Backup({d: _moved(result, d) for d in days(1_000, dt.date(2023, 1, 1))})
    link, carried = backup_link(many, "")
    assert carried.partial and 5 * len(carried.to_text()) < MAX_LINK_TEXT
    assert read_link(link, today=TODAY).daily_results == len(carried.results)


def test_a_big_backup_is_decoded_an_entry_a_step():
    result = next(iter(export(browser(1, new_game=None)).results.values()))
    book = {d: _moved(result, d) for d in days(3_000, dt.date(2015, 1, 1))}
    text = Backup(book).to_text()
    assert len(text) > 2_500_000
    longest, steps = longest_step(read_backup_steps(text, today=TODAY, here=book))
    assert steps > 6_000 and (longest < SLICE_CPU_S or not CPU_CLOCK)      # a scan slice or an entry a step
    backup = read_backup(text, today=TODAY, here=book)
    assert backup.tally.already == 3_000 and backup.results == {}


def test_an_entry_longer_than_any_is_left_unread():
    def change(data):
        data["results"]["results"][DAY.isoformat()]["note"] = "x" * MAX_ENTRY_CHARS
        data["games"][GAME_KEY]["note"] = ["y"] * MAX_ENTRY_CHARS
    backup = read_backup(tampered(export(browser(1, new_game=10)).to_text(), change),
                         today=TODAY)
    assert backup.results == {} and backup.games == {} and backup.skipped == 2
    with pytest.raises(SheepsheadError, match="settings must be an object"):
        read_backup(json.dumps({"format": BACKUP_FORMAT, "settings": {"a": "x" * 30_000}}),
                    today=TODAY)


@pytest.mark.slow
def test_the_stored_dailies_are_the_par_games():
    from sheepshead.ui.daily.daily import par_steps
    par = [step.par for step in par_steps(TODAY) if step.par is not None][-1]
    assert par.fragment == EXPERT_DAILIES[TODAY]


def late_liar(day: dt.date = DAY) -> Game:
    """``day``'s Expert game with one computer move of the last hand changed (its last
    decision with a choice), then played out with legal moves: every hand but the last
    checks."""
    link = parse_result(EXPERT_DAILIES[day])
    last = link.hands[-1]

    def nine_hands() -> Game:
        game = Game(link.seed, link.rules)
        for actions in link.hands[:-1]:
            for action in actions:
                game.current.apply(action)
            game.next_hand()
        return game
    probe = nine_hands()
    turn = 0
    for i, action in enumerate(last):
        if probe.current.to_act != 0 and len(probe.current.legal_actions()) > 1:
            turn = i
        probe.current.apply(action)
    game = nine_hands()
    state = game.current
    for action in last[:turn]:
        state.apply(action)
    state.apply(next(a for a in state.legal_actions() if a != last[turn]))
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    return game


def test_a_result_whose_last_computer_move_differs_is_refused():
    here, theirs = MemoryStorage(), MemoryStorage()
    DailyResults(theirs).record(late_liar(), hints=False, now=NOW)
    backup = read_backup(export(theirs).to_text(), today=TODAY)
    assert backup.results == {} and backup.tally.moves == 1
    forged = MemoryStorage()
    DailyResults(forged).record(play(daily_game(DAY), seed=4), hints=False, now=NOW)
    entry = next(iter(export(forged).results.values()))
    assert check_result(parse_result(entry.fragment)).computer_moves_match is False
    assert read_backup(export(forged).to_text(), today=TODAY).tally.moves == 1
    assert into(here, backup).results == 0 and RESULTS_KEY not in here.items
