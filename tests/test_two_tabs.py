"""Two tabs never lose a Daily result (issue 36, item 4), nor a setting changed in one of them.

A browser keeps one storage per origin, but each tab reads and writes its own copy of it,
and another tab's writes reach that copy a moment later, with a ``storage`` event (Chromium
hands them on between renderers).  The results book is one value, read, changed and written
whole, so a tab can write a book made from a copy that lacks another tab's newest result.
:class:`Origin` models exactly that; the tests run every order of writes and deliveries
they can force (each tab's writes, and each write's arrival in the other tab, in every
interleaving) through the real :class:`~sheepshead.ui.page.session.Session` and
:class:`~sheepshead.ui.daily.daily.DailyResults`, and check that when everything has arrived
every result that any tab locked or took in is in the book, in every tab's copy.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Iterator
from functools import cache

import pytest
from test_daily_logic import finished_daily

from sheepshead.errors import SheepsheadError
from sheepshead.results import ResultCheck, ResultLink
from sheepshead.ui.daily.daily import DailyResult, DailyResults, ResultsBook
from sheepshead.ui.friends.boards import BoardBook, Boards, game_key
from sheepshead.ui.page.session import Session
from sheepshead.ui.storage.saves import (
    RESULTS_KEY,
    SETTINGS_KEY,
    MemoryStorage,
    merge_settings,
    read_settings,
)
from sheepshead.ui.storage.store import BOARDS_KEY
from sheepshead.ui.storage.store import stamped as store_stamped

NOW = dt.datetime(2026, 12, 4, 20, 0)
DAY = dt.date(2026, 11, 1)


class Origin:
    """The origin's storage and the tabs' copies of it.  The origin puts writes in one
    order (``seq``); a tab applies another tab's write when it arrives, unless it wrote that
    key itself later in that order (its copy already holds the newer value, as Chromium's
    tabs ignore a change older than their own)."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}
        self.tabs: list[Tab] = []
        self.seq = 0

    def tab(self) -> Tab:
        tab = Tab(self)
        self.tabs.append(tab)
        return tab


class Tab:
    """One tab's copy of the storage (a :class:`~sheepshead.ui.storage.saves.Storage`): its reads
    see its copy; its writes go to the origin and, for each other tab, into that tab's
    inbox until :meth:`deliver` applies one there and fires its ``storage`` event."""

    def __init__(self, origin: Origin) -> None:
        self.origin = origin
        self.copy = dict(origin.items)
        self.inbox: list[tuple[int, str, str | None]] = []
        self.newest: dict[str, int] = {}
        self.on_event: Callable[[str, str | None], object] = lambda key, new: None

    def get(self, key: str) -> str | None:
        return self.copy.get(key)

    def set(self, key: str, text: str) -> None:
        self._write(key, text)

    def remove(self, key: str) -> None:
        self._write(key, None)

    def keys(self) -> list[str]:
        return list(self.copy)

    def _write(self, key: str, text: str | None) -> None:
        if self.copy.get(key) == text:
            return                                  # no change: no event anywhere
        self.origin.seq += 1
        self.newest[key] = self.origin.seq
        _put(self.copy, key, text)
        _put(self.origin.items, key, text)
        for other in self.origin.tabs:
            if other is not self:
                other.inbox.append((self.origin.seq, key, text))

    def deliver(self) -> None:
        seq, key, text = self.inbox.pop(0)
        if self.newest.get(key, 0) > seq or self.copy.get(key) == text:
            return                                  # older than what this tab holds
        self.newest[key] = seq
        _put(self.copy, key, text)
        self.on_event(key, text)


def _put(items: dict[str, str], key: str, text: str | None) -> None:
    if text is None:
        items.pop(key, None)
    else:
        items[key] = text


