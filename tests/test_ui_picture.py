"""The table's picture (sheepshead/ui/storage/picture.py), kept by the controller, without a browser.

The controller keeps a picture of the table whenever it rests (never mid-animation), naming
the save it draws by a digest of its text; a page started again from that save draws exactly
the picture's regions first (so the engine's draw replaces the stored one without a change on
screen); taps on the picture are carried out once each; a picture never costs a save its room
and never adds a notice.  static/picture.js and the page are tested in Chromium
(tests/test_picture.py)."""

from __future__ import annotations

import datetime as dt
import json
import re
import zlib
from html.parser import HTMLParser

import pytest
from test_daily_logic import finished_daily
from test_ui_controller import GAME, controller, of, settle

from sheepshead.ui.daily.daily import DailyResults
from sheepshead.ui.daily.stats import rest_of
from sheepshead.ui.events import Change, Draw, Start, Tap, Wait
from sheepshead.ui.page.firstvisit import first_visit_picture
from sheepshead.ui.storage.picture import (
    PICTURE_KEY,
    PICTURE_MARKUP,
    TABLE_REGIONS,
    save_digest,
    script_constants,
)
from sheepshead.ui.storage.saves import GAME_KEY, MemoryStorage, read_save
from sheepshead.ui.storage.settings import LOOK_CLASSES
from sheepshead.ui.storage.store import KEY_PREFIX

PLANTED = (
    '<script type="py">from js import document; document.title = "planted"</script>',
    '<py-script>from js import document; document.title = "planted"</py-script>',
    '<mpy-script>from js import document; document.title = "planted"</mpy-script>',
    '<script>document.title = "planted"</script>',
    '<meta http-equiv="refresh" content="0; url=https://example.com/">',
    '<link rel="stylesheet" href="https://example.com/planted.css">',
    '<base href="https://example.com/">',
    '<iframe src="https://example.com/"></iframe>',
    '<object data="https://example.com/planted"></object>',
    '<style>body { background: url(https://example.com/planted.png) }</style>',
    '<img src="planted" onerror="document.title = \'planted\'">',
    '<button type="button" class="btn" onclick="document.title = \'planted\'">Pick up</button>',
    '<a href="javascript:document.title=\'planted\'">Rules</a>',
    '<a href="https://example.com/">Rules</a>',
    '<div class="x" style="background: url(https://example.com/planted.png)">x</div>',
    '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>',
    '<svg><image href="https://example.com/planted.png"></image></svg>',
    '<svg><foreignObject><img src="planted" onerror="alert(1)"></foreignObject></svg>',
    '<svg><path fill="url(https://example.com/planted.svg#p)" d="M0 0"></path></svg>',
    '<svg><animate attributeName="href" to="javascript:alert(1)"></animate></svg>',
    '<template shadowrootmode="open"><script>document.title = "planted"</script></template>',
    '<form action="https://example.com/"><button>Pass</button></form>',
    '<div id="sheepsheadStart">x</div>',
)
"""Markup that a stored picture must never put on the page (issue 36): scripts of every type,
PyScript's elements, what loads or navigates, event attributes, URLs, a clobbering id."""


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


def test_the_picture_says_which_save_a_visit_without_a_link_opens():
    """The engine decides what opens (Session.open_default); the picture carries it, so
    static/picture.js does not decide it again: the New Game when it was open last, else
    today's Daily ("": its date is the visitor's)."""
    storage = MemoryStorage()
    c, _ = started(storage)
    settle(c, c.handle(Tap(act="pass")))
    assert picture(storage)["opens"] == GAME_KEY
    started(storage, fragment="#daily=2026-12-01")
    assert picture(storage)["opens"] == ""


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
    assert c.notices == [] and GAME_KEY in tight.items
    # A picture already there gives way when a save needs its room.
    roomy = Full(10 * (save + pic))
    c, _ = started(roomy)
    assert PICTURE_KEY in roomy.items
    roomy.room = sum(len(v) for v in roomy.items.values())    # a longer save needs its room
    settle(c, c.handle(Tap(act="pass")))
    assert c.notices == []
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


# --- The markup a picture may hold (PICTURE_MARKUP, checked by static/picture.js) -------------

