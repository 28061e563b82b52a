"""Result links (docs/specs/results.md): writing, reading, refusing and checking them.

Standard library + pytest only: this file also runs inside Pyodide
(tests/test_in_pyodide.py).  Random games are seeded, so every run plays the same ones.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable

import pytest

from sheepshead import Game, HandState, Rules, SheepsheadError
from sheepshead.actions import Action, Kind
from sheepshead.bots.seating import DAILY_LEVEL, computer_choice
from sheepshead.cards import CARDS
from sheepshead.results import (
    ALPHABET,
    MAX_NAME,
    NEW_GAME_LEVEL,
    ResultCheck,
    ResultLink,
    check_result,
    clean_name,
    parse_result,
    result_fragment,
    result_link,
    result_string,
    sextets,
)
from sheepshead.state import Phase

OPTION_TABLES: list[dict[str, object]] = [
    {},
    {"double_on_bump": False, "schwarz_to_picker": True},
    {"partner": "jack-of-diamonds"},
    {"all_pass": "doubler"},
    {"all_pass": "dealer-picks"},
    {"leaster_tiebreak": "fewer-tricks", "leaster_tie": "shared", "leaster_blind": "last-trick"},
    {"crack": True, "blitz": True},
    {"players": 3},
    {"players": 4},
    {"players": 4, "partner": "jack-of-diamonds", "crack": True, "blitz": True,
     "all_pass": "doubler"},
    {"players": 3, "crack": True, "blitz": True, "all_pass": "doubler"},
    {"crack": True, "blitz": True, "all_pass": "doubler"},
]

Chooser = Callable[[Game, HandState, random.Random], Action]

EXAMPLE = "#daily=2026-11-30&result=1.AABDeX"   # hand 1 begins: pass pass pick bury 10C KD call AH


def table_id(table: dict[str, object]) -> str:
    return ",".join(f"{k}={v}" for k, v in table.items()) or "default"


def game_seed(rng: random.Random) -> str:
    return "game:%016x" % rng.getrandbits(64)


def thrown_in(state: HandState) -> bool:
    return state.is_over and state.result().thrown_in


def random_choice(pass_bias: float = 0.0) -> Chooser:
    """Any legal action; with ``pass_bias``, pass that often when picking (throw-ins)."""
    def choose(game: Game, state: HandState, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if pass_bias and Phase(state.phase) is Phase.PICK and rng.random() < pass_bias:
            passes = [a for a in legal if a.kind is Kind.PASS]
            if passes:
                return passes[0]
        return rng.choice(legal)
    return choose


def computers(level: str) -> Chooser:
    """Seat 0 plays randomly, every other seat is the game's computer player of ``level``."""
    def choose(game: Game, state: HandState, rng: random.Random) -> Action:
        seat = state.to_act
        if seat == 0:
            return rng.choice(state.legal_actions())
        return computer_choice(level, game.seed, game.hand_number, game.redeal,
                               state.view(seat), len(state.history))
    return choose


def play(seed: str, rules: Rules, rng: random.Random, choose: Chooser, hands: int = 10,
         game: Game | None = None) -> Game:
    """Play (or go on playing) ``game`` until ``hands`` hands are played to the end."""
    game = game if game is not None else Game(seed, rules)
    while True:
        state = game.current
        while not state.is_over:
            game.apply(choose(game, state, rng))
        if game.is_over or (game.hand_number >= hands and not thrown_in(state)):
            return game
        game.next_hand()


def played_deals(game: Game) -> int:
    """How many deals a link of ``game`` holds (a trailing throw-in is not one of them)."""
    n = len(game.hands)
    while n and (not game.hands[n - 1].is_over or thrown_in(game.hands[n - 1])):
        n -= 1
    return n


def refusal(text: str) -> str:
    with pytest.raises(SheepsheadError) as info:
        parse_result(text)
    message = str(info.value)
    assert "\n" not in message and message.strip() == message and message
    return message


def example_game() -> Game:
    game = Game("daily:2026-11-30")
    for a in ["pass", "pass", "pick", "bury 10C KD", "call AH"]:
        game.apply(a)
    return play(game.seed, game.rules, random.Random(5), random_choice(), hands=1, game=game)


# ------------------------------------------------------------- the format
def test_the_example_of_results_md() -> None:
    game = example_game()
    assert result_string(game).startswith("1.AABDeX")
    link = parse_result(result_fragment(game))
    assert [str(a) for a in link.hands[0][:5]] == ["pass", "pass", "pick", "bury 10C KD",
                                                   "call AH"]
    assert link.deals == ((1, 0),)