def results(first: dt.date, n: int, seed: int) -> list[DailyResult]:
    """``n`` Daily results from ``first`` on, as a tab locks them (random legal games)."""
    book = DailyResults(MemoryStorage())
    out = []
    for i in range(n):
        day = first + dt.timedelta(days=i)
        result = book.record(finished_daily(day, seed=seed + i), hints=False, now=NOW)
        assert result is not None
        out.append(result)
    return out


def session(tab: Tab) -> Session:
    s = Session(tab, lambda: NOW)
    tab.on_event = s.storage_event
    return s


def schedules(ops: dict[int, int], tabs: int, limit: int = 5000) -> Iterator[list[tuple[str, int]]]:
    """Every order of the tabs' operations (``ops``: how many each tab does, in its own
    order) and of deliveries, as steps ``("op", tab)`` or ``("deliver", tab)``; a
    delivery is only tried where its tab's inbox has something (worked out by running)."""
    # A schedule is explored by replaying it from the start: see run().
    stack: list[list[tuple[str, int]]] = [[]]
    seen = 0
    while stack and seen < limit:
        prefix = stack.pop()
        state = yield prefix
        if state is None:
            continue
        done, inboxes = state
        steps = [("op", t) for t in range(tabs) if done[t] < ops.get(t, 0)]
        steps += [("deliver", t) for t in range(tabs) if inboxes[t]]
        if not steps:
            seen += 1
        stack.extend(prefix + [step] for step in reversed(steps))


def explore(make: Callable[[], tuple[Origin, list[Session], dict[int, list[Callable[[Session], object]]]]],
            check: Callable[[Origin, list[Session]], None]) -> int:
    """Run every schedule of the tabs' operations; ``check`` each one that ran to the end
    (every operation done, every write arrived everywhere). How many were checked."""
    checked = 0
    gen = schedules({t: len(o) for t, o in make()[2].items()}, len(make()[1]))
    prefix = next(gen)
    while True:
        origin, sessions, ops = make()
        done = [0] * len(sessions)
        for step, t in prefix:
            if step == "op":
                ops[t][done[t]](sessions[t])
                done[t] += 1
            else:
                origin.tabs[t].deliver()
        inboxes = [bool(tab.inbox) for tab in origin.tabs]
        finished = all(done[t] == len(o) for t, o in ops.items()) and not any(inboxes)
        if finished:
            check(origin, sessions)
            checked += 1
        try:
            prefix = gen.send(None if finished else (done, inboxes))
        except StopIteration:
            return checked


def book_days(text: str | None) -> set[dt.date]:
    return set() if text is None else set(ResultsBook.from_text(text).results)


X = results(DAY, 3, seed=1)                         # in one tab's backup
Y = results(DAY + dt.timedelta(days=10), 3, seed=7)  # in the other's
TODAY = results(DAY + dt.timedelta(days=20), 1, seed=11)[0]   # a Daily finished in a tab


def test_two_tabs_importing_at_once_keep_every_result_in_every_order():
    def make():
        origin = Origin()
        sessions = [session(origin.tab()), session(origin.tab())]
        ops = {0: [lambda s: s.results.take_in(X)], 1: [lambda s: s.results.take_in(Y)]}
        return origin, sessions, ops

    def check(origin: Origin, sessions: list[Session]) -> None:
        want = {r.day for r in X + Y}
        assert book_days(origin.items.get(RESULTS_KEY)) == want
        for tab in origin.tabs:
            assert tab.copy == origin.items

    assert explore(make, check) >= 6


def test_a_tab_locking_its_daily_while_another_imports_twice_keeps_all_of_them():
    def make():
        origin = Origin()
        sessions = [session(origin.tab()), session(origin.tab())]
        ops = {0: [lambda s: s.results.take_in(TODAY_LOCK)],
               1: [lambda s: s.results.take_in(X), lambda s: s.results.take_in(Y)]}
        return origin, sessions, ops

    def check(origin: Origin, sessions: list[Session]) -> None:
        book = ResultsBook.from_text(origin.items[RESULTS_KEY])
        assert set(book.results) == {r.day for r in X + Y} | {TODAY.day}
        assert book.results[TODAY.day] == TODAY
        for tab in origin.tabs:
            assert tab.copy == origin.items

    assert explore(make, check) >= 10


