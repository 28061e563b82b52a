"""The Daily's pure logic: a save per game, one scored attempt, the archive, the countdown,
the par, the share text, streaks and statistics (docs/daily.md).

Standard library + pytest only: this file also runs inside Pyodide
(tests/test_in_pyodide.py).  Storage is a dict (``MemoryStorage``); a storage that
refuses raises ``OSError``, as the page's adapter of ``localStorage`` does.
"""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest
from daily_helpers import play
from save_helpers import old_save

from sheepshead import Game, Rules, SheepsheadError
from sheepshead.bots.seating import DAILY_LEVEL, computer_choice
from sheepshead.results import check_result, parse_result, result_fragment
from sheepshead.ui.daily.daily import (
    DailyResult,
    DailyResults,
    Outcome,
    ResultsBook,
    countdown,
    daily_game,
    date_of_seed,
    hand_outcomes,
    next_daily_at,
    open_daily,
    par_steps,
    place_of,
    share_text,
    versus_par,
)
from sheepshead.ui.daily.stats import best_streak, current_streak, daily_stats
from sheepshead.ui.storage.saves import (
    GAME_KEY,
    MAX_DEPTH,
    OLD_PREVIOUS_KEY,
    OLD_SAVE_KEY,
    RESULTS_KEY,
    SET_ASIDE_FORMAT,
    SET_ASIDE_PREFIX,
    SETTINGS_KEY,
    GameSave,
    MemoryStorage,
    SaveConflict,
    SaveError,
    SaveStore,
    StorageFailed,
    daily_key,
    date_of_key,
    key_of_seed,
    parse_json,
    read_save,
)
from sheepshead.ui.table.table import Table

DAY = dt.date(2026, 12, 1)
NEW_SEED = "game:0123456789abcdef"
CARD_TEXT = re.compile(r"\b(?:7|8|9|10|J|Q|K|A)[CSHD]\b")


