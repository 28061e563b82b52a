"""Friends' tables without a server (issue 25), without a browser: board links
(sheepshead/board.py), the boards kept in storage (ui/friends/boards.py), and the page's board,
sharing, challenges and the name question through the controller (ui/friends/friends.py).
The page itself is tested in Chromium (tests/test_board_page.py)."""

from __future__ import annotations

import datetime as dt
import json
import random
from functools import cache

import pytest

from sheepshead.board import (
    MAX_BOARD_URL,
    BoardEntry,
    board_fragment,
    board_of,
    is_board_link,
    parse_board,
)
from sheepshead.errors import SheepsheadError
from sheepshead.game import Game
from sheepshead.results import check_result, parse_result, result_fragment
from sheepshead.steps import drained
from sheepshead.ui.events import (
    Change,
    Draw,
    HashChange,
    Share,
    Spawn,
    Start,
    Tap,
    Tick,
    Wait,
)
from sheepshead.ui.friends.boards import BOARDS_KEY, MAX_BOARDS, Boards, Kept, Row, board_rows
from sheepshead.ui.friends.boardview import board_text
from sheepshead.ui.look.wording import signed
from sheepshead.ui.page.controller import Controller
from sheepshead.ui.storage.saves import GAME_KEY, MemoryStorage
from sheepshead.ui.storage.settings import Settings
from sheepshead.ui.storage.store import unstamp
from sheepshead.ui.table.table import Table

NOW = dt.datetime(2026, 12, 1, 16, 48)
URL = "https://example.org/sheepshead/"
GAME_ID = "00000000000000ab"
SEED = f"game:{GAME_ID}"


@cache
def played(seed: str, level: str, last: bool, hands: int = 10) -> Table:
    """``seed`` played by seat 0 always taking its first (or ``last``) legal action, for
    ``hands`` hands."""
    t = Table(seed, Settings(speed="instant"), level=level)
    while True:
        while not t.hand.is_over:
            if t.human_turn:
                legal = t.seat_view().legal
                t.act(legal[-1] if last else legal[0])
            else:
                t.step()
        if t.game.is_over or len(t.game.hand_scores()) >= hands:
            return t
        t.next_hand()


def link_of(seed: str, by: str | None, last: bool, level: str = "easy", hands: int = 10) -> str:
    return result_fragment(played(seed, level, last, hands).game, by, level)


# ------------------------------------------------------------- board links
def test_a_board_link_round_trips_and_each_result_is_checked_alone():
    ann, bev = link_of(SEED, "Ann Lee!,", False), link_of(SEED, None, True)
    fragment, carried = board_fragment([BoardEntry(ann, True), BoardEntry(bev)])
    assert carried == 2 and fragment.startswith(f"#game={GAME_ID}&board=1.")
    assert is_board_link(URL + fragment) and not is_board_link(ann)
    entries = parse_board(URL + fragment)
    assert [e.link for e in entries] == [ann, bev] and [e.hints for e in entries] == [True, None]
    assert parse_result(entries[0].link).by == "Ann Lee!,"         # separators are encoded
    boards, refused = board_of([URL + fragment], computer_moves=False)
    assert [r.name for r in boards[0].rows] == sorted(
        ["Ann Lee!,", "Anonymous"], key=lambda n: -next(
            r.total for r in boards[0].rows if r.name == n)) and not refused
    # A tampered entry is refused alone, in one line; the others stay good.
    actions = bev.split("result=1.")[1].split("&")[0]
    bad = fragment.replace(actions, actions[:30] + ("A" if actions[30] != "A" else "B")
                           + actions[31:])
    boards, refused = board_of([bad], computer_moves=False)
    assert len(boards[0].rows) == 1 and len(refused) == 1 and "\n" not in refused[0].reason


def test_a_board_link_holds_what_fits_best_first():
    links = [link_of(SEED, f"P{i}", i % 2 == 0) for i in range(8)]
    fragment, carried = board_fragment([BoardEntry(x) for x in links], base=URL)
    assert 1 < carried < 8 and len(URL + fragment) <= MAX_BOARD_URL
    assert [parse_result(e.link).by for e in parse_board(fragment)] == [
        f"P{i}" for i in range(carried)]
    one, n = board_fragment([BoardEntry(links[0])], limit=10)     # one always goes
    assert n == 1 and one