def test_sextets_of_every_kind_of_action() -> None:
    assert ALPHABET[0] == "A" and ALPHABET[26] == "a" and ALPHABET[52] == "0"
    assert ALPHABET[62:] == "-_" and len(set(ALPHABET)) == 64
    cases = {"pass": (0,), "pick": (1,), "crack": (2,), "recrack": (3,), "blitz": (4,),
             "bury 10C KD": (3, 30), "bury KD 10C": (3, 30), "call AH": (23,),
             "call 10S": (11,), "call AC unknown 7H": (63, 7, 16), "alone": (62,),
             "play 7C": (0,), "play AD": (31,), "play QC": (5,)}
    for text, want in cases.items():
        assert sextets(Action.parse(text)) == want, text


def test_the_fragment_of_a_daily_and_of_a_new_game_with_rules() -> None:
    game = example_game()
    fragment = result_fragment(game, by="Ann", level="expert")
    assert fragment.startswith("#daily=2026-11-30&result=1.AABDeX")
    assert fragment.endswith("&by=Ann&level=expert")
    rules = Rules.from_json({"players": 3, "crack": True})
    game = play("game:0123456789abcdef", rules, random.Random(1), random_choice(), hands=2)
    fragment = result_fragment(game)
    assert fragment.startswith("#game=0123456789abcdef&rules=p3.crack&result=1.")
    assert "&by=" not in fragment and "&level=" not in fragment
    assert result_fragment(play("game:0123456789abcdef", Rules(), random.Random(1),
                                random_choice(), hands=1)).startswith(
        "#game=0123456789abcdef&result=1.")


def test_a_whole_url_or_just_the_fragment_with_or_without_hash() -> None:
    fragment = result_fragment(example_game(), by="Ann")
    want = parse_result(fragment)
    for text in (fragment[1:], "https://example.org/sheepshead/?x=1&y=2" + fragment,
                 "  " + fragment + "\n", "http://h/#" + fragment[1:]):
        assert parse_result(text) == want


def test_parameters_in_any_order_and_the_game_id_in_either_case() -> None:
    game = play("game:00000000deadbeef", Rules.from_json({"crack": True}), random.Random(3),
                random_choice(), hands=1)
    link = result_link(game, by="Bo", level="easy")
    text = (f"#level=easy&result={link.result_string()}&by=Bo&rules=crack"
            f"&game=00000000DEADBEEF")
    assert parse_result(text) == link
    assert parse_result(text).fragment() == result_fragment(game, by="Bo", level="easy")


# ------------------------------------------------------------- round trips
@pytest.mark.parametrize("table", OPTION_TABLES, ids=table_id)
def test_random_games_round_trip(table: dict[str, object]) -> None:
    rules = Rules.from_json(table)
    rng = random.Random("round trip " + table_id(table))
    hands_played = throw_ins = 0
    for g in range(30):
        bias = 0.85 if g % 3 == 0 else 0.0        # plenty of throw-ins under the doubler
        stop = 10 if g % 2 == 0 else rng.randint(1, 10)
        game = play(game_seed(rng), rules, rng, random_choice(bias), hands=stop)
        by = rng.choice([None, "Ann", "Jürgen 🐑", "<b>&amp;</b> a=b&c#d%20"])
        level = rng.choice([None, "easy", "standard", "expert"])
        fragment = result_fragment(game, by=by, level=level)
        link = parse_result(fragment)
        deals = played_deals(game)
        assert link.seed == game.seed and link.rules == rules
        assert link.by == by and link.level == level
        assert link.deals == tuple(game.deals[:deals])
        assert link.hands == tuple(tuple(h.actions()) for h in game.hands[:deals])
        assert link.fragment() == fragment
        check = check_result(link, computer_moves=False)
        assert check.hands == game.hand_number == len(check.scores)
        assert check.scores == tuple(tuple(s) for s in game.hand_scores())
        assert check.totals == game.totals() and sum(check.totals) == 0
        assert check.finished == game.is_over
        assert check.computer_moves_match is None
        hands_played += check.hands
        throw_ins += sum(1 for h in game.hands[:deals] if thrown_in(h))
    assert hands_played >= 180        # 12 tables: over 2,000 hands in all
    if table.get("all_pass") == "doubler":
        assert throw_ins >= 5


def test_single_hands_round_trip_hand_by_hand() -> None:
    """A link of every prefix of a game: one hand, two hands, … each its own link."""
    rng = random.Random("prefixes")
    for table in OPTION_TABLES:
        rules = Rules.from_json(table)
        game = Game(game_seed(rng), rules)
        while True:
            play(game.seed, rules, rng, random_choice(0.5), hands=game.hand_number, game=game)
            if not thrown_in(game.current):
                link = parse_result(result_fragment(game))
                assert len(link.hands) == len(game.hands)
                assert check_result(link, computer_moves=False).hands == game.hand_number
            if game.is_over:
                break
            game.next_hand()


