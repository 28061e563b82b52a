"""Hostile inputs from valid ones: the generators and checks of tests/test_fuzz.py and
bench/fuzz.py (issue 21).

Each generator starts from a valid link, record or save and applies one to three mutations:
a character flipped (to a base64url or ASCII character, a look-alike digit, a Kelvin sign, a
bidi control, whitespace or a separator of the link's grammar), a cut, a part repeated up to
thousands of times, or a number made huge.  Each check feeds one input to every way in that
reads it and asserts it ends as the issue asks: accepted, or refused in one line (exit 2, no
traceback, never the "could not be read" line of an error that slipped past the bounds),
within a time bound.  Needs hypothesis: not for Pyodide.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import random
import time
from functools import cache

import cli_helpers
from backup_helpers import EXPERT_DAILIES
from hypothesis import strategies as st

from sheepshead.board import BoardEntry, board_fragment, is_board_link, parse_board
from sheepshead.errors import SheepsheadError
from sheepshead.game import Game
from sheepshead.results import check_result, parse_result, result_fragment
from sheepshead.rules import Rules
from sheepshead.steps import drained
from sheepshead.ui.backup.backup import backup_link, import_backup, make_backup, read_backup
from sheepshead.ui.daily.daily import DailyResults
from sheepshead.ui.friends.boards import BOARDS_KEY, Boards
from sheepshead.ui.friends.friends import MAX_REFUSED_SHOWN
from sheepshead.ui.page.links import parse_link
from sheepshead.ui.page.session import Session
from sheepshead.ui.storage.saves import (
    GAME_KEY,
    RESULTS_KEY,
    SETTINGS_KEY,
    GameSave,
    MemoryStorage,
    SaveStore,
    daily_key,
)
from sheepshead.ui.storage.settings import Settings
from sheepshead.ui.viewer.viewer import ViewerState, viewer_html, viewer_model

TODAY = dt.date(2026, 12, 1)
SECONDS = 3.0
"""The most one input may take through one way in (they take milliseconds)."""

ODD = ["\U0001d7e3", "١", "２", "\u212a", "\u202e", "\u200b", "\ufeff", "\u2028", " ", "\t", "\n",
       "\x00", "%", "%2", "%E2%80%AE", "&", "=", "#", ".", "-", "_", "é", "\ud800"]
"""Characters and pieces that have fooled parsers: look-alike digits, the Kelvin sign, bidi
controls, zero-width and separator characters, whitespace, NUL, broken percent escapes, the
link's own separators."""
HUGE = ["9" * 25, "9" * 5000, "-1", "1e999", "0" * 40 + "1", "18446744073709551616"]


def _played(seed: str, rules: Rules, rng: random.Random, hands: int) -> Game:
    game = Game(seed, rules)
    played = 0
    while True:
        state = game.current
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        if not state.thrown_in:
            played += 1
        if game.is_over or played >= hands:
            return game
        game.next_hand()


@cache
def valid_links() -> tuple[str, ...]:
    rng = random.Random(21)
    games = [(_played("daily:2026-11-30", Rules(), rng, 2), "Ann", None),
             (_played("game:0123456789abcdef", Rules.from_code("doubler.crack.blitz"), rng, 3),
              "Bo Lee", "easy"),
             (_played("game:00000000000000a1", Rules.from_code("p3"), rng, 1), None, "expert")]
    return tuple(result_fragment(g, by=by, level=level) for g, by, level in games)


@cache
def valid_records() -> tuple[str, ...]:
    rng = random.Random(22)
    out = []
    for rules in (Rules(), Rules.from_code("doubler.crack"), Rules.from_code("p4.jd")):
        game = _played("daily:2026-11-30", rules, rng, 1)
        record = game.records()[-1].to_json()
        cut = rng.randrange(len(record["actions"]))
        out.append(json.dumps({**record, "actions": record["actions"][:cut]}))
    return tuple(out)


@cache
def valid_board_links() -> tuple[str, ...]:
    """A board link of two results (Ann's, with hints, and an anonymous one)."""
    rng = random.Random(25)
    games = [_played("daily:2026-11-30", Rules(), rng, 2) for _ in range(2)]
    fragment, _ = board_fragment([BoardEntry(result_fragment(games[0], by="Ann"), True),
                                  BoardEntry(result_fragment(games[1]))])
    return (fragment,)


_NAMES = ["Ann", "Ann%EF%B8%8F", "%D0%90nn", "Ann%F3%A0%81%81", "%E3%85%A4", "%40everyone",
          "%5BAnn%5D(https%3A%2F%2Fexample.org)", "A%CC%81%CC%81%CC%81%CC%81nn", "", "%"]
