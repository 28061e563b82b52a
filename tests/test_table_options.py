"""Table options at the card table (issue 6): the Options panel, links that carry the
options, options saved with the game, the crack round for the human, and three- and
four-handed tables.

The first half runs without a browser (sheepshead/ui only); the tests marked ``browser``
drive the built page in headless Chromium (tests/conftest.py, tests/table_helpers.py).
"""

from __future__ import annotations

import datetime
import json
import re

import pytest
from save_helpers import old_save, reloaded, save_text

from sheepshead import Rules, SheepsheadError
from sheepshead.bots import seating
from sheepshead.rules import DEFAULT_RULES, OPTION_HELP
from sheepshead.state import CallKind, Phase
from sheepshead.ui.daily.daily import share_text
from sheepshead.ui.look.wording import HUMAN, announce, rules_phrases
from sheepshead.ui.page.links import hash_of, parse_link
from sheepshead.ui.storage.saves import read_save
from sheepshead.ui.storage.settings import Settings
from sheepshead.ui.table.render import UiState, render, ui_intent
from sheepshead.ui.table.table import Table

TODAY = datetime.date(2026, 11, 30)

OPTION_TABLES = [
    {},
    {"players": 3},
    {"players": 4},
    {"double_on_bump": False},
    {"partner": "jack-of-diamonds"},
    {"all_pass": "doubler"},
    {"all_pass": "dealer-picks"},
    {"leaster_tiebreak": "fewer-tricks", "leaster_tie": "shared", "leaster_blind": "last-trick"},
    {"crack": True},
    {"blitz": True},
    {"schwarz_to_picker": True},
    {"players": 4, "partner": "jack-of-diamonds", "crack": True, "blitz": True,
     "all_pass": "doubler"},
    {"players": 3, "crack": True, "blitz": True, "all_pass": "dealer-picks",
     "double_on_bump": False, "schwarz_to_picker": True},
]


def table_id(t: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in t.items()) or "default"


def play_hand(table: Table, choose=None) -> None:
    """Play the current hand to its end; the human passes when it can (so the computer
    players pick, crack and blitz), else takes the first legal action."""
    while not table.hand.is_over:
        if table.human_turn:
            legal = table.seat_view().legal
            action = choose(table.seat_view()) if choose else next(
                (a for a in legal if a.kind.value == "pass"), legal[0])
            assert table.act(action) is not None
        else:
            assert table.step() is not None


# ------------------------------------------------------------------ links
@pytest.mark.parametrize("data", OPTION_TABLES, ids=table_id)
def test_rules_code_round_trips(data):
    rules = Rules.from_json(data)
    code = rules.to_code()
    assert (code == "") == (rules == DEFAULT_RULES)
    if code:
        assert re.fullmatch(r"[a-z0-9-]+(\.[a-z0-9-]+)*", code)
        assert Rules.from_code(code) == rules
        assert Rules.from_code(".".join(reversed(code.split(".")))) == rules   # any order
        assert Rules.from_code(code.upper()) == rules
        link = hash_of("game:0123456789abcdef", rules)
        assert link == f"#game=0123456789abcdef&rules={code}"
        assert parse_link(link, TODAY) == ("game:0123456789abcdef", rules, None)
    # The Daily is always the default table: its link never carries options.
    assert hash_of("daily:2026-11-30", rules) == "#daily=2026-11-30"


def test_every_single_option_has_a_word():
    for name in OPTION_HELP:
        f = next(f for f in Rules.__dataclass_fields__.values() if f.name == name)
        kind = type(f.default)
        if kind is bool:
            values = [not f.default]
        elif kind is int:
            values = [3, 4]
        else:
            values = [v for v in kind if v is not f.default]
        for value in values:
            rules = Rules(**{name: value})
            assert Rules.from_code(rules.to_code()) == rules, (name, value)