def test_a_link_ends_after_the_last_hand_played_not_after_a_trailing_throw_in() -> None:
    rules = Rules.from_json({"all_pass": "doubler"})
    game = play("game:0000000000000001", rules, random.Random(0), random_choice(), hands=1)
    game.next_hand()
    for _ in range(rules.players):
        game.apply("pass")
    assert thrown_in(game.current)
    link = parse_result(result_fragment(game))
    assert len(link.hands) == len(game.hands) - 1
    tail = ALPHABET[0] * rules.players
    assert refusal(link.fragment() + tail) == \
        "result: ends inside hand 2: it was thrown in and not dealt again"
    # and the redeal that follows is named in refusals
    assert refusal(link.fragment() + tail + "C") == \
        "hand 2 redeal 1 action 0: 'C' (2) is neither pass (A) nor pick (B)"


def test_a_game_with_no_complete_hand_has_no_link() -> None:
    game = Game("daily:2026-11-30")
    game.apply("pass")
    with pytest.raises(SheepsheadError, match="no hand of this game is over yet"):
        result_string(game)
    with pytest.raises(SheepsheadError, match="default table"):
        ResultLink("daily:2026-11-30", Rules.from_json({"crack": True}), (), ())
    with pytest.raises(SheepsheadError, match="level: 'hard' is not known"):
        result_fragment(example_game(), level="hard")


# ------------------------------------------------------------- the name
def test_a_name_with_markup_round_trips_as_plain_text() -> None:
    game = example_game()
    for name in ("<script>x()</script>", "O'Brien & \"Sons\"", "%41 + %", "Åsa 🐑 ✓",
                 "a=b#c&d", "x" * MAX_NAME):
        link = parse_result(result_fragment(game, by=name))
        assert link.by == name
        assert check_result(link, computer_moves=False).to_json()["by"] == name
    assert "%3Cscript%3E" in result_fragment(game, by="<script>")
    # a name pasted without percent-encoding is read as it is
    assert parse_result(result_fragment(game) + "&by=<i>Åsa</i>").by == "<i>Åsa</i>"


def test_writing_a_name_strips_control_characters_and_keeps_24_characters() -> None:
    assert clean_name("  Ann\n\x00\x7f\x9b Lee\t ") == "Ann Lee"
    assert clean_name("y" * 30) == "y" * MAX_NAME
    assert clean_name("\n\t ") is None and clean_name(None) is None
    link = parse_result(result_fragment(example_game(), by="Z" * 100))
    assert link.by == "Z" * MAX_NAME


def test_names_that_are_refused() -> None:
    base = result_fragment(example_game())
    assert refusal(base + "&by=") == "by: the name is empty"
    assert refusal(base + "&by=%zz") == "by: '%' at position 0 is not followed by two hex digits"
    assert refusal(base + "&by=ab%4") == "by: '%' at position 2 is not followed by two hex digits"
    assert refusal(base + "&by=%FF%FE") == "by: the name is not percent-encoded UTF-8"
    assert refusal(base + "&by=%C3") == "by: the name is not percent-encoded UTF-8"
    assert refusal(base + "&by=a%0Ab") == "by: the name holds a control character"
    assert refusal(base + "&by=" + "y" * 25) == "by: the name is longer than 24 characters"
    assert refusal(base + "&by=" + "%C3%A5" * 25) == "by: the name is longer than 24 characters"
    assert refusal(base + "&by=" + "y" * 10_000) == "by: the name is longer than 24 characters"
    assert refusal(base + "&by=" + "%41" * 10_000) == "by: the name is longer than 24 characters"


# ------------------------------------------------------------- refusals
def test_an_illegal_action_names_hand_action_and_reason() -> None:
    # seat 0 leads QS (trump); seat 1 holds QH and JH but plays 7C
    assert refusal(EXAMPLE + "NA") == 'hand 1 action 6 "play 7C": seat 1 must follow trump'
    assert refusal(EXAMPLE[:-1] + "f").startswith('hand 1 action 4 "call AD": ')


def test_every_tampered_action_is_refused_with_the_engines_reason() -> None:
    rng = random.Random("tamper")
    tested = 0
    for table in OPTION_TABLES:
        rules = Rules.from_json(table)
        for _ in range(6):
            game = play(game_seed(rng), rules, rng, random_choice(0.3), hands=rng.randint(1, 4))
            link = result_link(game)
            # replace one play by a card that is not legal there; the message is the engine's
            i = rng.randrange(len(link.hands))
            plays = [j for j, a in enumerate(link.hands[i]) if a.kind is Kind.PLAY]
            if not plays:
                continue
            j = rng.choice(plays)
            n, r = link.deals[i]
            state = HandState.from_seed(game.seed, n, rules, r)
            for a in link.hands[i][:j]:
                state.apply(a)
            legal = {a.card.index for a in state.legal_actions()}
            illegal = [c for c in range(32) if c not in legal]
            bad = Action(Kind.PLAY, (CARDS[rng.choice(illegal)],))
            try:
                state.apply(bad)
            except SheepsheadError as e:
                reason = str(e)
            else:
                raise AssertionError("an illegal card was accepted")
            hands = list(link.hands)
            hands[i] = link.hands[i][:j] + (bad,) + link.hands[i][j + 1:]
            tampered = ResultLink(link.seed, link.rules, tuple(hands), link.deals)
            where = f"hand {n}" + (f" redeal {r}" if r else "")
            assert refusal(tampered.fragment()) == f'{where} action {j} "{bad}": {reason}'
            tested += 1
    assert tested >= 50


