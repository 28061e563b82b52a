"""The card table's interface logic without a browser: sheepshead/ui/ (the controller, settings,
links, wording, the animation queue) and render.py.

Standard library, pytest and sheepshead only, so this file also runs inside Pyodide.
"""

from __future__ import annotations

import datetime
import json
import re

import pytest
from save_helpers import reloaded, save_text

from sheepshead import Card, HandState, Kind, SheepsheadError
from sheepshead.cards import display_order
from sheepshead.rules import DEFAULT_RULES
from sheepshead.scoring import HandResult
from sheepshead.state import Phase
from sheepshead.ui.help.tutorial import PRACTICE_LEVEL, PRACTICE_SEED
from sheepshead.ui.look.chart import totals_chart
from sheepshead.ui.look.wording import HUMAN, announce, hand_outcome
from sheepshead.ui.page.links import hash_of, parse_link
from sheepshead.ui.storage.saves import read_save
from sheepshead.ui.storage.settings import Settings
from sheepshead.ui.table.animation import diff
from sheepshead.ui.table.render import Facts, UiState, render, ui_intent
from sheepshead.ui.table.table import Table

TODAY = datetime.date(2026, 11, 30)


def play_hand(table: Table, choose=lambda v: v.legal[0]) -> None:
    """Play the current hand to its end, the human taking ``choose(view)``."""
    while not table.hand.is_over:
        if table.human_turn:
            assert table.act(choose(table.seat_view())) is not None
        else:
            assert table.step() is not None


def first_seed(kind: str) -> tuple[str, str, str]:
    for i in range(5000):
        seed = f"game:{i:016x}"
        h = HandState.from_seed(seed, 1)
        h.apply("pick")
        for bury in h.legal_actions():
            h2 = h.clone()
            h2.apply(bury)
            for call in h2.legal_actions():
                if kind == "unknown" and call.unknown is not None:
                    return seed, str(bury), str(call)
    raise LookupError(kind)


# ------------------------------------------------------------------ links
def test_parse_link():
    assert parse_link("", TODAY) == (None, DEFAULT_RULES, None)
    assert parse_link("#", TODAY) == (None, DEFAULT_RULES, None)
    assert parse_link("#daily=2026-11-30", TODAY) == ("daily:2026-11-30", DEFAULT_RULES, None)
    assert parse_link("#game=0123456789ABCDEF", TODAY) == ("game:0123456789abcdef", DEFAULT_RULES, None)
    for bad in ("#daily=2026-13-45", "#daily=yesterday", "#game=123", "#game=0123456789abcdeg",
                "#foo", "#daily=2026-02-30"):
        seed, _, message = parse_link(bad, TODAY)
        assert seed == "daily:2026-11-30"
        assert message and "today's Daily" in message
    assert hash_of("daily:2026-11-30") == "#daily=2026-11-30"
    assert hash_of("game:0123456789abcdef") == "#game=0123456789abcdef"


# ------------------------------------------------------------- the table
def test_the_human_acts_only_in_turn_and_legally():
    t = Table("daily:2026-11-30")
    assert t.human_turn and t.seat_view().phase == Phase.PICK
    assert t.step() is None                         # not a computer's turn
    assert t.act("play QC") is None                 # illegal: nothing changes
    assert t.act("nonsense words") is None
    assert t.action_count() == 0
    event = t.act("pass")
    assert event is not None and (event.seat, event.action) == (HUMAN, "pass")
    assert t.act("pass") is None                    # a double tap does nothing
    assert t.action_count() == 1
    assert t.computer_turn
    assert t.step().seat == 1


def test_computer_choices_are_deterministic_from_the_position():
    a, b = Table("game:00000000000000aa"), Table("game:00000000000000aa")
    for t in (a, b):
        t.act("pass")
        while t.computer_turn:
            t.step()
        play_hand(t)
    assert a.game.to_json() == b.game.to_json()
    # A reloaded table continues exactly as the live one does.
    c = reloaded(a)
    a.next_hand()
    c.next_hand()
    play_hand(a)
    play_hand(c)
    assert a.game.to_json() == c.game.to_json()


