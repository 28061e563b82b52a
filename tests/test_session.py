"""The page's games without a browser: sheepshead/ui/page/session.py over a MemoryStorage.

What the page does is tested in Chromium (tests/test_daily_page.py); here the same rules are
checked quickly: a save per game, New Game asks, the two-tab rule, the Daily's one scored
attempt and practice, the archive, result links (viewer, spoiler guard, bad links), the
background par and computer-move check, migration and refused storage."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import replace

import pytest
from daily_helpers import played_table
from save_helpers import old_save

from sheepshead.deals import daily_seed
from sheepshead.game import Game
from sheepshead.results import parse_result, result_fragment
from sheepshead.ui.daily.daily import DailyResults, Outcome, outcome_line
from sheepshead.ui.events import MovesChecked, ParDone, ParWorked
from sheepshead.ui.page.session import STALE_NOTICE, STORAGE_NOTICE, Session
from sheepshead.ui.storage.saves import GAME_KEY, GameSave, MemoryStorage, daily_key
from sheepshead.ui.storage.settings import Settings
from sheepshead.ui.table.render import UiState
from sheepshead.ui.table.table import Table

TODAY = dt.date(2026, 12, 1)
NOW = dt.datetime(2026, 12, 1, 16, 48)


def session(storage=None, now=NOW, fragment="") -> Session:
    s = Session(storage if storage is not None else MemoryStorage(), lambda: now)
    s.start(fragment)
    return s


def act(s: Session, times: int = 1) -> None:
    """Your first legal action, then the computer players up to your next turn; saved."""
    t = s.table
    for _ in range(times):
        assert t.human_turn
        t.act(t.seat_view().legal[0])
        s.save()
        while t.computer_turn:
            t.step()
            s.save()


def drive(coroutine) -> None:
    """Run a coroutine that only yields with ``asyncio.sleep(0)`` to its end, without an event
    loop (Playwright's may be running in this process)."""
    try:
        while True:
            coroutine.send(None)
    except StopIteration:
        pass


def seed(storage: MemoryStorage, table: Table, practice: bool = False) -> None:
    save = replace(GameSave.of(table.game, table.level, practice=practice), revision=1,
                   tab="elsewhere")
    storage.set(save.key, save.to_text())


def test_the_daily_opens_at_the_expert_and_a_new_game_never_touches_it():
    storage = MemoryStorage()
    s = session(storage)
    assert s.table.tutorial                 # a first visit: the practice hand, then
    s.open_daily(s.today)                   # "Skip practice": today's Daily
    assert s.table.seed == daily_seed(TODAY) and s.table.level == "expert"
    assert s.hash() == "#daily=2026-12-01" and s.key == daily_key(TODAY)
    assert daily_key(TODAY) not in storage.items          # nothing saved before an action
    act(s)
    daily = storage.items[daily_key(TODAY)]
    s.settings.set("level", "easy")
    assert s.new_game() and s.table.seed.startswith("game:") and s.table.level == "easy"
    act(s)
    assert storage.items[daily_key(TODAY)] == daily         # untouched
    assert s.hash().startswith("#game=")
    s.open_daily(TODAY)
    assert s.table.game.to_json() == json.loads(daily)["game"]
    # The choice of game is remembered: no link opens the Daily now.
    again = session(storage)
    assert again.table.seed == daily_seed(TODAY)
    again.new_game(seed=None, confirmed=True)
    assert session(storage).table.seed.startswith("game:")  # ... and now the New Game


def test_new_game_asks_before_leaving_a_new_game_in_progress():
    storage = MemoryStorage()
    s = session(storage, fragment="#game=00000000000000ab")
    assert s.new_game() and s.question is None              # nothing in progress yet
    act(s)
    first = s.table.seed
    assert not s.new_game() and s.question is not None
    kind, html = s.overlay(UiState())
    assert kind == "confirm" and "Leave your New Game?" in html and "hand 1 of 10" in html
    s.answer(False)
    assert s.question is None and s.table.seed == first
    s.open_daily(TODAY)
    assert not s.new_game()                                  # from the Daily too
    s.answer(True)
    assert s.table.seed != first and s.table.action_count() == 0
    act(s)
    assert json.loads(storage.items[GAME_KEY])["game"]["seed"] == s.table.seed
    # A link to the game in progress resumes it without a question.
    t = s.table
    again = session(storage, fragment=s.hash())
    assert again.question is None and again.table.game.to_json() == t.game.to_json()
    # A link to another game asks, with the game in progress behind the question.
    other = session(storage, fragment="#game=00000000000000cd")
    assert other.question is not None and other.table.seed == t.seed


def test_another_tab_is_noticed_and_nothing_is_overwritten():
    storage = MemoryStorage()
    a, b = (session(storage, fragment="#daily=2026-12-01") for _ in "ab")
    act(a)
    key = a.key
    assert b.storage_event("sheepshead.settings", "{}") is False
    assert b.storage_event(key, storage.items[key]) is True and b.stale
    written = storage.items[key]
    b.table.act(b.table.seat_view().legal[0]) if b.table.human_turn else None
    b.save()                                                 # refused quietly: stale
    assert storage.items[key] == written
    assert STALE_NOTICE == "This game went on in another tab — Reload"
    b.reload()
    assert not b.stale and b.table.game.to_json() == a.table.game.to_json()
    act(b)
    assert a.storage_event(key, storage.items[key]) and a.stale
    # A change to a game this tab has not open is none of its business.
    a.reload()
    a.new_game(confirmed=True)
    assert a.storage_event(key, "{}") is False


def test_a_future_date_opens_today_and_a_past_date_opens_as_asked():
    s = session(fragment="#daily=2026-12-02")
    assert s.table.seed == daily_seed(TODAY)
    assert any("not out yet" in n for n in s.take_notices())
    s.go("#daily=2026-11-20")
    assert s.table.seed == "daily:2026-11-20" and not s.table.practice
    assert s.hash() == "#daily=2026-11-20"
    # Midnight is local: the clock says which day is today.
    late = session(now=dt.datetime(2026, 12, 2, 0, 5), fragment="#daily=2026-12-02")
    assert late.table.seed == "daily:2026-12-02"


def test_the_first_play_through_locks_and_practice_never_changes_it():
    storage = MemoryStorage()
    finished = played_table(TODAY, "easy")                   # a migrated Daily's level
    seed(storage, finished)
    s = session(storage)
    book = DailyResults(storage).book()
    result = book.result(TODAY)
    assert result is not None and result.totals == finished.game.totals()
    assert result.finished == NOW and result.level == "easy" and "&level=easy" in result.fragment
    kind, html = s.overlay(UiState())
    assert kind == "results" and "You finished" in html and "Next Daily in 7 h 12 min" in html
    assert "Practice this Daily" in html and "Dailies played" in html
    line = outcome_line(finished.game)                       # the share text's emoji line
    assert 'role="img" aria-label="hand 1: ' in html        # drawn in CSS squares, one a hand
    assert html.count('<i class="sq sq-') >= len(line) and line not in html
    used = {o for o in Outcome if o.emoji in line}
    assert all(f"</i> {o.words}</span>" in html for o in used)   # its key: the squares it uses
    assert not any(f"{o.emoji} {o.words}" in html for o in set(Outcome) - used)
    assert s.overlay(UiState(panel="scores")) is None        # the score sheet instead
    s.practice()
    assert s.table.practice and s.table.level == "expert" and s.table.action_count() == 0
    act(s)
    assert json.loads(storage.items[daily_key(TODAY)])["practice"] is True
    # A practice game played to the end changes nothing in the book.
    s.table = Table.resume(Game.from_json(finished.game.to_json()), s.settings, "easy", True)
    s.save()
    assert DailyResults(storage).book() == book
    kind, html = s.overlay(UiState())
    assert "Practice — your result is locked" in html and "This practice" in html
    assert "(practice)" in s.share_line("https://x.org/")
    # Opened again, the date's Daily is the practice (its result stays the first).
    again = session(storage)
    assert again.table.practice and DailyResults(storage).book() == book


def test_share_texts_carry_the_name_as_plain_text():
    storage = MemoryStorage()
    seed(storage, played_table(TODAY, "easy"))
    s = session(storage)
    s.settings.set("name", "<b>Bev</b>")
    line = s.share_result_line("https://x.org/page")
    assert line is not None and line.startswith("Sheepshead Daily 2026-12-01: ")
    link = parse_result(line.splitlines()[-1])
    assert link.by == "<b>Bev</b>" and link.level == "easy"
    assert s.share_line("https://x.org/page").splitlines()[-1] == line.splitlines()[-1]


def test_result_links_spoiler_guard_and_bad_links():
    storage = MemoryStorage()
    other_day = played_table(dt.date(2026, 11, 30), "easy")
    fragment = result_fragment(other_day.game, "Bev", "easy")
    s = session(storage, fragment=fragment)
    assert s.link is not None and s.guarded()                # not played here
    assert s.overlay(UiState())[0] == "guard"
    s.link.state.revealed = True
    kind, html = s.overlay(UiState())
    assert kind == "viewer" and "Bev" in html
    s.play_link()
    assert s.link is None and s.table.seed == "daily:2026-11-30"
    # Finished here: no guard, and your own result side by side.
    seed(storage, other_day)
    session(storage, fragment="#daily=2026-11-30")           # opened: its result locks
    s = session(storage, fragment=fragment)
    assert not s.guarded() and s.own_result() is not None
    assert "You " in s.overlay(UiState())[1]
    # Bad links: one line, today's Daily.
    for bad in (fragment[:-3] + "***", fragment.replace("result=1.", "result=2."),
                fragment + "&by=" + "x" * 10_000, "#daily=2026-11-30&result=1.AAAA",
                "#game=zz&result=1.A"):
        s = session(storage, fragment=bad)
        notes = s.take_notices()
        assert s.link is None and s.table.seed == daily_seed(TODAY), bad
        assert len(notes) == 1 and notes[0].startswith("This result link cannot be read"), notes


def test_a_new_game_shared_mid_game_is_behind_the_guard_unless_it_is_yours():
    """Issue 40, item 9: a New Game's mid-game Share showed every hand's outcome at once."""
    mid = Table("game:00000000000000a1", Settings(speed="instant"), level="easy")
    while not mid.hand.is_over:
        if mid.human_turn:
            mid.act(mid.seat_view().legal[0])
        else:
            mid.step()
    fragment = result_fragment(mid.game, "Ann", "easy")
    s = session(MemoryStorage(), fragment=fragment)
    assert s.guarded() and s.overlay(UiState())[0] == "guard"
    html = s.overlay(UiState())[1]
    assert "a New Game, which you have not played yet" in html and "after hand 1 of 10" in html
    s.link.state.revealed = True
    assert s.overlay(UiState())[0] == "viewer"
    s.play_link()                                   # now the game on your table: no guard
    assert s.table is not None and s.table.seed == "game:00000000000000a1"
    s.go(fragment)
    assert s.link is not None and not s.guarded()
    # A whole New Game's result link (a finished game's Share) opens at once.
    done = Game("game:00000000000000a2")
    while not done.is_over:
        if done.current.is_over:
            done.next_hand()
        done.apply(done.current.legal_actions()[0])
    s = session(MemoryStorage(), fragment=result_fragment(done))
    assert s.link is not None and not s.guarded()


def test_the_computer_moves_are_checked_in_steps():
    t = Table("game:00000000000000ab", Settings(), level="standard")
    while not t.hand.is_over:
        t.act(t.seat_view().legal[0]) if t.human_turn else t.step()
    good = result_fragment(t.game)
    s = session(fragment=good)
    sent: list[MovesChecked] = []
    drive(s.moves_job(s.link)(sent.append))       # the job changes nothing: it sends
    assert s.link.moves_checked is None and len(sent) == 1 and sent[0].ok is True
    s.moves_checked(sent[0])
    assert s.link.moves_checked is True
    # The same game claimed against the Easy players: scores check, moves differ.
    s = session(fragment=good + "&level=easy")
    drive(s.moves_job(s.link)(s.moves_checked))
    assert s.link.moves_checked is False and "this version's easy player" in s.link.difference


@pytest.mark.parametrize("hands", [pytest.param(2, id="2-hands"),
                                   pytest.param(10, id="10-hands", marks=pytest.mark.slow)])
def test_the_par_is_worked_out_in_steps_and_kept(hands, monkeypatch):
    """The whole par in the full run; in the fast tier, a par of the first two hands."""
    from sheepshead.ui.daily import background, daily
    monkeypatch.setattr(background, "par_slices", lambda day: daily.par_slices(day, hands=hands))
    storage = MemoryStorage()
    seed(storage, played_table(TODAY, "easy"))
    s = session(storage)
    assert s.par_wanted() == TODAY
    seen: list[float] = []

    def send(event):
        if isinstance(event, ParWorked):
            s.par_worked(event)
            seen.append(s.par_progress[TODAY])
        else:
            assert isinstance(event, ParDone) and event.day == TODAY
            s.par_done(event)
    drive(s.par_job(TODAY)(send))
    assert TODAY not in s.par_progress
    assert seen == sorted(seen) and all(0 <= p < 1 for p in seen)
    par = DailyResults(storage).book().result(TODAY).par
    assert par is not None and s.par_wanted() is None
    assert f"Expert in your seat {par:+d}" in s.overlay(UiState())[1]


def test_the_previous_versions_save_is_migrated_and_opened():
    storage = MemoryStorage()
    old = Table("game:00000000000000ab", Settings(speed="fast", level="easy"))
    old.act("pass")
    storage.set("sheepshead.save", old_save(old))
    s = session(storage)
    assert s.table.seed == old.seed and s.table.level == "easy"
    assert s.table.game.to_json() == old.game.to_json() and s.settings.speed == "fast"
    assert "sheepshead.save" not in storage.items and s.take_notices() == []


class Refusing(MemoryStorage):
    def set(self, key: str, text: str) -> None:
        raise OSError("QuotaExceededError")


def test_refused_storage_says_so_once_and_play_goes_on():
    s = session(Refusing())
    act(s, 2)
    assert s.take_notices() == [STORAGE_NOTICE]
    assert s.table.action_count() >= 2
    # A New Game kept only in memory is still asked about before it is left.
    assert s.new_game() and s.question is None
    act(s)
    assert not s.new_game() and "hand 1 of 10" in s.question.in_progress


@pytest.mark.parametrize("text", ["{", "[" * 50 + "]" * 50, '"just text"',
                                  '{"format": "sheepshead-save/9"}'])
def test_corrupt_saves_are_set_aside_and_a_fresh_daily_opens(text):
    storage = MemoryStorage({daily_key(TODAY): text})
    s = session(storage)
    assert s.table.seed == daily_seed(TODAY) and s.table.action_count() == 0
    notes = s.take_notices()
    assert len(notes) == 1 and "sheepshead.set-aside.1" in notes[0]
    assert json.loads(storage.items["sheepshead.set-aside.1"])["text"] == text


def test_a_result_link_replays_its_game():
    t = played_table(TODAY, "easy")
    assert parse_result(result_fragment(t.game)).game().totals() == t.game.totals()


def test_the_pages_calls():
    storage = MemoryStorage()
    link = result_fragment(played_table(dt.date(2026, 11, 30), "easy").game, "Bev", "easy")
    s = session(storage, fragment=link)
    s.close_link()
    assert s.link is None and s.hash() == "#daily=2026-12-01"
    s.go(link)
    s.play_link()
    assert s.table.seed == "daily:2026-11-30"
    assert s.new_game() and s.table.seed.startswith("game:")
    act(s)
    assert not s.new_game() and s.question is not None
    s.answer(False)
    assert s.question is None
    s.open_daily(s.today)
    assert s.table.seed == daily_seed(TODAY)


def test_a_new_game_shares_a_result_link_with_its_game_rules_and_level():
    from sheepshead.rules import Rules

    s = session()
    s.settings.set("level", "easy")
    s.settings.set("name", "Ann")
    assert s.new_game(Rules(players=3, crack=True), seed="game:00000000000000ab")
    t = s.table
    while not t.hand.is_over:
        t.act(t.seat_view().legal[0]) if t.human_turn else t.step()
    text = s.share_line("https://x.org/")
    assert text.startswith("Sheepshead New Game (three players, crack")
    assert "after 1 of 10 hands" in text and "easy players" in text
    link = parse_result(text.splitlines()[-1])
    assert (link.seed, link.rules, link.level, link.by) == (t.seed, t.rules, "easy", "Ann")
    assert "&rules=p3.crack&result=1." in text