def test_sextets_that_mean_nothing_in_their_phase() -> None:
    assert refusal("#daily=2026-11-30&result=1.C") == \
        "hand 1 action 0: 'C' (2) is neither pass (A) nor pick (B)"
    assert refusal("#daily=2026-11-30&result=1.AABDD") == \
        'hand 1 action 3 "bury 10C 10C": cannot bury 10C twice'
    assert refusal("#daily=2026-11-30&result=1.AABgD") == \
        "hand 1 action 3: 'g' (32) is not a card to bury"
    assert refusal("#daily=2026-11-30&result=1.AABDeo") == \
        "hand 1 action 4: 'o' (40) is not a card to call, alone (-) or unknown (_)"
    assert refusal("#daily=2026-11-30&result=1.AABDeXz") == \
        "hand 1 action 5: 'z' (51) is not a card to play"
    assert refusal("#daily=2026-11-30&result=1.AABDe_X9") == \
        "hand 1 action 4: '9' (61) is not an unknown card"
    assert refusal("#daily=2026-11-30&result=1.AABDe_X") == "result: ends inside hand 1"
    assert refusal("#daily=2026-11-30&result=1.AABD").startswith("result: ends inside hand 1")
    assert refusal("#daily=2026-11-30&result=1.AABDe-").startswith("result: ends inside")
    assert refusal("#daily=2026-11-30&result=1.AABDeF").startswith('hand 1 action 4 "call QC": ')
    # the doubles phase: answers are 0-4
    game = Game("game:0000000000000002", Rules.from_json({"crack": True, "blitz": True}))
    state = game.current
    while Phase(state.phase) is not Phase.DOUBLES:     # seat 0 picks, buries and calls
        game.apply(next(a for a in state.legal_actions() if a.kind is not Kind.PASS))
    head = result_link_of_partial(game)
    assert refusal(head + "F") == f"hand 1 action {len(state.history)}: 'F' (5) is no answer " \
                                  f"(A-E: pass pick crack recrack blitz)"
    assert refusal(head + "B").startswith(f'hand 1 action {len(state.history)} "pick": seat ')


def result_link_of_partial(game: Game) -> str:
    """The fragment of a game's first hand in progress (no writer makes one: built here)."""
    actions = game.current.actions()
    text = "".join(ALPHABET[s] for a in actions for s in sextets(a))
    code = game.rules.to_code()
    kind, _, value = game.seed.partition(":")
    return f"#{kind}={value}" + (f"&rules={code}" if code else "") + "&result=1." + text