def test_a_whole_game_scores_to_zero_and_has_a_winner():
    t = Table("daily:2026-11-30", Settings(level="easy"), level="easy")
    for n in range(1, 11):
        play_hand(t)
        summary = t.hand_summary()
        assert summary.number == n and sum(summary.scores) == 0
        if n < 10:                                        # the summary closed: what happened
            status = render(t.view(), UiState(summary_closed_for=n))["status"]
            mine = summary.scores[0]
            assert status == f"Hand {n} over: you {'+' if mine > 0 else ''}{mine}.", status
        if not summary.leaster:
            assert sum(summary.side_points) == 120
            assert len(summary.bury) == 2
        if n < 10:
            assert t.next_hand()
    assert not t.next_hand()
    sheet = t.score_sheet()
    assert len(sheet.rows) == 10 and sum(sheet.totals) == 0 and sheet.game_over
    assert sheet.winners and all(sheet.totals[w] == max(sheet.totals) for w in sheet.winners)
    view = t.view()
    assert view.game_over and view.winners == sheet.winners
    html = render(view, UiState())
    assert "Game over" in html["panel"] and "Score sheet" in html["panel"]
    closed = render(view, UiState(summary_closed_for=10))    # never a dead table
    assert closed["panel"] == ""
    assert re.fullmatch(r"Game over: you finished (tied )?[1-5](st|nd|rd|th) of 5, "
                        r"([+-][0-9]+|0)\.", closed["status"]), closed["status"]
    assert 'data-ui="new"' in closed["actions"] and 'data-ui="results"' in closed["actions"]


def test_save_and_load_round_trip():
    t = Table("daily:2026-11-30", Settings(speed="fast", four_colour=True, level="easy"),
              level="easy")
    t.act("pick")
    t.hints = True
    data = json.loads(save_text(t))
    assert data["format"] == "sheepshead-save/1" and data["revision"] == 1
    assert data["level"] == "easy" and data["hints"] is True and data["practice"] is False
    assert data["game"]["hands"] == [["pick"]]
    u = reloaded(t)
    assert u.level == "easy" and u.hints and not u.practice
    assert u.game.to_json() == t.game.to_json() and u.seat_view() == t.seat_view()


_GAME = '"game": {"format": "sheepshead-game/1", '
_SAVE = '{"format": "sheepshead-save/1", "revision": 1, "tab": "", "level": "easy", ' \
        '"practice": false, "hints": false, '


@pytest.mark.parametrize("text", [
    "", "garbage", "null", "[]", "{}", '{"format": "other"}',
    '{"format": "sheepshead-save/2", "game": {}}',
    _SAVE + '"game": null}',
    _SAVE + _GAME + '"seed": "daily:2026-11-30", "hands": [["play QC"]]}}',
    _SAVE + _GAME + '"seed": "nope", "hands": [[]]}}',
    _SAVE + _GAME + '"seed": "daily:2026-11-30", "hands": [["pass"], []]}}',
    _SAVE.replace('"easy"', '"grandmaster"') + _GAME + '"seed": "daily:2026-11-30", "hands": [[]]}}',
    _SAVE.replace('"revision": 1', '"revision": 0') + _GAME + '"seed": "daily:2026-11-30", "hands": [[]]}}',
    _SAVE.replace('"practice": false', '"practice": true') + _GAME +
    '"seed": "game:00000000000000ab", "hands": [[]]}}',
])
def test_corrupt_or_foreign_saves_raise_sheepshead_error(text):
    read_save(_SAVE + _GAME + '"seed": "daily:2026-11-30", "hands": [["pass"]]}}')  # the shape
    with pytest.raises(SheepsheadError):
        read_save(text)


def test_unknown_saved_settings_keep_their_defaults():
    settings = Settings.from_json({"speed": "warp", "level": "expert", "sparkles": True})
    assert settings == Settings(level="expert")


@pytest.mark.parametrize("settings", [
    {"speed": [[None]]}, {"speed": {}}, {"level": []}, {"level": {"expert": 1}},
    {"rules": [1]}, {"rules": {"partner": {}}}, {"rules": {"players": [3]}}, [], None, "x",
])
def test_saved_settings_of_a_foreign_shape_keep_their_defaults(settings):
    assert Settings.from_json(settings) == Settings()


