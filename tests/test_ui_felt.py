"""The middle of the felt (sheepshead/ui/table/felt.py): the blind, the bury's places, the trick.

Standard library, pytest and sheepshead only, so this file also runs inside Pyodide.
"""

from __future__ import annotations

import re

from sheepshead.position import Phase
from sheepshead.ui.look.wording import HUMAN, NAMES
from sheepshead.ui.storage.settings import Settings
from sheepshead.ui.table.render import UiState, render, ui_intent
from sheepshead.ui.table.table import Table


def _seed(you_pick: bool) -> str:
    """A New Game whose hand 1 is picked by you (the first to decide picks) or by another
    seat (you pass and a computer player picks)."""
    for i in range(400):
        seed = f"game:{i:016x}"
        table = Table(seed, Settings(speed="instant"), level="standard")
        while not table.human_turn and table.seat_view().phase is Phase.PICK:
            table.step()
        if table.seat_view().phase is not Phase.PICK:
            continue                                 # someone picked before you
        table.act("pick" if you_pick else "pass")
        while not table.human_turn and table.seat_view().phase is Phase.PICK:
            table.step()
        if you_pick or table.seat_view().picker not in (None, HUMAN):
            return seed
    raise LookupError(you_pick)


def _table(you_pick: bool) -> Table:
    table = Table(_seed(you_pick), Settings(speed="instant"), level="standard")
    while not table.human_turn and table.seat_view().phase is Phase.PICK:
        table.step()
    table.act("pick" if you_pick else "pass")
    return table


def _center(table: Table, ui: UiState) -> str:
    return render(table.view(), ui)["center"]


def _faces(html: str) -> list[str]:
    return re.findall(r'data-card="(\w+)"', html)


def test_the_blind_lies_face_down_before_anyone_picks():
    table = Table(_seed(True), Settings(speed="instant"), level="standard")
    while not table.human_turn:
        table.step()
    html = _center(table, UiState())
    assert 'aria-label="The blind"' in html and html.count("face-down card") == 2
    assert _faces(html) == []


def test_your_bury_fills_face_up_as_you_tap_and_shows_its_points():
    table = _table(True)
    v = table.seat_view()
    assert v.phase is Phase.BURY and v.picker == HUMAN
    ui = UiState()
    html = _center(table, ui)
    assert html.count('class="bslot"') == 2 and "Your bury: tap two cards" in html
    first, second = (str(c) for c in v.hand[:2])
    for card in (first, second):
        assert ui_intent(table, ui, f"select:{card}")
    html = _center(table, ui)
    assert _faces(html) == [first, second] and "bslot" not in html
    points = sum(c.points for c in v.hand[:2])
    assert f"Your bury: {points} point" in html
    assert "data-act" not in html and "data-ui" not in html       # nothing here acts
    table.act(f"bury {first} {second}")
    v = table.seat_view()
    assert v.phase is Phase.CALL
    html = _center(table, UiState())
    assert sorted(_faces(html)) == sorted(str(c) for c in v.bury or ())
    assert f"Your bury: {points} point" in html


def test_another_pickers_bury_is_two_backs_and_never_its_faces():
    table = _table(False)
    while table.seat_view().phase is Phase.PICK:
        table.step()
    seen_bury = seen_call = False
    while table.seat_view().phase in (Phase.BURY, Phase.CALL):
        v = table.seat_view()
        html = _center(table, UiState())
        name = NAMES[v.picker]
        assert html.count("face-down card") == 2 and _faces(html) == [], html
        assert f"{name}'s bury" in html
        seen_bury |= v.phase is Phase.BURY and f"{name} buries two cards" in html
        seen_call |= v.phase is Phase.CALL and f"{name} buried two cards" in html
        table.step()
    assert seen_bury and seen_call


def test_the_trick_takes_the_middle_once_the_play_begins():
    table = _table(True)
    v = table.seat_view()
    table.act(f"bury {v.hand[0]} {v.hand[1]}")
    table.act(str(next(a for a in table.seat_view().legal)))
    while not table.human_turn or table.seat_view().phase is not Phase.PLAY:
        table.step()
    html = _center(table, UiState())
    if table.seat_view().trick is None:                  # your lead: an empty middle
        assert html == ""
    else:
        assert 'aria-label="Current trick"' in html and "bury" not in html.lower()


def test_a_dailys_first_hand_names_who_you_play_against():
    daily = Table("daily:2026-12-02", Settings(speed="instant"), level="expert")
    html = _center(daily, UiState())
    assert ('<span class="note-who">Daily 2026-12-02: the same ten hands for everyone, against '
            'Gus, Bev, Lars and Dottie (Expert). </span>Your one scored try: a hint marks it '
            '“with hints”, and there is no Undo.') in html   # what Hint and Undo do to it, first
    assert "Today" not in html                        # an old Daily's link says its date
    assert 'class="blind noted"' in html
    again = Table("daily:2026-12-02", Settings(speed="instant"), level="expert", practice=True)
    assert "Practice: your result is locked." in _center(again, UiState())
    new_game = Table(_seed(True), Settings(speed="instant"), level="standard")
    assert "daily-note" not in _center(new_game, UiState())
    while not daily.hand.is_over:                    # hand 2 of the Daily: said once is enough
        if daily.human_turn:
            daily.act(daily.seat_view().legal[0])
        else:
            daily.step()
    daily.next_hand()
    assert daily.seat_view().phase is Phase.PICK
    assert "daily-note" not in _center(daily, UiState())