@pytest.mark.parametrize("text", [
    "#daily=2026-12-01&board=2.AAAA", "#daily=2026-12-01&board=1", "#board=1.AAAA",
    "#daily=2026-12-01&game=00000000000000ab&board=1.AAAA",
    "#daily=2026-12-01&board=1.AAAA&board=1.AAAA", "#daily=2026-12-01&board=1.AAAA!x!y",
    "#daily=2026-12-01&board=1.!Ann", "#daily=2026-12-01&board=1.A!B!h!easy!more",
    "#daily=2026-12-01&board=1." + ",".join(["AAAA"] * 51), "#daily=2026-12-01&foo=1&board=1.A",
])
def test_a_board_link_that_cannot_be_read_is_refused_in_one_line(text):
    with pytest.raises(SheepsheadError) as e:
        parse_board(text)
    assert "\n" not in str(e.value) and str(e.value).startswith("board link:")


def test_the_command_line_board_reads_board_links():
    ann = link_of(SEED, "Ann", False)
    fragment, _ = board_fragment([BoardEntry(ann)])
    boards, refused = board_of([fragment, "#daily=2026-12-01&board=9.A"], computer_moves=False)
    assert [r.name for r in boards[0].rows] == ["Ann"] and len(refused) == 1


# ------------------------------------------------------------------ storage
def checked(text: str):
    link = parse_result(text)
    return link, check_result(link, computer_moves=False)


def test_a_board_keeps_one_row_a_name_the_first_unless_the_same_game_or_asked():
    storage = MemoryStorage()
    boards = Boards(storage, lambda: NOW.date())
    early, later = link_of(SEED, "Ann", False, hands=2), link_of(SEED, "Ann", False)
    other = link_of(SEED, "Ann", True)
    assert boards.add(*checked(early)) == "added"
    assert boards.add(*checked(early)) == "same"
    assert boards.add(*checked(later)) == "replaced"           # the same game, further on
    assert boards.add(*checked(other)) == "kept"                # another game: the first stays
    assert [k.link for k in boards.board(f"#game={GAME_ID}").rows] == [later]
    assert boards.add(*checked(other), replace_named=True) == "replaced"
    assert boards.add(*checked(link_of(SEED, None, False))) == "added"   # anonymous: a row
    rows, refused = board_rows(boards.board(f"#game={GAME_ID}"), None, "You")
    assert len(rows) == 2 and not refused and {r.name for r in rows} == {"Ann", "Anonymous"}


def test_a_friend_who_played_exactly_as_you_keeps_their_row():
    """Issue 40: the challenged friend who played the challenger's game card for card saw
    the challenger vanish from the board (taken for their own result sent back)."""
    storage = MemoryStorage()
    boards = Boards(storage, lambda: NOW.date())
    ann = link_of(SEED, "Ann", False)
    assert boards.add(*checked(ann)) == "added"
    own = Kept(link_of(SEED, None, False), None, True)        # the same plays, unnamed
    rows, _ = board_rows(boards.board(f"#game={GAME_ID}"), own, "Bev")
    assert sorted(r.name for r in rows) == ["Ann", "Bev"]
    assert rows[0].total == rows[1].total
    back = Kept(link_of(SEED, "Bev", False), None, True)      # Bev's own, sent back: one row
    boards.add(*checked(link_of(SEED, "Bev", False)))
    rows, _ = board_rows(boards.board(f"#game={GAME_ID}"), back, "Bev")
    assert sorted(r.name for r in rows) == ["Ann", "Bev"]


def test_the_game_over_screen_compares_you_with_the_challenger_in_words():
    from sheepshead.ui.table.panels import versus_line
    assert versus_line(3, "Rory", -4) == "You +3, Rory -4: you beat Rory’s score by 7."
    assert versus_line(-4, "Rory", -4) == "You -4, Rory -4: the same as Rory: a tie."
    assert versus_line(0, "Rory", 2) == "You 0, Rory +2: Rory’s score stands, 2 ahead of yours."


