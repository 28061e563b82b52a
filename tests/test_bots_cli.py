"""``suggest`` and ``arena`` on the command line, including refusals (status 2, one line)."""

from __future__ import annotations

import json
import math

import pytest
from cli_helpers import run_cli, run_module
from record_helpers import record_of

from sheepshead.cli import main
from sheepshead.state import HandState


def _record(actions):
    return json.dumps({"format": "sheepshead/1", "seed": "game:00000000000000aa", "hand": 1,
                       "actions": actions})


@pytest.mark.parametrize("level", ["easy", "standard", "expert"])
def test_suggest_prints_a_legal_action(tmp_path, level):
    path = tmp_path / "pos.json"
    path.write_text(_record(["pass"]))
    r = run_cli("suggest", str(path), "--level", level, "--seed", "5")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["action"] in ("pick", "pass")
    if level == "expert":
        assert set(out["values"]) == {"pick", "pass"}
        assert all(isinstance(v, float) for v in out["values"].values())
    again = run_cli("suggest", str(path), "--level", level, "--seed", "5")
    assert again.stdout == r.stdout


def test_suggest_mid_hand_from_stdin(capsys):
    state = HandState.from_seed("game:00000000000000aa", 1)
    from sheepshead.bots import make_player
    bots = [make_player("standard", s) for s in range(5)]
    while len(state.tricks) < 2:
        state.apply(bots[state.to_act].choose(state.view(state.to_act)))
    text = json.dumps(record_of(state, seed="game:00000000000000aa", hand=1).to_json())
    r = run_cli("suggest", "-", "--level", "expert", stdin=text)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    legal = [str(a) for a in state.legal_actions()]
    assert out["action"] in legal
    assert set(out["values"]) <= set(legal)


def test_suggest_refuses_bad_input(tmp_path):
    done = HandState.from_seed("game:00000000000000aa", 1)
    from sheepshead.bots import make_player
    bots = [make_player("standard", s) for s in range(5)]
    while not done.is_over:
        done.apply(bots[done.to_act].choose(done.view(done.to_act)))
    finished = tmp_path / "done.json"
    finished.write_text(json.dumps(record_of(done, seed="game:00000000000000aa", hand=1).to_json()))
    ok = tmp_path / "ok.json"
    ok.write_text(_record([]))
    cases = [
        ["suggest", str(finished), "--level", "standard"],
        ["suggest", str(ok), "--level", "grandmaster"],
        ["suggest", str(ok), "--level", "standard", "--seed", "minus one"],
        ["suggest", str(ok), "--level", "standard", "--seed", "-4"],
        ["suggest", str(tmp_path / "missing.json"), "--level", "easy"],
        ["arena", "--candidate", "grandmaster", "--deals", "2"],
        ["arena", "--candidate", "standard", "--deals", "0"],
    ]
    for args in cases:
        r = run_cli(*args)
        assert r.returncode == 2, (args, r.stdout, r.stderr)
        assert r.stdout == ""
        assert len(r.stderr.strip().splitlines()) == 1, r.stderr
        assert "Traceback" not in r.stderr


def test_arena_prints_the_summary(capsys):
    assert main(["arena", "--candidate", "standard", "--field", "easy", "--deals", "4",
                 "--jobs", "1", "--seed", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["deals"] == 4 and out["hands"] == 20
    lo, hi = out["ci95"]
    assert lo <= out["mean_per_hand"] <= hi
    for key in ("pick_rate", "leaster_rate"):
        assert 0 <= out[key] <= 1
    # The same seed gives the same matches, also across processes.
    r = run_module("arena", "--candidate", "random", "--field", "standard", "--deals", "3",
                   "--jobs", "2", "--seed", "3")          # a real process, and its workers
    assert r.returncode == 0, r.stderr
    first = json.loads(r.stdout)
    second = json.loads(run_cli("arena", "--candidate", "random", "--field", "standard",
                              "--deals", "3", "--jobs", "1", "--seed", "3").stdout)
    assert first["mean_per_hand"] == second["mean_per_hand"]


def test_arena_under_table_options(capsys):
    # A JSON object or a link's compact form; three-handed, each deal is played three times.
    assert main(["arena", "--candidate", "standard", "--field", "easy", "--deals", "3",
                 "--jobs", "1", "--rules", "p3.crack.blitz"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hands"] == 9 and out["rules"] == {"players": 3, "crack": True, "blitz": True}
    assert main(["arena", "--candidate", "standard", "--field", "easy", "--deals", "3",
                 "--jobs", "1", "--rules", '{"all_pass": "doubler"}']) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hands"] == 15 and 0 <= out["thrown_in_rate"] <= 1
    for bad in ("p9", '{"crack": "yes"}', "{not json"):
        r = run_cli("arena", "--candidate", "standard", "--deals", "1", "--rules", bad)
        assert r.returncode == 2, (bad, r.stdout, r.stderr)
        assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


def test_the_arenas_interval_is_a_normal_interval_over_the_deal_means():
    from sheepshead.bots.arena import mean_half
    mean, half = mean_half([1.0, 2.0, 3.0])
    assert mean == 2.0 and half == pytest.approx(1.96 / math.sqrt(3))
    assert mean_half([0.4]) == (0.4, math.inf)          # one value: no spread to measure
