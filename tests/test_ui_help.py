"""Help at the table, in the controller and the drawing (issue 11), without a browser:
the winning mark, the points chip, the illegal tap, the bury helper, hints, undo, claim,
auto-play, the hand review, the practice hand and hints in a Daily's save and result.

Standard library, pytest and sheepshead only (it can run inside Pyodide; tests/test_in_pyodide.py
says why it is not listed)."""

from __future__ import annotations

import datetime as dt
import html
import re

import pytest

from sheepshead.actions import Action
from sheepshead.bots import make_player
from sheepshead.bots.claim import can_claim
from sheepshead.buryinfo import call_leaves
from sheepshead.errors import IllegalActionError
from sheepshead.position import Phase
from sheepshead.trickinfo import winning_now
from sheepshead.ui.help.review import HandReview
from sheepshead.ui.help.tutorial import PRACTICE_SEED
from sheepshead.ui.page.jobs import review_hand, reviewed
from sheepshead.ui.page.session import TUTORIAL_HASH, Session
from sheepshead.ui.storage.saves import GAME_KEY, MemoryStorage, daily_key
from sheepshead.ui.storage.settings import Settings
from sheepshead.ui.table.render import UiState, render, ui_intent
from sheepshead.ui.table.table import Table
from sheepshead.undo import replayed

TODAY = dt.datetime(2026, 12, 1, 9, 30)


def drive(coroutine) -> int:
    """Run a coroutine that only awaits ``asyncio.sleep(0)`` (no event loop: Pyodide under
    Node.js has no ``asyncio.run``); how many times it gave way."""
    yields = 0
    try:
        while True:
            coroutine.send(None)
            yields += 1
    except StopIteration:
        return yields


def play_computers(t: Table) -> None:
    while t.computer_turn:
        t.step()


def first_legal(t: Table) -> str:
    return str(t.seat_view().legal[0])


def finish_hand(t: Table) -> None:
    """Play the hand to its end, seat 0 taking its first legal action."""
    while not t.hand.is_over:
        if t.computer_turn:
            t.step()
        else:
            t.act(first_legal(t))


def to_play_phase(t: Table) -> None:
    """Play until seat 0 is to play a card (passing, burying and calling as the first legal
    action allows)."""
    for _ in range(200):
        play_computers(t)
        v = t.seat_view()
        if v.is_over or (v.my_turn and v.phase is Phase.PLAY):
            return
        t.act(first_legal(t))
    raise AssertionError("no play reached")


# ------------------------------------------------------------- the trick
def test_the_winning_mark_is_the_engines_and_moves_with_the_trick():
    seen_moves = 0
    for i in range(12):
        t = Table(f"game:{i:016x}")
        last = None
        while not t.hand.is_over:
            if t.computer_turn:
                t.step()
            else:
                t.act(first_legal(t))
            v = t.seat_view()
            html = render(t.view(), UiState())["center"]
            marked = re.findall(r'class="card tcard at-(\d)[^"]*\bwinning\b', html)
            now = winning_now(v)
            if v.trick is not None and v.trick.cards and now is not None:
                assert marked == [str(now[0])], (html, now)
                if last is not None and last != now[0]:
                    seen_moves += 1
                last = now[0]
                assert ", winning" in html
            else:
                assert marked == []
                last = None
    assert seen_moves > 20


# ------------------------------------------------------------ the points
def test_the_points_chip_reaches_120_and_can_be_switched_off():
    for i in range(6):
        t = Table(f"game:{i:016x}")
        finish_hand(t)
        chip = render(t.view(), UiState())["chips"]
        text = re.search(r'id="points-chip">([^<]*)<', chip)
        assert text is not None, chip
        if "thrown" not in text[1]:
            words = html.unescape(text[1])
            assert sum(int(n) for n in re.findall(r"\d+", words)) == 120, words
        t.settings.show_points = False
        assert "points-chip" not in render(t.view(), UiState())["chips"]