def test_boards_are_bounded_and_the_oldest_go_first():
    storage = MemoryStorage()
    day = [NOW.date()]
    boards = Boards(storage, lambda: day[0])
    for i in range(MAX_BOARDS + 3):
        day[0] = NOW.date() + dt.timedelta(days=i)
        assert boards.add(*checked(link_of(f"game:{i:016x}", "Ann", False, hands=1))) == "added"
    games = boards.games()
    assert len(games) == MAX_BOARDS and f"#game={0:016x}" not in games
    assert games[0] == f"#game={MAX_BOARDS + 2:016x}"
    assert len(storage.items[BOARDS_KEY]) < 200_000


@pytest.mark.parametrize("text", ["{", "[]", '{"format":"sheepshead-boards","version":1}',
                                  "[" * 100_000, json.dumps({"x": "y" * 3_000_000})])
def test_corrupted_boards_are_set_aside_with_one_notice_and_nothing_else_is_lost(text):
    storage = MemoryStorage({BOARDS_KEY: text, GAME_KEY: "kept"})
    boards = Boards(storage)
    assert boards.games() == []
    notices = boards.take_notices()
    assert len(notices) == 1 and "set-aside" in notices[0]
    aside = [json.loads(v) for k, v in storage.items.items() if k.startswith("sheepshead.set-")]
    assert aside[0]["text"] == text and storage.items[GAME_KEY] == "kept"
    assert boards.games() == [] and boards.take_notices() == []          # once


def test_an_unreadable_row_is_left_out_the_rest_kept_and_the_whole_set_aside():
    storage = MemoryStorage()
    boards = Boards(storage, lambda: NOW.date())
    boards.add(*checked(link_of(SEED, "Ann", False)))
    data = json.loads(storage.items[BOARDS_KEY])
    good = storage.items[BOARDS_KEY]
    data["boards"]["#daily=2026-12-01"] = {"rows": [{"result": "<script>"}], "changed": "x"}
    storage.items[BOARDS_KEY] = json.dumps(data)
    assert boards.games() == [f"#game={GAME_ID}"]
    assert len(boards.take_notices()) == 1
    assert any("<script>" in v for k, v in storage.items.items() if "set-aside" in k)
    assert unstamp(storage.items[BOARDS_KEY])[0] == unstamp(good)[0]   # a new revision
    # A stored row that is well formed but tampered with is checked again and left out.
    data = json.loads(good)
    row = data["boards"][f"#game={GAME_ID}"]["rows"][0]
    row["result"] = row["result"].replace("result=1.B", "result=1.A")
    rows, refused = board_rows(Boards(MemoryStorage({BOARDS_KEY: json.dumps(data)})).board(
        f"#game={GAME_ID}"), None, "You")
    assert rows == () and len(refused) == 1


# -------------------------------------------------------------- the page
def page(storage: MemoryStorage | None = None, fragment: str = "") -> Controller:
    c = Controller(storage if storage is not None else MemoryStorage(), lambda: NOW,
                   clock=lambda: 0.0, href=lambda: URL)
    run(c, c.handle(Start(fragment)))
    c.handle(Change("speed", "instant"))
    return c


def run(c: Controller, effects) -> list:
    """``effects`` and those that follow: timers fired, and the board's background job
    (reading a board link, checking rows) run to its end as the page runs it, then the
    events it sends handed to the controller."""
    seen = list(effects)
    for _ in range(100):
        waits = [e for e in effects if isinstance(e, Wait)]
        jobs = [e for e in effects if isinstance(e, Spawn)
                and e.job == c.session.friends.check_rows]
        if waits:
            effects = c.handle(waits[0].then)
        elif jobs:
            effects = []
            drive(jobs[0].job(lambda found: effects.extend(c.handle(found))))
        else:
            return seen
        seen += effects
    raise AssertionError("the page never settled")


