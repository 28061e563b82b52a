"""Issue 21: what an attacker sends through a link, a record, a save or the command line.

Each finding of the outside attack has a test here that failed before its fix:

1. a doubler link of thousands of throw-ins (scores of 4,300 digits broke the page);
2. a record with a huge ``redeal`` (``1 << redeal`` in the state);
3. a forged Daily: a look-alike digit, a final newline, a Kelvin sign, whitespace in ``by=``;
4. a Daily checked against another level, passed off as a Daily;
5. a save that made the JSON pre-scan quadratic;
6. names that turned the viewer's title around (bidi controls, zero-width characters);

and the boundary itself: outside input ends in one line and exit 2, while an error that slips
past every bound is named as a bug (the fuzz tests in tests/test_fuzz.py fail on it).
"""

from __future__ import annotations

import datetime as dt
import json
import random
import time

import pytest
from cli_helpers import run_cli

from sheepshead import cli
from sheepshead.errors import SheepsheadError, slipped_past_line
from sheepshead.game import Game
from sheepshead.grammar import clean_name, parse_seed, url_fragment
from sheepshead.results import check_result, parse_result, result_fragment
from sheepshead.rules import MAX_THROW_INS, Rules
from sheepshead.ui.page.links import parse_link
from sheepshead.ui.page.session import Session
from sheepshead.ui.storage.jsontext import MAX_SAVE_CHARS, nesting_depth, parse_json
from sheepshead.ui.storage.saves import MemoryStorage, daily_key
from sheepshead.ui.viewer.viewer import ViewerModel, ViewerState, viewer_html, viewer_model

DOUBLER = Rules.from_code("doubler")
SEED = "game:0123456789abcdef"


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    """``python -m sheepshead ARGV`` in this process: (exit code, stdout, stderr)."""
    p = run_cli(*argv, stdin=stdin)
    return p.returncode, p.stdout, p.stderr


def draw(model: ViewerModel) -> str:
    return viewer_html(model, ViewerState.for_model(model), own=None, moves_checked=True,
                       difference=None)


def refused(code: int, err: str) -> str:
    """The one refusal line (exit 2, no traceback, not the slipped-past line)."""
    assert code == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err and "could not be read (" not in err
    return err.strip()


def doubler_game(throw_ins: int, rng_seed: int = 3) -> Game:
    """A doubler game whose first hand is thrown in ``throw_ins`` times, then played."""
    game = Game(SEED, DOUBLER)
    for _ in range(throw_ins):
        for _ in range(5):
            game.apply("pass")
        assert game.current.thrown_in
        game.next_hand()
    rng = random.Random(rng_seed)
    while True:
        state = game.current
        legal = state.legal_actions()
        picks = [a for a in legal if str(a) == "pick"]
        state.apply(picks[0] if picks and game.redeal < MAX_THROW_INS else rng.choice(legal))
        if state.is_over:
            return game


# ------------------------------------------------------------ 1: throw-ins
def test_the_doubler_throws_a_hand_in_at_most_max_times_then_plays_a_leaster() -> None:
    game = Game(SEED, DOUBLER)
    for k in range(MAX_THROW_INS + 1):
        for _ in range(5):
            game.apply("pass")
        if k < MAX_THROW_INS:
            assert game.current.thrown_in
            game.next_hand()
    state = game.current
    assert not state.thrown_in and state.is_leaster and game.redeal == MAX_THROW_INS
    assert state.multiplier == 2 ** MAX_THROW_INS
    with pytest.raises(SheepsheadError, match="redeal must be a whole number from 0 to 8"):
        Game(SEED, DOUBLER).hands[0].__class__.from_seed(SEED, 1, DOUBLER, MAX_THROW_INS + 1)


def test_a_link_of_thousands_of_throw_ins_is_refused_in_one_line_quickly() -> None:
    real = result_fragment(doubler_game(0)).split("result=1.")[1]
    for throw_ins in (14_000, 16_000):
        link = f"#game={SEED[5:]}&rules=doubler&result=1." + "A" * (5 * throw_ins) + real
        start = time.perf_counter()
        with pytest.raises(SheepsheadError) as e:
            parse_result(link)
        assert time.perf_counter() - start < 2.0
        # after eight throw-ins the ninth all-pass deal is a leaster: its next "A" is 7C
        assert str(e.value).startswith("hand 1 redeal 8 action 5 ")
        code, _, err = run("verify", link)
        refused(code, err)


