"""A board of result links (issue 25): ``board_of`` and ``python -m sheepshead board``."""

from __future__ import annotations

import json
import random

from cli_helpers import run_cli

from sheepshead.board import ANONYMOUS, MAX_TEXTS, board_of
from sheepshead.game import Game
from sheepshead.results import result_fragment
from sheepshead.ui.storage.settings import Settings
from sheepshead.ui.table.table import Table

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
    reasons = sorted(r.reason for r in refused)
    assert reasons == ["a second result for Ann: the first one counts",
                       "result: character '*' is not base64url"]
    assert all("\n" not in r for r in reasons)


def test_a_daily_against_other_opponents_is_shown_unranked() -> None:
    g = played(DAY, 5)
    boards, _ = board_of([result_fragment(g, by="Ann", level="easy"),
                          result_fragment(g, by="Bo")], computer_moves=False)
    rows = boards[0].rows
    assert [(r.name, r.place, r.daily_opponents) for r in rows] == [("Bo", 1, True),
                                                                     ("Ann", None, False)]


def test_copies_of_a_link_are_read_once_before_any_check(monkeypatch) -> None:
    """Issue 36, item 10: ten copies of one link cost ten full checks (41 s of CPU)."""
    import sheepshead.board as board
    link = result_fragment(played(DAY, 6), by="Ann")
    upper = link.replace("#daily=", "https://example.org/x/#daily=")
    reordered = "#" + "&".join(reversed(link[1:].split("&")))
    calls: list[bool] = []
    real = board.check_result

    def counted(link, *, computer_moves=True):
        calls.append(computer_moves)
        return real(link, computer_moves=computer_moves)
    monkeypatch.setattr(board, "check_result", counted)
    boards, refused = board_of([link] * 7 + [upper, reordered, link])
    assert calls == [False, True]       # its scores once, its computer moves once
    # (its computer seats played at random: refused once, for that)
    assert boards == () and len(refused) == 1 and "computer moves" in refused[0].reason


def test_junk_does_not_use_up_the_budget_of_links(monkeypatch) -> None:
    """Issue 36, item 10: junk first no longer crowds out the real links behind it."""
    import sheepshead.board as board
    monkeypatch.setattr(board, "MAX_LINKS", 2)
    links = [result_fragment(played(DAY, i), by=f"P{i}") for i in range(3)]
    junk = [f"#daily=2026-11-30&result=1.{'*' * (i + 1)}" for i in range(10)]
    boards, refused = board_of([*junk, *links], computer_moves=False)
    assert [r.name for r in boards[0].rows] == sorted(
        ["P0", "P1"], key=lambda n: -next(r.total for r in boards[0].rows if r.name == n))
    reasons = [r.reason for r in refused]
    assert reasons.count("more than 2 links: not read") == 1 and len(reasons) == 11


def test_at_most_max_texts_are_looked_at() -> None:
    boards, refused = board_of([f"#junk{i}" for i in range(MAX_TEXTS + 5)])
    assert boards == () and len(refused) == MAX_TEXTS + 1
    assert refused[-1].reason.startswith(f"more than {MAX_TEXTS:,} links")


def test_one_name_in_any_disguise_is_one_player_the_game_further_on_counting() -> None:
    """Issue 36, item 9: "Ann", "Ann" + U+FE0F, Cyrillic "Аnn" and "Ann" + a tag character
    are one player; a later link of the same game further on replaces the first (on the
    page too)."""
    games = [played(DAY, i, hands=1) for i in range(3)]
    longer = played(DAY, 0, hands=1)
    longer.next_hand()
    state, rng = longer.current, random.Random(9)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    links = [result_fragment(games[0], by="Ann"), result_fragment(games[1], by="Ann\ufe0f"),
             result_fragment(games[2], by="\u0410nn"),
             result_fragment(games[2], by="Ann\U000e0041"), result_fragment(longer, by="ANN")]
    boards, refused = board_of(links, computer_moves=False)
    assert [(r.name, r.hands) for r in boards[0].rows] == [("ANN", 2)]
    assert [r.reason for r in refused] == [
        f"a second result for {name}: the first one counts"
        for name in ("Ann", "Ann", "\u0410nn", "Ann")]


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


def test_players_past_the_fiftieth_are_refused_before_their_computer_moves_are_checked(
        monkeypatch) -> None:
    import sheepshead.board as board
    monkeypatch.setattr(board, "MAX_NAMES", 2)
    links = []
    for i in range(4):                      # the computer seats as the page plays them
        t = Table("game:00000000000000ab", Settings(speed="instant"), level="easy")
        rng = random.Random(i)
        while not t.hand.is_over:
            if t.human_turn:
                t.act(rng.choice(t.seat_view().legal))
            else:
                t.step()
        links.append(result_fragment(t.game, by=f"P{i}", level="easy"))
    calls: list[bool] = []
    real = board.check_result

    def counted(link, *, computer_moves=True):
        calls.append(computer_moves)
        return real(link, computer_moves=computer_moves)
    monkeypatch.setattr(board, "check_result", counted)
    boards, refused = board_of(links)
    assert len(boards[0].rows) == 2 and calls.count(True) == 2     # two players' moves only
    assert [r.reason for r in refused].count("more than 2 players for this game") == 2