def drive(coroutine) -> None:
    """Run a coroutine that only awaits ``asyncio.sleep(0)``, without an event loop."""
    try:
        while True:
            coroutine.send(None)
    except StopIteration:
        pass


def tap(c: Controller, ui: str) -> list:
    return run(c, c.handle(Tap(ui=ui)))


def panel(effects) -> str:
    draws = [dict(e.regions) for e in effects if isinstance(e, Draw)]
    return next((d["panel"] for d in reversed(draws) if "panel" in d), "")


def shared(effects) -> str:
    return [e for e in effects if isinstance(e, Share)][-1].line


def finished(c: Controller, last: bool) -> None:
    """Play the New Game on the table to its end (through the controller)."""
    while not c.table.game.is_over:
        if c.table.hand.is_over:
            tap(c, "next")
            continue
        legal = c.table.seat_view().legal
        run(c, c.handle(Tap(act=str(legal[-1] if last else legal[0]))))


def test_a_challenge_round_trip_between_two_browsers():
    easy = json.dumps({"format": "sheepshead-settings/1",
                       "settings": {"level": "easy", "speed": "instant"}})
    ann_storage = MemoryStorage({"sheepshead.settings": easy})
    ann = page(ann_storage, f"#game={GAME_ID}")
    assert ann.table.level == "easy"
    finished(ann, last=False)
    asked = tap(ann, "challenge")                     # the first share asks for a name
    assert 'id="name-ask"' in panel(asked) and not [e for e in asked if isinstance(e, Share)]
    assert 'data-ui="name-cancel"' in panel(asked)
    cancelled = tap(ann, "name-cancel")               # Cancel: nothing shared, asked again
    assert 'id="name-ask"' not in panel(cancelled)
    assert not [e for e in cancelled if isinstance(e, Share)]
    assert not ann.session.settings.name_asked
    assert 'id="name-ask"' in panel(tap(ann, "challenge"))
    ann.handle(Change("name", "  Ann\u202e  "))         # cleaned as results.md says
    text = shared(tap(ann, "name-go"))
    assert ann.session.settings.name == "Ann" and ann.session.settings.name_asked
    assert text.startswith("Sheepshead challenge: play my New Game against")
    url = text.splitlines()[-1]
    assert url.startswith(URL + f"#game={GAME_ID}&board=1.") and url.endswith("!Ann!!easy")
    # Bev opens it: the spoiler guard first; "Play it first" opens the same game and level.
    bev = Controller(MemoryStorage(), lambda: NOW, clock=lambda: 0.0, href=lambda: URL)
    effects = run(bev, bev.handle(Start(url[len(URL):])))
    guard = panel(effects)
    made = signed(ann.table.game.totals()[0])
    assert f"<bdi>Ann</bdi> challenges you to this New Game: <bdi>Ann</bdi> made {made}." \
        in guard, guard                                # who, and with what score
    assert 'data-ui="board-play"' in guard and "Hand by hand" not in guard
    tap(bev, "board-play")
    t = bev.table
    assert (t.seed, t.level, t.game.hand_number) == (SEED, "easy", 1)
    bev.handle(Change("speed", "instant"))
    finished(bev, last=True)
    board = panel(tap(bev, "board:table"))
    assert "Hand by hand" in board and "<bdi>Ann</bdi>" in board and "you-tag" in board
    bev.handle(Change("name", "Bev"))
    back = shared(tap(bev, "board-share")).splitlines()[-1]
    # Bev's link back puts Bev on Ann's board (Ann's own row is recognised as hers).
    again = Controller(ann_storage, lambda: NOW, clock=lambda: 0.0, href=lambda: URL)
    html = panel(run(again, again.handle(Start(back[len(URL):]))))
    assert html.count('<li class="board-row') == 2 and "<bdi>Bev</bdi>" in html
    assert html.count("you-tag") == 1 and "Hand by hand" in html