class _Markup(HTMLParser):
    """Every element and attribute of some HTML, checked against PICTURE_MARKUP as the page's
    script checks them (the names as the browser's parser gives them: SVG inside <svg>)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.svg = 0
        self.refused: list[str] = []
        rules = PICTURE_MARKUP
        self.html = set(rules["html"])               # type: ignore[call-overload]
        self.svg_names = set(rules["svg"])           # type: ignore[call-overload]
        attributes: dict[str, str | None] = rules["attributes"]     # type: ignore[assignment]
        self.attributes = {k.lower(): v for k, v in attributes.items()}
        self.prefixed: dict[str, str | None] = rules["prefixed"]    # type: ignore[assignment]
        self.prefixed_name: str = rules["prefixedName"]             # type: ignore[assignment]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        in_svg = self.svg > 0 or tag == "svg"
        if tag not in (self.svg_names if in_svg else self.html):
            self.refused.append(f"<{tag}>")
        for name, value in attrs:
            if not self._allowed(tag, name, value or ""):
                self.refused.append(f"<{tag} {name}={value!r}>")
        if tag == "svg":
            self.svg += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag == "svg":
            self.svg -= 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "svg":
            self.svg -= 1

    def handle_comment(self, data: str) -> None:
        self.refused.append("<!-- -->")

    def _allowed(self, tag: str, name: str, value: str) -> bool:
        if name == "xmlns":
            return tag == "svg" and value == "http://www.w3.org/2000/svg"
        if name in self.attributes:
            pattern = self.attributes[name]
        else:
            prefix = next((p for p in self.prefixed if name.startswith(p)), None)
            if prefix is None or not re.fullmatch(self.prefixed_name, name[len(prefix):]):
                return False
            pattern = self.prefixed[prefix]
        return pattern is None or re.fullmatch(pattern, value) is not None


def refused_markup(html: str) -> list[str]:
    checker = _Markup()
    checker.feed(html)
    checker.close()
    return checker.refused


def kept_pictures(fragment: str, *, look: tuple[Change, ...] = (), hands: int = 10) -> list[dict]:
    """Every picture the controller keeps while ``hands`` hands of ``fragment`` are played by
    taps (the last legal choice each time), after the settings changes ``look``."""
    storage = MemoryStorage()
    c, _ = started(storage, fragment=fragment)
    for change in look:
        settle(c, c.handle(change))
    seen: list[str] = []
    for _ in range(3000):
        text = storage.items.get(PICTURE_KEY)
        if text is not None and (not seen or seen[-1] != text):
            seen.append(text)
        t = c.table
        if c.panel == "summary":
            if t.game.hand_number >= hands:
                break
            settle(c, c.handle(Tap(ui="next")))
        elif c.panel is not None or not t.human_turn:
            break
        else:
            settle(c, c.handle(Tap(act=str(t.seat_view().legal[-1]))))
    return [json.loads(text) for text in seen]


def check_pictures(pictures: list[dict]) -> None:
    for p in pictures:
        for region, html in p["regions"].items():
            assert refused_markup(html) == [], (region, refused_markup(html)[:5])


def test_every_picture_the_engine_keeps_holds_only_the_markup_a_picture_may_hold():
    pictures = [json.loads(first_visit_picture(dt.datetime(2026, 1, 1)))]
    pictures += kept_pictures(GAME, look=(Change("level", "easy"),))          # to the game's end
    pictures += kept_pictures("#game=00000000000000cd", hands=1,
                              look=(Change("four_colour", True),))
    pictures += kept_pictures("#daily=2026-12-01", hands=1)
    assert len(pictures) > 50
    kept_panels = {v for p in pictures for _, n, v in p["attrs"] if n == "data-panel"}
    assert "1" in kept_panels                              # summaries and results were kept
    check_pictures(pictures)


@pytest.mark.slow
def test_every_picture_of_a_whole_daily_holds_only_the_markup_a_picture_may_hold():
    check_pictures(kept_pictures("#daily=2026-12-01"))


@pytest.mark.parametrize("planted", PLANTED)
def test_the_checker_refuses_every_planted_kind(planted):
    assert refused_markup(planted), planted


def test_the_page_script_is_given_the_markup_and_the_keys_from_here():
    constants = script_constants()
    assert constants["markup"] is PICTURE_MARKUP
    assert constants["key"] == PICTURE_KEY and constants["prefix"] == KEY_PREFIX
    assert constants["classes"] == list(LOOK_CLASSES)
    assert constants["regions"] == [*TABLE_REGIONS, "panel"]
    json.dumps(constants)                                   # build.py writes it as JSON


def test_the_page_is_built_with_the_seat_names_written_once_in_wording():
    """index.html holds no seat's name: build.py writes wording.NAMES into each seat's label
    and name, and yours under your hand, as the table draws them (render.seat_html)."""
    import sys
    from pathlib import Path

    from sheepshead.ui.look.wording import NAMES

    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root))
    try:
        import build
    finally:
        sys.path.remove(str(root))
    source = (root / "index.html").read_text(encoding="utf-8")
    assert not any(f">{name}<" in source or f'"{name}"' in source for name in NAMES)
    page = build.fill_seat_names(source)
    for seat, name in enumerate(NAMES[1:], 1):
        assert (f'id="seat-{seat}" aria-label="{name}"><div class="seat-box">'
                f'<div class="seat-name">{name}</div>') in page
    assert f'<div class="me"><span class="seat-name">{NAMES[0]}</span>' in page
    with pytest.raises(build.BuildError):
        build.fill_seat_names(source.replace('id="seat-4"', 'id="seat-x"'))