def test_a_link_at_the_throw_in_limit_opens_with_bounded_scores() -> None:
    game = doubler_game(MAX_THROW_INS)
    link = parse_result(result_fragment(game))
    check = check_result(link, computer_moves=False)
    assert max(abs(s) for s in check.totals) <= 6 * 4 * 2 ** (MAX_THROW_INS + 3)
    html = draw(viewer_model(link, check))
    assert f"×{2 ** MAX_THROW_INS}" in html or "leaster" in html.lower()


def test_the_page_ends_with_a_table_for_a_throw_in_link() -> None:
    link = f"#game={SEED[5:]}&rules=doubler&result=1." + "A" * 80_000
    s = Session(MemoryStorage(), lambda: dt.datetime(2026, 12, 1, 16, 0))
    s.start(link)
    notes = s.take_notices()
    assert s.link is None and s.table is not None and s.table.seed == "daily:2026-12-01"
    assert len(notes) == 1 and notes[0].startswith("This result link cannot be read"), notes


# ------------------------------------------------------------ 2: redeal
@pytest.mark.parametrize("redeal", [10**18, 10**9, 9, -1, True, "1"])
def test_a_records_redeal_is_bounded(redeal: object) -> None:
    record = json.dumps({"seed": "daily:2026-12-01", "hand": 1, "rules": {"all_pass": "doubler"},
                         "redeal": redeal, "actions": []})
    for command in (("replay", "-"), ("suggest", "-", "--level", "easy")):
        start = time.perf_counter()
        line = refused(*run(*command, stdin=record)[::2])
        assert time.perf_counter() - start < 1.0
        assert line.startswith("record: redeal must be a whole number from 0 to 8"), line


def test_a_records_hand_number_is_bounded() -> None:
    for hand in (0, 11, 10**300):
        record = json.dumps({"seed": "daily:2026-12-01", "hand": hand, "actions": []})
        assert refused(*run("replay", "-", stdin=record)[::2]).startswith(
            "record: hand must be a whole number from 1 to 10")
    assert refused(*run("replay", "-", stdin='{"seed": "daily:2026-12-01", "hand": '
                        + "9" * 5000 + "}")[::2]).startswith("record")


# ------------------------------------------------------------ 3: ASCII grammar
LOOK_ALIKE_ONE = "\U0001d7e3"       # MATHEMATICAL SANS-SERIF DIGIT ONE


def test_look_alike_digits_and_final_newlines_are_not_seeds() -> None:
    for text in (f"daily:2026-12-0{LOOK_ALIKE_ONE}", "daily:2026-12-01\n", "daily:２０２６-12-01",
                 "game:0123456789abcdef\n", "game:0123456789ABCDEF", " daily:2026-12-01"):
        with pytest.raises(SheepsheadError):
            parse_seed(text)
        refused(*run("deal", "--seed", text)[::2])
    assert str(parse_seed("daily:2026-12-01")) == "daily:2026-12-01"
    assert refused(*run("deal", "--seed", "daily:2026-12-01", "--hand", "١")[::2]).startswith(
        "--hand must be")


def test_a_forged_daily_does_not_verify() -> None:
    real = result_fragment(doubler_game(0)).split("result=1.")[1]
    link = f"#daily=2026-12-0{LOOK_ALIKE_ONE}&result=1.{real}"
    line = refused(*run("verify", link)[::2])
    assert line.startswith("link: daily=") and "is not a date" in line
    today = dt.date(2026, 12, 2)
    seed, _, message = parse_link(f"#daily=2026-12-0{LOOK_ALIKE_ONE}", today)
    assert seed == "daily:2026-12-02" and message is not None       # today's, with a notice


def test_option_words_are_ascii_and_exact() -> None:
    with pytest.raises(SheepsheadError, match="is not a table option"):
        Rules.from_code("crac\u212a")            # a Kelvin sign, which lower() turns into k
    with pytest.raises(SheepsheadError, match="is not a table option"):
        Rules.from_code(" crack")
    assert Rules.from_code("CRACK") == Rules.from_code("crack")      # ASCII case is free


def test_the_command_line_reads_whitespace_in_a_link_as_the_page_does() -> None:
    game = doubler_game(0)
    plain = result_fragment(game)
    # what the page's location.hash holds for a link typed with a space and a tab
    assert parse_result(plain + "&by=Ann Lee").by == parse_result(plain + "&by=Ann%20Lee").by \
        == "Ann Lee"
    assert parse_result(plain + "&by=An\tn").by == "Ann"       # URL parsing drops tabs
    assert url_fragment("  https://x/#daily=2026-12-01 \n") == "daily=2026-12-01"
    assert url_fragment("#a\u00e9 b") == "a%C3%A9%20b"
    code, out, err = run("verify", "--scores-only", plain + "&by=Ann Lee")
    assert code == 0, err
    assert json.loads(out)["by"] == "Ann Lee"