def test_drawing_only_reads_the_boards_state():
    """Issue 38: the board's rows and the table's challenge are worked out before a drawing
    (Friends.ready); drawing the same state again changes nothing (before, Friends.rows and
    challenge filled the checks while drawing)."""
    ann_storage = MemoryStorage({"sheepshead.settings": json.dumps(
        {"format": "sheepshead-settings/1", "settings": {"speed": "instant", "name": "Ann"}})})
    ann = page(ann_storage, f"#game={GAME_ID}")
    finished(ann, last=True)
    tap(ann, "board:table")
    f = ann.session.friends
    own = f.own(f"#game={GAME_ID}")
    assert own is not None and own.link in f.checks          # checked before the drawing
    f.checks.clear()
    before = (dict(f.checks), list(ann.session.notices), ann.session.settings.glossed)
    first = ann._scene(None, "", "")
    again = ann._scene(None, "", "")
    assert (again[0], again[2]) == (first[0], first[2])
    assert (dict(f.checks), list(ann.session.notices), ann.session.settings.glossed) == before
    assert "checking" in first[0]["panel"]                   # unchecked: shown as checking
    ann.handle(Change("speed", "instant"))                   # the next event's drawing
    assert own.link in f.checks


def test_a_tampered_board_link_is_refused_once_and_kept_nowhere():
    ann = link_of(SEED, "Ann", False)
    actions = ann.split("result=1.")[1].split("&")[0]
    bad_link = ann.replace(actions, actions[:30] + ("A" if actions[30] != "A" else "B")
                           + actions[31:])
    fragment, _ = board_fragment([BoardEntry(ann)])
    tampered = fragment.replace(actions, bad_link.split("result=1.")[1].split("&")[0])
    storage = MemoryStorage()
    c = page(storage, tampered)
    notices = [n for n in c.notices if n.startswith("Refused")] or [
        n for n in c.session.take_notices() if n.startswith("Refused")]
    assert len(notices) == 1 and "\n" not in notices[0]
    assert BOARDS_KEY not in storage.items or "result" not in storage.items[BOARDS_KEY]


def test_the_board_text_has_a_line_a_place_then_the_link_to_play():
    storage = MemoryStorage()
    boards = Boards(storage, lambda: NOW.date())
    for by, last in (("Ann", False), ("Bev", True)):
        boards.add(*checked(link_of(SEED, by, last)))
    c = page(storage, f"#game={GAME_ID}")
    tap(c, "board:table")
    tap(c, "board-reveal")
    c.session.settings.name_asked = True
    text = shared(tap(c, "board-text"))
    lines = text.splitlines()
    assert lines[0] == "Sheepshead New Game board"
    assert len(lines) == 4 and lines[-1] == f"Play it: {URL}#game={GAME_ID}"
    assert lines[1].startswith("1st ") and lines[2].split()[0] in ("1st=", "2nd")
    link = shared(tap(c, "board-share")).splitlines()[-1]
    assert len(parse_board(link)) == 2


def test_the_menu_opens_todays_board_and_the_archive():
    storage = MemoryStorage()
    Boards(storage, lambda: NOW.date()).add(*checked(link_of(SEED, "Ann", False)))
    c = page(storage)
    html = panel(tap(c, "board"))
    assert 'Board · <span class="board-game">Daily 2026-12-01</span>' in html and "which you have not played yet" in html
    html = panel(tap(c, "board-reveal"))
    assert "No results yet" in html and 'data-ui="board-open:0"' in html
    html = panel(tap(c, "board-open:0"))
    assert 'Board · <span class="board-game">New Game</span>' in html
    assert c.session.friends.open == f"#game={GAME_ID}"
    tap(c, "board-close")
    assert c.session.friends.open is None



