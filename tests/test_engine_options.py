"""The table options of shared/rules/README.md, played by the engine.

Options that change only the scoring are checked against the default table on
the same deal and the same actions, scored by the independent reference
implementation (tests/reference.py): the option's effect must be exactly the
transformation the rules describe.  Options that change play (Jack of diamonds
partner, the crack round, forced picks, three- and four-handed tables) are
checked on seeded deals with hand-worked numbers, and every option runs the
random-hand invariants.  No hypothesis here: this file also runs in Pyodide.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import reference
from tiers import sizes

from sheepshead import Game, HandState, Rules, SheepsheadError
from sheepshead.cards import CARDS, card_points, cards_of, parse_card
from sheepshead.record import HandRecord, replay
from sheepshead.state import CallKind, Phase

OPTION_TABLES = [
    {},
    {"double_on_bump": False},
    {"partner": "jack-of-diamonds"},
    {"all_pass": "doubler"},
    {"all_pass": "dealer-picks"},
    {"leaster_tiebreak": "fewer-tricks", "leaster_tie": "shared", "leaster_blind": "last-trick"},
    {"crack": True, "blitz": True},
    {"schwarz_to_picker": True},
    {"players": 3},
    {"players": 4},
    {"players": 4, "partner": "jack-of-diamonds", "crack": True, "blitz": True, "all_pass": "doubler"},
    {"players": 3, "crack": True, "blitz": True, "all_pass": "dealer-picks"},
]


def seeds(n, salt):
    rng = random.Random(salt)
    return ["game:%016x" % rng.getrandbits(64) for _ in range(n)]


def random_hand(seed, rules, rng, hand=1, redeal=0):
    state = HandState.from_seed(seed, hand, rules, redeal)
    while not state.is_over:
        moves = state.legal_moves()
        assert moves, "a legal action is always available until the end"
        state.apply_move(rng.choice(moves))
    return state


# --------------------------------------------------------------- invariants
@pytest.mark.parametrize("table", OPTION_TABLES, ids=lambda t: ",".join(f"{k}={v}" for k, v in t.items()) or "default")
def test_random_hands_keep_the_invariants_under_every_option(table):
    rules = Rules.from_json(table)
    rng = random.Random(str(table))
    deck = 30 if rules.players == 4 else 32
    for seed in seeds(400, str(table)):
        state = random_hand(seed, rules, rng, hand=rng.randint(1, 10), redeal=rng.choice([0, 0, 1]))
        result = state.result()
        assert sum(result.scores) == 0
        assert {m.bit_count() for m in state.dealt} == {rules.hand_size}
        if result.thrown_in:
            assert result.scores == (0,) * rules.players and len(state.tricks) == 0
            continue
        played = [c for _, cards, _, _ in state.tricks for c in cards]
        assert len(played) == len(set(played)) == rules.players * rules.hand_size
        rest = state.blind if result.leaster else state.bury
        assert len(played) + rest.bit_count() == deck
        if result.leaster:
            blind_to = card_points(state.blind) if table.get("leaster_blind") == "last-trick" else 0
            assert sum(result.points) == 120 - card_points(state.blind) + blind_to
        else:
            assert sum(result.points) == 120
        assert result.multiplier & (result.multiplier - 1) == 0   # a power of two


def test_every_option_round_trips_through_a_record():
    rng = random.Random(9)
    for table in OPTION_TABLES:
        rules = Rules.from_json(table)
        assert Rules.from_json(rules.to_json()) == rules
        assert rules.to_json() == {k: v for k, v in table.items()}
        state = random_hand(seeds(1, f"rt{table}")[0], rules, rng)
        record = HandRecord(rules, seeds(1, f"rt{table}")[0], 1, state.dealer, None,
                            tuple(str(a) for a in state.actions()))
        again = replay(record.to_json())
        assert again.result() == state.result()


def test_bad_option_values_are_refused_with_one_line():
    for bad, words in [({"players": 6}, "3, 4 or 5"), ({"crack": "yes"}, "true or false"),
                       ({"all_pass": "reshuffle"}, "cannot be"), ({"partner": "jack-of-diamonds", "players": 3}, "alone"),
                       ({"bogus": 1}, "unknown rule option")]:
        with pytest.raises(SheepsheadError, match=words):
            Rules.from_json(bad)


# ---------------------------------------------- scoring-only options vs the reference
def _default_hands(n, salt, want):
    """Finished default-table hands (engine) with the reference's outcome, filtered by ``want``."""
    rng = random.Random(salt)
    out = []
    for seed in seeds(n, salt):
        state = random_hand(seed, Rules(), rng)
        hands = [[str(c) for c in cards_of(m)] for m in state.dealt]
        ref = reference.play_record(hands, [str(c) for c in cards_of(state.blind)], state.dealer,
                                    [str(a) for a in state.actions()])
        outcome = ref.outcome()
        if want(state, outcome):
            out.append((seed, state, outcome))
    return out