# ---------------------------------------------------------- illegal taps
def test_an_illegal_tap_gives_the_engines_reason_and_a_legal_one_gives_none():
    found = 0
    for i in range(12):
        t = Table(f"game:{i:016x}")
        while not t.hand.is_over:
            to_play_phase(t)
            if t.hand.is_over:
                break
            v = t.seat_view()
            legal = {str(a.card) for a in v.legal}
            for card in v.hand:
                reason = t.refusal(str(card))
                if str(card) in legal:
                    assert reason is None
                    continue
                found += 1
                with pytest.raises(IllegalActionError) as e:
                    t.hand.verify(f"play {card}")
                assert reason == e.value.refusal.text(you=True)
                ui = UiState()
                assert ui_intent(t, ui, f"illegal:{card}")
                assert ui.refusal == reason and ui.shake == (str(card), 1)
                drawn = render(t.view(), ui)
                assert html.escape(reason) in drawn["status"] and "shake" in drawn["hand"]
                assert f'data-ui="illegal:{card}"' in drawn["hand"]
                assert ui_intent(t, ui, f"illegal:{card}") and ui.shake == (str(card), 2)
            t.act(first_legal(t))
    assert found > 10
    assert Table("game:0000000000000001").refusal("QC") is None    # not in play yet


# ----------------------------------------------------------- the bury helper
def picked(i: int, bury: Action | None = None) -> Table | None:
    """New Game ``i`` with seat 0 picking first (and burying ``bury``); None when another
    seat decides before seat 0."""
    t = Table(f"game:{i:016x}")
    play_computers(t)
    if not t.human_turn:
        return None
    t.act("pick")
    if bury is not None:
        t.act(bury)
    return t


def test_the_bury_helper_lists_the_engines_calls_for_the_chosen_pair():
    checked = forced = 0
    for i in range(40):
        t = picked(i)
        if t is None:
            continue
        for bury in t.seat_view().legal[:6]:
            ui = UiState(selected=[str(c) for c in bury.cards])
            drawn = render(t.view(), ui)
            status = drawn["status"]
            after = picked(i, bury)
            assert after is not None
            calls = {f"call {a.card.name}" + (" with an unknown card" if a.unknown else "")
                     for a in after.seat_view().legal if a.kind.value == "call"}
            if not calls:               # a forced alone: warned plainly, the button says so
                assert 'id="alone-warning"' in status and "bury-leaves" not in status, status
                assert ">Bury and go alone<" in drawn["actions"], drawn["actions"]
                forced += 1
                continue
            assert ">Bury these two<" in drawn["actions"] and "alone-warning" not in status
            line = re.search(r'id="bury-leaves">After this bury: ([^<]*)<', status)
            assert line is not None, status
            listed = line[1].removesuffix(" or go alone").split(",")
            shown = {c.strip() for c in listed} - {"go alone", "go alone only"}
            assert shown == calls, (shown, calls)
            checked += 1
    assert checked > 20 and forced >= 1, (checked, forced)


def test_the_call_phase_says_why_going_alone_is_forced():
    found = 0
    for i in range(400):
        t = picked(i)
        if t is None:
            continue
        for bury in t.seat_view().legal:
            u = picked(i, bury)
            assert u is not None
            left = call_leaves(u.seat_view())
            status = render(u.view(), UiState())["status"]
            if left is not None and left.alone_forced:
                found += 1
                assert 'id="alone-reason"' in status and "alone" in status
                assert [str(a) for a in u.seat_view().legal] == ["alone"]
            else:
                assert "alone-reason" not in status
            if found >= 3:
                return
    raise AssertionError("no forced alone found")


# ------------------------------------------------------------------ hints
def test_a_hint_names_a_legal_action_and_marks_the_game():
    t = Table("game:00000000000000a1")
    assert not t.hints
    for _ in range(6):
        to_play_phase(t)
        if t.hand.is_over:
            break
        h = t.hint()
        assert h is not None and h.action in t.seat_view().legal
        t.act(h.action)
    assert t.hints
    play_computers(t)
    assert Table("game:00000000000000a1").hint() is not None   # seat 0 decides first here
    assert t.computer_turn or t.hand.is_over or t.hint() is not None


# ------------------------------------------------------------------- undo
def test_undo_restores_the_exact_position_and_the_same_answers():
    t = Table("game:0000000000000042")
    to_play_phase(t)
    t.act(first_legal(t))
    play_computers(t)
    if t.hand.is_over:
        return
    before_view = None
    history_before = None
    # Undo the play just made: the position before it, exactly.
    u = Table("game:0000000000000042")
    to_play_phase(u)
    before_view = u.seat_view()
    history_before = list(u.hand.history)
    assert t.can_undo() and t.undo()
    assert list(t.hand.history) == history_before
    assert t.seat_view() == before_view
    # The same play again gets the same answers.
    t.act(first_legal(t))
    play_computers(t)
    u.act(first_legal(u))
    play_computers(u)
    assert list(t.hand.history) == list(u.hand.history)


