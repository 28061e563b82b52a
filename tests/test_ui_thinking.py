"""The computer players think a slice at a time (issue 23: no main-thread task over 200 ms).

The Expert's search yields between sampled deals (``ExpertPlayer._search_steps``); the table
runs it for a slice of the clock (``Table.think``) and the controller gives the page the main
thread back between slices (a ``Wait(0)``).  The same arithmetic in the same order: every
action is the one the player takes in one go, so the choice digests cannot change."""

from __future__ import annotations

import itertools

from test_ui_controller import controller, of, settle

DAILY = "#daily=2026-11-20"

from sheepshead.bots import make_player
from sheepshead.bots.seating import computer_choice, computer_choice_steps
from sheepshead.ui.events import Start, Tap, Wait
from sheepshead.ui.storage.settings import Settings
from sheepshead.ui.table.table import Table


def ticking(step: float = 1.0):
    """A clock that moves on ``step`` seconds each time it is read: every slice is one step."""
    counter = itertools.count()
    return lambda: next(counter) * step


def drained(steps) -> tuple[object, int]:
    yields = 0
    while True:
        try:
            next(steps)
            yields += 1
        except StopIteration as done:
            return done.value, yields


def test_the_search_in_steps_chooses_what_it_chooses_in_one_go():
    t = Table("daily:2026-11-20", Settings(), level="expert")
    checked = sliced = 0
    for _ in range(200):
        if t.game.is_over or checked >= 40:
            break
        if t.hand.is_over:
            t.next_hand()
            continue
        h = t.game.current
        if t.human_turn:
            t.act(h.legal_actions()[-1])
            continue
        args = (t.level, t.game.seed, t.game.hand_number, t.game.redeal, h.view(h.to_act),
                len(h.history))
        action, yields = drained(computer_choice_steps(*args))
        assert action == computer_choice(*args)
        checked += 1
        sliced += yields > 1
        t.step()
    assert checked == 40 and sliced > 10          # most Expert decisions take many slices


def test_every_level_chooses_alike_in_steps():
    t = Table("game:00000000000000c3", Settings())
    view = t.game.current.view(t.game.current.to_act)
    for level in ("easy", "standard", "expert", "random"):
        player = make_player(level, 7)
        assert drained(player.choose_steps(view))[0] == make_player(level, 7).choose(view)


def test_the_table_thinks_a_slice_at_a_time_and_steps_with_its_thought():
    sliced = Table("daily:2026-11-21", Settings(), level="expert")
    whole = Table("daily:2026-11-21", Settings(), level="expert")
    slices = 0
    for _ in range(120):
        if sliced.game.is_over:
            break
        if sliced.hand.is_over:
            sliced.next_hand()
            whole.next_hand()
        elif sliced.human_turn:
            action = sliced.hand.legal_actions()[0]
            sliced.act(action)
            whole.act(action)
        else:
            clock = ticking()
            while not sliced.think(clock, clock() + 0.5):
                slices += 1
            sliced.step()
            whole.step()
        assert sliced.game.to_json() == whole.game.to_json()
    assert slices > 20


def test_the_controller_gives_the_main_thread_back_between_slices():
    """A Daily (the Expert): with a clock that moves on, the computer players' turns come in
    slices (a Wait(0) between two); with one that stands still, each in one go; either way a
    computer player acts in a task of its own (one Wait(0) more); the same game."""
    games, slices, theirs = [], [], []
    for clock in (ticking(0.02), None):
        c = controller(clock=clock)
        seen = settle(c, c.handle(Start(DAILY)))
        taps = 0
        for _ in range(6):                        # a few of your decisions, and the answers
            if c.table.hand.is_over:
                break
            seen += settle(c, c.handle(Tap(act=str(c.table.hand.legal_actions()[0]))))
            taps += 1
        games.append(c.table.game.to_json())
        slices.append(sum(1 for w in of(seen, Wait) if w.seconds == 0))
        theirs.append(c.table.action_count() - taps)
    assert games[0] == games[1]
    assert slices[1] == theirs[1] > 0 and slices[0] > 10 + theirs[0]