def test_link_refusals_in_one_line_each() -> None:
    r = "&result=1.AABDeX"
    cases = {
        "": "link: empty (expected #daily=… or #game=… and &result=1.…)",
        "https://example.org/#": "link: empty (expected #daily=… or #game=… and &result=1.…)",
        "#daily=2026-11-30": "link: no result= part (this names a game, not a result)",
        "#game=0123456789abcdef&rules=p3": "link: no result= part (this names a game, not a result)",
        "#result=1.AABDeX": "link: names no game (daily= or game=)",
        "#daily=2026-11-30&game=0123456789abcdef" + r:
            "link: names two games (both daily= and game=)",
        "#daily=2026-13-01" + r: "link: daily='2026-13-01' is not a date (YYYY-MM-DD)",
        "#daily=2026-02-30" + r: "link: daily='2026-02-30' is not a date (YYYY-MM-DD)",
        "#daily=today" + r: "link: daily='today' is not a date (YYYY-MM-DD)",
        "#game=0123" + r: "link: game='0123' is not 16 hex digits",
        "#game=0123456789abcdeg" + r: "link: game='0123456789abcdeg' is not 16 hex digits",
        "#daily=2026-11-30&rules=p3" + r:
            "link: a Daily is always played on the default table, so it has no rules=",
        "#game=0123456789abcdef&rules=zzz" + r: "rules: 'zzz' is not a table option",
        "#game=0123456789abcdef&rules=" + r: "rules: the rules part is empty",
        "#daily=2026-11-30" + r + "&level=hard":
            "level: 'hard' is not known (easy, standard, expert)",
        "#daily=2026-11-30" + r + "&level=": "level: '' is not known (easy, standard, expert)",
        "#daily=2026-11-30" + r + "&by=a&by=b": "link: by= is given twice",
        "#daily=2026-11-30" + r + r: "link: result= is given twice",
        "#daily=2026-11-30" + r + "&foo=1":
            "link: unknown parameter 'foo' (known: daily, game, rules, result, by, level, hints)",
        "#daily=2026-11-30" + r + "&hints=0":
            "hints: '0' is not 1 (hints=1 says the sender used hints; absent, it is not said)",
        "#daily=2026-11-30" + r + "&hints=":
            "hints: '' is not 1 (hints=1 says the sender used hints; absent, it is not said)",
        "#daily=2026-11-30" + r + "&hints=1&hints=1": "link: hints= is given twice",
        "#daily=2026-11-30" + r + "&level": "link: 'level' is not name=value",
        "#daily=2026-11-30" + r + "&": "link: an empty parameter (two & in a row, or & at an end)",
        "#daily=2026-11-30&" + r: "link: an empty parameter (two & in a row, or & at an end)",
        # read as a browser reads it: a space inside is percent-encoded (location.hash)
        "#daily=2026-11-30" + r + " AB": "result: character '%' is not base64url",
        "#daily=2026-11-30&result=": 'result: no version (it must begin with "1.")',
        "#daily=2026-11-30&result=AABDeX": 'result: no version (it must begin with "1.")',
        "#daily=2026-11-30&result=2.AABDeX": "result: version 2 is not known (this version reads 1)",
        "#daily=2026-11-30&result=01.AABDeX":
            "result: version 01 is not known (this version reads 1)",
        "#daily=2026-11-30&result=1.": "result: holds no hand (a result link holds one or more "
                                      "complete hands)",
        "#daily=2026-11-30&result=1.AABDe*": "result: character '*' is not base64url",
        "#daily=2026-11-30&result=1.AABDeX=": "result: character '=' is not base64url",
        "#daily=2026-11-30&result=1.AAB.DeX": "result: character '.' is not base64url",
        "#daily=2026-11-30&result=1.AABDeX": "result: ends inside hand 1",
        "#daily=2026-11-30&result=1." + "A" * 100_001:
            "result: 100001 characters is longer than any game (at most 100000)",
    }
    for text, want in cases.items():
        assert refusal(text) == want, text
    with pytest.raises(SheepsheadError, match="link: must be text"):
        parse_result(b"#daily=2026-11-30")   # type: ignore[arg-type]


def test_hints_travel_in_the_link_only_when_said_and_older_links_read_as_not_said() -> None:
    rng = random.Random("hints")
    game = play(game_seed(rng), Rules(), rng, random_choice(), hands=2)
    plain = result_fragment(game, "Ann")
    said = result_fragment(game, "Ann", hints=True)
    assert "hints" not in plain and said == plain + "&hints=1"
    assert parse_result(plain).hints is False                 # every older link
    link = parse_result(said)
    assert link.hints is True and link.fragment() == said
    check = check_result(link, computer_moves=False)
    assert check.hints is True and check.to_json()["hints"] is True and check.link == said
    assert check_result(parse_result(plain), computer_moves=False).to_json()["hints"] is False
    moved = said.replace("&by=Ann&hints=1", "&hints=1&by=Ann")   # any order
    assert parse_result(moved).fragment() == said


def test_truncated_links_end_inside_the_hand_they_stop_in() -> None:
    rng = random.Random("truncate")
    game = play(game_seed(rng), Rules(), rng, random_choice(), hands=10)
    fragment = result_fragment(game)
    head, _, actions = fragment.partition("&result=1.")
    ends: dict[int, int] = {}
    pos = 0
    for (n, _), hand in zip(game.deals, game.hands):
        pos += sum(len(sextets(a)) for a in hand.actions())
        ends[pos] = n
    for cut in range(1, len(actions)):
        text = f"{head}&result=1.{actions[:cut]}"
        if cut in ends:
            assert check_result(parse_result(text), computer_moves=False).hands == ends[cut]
        else:
            n = next(n for end, n in sorted(ends.items()) if end > cut)
            message = refusal(text)
            assert message == f"result: ends inside hand {n}" or \
                message.startswith(f"hand {n} action "), (cut, message)


def test_more_than_ten_hands_is_refused() -> None:
    rng = random.Random("eleven")
    game = play(game_seed(rng), Rules(), rng, random_choice(), hands=10)
    fragment = result_fragment(game)
    assert parse_result(fragment).deals[-1][0] == 10
    assert refusal(fragment + "AAB") == \
        "result: the game is over after hand 10, yet 3 more character(s) follow"
    assert refusal(fragment + fragment.partition("&result=1.")[2]).startswith(
        "result: the game is over after hand 10, yet ")