@pytest.mark.parametrize("fragment, words", [
    ("#game=0123456789abcdef&rules=", "empty"),
    ("#game=0123456789abcdef&rules=p5", "not a table option"),
    ("#game=0123456789abcdef&rules=crack.crack", "given twice"),
    ("#game=0123456789abcdef&rules=doubler.dealer", "given twice"),
    ("#game=0123456789abcdef&rules=p3.p4", "given twice"),
    ("#game=0123456789abcdef&rules=p3.jd", "alone"),
    ("#game=0123456789abcdef&rules=crack..blitz", "not a table option"),
    ("#game=0123456789abcdef&rules=" + "x" * 300, "longer than any table"),
    ("#daily=2026-11-30&rules=crack", "a Daily is always played on the default table"),
    ("#game=0123456789abcdef&rulez=crack", "names no game"),
])
def test_a_bad_rules_part_opens_todays_daily_with_a_message(fragment, words):
    seed, rules, message = parse_link(fragment, TODAY)
    assert seed == "daily:2026-11-30" and rules == DEFAULT_RULES
    assert message and "today's Daily" in message and words in message, message
    assert len(message) < 260


def test_the_share_text_carries_the_options_and_no_game_id_in_words():
    rules = Rules(players=3, crack=True)
    t = Table("game:0123456789abcdef", rules=rules)
    text = share_text(t.game, "https://example.org/s/", level="standard")
    assert text.endswith("/s/#game=0123456789abcdef&rules=p3.crack")
    assert text.startswith("Sheepshead New Game (three players, crack and re-crack): ")


def test_rules_phrases_say_the_options_exactly():
    assert rules_phrases(DEFAULT_RULES) == []
    assert rules_phrases(Rules(players=4, all_pass="doubler")) == ["four players",
                                                                   "all pass: doubler"]
    assert rules_phrases(Rules(all_pass="dealer-picks", crack=True)) == [
        "all pass: the dealer picks", "crack and re-crack"]


# ------------------------------------------------------- settings & saves
def test_options_are_chosen_in_the_settings_and_saved():
    s = Settings()
    s.set_option("players", "4")
    s.set_option("crack", True)
    s.set_option("all_pass", "doubler")
    s.set_option("partner", "jack-of-diamonds")
    assert s.rules == Rules(players=4, crack=True, all_pass="doubler", partner="jack-of-diamonds")
    s.set_option("players", "3")             # three-handed: the partner option goes back
    assert s.rules.players == 3 and s.rules.partner.value == "called-ace"
    for name, value in (("players", "6"), ("players", "many"), ("crack", "maybe"),
                        ("partner", "jack-of-diamonds"), ("all_pass", "shuffle"),
                        ("sparkles", True)):
        with pytest.raises(SheepsheadError):
            s.set_option(name, value)
    assert s.rules.players == 3 and s.rules.crack
    data = s.to_json()
    assert data["rules"] == {"players": 3, "all_pass": "doubler", "crack": True}
    assert Settings.from_json(json.loads(json.dumps(data))) == s


def test_the_game_keeps_its_options_apart_from_the_chosen_ones():
    chosen = Rules(crack=True, blitz=True)
    t = Table("game:00000000000000c1", Settings(rules=chosen), Rules(players=4))
    t.act("pass")
    u = reloaded(t, t.settings)
    assert u.rules == Rules(players=4) and u.settings.rules == chosen
    assert u.game.to_json() == t.game.to_json()


def test_corrupt_saved_options():
    base = Table("game:00000000000000c1", rules=Rules(players=3))
    base.act("pass")
    # Options chosen for the next game that this version cannot read: defaults (the
    # settings are stored apart from the game, which they never touch).
    for bad in ({"players": 7}, {"crack": "yes"}, "p3", {"wild": True}, [1]):
        settings = Settings.from_json({**base.settings.to_json(), "rules": bad})
        assert settings.rules == DEFAULT_RULES and settings.level == base.settings.level
    # The options of the saved game itself are corrupt: the save is refused (the page sets
    # it aside with a notice and starts afresh, as with any corrupt save).
    data = json.loads(save_text(base))
    assert read_save(json.dumps(data)).load_game().rules == Rules(players=3)
    for bad in ({"players": 7}, {"partner": "queen"}, {"players": 3, "partner": "jack-of-diamonds"},
                "crack", {"crack": 1}):
        data["game"]["rules"] = bad
        with pytest.raises(SheepsheadError):
            read_save(json.dumps(data))