@pytest.mark.parametrize("key, value", [("speed", []), ("level", {}), ("rules", "p3"),
                                        ("rules", {"players": {}}), ("rules", {1: 2})])
def test_a_setting_of_the_wrong_shape_is_refused_with_a_reason(key, value):
    with pytest.raises(SheepsheadError, match=key.removesuffix("s")):
        Settings().set(key, value)


def test_a_save_too_deeply_nested_is_refused_before_parsing():
    # Parsed, this would overflow Pyodide's WebAssembly stack (a fatal error no except
    # catches): the nesting is counted on the text first.
    for text in ("[" * 100_000 + "]" * 100_000, "[" * 40 + "]" * 40,
                 '{"format": "sheepshead-save/1", "x": ' + "[" * 99 + "]" * 99 + "}"):
        with pytest.raises(SheepsheadError, match="nested deeper than 32"):
            read_save(text)
    with pytest.raises(SheepsheadError, match="not JSON"):
        read_save(None)  # type: ignore[arg-type]
    with pytest.raises(SheepsheadError, match="not JSON"):
        read_save('{"format": "sheepshead-save/1", ')


def test_settings_are_checked():
    s = Settings()
    s.set("level", "expert")
    s.set("reduced_motion", True)
    for key, value in (("level", "godlike"), ("speed", 3), ("four_colour", "yes"), ("x", 1)):
        with pytest.raises(SheepsheadError):
            s.set(key, value)


# -------------------------------------------------------------- animation
def test_diff_queues_each_action_and_each_finished_trick():
    t = Table("daily:2026-11-30")
    t.act("pass")
    moves_seen = []
    while not t.hand.is_over:
        before = t.seat_view()
        if t.human_turn:
            t.act(before.legal[0])
        else:
            t.step()
        moves = diff(before, t.seat_view())
        assert 1 <= len(moves) <= 2
        moves_seen += moves
    plays = [m for m in moves_seen if m.kind == "play"]
    tricks = [m for m in moves_seen if m.kind == "trick"]
    assert len(plays) == 30 and len(tricks) == 6
    result = t.seat_view().result
    assert [m.seat for m in tricks] == [tr.winner for tr in result.tricks]
    for m in plays:
        assert m.trick.cards[-1] is m.card or m.card is None
        assert m.text.endswith(".")


def said(seat, kind, *cards):
    """A public action as a seat saw it (None for a hidden card)."""
    from sheepshead.view import PublicAction
    cards = tuple(None if c is None else Card(c) for c in cards)
    return PublicAction(seat, Kind(kind), cards, None)


def test_announcements():
    assert announce(said(1, "play", "QC")) == "Gus plays the Queen of clubs."
    assert announce(said(0, "pass")) == "You pass."
    assert announce(said(2, "pick")) == "Bev picks up the blind."
    assert announce(said(3, "call", "AH")) == "Lars calls the Ace of hearts."
    assert announce(said(3, "call", "AH", None)) == (
        "Lars calls the Ace of hearts, with an unknown card set aside.")
    assert announce(said(4, "play", None)) == "Dottie plays the unknown card, face down."
    assert announce(said(2, "bury", None, None)) == "Bev buries two cards."


# ------------------------------------------------------------------ share
# ------------------------------------------------------------------ render
def test_render_draws_the_engines_view():
    t = Table("daily:2026-11-30")
    html = render(t.view(), UiState())
    hand = display_order(HandState.from_seed("daily:2026-11-30", 1).hand_of(0))
    positions = [html["hand"].index(f'data-card="{c}"') for c in hand]
    assert positions == sorted(positions)
    assert all(f'aria-label="{c.name}"' in html["hand"] for c in hand)
    assert html["hand"].count("disabled") == 6                  # not playing yet
    assert 'data-act="pick"' in html["actions"] and 'data-act="pass"' in html["actions"]
    assert html["center"].count('aria-label="face-down card"') == 2
    assert "Dealer" in html["seat-4"]
    assert render(t.view(), UiState(), busy=True)["actions"] == ""