def test_fuzzing_raises_nothing_but_sheepshead_error() -> None:
    rng = random.Random("fuzz")
    good = [result_fragment(example_game(), by="Ann", level="easy"),
            result_fragment(play("game:0123456789abcdef", Rules.from_json(
                {"crack": True, "all_pass": "doubler"}), rng, random_choice(0.6), hands=3))]
    pieces = list(ALPHABET) + list("#&=.%+ \n\t\x00é🐑\ud800*/?") + \
        ["daily=", "game=", "rules=", "result=", "by=", "level=", "1.", "%C3", "%41", "&",
         "2026-11-30", "0123456789abcdef", "p3", "crack", "expert"]
    accepted = 0
    for i in range(3000):
        if i % 3 == 0:
            text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 30)))
        else:
            chars = list(rng.choice(good))
            for _ in range(rng.randint(1, 4)):
                k = rng.randrange(len(chars) + 1)
                op = rng.random()
                if op < 0.4 and k < len(chars):
                    chars[k] = rng.choice(pieces)
                elif op < 0.7 and k < len(chars):
                    del chars[k]
                else:
                    chars.insert(k, rng.choice(pieces))
            text = "".join(chars)
        try:
            link = parse_result(text)
        except SheepsheadError as e:
            message = str(e)
            assert message and "\n" not in message, repr(text)
            message.encode("utf-8")         # printable on any UTF-8 terminal
            continue
        accepted += 1
        assert check_result(link, computer_moves=False).hands >= 1
    assert accepted >= 1


# ------------------------------------------------------------- computer moves
def test_computer_moves_match_for_a_game_played_by_the_games_players() -> None:
    rng = random.Random("computers")
    game = play("game:00000000000000aa", Rules(), rng, computers("easy"), hands=10)
    link = parse_result(result_fragment(game, level="easy"))
    check = check_result(link)
    assert check.computer_moves_match is True and check.first_difference is None
    assert check.level == "easy" and check.finished and check.hands == 10
    # the same game read at another level: Standard would have played differently
    other = check_result(parse_result(result_fragment(game, level="standard")))
    assert other.computer_moves_match is False and other.level == "standard"
    assert other.scores == check.scores


def test_a_new_games_link_without_level_is_checked_at_standard() -> None:
    rng = random.Random("standard")
    game = play("game:00000000000000bb", Rules.from_json({"players": 4, "crack": True}), rng,
                computers(NEW_GAME_LEVEL), hands=3)
    check = check_result(parse_result(result_fragment(game)))
    assert check.level == "standard" and check.computer_moves_match is True


def test_a_dailys_link_without_level_is_checked_at_the_daily_level() -> None:
    game = play("daily:2026-11-30", Rules(), random.Random("daily"), computers(DAILY_LEVEL),
                hands=1)
    link = parse_result(result_fragment(game, by="Ann"))
    check = check_result(link)
    assert link.level is None and check.level == DAILY_LEVEL == "expert"
    assert check.computer_moves_match is True
    assert check_result(link, computer_moves=False).computer_moves_match is None


def test_throw_ins_are_checked_with_their_redeal() -> None:
    rules = Rules.from_json({"all_pass": "doubler", "players": 3})
    rng = random.Random("doubler")
    for k in range(200):
        game = play("game:%016x" % (0xd0b1e000 + k), rules, rng, computers("easy"), hands=2)
        if any(r for _, r in game.deals):
            break
    else:
        raise AssertionError("no throw-in in 200 games")
    check = check_result(parse_result(result_fragment(game, level="easy")))
    assert check.computer_moves_match is True and check.hands == 2


def test_changing_one_computer_action_is_noticed() -> None:
    rng = random.Random("change")
    level = "easy"
    base = computers(level)
    tested = 0
    for k in range(8):
        rules = Rules.from_json(OPTION_TABLES[k % len(OPTION_TABLES)])
        seed = "game:%016x" % (0xc0ffee00 + k)
        target = rng.randint(0, 60)
        changed: list[str] = []

        def choose(game: Game, state: HandState, r: random.Random) -> Action:
            action = base(game, state, r)
            seat = state.to_act
            count = sum(len(h.history) for h in game.hands)
            legal = state.legal_actions()
            if not changed and seat != 0 and count >= target and len(legal) > 1:
                action = next(a for a in legal if a != action)
                n, red = game.deals[-1]
                where = f"hand {n}" + (f" redeal {red}" if red else "")
                changed.append(f'{where} action {len(state.history)}: seat {seat} played '
                               f'"{action}"')
            return action

        game = play(seed, rules, random.Random(k), choose, hands=3)
        if not changed:
            continue
        check = check_result(parse_result(result_fragment(game, level=level)))
        assert check.computer_moves_match is False
        assert check.first_difference is not None
        assert check.first_difference.startswith(changed[0] + "; this version's easy player")
        tested += 1
    assert tested >= 6