TODAY_LOCK = [TODAY]


def test_a_date_locked_in_both_tabs_keeps_one_result_in_both_and_no_write_loops():
    other = results(TODAY.day, 1, seed=99)[0]       # the same date, another game
    assert other.fragment != TODAY.fragment

    def make():
        origin = Origin()
        sessions = [session(origin.tab()), session(origin.tab())]
        ops = {0: [lambda s: s.results.take_in([TODAY])],
               1: [lambda s: s.results.take_in([other])]}
        return origin, sessions, ops

    def check(origin: Origin, sessions: list[Session]) -> None:
        book = ResultsBook.from_text(origin.items[RESULTS_KEY])
        assert set(book.results) == {TODAY.day}
        assert book.results[TODAY.day] in (TODAY, other)
        for tab in origin.tabs:
            assert tab.copy == origin.items

    assert explore(make, check) >= 3


def test_without_the_merge_a_write_from_a_stale_copy_loses_the_other_tabs_results():
    """The model shows the loss the merge repairs: with the events ignored, one order of
    the same two imports ends with a book missing one tab's results."""
    origin = Origin()
    a, b = origin.tab(), origin.tab()
    DailyResults(a).take_in(X)
    DailyResults(b).take_in(Y)             # b's copy had not received a's book yet
    a.deliver()
    b.deliver()
    assert book_days(origin.items[RESULTS_KEY]) == {r.day for r in Y}


def change(key: str, value: object) -> Callable[[Session], object]:
    """A setting changed in a tab, as the Options panel changes it, and saved."""
    def op(s: Session) -> None:
        s.settings.set(key, value)
        s.save_settings()
    return op


def stored_settings(text: str | None) -> dict[str, object]:
    return {} if text is None else read_settings(text)[0]


def test_two_tabs_changing_different_settings_keep_both_changes_in_every_order():
    """Tab A names you Ann while tab B speeds the play up: whatever the order of the two
    writes and their arrivals, both changes are in storage and in both tabs at the end
    (a tab keeps what it changed and takes the rest from the other's write)."""
    def make():
        origin = Origin()
        sessions = [session(origin.tab()), session(origin.tab())]
        for s in sessions:
            s.start("#game=0123456789abcdef")
        ops = {0: [change("name", "Ann")], 1: [change("speed", "fast"), change("four_colour", True)]}
        return origin, sessions, ops

    def check(origin: Origin, sessions: list[Session]) -> None:
        stored = stored_settings(origin.items.get(SETTINGS_KEY))
        assert (stored["name"], stored["speed"], stored["four_colour"]) == ("Ann", "fast", True)
        for s in sessions:
            assert (s.settings.name, s.settings.speed, s.settings.four_colour) == ("Ann", "fast", True)
            assert s.table is not None and s.table.settings is s.settings

    assert explore(make, check) >= 10


def test_without_the_merge_a_tab_writing_its_stale_settings_loses_the_other_tabs_change():
    """What the merge repairs: the settings are one value written whole, so a tab that
    writes from a copy made before the other tab's change loses that change."""
    origin = Origin()
    a, b = Session(origin.tab(), lambda: NOW), Session(origin.tab(), lambda: NOW)
    change("name", "Ann")(a)
    change("speed", "fast")(b)                       # b had not heard of Ann yet
    origin.tabs[0].deliver()
    origin.tabs[1].deliver()
    stored = stored_settings(origin.items.get(SETTINGS_KEY))
    assert (stored["name"], stored["speed"]) == ("", "fast")


