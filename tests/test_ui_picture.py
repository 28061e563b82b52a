"""The table's picture (sheepshead/ui/picture.py), kept by the controller, without a browser.

The controller keeps a picture of the table whenever it rests (never mid-animation), naming
the save it draws by a digest of its text; a page started again from that save draws exactly
the picture's regions first (so the engine's draw replaces the stored one without a change on
screen); taps on the picture are carried out once each; a picture never costs a save its room
and never adds a notice.  static/picture.js and the page are tested in Chromium
(tests/test_picture.py)."""

from __future__ import annotations

import datetime as dt
import json
import zlib

from test_daily_logic import finished_daily
from test_ui_controller import GAME, controller, of, settle

from sheepshead.ui.daily import DailyResults
from sheepshead.ui.events import Change, Draw, Start, Tap, Wait
from sheepshead.ui.picture import PICTURE_KEY, TABLE_REGIONS, rest_of, save_digest
from sheepshead.ui.saves import GAME_KEY, MemoryStorage, read_save


def started(storage: MemoryStorage, fragment: str = GAME, taps: tuple[str, ...] = ()):
    c = controller(storage)
    effects = settle(c, c.handle(Start(fragment, taps=taps)))
    return c, effects


def picture(storage: MemoryStorage) -> dict:
    return json.loads(storage.items[PICTURE_KEY])


def first_draw(effects) -> dict[str, str]:
    return dict(of(effects, Draw)[0].regions)


def test_a_resting_table_keeps_its_picture_naming_its_save():
    storage = MemoryStorage()
    c, _ = started(storage)
    assert GAME_KEY not in storage.items and picture(storage)["save"] == ""   # not saved yet
    settle(c, c.handle(Tap(act="pass")))
    p = picture(storage)
    assert p["key"] == GAME_KEY and p["hash"] == GAME
    assert p["save"] == f"{zlib.crc32(storage.items[GAME_KEY].encode()):08x}"
    assert p["regions"] == {r: c.drawn[r] for r in TABLE_REGIONS}
    assert p["title"] == "Sheepshead · New Game · hand 1 of 10"
    kept = {name for _, name, _ in p["attrs"]}
    assert kept <= {"hidden", "inert", "data-players", "data-panel"}   # never data-ready…
    assert "data-players" in kept


def test_no_picture_mid_animation_and_a_new_one_once_the_table_rests():
    storage = MemoryStorage()
    c, _ = started(storage)
    c.handle(Change("speed", "normal"))
    before = storage.items[PICTURE_KEY]
    effects = c.handle(Tap(act="pass"))
    assert of(effects, Wait)                        # busy: the computer players answer
    assert storage.items[PICTURE_KEY] == before
    settle(c, effects)
    assert storage.items[PICTURE_KEY] != before
    assert picture(storage)["save"] == save_digest(storage.items[GAME_KEY])


def test_the_engine_first_draws_exactly_the_picture_of_its_save():
    storage = MemoryStorage()
    c, _ = started(storage)
    settle(c, c.handle(Tap(act="pass")))
    p = picture(storage)
    again, effects = started(storage, fragment=p["hash"])
    drawn = first_draw(effects)
    assert {r: drawn[r] for r in TABLE_REGIONS} == p["regions"]


def test_taps_on_the_picture_are_carried_out_once_each():
    once = MemoryStorage()
    c, _ = started(once)
    settle(c, c.handle(Tap(act="pass")))
    twice = MemoryStorage()
    started(twice)
    c2, _ = started(twice, taps=("act:pass", "act:pass"))
    assert c2.table.action_count() == c.table.action_count()
    assert c2.table.game.to_json() == c.table.game.to_json()
    c3, _ = started(MemoryStorage(), taps=("ui:menu",))
    assert c3.ui.panel == "menu"


class Full(MemoryStorage):
    """Storage with room for ``room`` characters in all."""

    def __init__(self, room: int) -> None:
        super().__init__()
        self.room = room

    def set(self, key: str, text: str) -> None:
        used = sum(len(v) for k, v in self.items.items() if k != key)
        if used + len(text) > self.room:
            raise OSError("QuotaExceededError")
        super().set(key, text)


def test_a_picture_never_costs_a_save_its_room_nor_adds_a_notice():
    storage = MemoryStorage()
    c, _ = started(storage)
    settle(c, c.handle(Tap(act="pass")))
    save, pic = len(storage.items[GAME_KEY]), len(storage.items[PICTURE_KEY])
    # Room for the saves but not for the picture: no picture, no notice, play goes on.
    tight = Full(save + 2_000)
    c, _ = started(tight)
    assert PICTURE_KEY not in tight.items
    settle(c, c.handle(Tap(act="pass")))
    assert c.ui.notices == [] and GAME_KEY in tight.items
    # A picture already there gives way when a save needs its room.
    roomy = Full(10 * (save + pic))
    c, _ = started(roomy)
    assert PICTURE_KEY in roomy.items
    roomy.room = sum(len(v) for v in roomy.items.values())    # a longer save needs its room
    settle(c, c.handle(Tap(act="pass")))
    assert c.ui.notices == []
    assert read_save(roomy.items[GAME_KEY]).load_game().to_json() == c.table.game.to_json()


def test_the_rest_after_a_finished_daily_is_its_line_and_the_streak():
    storage = MemoryStorage()
    results = DailyResults(storage)
    for n, day in enumerate((dt.date(2026, 11, 29), dt.date(2026, 11, 30))):
        results.record(finished_daily(day, seed=n + 1), hints=False,
                       now=dt.datetime.combine(day, dt.time(20)))
    book = results.book()
    rest = rest_of(book, dt.date(2026, 11, 30), dt.date(2026, 11, 30))
    result = book.result(dt.date(2026, 11, 30))
    assert rest is not None and result is not None
    assert rest.line.startswith("Daily 2026-11-30: ") and " of 5, " in rest.line
    assert rest.streak == 2 and rest.through == "2026-11-30"
    assert rest_of(book, dt.date(2026, 11, 28), dt.date(2026, 11, 30)) is None


def test_save_digest():
    assert save_digest(None) == ""
    assert save_digest("") == "00000000"
    assert save_digest("Sheepshead ♣") == f"{zlib.crc32('Sheepshead ♣'.encode()):08x}"


def test_a_finished_hand_keeps_its_summary_and_the_engine_draws_it_again():
    storage = MemoryStorage()
    c, _ = started(storage)
    for _ in range(60):
        t = c.table
        if t.hand.is_over:
            break
        settle(c, c.handle(Tap(act=str(t.hand.legal_actions()[0]))))
    assert c.table.hand.is_over
    p = picture(storage)
    assert p["regions"]["panel"] and ["body", "data-panel", "1"] in p["attrs"]
    again, effects = started(storage, fragment=p["hash"])
    drawn = first_draw(effects)
    assert {r: drawn[r] for r in p["regions"]} == p["regions"]