"""Names of board entries: one player in four disguises (U+FE0F, Cyrillic А, a tag
character), a Hangul filler alone, chat markup, a Zalgo name, none, a broken escape."""


def board_links() -> st.SearchStrategy[str]:
    """Board links built from parts: entries of two real results and junk, copies of them,
    the names of :data:`_NAMES`, hints and levels, up to twelve entries."""
    actions = [parse_board(valid_board_links()[0])[i].link.split("result=1.")[1].split("&")[0]
               for i in range(2)]
    pieces = [*actions, actions[0][:-3], "AAAA", "*", actions[1] + "A"]
    entry = st.tuples(st.sampled_from(pieces), st.sampled_from(_NAMES),
                      st.sampled_from(["", "h", "x"]), st.sampled_from(["", "easy", "expert"]))
    return st.lists(entry, min_size=1, max_size=12).map(
        lambda es: "#daily=2026-11-30&board=1." + ",".join(
            "!".join(e).rstrip("!") for e in es))


@cache
def valid_boards() -> str:
    """The boards as the page keeps them, with the rows of :func:`valid_board_links`."""
    storage = MemoryStorage()
    boards = Boards(storage, lambda: TODAY)
    for entry in parse_board(valid_board_links()[0]):
        link = parse_result(entry.link)
        boards.add(link, check_result(link, computer_moves=False), entry.hints)
    return storage.items[BOARDS_KEY]


@cache
def valid_saves() -> tuple[str, ...]:
    rng = random.Random(23)
    game = _played("daily:2026-12-01", Rules(), rng, 1)
    return (GameSave.of(game, "expert").to_text(),)


@cache
def valid_backups() -> tuple[str, str]:
    """A backup (issue 24) of two Daily results and a New Game in progress: its file text
    and its link (``#backup=1.…``)."""
    rng = random.Random(29)
    storage = MemoryStorage()
    for day in (TODAY - dt.timedelta(days=2), TODAY - dt.timedelta(days=1)):
        game = _played(f"daily:{day.isoformat()}", Rules(), rng, 10)
        DailyResults(storage).record(game, hints=False, now=dt.datetime(2026, 12, 1, 9))
    new = _played("game:0123456789abcdef", Rules(), rng, 1)
    SaveStore(storage).save(GameSave.of(new, "standard"), replace_game=True)
    backup = make_backup(DailyResults(storage), SaveStore(storage), Settings(), TODAY)
    assert len(backup.results) == 2 and len(backup.games) == 1
    return backup.to_text(), backup_link(backup, "")[0]


_DAYS = [(TODAY - dt.timedelta(days=2)).isoformat(), (TODAY - dt.timedelta(days=1)).isoformat(),
         TODAY.isoformat(), (TODAY + dt.timedelta(days=1)).isoformat(),
         (TODAY + dt.timedelta(days=30)).isoformat(), "2026-02-30", "x"]
"""The dates a generated backup files its results under: two past, today, tomorrow, a month
ahead (issue 36 planted those), a date that does not exist and no date."""


REAL_DAY = dt.date(2026, 11, 2)


@cache
def real_backup() -> str:
    """A backup of one real Daily result (of :data:`REAL_DAY`, every computer move the
    Expert's: it checks)."""
    storage = MemoryStorage()
    DailyResults(storage).record(parse_result(EXPERT_DAILIES[REAL_DAY]).game(), hints=False,
                                 now=dt.datetime(2026, 11, 3, 9))
    return make_backup(DailyResults(storage), SaveStore(MemoryStorage()), Settings(),
                       TODAY).to_text()


