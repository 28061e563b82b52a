"""`python -m sheepshead deal | replay`: in-process through ``cli.main`` (tests/cli_helpers.py),
and two smoke tests through a real ``python -m sheepshead`` process.

Not for Pyodide (subprocess), but nothing beyond pytest and the standard library.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from cli_helpers import run_cli, run_module

GOLDEN = Path(__file__).resolve().parent / "golden"


def golden(name: str) -> dict:
    return json.loads((GOLDEN / f"{name}.json").read_text("utf-8"))


def refused(proc: subprocess.CompletedProcess) -> str:
    """Exit status 2, nothing on stdout, exactly one line on stderr, no traceback."""
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].strip()
    return lines[0]


def test_deal_prints_the_vector():
    proc = run_cli("deal", "--seed", "daily:2026-11-30", "--hand", "1")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {
        "dealer": 4,
        "hands": [h.split() for h in ["9S QS 8D 8S JD 10S", "7C 10H 8H AS QH JH", "10D QC 9C 7H JS 8C",
                                      "9H KC QD AD 7S AC", "JC AH 9D KS KH 7D"]],
        "blind": ["KD", "10C"]}


def test_deal_game_seed_hand_3():
    proc = run_cli("deal", "--seed", "game:0123456789abcdef", "--hand", "3", "--players", "5")
    assert proc.returncode == 0
    out = json.loads(proc.stdout)
    assert out["dealer"] == 1 and out["blind"] == ["10S", "JC"]
    assert out["hands"][0] == ["7S", "AH", "7D", "KS", "9D", "8S"]


def test_replay_complete_record_from_file(tmp_path):
    data = golden("unknown_followed_never_wins")
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(data), "utf-8")
    proc = run_cli("replay", str(path))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert set(out) == {"picker", "partner", "called", "alone", "leaster", "tricks", "points",
                        "side_points", "scores"}
    exp = data["expect"]
    for key in ("picker", "partner", "called", "alone", "leaster", "points", "side_points", "scores"):
        assert out[key] == exp[key], key
    assert [f"{t['leader']}: {' '.join(t['cards'])} -> {t['winner']} ({t['points']})" for t in out["tricks"]] \
        == exp["tricks"]
    assert all(set(t) == {"leader", "cards", "winner", "points"} for t in out["tricks"])


def test_replay_leaster_from_stdin():
    data = golden("leaster_tie")
    proc = run_cli("replay", "-", stdin=json.dumps(data))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["leaster"] is True and out["side_points"] is None and out["picker"] is None
    assert out["scores"] == [0, 0, 0, 0, 0]


def test_replay_partial_record_from_stdin():
    data = golden("duty_partner_leads_called_card")
    proc = run_cli("replay", "-", stdin=json.dumps(data))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert set(out) == {"to_act", "legal"}
    assert out["to_act"] == data["expect"]["to_act"]
    assert sorted(out["legal"]) == sorted(data["expect"]["legal"])
    again = json.loads(run_cli("replay", "-", stdin=json.dumps(data)).stdout)
    assert again["legal"] == out["legal"], "stable order"


def test_replay_full_deal_record():
    rec = {"format": "sheepshead/1", "dealer": 4,
           "deal": {"hands": [h.split() for h in ["9S QS 8D 8S JD 10S", "7C 10H 8H AS QH JH",
                                                  "10D QC 9C 7H JS 8C", "9H KC QD AD 7S AC",
                                                  "JC AH 9D KS KH 7D"]], "blind": ["KD", "10C"]},
           "actions": ["pass", "pass", "pass"]}
    out = json.loads(run_cli("replay", "-", stdin=json.dumps(rec)).stdout)
    assert out == {"to_act": 3, "legal": ["pick", "pass"]}


HANDS = [h.split() for h in ["9S QS 8D 8S JD 10S", "7C 10H 8H AS QH JH", "10D QC 9C 7H JS 8C",
                             "9H KC QD AD 7S AC", "JC AH 9D KS KH 7D"]]


def deal_record(hands, blind=("KD", "10C"), **extra):
    return json.dumps({"format": "sheepshead/1", "dealer": 4,
                       "deal": {"hands": hands, "blind": list(blind)}, "actions": [], **extra})


BAD_INPUTS = {
    "malformed json": "{not json",
    # deals.md: r > 0 only after a throw-in, which only the doubler option makes.
    "redeal without the doubler": json.dumps({
        "format": "sheepshead/1", "rules": {}, "seed": "game:0123456789abcdef", "hand": 1,
        "redeal": 1, "actions": []}),
    "empty input": "",
    "json array": "[1, 2]",
    "unknown card text": deal_record([["XX"] + HANDS[0][1:]] + HANDS[1:]),
    "duplicate card": deal_record([["KD"] + HANDS[0][1:]] + HANDS[1:]),
    "missing card": deal_record([HANDS[0][:5]] + HANDS[1:]),
    "wrong blind count": deal_record(HANDS, blind=("KD", "10C", "9S")),
    "four hands": deal_record(HANDS[:4]),
    "five hands for a four-handed table": json.dumps({
        "format": "sheepshead/1", "rules": {"players": 4}, "dealer": 4,
        "deal": {"hands": [["9S", "QS", "8D", "8S", "JD", "10S"], ["7C", "10H", "8H", "AS", "QH", "JH"],
                           ["10D", "QC", "9C", "7H", "JS", "8C"], ["9H", "KC", "QD", "AD", "7S", "AC"],
                           ["JC", "AH", "9D", "KS", "KH", "7D"]], "blind": ["KD", "10C"]},
        "actions": []}),
    "seven players": json.dumps({"format": "sheepshead/1", "rules": {"players": 7},
                                 "seed": "daily:2026-11-30", "hand": 1, "actions": []}),
    "unknown rule": json.dumps({"format": "sheepshead/1", "rules": {"no_such_option": True},
                                "seed": "daily:2026-11-30", "hand": 1, "actions": []}),
    "bad rule value": json.dumps({"format": "sheepshead/1", "rules": {"crack": "yes"},
                                  "seed": "daily:2026-11-30", "hand": 1, "actions": []}),
    "wrong format": json.dumps({"format": "sheepshead/2", "seed": "daily:2026-11-30", "hand": 1}),
    "bad seed": json.dumps({"format": "sheepshead/1", "seed": "tomorrow", "hand": 1}),
    "dealer mismatch": json.dumps({"format": "sheepshead/1", "seed": "daily:2026-11-30", "hand": 1,
                                   "dealer": 2}),
    "deal without dealer": json.dumps({"format": "sheepshead/1", "deal": {"hands": HANDS, "blind": ["KD", "10C"]}}),
    "illegal action": json.dumps({"format": "sheepshead/1", "seed": "daily:2026-11-30", "hand": 1,
                                  "actions": ["pick", "bury 9S QS", "call AH"]}),
    "out of turn action": json.dumps({"format": "sheepshead/1", "seed": "daily:2026-11-30", "hand": 1,
                                      "actions": ["play 9S"]}),
    "actions not a list": json.dumps({"format": "sheepshead/1", "seed": "daily:2026-11-30", "hand": 1,
                                      "actions": "pick"}),
    "deeply nested": "[" * 100_000,
    "huge integer": '{"format": "sheepshead/1", "seed": "daily:2026-11-30", "hand": ' + "7" * 5000 + "}",
}


@pytest.mark.parametrize("name", sorted(BAD_INPUTS))
def test_bad_input_exits_2_with_one_line(name):
    refused(run_cli("replay", "-", stdin=BAD_INPUTS[name]))


def test_redeal_under_the_doubler_is_read():
    record = {"format": "sheepshead/1", "rules": {"all_pass": "doubler"},
              "seed": "game:0123456789abcdef", "hand": 1, "redeal": 1, "actions": []}
    out = run_cli("replay", "-", stdin=json.dumps(record))
    assert out.returncode == 0 and json.loads(out.stdout)["to_act"] == 0


def test_redeal_without_the_doubler_says_why():
    record = json.loads(BAD_INPUTS["redeal without the doubler"])
    out = run_cli("replay", "-", stdin=json.dumps(record))
    assert out.returncode == 2 and "doubler" in out.stderr


def test_illegal_action_message_names_index_action_and_reason():
    data = golden("err_follow_trump")
    line = refused(run_cli("replay", "-", stdin=json.dumps(data)))
    assert line == data["expect_error"] == 'action 12 "play 10C": seat 2 must follow trump'


def test_duty_error_message():
    data = golden("err_partner_throws_off_called")
    assert refused(run_cli("replay", "-", stdin=json.dumps(data))) == data["expect_error"]


def test_missing_file(tmp_path):
    line = refused(run_cli("replay", str(tmp_path / "nope.json")))
    assert "nope.json" in line


def test_not_utf8_file(tmp_path):
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    refused(run_cli("replay", str(path)))


def test_directory_instead_of_file(tmp_path):
    refused(run_cli("replay", str(tmp_path)))


@pytest.mark.parametrize("args", [
    ["deal", "--seed", "daily:2026-02-30"],
    ["deal", "--seed", "daily:2026-11-30", "--hand", "0"],
    ["deal", "--seed", "daily:2026-11-30", "--hand", "x"],
    ["deal", "--seed", "daily:2026-11-30", "--players", "6"],
    ["deal"],
    ["replay"],
    ["frobnicate"],
    [],
])
def test_bad_command_lines(args):
    refused(run_cli(*args))


# ------------------------------------------------------- through a real process


def test_python_m_sheepshead_deals_in_a_real_process():
    proc = run_module("deal", "--seed", "daily:2026-11-30", "--hand", "1")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == run_cli("deal", "--seed", "daily:2026-11-30", "--hand", "1").stdout


def test_deeply_nested_standard_input_is_refused_by_a_real_process():
    refused(run_module("replay", "-", stdin=BAD_INPUTS["deeply nested"]))


def test_help_exits_0_through_systemexit():
    proc = run_cli("--help")                       # argparse prints and raises SystemExit(0)
    assert proc.returncode == 0 and proc.stdout.startswith("usage: python -m sheepshead")
