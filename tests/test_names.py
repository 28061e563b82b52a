"""Players' names as a board shows and compares them (sheepshead/names.py, issue 36 item 9)."""

from __future__ import annotations

import random

import pytest

from sheepshead.board import board_of
from sheepshead.game import Game
from sheepshead.names import BLANK, IGNORED, MAX_MARKS, chat_safe, normal, shown_name, skeleton
from sheepshead.results import check_result, parse_result, result_fragment


@pytest.mark.parametrize("name", [
    "Ann\ufe0f", "\u0410nn", "Ann\U000e0041", "\U000e0001Ann\U000e007f", "A\u200bnn",
    "\uff21\uff4e\uff4e", "ANN", " Ann ", "\u0391nn", "A\u034fnn", "Ann\u115f",
])
def test_look_alikes_and_invisible_characters_are_one_name(name):
    assert skeleton(name) == skeleton("Ann")


@pytest.mark.parametrize("name", ["Anne", "Ana", "Án", "Bnn", "A nn"])
def test_other_names_stay_other(name):
    assert skeleton(name) != skeleton("Ann")


@pytest.mark.parametrize("name", ["\u3164", "\u115f\u1160", "\uffa0", "\u2800", "\ufe0f",
                                  "\U000e0041\U000e0042", " \u3000 ", "\u0301\u0302"])
def test_a_name_with_nothing_visible_has_a_visible_fallback(name):
    assert normal(name) == "" and shown_name(name) == BLANK


def test_combining_marks_are_bounded_per_character():
    zalgo = "Z" + "\u0336\u0334\u0335" * 20 + "a" + "\u0489" * 30 + "l"
    shown = normal(zalgo)
    assert shown.startswith("Z") and len(shown) == 3 + 2 * MAX_MARKS
    assert normal("e\u0301") == "\u00e9"            # NFKC: one character, no mark left


def test_the_ignored_characters_are_the_default_ignorable_ones_named():
    for point in (0xFE0F, 0xE0000, 0xE0041, 0xE007F, 0x200B, 0x3164, 0x115F, 0x1160, 0xFFA0):
        assert point in IGNORED


def test_chat_markup_is_made_plain_one_character_for_one():
    for name in ("@everyone", "[Ann](https://x.org)", "**b**", "_i_", "`c`", "<@123>", "a\\b"):
        safe = chat_safe(name)
        assert len(safe) == len(name) and not set(safe) & set("@[]()*_`<>\\:")
    assert chat_safe("Ann Lee") == "Ann Lee"


def test_links_keep_their_names_as_written_and_the_board_shows_the_normal_form():
    """The link format is untouched: a name with U+FE0F or in Cyrillic is read as it was
    written, and checks as before; only a board's comparing and showing use the normal
    form."""
    game = Game("daily:2026-11-30")
    rng = random.Random(3)
    while not game.current.is_over:
        game.current.apply(rng.choice(game.current.legal_actions()))
    for by in ("Ann\ufe0f", "\u0410nn"):
        link = parse_result(result_fragment(game, by=by))
        assert link.by == by and check_result(link, computer_moves=False).hands == 1
    boards, _ = board_of([result_fragment(game, by="Ann\ufe0f")], computer_moves=False)
    assert [r.name for r in boards[0].rows] == ["Ann"]