def backups() -> st.SearchStrategy[tuple[str, dt.date]]:
    """Backup files built from parts (issue 36), and the date of the browser that reads it:
    the Daily results of :func:`valid_backups` (random games: their computer moves do not
    check) under any of :data:`_DAYS` and a real one (:func:`real_backup`) under its date,
    each as it is, with a par of -999, other totals, a finish time to come, a field this
    version does not know, or no object at all; a date named twice; games under their key,
    another key or a wrong value; settings of the wrong type; the whole nested in arrays, or
    with thousands of values or a long string beside it.  The browser's date is
    :data:`TODAY`, or the day before the real result's (it is then still to come)."""
    data = json.loads(valid_backups()[0])
    real = json.loads(real_backup())["results"]["results"][REAL_DAY.isoformat()]
    entries = [(d, e) for e in data["results"]["results"].values() for d in _DAYS]
    entries += [(REAL_DAY.isoformat(), real)] * len(entries)        # half of them the real one
    game = json.dumps(next(iter(data["games"].values())), separators=(",", ":"))
    changes = [lambda e: e, lambda e: e, lambda e: {**e, "par": -999},
               lambda e: {**e, "totals": [0] * 5}, lambda e: {**e, "later": [1, {"x": None}]},
               lambda e: 5, lambda e: "x", lambda e: {**e, "finished": "2099-01-01T00:00:00"}]
    result = st.tuples(st.sampled_from(entries), st.sampled_from(changes)).map(
        lambda r: f'"{r[0][0]}":{json.dumps(r[1](r[0][1]), separators=(",", ":"))}')
    games = st.lists(st.sampled_from([f'"{GAME_KEY}":{game}', f'"{daily_key(TODAY)}":{game}',
                                      f'"x":{game}', f'"{GAME_KEY}":[]']), max_size=3)
    settings = st.sampled_from(['{"speed":"instant"}', "null", "[]", '"x"', "{}"])

    @st.composite
    def build(draw: st.DrawFn) -> tuple[str, dt.date]:
        book = ('{"format":"sheepshead-daily-results","version":1,"results":{'
                + ",".join(draw(st.lists(result, max_size=6))) + "}}")
        text = ('{"format":"sheepshead-backup/1","made":"2026-11-30","results":' + book
                + ',"games":{' + ",".join(draw(games)) + '},"settings":' + draw(settings)
                + ',"partial":false')
        text += draw(st.sampled_from(["", "", "", "", ',"x":[' + ",".join(["0"] * 120_000) + "]",
                                      ',"x":"' + "a" * 30_000 + '"'])) + "}"
        depth = draw(st.sampled_from([0, 0, 0, 0, 0, 1, 40]))
        today = draw(st.sampled_from([TODAY, REAL_DAY - dt.timedelta(days=1)]))
        return "[" * depth + text + "]" * depth, today
    return build()


def check_generated_backup(text: str, today: dt.date) -> None:
    """A backup built by :func:`backups`, read in a browser whose date is ``today``: ends as
    :func:`check_backup` asks, and nothing for a date still to come, nothing named twice and
    no par from the file is taken in; the real result, as it is and named once, is."""
    check_backup(text)
    read_backup(real_backup(), today=TODAY)     # its moves checked once (seconds), untimed
    with within(SECONDS, "read_backup"):
        try:
            backup = read_backup(text, today=today)
        except SheepsheadError as e:
            assert "\n" not in str(e)
            return
    assert all(day <= today for day in backup.results)
    assert all(text.count(f'"{day.isoformat()}":') == 1 for day in backup.results)
    assert all(r.par is None for r in backup.results.values())
    real = json.loads(real_backup())["results"]["results"][REAL_DAY.isoformat()]
    as_it_is = f'"{REAL_DAY.isoformat()}":{json.dumps(real, separators=(",", ":"))}'
    if today >= REAL_DAY and text.count(f'"{REAL_DAY.isoformat()}":') == 1 and as_it_is in text:
        assert REAL_DAY in backup.results


def check_backup(text: str) -> None:
    """A backup file: refused in one line, or every entry it holds checked and imported
    into a fresh browser whose page then opens a table."""
    with within(SECONDS, "read_backup"):
        try:
            backup = read_backup(text)
        except SheepsheadError as e:
            assert "\n" not in str(e)
            return
    storage = MemoryStorage()
    with within(SECONDS, "import_backup"):
        import_backup(backup, DailyResults(storage), SaveStore(storage))
        s = Session(storage, lambda: dt.datetime(2026, 12, 1, 9, 0))
        s.start("")
        s.stats_lines()
    assert s.table is not None and s.take_notices() == []


def mutated(base: str) -> st.SearchStrategy[str]:
    """``base`` with one to three mutations."""
    @st.composite
    def build(draw: st.DrawFn) -> str:
        text = base
        for _ in range(draw(st.integers(1, 3))):
            if not text:
                text = base
            i = draw(st.integers(0, len(text)))
            kind = draw(st.sampled_from(["flip", "flip", "cut", "repeat", "huge", "insert"]))
            if kind == "flip" and i < len(text):
                ch = draw(st.one_of(st.sampled_from(ODD), st.characters(max_codepoint=127),
                                    st.sampled_from("ABCDEFabcdef0123456789-_")))
                text = text[:i] + ch + text[i + 1:]
            elif kind == "cut":
                j = draw(st.integers(i, len(text)))
                text = text[:i] + text[j:] if draw(st.booleans()) else text[:i]
            elif kind == "repeat":
                j = draw(st.integers(i, min(len(text), i + 12)))
                times = draw(st.sampled_from([2, 10, 1000, 20_000]))
                text = text[:i] + text[i:j] * times + text[j:]
            elif kind == "huge":
                text = text[:i] + draw(st.sampled_from(HUGE)) + text[i:]
            else:
                text = text[:i] + draw(st.sampled_from(ODD + HUGE)) + text[i:]
        return text
    return build()