def test_bury_selection_and_the_unknown_call_flow():
    seed, bury, call = first_seed("unknown")
    t = Table(seed)
    ui = UiState()
    t.act("pick")
    a, b = bury.split()[1:]
    assert ui_intent(t, ui, f"select:{a}") and ui_intent(t, ui, f"select:{b}")
    html = render(t.view(), ui)
    assert f'data-act="bury {a} {b}"' in html["actions"]
    assert html["hand"].count('aria-pressed="true"') == 2
    assert ui_intent(t, ui, f"select:{a}")                      # untap
    assert "disabled" in render(t.view(), ui)["actions"]
    ui_intent(t, ui, f"select:{a}")
    t.act(f"bury {a} {b}")
    ui.reset_turn()
    words = call.split()
    ace, unknown = words[1], words[3]
    html = render(t.view(), ui)
    assert f'data-ui="unknown:{ace}"' in html["actions"]
    assert 'data-act="alone"' in html["actions"]
    assert ui_intent(t, ui, f"unknown:{ace}")
    html = render(t.view(), ui)
    assert f'data-act="call {ace} unknown {unknown}"' in html["hand"]
    assert "set aside" in html["status"]
    assert t.act(f"call {ace} unknown {unknown}") is not None
    html = render(t.view(), UiState())
    assert "unknown card" in html["hand"] and "(unknown card)" in html["chips"]


def test_play_phase_highlights_only_legal_cards():
    t = Table("daily:2026-11-30")
    t.act("pass")
    while not t.human_turn and not t.hand.is_over:
        t.step()
    v = t.seat_view()
    if v.phase != Phase.PLAY:
        pytest.skip("the deal did not reach your play")
    html = render(t.view(), UiState())["hand"]
    legal = {str(a.card) for a in v.legal}
    for c in v.hand:
        assert (f'data-act="play {c}"' in html) == (str(c) in legal)
    assert html.count(" legal") == len(legal)


# ---------------------------------------------------------------- colours
def test_text_colours_on_the_table_meet_4_5_to_1():
    import re
    from pathlib import Path

    from wcag import contrast_ratio

    css = (Path(__file__).resolve().parents[1] / "static" / "style.css").read_text(encoding="utf-8")
    root = css[css.index(":root"):css.index("}", css.index(":root"))]
    colour = dict(re.findall(r"--([a-z-]+):\s*(#[0-9a-fA-F]{6})", root))
    for background in ("felt", "felt-dark", "felt-mid", "felt-in", "box"):
        assert contrast_ratio(colour["text"], colour[background]) >= 4.5, background
    assert contrast_ratio(colour["gold"], colour["box"]) >= 4.5
    assert contrast_ratio(colour["ink"], colour["gold"]) >= 4.5      # primary buttons, badges
    assert contrast_ratio(colour["felt-dark"], colour["text"]) >= 4.5  # other buttons
    assert contrast_ratio(colour["ink"], colour["paper"]) >= 4.5      # dialogs, chips


def test_play_hint_explains_unavailable_cards_in_the_second_person():
    from sheepshead.cards import Suit
    from sheepshead.refusals import Reason, Refusal

    follow = Refusal(Reason.MUST_FOLLOW, 0, suit=Suit.TRUMP)
    assert str(follow) == "seat 0 must follow trump"
    assert follow.text(you=True) == "You must follow trump."
    keep = Refusal(Reason.KEEP_CALLED, 0, Card("AH"))
    assert str(keep) == "seat 0 may not throw off the called AH"
    assert keep.text(you=True) == "You may not throw off the called Ace of hearts."
    hold = Refusal(Reason.KEEP_HOLD_CARD, 0, Card("AH"), Suit.HEARTS)
    assert str(hold) == ("seat 0 must keep the last hearts card until hearts is led "
                         "(it holds the call of AH)")
    assert hold.text(you=True) == ("You must keep the last hearts card until hearts is led "
                                   "(you hold the call of Ace of hearts).")
    for i in range(40):
        t = Table(f"game:{i:016x}")
        t.act("pass")
        while not t.hand.is_over:
            if t.human_turn:
                v = t.seat_view()
                unplayable = [c for c in v.hand if f"play {c}" not in {str(a) for a in v.legal}]
                hint = t.view().hint
                assert (hint is not None) == bool(unplayable)
                if hint:
                    assert hint.startswith("You ") and "seat" not in hint
                    assert hint in render(t.view(), UiState())["status"]
                t.act(v.legal[0])
            else:
                t.step()