def test_settings_stamps_are_bounded_and_the_merge_is_the_same_either_way():
    """The stamps come from storage, so anything odd is left out (that setting then counts
    as never changed); merging two tabs' settings gives the same in either tab."""
    text = json.dumps({"format": "sheepshead-settings/1",
                       "settings": {"name": "Ann", "speed": "fast", "level": "expert"},
                       "stamps": {"name": [3, "ab12cd34"], "speed": [2**40, "x"],
                                  "level": [1, "<b>"], "nope": [1, "a"], "four_colour": [1, "a"]}})
    settings, stamps = read_settings(text)
    assert settings["name"] == "Ann" and stamps == {"name": (3, "ab12cd34")}
    a = ({"name": "Ann", "speed": "normal"}, {"name": (2, "aaaa")})
    b = ({"name": "", "speed": "fast"}, {"speed": (2, "bbbb"), "name": (1, "bbbb")})
    assert merge_settings(*a, *b) == merge_settings(*b, *a) == (
        {"name": "Ann", "speed": "fast"}, {"name": (2, "aaaa"), "speed": (2, "bbbb")})


# ------------------------------------------------------------------ boards
def board_links(text: str | None, game: str) -> set[str]:
    if text is None:
        return set()
    board = BoardBook.from_text(text).boards.get(game)
    return set() if board is None else {r.link for r in board.rows}


@cache
def board_results() -> dict[str, tuple[ResultLink, ResultCheck]]:
    """Checked results of one New Game by four names (short games: two hands each)."""
    from test_friends import SEED, checked, link_of
    return {name: checked(link_of(SEED, name, name in ("Bev", "Dee"), hands=2))
            for name in ("Ann", "Bev", "Cal", "Dee")}


def add(name: str) -> Callable[[Session], object]:
    def op(s: Session) -> None:
        link, check = board_results()[name]
        assert s.friends.boards.add(link, check) == "added"
    return op


def test_two_tabs_adding_board_rows_keep_every_row_in_every_order():
    """Tab A adds Ann then Cal to a New Game's board while tab B adds Bev then Dee: whatever
    the order of the writes and their arrivals, all four rows are on the board at the end, in
    storage and in both tabs' copies (each tab does again on the other's write what it did,
    row by row: :meth:`Boards.external_change`)."""
    game = game_key(board_results()["Ann"][0])

    def make():
        origin = Origin()
        sessions = [session(origin.tab()), session(origin.tab())]
        ops = {0: [add("Ann"), add("Cal")], 1: [add("Bev"), add("Dee")]}
        return origin, sessions, ops

    def check(origin: Origin, sessions: list[Session]) -> None:
        want = {board_results()[n][1].link for n in ("Ann", "Bev", "Cal", "Dee")}
        assert board_links(origin.items.get(BOARDS_KEY), game) == want
        for tab in origin.tabs:
            assert tab.copy == origin.items

    assert explore(make, check) >= 20


def test_a_row_taken_off_in_one_tab_stays_off_while_the_other_adds_rows():
    """A row whose computer moves are not this version's players' is taken off in tab A
    while tab B (which added it) adds another: it is not put back by B's merge, in any
    order, and B's new row is kept."""
    game = game_key(board_results()["Ann"][0])
    ann = board_results()["Ann"][1].link

    def make():
        origin = Origin()
        a, b = session(origin.tab()), session(origin.tab())
        add("Ann")(b)
        origin.tabs[0].deliver()
        ops = {0: [lambda s: s.friends.boards.remove(game, ann)], 1: [add("Bev")]}
        return origin, [a, b], ops

    def check(origin: Origin, sessions: list[Session]) -> None:
        bev = board_results()["Bev"][1].link
        assert board_links(origin.items.get(BOARDS_KEY), game) == {bev}
        for tab in origin.tabs:
            assert tab.copy == origin.items

    assert explore(make, check) >= 3


