"""The page controller without a browser (sheepshead/ui/page/controller.py): events in, effects out.

A whole hand by taps, the computer players' turns as waits, a double tap ignored while the
table is busy, a reload that resumes the game, draws that send only the regions that changed,
dialogs that take the focus when they open, and an error that ends the animation with a
notice.  The page itself is tested in Chromium (tests/test_table_*.py)."""

from __future__ import annotations

import datetime as dt

import pytest
from test_session import drive

from sheepshead.cards import display_order, parse_card
from sheepshead.errors import SheepsheadError
from sheepshead.ui.events import (
    Announce,
    Change,
    Draw,
    Failed,
    Focus,
    HashChange,
    Key,
    Look,
    Notice,
    ParWorked,
    SetHash,
    Share,
    Spawn,
    Start,
    StorageChange,
    Tap,
    Tick,
    Timer,
    Wait,
)
from sheepshead.ui.page.controller import BASE_MS, BURY_BUTTON, THINK_S, YOUR_TURN, Controller
from sheepshead.ui.page.session import NoticeLine
from sheepshead.ui.storage.saves import GAME_KEY, MemoryStorage

NOW = dt.datetime(2026, 12, 1, 16, 48)
GAME = "#game=00000000000000ab"
REDRAW = ParWorked(dt.date(2000, 1, 1), None)
"""A background job's report that changes nothing: the page redraws (unless busy)."""


def controller(storage=None, clock=None, motion=True) -> Controller:
    return Controller(storage if storage is not None else MemoryStorage(), lambda: NOW,
                      clock=clock or (lambda: 0.0), motion=lambda: motion,
                      href=lambda: "https://example.org/sheepshead/")


def of(effects, kind) -> list:
    return [e for e in effects if isinstance(e, kind)]


def marks(effects) -> dict[str, str | None]:
    """The ``<body>`` marks of the last draw in ``effects``."""
    draw = of(effects, Draw)[-1]
    return {name[5:]: value for sel, name, value in draw.attrs if sel == "body"}


def settle(c: Controller, effects) -> list:
    """Let every wait run out at once (the binding's timers), until the table is idle;
    all the effects on the way."""
    seen = list(effects)
    for _ in range(2000):
        waits = of(effects, Wait)
        if not waits:
            return seen
        after = effects[next(i for i, e in enumerate(effects) if e is waits[0]) + 1:]
        # one timer at a time, last but for the background jobs started once the event is done
        assert len(waits) == 1 and all(isinstance(e, Spawn) for e in after)
        effects = c.handle(waits[0].then)
        seen += effects
    raise AssertionError("the computer players never stopped")


def background(c: Controller, effects) -> list:
    """Run the background jobs among ``effects`` to their end, as the binding does (driven
    by hand: they only await ``asyncio.sleep(0)``, and Pyodide under Node.js has no
    ``asyncio.run``), handing the controller each event a job sends; the effects of those."""
    seen: list = []
    for spawn in of(effects, Spawn):
        drive(spawn.job(lambda found: seen.extend(c.handle(found))))
    return seen


def start(fragment: str = GAME, storage=None, speed: str = "instant", **kw) -> Controller:
    c = controller(storage, **kw)
    settle(c, c.handle(Start(fragment)))
    if speed != "instant":
        c.handle(Change("speed", speed))
    else:
        c.handle(Change("speed", "instant"))
    return c


def test_start_draws_every_region_sets_the_hash_and_the_look():
    c = controller()
    effects = c.handle(Start(GAME))
    draw = of(effects, Draw)[0]
    regions = dict(draw.regions)
    assert {"info", "center", "hand", "actions", "panel", "notice"} <= set(regions)
    assert of(effects, SetHash) == [SetHash(GAME)]
    assert of(effects, Look)[0].classes == (("four-colour", False), ("reduced-motion", False))
    settle(c, effects)
    assert c.table.human_turn and not c.busy
    assert draw.title == "Sheepshead · New Game · hand 1 of 10"


def test_a_whole_hand_by_taps():
    c = start()
    taps = 0
    while not c.table.hand.is_over:
        assert c.table.human_turn and not c.busy
        action = c.table.seat_view().legal[0]
        effects = settle(c, c.handle(Tap(act=str(action))))
        taps += 1
        assert marks(effects)["busy"] == "0"
        assert of(effects, Announce)
        if c.table.human_turn:                     # the keyboard's focus, if it was lost
            assert effects[-1] == Focus(YOUR_TURN, if_lost=True)
    assert taps >= 6
    last = c.handle(REDRAW)
    assert marks(last)["phase"] == "over"
    # The summary is the dialog now; the next hand is a tap away and starts the table again.
    assert c.panel == "summary"
    effects = settle(c, c.handle(Tap(ui="next")))
    assert marks(effects)["hand"] == "2" and c.panel is None


