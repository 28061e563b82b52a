"""A board of result links (issue 25): ``board_of`` and ``python -m sheepshead board``."""

from __future__ import annotations

import json
import random

from cli_helpers import run_cli

from sheepshead.board import ANONYMOUS, MAX_LINKS, board_of
from sheepshead.game import Game
from sheepshead.results import result_fragment

DAY = "daily:2026-11-30"


def played(seed: str, rng_seed: int, hands: int = 2) -> Game:
    """A game whose human seat plays at random (the computer seats too: scores only)."""
    game = Game(seed)
    rng = random.Random(rng_seed)
    done = 0
    while True:
        state = game.current
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        done += 1
        if done >= hands:
            return game
        game.next_hand()


def run(*argv: str) -> tuple[int, str, str]:
    p = run_cli(*argv)
    return p.returncode, p.stdout, p.stderr


def test_players_are_ranked_by_total_with_ties_sharing_a_place() -> None:
    games = {}
    for i in range(40):
        g = played(DAY, i)
        games.setdefault(g.totals()[0], g)
        if len(games) >= 3:
            break
    (hi, g1), (mid, g2), (lo, g3) = sorted(games.items(), reverse=True)
    links = [result_fragment(g3, by="Cy"), result_fragment(g1, by="Ann"),
             result_fragment(g2, by="Bo"), result_fragment(g2, by="Al")]
    boards, refused = board_of(links, computer_moves=False)
    assert refused == () and len(boards) == 1 and boards[0].game == "#daily=2026-11-30"
    rows = [(r.place, r.tied, r.name, r.total) for r in boards[0].rows]
    assert rows == [(1, False, "Ann", hi), (2, True, "Al", mid), (2, True, "Bo", mid),
                    (4, False, "Cy", lo)]


def test_one_row_per_name_and_game_and_tampered_links_refused() -> None:
    a, b = played(DAY, 1), played(DAY, 2)
    first = result_fragment(a, by="Ann")
    tampered = result_fragment(b, by="Cy").replace("result=1.", "result=1.*")
    links = [first, first, result_fragment(b, by="Ann"), result_fragment(b), tampered,
             result_fragment(played("game:0123456789abcdef", 3), by="Ann")]
    boards, refused = board_of(links, computer_moves=False)
    assert [b.game for b in boards] == ["#daily=2026-11-30", "#game=0123456789abcdef"]
    assert [r.name for r in boards[0].rows].count("Ann") == 1
    assert ANONYMOUS in [r.name for r in boards[0].rows]
    reasons = [r.reason for r in refused]
    assert reasons[0] == "a second result for Ann: the first one counts"
    assert reasons[1:] == ["result: character '*' is not base64url"]
    assert all("\n" not in r for r in reasons)


def test_a_daily_against_other_opponents_is_shown_unranked() -> None:
    g = played(DAY, 5)
    boards, _ = board_of([result_fragment(g, by="Ann", level="easy"),
                          result_fragment(g, by="Bo")], computer_moves=False)
    rows = boards[0].rows
    assert [(r.name, r.place, r.daily_opponents) for r in rows] == [("Bo", 1, True),
                                                                     ("Ann", None, False)]


def test_at_most_max_links_are_read() -> None:
    link = result_fragment(played(DAY, 6), by="Ann")
    boards, refused = board_of([link] * (MAX_LINKS + 3), computer_moves=False)
    assert len(boards[0].rows) == 1
    assert [r.reason for r in refused] == [f"more than {MAX_LINKS} links: not read"] * 3


def test_the_command_line_prints_the_boards_as_json() -> None:
    a, b = played(DAY, 7), played(DAY, 8)
    code, out, err = run("board", "--scores-only", result_fragment(a, by="Ann"),
                         "https://example.org/sheepshead/" + result_fragment(b, by="Bo"), "#junk")
    assert code == 0, err
    data = json.loads(out)
    assert [r["name"] for r in data["boards"][0]["rows"]] == sorted(
        ["Ann", "Bo"], key=lambda n: -{"Ann": a.totals()[0], "Bo": b.totals()[0]}[n])
    assert data["refused"] == [{"link": "#junk", "reason": data["refused"][0]["reason"]}]
    code, _, err = run("board", "#junk")
    assert code == 2 and err.startswith("board: no result link could be read (")
