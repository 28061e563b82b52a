"""One writer and one reader of game links (:mod:`sheepshead.links`): the page tells its
links apart in one place (:func:`~sheepshead.links.classify_fragment`), and nothing else
reads a game's link by its text's prefix."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from sheepshead.board import board_game
from sheepshead.errors import SheepsheadError
from sheepshead.links import (
    classify_fragment,
    daily_link,
    game_link,
    game_of_link,
    is_daily_link,
    is_new_game_link,
    page_base,
)
from sheepshead.rules import DEFAULT_RULES, Rules

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("text", "kind"), [
    ("#daily=2026-12-01", "game"), ("#game=0123456789abcdef&rules=x", "game"), ("", "game"),
    ("#practice-hand", "game"), ("#daily=2026-12-01&result=1.AB&by=Ann", "result"),
    ("https://example.org/s/#game=0123456789abcdef&result=1.AB", "result"),
    ("#result=1.AB", "result"), ("#daily=2026-12-01&board=1.AB", "board"),
    ("https://example.org/s/#game=0123456789abcdef&board=1.AB!Ann", "board"),
    ("#backup=1.eJwLycgsVgCi4vzcVIWS1OISAEFkBmI", "backup"),
    ("https://example.org/s/#backup=1.xyz", "backup"),
    ("#daily=2026-12-01&backup=1.x", "game"),          # only a link that starts so is a backup
])
def test_a_fragment_is_told_apart_in_one_place(text, kind):
    assert classify_fragment(text) == kind


def test_a_games_link_is_written_and_read_back_by_the_same_module():
    day = dt.date(2026, 12, 1)
    assert daily_link(day) == "#daily=2026-12-01" == game_link("daily:2026-12-01")
    assert game_of_link(daily_link(day)) == ("daily:2026-12-01", DEFAULT_RULES)
    rules = Rules(crack=True)
    link = game_link("game:0123456789abcdef", rules)
    assert link.startswith("#game=0123456789abcdef&rules=")
    assert game_of_link(link) == ("game:0123456789abcdef", rules)
    assert is_daily_link(daily_link(day)) and not is_new_game_link(daily_link(day))
    assert is_new_game_link(link) and not is_daily_link(link)
    for bad in ("#daily=2026-13-01", "#game=xyz", "#daily=2026-12-01&rules=x", "#", "#nope=1"):
        with pytest.raises(SheepsheadError):
            game_of_link(bad)
    assert page_base("https://example.org/s/?a=1#daily=2026-12-01#x") == "https://example.org/s/?a=1"


def test_a_board_links_game_is_its_games_own_link():
    rules = Rules(crack=True)
    game = game_link("game:00000000000000ab", rules)
    assert board_game(f"https://x.org/{game}&board=1.AB!Ann") == game
    assert board_game("#daily=2026-12-01&board=1.AB") == "#daily=2026-12-01"
    with pytest.raises(SheepsheadError, match="^board link: "):
        board_game("#daily=2026-12-1&board=1.AB")


PREFIX = re.compile(r"""startswith\(\(?f?["'](#?daily=|#?game=|#backup=)|f["']#(daily|game)=\{""")


def test_no_code_but_links_py_reads_or_writes_a_games_link_by_its_prefix():
    files = sorted((ROOT / "sheepshead").rglob("*.py")) + [ROOT / "static" / "main.py"]
    found = [f"{f.relative_to(ROOT)}:{i}" for f in files if f.name != "links.py" or
             f.parent.name != "sheepshead"
             for i, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1)
             if PREFIX.search(line)]
    assert found == []
    assert PREFIX.search('if game.startswith("#daily="):')       # the check would see one
    assert PREFIX.search('x = f"#daily={day}"')
