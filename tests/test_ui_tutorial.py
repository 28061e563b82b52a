"""The guided practice hand (sheepshead/ui/help/tutorial.py): the fixed deal teaches every topic
when you play it as the Standard player would, the hand can be finished whatever you do, and
tip() gives a short tip at each of your decisions on any table.

Standard library, pytest and sheepshead only (it can run inside Pyodide; tests/test_in_pyodide.py
says why it is not listed)."""

from __future__ import annotations

from sheepshead.actions import Kind
from sheepshead.bots import make_player
from sheepshead.grammar import GAME_ID
from sheepshead.position import Phase
from sheepshead.rules import Rules
from sheepshead.state import HandState
from sheepshead.ui.help.tutorial import (
    PRACTICE_HAND,
    PRACTICE_LEVEL,
    PRACTICE_SEED,
    TOPICS,
    TRUMP_LINE,
    Tip,
    play_practice,
    teaches,
    tip,
)

STANDARD = make_player("standard", 0)


def test_practice_seed_and_level():
    assert PRACTICE_SEED.startswith("game:") and GAME_ID.fullmatch(PRACTICE_SEED[5:]) and PRACTICE_HAND == 1
    assert PRACTICE_LEVEL in ("easy", "standard")
    assert TRUMP_LINE == ("Trump, high to low: Q♣ Q♠ Q♥ Q♦, J♣ J♠ J♥ J♦, "
                          "A♦ 10♦ K♦ 9♦ 8♦ 7♦.")


def test_practice_hand_teaches_every_topic():
    decisions: list[tuple[Phase, int, Tip | None]] = []

    def you(view):
        decisions.append((view.phase, len(view.tricks), tip(view)))
        return STANDARD.choose(view)

    state, tips = play_practice(you)
    assert state.is_over
    view = state.view(0)
    result = view.result
    assert result is not None and result.picker == 0 and not result.alone
    assert result.side_points is not None and result.side_points[0] >= 61
    seen = [t.topic for t in tips if t is not None]
    assert set(seen) == set(TOPICS)
    assert all(t is not None for t in tips)          # a tip at every one of your decisions
    # in the order of the hand: the pick (with trump), bury, call, then the first lead
    assert seen[:4] == ["pick", "bury", "call", "trump"] and seen[-1] == "count"
    assert [p for p, _, _ in decisions[:3]] == [Phase.PICK, Phase.BURY, Phase.CALL]
    # the bury is the textbook one: 10♠ K♠, fourteen points and void in spades
    bury = next(p.action for p in view.history if p.kind is Kind.BURY)
    assert bury is not None and {str(c) for c in bury.cards} == {"10S", "KS"}
    schmear = [(n, t) for _, n, t in decisions if t is not None and t.topic == "schmear"]
    assert schmear and schmear[0][0] == 3                # trick 4: Gus is sure to take it
    assert "Gus" in schmear[0][1].text
    count = tips[-1]
    assert count is not None and "110" in count.text and "61" in count.text
    assert teaches(PRACTICE_SEED)


def test_the_search_finds_the_seed():
    """The search's rule, from seed 0 upwards, with the Standard it was made with
    (``standard-v2``): PRACTICE_SEED is its sixth find, the first one whose bury voids a suit
    with points (10♠ K♠).  With today's Standard the deal still teaches every topic."""
    end = int(PRACTICE_SEED[5:], 16)
    found = [i for i in range(end + 1) if teaches("game:%016x" % i, "standard-v2")]
    assert found[-1] == end and len(found) == 6
    assert teaches(PRACTICE_SEED)


def test_passing_still_finishes_with_tips():
    decisions = []

    def you(view):
        t = tip(view)
        decisions.append((view.phase, t))
        passes = [a for a in view.legal if a.kind is Kind.PASS]
        return passes[0] if passes and view.phase is Phase.PICK else STANDARD.choose(view)

    state, tips = play_practice(you)
    assert state.is_over
    for phase, t in decisions:
        assert t is not None and t.topic in TOPICS, phase
    assert decisions[0][1] is not None and decisions[0][1].topic == "pick"
    assert tips[-1] is not None and tips[-1].topic == "count"


def test_tips_on_many_hands():
    """tip() never fails, names a topic, stays short, and says nothing when it is not your turn."""
    topics = set()
    for rules in (Rules(), Rules(players=3), Rules(crack=True), Rules(partner="jack-of-diamonds")):
        for i in range(25):
            state = HandState.from_seed("game:%016x" % (0x7a + 11 * i), 1 + i % 10, rules)
            players = [make_player(("random", "standard")[(i + s) % 2], i + s)
                       for s in range(rules.players)]
            while True:
                view = state.view(0)
                t = tip(view)
                if t is not None:
                    topics.add(t.topic)
                    assert t.topic in TOPICS and t.title and t.text
                    assert len(t.text) <= 240 and "\n" not in t.text
                elif view.my_turn and view.phase is not Phase.DOUBLES:
                    raise AssertionError(f"no tip at {view.phase}")
                if not view.my_turn and not view.is_over:
                    assert t is None
                if state.is_over:
                    break
                state.apply(players[state.to_act].choose(state.view(state.to_act)))
    assert topics == set(TOPICS)


def test_the_review_agrees_with_the_tips_on_the_practice_hand():
    """Played as its tips teach (today's Standard), the practice hand's review, the Expert's
    on the table's own seeds, finds every decision as the Expert would make it: a new player
    is never told by the review that a tip cost points (issue 22)."""
    from sheepshead.bots.advice import review_steps
    from sheepshead.ui.help.helptext import review_line, review_total
    from sheepshead.ui.storage.settings import Settings
    from sheepshead.ui.table.table import Table

    state, tips = play_practice(STANDARD.choose)
    seeds = Table(PRACTICE_SEED, Settings(speed="instant"), level=PRACTICE_LEVEL).review_seeds()
    steps = list(review_steps(state, 0, seed=seeds))
    assert len(steps) >= 6 and all(t is not None for t in tips[:len(steps)])
    assert [review_line(s) for s in steps if "as the Expert would" not in review_line(s)] == []
    assert review_total(steps) == "You played this hand as the Expert would."