def test_the_check_as_json() -> None:
    game = example_game()
    check = check_result(parse_result(result_fragment(game, by="<Ann>")), computer_moves=False)
    assert isinstance(check, ResultCheck)
    data = check.to_json()
    assert list(data) == ["link", "daily_opponents", "seed", "rules", "hands", "finished",
                          "scores", "totals", "by", "level", "hints", "computer_moves_match",
                          "first_difference"]
    assert data["link"] == result_fragment(game, by="<Ann>") and data["daily_opponents"] is True
    assert data["seed"] == "daily:2026-11-30" and data["rules"] == {} and data["hands"] == 1
    assert data["scores"] == [list(game.hand_scores()[0])]
    assert data["totals"] == list(game.totals()) and data["by"] == "<Ann>"
    assert data["level"] == "expert" and data["computer_moves_match"] is None
    rules = Rules.from_json({"players": 3, "crack": True})
    game = play("game:0123456789abcdef", rules, random.Random(2), random_choice(), hands=1)
    data = check_result(parse_result(result_fragment(game)), computer_moves=False).to_json()
    assert data["rules"] == {"players": 3, "crack": True} and data["level"] == "standard"
    assert data["daily_opponents"] is None
    assert len(data["totals"]) == 3  # type: ignore[arg-type]


def test_a_hand_made_link_is_checked_too() -> None:
    link = parse_result(result_fragment(example_game()))
    bad = ResultLink(link.seed, link.rules, (link.hands[0][:5] + (Action.parse("play 7C"),),),
                     link.deals)
    with pytest.raises(SheepsheadError, match=r'^hand 1 action 5 "play 7C": '):
        check_result(bad)
    short = ResultLink(link.seed, link.rules, (link.hands[0][:-1],), link.deals)
    with pytest.raises(SheepsheadError, match=r"^result: ends inside hand 1$"):
        check_result(short)
    with pytest.raises(SheepsheadError, match="holds no hand"):
        check_result(ResultLink(link.seed, link.rules, (), ()))
    with pytest.raises(SheepsheadError, match="deal 1 is hand 1 redeal 0, not 2 redeal 0"):
        check_result(ResultLink(link.seed, link.rules, link.hands, ((2, 0),)))


def test_letters_of_the_alphabet_are_base64url() -> None:
    assert set(ALPHABET) == set(string.ascii_letters + string.digits + "-_")


# ---------------------------------------------------------------- level versions (issue 12)
OLD_DAILY_LINK = (  # made on 2026-12-01 by the Expert of that day (tests/test_bots_runtime.py)
    "#daily=2026-12-01&result=1.BBKPLJIOPYMVFbXSWQHGcCRZdEeUDNTfaAABLX-HNCAGJKWMIUBZEFDYRcQVOabSdPfeT"
    "BTWPZMYUfKIOPJBEARCaVcdGFSeDbLXQHNBGIXFZNEUYdbRCefDJcaVBSWALOHMQKTXPBAO-FMEcaUdbWTCIQBYZfNLHRJKe"
    "XVDSPGBDIPKPbJGNYcUZAHBOeRQMCWVEaLXFdfTSAABHP-KOCILEbBdFDGAQcNeYURVJaZSMTfWXAAABEFPRSXQMLPKeOGHB"
    "TAYVdZaCINcbWUfDJAABGK_HNTFXASDNHZOIMJVPYcdWeLQBbUEaRCfABBE-FNbcYIPdRLSATZQCXDHaJOeGUMKVfW")


def test_a_dailys_level_is_a_function_of_its_date() -> None:
    import datetime as dt

    from sheepshead.bots.seating import EXPERT_V2_FROM, EXPERT_V3_FROM, daily_level, resolve_level
    assert dt.date(2026, 12, 2) == EXPERT_V2_FROM
    assert dt.date(2026, 12, 3) == EXPERT_V3_FROM
    assert daily_level(dt.date(2026, 11, 30)) == daily_level(dt.date(2026, 12, 1)) == "expert-v1"
    assert daily_level(dt.date(2026, 12, 2)) == "expert-v2"
    assert daily_level(dt.date(2026, 12, 3)) == "expert-v3"
    assert daily_level(dt.date(2026, 12, 4)) == "expert-v4"
    assert daily_level(dt.date(2026, 12, 5)) == daily_level(dt.date(2027, 5, 1)) == "expert-v5"
    assert resolve_level(DAILY_LEVEL, "daily:2026-12-01") == "expert-v1"
    assert resolve_level(DAILY_LEVEL, "daily:2026-12-02") == "expert-v2"
    assert resolve_level(DAILY_LEVEL, "daily:2026-12-03") == "expert-v3"
    assert resolve_level(DAILY_LEVEL, "daily:2026-12-04") == "expert-v4"
    assert resolve_level(DAILY_LEVEL, "daily:2026-12-05") == "expert-v5"
    assert resolve_level("expert", "game:00000000000000bb") == "expert-v5"
    assert resolve_level("standard", "game:00000000000000bb") == "standard-v7"
    assert resolve_level("easy", "daily:2026-12-02") == "easy"