def test_the_viewer_says_with_hints_when_the_board_entry_says_so_and_names_no_one_sender():
    ann, anon = link_of(SEED, "Ann", False), link_of(SEED, None, True)
    fragment, _ = board_fragment([BoardEntry(ann, True), BoardEntry(anon)])
    c = page(MemoryStorage(), fragment)
    tap(c, "board-reveal")
    names = [r.name for r in c.session.friends.rows(f"#game={GAME_ID}")]
    seen = {name: panel(tap(c, f"board-row:{names.index(name)}")) for name in ("Ann", "Anonymous")}
    assert all('id="viewer"' in html for html in seen.values())
    about = {n: h.split('class="small viewer-about">')[1].split("</p>")[0] for n, h in seen.items()}
    assert about["Ann"].endswith('<span class="hints-tag">with hints</span>')
    assert "with hints" not in about["Anonymous"] and "Sender" not in seen["Anonymous"]
    assert "Anonymous finished +" in seen["Anonymous"]


# ------------------------------------------------- hostile boards (issue 36)
def random_link(i: int, by: str | None, hands: int = 1) -> str:
    """A result of the New Game ``SEED`` whose every seat played at random: its scores check,
    its computer moves do not (the forged row of issue 36, item 6)."""
    game = Game(SEED)
    rng = random.Random(i)
    for h in range(hands):
        if h:
            game.next_hand()
        state = game.current
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
    return result_fragment(game, by, "easy")


def counting(monkeypatch, *modules) -> list[str]:
    """Count every replay (parse_result, check_result) that ``modules`` make."""
    calls: list[str] = []
    for module in modules:
        for name in ("parse_result", "check_result"):
            real = getattr(module, name)

            def counted(*a, _real=real, _name=name, **k):
                calls.append(_name)
                return _real(*a, **k)
            monkeypatch.setattr(module, name, counted)
    return calls


def test_adding_a_row_replays_no_row_already_there(monkeypatch):
    """Issue 36, item 2: every row added replayed every stored row (1,225 replays for 50)."""
    import sheepshead.ui.friends.boards as boards_module
    storage = MemoryStorage()
    boards = Boards(storage, lambda: NOW.date())
    results = [checked(random_link(i, f"P{i}")) for i in range(40)]
    calls = counting(monkeypatch, boards_module)
    for link, check in results:
        assert boards.add(link, check) == "added"
    assert calls == [] and len(boards.board(f"#game={GAME_ID}").rows) == 40


def test_a_big_board_link_is_read_a_replay_a_step_copies_once(monkeypatch):
    """Issue 36, item 2: a 50-entry board link was one long task; now each step of its
    reading does at most one replay, and a copy of an entry is not read again."""
    import sheepshead.ui.friends.friends as friends_module
    entries = [BoardEntry(random_link(i, f"P{i}")) for i in range(45)]
    fragment, carried = board_fragment(entries + entries[:5], limit=100_000)
    assert carried == 50
    c = page(MemoryStorage())
    friends = c.session.friends
    c.handle(HashChange(fragment))                  # the job is not run here: see below
    assert friends.open == f"#game={GAME_ID}" and friends.incoming
    calls = counting(monkeypatch, friends_module)
    steps, longest = 0, 0
    reading = friends.reading(friends.board_read)
    while True:
        before = len(calls)
        try:
            next(reading)
        except StopIteration:
            break
        steps += 1
        longest = max(longest, len(calls) - before)
    assert longest == 1 and calls.count("parse_result") == 45 and steps >= 90
    rows = friends.rows(f"#game={GAME_ID}")
    assert len(rows) == 45 and all(r.checking and r.place is None for r in rows)