# ------------------------------------------------- the controller plays on
@pytest.mark.parametrize("data", OPTION_TABLES, ids=table_id)
@pytest.mark.parametrize("level", ["easy", "standard"])
def test_a_whole_game_under_each_option(data, level):
    rules = Rules.from_json(data)
    t = Table("game:00000000000000d7", Settings(level=level), rules)
    assert t.view().names == ("You", "Gus", "Bev", "Lars", "Dottie")[:rules.players]
    hands = 0
    while True:
        play_hand(t)
        hands += 1
        v = t.view()
        html = render(v, UiState())
        assert v.summary is not None and sum(v.summary.scores) == 0
        assert len(v.seat.result.scores) == rules.players
        if v.summary.thrown_in:
            assert "thrown in" in html["panel"] and 'data-ui="next"' in html["actions"]
        if not t.next_hand():
            break
        assert hands < 60
    sheet = t.score_sheet()
    assert sheet.game_over and len(sheet.rows) == 10 and sum(sheet.totals) == 0
    assert [n for n, _ in sheet.rows] == list(range(1, 11))
    assert all(len(scores) == rules.players for _, scores in sheet.rows)
    assert all(sum(scores) == 0 for _, scores in sheet.rows)
    html = render(t.view(), UiState(panel="scores"))["panel"]
    assert html.count('<th scope="col">') == rules.players + 1
    # Reloading replays the same game.
    assert reloaded(t).game.to_json() == t.game.to_json()


def test_a_failing_computer_player_is_an_error_not_a_silent_fallback(monkeypatch):
    class Broken:
        def choose(self, view):
            raise IndexError("a bug in a computer player")

    monkeypatch.setattr(seating, "make_player", lambda level, seed: Broken())
    t = Table("game:00000000000000d7", Settings(level="expert"), Rules(crack=True, blitz=True))
    while t.human_turn:
        t.act(t.seat_view().legal[0])
    with pytest.raises(IndexError, match="a bug in a computer player"):
        t.step()


# ------------------------------------------------------------- the screen
def _to_human_call(seed: str, rules: Rules) -> Table:
    t = Table(seed, rules=rules)
    t.act("pick")
    t.act(t.seat_view().legal[0])
    return t


def _crack_seed(rules: Rules):
    """A seed whose hand 1 lets seat 0 pick and call an Ace (so seats 1–4 are asked)."""
    for i in range(500):
        t = _to_human_call(f"game:{i:016x}", rules)
        v = t.seat_view()
        if v.phase == Phase.CALL and any(a.kind.value == "call" and a.unknown is None
                                         for a in v.legal):
            return t
    raise LookupError


def test_the_crack_round_on_screen():
    t = _crack_seed(Rules(crack=True))
    call = next(a for a in t.seat_view().legal if a.kind.value == "call" and a.unknown is None)
    t.act(call)
    v = t.seat_view()
    assert v.phase == Phase.DOUBLES and v.to_act == 1
    html = render(t.view(), UiState())
    assert "Gus is deciding whether to double" in html["status"]
    assert html["actions"] == ""
    t.hand.apply("crack")                              # Gus cracks (driven directly)
    assert announce(t.seat_view().history[-1]) == "Gus cracks: the hand counts double."
    v = t.seat_view()
    assert v.to_act == HUMAN and v.multiplier == 2 and v.cracked_by == 1
    html = render(t.view(), UiState())
    assert 'data-act="recrack"' in html["actions"] and ">Re-crack<" in html["actions"]
    assert ">No re-crack<" in html["actions"] and "Gus cracked" in html["status"]
    assert "×2 cracked" in html["chips"] and "crack and re-crack" in html["chips"]
    assert t.act("recrack") is not None
    html = render(t.view(), UiState())
    assert "×4 cracked, re-cracked" in html["chips"]
    assert announce(t.seat_view().history[-1]) == "You re-crack: double again."
    play_hand(t)
    s = t.hand_summary()
    assert s.multiplier == 4 and s.stakes == "×4 cracked, re-cracked"
    assert "×4 cracked, re-cracked" in render(t.view(), UiState())["panel"]