# slow: ten hands of the Expert; test_an_old_dailys_moves_are_the_frozen_experts is its fast sibling
@pytest.mark.slow
def test_a_daily_link_made_before_the_expert_changed_still_checks() -> None:
    link = parse_result(OLD_DAILY_LINK)
    check = check_result(link)
    assert check.level == "expert" and check.computer_moves_match is True


def test_an_old_dailys_moves_are_the_frozen_experts() -> None:
    from sheepshead.bots import make_player
    from sheepshead.bots.seating import decision_seed
    game = Game("daily:2026-11-30", Rules())
    state = game.current
    rng = random.Random("old")
    while not state.is_over:
        seat = state.to_act
        view = state.view(seat)
        if seat == 0:
            action = rng.choice(state.legal_actions())
        else:       # what the table chose on 2026-11-30: the Expert of that day, by its seed
            action = make_player("expert-v1", decision_seed(
                game.seed, game.hand_number, seat, len(state.history))).choose(view)
            assert computer_choice(DAILY_LEVEL, game.seed, game.hand_number, 0, view,
                                   len(state.history)) == action
        game.apply(action)


def test_a_new_games_link_checks_at_every_version_its_level_has_meant() -> None:
    from sheepshead.bots.seating import MoveCheck
    for version in ("standard-v1", "standard-v2", "standard-v3", "standard-v4", "standard-v5",
                    "standard-v6", "standard-v7"):
        game = play("game:00000000000000cc", Rules(), random.Random(version), computers(version),
                    hands=2)
        link = parse_result(result_fragment(game, level="standard"))
        check = check_result(link)
        assert check.level == "standard" and check.computer_moves_match is True, version
    assert MoveCheck("standard", "game:00000000000000cc").versions == [
        "standard-v7", "standard-v6", "standard-v5", "standard-v4", "standard-v3", "standard-v2", "standard-v1"]
    assert MoveCheck("expert", "daily:2026-11-30").versions == ["expert-v1"]
    assert MoveCheck("expert", "daily:2026-12-02").versions == ["expert-v2"]
    assert MoveCheck("expert", "daily:2026-12-03").versions == ["expert-v3"]
    assert MoveCheck("expert", "daily:2026-12-04").versions == ["expert-v4"]


def test_a_link_whose_moves_no_version_makes_says_where() -> None:
    game = play("game:00000000000000cc", Rules(), random.Random("x"), computers("standard"),
                hands=1)
    link = parse_result(result_fragment(game, level="standard"))
    actions = [str(a) for a in link.hands[0]]
    # The first computer decision with a choice, changed to another legal action.
    replay = HandState.from_seed(game.seed, 1)
    done = []
    for text in actions:
        legal = replay.legal_actions()
        if replay.to_act != 0 and len(legal) > 1:
            other = next(a for a in legal if str(a) != text)
            break
        replay.apply(text)
        done.append(text)
    tampered = Game(game.seed, Rules())
    for text in done:
        tampered.apply(text)
    tampered.apply(other)
    while not tampered.current.is_over:
        tampered.apply(tampered.current.legal_actions()[0])
    check = check_result(parse_result(result_fragment(tampered, level="standard")))
    assert check.computer_moves_match is False
    assert check.first_difference is not None and f'played "{other}"' in check.first_difference
    assert link.level == "standard"


# slow: up to 20 games of the Expert; the fast tier keeps the other version checks
@pytest.mark.slow
def test_a_new_game_played_against_the_old_expert_still_checks() -> None:
    from sheepshead.bots.seating import MoveCheck
    # The first of these New Games whose first hand the two Experts play differently.
    for k in range(20):
        seed = "game:%016x" % (0xe1e0 + k)
        game = play(seed, Rules(), random.Random(k), computers("expert-v1"), hands=1)
        check = check_result(parse_result(result_fragment(game, level="expert")))
        assert check.level == "expert" and check.computer_moves_match is True
        newest = check_result(parse_result(result_fragment(
            play(seed, Rules(), random.Random(k), computers("expert"), hands=1), level="expert")))
        assert newest.computer_moves_match is True
        link = parse_result(result_fragment(game, level="expert"))
        moves = MoveCheck("expert", seed)
        state = HandState.from_seed(seed, 1)
        for action in link.hands[0]:
            if state.to_act != 0 and len(state.legal_actions()) > 1:
                assert moves.matches(1, 0, state.view(state.to_act), len(state.history), action)
            state.apply(action)
        if moves.version == "expert-v1":
            return                  # the older version was needed, and it was accepted
    raise AssertionError("no game in 20 where expert-v1 and today's Expert differ")