def test_the_last_trick_stays_on_the_felt_before_the_summary_and_next_answers_the_first_tap():
    c = start()                                    # instant: to your last card
    while not (c.table.human_turn and len(c.table.seat_view().hand) == 1):
        if c.table.hand.is_over:                   # a hand thrown in: the next one
            settle(c, c.handle(Tap(ui="next")))
        else:
            settle(c, c.handle(Tap(act=str(c.table.seat_view().legal[0]))))
    c.handle(Change("speed", "normal"))
    effects = c.handle(Tap(act=str(c.table.seat_view().legal[0])))
    held = None
    for _ in range(50):                            # card by card to the end of the hand
        waits = of(effects, Wait)
        if not waits:
            break
        if waits[0].seconds == BASE_MS["last"] / 1000:
            held = effects
        effects = c.handle(waits[0].then)
    assert held is not None, "no pause on the last trick"
    draw = of(held, Draw)[-1]
    regions = dict(draw.regions)
    assert "takes the trick" in regions["status"] and "points" in regions["status"]
    assert regions.get("panel", "") == "" and marks(held)["busy"] == "1"   # no summary yet
    assert c.table.hand.is_over and not c.busy and c.panel == "summary"   # then it opens
    effects = settle(c, c.handle(Tap(ui="next")))                        # the first tap
    assert marks(effects)["hand"] == str(c.table.game.hand_number) and c.panel is None
    assert c.table.game.hand_number >= 2


def test_a_computer_turn_waits_between_steps_at_the_speed_set():
    ticks = iter(x * 0.25 for x in range(100_000))
    c = start(speed="normal", clock=lambda: next(ticks))
    effects = c.handle(Tap(act="pass"))
    assert c.busy and marks(effects)["busy"] == "1"
    assert of(effects, Announce)[0].text == "You pass."
    assert effects[-1] == Wait(BASE_MS["other"] / 1000, Timer(c.generation))
    effects = c.handle(effects[-1].then)           # "Gus to play…" while Gus thinks
    assert effects[-1] == Wait(THINK_S, Timer(c.generation))
    effects = c.handle(effects[-1].then)           # Gus has thought it out (one slice)
    assert effects[-1] == Wait(0, Timer(c.generation))
    assert c.table.computer_turn and c.table.action_count() == 1
    effects = c.handle(effects[-1].then)           # Gus acts, in a task of its own: its
    wait = effects[-1]                             # thinking counts
    assert isinstance(wait, Wait)
    assert abs(wait.seconds - (BASE_MS["other"] / 1000 - 0.25)) < 1e-9
    settle(c, effects)
    assert not c.busy


def test_a_double_tap_is_ignored_while_busy_and_an_old_timer_too():
    c = start(speed="normal")
    effects = c.handle(Tap(act="pass"))
    seq = c.table.action_count()
    assert c.busy
    assert c.handle(Tap(act="pass")) == []        # the second tap of a double tap
    assert c.handle(Tap(ui="hint")) == []
    assert c.table.action_count() == seq
    timer = effects[-1].then
    settle(c, c.handle(Tap(ui="daily")))           # another game: the old timers are void
    assert c.generation != timer.generation
    assert c.handle(timer) == []


def test_a_reload_resumes_the_saved_game():
    storage = MemoryStorage()
    c = start(storage=storage)
    for _ in range(2):
        settle(c, c.handle(Tap(act=str(c.table.seat_view().legal[0]))))
    seq = c.table.action_count()
    assert storage.get(GAME_KEY) is not None
    again = controller(storage)
    effects = settle(again, again.handle(Start(GAME)))
    assert again.table.action_count() == seq
    assert marks(effects)["seq"] == str(seq)


def test_a_draw_sends_only_what_changed_and_a_dialog_takes_the_focus():
    c = start()
    effects = c.handle(Tap(ui="menu"))
    regions = dict(of(effects, Draw)[0].regions)
    assert set(regions) == {"panel"}
    assert 'id="panel-notices"' in regions["panel"]
    assert Focus(("#panel h2",)) in effects
    assert marks(effects)["panel"] == "1"
    assert c.handle(Tick("2026-12-01")) and not dict(of(c.handle(REDRAW), Draw)[0].regions)
    effects = c.handle(Key("Escape"))
    assert dict(of(effects, Draw)[0].regions)["panel"] == "" and Focus(("#panel h2",)) not in effects
    assert c.handle(Tick("2026-12-01")) == []      # no dialog open: nothing to draw