def test_the_partner_answers_the_crack_question_with_the_same_words():
    # Hand 2 is dealt by seat 0, so the human is asked once a computer player picks.
    rules = Rules(crack=True)
    for i in range(400):
        t = Table(f"game:{i:016x}", rules=rules)
        g = t.game
        while not g.current.is_over:
            g.current.apply(g.current.legal_actions()[-1])   # everyone passes: a leaster
        t.next_hand()
        h = g.current
        h.apply("pick")                                  # Gus picks
        h.apply(h.legal_actions()[0])
        mine = {str(c) for c in h.hand_of(HUMAN)}
        calls = [a for a in h.legal_actions() if a.kind.value == "call" and a.unknown is None]
        partner = [a for a in calls if str(a.card) in mine]
        defender = [a for a in calls if str(a.card) not in mine]
        if not (partner and defender):
            continue
        shown = {}
        for role, call in (("partner", partner[0]), ("defender", defender[0])):
            h2 = h.clone()
            h2.apply(call)
            while h2.to_act != HUMAN:
                h2.apply("pass")
            g.hands[-1] = h2
            v = t.seat_view()
            assert v.phase == Phase.DOUBLES and v.my_turn
            html = render(t.view(), UiState())
            shown[role] = (html["status"], html["actions"])
        assert shown["partner"][0] == shown["defender"][0]
        assert 'data-act="crack"' in shown["defender"][1]
        assert 'data-act="crack"' not in shown["partner"][1]
        for role in shown:
            assert ">No crack<" in shown[role][1]
        return
    raise LookupError("no seed")


def test_jack_of_diamonds_alone_stays_the_pickers_secret():
    rules = Rules(partner="jack-of-diamonds")
    for i in range(300):
        t = Table(f"game:{i:016x}", rules=rules)
        h = t.hand
        h.apply("pick")
        if "JD" not in {str(c) for c in h.hand_of(HUMAN)}:
            continue
        h.apply(h.legal_actions()[0])
        v = t.seat_view()
        assert v.alone is True and v.call_kind is CallKind.JACK
        html = render(t.view(), UiState())
        assert "whoever holds the Jack of diamonds" in html["chips"]   # as for everyone
        assert "alone" not in html["chips"] and "secret: no partner" in html["mine"]
        gus = h.view(1)
        assert gus.alone is None
        return
    raise LookupError("no seed")


def test_a_thrown_in_hand_is_dealt_again_and_counts_double():
    t = Table("game:00000000000000e1", rules=Rules(all_pass="doubler"))
    g = t.game
    while not g.current.is_over:
        g.current.apply("pass")
    v = t.view()
    assert v.summary.thrown_in and "counts double" in v.summary.outcome
    html = render(v, UiState())
    assert "Hand 1 thrown in" in html["panel"] and ">Deal again<" in html["panel"]
    assert "Thrown in" in html["status"]
    assert t.score_sheet().rows == ()
    assert t.next_hand() and g.hand_number == 1 and g.redeal == 1
    v = t.view()
    assert "dealt again" in render(v, UiState())["info"]
    assert v.seat.multiplier == 2 and "×2 doubler" in render(v, UiState())["chips"]


def test_options_panel():
    t = Table("daily:2026-11-30", Settings(rules=Rules(players=3, crack=True)))
    ui = UiState()
    assert ui_intent(t, ui, "menu")
    menu = render(t.view(), ui)["panel"]
    assert 'data-ui="options"' in menu
    assert "This game: the standard rules, against Expert computer players." in menu
    assert ui_intent(t, ui, "options")
    html = render(t.view(), ui)["panel"]
    assert 'role="dialog"' in html and "Table options" in html
    assert "The Daily always uses the standard rules" in html
    for name, (sentence, _) in OPTION_HELP.items():
        assert f'data-option="{name}"' in html
        assert sentence.replace("'", "&#x27;") in html
    assert re.search(r'<select data-option="partner"[^>]*disabled', html)   # three-handed
    assert re.search(r'<input type="checkbox" data-option="crack"[^>]*checked', html)
    assert "Chosen: three players; crack and re-crack." in html
    assert 'data-ui="new"' in html and 'data-ui="options-default"' in html