def run_cli(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    """``python -m sheepshead ARGV`` in this process: (exit code, stdout, stderr)."""
    p = cli_helpers.run_cli(*argv, stdin=stdin.encode("utf-8", "surrogatepass"))
    return p.returncode, p.stdout, p.stderr


def assert_ends_well(code: int, err: str, what: str) -> None:
    """Exit 0, or exit 2 with one line that is a refusal (not a bound that slipped)."""
    assert code in (0, 2), (what, code, err)
    if code == 2:
        assert err.count("\n") == 1 and "Traceback" not in err, (what, err)
        assert "could not be read (" not in err, (what, err)


@contextlib.contextmanager
def within(seconds: float, what: str):
    start = time.perf_counter()
    yield
    took = time.perf_counter() - start
    assert took < seconds, f"{what}: {took:.1f} s"


def check_link(text: str) -> None:
    """A link through the engine, the viewer, the page's own link reader and ``verify``."""
    with within(SECONDS, "parse_result"):
        try:
            link = parse_result(text)
        except SheepsheadError:
            link = None
    if link is not None:
        with within(SECONDS, "viewer"):
            check = check_result(link, computer_moves=False)
            model = viewer_model(link, check)
            viewer_html(model, ViewerState.for_model(model), own=None, moves_checked=None,
                        difference=None)
    with within(SECONDS, "parse_link"):
        seed, _, _ = parse_link(text.split("&result=")[0], TODAY)
        assert seed is None or seed.isascii()
    with within(SECONDS, "verify"):
        code, _, err = run_cli("verify", "--scores-only", "--", text)
    assert_ends_well(code, err, "verify")
    assert (code == 0) == (link is not None)
    with within(SECONDS, "board"):
        code, _, err = run_cli("board", "--scores-only", "--", text)
    assert_ends_well(code, err, "board")


def check_link_in_the_page(text: str) -> None:
    """A link opened by the page's session: it always ends with a table."""
    with within(SECONDS, "session"):
        s = Session(MemoryStorage(), lambda: dt.datetime(2026, 12, 1, 9, 0))
        s.start(text if text.startswith("#") else "#" + text)
        drained(s.friends.reading(s.friends.board_read))  # type: ignore[arg-type]                # a board link's results, read as the
        if s.friends.open is not None:              # page's background job reads them
            s.friends.rows(s.friends.open)
    assert s.table is not None
    assert len(s.take_notices()) <= 2 + (MAX_REFUSED_SHOWN if is_board_link(text) else 0)


def check_board_link(text: str) -> None:
    """A board link on the command line (``board``) and in the page."""
    with within(SECONDS, "board"):
        code, _, err = run_cli("board", "--scores-only", "--", text)
    assert_ends_well(code, err, "board")
    check_link_in_the_page(text)


def check_record(text: str) -> None:
    for argv in (("replay", "-"), ("suggest", "-", "--level", "easy")):
        with within(SECONDS, argv[0]):
            code, _, err = run_cli(*argv, stdin=text)
        assert_ends_well(code, err, argv[0])


def check_save(text: str) -> None:
    """A save under each of the page's keys: the page opens a table and keeps the text."""
    for key in (daily_key(TODAY), GAME_KEY, SETTINGS_KEY, RESULTS_KEY, BOARDS_KEY):
        storage = MemoryStorage({key: text})
        with within(SECONDS, key):
            s = Session(storage, lambda: dt.datetime(2026, 12, 1, 9, 0))
            s.start("")
            for game in s.friends.boards.games():       # every board, as the page shows it
                s.friends.rows(game)
            assert len(s.friends.boards.take_notices()) <= 1
        assert s.table is not None, key
        assert any(_holds(v, text) for v in storage.items.values()), f"{key}: the text was lost"


def _holds(stored: str, text: str) -> bool:
    """``stored`` is ``text``, or a set-aside record of it."""
    if stored == text:
        return True
    try:
        data = json.loads(stored)
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("text") == text