def test_the_menu_reads_the_date_and_your_dailies_from_the_page_at_each_drawing():
    """Issue 38: the interface keeps no copy of the date, the statistics or the game waiting
    (they went stale: a copy made when the menu opened); each drawing works them out."""
    now = [NOW]
    c = Controller(MemoryStorage(), lambda: now[0], clock=lambda: 0.0,
                   href=lambda: "https://example.org/sheepshead/")
    settle(c, c.handle(Start(GAME)))
    menu = dict(of(c.handle(Tap(ui="menu")), Draw)[0].regions)["panel"]
    assert "Daily 2026-12-01" in menu
    now[0] = NOW + dt.timedelta(days=1)                # midnight passes, the menu open
    again = dict(of(c.handle(Tick("2026-12-02")), Draw)[0].regions)["panel"]
    assert "Daily 2026-12-02" in again and "Daily 2026-12-01" not in again
    assert not {"today", "stats", "waiting"} & set(vars(c.ui))


def test_a_refused_setting_draws_the_panel_again_with_a_notice():
    c = start()
    c.handle(Tap(ui="menu"))
    effects = c.handle(Change("speed", "warp"))
    regions = dict(of(effects, Draw)[0].regions)
    assert "panel" in regions and "speed must be one of" in regions["notice"]
    attrs = {(s, n): v for s, n, v in of(effects, Draw)[0].attrs}
    assert attrs[("#notice", "class")] == "notice shown quiet"
    effects = c.handle(Tap(ui="dismiss"))
    assert dict(of(effects, Draw)[0].regions)["notice"] == ""


def test_an_error_ends_the_animation_with_a_notice():
    c = start(speed="normal")
    c.handle(Tap(act="pass"))
    assert c.busy
    effects = c.handle(Failed(RuntimeError("boom")))
    assert not c.busy and marks(effects)["busy"] == "0"
    assert "Something went wrong (RuntimeError: boom)" in dict(of(effects, Draw)[0].regions)["notice"]


def test_share_hash_change_and_another_tab():
    storage = MemoryStorage()
    c = start(storage=storage)
    line = of(c.handle(Tap(ui="share")), Share)[0].line
    assert "https://example.org/sheepshead/" in line
    assert c.handle(HashChange(GAME)) == []        # the game on the table already
    effects = settle(c, c.handle(HashChange("#daily=2026-12-01")))
    assert marks(effects)["daily"] == "2026-12-01"
    settle(c, c.handle(Tap(act=str(c.table.seat_view().legal[0]))))
    key = c.session.key
    other = controller(storage)                    # another tab plays on
    settle(other, other.handle(Start("#daily=2026-12-01")))
    settle(other, other.handle(Tap(act=str(other.table.seat_view().legal[0]))))
    effects = c.handle(StorageChange(key, storage.get(key)))
    assert marks(effects)["stale"] == "1" and "Reload" in dict(of(effects, Draw)[0].regions)["notice"]


def test_auto_play_plays_your_only_card_after_a_beat():
    c = start()
    c.handle(Change("auto_play", True))
    taps = 0
    while not c.table.hand.is_over:
        assert c.table.human_turn and not c.busy and c.table.forced_play() is None
        settle(c, c.handle(Tap(act=str(c.table.seat_view().legal[0]))))
        taps += 1
    yours = sum(1 for p in c.table.seat_view().history if p.seat == 0)
    assert taps < yours                            # the last card at least went by itself


def test_every_tap_is_routed_in_one_place():
    c = start()
    with pytest.raises(SheepsheadError, match="no-such-thing"):
        c.handle(Tap(ui="no-such-thing"))          # a name with no handler: refused loudly
    assert c.handle(Tap(ui="viewer-hand:1")) == []   # the viewer's, with no link open: nothing
    assert c.handle(Tap()) == []
    settle(c, c.handle(Tap(act="pass")))
    effects = c.handle(Tap(ui="new"))              # a New Game in progress: asked first
    assert marks(effects)["overlay"] == "confirm" and Focus(("#panel h2",)) in effects
    effects = c.handle(Key("Escape"))              # no
    assert marks(effects)["overlay"] == "" and c.session.question is None
    settle(c, c.handle(Tap(ui="daily")))
    assert c.table.seed == "daily:2026-12-01"
    assert marks(c.handle(Tap(ui="new")))["overlay"] == "confirm"   # the saved one waits
    effects = settle(c, c.handle(Tap(ui="confirm-yes")))
    assert c.table.seed.startswith("game:") and c.table.action_count() == 0
    assert of(effects, SetHash) == [SetHash("#game=" + c.table.seed[5:])]