def test_three_and_four_handed_tables_on_screen():
    for players, size in ((3, 10), (4, 7)):
        t = Table("game:00000000000000a1", rules=Rules(players=players))
        html = render(t.view(), UiState())
        assert html["hand"].count('class="card ') == size
        assert all(html[f"seat-{s}"] == "" for s in range(players, 5))
        assert all("seat-box" in html[f"seat-{s}"] for s in range(1, players))
        if players == 3:
            assert 'class="cards many"' in html["hand"] and 'data-cols="5"' in html["hand"]
            assert html["hand"].count("card row2") == 5
        else:
            assert "many" not in html["hand"]


# ---------------------------------------------------------------- browser
PHONE = {"width": 360, "height": 640}
OLD_SAVE_KEY = "sheepshead.save"      # the previous version's one save: migrated on load


def _open_options(page) -> None:
    page.click('header [data-ui="menu"]')
    page.locator("#panel").get_by_role("button", name="Table options…").click()
    page.wait_for_selector("#options", state="visible")


@pytest.mark.browser
def test_options_panel_new_game_and_link_and_the_daily_ignores_them(page, site_url):
    from table_helpers import body, hand_cards, open_table, wait_idle

    open_table(page, site_url)                       # no link: today's Daily
    assert page.evaluate("location.hash").startswith("#daily=")
    _open_options(page)
    panel = page.locator("#panel")
    assert "The Daily always uses the standard rules" in panel.inner_text()
    page.select_option('select[data-option="players"]', "4")
    page.check('input[data-option="crack"]')
    page.select_option('select[data-option="all_pass"]', "doubler")
    assert "Chosen: four players; all pass: doubler; crack and re-crack." in panel.inner_text()
    assert body(page, "players") == "5"              # applied by New Game only
    panel.get_by_role("button", name="New Game with these options").click()
    page.wait_for_selector("#panel", state="hidden")
    wait_idle(page)
    assert body(page, "players") == "4"
    link = page.evaluate("location.hash")
    assert re.fullmatch(r"#game=[0-9a-f]{16}&rules=p4\.doubler\.crack", link), link
    assert page.locator("#chips .chip.rules").inner_text() == (
        "four players · all pass: doubler · crack and re-crack")
    assert page.locator("#seat-4").is_hidden() and page.locator("#seat-3").is_visible()
    if body(page, "phase") == "pick" and body(page, "turn") == "you":
        assert len(hand_cards(page)) == 7
    # The shared link opens the same table in a fresh browser (no saved game).
    other = page.context.browser.new_page()
    try:
        other.goto(site_url + link)
        other.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
        assert other.get_attribute("body", "data-players") == "4"
        assert other.evaluate("location.hash") == link
        assert "crack and re-crack" in other.locator("#chips").inner_text()
    finally:
        other.close()
    # The Daily ignores the chosen options; they stay chosen for the next New Game.
    page.click('header [data-ui="menu"]')
    page.locator("#panel").get_by_role("button", name=re.compile(r"^Daily")).click()
    wait_idle(page)
    assert body(page, "players") == "5" and page.evaluate("location.hash").startswith("#daily=")
    assert page.locator("#chips .chip.rules").count() == 0
    _open_options(page)
    assert page.is_checked('input[data-option="crack"]')
    saved = json.loads(page.evaluate("localStorage.getItem('sheepshead.settings')"))
    assert saved["settings"]["rules"] == {"players": 4, "all_pass": "doubler", "crack": True}
    assert "vs Expert" in page.locator("#info").inner_text()    # the Daily's players
    assert page.log.errors() == []