def test_rows_not_checked_rank_nowhere_share_nowhere_and_never_fill_the_board():
    """Issue 36, item 6: forged rows (their computer moves fail) filled a board: closed at
    once they stayed, a friend's real result was then refused as "full", and while open
    they ranked and went into "Share as text"."""
    forged = [BoardEntry(random_link(i, f"Forged{i}")) for i in range(50)]
    fragment, _ = board_fragment(forged, limit=100_000)
    storage = MemoryStorage()
    c = page(storage)
    friends = c.session.friends
    c.handle(HashChange(fragment))
    drained(friends.reading(friends.board_read))                  # read, then closed before any moves check
    tap(c, "board-close")
    game = f"#game={GAME_ID}"
    assert len(friends.boards.board(game).rows) == 50
    c.session.settings.name_asked = True
    tap(c, "board")                             # today's board, then the archive's game
    tap(c, "board-reveal")
    friends.checking = True                     # (no background job started meanwhile)
    c.handle(Tap(ui="board-open:0"))
    tap(c, "board-reveal")
    assert friends.open == game                     # as if the moves check were running now
    kind, html = friends.overlay()
    assert kind == "board" and html.count("checking…") == 50 and "Forged" in html and "1st" not in html
    assert not [e for e in tap(c, "board-text") if isinstance(e, Share)]
    assert not [e for e in tap(c, "board-share") if isinstance(e, Share)]
    # A friend's real result still goes on the board, and is ranked once checked.
    friends.checking = False
    real = link_of(SEED, "Ann", False)
    assert friends.seen(*checked(real)) == "added"
    run(c, c.handle(Tick(NOW.date().isoformat())))  # a redraw: every row checked
    rows = friends.rows(game)
    assert [(r.name, r.place) for r in rows] == [("Ann", 1)]
    assert [r.link for r in friends.boards.board(game).rows] == [real]
    text = shared(tap(c, "board-text"))
    assert "Ann" in text and "Forged" not in text


def test_the_page_and_the_command_line_rank_the_same_links_alike():
    """Issue 36, item 8 / issue 38, item 4: the page ranked the first link's level and kept
    a different result for a repeated name than ``board`` did."""
    links = [link_of(SEED, "Bev", False, level="easy"),
             link_of(SEED, "Cy", True, level="standard"),
             link_of(SEED, "Dee", False, level="standard"),
             link_of(SEED, "Ann", True, level="standard", hands=2),
             link_of(SEED, "Ann", True, level="standard"),          # the same game, further
             link_of(SEED, "\u0410nn", False, level="standard")]    # Ann in Cyrillic
    boards, _ = board_of(links)
    cli = [(r.name, r.place, r.tied, r.total, r.hands) for r in boards[0].rows]
    fragment, carried = board_fragment([BoardEntry(x) for x in links], limit=100_000)
    assert carried == len(links)
    c = page(MemoryStorage(), fragment)
    tap(c, "board-reveal")
    shown = [(r.name, r.place, r.tied, r.total, r.hands)
             for r in c.session.friends.rows(f"#game={GAME_ID}")]
    assert shown == cli
    assert [n for n, *_ in cli] .count("Ann") == 1 and ("Bev", None) in [(n, p) for n, p, *_
                                                                        in cli]
    assert next(h for n, *_, h in cli if n == "Ann") == 10


def test_names_are_shown_in_their_normal_form_and_blank_ones_visibly():
    storage = MemoryStorage()
    boards = Boards(storage, lambda: NOW.date())
    boards.add(*checked(link_of(SEED, "Ann\ufe0f", False)))
    assert boards.add(*checked(link_of(SEED, "\u0410nn", True))) == "kept"    # one player
    boards.add(*checked(link_of(SEED, "\u3164", True)))
    rows, _ = board_rows(boards.board(f"#game={GAME_ID}"), None, "You")
    assert sorted(r.name for r in rows) == ["(blank name)", "Ann"]


def test_share_as_text_makes_chat_markup_plain():
    """Issue 36, item 9: "Share as text" passed @everyone and [Ann](https://…) into chats."""
    names = ["@everyone", "[Ann](https://x.org)", "*b*", "_i_", "`c`", "<@123>", "~s~|"]
    rows = tuple(Row(n, 10 - i, 1 + i, False, True, 10, "easy", None, "#game=x&result=1.A",
                     moves=True) for i, n in enumerate(names))
    lines = board_text("Game x", rows, URL + "#game=x").splitlines()[1:-1]
    assert len(lines) == len(names)
    for line, name in zip(lines, names, strict=True):
        written = line.split(" ", 1)[1].rsplit(" ", 1)[0]
        assert not set(written) & set("@[]()*_`<>~|:#\\"), line
        assert len(written) == len(name)            # one look-alike a character