# ------------------------------------------------------------------ words at the table
@pytest.mark.parametrize("picker, partner, alone, side, expected", [
    (2, HUMAN, False, 70, "You and Bev won with 70 points."),
    (HUMAN, 3, False, 40, "You and Lars lost with 40 points; the defenders took 80."),
    (4, 1, False, 91, "Dottie and Gus won with 91 points, schneider."),
    (HUMAN, None, True, 61, "You alone won with 61 points."),
])
def test_a_hands_outcome_names_you_first(picker, partner, alone, side, expected):
    row = 2 if side > 90 else 1 if side >= 61 else -1
    result = HandResult(picker, partner, None, alone, False, (), (0,) * 5, (side, 120 - side),
                        (0,) * 5, row)
    assert hand_outcome(result) == expected


def test_a_new_game_is_called_a_new_game_and_the_practice_hand_is_not_hand_1_of_10():
    t = Table("game:9022d8aa00000000")
    info = render(t.view(), UiState())["info"]
    assert ">New Game<" in info and "9022d8…" not in info and 'title="game 9022d8aa00000000"' in info
    menu = render(t.view(), UiState(panel="menu"))["panel"]
    assert "Your New Game, hand 1 of 10</span> · game version" in menu     # no hex id shown
    assert 'title="game 9022d8aa00000000"' in menu and "Playing game:" not in menu
    ann = render(t.view(), UiState(panel="menu"), facts=Facts(challenge=("Ann", 7)))["panel"]
    assert "<bdi>Ann</bdi>’s challenge, hand 1 of 10" in ann
    tutorial = Table(PRACTICE_SEED, level=PRACTICE_LEVEL, tutorial=True)
    play_hand(tutorial)
    panel = render(tutorial.view(), UiState())["panel"]
    assert "The practice hand" in panel and "Hand 1 of 10" not in panel


def test_no_decision_is_marked_unless_you_asked_for_a_hint():
    t = Table("game:00000000000000ab")
    assert t.seat_view().phase is Phase.PICK and t.human_turn
    plain = render(t.view(), UiState())["actions"]
    assert 'class="btn primary"' not in plain and 'data-act="pick"' in plain
    hinted = render(t.view(), UiState(hint="The Expert would pass.", hinted="pass"))["actions"]
    assert re.search(r'class="btn primary"[^>]*data-act="pass"', hinted), hinted
    assert not re.search(r'class="btn primary"[^>]*data-act="pick"', hinted)


def test_the_end_of_a_game_draws_the_running_totals():
    rows = ((1, (4, -1, -1, -1, -1)), (2, (-2, 6, -2, -1, -1)), (3, (1, 1, -4, 1, 1)))
    svg = totals_chart(rows, ("You", "Gus", "Bev", "Lars", "Dottie"))
    assert svg.count("<polyline") == 5 and "style=" not in svg
    assert 'aria-label="Running totals over 3 hands: You +3, Gus +6, Bev -7, Lars -1 and ' \
           'Dottie -1"' in svg
    you = re.search(r'class="line-0" points="([^"]+)"', svg)
    assert you is not None and len(you[1].split()) == 4          # 0, then after each hand
    ys = [float(p.split(",")[1]) for p in you[1].split()]
    assert ys[1] < ys[0] and ys[2] > ys[1] and ys[3] < ys[2]     # up, down, up (y grows down)
    assert totals_chart((), ("You", "Gus", "Bev")) == ""
    t = Table("game:00000000000000ab", level="easy")
    while True:
        play_hand(t)
        if not t.next_hand():
            break
    panel = render(t.view(), UiState())["panel"]
    assert '<figure class="totals-chart">' in panel and panel.count("<polyline") == 5