@pytest.mark.browser
def test_three_handed_on_a_phone_shows_all_ten_cards_and_plays_one(page, site_url):
    from table_helpers import body, hand_cards, open_table, tap_card, wait_idle

    page.set_viewport_size(PHONE)
    open_table(page, site_url, "#game=00000000000000a1&rules=p3")
    assert body(page, "players") == "3"
    assert page.locator("#seat-3").is_hidden() and page.locator("#seat-4").is_hidden()

    def check_fits():
        assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
        boxes = page.eval_on_selector_all(
            "#hand button.card", "els => els.map(e => { const r = e.getBoundingClientRect();"
            " return [r.x, r.y, r.right, r.bottom, r.width]; })")
        tops = sorted({round(b[1]) for b in boxes})
        for x, _y, right, bottom, w in boxes:
            assert x >= 0 and right <= PHONE["width"] + 0.5 and bottom <= PHONE["height"] + 0.5
            assert w >= 44
        # Two rows; the upper row shows a strip of at least 44 px above the lower one.
        row1 = min(b[1] for b in boxes)
        row2 = max(b[1] for b in boxes)
        assert row2 - row1 >= 44 - 8 - 0.5, tops     # (a playable card is lifted 8 px)
        return boxes

    assert len(check_fits()) == 10 == len(hand_cards(page))
    page.get_by_role("button", name="Pass", exact=True).click()
    for _ in range(20):
        wait_idle(page)
        if body(page, "turn") == "you" and body(page, "phase") == "play":
            break
        if body(page, "turn") == "you":              # the dealer must... or asked to pick
            page.locator("#actions button").last.click()
    assert body(page, "phase") == "play" and body(page, "turn") == "you"
    check_fits()
    seq = int(body(page, "seq"))
    first = page.eval_on_selector("#hand button.legal", "e => e.dataset.card")
    tap_card(page, f'#hand button[data-card="{first}"]')
    wait_idle(page)
    assert int(body(page, "seq")) > seq and first not in hand_cards(page)
    assert page.log.errors() == []


def _save_at_the_crack_question() -> tuple[str, str]:
    """A saved three-option game in hand 2 (dealt by you) where a computer player picked
    and you, a defender, are asked whether to crack."""
    rules = Rules(crack=True)
    for i in range(200):
        seed = f"game:{i + 0xc0:016x}"
        t = Table(seed, Settings(speed="instant"), rules)
        play_hand(t)
        t.next_hand()
        while t.computer_turn:
            t.step()
        v = t.seat_view()
        if v.phase == Phase.DOUBLES and any(a.kind.value == "crack" for a in v.legal):
            return seed, old_save(t)
    raise LookupError("no seed")


@pytest.mark.browser
def test_the_human_cracks_by_tapping(page, site_url):
    from table_helpers import body, play_out, wait_idle

    seed, text = _save_at_the_crack_question()
    page.add_init_script(
        f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');"
        f" localStorage.setItem('{OLD_SAVE_KEY}', {json.dumps(text)}); }}")
    page.add_init_script(                        # everything the live region says, in order
        "window.__said = []; document.addEventListener('DOMContentLoaded', () => {"
        " const el = document.getElementById('announce');"
        " new MutationObserver(() => window.__said.push(el.textContent))"
        ".observe(el, {childList: true, characterData: true, subtree: true}); });")
    page.goto(site_url + f"#game={seed[5:]}&rules=crack")
    page.wait_for_selector('body[data-ready="1"][data-busy="0"]', state="attached",
                           timeout=60_000)
    assert body(page, "hand") == "2" and body(page, "phase") == "doubles"
    assert body(page, "turn") == "you"
    assert "Crack?" in page.locator("#status").inner_text()
    no = page.get_by_role("button", name="No crack", exact=True)
    assert no.is_visible()
    page.get_by_role("button", name="Crack", exact=True).click()
    wait_idle(page)
    said = page.evaluate("window.__said")
    assert any("You crack: the hand counts double." in t for t in said), said
    assert re.match(r"×[24] cracked", page.locator("#chips .chip.stakes").inner_text())
    if body(page, "phase") != "over":
        play_out(page)
    assert re.search(r"Stakes\s*×[24] cracked", page.locator("#panel").inner_text())
    assert page.log.errors() == []