def test_one_unreadable_entry_is_said_in_the_singular():
    storage = MemoryStorage()
    boards = Boards(storage, lambda: NOW.date())
    boards.add(*checked(link_of(SEED, "Ann", False)))
    data = json.loads(storage.items[BOARDS_KEY])
    data["boards"]["#daily=2026-12-01"] = {"rows": "x", "changed": ""}
    storage.items[BOARDS_KEY] = json.dumps(data)
    boards.games()
    assert "(1 entry could not be read)" in boards.take_notices()[0]


def test_a_result_link_that_says_hints_keeps_with_hints_on_the_board():
    """Issue 40, item 3: ``hints=1`` in a friend's result link (results.md, 2026-12-04) puts
    "with hints" on their row, as your own row shows it; a link without it says nothing."""
    game = played(SEED, "easy", False, 10).game
    other = played(SEED, "easy", True, 10).game
    storage = MemoryStorage()
    for g, by, said in ((game, "Ann", True), (other, "Bev", False)):
        c = page(storage, result_fragment(g, by, "easy", hints=said))
    rows = {r.name: r for r in c.session.friends.rows(f"#game={GAME_ID}")}
    assert rows["Ann"].hints is True and not rows["Bev"].hints


def test_the_board_guard_hides_the_scores_the_result_guard_hides():
    """Issue 40, round three, item 6: the Daily's board guard printed "Rory -9" while the
    result guard hid it; a New Game's guard names no hex id."""
    from sheepshead.ui.friends.boardview import board_guard_html
    rows = tuple(Row(n, False, t, 1, False, True, 10, "expert", None, None, True,
                     "#daily=2026-12-01&result=1.A", ()) for n, t in (("Rory", -9), ("Bev", 4)))
    html = board_guard_html("Daily 2026-12-01", True, rows)
    assert "<bdi>Rory</bdi>" in html and "<bdi>Bev</bdi>" in html
    assert "-9" not in html and "−9" not in html and "+4" not in html
    html = board_guard_html(f"Game {GAME_ID} (three players)", False, rows)
    assert GAME_ID not in html and "New Game (three players)" in html


def test_leaving_a_challenge_names_it():
    from sheepshead.rules import Rules
    from sheepshead.ui.daily.finish import Question, confirm_html
    html = confirm_html(Question(None, Rules(), "standard", "at hand 2 of 10, you +3", "Rory"))
    assert "Leave Rory’s challenge?" in html and "playing Rory’s challenge, at hand 2" in html
    plain = confirm_html(Question(None, Rules(), "standard", "at hand 2 of 10, you +3"))
    assert "Leave your New Game?" in plain and "challenge" not in plain


def test_a_challenge_is_offered_from_the_menu_mid_game():
    """Issue 40, round three, item 10: Challenge only after all ten hands.  From the menu
    mid-game it carries your score so far; your finished result is not recorded by it."""
    ann = page(MemoryStorage(), f"#game={GAME_ID}")
    ann.session.settings.name_asked = True
    assert 'data-ui="challenge"' in panel(tap(ann, "menu"))
    tap(ann, "close")
    early = shared(tap(ann, "challenge"))                  # before a hand is finished
    assert "I have" not in early and early.splitlines()[-1] == f"{URL}#game={GAME_ID}"
    while len(ann.table.game.hand_scores()) < 2:
        if ann.table.hand.is_over:
            tap(ann, "next")
            continue
        run(ann, ann.handle(Tap(act=str(ann.table.seat_view().legal[0]))))
    text = shared(tap(ann, "challenge"))
    made = signed(ann.table.game.totals()[0])
    assert f"I have {made} after 2 of 10 hands." in text
    url = text.splitlines()[-1]
    assert len(parse_board(url)) == 1 and ann.session.friends.boards.board(
        f"#game={GAME_ID}").mine is None
    bev = page(MemoryStorage(), url[len(URL):])          # the friend sees it "after 2"
    tap(bev, "board-reveal")
    rows = bev.session.friends.rows(f"#game={GAME_ID}")
    assert [(r.total, r.hands, r.finished) for r in rows] == [(int(made), 2, False)]
