"""Help at the table in words (sheepshead/ui/help/helptext.py), on real objects from seeded hands:
the points chip adds up to 120 at the end, the bury helper lists exactly the calls left, a
forced alone always says why, hints and review lines name legal actions with signed values.

Standard library, pytest and sheepshead only: also run inside Pyodide."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from tiers import sizes

from sheepshead.actions import Action, Kind
from sheepshead.bots import make_player
from sheepshead.bots.advice import Hint, ReviewStep, hint, review_cost, review_steps
from sheepshead.buryinfo import bury_options, leaves
from sheepshead.cards import CARDS, Card, mask_of, parse_cards
from sheepshead.position import Phase
from sheepshead.rules import Rules
from sheepshead.state import HandState
from sheepshead.trickinfo import TOTAL_POINTS, points_so_far
from sheepshead.ui.help.helptext import (
    HIDDEN_MARK,
    MINUS,
    OTHERS_SHOWN,
    action_words,
    alone_text,
    leaves_text,
    points_text,
    review_line,
    review_total,
    shown_cost,
    signed,
)
from sheepshead.ui.help.hintwords import EVEN, EXPECTED, HintWords, hint_words
from sheepshead.ui.look.markup import short
from sheepshead.ui.look.wording import names_for

NUMBER = re.compile(r"\d+")
VALUE = re.compile(r"[+−]\d+\.\d")


def played(rules: Rules, count: int, base: int, levels=("standard", "random", "easy")):
    """``count`` seeded hands played to the end: (final state, every state on the way)."""
    n = rules.players
    for i in range(count):
        state = HandState.from_seed("game:%016x" % (base + 97 * i), 1 + i % 10, rules)
        players = [make_player(levels[(i + s) % len(levels)], 31 * i + s) for s in range(n)]
        steps = [state.clone()]
        while not state.is_over:
            state.apply(players[state.to_act].choose(state.view(state.to_act)))
            steps.append(state.clone())
        yield state, steps


def chip_numbers(text: str) -> int:
    return sum(int(x) for x in NUMBER.findall(text))


# ------------------------------------------------------------------ points
@pytest.mark.parametrize("rules", [Rules(), Rules(leaster_blind="last-trick"), Rules(players=3),
                                   Rules(all_pass="doubler")], ids=str)
@sizes("hands", fast=20, full=60)
def test_points_text_adds_up(rules, hands):
    names = names_for(rules.players)
    kinds = {"picked": 0, "leaster": 0, "none": 0}
    for final, steps in played(rules, hands, 0x7e11, ("random", "standard", "easy")):
        for state in steps:
            for seat in range(rules.players):
                p = points_so_far(state.view(seat))
                text = points_text(p, names)
                if text is None:
                    assert p.sides is None and not p.leaster
                    continue
                assert chip_numbers(text) == p.total          # every number shown, once
                assert (HIDDEN_MARK in text) == p.hidden
                assert "-" not in text
        for seat in range(rules.players):
            p = points_so_far(final.view(seat))
            text = points_text(p, names)
            if final.thrown_in:
                kinds["none"] += 1
                assert text is None
                continue
            assert text is not None and chip_numbers(text) == TOTAL_POINTS, text
            assert " in doubt" not in text and HIDDEN_MARK not in text
            kinds["leaster" if p.leaster else "picked"] += 1
            if p.leaster:
                assert text.startswith("Leaster — ")
                assert all(name in text for name in names)
                assert ("blind" in text) == bool(p.set_aside)
            else:
                assert text.startswith("Picker's side ")
    assert kinds["picked"] and (kinds["leaster"] or kinds["none"]), kinds


def test_points_text_examples():
    from sheepshead.trickinfo import PointsTaken, Side, SidePoints
    five = names_for(5)
    p = PointsTaken((34, 12, 0, 0, 21), (Side.PICKER, None, None, None, Side.DEFENDERS),
                    SidePoints(34, 21, 12), None, 0, False, True, False)
    assert points_text(p, five) == ("Picker's side 34 · Defenders 21 · 12 in doubt"
                                    " · some cards hidden")
    p = PointsTaken((0, 14, 3, 0, 92), (None,) * 5, None, None, 11, True, False, True)
    assert points_text(p, five) == "Leaster — You 0 · Gus 14 · Bev 3 · Lars 0 · Dottie 92 · blind 11"
    p = PointsTaken((0,) * 5, (None,) * 5, None, None, 0, False, False, False)
    assert points_text(p, five) is None


# ---------------------------------------------------------------- the bury
def bury_views(count: int):
    """The picker's view at the bury of ``count`` seeded deals (the first seat picks)."""
    for i in range(count):
        state = HandState.from_seed("game:%016x" % (0xb0b0 + 13 * i), 1 + i % 10)
        state.apply("pick")
        yield state.view(state.to_act)