def test_one_notices_list_for_the_session_and_the_page():
    c = Controller(None, lambda: NOW)              # storage denied: kept in memory, said once
    effects = settle(c, c.handle(Start("#daily=2030-01-01")))   # a future Daily: today's
    notice = dict(of(effects, Draw)[0].regions)["notice"]
    assert "not keeping the game" in notice and "2030" not in c.table.seed
    assert len(c.notices) == 2 and [n.quiet for n in c.session.notices] == [True, False]
    attrs = {(s, n): v for s, n, v in of(effects, Draw)[0].attrs}
    assert attrs[("#notice", "class")] == "notice shown"    # not all of them quiet
    c.handle(Tap(ui="dismiss"))
    assert c.notices == [] and c.session.notices == []
    settle(c, c.handle(Tap(ui="tutorial")))                 # another table, the same list
    c.handle(Notice("Copied.", quiet=True))
    assert c.session.notices == [NoticeLine("Copied.", quiet=True)]


def test_the_menu_always_offers_the_way_back_to_a_new_game_in_progress():
    storage = MemoryStorage()
    c = start(GAME, storage)
    settle(c, c.handle(Tap(act=str(c.table.seat_view().legal[0]))))     # in progress now
    game = c.table.seed
    settle(c, c.handle(Tap(ui="daily")))
    assert c.table.seed.startswith("daily:")
    menu = dict(of(c.handle(Tap(ui="menu")), Draw)[-1].regions)["panel"]
    assert 'data-ui="resume"' in menu and "At hand 1 of 10, your total" in menu
    settle(c, c.handle(Tap(ui="resume")))
    assert c.table.seed == game and c.panel is None
    menu = dict(of(c.handle(Tap(ui="menu")), Draw)[-1].regions)["panel"]
    assert 'data-ui="resume"' not in menu                      # it is on the table
    # From the Daily, New Game asks first; "Keep playing it" goes back to that game.
    settle(c, c.handle(Tap(ui="close")))
    settle(c, c.handle(Tap(ui="daily")))
    settle(c, c.handle(Tap(ui="new")))
    assert c.table.seed.startswith("daily:") and c.session.question is not None
    settle(c, c.handle(Tap(ui="confirm-no")))
    assert c.table.seed == game and c.session.question is None
    assert len(c.table.game.current.history) >= 1              # as it was left


def test_keyboard_play_digits_for_cards_letters_for_decisions():
    c = start()
    assert c.table.seat_view().phase.name == "PICK" and c.table.human_turn
    c.handle(Key("x"))                                   # not a key of the game: nothing
    background(c, c.handle(Key("h")))                   # hint
    assert c.ui.hint is not None and c.ui.hint.startswith("The Expert would ")
    settle(c, c.handle(Key("P")))                        # pick up
    v = c.table.seat_view()
    assert v.phase.name == "BURY" and len(v.hand) == 8
    cards = [str(x) for x in display_order(v.hand)]
    c.handle(Key("1"))
    c.handle(Key("8"))
    assert c.ui.selected == [cards[0], cards[7]]        # chosen to bury, as taps would
    c.handle(Key("1"))
    assert c.ui.selected == [cards[7]]                  # a second press un-chooses
    c.handle(Key("9"))                                   # no ninth card: nothing
    assert c.ui.selected == [cards[7]]
    c.handle(Tap(ui="menu"))
    c.handle(Key("2"))                                   # a dialog is open: nothing
    assert c.ui.selected == [cards[7]]
    c.handle(Tap(ui="close"))
    c.handle(Key("b"))                                   # B with one card chosen: nothing
    assert c.table.seat_view().phase.name == "BURY" and c.ui.selected == [cards[7]]
    chosen = c.handle(Key("1"))                          # the second: the focus goes to
    assert Focus(BURY_BUTTON) in chosen                  # "Bury these two" (next: Enter)
    settle(c, c.handle(Key("B")))                        # B buries the two chosen
    assert c.table.seat_view().phase.name != "BURY"
    assert set(c.table.seat_view().bury or ()) == {parse_card(cards[0]), parse_card(cards[7])}
    if c.table.seat_view().phase.name == "CALL":
        settle(c, c.handle(Tap(act="alone")))
    while not (c.table.human_turn and c.table.seat_view().phase.name == "PLAY"):
        settle(c, c.handle(Tap(act=str(c.table.seat_view().legal[0]))))
    v = c.table.seat_view()
    hand = [str(x) for x in display_order(v.hand)]
    legal = {str(a.card) for a in v.legal}
    for i, card in enumerate(hand, 1):
        if card not in legal:                           # an illegal card: its reason
            c.handle(Key(str(i)))
            assert c.ui.refusal and c.table.seat_view().hand == v.hand
            break
    i = next(i for i, card in enumerate(hand, 1) if card in legal)
    settle(c, c.handle(Key(str(i))))
    assert len(c.table.seat_view().hand) == len(v.hand) - 1     # played