def test_undo_is_for_new_games_only_and_not_before_a_decision():
    d = Table("daily:2026-11-30")
    play_computers(d)
    d.act(first_legal(d))
    assert not d.can_undo() and not d.undo()
    n = Table("game:0000000000000042")
    assert not n.can_undo()


# ------------------------------------------------------------------ claim
def test_the_claim_button_shows_exactly_when_the_proof_holds_and_scores_as_played():
    claims = 0
    for i in range(400):
        t = Table(f"game:{i:016x}")
        you = make_player("standard", i)
        while not t.hand.is_over:
            play_computers(t)
            if t.hand.is_over:
                break
            v = t.seat_view()
            proof = v.phase is Phase.PLAY and v.trick is None and len(v.hand) >= 2 \
                and can_claim(v)
            assert t.can_claim() == proof
            drawn = render(t.view(), UiState())["actions"]
            assert ('data-ui="claim"' in drawn) == proof
            if proof:
                claims += 1
                replay = Table(f"game:{i:016x}")
                replay.game.hands[-1] = replayed(t.hand, len(t.hand.history))
                events = t.claim()
                assert events and t.hand.is_over
                # Scored as if played: the same cards played out one by one give the same.
                for e in events:
                    if replay.computer_turn:
                        replay.step()
                    else:
                        assert replay.act(e.action) is not None
                assert list(replay.hand.history) == list(t.hand.history)
                assert replay.hand.result().scores == t.hand.result().scores
                break
            t.act(you.choose(v))
        if claims >= 4:
            break
    assert claims >= 4


# -------------------------------------------------------------- auto-play
def test_forced_play_is_the_only_legal_card():
    for i in range(10):
        t = Table(f"game:{i:016x}")
        while not t.hand.is_over:
            play_computers(t)
            if t.hand.is_over:
                break
            v = t.seat_view()
            forced = t.forced_play()
            if v.phase is Phase.PLAY and len(v.legal) == 1:
                assert forced == v.legal[0]
            else:
                assert forced is None
            t.act(first_legal(t))


# ----------------------------------------------------------------- review
def test_the_review_runs_a_step_at_a_time_and_ends_with_a_total():
    t = Table("game:0000000000000007")
    finish_hand(t)
    review = HandReview(t.game.hand_number)
    sent = []
    steps = drive(review_hand(None, review.hand_number, t.hand, t.review_seeds(), sent.append,
                              turn_every=0.0))
    assert not review.steps and sent and sent[-1].done   # the job changes nothing: it sends
    for event in sent:
        reviewed(event, review, None)
    assert steps >= 8 * len(review.steps)        # it gave way after every slice of a search
    assert review.done
    assert review.total == len(review.steps) and len(review.lines) == len(review.steps)
    assert review.progress.startswith(("Total cost", "You played", "You had no choice"))
    ui = UiState(panel="hand-review", hand_review=review)
    panel = render(t.view(), ui)["panel"]
    assert 'data-done="1"' in panel and panel.count("<li>") == len(review.steps)


# ----------------------------------------------------------- practice hand
def test_the_practice_hand_is_one_hand_never_saved_and_leaves_the_games_alone():
    storage = MemoryStorage()
    s = Session(storage, lambda: TODAY)
    s.start("#daily=2026-12-01")           # a first visit through a link: the offer shows
    assert s.first_visit
    s.table.act(first_legal(s.table))
    s.save()
    daily_before = storage.get(daily_key(TODAY.date()))
    assert daily_before is not None
    s.tutorial()
    t = s.table
    assert t.tutorial and t.seed == PRACTICE_SEED and s.hash() == TUTORIAL_HASH
    assert not s.first_visit and s.settings.tutorial_offered
    while not t.hand.is_over:            # saving after every action, as the page does
        if t.computer_turn:
            t.step()
        else:
            t.act(first_legal(t))
        s.save()
    assert not t.next_hand()
    assert storage.get(daily_key(TODAY.date())) == daily_before
    assert storage.get(GAME_KEY) is None
    actions = render(t.view(), UiState())["actions"]
    assert 'data-ui="daily"' in actions and 'data-ui="next"' not in actions
    s.open_daily(s.today)
    assert s.table.seed == "daily:2026-12-01" and len(s.table.hand.history) >= 1
    again = Session(storage, lambda: TODAY)
    again.start("")
    assert not again.first_visit           # offered once
    again.go(TUTORIAL_HASH)
    assert again.table.tutorial