def test_leaves_text_lists_exactly_the_calls():
    forced = 0
    for view in bury_views(150):
        for option in bury_options(view):
            lv = option.leaves
            assert lv is not None
            text = leaves_text(lv)
            assert text.startswith("After this bury: ")
            if lv.alone_forced:
                forced += 1
                assert text == "After this bury: go alone only"
                assert lv.reason is not None
                line = alone_text(lv.reason)
                assert line.startswith("You must go alone: ") and "\n" not in line
                assert any(w in line for w in ("hold", "bury", "keep no")), line
                named = {c for c in CARDS if c.name in line}
                owned = set(view.hand)
                assert named <= owned, line                # only your own cards are named
                continue
            assert text.endswith(" or go alone") or text == "After this bury: go alone"
            for card in CARDS:
                assert (card.name in text) == (card in lv.calls), (text, lv.calls)
            for card in lv.unknown_aces:
                assert f"call {card.name} with an unknown card" in text
            parts = text[len("After this bury: "):].removesuffix(" or go alone").split(", ")
            assert len(parts) == max(1, len(lv.calls))
    assert forced >= 5, forced


def reason(hand: str, bury: str):
    lv = leaves(mask_of(parse_cards(hand)), mask_of(parse_cards(bury)))
    assert lv.alone_forced and lv.reason is not None
    return lv.reason


def test_alone_text_cases():
    assert alone_text(reason("AC 10C AS 10S QC QS", "AH 10H")) == (
        "You must go alone: you hold or bury every fail Ace and every fail Ten.")
    assert alone_text(reason("AH 10H QC QS QH QD", "AC AS")) == (
        "You must go alone: you hold or bury every fail Ace, and no Ten can be called: you "
        "hold the Ten of hearts and keep no clubs or spades.")
    assert alone_text(reason("AC 9C QC QS QH QD", "AS 7H")) == (
        "You must go alone: you hold the Ace of clubs, bury the Ace of spades and keep no "
        "hearts; you keep the Nine of clubs, so you cannot call a suit you have none of.")
    assert alone_text(reason("AC AS AH 10C 10S QC", "10H 7D")) == (
        "You must go alone: you hold or bury every fail Ace and every fail Ten.")
    line = alone_text(reason("AC 7C 8C 9C QC QS", "AS 7H"))
    assert "you keep the Seven of clubs, the Eight of clubs and the Nine of clubs, so" in line


# --------------------------------------------------------------------- hint
def test_action_words():
    cases = {"play AH": "A♥", "play 10C": "10♣", "pick": "Pick up", "pass": "Pass",
             "bury KD 7C": "bury 7♣ K♦", "call AH": "call A♥", "alone": "go alone",
             "call AS unknown 9D": "call A♠ (unknown card)", "crack": "Crack",
             "recrack": "Re-crack", "blitz": "Blitz"}
    for text, words in cases.items():
        assert action_words(Action.parse(text)) == words
    assert action_words(Action.parse("pass"), Phase.DOUBLES) == "No crack"
    assert signed(0.4) == "+0.4" and signed(-0.8) == f"{MINUS}0.8" and signed(-0.04) == "+0.0"