# ----------------------------------------------------------------- helpers
class RefusingStorage(MemoryStorage):
    """Storage that raises OSError as a blocked or full localStorage does."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        super().__init__(items)
        self.refuse_get = self.refuse_set = self.refuse_keys = False

    def get(self, key: str) -> str | None:
        if self.refuse_get:
            raise OSError("SecurityError: access denied")
        return super().get(key)

    def set(self, key: str, text: str) -> None:
        if self.refuse_set:
            raise OSError("QuotaExceededError: storage is full")
        super().set(key, text)

    def keys(self) -> list[str]:
        if self.refuse_keys:
            raise OSError("SecurityError: access denied")
        return super().keys()


def finished_daily(day: dt.date = DAY, seed: int = 1) -> Game:
    return play(daily_game(day), seed=seed)


def old_table(seed: str, actions: int, level: str = "easy") -> Table:
    """A table of the previous version, played ``actions`` actions in."""
    table = Table(seed)
    table.settings.set("level", level)
    for _ in range(actions):
        if table.human_turn:
            table.act(table.hand.legal_actions()[0])
        elif table.computer_turn:
            table.step()
        else:
            table.next_hand()
    return table


def set_asides(storage: MemoryStorage) -> list[dict[str, object]]:
    out = []
    for key in sorted(storage.items):
        if key.startswith(SET_ASIDE_PREFIX):
            data = json.loads(storage.items[key])
            assert data["format"] == SET_ASIDE_FORMAT
            assert "\n" not in data["reason"] and data["reason"]
            out.append(data)
    return out


def actions_of(save: GameSave) -> list[list[str]]:
    hands = save.game["hands"]
    assert isinstance(hands, list)
    return hands


# --------------------------------------------------------------- save keys
def test_keys_one_per_daily_date_one_for_the_new_game_and_settings_apart():
    assert daily_key(DAY) == "sheepshead.daily.2026-12-01" == daily_key("2026-12-01")
    assert key_of_seed("daily:2026-12-01") == "sheepshead.daily.2026-12-01"
    assert key_of_seed(NEW_SEED) == key_of_seed("game:fedcba9876543210") == GAME_KEY
    assert date_of_key("sheepshead.daily.2026-12-01") == "2026-12-01"
    for other in (RESULTS_KEY, GAME_KEY, SETTINGS_KEY, "sheepshead.daily.2026-02-30"):
        assert date_of_key(other) is None
    assert len({GAME_KEY, SETTINGS_KEY, RESULTS_KEY, daily_key(DAY)}) == 4
    with pytest.raises(SheepsheadError):
        daily_key("2026-13-01")


def test_a_new_game_never_touches_a_daily_and_the_daily_resumes_where_it_was():
    storage = MemoryStorage()
    store = SaveStore(storage, "tab1")
    assert store.load(daily_key(DAY)) is None
    daily = play(daily_game(DAY), 17)
    store.save(GameSave.of(daily, DAILY_LEVEL))
    before = storage.items[daily_key(DAY)]
    assert store.load(GAME_KEY) is None
    new = play(Game(NEW_SEED), 9)
    store.save(GameSave.of(new, "standard"))
    store.save(GameSave.of(play(Game("game:fedcba9876543210"), 3), "easy"), replace_game=True)
    assert storage.items[daily_key(DAY)] == before
    resumed = SaveStore(storage, "tab2").load(daily_key(DAY))
    assert resumed is not None and resumed.level == DAILY_LEVEL and not resumed.practice
    assert resumed.load_game().to_json() == daily.to_json()


def test_each_write_is_the_next_revision_stamped_with_the_tab():
    store = SaveStore(MemoryStorage(), "tabA")
    game = daily_game(DAY)
    first = store.save(GameSave.of(game, DAILY_LEVEL))
    assert (first.revision, first.tab) == (1, "tabA")
    play(game, 5)
    second = store.save(GameSave.of(game, DAILY_LEVEL, hints=True))
    assert (second.revision, second.tab, second.hints) == (2, "tabA", True)
    assert read_save(store.storage.get(daily_key(DAY)) or "") == second


def test_another_tab_is_noticed_and_never_overwritten_silently():
    storage = MemoryStorage()
    a, b = SaveStore(storage, "tabA"), SaveStore(storage, "tabB")
    key = daily_key(DAY)
    game = play(daily_game(DAY), 4)
    a.load(key)
    a.save(GameSave.of(game, DAILY_LEVEL))
    loaded = b.load(key)
    assert loaded is not None and loaded.revision == 1
    theirs = play(loaded.load_game(), 6, seed=2)
    b.save(GameSave.of(theirs, DAILY_LEVEL))
    event = storage.items[key]
    assert a.external_change(key, event)                   # "went on in another tab"
    assert not b.external_change(key, event)               # its own write
    assert not a.external_change(GAME_KEY, event)          # not a game this tab has open
    assert not a.external_change(SETTINGS_KEY, "{}")
    assert a.external_change(None, None)                   # storage cleared
    with pytest.raises(SaveConflict) as refused:
        a.save(GameSave.of(play(game, 3), DAILY_LEVEL))
    assert "another tab" in str(refused.value) and "\n" not in str(refused.value)
    assert refused.value.stored is not None and refused.value.stored.tab == "tabB"
    assert storage.items[key] == event                      # nothing overwritten
    reloaded = a.load(key)                                  # "Reload"
    assert reloaded is not None and reloaded.load_game().to_json() == theirs.to_json()
    written = a.save(GameSave.of(play(reloaded.load_game(), 2), DAILY_LEVEL))
    assert written.revision == 3
    assert b.external_change(key, storage.items[key])


def test_a_save_never_read_in_this_tab_is_not_overwritten_unless_replaced():
    storage = MemoryStorage()
    SaveStore(storage, "old").save(GameSave.of(play(Game(NEW_SEED), 5), "standard"))
    store = SaveStore(storage, "new")
    fresh = GameSave.of(Game("game:fedcba9876543210"), "expert")
    with pytest.raises(SaveConflict, match="load it first"):
        store.save(fresh)
    written = store.save(fresh, replace_game=True)          # the player said yes
    assert written.revision == 2 and written.seed == "game:fedcba9876543210"


def new_game_in_progress(store: SaveStore) -> bool:
    """Whether a New Game is saved with at least one action taken and not over (New Game
    asks before leaving it)."""
    save = store.peek(GAME_KEY)
    return save is not None and save.in_progress()


def test_new_game_asks_only_before_leaving_a_new_game_in_progress():
    storage = MemoryStorage()
    store = SaveStore(storage, "t")
    assert not new_game_in_progress(store)
    store.save(GameSave.of(Game(NEW_SEED), "standard"))
    assert not new_game_in_progress(store)                 # not a card played yet
    store.save(GameSave.of(play(Game(NEW_SEED), 3), "standard"))
    assert new_game_in_progress(store)
    store.save(GameSave.of(play(Game(NEW_SEED)), "standard"))
    assert not new_game_in_progress(store)                 # over
    store.save(GameSave.of(play(daily_game(DAY), 3), DAILY_LEVEL))
    assert not new_game_in_progress(store)                 # a Daily is not a New Game
    storage.items[GAME_KEY] = "{corrupt"
    assert not new_game_in_progress(store)


def test_settings_are_kept_apart_and_survive_any_game():
    storage = MemoryStorage()
    store = SaveStore(storage, "t")
    assert store.load_settings() == {}
    store.save_settings({"level": "expert", "speed": "fast", "future": [1, 2]})
    store.save(GameSave.of(play(Game(NEW_SEED), 3), "expert"))
    store.save(GameSave.of(Game("game:fedcba9876543210"), "expert"), replace_game=True)
    assert SaveStore(storage, "u").load_settings() == {"level": "expert", "speed": "fast",
                                                       "future": [1, 2]}
    storage.items[SETTINGS_KEY] = "[1, 2"
    fresh = SaveStore(storage, "v")
    assert fresh.load_settings() == {}
    assert SETTINGS_KEY not in storage.items
    assert [d["text"] for d in set_asides(storage)] == ["[1, 2"]
    assert len(fresh.take_notices()) == 1


def test_fields_of_a_newer_version_are_kept():
    storage = MemoryStorage()
    store = SaveStore(storage, "t")
    store.save(GameSave.of(play(daily_game(DAY), 3), DAILY_LEVEL))
    data = json.loads(storage.items[daily_key(DAY)])
    data["colour"] = "blue"
    storage.items[daily_key(DAY)] = json.dumps(data)
    loaded = store.load(daily_key(DAY))
    assert loaded is not None and loaded.extra == {"colour": "blue"}
    store.save(replace_save(loaded, play(loaded.load_game(), 2)))
    assert json.loads(storage.items[daily_key(DAY)])["colour"] == "blue"


def replace_save(save: GameSave, game: Game) -> GameSave:
    from dataclasses import replace
    return replace(save, game=game.to_json())


# ---------------------------------------------------- corrupt and refused
BAD_SAVES = {
    "not JSON": "{'format':",
    "foreign": json.dumps({"todo": ["milk"]}),
    "a list": "[1, 2, 3]",
    "huge": "x" * 300_000,
    "deep": "[" * 100_000 + "]" * 100_000,
    "deep object": '{"a":' * 5_000 + "1" + "}" * 5_000,
    "newer": json.dumps({"format": "sheepshead-save/2", "revision": 1}),
    "tampered": None,            # filled in below: an illegal action in a real save
    "wrong key": None,           # a New Game's save under a Daily's key
}


def bad_save(kind: str) -> str:
    if kind == "tampered":
        text = GameSave.of(play(daily_game(DAY), 8), DAILY_LEVEL).to_text()
        data = json.loads(text)
        data["revision"], data["tab"] = 1, "x"
        data["game"]["hands"][0][-1] = "play 7C" if data["game"]["hands"][0][-1] != "play 7C" \
            else "play 8C"
        return json.dumps(data)
    if kind == "wrong key":
        data = json.loads(GameSave.of(Game(NEW_SEED), "easy").to_text())
        data["revision"], data["tab"] = 1, "x"
        return json.dumps(data)
    text = BAD_SAVES[kind]
    assert text is not None
    return text


@pytest.mark.parametrize("kind", sorted(BAD_SAVES))
def test_anything_unreadable_is_set_aside_with_a_reason_never_a_crash(kind):
    text = bad_save(kind)
    storage = MemoryStorage({daily_key(DAY): text})
    store = SaveStore(storage, "t")
    assert store.load(daily_key(DAY)) is None
    notices = store.take_notices()
    assert len(notices) == 1 and "\n" not in notices[0] and "set-aside.1" in notices[0]
    assert daily_key(DAY) not in storage.items
    [aside] = set_asides(storage)
    assert aside["text"] == text and aside["from"] == daily_key(DAY)
    assert len(str(aside["reason"])) <= 300
    store.save(GameSave.of(daily_game(DAY), DAILY_LEVEL))   # the key is free again


def test_stored_json_is_refused_before_parsing_when_too_deep_or_too_long():
    assert parse_json('{"name": "' + "[" * 500 + '"}', "x") == {"name": "[" * 500}
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH, "x") is not None
    with pytest.raises(SheepsheadError, match="deeper"):
        parse_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "x")
    with pytest.raises(SheepsheadError, match="too long"):
        parse_json("1" * 11, "x", limit=10)
    with pytest.raises(SheepsheadError, match="not JSON"):
        parse_json("{", "x")


def test_refused_storage_raises_storage_failed_and_the_game_in_memory_goes_on():
    storage = RefusingStorage()
    store = SaveStore(storage, "t")
    game = play(daily_game(DAY), 5)
    store.save(GameSave.of(game, DAILY_LEVEL))
    kept = storage.items[daily_key(DAY)]
    storage.refuse_set = True
    play(game, 5)
    with pytest.raises(StorageFailed, match="storage refused") as refused:
        store.save(GameSave.of(game, DAILY_LEVEL))
    assert isinstance(refused.value, SheepsheadError) and refused.value.key == daily_key(DAY)
    assert storage.items[daily_key(DAY)] == kept
    assert len(game.current.history) >= 5 or game.hand_number > 1    # still playable
    storage.refuse_set = False
    assert store.save(GameSave.of(game, DAILY_LEVEL)).revision == 2  # later, it works
    storage.refuse_get = True
    assert store.load(daily_key(DAY)) is None
    assert "could not be read" in store.take_notices()[0]
    with pytest.raises(StorageFailed):
        store.save(GameSave.of(game, DAILY_LEVEL))
    assert not new_game_in_progress(store)
    assert store.load_settings() == {}
    storage.refuse_get = False                              # what was not read is not lost
    with pytest.raises(SaveConflict):
        store.save(GameSave.of(daily_game(DAY), DAILY_LEVEL))


def test_a_corrupt_value_that_cannot_be_set_aside_stays_where_it_is():
    storage = RefusingStorage({GAME_KEY: "{corrupt"})
    storage.refuse_set = True
    store = SaveStore(storage, "t")
    assert store.load(GAME_KEY) is None
    assert storage.items[GAME_KEY] == "{corrupt"
    assert "nor set aside" in store.take_notices()[0]


# --------------------------------------------------------------- migration
def test_migration_moves_an_old_daily_and_the_new_game_it_left_behind():
    daily = old_table("daily:2026-11-30", 12, level="expert")
    new = old_table(NEW_SEED, 20, level="easy")
    new.settings.set("speed", "fast")
    storage = MemoryStorage({OLD_SAVE_KEY: old_save(daily), OLD_PREVIOUS_KEY: old_save(new)})
    store = SaveStore(storage, "t")
    assert store.migrate() == []
    assert OLD_SAVE_KEY not in storage.items and OLD_PREVIOUS_KEY not in storage.items
    moved = store.load(daily_key("2026-11-30"))
    assert moved is not None and moved.level == "expert" and moved.revision == 1
    assert moved.load_game().to_json() == daily.game.to_json()
    moved_new = store.load(GAME_KEY)
    assert moved_new is not None and moved_new.level == "easy"
    assert moved_new.load_game().to_json() == new.game.to_json()
    assert store.load_settings()["level"] == "expert"          # the newer save's settings
    assert set_asides(storage) == []
    assert store.migrate() == []                               # once only
    assert len(storage.items) == 3


def test_migration_of_two_new_games_keeps_the_newer_and_sets_the_other_aside():
    newer, older = old_table(NEW_SEED, 30), old_table("game:fedcba9876543210", 10)
    storage = MemoryStorage({OLD_SAVE_KEY: old_save(newer), OLD_PREVIOUS_KEY: old_save(older)})
    store = SaveStore(storage, "t")
    notices = store.migrate()
    assert len(notices) == 1 and "set-aside.1" in notices[0]
    moved = store.load(GAME_KEY)
    assert moved is not None and moved.seed == NEW_SEED
    [aside] = set_asides(storage)
    assert aside["text"] == old_save(older) and aside["from"] == OLD_PREVIOUS_KEY
    assert "newer" in str(aside["reason"])


def test_migration_sets_aside_corrupt_and_foreign_old_saves_and_keeps_good_ones():
    good = old_table("daily:2026-11-29", 6, level="standard")
    storage = MemoryStorage({OLD_SAVE_KEY: '{"format": "sheepshead-table/1", "version": 1, '
                                           '"game": {"format": "nonsense"}}',
                             OLD_PREVIOUS_KEY: old_save(good)})
    store = SaveStore(storage, "t")
    notices = store.migrate()
    assert len(notices) == 1
    moved = store.load(daily_key("2026-11-29"))
    assert moved is not None and moved.level == "standard"     # played at that level
    assert [a["from"] for a in set_asides(storage)] == [OLD_SAVE_KEY]
    assert OLD_SAVE_KEY not in storage.items and OLD_PREVIOUS_KEY not in storage.items

    storage = MemoryStorage({OLD_SAVE_KEY: json.dumps({"format": "sheepshead-table/9"}),
                             OLD_PREVIOUS_KEY: "y" * 300_000})
    notices = SaveStore(storage, "t").migrate()
    assert len(notices) == 2 and len(set_asides(storage)) == 2
    assert sorted(storage.items) == [SET_ASIDE_PREFIX + "1", SET_ASIDE_PREFIX + "2"]


def test_migration_never_replaces_a_save_already_under_the_new_key():
    storage = MemoryStorage()
    SaveStore(storage, "new").save(GameSave.of(play(daily_game(DAY), 7), DAILY_LEVEL))
    current = storage.items[daily_key(DAY)]
    storage.items[OLD_SAVE_KEY] = old_save(old_table("daily:2026-12-01", 3))
    notices = SaveStore(storage, "t").migrate()
    assert len(notices) == 1 and storage.items[daily_key(DAY)] == current
    assert "already" in str(set_asides(storage)[0]["reason"])


def test_migration_with_refused_storage_loses_nothing_and_runs_again_later():
    old = old_save(old_table(NEW_SEED, 10))
    storage = RefusingStorage({OLD_SAVE_KEY: old})
    storage.refuse_set = True
    notices = SaveStore(storage, "t").migrate()
    assert len(notices) == 1 and "could not be moved" in notices[0]
    assert storage.items == {OLD_SAVE_KEY: old}
    storage.refuse_set = False
    storage.refuse_get = True
    assert len(SaveStore(storage, "t").migrate()) == 1
    storage.refuse_get = False
    assert SaveStore(storage, "t").migrate() == []
    assert OLD_SAVE_KEY not in storage.items and GAME_KEY in storage.items


# ---------------------------------------------------- one scored attempt
def test_the_first_play_through_is_the_result_and_practice_never_changes_it():
    storage = MemoryStorage()
    results = DailyResults(storage)
    assert results.attempt_kind(DAY) == "scored"
    with pytest.raises(SheepsheadError, match="not over"):
        results.record(play(daily_game(DAY), 30), hints=False, now=dt.datetime(2026, 12, 1, 9))
    with pytest.raises(SheepsheadError, match="only a Daily"):
        results.record(play(Game(NEW_SEED)), hints=False, now=dt.datetime(2026, 12, 1, 9))
    game = finished_daily()
    result = results.record(game, hints=True, now=dt.datetime(2026, 12, 1, 21, 14, 5, 7))
    assert result is not None
    assert (result.totals, result.total, result.hints) == (game.totals(), game.totals()[0], True)
    assert (result.place, result.tied) == place_of(game.totals())
    assert result.finished == dt.datetime(2026, 12, 1, 21, 14, 5) and result.par is None
    assert check_result(parse_result(result.fragment)).totals == game.totals()
    assert results.attempt_kind(DAY) == "practice"
    assert results.attempt_kind(DAY + dt.timedelta(days=1)) == "scored"
    book = storage.items[RESULTS_KEY]
    practice = finished_daily(seed=99)
    assert practice.totals() != game.totals()
    assert results.record(practice, hints=False, now=dt.datetime(2026, 12, 1, 22)) is None
    assert storage.items[RESULTS_KEY] == book
    assert DailyResults(storage).book().result(DAY) == result


def test_a_refused_write_locks_nothing_and_a_later_one_does():
    storage = RefusingStorage()
    results = DailyResults(storage)
    storage.refuse_set = True
    with pytest.raises(StorageFailed):
        results.record(finished_daily(), hints=False, now=dt.datetime(2026, 12, 1, 9))
    assert results.attempt_kind(DAY) == "scored"
    storage.refuse_set = False
    assert results.record(finished_daily(), hints=False, now=dt.datetime(2026, 12, 1, 9))
    storage.refuse_get = True                 # unread: never written over
    assert results.book().read_only
    with pytest.raises(SaveError):
        results.record(finished_daily(DAY + dt.timedelta(days=1)), hints=False,
                       now=dt.datetime(2026, 12, 2, 9))


def test_the_book_is_versioned_keeps_what_it_does_not_know_and_sets_aside_corruption():
    storage = MemoryStorage()
    results = DailyResults(storage)
    results.record(finished_daily(), hints=False, now=dt.datetime(2026, 12, 1, 9))
    data = json.loads(storage.items[RESULTS_KEY])
    assert (data["format"], data["version"]) == ("sheepshead-daily-results", 1)
    data["theme"] = "dark"
    data["results"]["2026-12-01"]["time_taken"] = 300
    data["results"]["2026-11-02"] = {"result": 5}
    storage.items[RESULTS_KEY] = json.dumps(data)
    assert results.record_par(DAY, 3) is not None
    again = json.loads(storage.items[RESULTS_KEY])
    assert again["theme"] == "dark" and again["results"]["2026-11-02"] == {"result": 5}
    assert again["results"]["2026-12-01"]["time_taken"] == 300
    assert again["results"]["2026-12-01"]["par"] == 3
    assert list(results.book().results) == [DAY]

    data["version"] = 2                                     # a later, incompatible book
    storage.items[RESULTS_KEY] = json.dumps(data)
    assert results.book().read_only and results.attempt_kind(DAY) == "practice"
    with pytest.raises(SaveError, match="newer version"):
        results.record_par(DAY, 4)
    assert json.loads(storage.items[RESULTS_KEY])["version"] == 2

    storage.items[RESULTS_KEY] = "{broken"
    assert results.book() == ResultsBook()
    assert "set-aside.1" in results.take_notices()[0]
    assert [a["text"] for a in set_asides(storage)] == ["{broken"]
    assert RESULTS_KEY not in storage.items


# --------------------------------------------------- archive and calendar
def test_a_future_date_opens_today_with_one_line_and_a_past_date_opens_as_asked():
    today = dt.date(2026, 12, 1)
    assert open_daily(None, today) == (today, None)
    assert open_daily(today, today) == (today, None)
    assert open_daily(dt.date(2025, 3, 9), today) == (dt.date(2025, 3, 9), None)
    day, message = open_daily(dt.date(2026, 12, 2), today)
    assert day == today and message is not None
    assert "2026-12-02" in message and "not out yet" in message and "\n" not in message
    assert date_of_seed("daily:2026-12-01") == today and date_of_seed(NEW_SEED) is None


@pytest.mark.parametrize("now, text", [
    (dt.datetime(2026, 12, 1, 16, 48), "Next Daily in 7 h 12 min"),
    (dt.datetime(2026, 12, 1, 0, 0), "Next Daily in 24 h"),
    (dt.datetime(2026, 12, 1, 0, 0, 1), "Next Daily in 24 h"),
    (dt.datetime(2026, 12, 1, 0, 1), "Next Daily in 23 h 59 min"),
    (dt.datetime(2026, 12, 1, 23, 0), "Next Daily in 1 h"),
    (dt.datetime(2026, 12, 1, 23, 1), "Next Daily in 59 min"),
    (dt.datetime(2026, 12, 1, 23, 59), "Next Daily in 1 min"),
    (dt.datetime(2026, 12, 1, 23, 59, 59, 999999), "Next Daily in 1 min"),
    (dt.datetime(2026, 12, 31, 23, 30), "Next Daily in 30 min"),
])
def test_countdown_to_the_next_local_midnight(now, text):
    assert countdown(now) == text


def test_next_daily_is_the_next_local_midnight_across_month_and_year_ends():
    assert next_daily_at(dt.datetime(2026, 12, 31, 23, 59)) == dt.datetime(2027, 1, 1)
    assert next_daily_at(dt.datetime(2028, 2, 28, 1)) == dt.datetime(2028, 2, 29)


# -------------------------------------------------------------- share text
def test_the_daily_share_text_is_spoiler_free_with_ten_outcomes_and_a_checkable_link():
    game = finished_daily()
    text = share_text(game, "https://example.org/sheepshead/#daily=2026-12-01",
                      level=DAILY_LEVEL, hints=True, par=4, by="Ann")
    head, emoji, link = text.split("\n")
    total = game.totals()[0]
    place, tied = place_of(game.totals())
    assert head.startswith(f"Sheepshead Daily 2026-12-01: {total:+d} (" if total else
                           "Sheepshead Daily 2026-12-01: 0 (")
    assert head.endswith(" of 5) · par +4 · with hints")
    assert len(emoji) == 10 and set(emoji) <= {o.emoji for o in Outcome}
    assert emoji == "".join(o.emoji for o in hand_outcomes(game))
    assert link.startswith("https://example.org/sheepshead/#daily=2026-12-01&result=1.")
    assert "&level=" not in link and link.endswith("&by=Ann&hints=1")   # hints travel
    checked = check_result(parse_result(link))
    assert checked.totals == game.totals() and checked.finished and checked.by == "Ann"
    assert checked.hints
    assert not CARD_TEXT.search(head + emoji)
    assert not CARD_TEXT.search(link.replace("&", " "))
    for word in ("Queen", "Jack", "Ace", "clubs", "spades", "hearts", "diamonds", "trump"):
        assert word.lower() not in (head + emoji).lower()
    plain = share_text(game, "https://example.org/", level=DAILY_LEVEL, practice=True)
    assert plain.startswith("Sheepshead Daily 2026-12-01 (practice): ")
    assert "par" not in plain.split("\n")[0] and "hints" not in plain


def test_new_games_share_text_carries_game_and_rules_in_the_link():
    game = play(Game("game:00000000000000ff", Rules(players=3, crack=True)))
    text = share_text(game, "https://example.org/", level="expert")
    head, emoji, link = text.split("\n")
    assert head.startswith("Sheepshead New Game (") and " of 3)" in head
    assert "expert players" in head and len(emoji) == 10
    assert link.startswith("https://example.org/#game=00000000000000ff&rules=")
    assert "&level=expert" in link
    assert check_result(parse_result(link)).totals == game.totals()
    assert not CARD_TEXT.search(head + emoji)
    started = share_text(Game(NEW_SEED), "https://example.org/x", level="standard")
    assert started == ("Sheepshead New Game: just sat down\n"
                       "https://example.org/x#game=0123456789abcdef")
    partway = play(Game(NEW_SEED), 80)
    head, emoji, link = share_text(partway, "https://e.org/", level="standard",
                                   by="Rory").split("\n")
    hands = len(partway.hand_scores())
    assert f"after {hands} of 10 hands" in head and len(emoji) == hands
    assert head.startswith("Sheepshead New Game from Rory: ")         # who shares it
    if partway.current.history:                                      # and the hand in play
        assert head.endswith(f", playing hand {partway.hand_number}"), head
    # Issue 40: "just sat down" only before the first card; then the hand in play.
    first = play(Game(NEW_SEED), 3)
    assert share_text(first, "https://e.org/", level="standard").startswith(
        "Sheepshead New Game: playing hand 1 of 10\n")
    assert check_result(parse_result(link)).hands == hands


def test_each_hands_outcome_says_how_it_went_for_you():
    for seed in range(6):
        game = finished_daily(seed=seed)
        outcomes = hand_outcomes(game)
        assert len(outcomes) == 10
        for hand, outcome in zip(game.hands, outcomes):
            r = hand.result()
            won = r.scores[0] > 0
            assert outcome.words.endswith("won") == won or outcome is Outcome.LEASTER_NOT_WON
            if r.leaster:
                assert outcome in (Outcome.LEASTER_WON, Outcome.LEASTER_NOT_WON)
            elif r.picker == 0:
                assert outcome in (Outcome.PICKED_WON, Outcome.PICKED_LOST)
            elif r.partner == 0:
                assert outcome in (Outcome.PARTNER_WON, Outcome.PARTNER_LOST)
            else:
                assert outcome in (Outcome.DEFENDED_WON, Outcome.DEFENDED_LOST)
    assert len({o.emoji for o in Outcome}) == len(Outcome)
    assert all(len(o.emoji) == 1 for o in Outcome)
    assert versus_par(7, 4) == "You +7 · Expert in your seat +4"
    assert versus_par(-2, None) == "You -2" and versus_par(0, 0).endswith("seat 0")


# ------------------------------------------------------- streaks and stats
def result(day: dt.date, total: int = 0, place: int = 2, *, par: int | None = None,
           finished: dt.datetime | None = None, tied: bool = False) -> DailyResult:
    when = finished or dt.datetime.combine(day, dt.time(20))
    return DailyResult(day, f"#daily={day}&result=1.A", (total, -total, 0, 0, 0), place, tied,
                       False, DAILY_LEVEL, when, par)


def book_of(*results: DailyResult) -> ResultsBook:
    return ResultsBook({r.day: r for r in results})


def days(first: dt.date, n: int) -> list[dt.date]:
    return [first + dt.timedelta(days=i) for i in range(n)]


def test_streaks_across_month_and_year_ends_and_gaps():
    run = days(dt.date(2026, 12, 29), 5)                   # Dec 29 .. Jan 2
    assert current_streak(run, dt.date(2027, 1, 2)) == 5
    assert current_streak(run, dt.date(2027, 1, 3)) == 5   # today not finished yet
    assert current_streak(run, dt.date(2027, 1, 4)) == 0   # a day was missed
    month = days(dt.date(2027, 1, 30), 3)                  # Jan 30 .. Feb 1
    assert current_streak(month, dt.date(2027, 2, 1)) == 3
    leap = days(dt.date(2028, 2, 27), 4)                   # over Feb 29
    assert current_streak(leap, dt.date(2028, 3, 1)) == 4
    gap = run + days(dt.date(2027, 1, 5), 2)
    assert current_streak(gap, dt.date(2027, 1, 6)) == 2
    assert best_streak(gap) == 5 and best_streak([]) == 0 and current_streak([], DAY) == 0
    assert best_streak(run + month + leap) == 5
    assert best_streak(days(dt.date(2026, 1, 1), 365)) == 365


def test_only_a_daily_finished_on_its_date_or_the_next_keeps_a_streak():
    late = result(dt.date(2026, 11, 30), finished=dt.datetime(2026, 12, 1, 0, 20))
    archive = result(dt.date(2026, 11, 29), finished=dt.datetime(2026, 12, 1, 9))
    today = result(DAY)
    stats = daily_stats(book_of(late, archive, today), DAY)
    assert (stats.played, stats.current_streak, stats.best_streak) == (3, 2, 2)
    unknown = result(dt.date(2026, 11, 29))
    unknown = DailyResult(unknown.day, unknown.fragment, unknown.totals, 2, False, False)
    assert daily_stats(book_of(late, unknown, today), DAY).current_streak == 3


def test_statistics_from_the_book():
    empty = daily_stats(ResultsBook(), DAY)
    assert (empty.played, empty.wins, empty.average, empty.best, empty.par_known) == \
        (0, 0, None, None, 0)
    assert "Beat par" not in " ".join(empty.lines())
    book = book_of(result(dt.date(2026, 11, 28), 7, 1, par=4),
                   result(dt.date(2026, 11, 29), 3, 1, par=3, tied=True),   # tied first: a win
                   result(dt.date(2026, 11, 30), -4, 5, par=-6),
                   result(DAY, 0, 3))
    stats = daily_stats(book, DAY)
    assert (stats.played, stats.wins, stats.best, stats.average) == (4, 2, 7, 1.5)
    assert (stats.par_known, stats.beat_par) == (3, 2)     # equal to par is not beaten
    assert (stats.current_streak, stats.best_streak) == (4, 4)
    assert stats.lines() == ("Dailies played: 4", "Wins: 2", "Current streak: 4 days",
                             "Best streak: 4 days", "Average total: +1.5", "Best total: +7",
                             "Beat par: 2 of 3")


def test_stats_survive_a_round_trip_and_a_corrupt_book():
    storage = MemoryStorage()
    results = DailyResults(storage)
    for i, day in enumerate(days(dt.date(2026, 11, 29), 3)):
        results.record(finished_daily(day, seed=i), hints=False,
                       now=dt.datetime.combine(day, dt.time(12)))

    def load_stats() -> tuple:
        book = DailyResults(storage)
        return daily_stats(book.book(), DAY), book.take_notices()

    stats, notices = load_stats()
    assert notices == [] and (stats.played, stats.current_streak) == (3, 3)
    storage.items[RESULTS_KEY] = json.dumps({"format": "something else"})
    stats, notices = load_stats()
    assert stats.played == 0 and len(notices) == 1 and "set-aside" in notices[0]


# --------------------------------------------------------------------- par
@pytest.fixture(scope="module", params=[pytest.param(3, id="3-hands"),
                                        pytest.param(10, id="10-hands", marks=pytest.mark.slow)])
def full_par(request):
    """Every step of the par: of the first three hands in the fast tier, of all ten in the full run."""
    return list(par_steps(DAY, hands=request.param))


def direct_replay(day: dt.date, hands: int) -> Game:
    """The Daily of ``day`` with every seat chosen as the table chooses."""
    game = daily_game(day)
    while True:
        state = game.current
        while not state.is_over:
            state.apply(computer_choice(DAILY_LEVEL, game.seed, game.hand_number, game.redeal,
                                        state.view(state.to_act), len(state.history)))
        if game.is_over or len(game.hand_scores()) >= hands:
            return game
        game.next_hand()


def test_par_is_the_expert_in_your_seat_with_progress_to_the_last_step(full_par):
    last = full_par[-1].par
    hands = full_par[-1].hands
    assert last is not None and all(s.par is None for s in full_par[:-1])
    assert last.day == DAY and len(last.hand_scores) == hands
    assert last.total == last.totals[0] and sum(last.totals) == 0
    decisions = [s.decisions for s in full_par]
    assert decisions == sorted(decisions) and decisions[-1] > 10 * hands
    assert [s.hands for s in full_par] == sorted(s.hands for s in full_par)
    assert {s.hands for s in full_par} == set(range(hands + 1))
    assert all(s.hands_total == hands for s in full_par)
    checked = check_result(parse_result(last.fragment), computer_moves=False)
    assert checked.totals == last.totals and checked.finished == (hands == 10)


@pytest.mark.parametrize("full_par", [3], ids=["3-hands"], indirect=True)  # once is enough
def test_par_is_deterministic_and_equals_a_direct_replay(full_par):
    par = full_par[-1].par
    assert par is not None
    short = [s.par for s in par_steps(DAY, hands=2)][-1]
    once, twice = ([s.par for s in par_steps(DAY, hands=1)][-1] for _ in range(2))
    assert short is not None and once is not None and once == twice
    assert once.hand_scores == short.hand_scores[:1]
    checked = check_result(parse_result(short.fragment))     # seats 1-4: the Daily's players
    assert checked.computer_moves_match is True and checked.level == DAILY_LEVEL
    replay = direct_replay(DAY, 2)
    assert short.totals == replay.totals()
    assert short.fragment == result_fragment(replay)
    assert [tuple(s) for s in replay.hand_scores()] == list(short.hand_scores)
    assert par.hand_scores[:2] == short.hand_scores
    assert par.fragment.startswith(short.fragment)
    with pytest.raises(SheepsheadError):
        next(par_steps(DAY, hands=0))


def test_the_par_is_kept_in_the_book(full_par):
    par = full_par[-1].par
    assert par is not None
    storage = MemoryStorage()
    results = DailyResults(storage)
    assert results.record_par(DAY, par.total) is None          # no result yet: nothing
    results.record(finished_daily(), hints=False, now=dt.datetime(2026, 12, 1, 9))
    kept = results.record_par(DAY, par.total)
    assert kept is not None and kept.par == par.total
    assert DailyResults(storage).book().result(DAY) == kept


def test_a_long_storage_refusal_is_cut_at_a_word_with_an_ellipsis():
    quota = ("QuotaExceededError: Failed to execute 'setItem' on 'Storage': Setting the value "
             "of 'sheepshead.daily.results' exceeded the quota.")
    assert len(quota) > 120

    class Full(MemoryStorage):
        def set(self, key: str, text: str) -> None:
            raise OSError(quota)
    with pytest.raises(StorageFailed) as refused:
        SaveStore(Full(), "t").save(GameSave.of(play(daily_game(DAY), 5), DAILY_LEVEL))
    why = str(refused.value).partition("storage refused (")[2]
    assert why.endswith("…)") and quota.startswith(why[:-2])
    assert quota[len(why) - 2] == " "                     # cut where a word ends
    with pytest.raises(StorageFailed) as short:
        SaveStore(RefusingFull(), "t").save(GameSave.of(play(daily_game(DAY), 5), DAILY_LEVEL))
    assert str(short.value).endswith("(QuotaExceededError: storage is full)")


class RefusingFull(MemoryStorage):
    def set(self, key: str, text: str) -> None:
        raise OSError("QuotaExceededError: storage is full")


def test_the_results_grid_is_drawn_in_css_squares_not_emoji_glyphs():
    """Issue 40, round three, item 9: the in-page grid showed tofu boxes without an emoji
    font; the share text keeps its emoji."""
    from sheepshead.ui.daily.finish import outcomes_html
    outcomes = hand_outcomes(finished_daily())
    html = outcomes_html(outcomes)
    assert html.count('<i class="sq sq-') >= len(outcomes)
    assert not any(o.emoji in html for o in Outcome)
    assert all(o.words in html for o in outcomes)