def test_without_the_merge_a_board_written_from_a_stale_copy_loses_the_other_tabs_row():
    """The control: with the storage events ignored, a tab that adds a row to a copy made
    before the other tab's row arrived writes the board without it."""
    game = game_key(board_results()["Ann"][0])
    origin = Origin()
    a, b = origin.tab(), origin.tab()
    Boards(a, lambda: NOW.date()).add(*board_results()["Ann"])
    Boards(b, lambda: NOW.date()).add(*board_results()["Bev"])
    a.deliver()
    b.deliver()
    assert board_links(origin.items[BOARDS_KEY], game) == {
        board_results()["Bev"][1].link}


def test_the_results_book_takes_no_result_for_a_date_still_to_come():
    """The book's rule, kept by the results shelf for every way in: a result of a date after
    today (the page's clock) is never written, from a backup or from a finished game."""
    book = DailyResults(MemoryStorage(), lambda: DAY)
    later = results(DAY + dt.timedelta(days=1), 1, seed=5)[0]
    assert book.take_in([later, X[0]]) == (1, 1)
    assert set(book.book().results) == {DAY}
    game = finished_daily(DAY + dt.timedelta(days=2), seed=3)
    with pytest.raises(SheepsheadError, match="still to come"):
        book.record(game, hints=False, now=dt.datetime.combine(DAY, dt.time(20)))
    assert set(book.book().results) == {DAY}


# ------------------------------------------------ revisions: each key's stale write
WRITES: dict[str, Callable[[Session, int], object]] = {
    RESULTS_KEY: lambda s, i: s.results.take_in([(X, Y)[i][0]]),
    BOARDS_KEY: lambda s, i: add(("Ann", "Bev")[i])(s),
    SETTINGS_KEY: lambda s, i: change(("name", "speed")[i], ("Ann", "fast")[i])(s),
}


def spy(s: Session, key: str) -> list[bool]:
    """Take the place of ``key``'s owner in ``s``: what it is handed (``lost``) is kept."""
    seen: list[bool] = []
    s.store.owners.own(key, lambda k, text, lost: bool(seen.append(lost)))
    return seen


@pytest.mark.parametrize("key", list(WRITES))
def test_the_storage_event_tells_a_tab_its_write_lost_the_race_for_each_key(key):
    """Tab B writes from a copy without tab A's write: when B's write reaches A, the store
    tells A's owner of the key that A's write lost (B's was not made over it); a write made
    over A's (B had received it) does not."""
    origin = Origin()
    a, b = session(origin.tab()), session(origin.tab())
    seen = spy(a, key)
    WRITES[key](a, 0)
    WRITES[key](b, 1)                          # b's copy lacks a's write
    origin.tabs[0].deliver()
    assert seen == [True]

    origin = Origin()
    a, b = session(origin.tab()), session(origin.tab())
    seen = spy(a, key)
    WRITES[key](a, 0)
    origin.tabs[1].deliver()                   # b has a's write: b's is made over it
    WRITES[key](b, 1)
    origin.tabs[0].deliver()
    assert seen == [False]


class Racing(MemoryStorage):
    """One storage for two tabs, where another tab writes ``key`` just before this tab's
    ``at``-th read of it (counted from :func:`racing`'s end): at a write's compare, that is
    between this tab's read and its write."""

    def __init__(self, key: str) -> None:
        super().__init__()
        self.key, self.gets, self.at = key, 0, set[int]()
        self.other: Callable[[], object] = lambda: None

    def get(self, key: str) -> str | None:
        if key == self.key:
            self.gets += 1
            if self.gets in self.at:
                self.other()
        return super().get(key)


def racing(key: str, *at: int) -> tuple[Racing, Session, Session]:
    storage = Racing(key)
    a, b = Session(storage, lambda: NOW), Session(storage, lambda: NOW)
    a.start("#game=0123456789abcdef")
    b.start("#game=0123456789abcdef")
    storage.gets, storage.at = 0, set(at)       # from now on
    return storage, a, b