def seat0_views(rules: Rules, count: int, base: int):
    """Seat 0's views at its decisions (two or more choices) in seeded hands."""
    for _, steps in played(rules, count, base, ("standard", "easy")):
        for state in steps[:-1]:
            if state.to_act == 0:
                yield state.view(0)


def test_hint_words_on_real_hints():
    seen = {"searched": 0, "forced": 0, "reason": 0, "even": 0}
    for view in seat0_views(Rules(), 3, 0x41):
        h = hint(view, seed=7)
        words = hint_words(h, view)
        line, detail = words.line, words.detail
        assert line.endswith(".") and "\n" not in line and "Expert:" not in line
        if h.forced:
            seen["forced"] += 1
            assert detail is None
            assert line.startswith("Your only card is the " if h.action.kind is Kind.PLAY
                                   else "Your only choice: ")
            continue
        assert line.startswith("The Expert would ")
        seen["reason"] += ": " in line
        if not h.searched:
            assert detail is None
            continue
        seen["searched"] += 1
        assert detail is not None and detail.startswith((EXPECTED, EVEN))
        assert "-" not in detail                            # the real minus sign only
        best = h.value_of(h.action)
        assert best is not None
        others = [(a, v) for a, v in h.values if a != h.action][:OTHERS_SHOWN]
        # Never two lines that contradict: a choice that is not clearly best says so, in
        # words, with no figure that could read as the hint choosing the lower score.
        tied = any(round(v, 1) >= round(best, 1) for _, v in others)
        assert detail.startswith(EVEN) == tied
        if tied:
            seen["even"] += 1
            assert "+" not in detail and "−" not in detail and "usual play." in detail
            continue
        parts = detail.removeprefix(EXPECTED).split(" · ")
        assert len(parts) == 1 + len(others)
        assert parts[0].endswith(" " + signed(best))        # the Expert's choice first
        for part, (_, v) in zip(parts[1:], others, strict=True):
            assert part.endswith(" " + signed(v))           # values, not differences
    assert seen["searched"] >= 3 and seen["forced"] >= 1 and seen["reason"] >= 3, seen


def test_hint_words_crack_round():
    rules = Rules(crack=True)
    for _, steps in played(rules, 40, 0xc4, ("standard", "random")):
        for state in steps[:-1]:
            if state.phase is Phase.DOUBLES:
                view = state.view(state.to_act)
                h = hint(view)
                assert not h.searched
                words = hint_words(h, view)
                if h.forced:
                    assert words.line.startswith("Your only choice: ")
                    continue
                said = {Kind.PASS: "not crack", Kind.CRACK: "crack", Kind.RECRACK: "re-crack"}
                assert words == HintWords(f"The Expert would {said[h.action.kind]}.", None)
                return
    pytest.fail("no crack round in 40 hands")


def test_hint_words_examples():
    h = Hint(0, Phase.PICK, Action.parse("pass"),
             ((Action.parse("pass"), -0.3), (Action.parse("pick"), -0.6)), (), 0.3, False, True)
    view = _view_with_hand(Phase.PICK, "QS 7D AC 10H 9H 7S")
    assert hint_words(h, view) == HintWords(
        "The Expert would pass: you hold two trumps, one of them a Queen or Jack, and one "
        "fail Ace.", "Your score this hand as the Expert estimates it: pass −0.3 · pick up −0.6")
    h = Hint(0, Phase.PICK, Action.parse("pick"),
             ((Action.parse("pick"), 0.1), (Action.parse("pass"), 0.1)), (), -0.02, False, True)
    view = _view_with_hand(Phase.PICK, "QC JD AD 9D 7H 8S")
    assert hint_words(h, view) == HintWords(
        "The Expert would pick up: you hold four trumps, two of them Queens or Jacks, and no "
        "fail Ace.", "Too close to call: pass comes out as well in the Expert's trial deals, a "
        "difference within chance, so it keeps its usual play.")
    h = Hint(0, Phase.PLAY, Action.parse("play 7D"), (), (), None, True, False)
    assert hint_words(h, _view_with_hand(Phase.PLAY, "7D")) == HintWords(
        "Your only card is the Seven of diamonds.", None)