def test_no_double_on_the_bump_makes_a_loss_cost_what_a_win_pays():
    rules = Rules(double_on_bump=False)
    losses = _default_hands(600, "bump", lambda s, o: not s.is_leaster and o["scores"][s.picker] < 0)
    assert len(losses) > 50
    for seed, state, outcome in losses:
        again = replay(HandRecord(rules, seed, 1, None, None, tuple(str(a) for a in state.actions())).to_json())
        assert list(again.result().scores) == [v // 2 for v in outcome["scores"]]
    wins = _default_hands(300, "bump-win", lambda s, o: not s.is_leaster and o["scores"][s.picker] > 0)
    for seed, state, outcome in wins:
        again = replay(HandRecord(rules, seed, 1, None, None, tuple(str(a) for a in state.actions())).to_json())
        assert list(again.result().scores) == outcome["scores"]


def test_schwarz_charged_to_the_picker_leaves_the_partner_out():
    rules = Rules(schwarz_to_picker=True)
    schwarzed = []
    rng = random.Random(5)
    for seed in seeds(20000, "schwarz"):
        state = random_hand(seed, Rules(), rng)
        if not state.is_leaster and state.partner >= 0 and state.result().row == -3:
            schwarzed.append((seed, state))
        if len(schwarzed) == 5:
            break
    assert schwarzed, "random play produces schwarzed sides with a partner"
    for seed, state in schwarzed:
        default = state.result().scores
        again = replay(HandRecord(rules, seed, 1, None, None, tuple(str(a) for a in state.actions())).to_json())
        scores = again.result().scores
        assert default[state.partner] == -6 and default[state.picker] == -12
        assert scores[state.partner] == 0 and scores[state.picker] == -18
        for s in range(5):
            if s not in (state.picker, state.partner):
                assert scores[s] == default[s] == 6


def _with_doubles(state_actions, picker, extra):
    """Insert the crack-round answers ``extra`` right after the call (or alone)."""
    actions = list(state_actions)
    k = next(i for i, a in enumerate(actions) if a.startswith(("call", "alone")))
    return actions[:k + 1] + extra + actions[k + 1:]


def test_crack_and_recrack_double_and_double_again():
    rules = Rules(crack=True)
    found = 0
    for seed, state, outcome in _default_hands(400, "crack", lambda s, o: not s.is_leaster):
        picker, dealer = state.picker, state.dealer
        askers = [(picker + k) % 5 for k in range(1, (dealer - picker) % 5 + 1)]
        defenders = [s for s in askers if s != state.partner]
        if not defenders:
            continue
        # everyone before the first defender passes, that defender cracks, the picker re-cracks
        first = defenders[0]
        extra = ["pass" for s in askers[:askers.index(first)]] + ["crack", "recrack"]
        actions = _with_doubles([str(a) for a in state.actions()], picker, extra)
        again = replay(HandRecord(rules, seed, 1, None, None, tuple(actions)).to_json())
        assert again.result().multiplier == 4
        assert list(again.result().scores) == [4 * v for v in outcome["scores"]]
        view = again.view((picker + 1) % 5)
        assert view.cracked_by == first and view.recracked
        found += 1
    assert found > 50


def test_the_crack_round_asks_those_who_could_not_pick_and_the_partner_only_passes():
    rules = Rules(crack=True)
    checked = 0
    for seed in seeds(300, "asks"):
        state = HandState.from_seed(seed, 1, rules)   # dealer 4: seat 0 speaks first
        state.apply("pass")
        state.apply("pick")                           # seat 1 picks: seats 2, 3, 4 never could
        state.apply_move(state.legal_moves()[0])      # some bury
        calls = [a for a in state.legal_actions() if a.kind.value == "call"]
        if not calls:
            continue
        state.apply(calls[0])
        asked = []
        while state.phase == Phase.DOUBLES:
            legal = [str(a) for a in state.legal_actions()]
            asked.append(state.to_act)
            if state.to_act == state.partner:
                assert legal == ["pass"]
                with pytest.raises(SheepsheadError, match="answers with a pass"):
                    state.apply("crack")
            else:
                assert legal == ["crack", "pass"]
            state.apply("pass")
        assert asked == [2, 3, 4]
        assert state.phase == Phase.PLAY and state.multiplier == 1
        checked += 1
    assert checked > 100


def test_blitz_needs_both_black_queens_and_doubles_once():
    rules = Rules(blitz=True)
    offered = declined = 0
    rng = random.Random(4)
    for seed in seeds(600, "blitz"):
        state = HandState.from_seed(seed, 1, rules)
        state.apply("pick")
        state.apply_move(rng.choice(state.legal_moves()))
        state.apply_move(state.legal_moves()[-1])      # go alone
        has = all(state.hands[0] >> parse_card(q).index & 1 for q in ("QC", "QS"))
        if has:
            assert state.phase == Phase.DOUBLES and [str(a) for a in state.legal_actions()] == ["blitz", "pass"]
            state.apply("blitz")
            assert state.multiplier == 2 and state.phase == Phase.PLAY
            assert state.view(3).blitzed
            offered += 1
        else:
            # asked all the same, so that the pass reveals nothing; only a pass is legal
            assert state.phase == Phase.DOUBLES and [str(a) for a in state.legal_actions()] == ["pass"]
            with pytest.raises(SheepsheadError, match="both black Queens"):
                state.apply("blitz")
            state.apply("pass")
            assert state.phase == Phase.PLAY and state.multiplier == 1
            declined += 1
    assert offered > 5 and declined > 100


def test_dealer_must_pick_and_the_bump_is_waived():
    rules = Rules(all_pass="dealer-picks")
    losses = 0
    rng = random.Random(8)
    for seed in seeds(300, "forced"):
        state = HandState.from_seed(seed, 1, rules)
        for _ in range(4):
            state.apply("pass")
        assert state.to_act == state.dealer == 4
        assert [str(a) for a in state.legal_actions()] == ["pick"]
        with pytest.raises(SheepsheadError, match="must pick"):
            state.apply("pass")
        state.apply("pick")
        while not state.is_over:
            state.apply_move(rng.choice(state.legal_moves()))
        result = state.result()
        share = {3: 3, 2: 2, 1: 1, -1: -1, -2: -2, -3: -3}[result.row]   # no doubling on a loss
        for s in range(5):
            if s not in (state.picker, state.partner):
                assert result.scores[s] == -share
        losses += result.row < 0
    assert losses > 50


def test_doubler_throws_in_and_the_next_played_hand_counts_double_compounding():
    rules = Rules(all_pass="doubler")
    game = Game("daily:2026-11-30", rules)
    for _ in range(5):
        game.apply("pass")
    assert game.current.is_over and game.current.thrown_in and not game.is_over
    assert game.current.result().scores == (0,) * 5
    game.next_hand()
    assert (game.hand_number, game.redeal) == (1, 1) and game.current.dealer == 4
    assert game.current.multiplier == 2
    for _ in range(5):
        game.apply("pass")
    game.next_hand()
    assert (game.hand_number, game.redeal, game.current.multiplier) == (1, 2, 4)
    # the redealt cards are the deal of key seed:1:2
    from sheepshead.deals import deal
    assert game.current.dealt == tuple(sum(1 << c.index for c in h)
                                        for h in deal("daily:2026-11-30", 1, 2).hands)
    game.apply("pick")
    rng = random.Random(1)
    while not game.current.is_over:
        game.current.apply_move(rng.choice(game.current.legal_moves()))
    base = HandState.from_seed("daily:2026-11-30", 1, Rules(), 2)
    for code in game.current.history:
        base.apply_move(code)
    assert list(game.current.result().scores) == [4 * v for v in base.result().scores]
    assert game.hand_scores() == [game.current.result().scores]      # throw-ins not counted
    game.next_hand()
    assert (game.hand_number, game.redeal, game.current.multiplier) == (2, 0, 1)
    saved = Game.from_json(game.to_json())
    assert saved.deals == game.deals and saved.totals() == game.totals()


@sizes("hands", fast=300, full=3000)
def test_leaster_options_tiebreak_shared_and_blind_to_last_trick(hands):
    rng = random.Random(12)
    tie_cases = shared_cases = blind_cases = 0
    for seed in seeds(hands, "leaster"):
        state = HandState.from_seed(seed, 1)
        for _ in range(5):
            state.apply("pass")
        while not state.is_over:
            state.apply_move(rng.choice(state.legal_moves()))
        taken, won = state.taken, state.won
        qualified = [s for s in range(5) if won[s]]
        low = min(taken[s] for s in qualified)
        tied = [s for s in qualified if taken[s] == low]
        actions = tuple(str(a) for a in state.actions())

        def scored(**table):
            return list(replay(HandRecord(Rules(**table), seed, 1, None, None, actions).to_json())
                        .result().scores)

        if len(tied) > 1:
            assert scored() == [0] * 5
            fewest = min(won[s] for s in tied)
            best = [s for s in tied if won[s] == fewest]
            tb = scored(leaster_tiebreak="fewer-tricks")
            if len(best) == 1:
                assert tb == [4 if s == best[0] else -1 for s in range(5)]
                tie_cases += 1
            else:
                assert tb == [0] * 5
            k = len(tied)
            assert scored(leaster_tie="shared") == [5 - k if s in tied else -k for s in range(5)]
            shared_cases += 1
        last = state.tricks[-1][2]
        points = list(taken)
        points[last] += card_points(state.blind)
        result = replay(HandRecord(Rules(leaster_blind="last-trick"), seed, 1, None, None, actions)
                        .to_json()).result()
        assert list(result.points) == points
        blind_cases += card_points(state.blind) > 0
    assert tie_cases and shared_cases and blind_cases


# ------------------------------------------------------- options that change play
def test_jack_of_diamonds_partner_is_its_holder_and_a_picker_holding_it_is_secretly_alone():
    rules = Rules(partner="jack-of-diamonds")
    jd = parse_card("JD").index
    secret = partnered = 0
    rng = random.Random(3)
    for seed in seeds(400, "jd"):
        state = HandState.from_seed(seed, 1, rules)
        state.apply("pick")
        state.apply_move(rng.choice(state.legal_moves()))
        assert state.phase == Phase.PLAY, "no call under the Jack of diamonds option"
        assert state.call_kind is CallKind.JACK
        holder = next(s for s in range(5) if (state.hands[s] | (state.bury if s == 0 else 0)) >> jd & 1)
        others = [s for s in range(1, 5) if s != holder]
        if holder == 0:
            assert state.alone and state.partner == -1
            secret += 1
        else:
            assert state.partner == holder and not state.alone
            partnered += 1
        assert state.view(0).alone == (holder == 0)
        for s in others:
            assert state.view(s).alone is None and state.view(s).partner is None
        while not state.is_over:
            state.apply_move(rng.choice(state.legal_moves()))
        result = state.result()
        share = -result.scores[others[0]]
        assert result.scores[0] == share * (4 if holder == 0 else 2)
    assert secret > 20 and partnered > 100


def test_three_handed_picker_always_alone_ten_cards_each():
    rules = Rules(players=3)
    rng = random.Random(6)
    for seed in seeds(100, "three"):
        state = HandState.from_seed(seed, 1, rules)
        assert [m.bit_count() for m in state.dealt] == [10, 10, 10] and state.blind.bit_count() == 2
        assert state.dealer == 2 and state.to_act == 0
        state.apply("pick")
        state.apply_move(rng.choice(state.legal_moves()))
        assert state.phase == Phase.PLAY and state.alone
        while not state.is_over:
            state.apply_move(rng.choice(state.legal_moves()))
        result = state.result()
        assert len(result.tricks) == 10
        d = result.scores[1]
        assert result.scores == (-2 * d, d, d)


def test_four_handed_no_black_sevens_seven_each_and_the_called_ace_scores_one_to_one():
    rules = Rules(players=4)
    rng = random.Random(7)
    calls = 0
    for seed in seeds(200, "four"):
        state = HandState.from_seed(seed, 1, rules)
        assert [m.bit_count() for m in state.dealt] == [7] * 4
        everything = state.blind
        for m in state.dealt:
            everything |= m
        assert not everything & 0x101 and everything.bit_count() == 30
        while not state.is_over:
            state.apply_move(rng.choice(state.legal_moves()))
        result = state.result()
        if result.partner is not None:
            calls += 1
            share = result.scores[result.partner]
            assert result.scores[result.picker] == share
            assert sorted(result.scores) == sorted([share, share, -share, -share])
        elif result.picker is not None:
            assert result.scores[result.picker] == -3 * next(
                v for s, v in enumerate(result.scores) if s != result.picker)
    assert calls > 30
    with pytest.raises(SheepsheadError, match="black sevens"):
        HandState([[CARDS[i] for i in range(k * 7, k * 7 + 7)] for k in range(4)],
                  [CARDS[28], CARDS[29]], 3, rules)


# ------------------------------------------------------------ golden hands
OPTION_GOLDEN = sorted((Path(__file__).resolve().parent / "golden" / "options").glob("*.json"))


@pytest.mark.parametrize("path", OPTION_GOLDEN, ids=lambda p: p.stem)
def test_option_golden_hands(path):
    """Each file: a hand under an option, its outcome worked out naively (trick winners and
    points by tests/reference.py, the option's scoring written out plainly) and explained in
    ``why``."""
    record = json.loads(path.read_text("utf-8"))
    expect = record["expect"]
    result = replay(record).result()
    assert list(result.scores) == expect["scores"], record["why"]
    assert result.multiplier == expect["multiplier"]
    if expect.get("thrown_in"):
        assert result.thrown_in
        return
    assert list(result.points) == expect["points"]
    lines = [f"{t.leader}: {' '.join(str(c) for c in t.cards)} -> {t.winner} ({t.points})"
             for t in result.tricks]
    assert lines == expect["tricks"]
    if not expect.get("leaster"):
        assert (result.picker, result.partner) == (expect["picker"], expect["partner"])
        assert result.side_points[0] == expect["side_points"]


def test_option_goldens_cover_every_option():
    tables = [json.loads(p.read_text("utf-8"))["rules"] for p in OPTION_GOLDEN]
    names = {name for t in tables for name in t}
    assert names == set(Rules().__dataclass_fields__)


def test_reprs_round_trip():
    """python-chess's habit: the repr of a value is the Python that makes it again."""
    from sheepshead.record import HandRecord
    for code in ("", "p3", "p4.jd.crack", "doubler.blitz.schwarz", "tie-tricks.tie-shared.blind-last"):
        rules = Rules.from_code(code) if code else Rules()
        assert repr(rules) == (f"Rules.from_code({code!r})" if code else "Rules()")
        assert eval(repr(rules), {"Rules": Rules}) == rules
    record = HandRecord.from_json({"seed": "daily:2026-12-01", "hand": 3,
                                   "rules": {"all_pass": "doubler"}, "redeal": 2,
                                   "actions": ["pass", "pick"]})
    again = eval(repr(record), {"HandRecord": HandRecord})
    assert again == record and again.to_json() == record.to_json()