def test_a_finished_daily_spawns_its_par_unless_the_page_says_par_off():
    """The page's ``window.sheepsheadPar = 'off'`` (set by the browser tests that do not look
    at the par) reaches the controller as ``par=False``: no job is spawned for it."""
    from dataclasses import replace

    from daily_helpers import played_table

    from sheepshead.ui.events import Spawn
    from sheepshead.ui.storage.saves import GameSave

    spawned = {}
    for par in (True, False):
        storage = MemoryStorage()
        save = GameSave.of(played_table(NOW.date(), "easy").game, "easy")
        storage.set(save.key, replace(save, revision=1, tab="elsewhere").to_text())
        c = Controller(storage, lambda: NOW, clock=lambda: 0.0, href=lambda: "https://example.org/",
                       par=par)
        spawned[par] = len(of(c.handle(Start("#daily=2026-12-01")), Spawn))
    assert spawned[True] >= 1 and spawned[False] == 0  # the par's job (asked per draw; it
                                                       # runs once: par_wanted is None once under way)


def test_a_hint_is_thought_out_in_the_background_and_shown_only_where_it_was_asked():
    c = start()
    t = c.table
    expected = t.hint()                               # the same hint, in one go
    t.hints = False
    effects = c.handle(Tap(ui="hint"))
    assert t.hints and len(of(effects, Spawn)) == 1   # asking marks the game at once
    status = dict(of(effects, Draw)[-1].regions)["status"]      # in the instruction's place
    assert 'id="hint-wait"' in status and 'id="hint-line"' not in status
    assert of(c.handle(Tap(ui="hint")), Spawn) == []  # asked again while it thinks: nothing
    shown = background(c, effects)
    assert expected is not None and c.ui.hinted == str(expected.action)
    assert [a.text for a in of(shown, Announce)] == [c.ui.hint]
    status = dict(of(shown, Draw)[-1].regions)["status"]
    assert 'id="hint-line"' in status and 'id="hint-wait"' not in status
    again = c.handle(Tap(ui="hint"))                  # asked again: said again, not thought
    assert of(again, Spawn) == [] and [a.text for a in of(again, Announce)] == [c.ui.hint]
    # Asked, then a decision made before it is thought out: it is never shown.
    c = start()
    effects = c.handle(Tap(ui="hint"))
    settle(c, c.handle(Tap(act="pass")))
    seq = c.table.action_count()
    background(c, effects)
    assert c.ui.hint is None and c.table.action_count() == seq


def test_the_first_hint_of_a_scored_daily_says_what_it_costs_and_the_second_gives_it():
    """Issue 40, item 4: one tap on Hint used to mark the whole Daily "with hints" for good;
    now the first says so (and marks nothing), the second asks the Expert."""
    from sheepshead.ui.events import Spawn
    from sheepshead.ui.help.helptext import HINT_WARNING

    c = start("#daily=2026-12-01")
    t = c.table
    assert not t.hints and not t.practice
    effects = c.handle(Tap(ui="hint"))
    assert not t.hints and of(effects, Spawn) == []             # nothing marked, no hint
    assert [a.text for a in of(effects, Announce)] == [HINT_WARNING]
    assert 'id="hint-warn"' in dict(of(effects, Draw)[-1].regions)["status"]
    effects = c.handle(Tap(ui="hint"))
    assert t.hints and len(of(effects, Spawn)) == 1              # asked again: the hint
    # A New Game's hint is asked at once, as before.
    n = start()
    assert len(of(n.handle(Tap(ui="hint")), Spawn)) == 1


def test_a_word_explained_stays_with_its_dialog_not_the_next_game_or_link():
    """Issue 40, item 10: a glossary line shown under the practice hand's summary carried
    over into the Daily's first deal and onto a friend's result page."""
    from sheepshead.ui.help.glossary import GLOSSARY

    c = start()
    word, other = next(iter(GLOSSARY.values())), "Something else happened."
    c.session.notices[:] = [NoticeLine(word, quiet=True), NoticeLine(other)]
    c.handle(Tap(ui="daily"))
    assert word not in c.notices and other in c.notices
