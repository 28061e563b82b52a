"""The store (:mod:`sheepshead.ui.storage.store`) is the only code that touches the browser's
storage, and every key the page keeps is written there once."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from sheepshead.ui.storage import store
from sheepshead.ui.storage.store import (
    BOARDS_KEY,
    GAME_KEY,
    PICTURE_KEY,
    MemoryStorage,
    Shelf,
    StorageFailed,
)

ROOT = Path(__file__).resolve().parent.parent
STORE = ROOT / "sheepshead" / "ui" / "storage" / "store.py"
CALLS = {"get", "set", "remove", "keys"}


def storage_calls(path: Path) -> list[str]:
    """Where ``path`` calls a storage's get/set/remove/keys (``x.storage.get(…)``,
    ``storage.set(…)``)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in CALLS:
            owner = node.func.value
            name = owner.attr if isinstance(owner, ast.Attribute) else \
                owner.id if isinstance(owner, ast.Name) else ""
            if name == "storage":
                out.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return out


def test_only_the_store_module_calls_the_storage():
    files = sorted((ROOT / "sheepshead").rglob("*.py")) + [ROOT / "static" / "main.py"]
    found = [hit for f in files if f != STORE for hit in storage_calls(f)]
    assert found == []
    assert len(storage_calls(STORE)) >= 8          # the check sees the calls where they are


def test_every_key_is_spelled_once_in_the_package():
    """Each key's text is a constant in the store module and nowhere else in the package."""
    keys = [v for k, v in vars(store).items() if k.endswith(("_KEY", "_PREFIX"))
            and isinstance(v, str)]
    assert len(keys) >= 9
    for path in sorted((ROOT / "sheepshead").rglob("*.py")):
        if path == STORE:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        spelled = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)}
        assert not spelled & set(keys), path


class Full(MemoryStorage):
    """Storage that refuses any write while it holds more than ``room`` characters."""

    def __init__(self, items: dict[str, str], room: int) -> None:
        super().__init__(items)
        self.room = room

    def set(self, key: str, text: str) -> None:
        others = sum(len(v) for k, v in self.items.items() if k != key)
        if others + len(text) > self.room:
            raise OSError("QuotaExceededError")
        super().set(key, text)


def test_a_write_refused_for_room_is_tried_again_once_the_picture_gave_way():
    storage = Full({PICTURE_KEY: "p" * 50}, room=60)
    shelf = Shelf(storage)
    shelf._set(GAME_KEY, "g" * 20)
    assert storage.items == {GAME_KEY: "g" * 20}
    try:
        shelf._set(BOARDS_KEY, "b" * 50)            # no picture left to give way
    except StorageFailed as e:
        assert "The boards could not be saved" in str(e)
    else:
        raise AssertionError("a write over the room was not refused")



# ------------------------------------------------------------------ revisions
def test_a_stamp_is_the_values_first_fields_and_a_value_without_one_is_revision_0():
    body = '{"format":"x","n":1}'
    text = store.stamped(body, (3, "9f00aa11"), (2, "a1"))
    assert text == '{"revision":3,"tab":"9f00aa11","over":[2,"a1"],"format":"x","n":1}'
    assert store.unstamp(text) == (body, (3, "9f00aa11"), (2, "a1"))
    assert store.unstamp(store.stamped("{}", (1, "t"), store.NO_REVISION)) == \
        ("{}", (1, "t"), (0, ""))
    for old in (body, "{}", "[1]", "", '{"revision":1,"tab":"t"}',
                '{"revision":9999999999,"tab":"t","over":[0,""],"a":1}',   # past the bound
                '{"revision":1,"tab":"t","over":[0,""]"a":1}'):               # no comma
        assert store.unstamp(old) == (old, store.NO_REVISION, store.NO_REVISION)


def test_an_old_value_without_a_stamp_is_read_and_its_next_write_is_revision_1():
    from sheepshead.ui.daily.daily import DailyResults, ResultsBook
    old = ResultsBook().to_text()
    storage = MemoryStorage({store.RESULTS_KEY: old})
    shelf = DailyResults(storage)
    assert shelf.book() == ResultsBook.from_text(old)
    assert shelf.take_in([]) == (0, 0)
    shelf._write(shelf.book())
    assert store.unstamp(storage.items[store.RESULTS_KEY]) == (old, (1, shelf.owners.tab),
                                                               store.NO_REVISION)