class _Denied(MemoryStorage):
    def keys(self) -> list[str]:
        raise OSError("SecurityError: storage is denied")

    def get(self, key: str) -> str | None:
        raise OSError("SecurityError: storage is denied")


def test_a_first_visit_without_a_link_opens_the_practice_hand_and_one_tap_skips_it():
    storage = MemoryStorage()
    s = Session(storage, lambda: TODAY)
    s.start("")
    assert s.table.tutorial and s.hash() == TUTORIAL_HASH and s.settings.tutorial_offered
    tip = render(s.table.view(), UiState())["tip"]
    assert tip.count('data-ui="daily"') == 1 and "play today's Daily" in html.unescape(tip)
    s.open_daily(s.today)                               # what the skip button asks
    assert s.table.seed == "daily:2026-12-01" and not s.table.tutorial
    assert storage.get(daily_key(TODAY.date())) is None     # nothing played, nothing saved
    again = Session(storage, lambda: TODAY)
    again.start("")                                     # the next visit: the Daily
    assert again.table.seed == "daily:2026-12-01"
    # The skip is on every tip of the hand until its end, whose decisions name the Daily.
    t = s.table = Table(PRACTICE_SEED, Settings(), level="standard", tutorial=True)
    while not t.hand.is_over:
        if t.human_turn:
            tip = render(t.view(), UiState())["tip"]
            assert tip.count('data-ui="daily"') == 1
            t.act(first_legal(t))
        else:
            t.step()
    assert 'data-ui="daily"' not in render(t.view(), UiState())["tip"]


@pytest.mark.parametrize("kept", ["a save", "a result", "a set-aside value", "denied"])
def test_a_visit_with_anything_kept_or_storage_denied_is_not_a_first_visit(kept):
    """Settings alone do not say it: a player who never changed one still has their games."""
    played = MemoryStorage()
    first = Session(played, lambda: TODAY)
    first.start("#daily=2026-12-01")
    first.table.act(first_legal(first.table))
    first.save()
    items = {"a save": {daily_key(TODAY.date()): played.items[daily_key(TODAY.date())]},
             "a result": {"sheepshead.daily.results": "{}"},
             "a set-aside value": {"sheepshead.set-aside.1": "x"}, "denied": {}}[kept]
    storage = _Denied() if kept == "denied" else MemoryStorage(dict(items))
    s = Session(storage, lambda: TODAY)
    s.start("")
    assert s.table.seed == "daily:2026-12-01" and not s.table.tutorial

@pytest.mark.slow  # a whole Daily against the Expert (the hint itself is checked in the fast tier)
def test_hints_in_a_daily_are_kept_in_its_save_and_its_result():
    storage = MemoryStorage()
    s = Session(storage, lambda: TODAY)
    s.start("#daily=2026-11-30")
    t = s.table
    while not t.human_turn:
        t.step()
    assert t.hint() is not None and t.hints
    s.save()
    s2 = Session(storage, lambda: TODAY)
    s2.start("#daily=2026-11-30")
    assert s2.table.hints
    t2 = s2.table
    while not t2.game.is_over:
        if t2.hand.is_over:
            t2.next_hand()
        elif t2.computer_turn:
            t2.step()
        else:
            t2.act(first_legal(t2))
    s2.save()
    result = s2.results.book().result(dt.date(2026, 11, 30))
    assert result is not None and result.hints
    assert "with hints" in s2.share_line("https://example.org/")
    screen = s2.overlay(UiState())
    assert screen is not None and "with hints" in screen[1]


def test_settings_for_the_help_round_trip():
    s = Settings()
    assert s.show_points and not s.auto_play and not s.tutorial_offered
    s.set("auto_play", True)
    s.set("show_points", False)
    again = Settings.from_json(s.to_json())
    assert again.auto_play and not again.show_points