def test_a_stale_write_of_each_key_is_detected_and_made_again_from_the_value_now():
    """The write is a compare-and-set: tab B writes between tab A's read and A's write, and
    A's write (results taken in, a board row, a setting) is refused by the store and made
    again on B's value, so both are kept."""
    storage, a, b = racing(RESULTS_KEY, 2)
    storage.other = lambda: b.results.take_in(Y)
    a.results.take_in(X)
    assert book_days(storage.items[RESULTS_KEY]) == {r.day for r in X + Y}
    assert storage.gets == 6                   # read, compare (lost: B read, compared); read, compare

    game = game_key(board_results()["Ann"][0])
    storage, a, b = racing(BOARDS_KEY, 2)
    storage.other = lambda: add("Bev")(b)
    add("Ann")(a)
    assert board_links(storage.items[BOARDS_KEY], game) == {
        board_results()[n][1].link for n in ("Ann", "Bev")}
    assert storage.gets == 6

    storage, a, b = racing(SETTINGS_KEY, 2)
    storage.other = lambda: change("speed", "fast")(b)
    a.store.load_stamped_settings()            # read before b's write…
    change("name", "Ann")(a)                   # …written after it
    stored = stored_settings(storage.items[SETTINGS_KEY])
    assert (stored["name"], stored["speed"]) == ("Ann", "fast")


def test_a_write_that_keeps_losing_the_race_is_refused_with_one_notice():
    """Another tab writes the boards between every read and write of this tab's: after
    three tries this tab's change is refused, nothing of the other tab's is lost, and the
    page says so once."""
    game = game_key(board_results()["Ann"][0])
    storage, a, b = racing(BOARDS_KEY, 2, 6, 10)          # each time B reads and compares too
    names = iter(["Bev", "Cal", "Dee"])
    storage.other = lambda: add(next(names))(b)
    link, check = board_results()["Ann"]
    assert a.friends.boards.add(link, check) == "refused"
    assert board_links(storage.items[BOARDS_KEY], game) == {
        board_results()[n][1].link for n in ("Bev", "Cal", "Dee")}
    assert [n for n in a.friends.boards.take_notices() if "another tab" in n] == [
        "The boards kept changing in another tab; this change was not kept: try again."]


def test_a_merge_back_that_loses_the_race_is_made_again_on_the_book_now():
    """Another tab's book lacking this tab's results arrives, and while this tab writes them
    back a third write comes in between its read and compare: the merge is made again on
    that book, and every result is kept."""
    storage, a, b = racing(RESULTS_KEY)
    a.results.take_in(X)
    theirs = ResultsBook().with_result(Y[0]).to_text()     # made without a's write
    text = store_stamped(theirs, (2, "bbbbbbbb"), (1, "cccccccc"))
    storage.items[RESULTS_KEY] = text
    storage.gets, storage.at = 0, {2}
    storage.other = lambda: b.results.take_in(Y[1:])
    assert a.storage_event(RESULTS_KEY, text)
    assert book_days(storage.items[RESULTS_KEY]) == {r.day for r in X + Y}
    assert storage.gets == 6                   # read, compare (lost); read, compare


def test_a_daily_opened_in_two_tabs_never_lets_the_second_first_save_overwrite_the_first():
    """Two tabs open today's Daily while nothing of it is stored; tab A plays and saves
    (revision 1); tab B, which read nothing at open, then plays before A's storage event
    reaches it.  B's first save must not replace A's game (it did when a Daily opened with no
    save counted as started over, skipping the compare-and-set): B pauses instead, and A's
    save stands."""
    storage = MemoryStorage()                   # one storage, as one origin's tabs share it
    a, b = Session(storage, lambda: NOW), Session(storage, lambda: NOW)
    a.open_daily(NOW.date())
    b.open_daily(NOW.date())
    key = a.key
    assert key == b.key and storage.get(key) is None
    assert a.table is not None and b.table is not None
    a.table.act(a.table.seat_view().legal[0])
    a.save()
    saved = storage.get(key)
    assert saved is not None and not a.stale
    b.table.act(b.table.seat_view().legal[0])
    b.save()
    assert b.stale and storage.get(key) == saved