def test_a_write_is_a_compare_and_set_against_the_revision_read():
    storage = MemoryStorage()
    a, b = Shelf(storage), Shelf(storage)
    assert a._read_value(GAME_KEY + "x") is None and b._read_value(GAME_KEY + "x") is None
    a._write_value(GAME_KEY + "x", '{"a":1}')
    try:
        b._write_value(GAME_KEY + "x", '{"b":1}')
    except store.StaleWrite as e:
        assert "another tab" in str(e)
    else:
        raise AssertionError("a write over a revision it did not read was not refused")
    assert store.unstamp(storage.items[GAME_KEY + "x"])[0] == '{"a":1}'
    assert b._read_value(GAME_KEY + "x") == '{"a":1}'
    b._write_value(GAME_KEY + "x", '{"b":1}')
    assert store.unstamp(storage.items[GAME_KEY + "x"])[1:] == (
        (2, b.owners.tab), (1, a.owners.tab))


def test_the_storage_event_goes_to_its_keys_owner_once():
    owners = store.Owners("t1")
    got: list[tuple[str, str | None, str | None, bool]] = []

    def owner(name: str):
        return lambda key, text, lost: bool(got.append((name, key, text, lost)))

    owners.own(store.RESULTS_KEY, owner("results"))
    owners.own(store.DAILY_PREFIX, owner("daily"))
    owners.own(store.SETTINGS_KEY, owner("settings"))
    owners.external_change(store.RESULTS_KEY, '{"revision":1,"tab":"t2","over":[0,""]}')
    owners.external_change(store.daily_key("2026-12-01"), '{"a":1}')
    owners.external_change(store.BOARDS_KEY, "{}")                 # nobody's: nothing
    assert got == [("results", store.RESULTS_KEY, "{}", False),
                   ("daily", "sheepshead.daily.2026-12-01", '{"a":1}', False)]
    got.clear()
    owners.external_change(None, None)                             # storage cleared
    assert sorted(g[0] for g in got) == ["daily", "results", "settings"]


def test_the_storage_event_says_whether_this_tabs_last_write_was_built_on():
    """Another tab's write reaches this tab's copy, then its event: the owner is told
    ``lost`` when this tab's last write was not what that write was made over."""
    storage = MemoryStorage()
    a = Shelf(storage, store.Owners("aaaa"))
    lost: list[bool] = []
    a.owners.own(BOARDS_KEY, lambda key, text, was_lost: bool(lost.append(was_lost)))

    def arrives(text: str) -> None:
        storage.items[BOARDS_KEY] = text
        a.owners.external_change(BOARDS_KEY, text)

    a._read_value(BOARDS_KEY)
    a._write_value(BOARDS_KEY, "{}")                                # (1, aaaa)
    arrives(store.stamped("{}", (2, "bbbb"), (1, "aaaa")))          # made over it
    a._write_value(BOARDS_KEY, "{}")                                # (3, aaaa)
    arrives(store.stamped("{}", (3, "cccc"), (2, "bbbb")))          # made without it: lost
    arrives(store.stamped("{}", (4, "cccc"), (3, "cccc")))          # nothing of a's pending
    a._write_value(BOARDS_KEY, "{}")                                # (5, aaaa)
    arrives("{}")                                                   # an older version's: lost
    assert lost == [False, True, False, True]


def test_a_stamped_value_that_cannot_be_read_is_set_aside_whole_stamp_and_all():
    """(Found by tests/test_fuzz.py: a stamp followed by something unreadable.)"""
    from sheepshead.ui.daily.daily import DailyResults
    text = '{"revision":2,"tab":"7f6d249c","over":[1,"7f6d249c"],\U0001d7e3format":1}'
    storage = MemoryStorage({store.RESULTS_KEY: text})
    assert DailyResults(storage).book().results == {}
    aside = [json.loads(v) for k, v in storage.items.items() if k.startswith(store.SET_ASIDE_PREFIX)]
    assert [a["text"] for a in aside] == [text]


def test_an_older_versions_write_of_the_stamp_as_unknown_fields_is_not_kept():
    """An older version's tab keeps the stamp as unknown fields and writes them back after
    its own: the results book (which keeps unknown fields) drops them."""
    from sheepshead.ui.daily.daily import ResultsBook
    old = '{"x":1,"revision":3,"tab":"ab","over":[2,"cd"],' \
          '"format":"sheepshead-daily-results","version":1,"results":{}}'
    assert ResultsBook.from_text(old).to_text() == \
        '{"x":1,"format":"sheepshead-daily-results","version":1,"results":{}}'