def _view_with_hand(phase: Phase, cards: str):
    """Seat 0's view of the first hand of a deal, with its hand replaced by ``cards``."""
    view = HandState.from_seed("game:0000000000000001", 1).view(0)
    return replace(view, phase=phase, hand=tuple(Card(c) for c in cards.split()))


# ------------------------------------------------------------------- review
LABEL = re.compile(r"^(Pick|Bury|Call|Crack round|Trick [1-6]): you ")


def test_review_lines_on_real_hands():
    costly = 0
    for i, (final, _) in enumerate(played(Rules(), 3, 0x3e, ("random", "standard"))):
        steps = list(review_steps(final, 0 if i % 2 == 0 else 1, seed=3))
        for step in steps:
            line = review_line(step)
            assert LABEL.match(line), line
            if step.phase is Phase.PLAY:
                assert line.startswith(f"Trick {step.trick}: you played {short(step.yours.card)}")
            if step.yours == step.expert or shown_cost(step) == 0:
                assert line.endswith(" — as the Expert would"), line
            elif step.cost is None:
                assert "cost" not in line and "; Expert " in line
            else:
                costly += 1
                assert line.endswith(f": {shown_cost(step):.1f} points lost"), line
                assert len(VALUE.findall(line)) == 2 and "-" not in line
                yours, theirs = (float(v.replace("−", "-")) for v in VALUE.findall(line))
                assert f"{theirs - yours:.1f}" == f"{shown_cost(step):.1f}", line   # adds up
                words = action_words(step.expert, step.phase)
                if step.expert.kind is not Kind.PLAY:
                    words = words[0].lower() + words[1:]
                assert f"; Expert {words} (" in line, line
        total = review_total(steps)
        shown = round(sum(shown_cost(s) or 0.0 for s in steps), 1)
        assert abs(shown - review_cost(steps)) <= 0.05 * len(steps) + 1e-9
        if shown == 0:
            assert total == "You played this hand as the Expert would."
        else:
            assert total == f"Total cost: {shown:.1f} points"
    assert costly >= 1


def step(phase, yours, expert, mine, theirs, cost, trick=None):
    return ReviewStep(1, 1, 0, phase, trick, Action.parse(yours), mine, Action.parse(expert),
                      theirs, cost)


def test_review_examples():
    assert review_line(step(Phase.PLAY, "play KH", "play AH", -1.2, -0.4, 0.8, 3)) == (
        "Trick 3: you played K♥ (−1.2); Expert A♥ (−0.4): 0.8 points lost")
    assert review_line(step(Phase.PICK, "pass", "pick", -0.3, 0.5, 0.8)) == (
        "Pick: you passed (−0.3); Expert pick up (+0.5): 0.8 points lost")
    assert review_line(step(Phase.PLAY, "play AH", "play AH", 0.2, 0.2, 0.0, 3)) == (
        "Trick 3: you played A♥ — as the Expert would")
    assert review_line(step(Phase.DOUBLES, "pass", "crack", None, None, None)) == (
        "Crack round: you did not crack; Expert crack")
    assert review_line(step(Phase.BURY, "bury 7C KD", "bury 10S KS", 0.1, 1.0, 0.9)) == (
        "Bury: you buried 7♣ K♦ (+0.1); Expert bury 10♠ K♠ (+1.0): 0.9 points lost")
    steps = [step(Phase.PLAY, "play KH", "play AH", -1.2, -0.4, 0.8, 3),
             step(Phase.PICK, "pass", "pick", -0.3, 0.8, 1.1)]
    assert review_total(steps) == "Total cost: 1.9 points"
    # The cost shown is the difference of the values shown (issue 40: "cost 4.2" beside
    # −2.6 and +1.5 read as a mistake).
    assert review_line(step(Phase.BURY, "bury 9C AH", "bury 7C 8C", -2.64, 1.54, 4.18)) == (
        "Bury: you buried 9♣ A♥ (−2.6); Expert bury 7♣ 8♣ (+1.5): 4.1 points lost")
    assert review_total(steps[:0]) == "You had no choice to make this hand."