# ------------------------------------------------------------ 4: a Daily's opponents
def test_a_daily_against_another_level_says_so() -> None:
    from daily_helpers import played_table
    table = played_table(dt.date(2026, 11, 30), "easy")
    fragment = result_fragment(table.game, by="Bev", level="easy")
    code, out, err = run("verify", "--scores-only", fragment)
    assert code == 0, err
    data = json.loads(out)
    assert data["daily_opponents"] is False and data["level"] == "easy"
    assert data["link"] == fragment
    own = result_fragment(table.game, by="Bev")
    assert json.loads(run("verify", "--scores-only", own)[1])["daily_opponents"] is True
    link = parse_result(fragment)
    html = draw(viewer_model(link))
    assert "Not the Daily's opponents" in html and "Easy computer players" in html
    assert "Not the Daily" not in draw(viewer_model(parse_result(own)))


# ------------------------------------------------------------ 5: linear JSON pre-scan
def test_the_json_pre_scan_is_linear() -> None:
    nasty = '"' + '\\"' * (MAX_SAVE_CHARS // 2 - 1)
    start = time.perf_counter()
    with pytest.raises(SheepsheadError):
        parse_json(nasty, "saved game")
    assert time.perf_counter() - start < 1.0            # 39 s for 64 KB before
    assert nesting_depth('["[[[", {"a": [1, "]]"]}]') == 3
    assert nesting_depth('"\\\\" [[[') == 3
    assert nesting_depth("[" * 100) == 33                # stops past the limit


def test_a_nasty_save_sets_aside_and_opens_a_table() -> None:
    text = '"' + '\\"' * 30_000
    storage = MemoryStorage({daily_key(dt.date(2026, 12, 1)): text})
    start = time.perf_counter()
    s = Session(storage, lambda: dt.datetime(2026, 12, 1, 9, 0))
    s.start("")
    assert time.perf_counter() - start < 5.0
    assert s.table is not None and s.table.action_count() == 0
    assert len(s.take_notices()) == 1


# ------------------------------------------------------------ 6: names
@pytest.mark.parametrize("raw, shown", [
    ("%E2%80%AEAnn", "Ann"), ("A%E2%80%8Bnn", "Ann"), ("%EF%BB%BFAnn", "Ann"),
    ("Ann%E2%80%A8Lee", "AnnLee"), ("%E2%81%A6Ann%E2%81%A9", "Ann"),
])
def test_invisible_and_bidi_characters_leave_names(raw: str, shown: str) -> None:
    game = doubler_game(0)
    link = parse_result(result_fragment(game) + "&by=" + raw)
    assert link.by == shown
    assert clean_name(raw.replace("%E2%80%AE", "\u202e")) is not None
    assert clean_name("\u202eAnn\u200b \u2028") == "Ann"


def test_names_are_isolated_in_the_viewer() -> None:
    game = doubler_game(0)
    link = parse_result(result_fragment(game, by="\u202eשרה"))
    assert link.by == "שרה"
    html = draw(viewer_model(link))
    assert "\u202e" not in html and "<bdi>שרה</bdi>&#x27;s game" in html
    assert "<bdi>שרה" in html.split("Score sheet")[1]


# ------------------------------------------------------------ the boundary
def test_an_error_that_slips_past_the_bounds_is_one_line_and_named_a_bug(monkeypatch) -> None:
    def boom(*_: object, **__: object) -> None:
        raise ValueError("Exceeds the limit (4300 digits) for integer string conversion")
    monkeypatch.setattr(cli, "check_result", boom)
    fragment = result_fragment(doubler_game(0))
    code, _, err = run("verify", fragment)
    assert code == 2 and err.strip() == slipped_past_line(
        "input", ValueError()) and "Traceback" not in err
    monkeypatch.setenv("SHEEPSHEAD_TRACEBACK", "1")
    with pytest.raises(ValueError, match="Exceeds"):
        run("verify", fragment)


def test_a_bug_in_the_engine_is_not_swallowed(monkeypatch) -> None:
    def bug(*_: object, **__: object) -> None:
        raise ZeroDivisionError("a bug")
    monkeypatch.setattr(cli, "check_result", bug)
    with pytest.raises(ZeroDivisionError):
        run("verify", result_fragment(doubler_game(0)))

