"""`python -m sheepshead verify LINK`: in-process through ``cli.main`` (tests/cli_helpers.py),
and a smoke test through a real ``python -m sheepshead`` process reading standard input.

Not for Pyodide (subprocess), but nothing beyond pytest and the standard library.
"""

from __future__ import annotations

import json
import random
import subprocess

from cli_helpers import run_cli, run_module

from sheepshead import Game
from sheepshead.bots.seating import computer_choice
from sheepshead.results import result_fragment


def refused(proc: subprocess.CompletedProcess[str]) -> str:
    """Exit status 2, nothing on stdout, exactly one line on stderr, no traceback."""
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    return lines[0]


def easy_game(hands: int) -> Game:
    """Seat 0 random, the other seats the game's Easy players."""
    rng = random.Random(7)
    game = Game("game:0123456789abcdef")
    while True:
        state = game.current
        while not state.is_over:
            seat = state.to_act
            if seat == 0:
                game.apply(rng.choice(state.legal_actions()))
            else:
                game.apply(computer_choice("easy", game.seed, game.hand_number, game.redeal,
                                           state.view(seat), len(state.history)))
        if game.is_over or (game.hand_number >= hands and not state.result().thrown_in):
            return game
        game.next_hand()


def test_verify_prints_the_check_as_json() -> None:
    game = easy_game(10)
    fragment = result_fragment(game, by="Ann <b>", level="easy")
    proc = run_cli("verify", fragment)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data == {"link": fragment, "daily_opponents": None,
                    "seed": "game:0123456789abcdef", "rules": {}, "hands": 10, "finished": True,
                    "scores": [list(s) for s in game.hand_scores()],
                    "totals": list(game.totals()), "by": "Ann <b>", "level": "easy",
                    "hints": False, "computer_moves_match": True, "first_difference": None}
    # one key per line, like the other commands
    assert proc.stdout.startswith('{\n  "link": ') and len(proc.stdout.splitlines()) == 15


def test_verify_reads_a_whole_url_and_standard_input() -> None:
    fragment = result_fragment(easy_game(2))
    url = "https://example.org/sheepshead/index.html?from=mail" + fragment
    by_arg = run_cli("verify", url, "--scores-only")
    assert by_arg.returncode == 0, by_arg.stderr
    data = json.loads(by_arg.stdout)
    assert data["hands"] == 2 and data["level"] == "standard"
    assert data["computer_moves_match"] is None
    by_stdin = run_cli("verify", "-", "--scores-only", stdin=url + "\n")
    assert by_stdin.returncode == 0, by_stdin.stderr
    assert by_stdin.stdout == by_arg.stdout
    without_hash = run_cli("verify", fragment[1:], "--scores-only")
    assert without_hash.stdout == by_arg.stdout
    # the link was played against Easy players, not Standard ones
    full = json.loads(run_cli("verify", fragment).stdout)
    assert full["computer_moves_match"] is False
    assert full["first_difference"].startswith("hand 1 action ")


def test_a_bad_link_exits_2_with_one_line() -> None:
    assert refused(run_cli("verify", "#daily=2026-11-30&result=1.AABDeXNA")) == \
        'hand 1 action 6 "play 7C": seat 1 must follow trump'
    assert refused(run_cli("verify", "#daily=2026-11-30&result=1.AABDe*")) == \
        "result: character '*' is not base64url"
    assert refused(run_cli("verify", "#daily=2026-11-30&result=1.AABDeX")) == \
        "result: ends inside hand 1"
    assert refused(run_cli("verify", "#daily=2026-11-30")) == \
        "link: no result= part (this names a game, not a result)"
    assert refused(run_cli("verify", "-", stdin="")).startswith("link: empty")
    assert refused(run_cli("verify", "-", stdin=b"#daily=2026-11-30&by=\xff")) == \
        "link: standard input is not UTF-8 text"
    assert refused(run_cli("verify", "#daily=2026-11-30&result=1.A&by=" + "%41" * 5000)) == \
        "by: the name is longer than 24 characters"
    assert refused(run_cli("verify")).startswith("the following arguments are required")


def test_verify_reads_standard_input_in_a_real_process() -> None:
    url = "https://example.org/sheepshead/" + result_fragment(easy_game(1))
    proc = run_module("verify", "-", "--scores-only", stdin=url + "\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == run_cli("verify", url, "--scores-only").stdout
    assert refused(run_module("verify", "-", stdin=b"#daily=2026-11-30&by=\xff")) == \
        "link: standard input is not UTF-8 text"
