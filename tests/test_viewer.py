"""The result viewer (sheepshead/ui/viewer/viewer.py): what a result link shows, as HTML.

Standard library + pytest only: this file also runs inside Pyodide
(tests/test_in_pyodide.py).  Games are played by the game's own computer players
(``computer_choice``) with seat 0 random or a computer too, from fixed seeds.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from functools import cache
from html import escape, unescape
from html.parser import HTMLParser
from urllib.parse import quote

import pytest

from sheepshead import Game, Rules, SheepsheadError
from sheepshead.bots.seating import computer_choice
from sheepshead.results import check_result, parse_result, result_fragment
from sheepshead.ui.daily.daily import DailyResult
from sheepshead.ui.look.markup import notices_html
from sheepshead.ui.viewer.viewer import (
    CHECKED,
    CHECKING,
    DIFFERENT,
    ViewerModel,
    ViewerState,
    bad_link_text,
    check_text,
    difference_text,
    spoiler_guard_html,
    viewer_html,
    viewer_intent,
    viewer_model,
)

DAY = dt.date(2026, 12, 1)
CARD_TEXT = re.compile(r"\b(?:7|8|9|10|J|Q|K|A)[CSHD]\b")
INTENT = re.compile(r"viewer-(?:hand:\d+|trick:\d+:\d+|hands|reveal|close|play)|board-link")
EVIL = "<img src=x onerror=alert(1)>"


# ----------------------------------------------------------------- helpers
def play(seed: str, rules: Rules, level: str, rng: random.Random, *, seat0: bool = False,
         hands: int = 10) -> Game:
    """Seats 1.. are the game's ``level`` players; seat 0 random legal (or one of them)."""
    game = Game(seed, rules)
    while True:
        state = game.current
        while not state.is_over:
            if state.to_act == 0 and not seat0:
                game.apply(rng.choice(state.legal_actions()))
            else:
                game.apply(computer_choice(level, game.seed, game.hand_number, game.redeal,
                                           state.view(state.to_act), len(state.history)))
        done = state.result().thrown_in is False and game.hand_number >= hands
        if game.is_over or done:
            return game
        game.next_hand()


@cache
def daily() -> tuple[str, Game]:
    """Bev's Daily of DAY against the Easy players (level=easy in the link)."""
    game = play(f"daily:{DAY}", Rules(), "easy", random.Random("viewer"))
    return result_fragment(game, by="Bev", level="easy"), game


@cache
def doubler() -> tuple[str, Game]:
    """A four-handed New Game with crack, blitz and the doubler, every seat a computer,
    with at least one hand thrown in and dealt again.  Its players are the Standard of
    2026-12-01 (``standard-v2``, a version the link's level word has meant): today's picks
    four-handed hands so readily that a hand is almost never thrown in."""
    rules = Rules.from_json({"players": 4, "crack": True, "blitz": True, "all_pass": "doubler"})
    for k in range(60):
        game = play("game:%016x" % (0xfeed0000 + k), rules, "standard-v2", random.Random(k),
                    seat0=True)
        if any(r for _, r in game.deals):
            return result_fragment(game), game
    raise AssertionError("no throw-in in 60 games")


def model_of(fragment: str) -> ViewerModel:
    return viewer_model(parse_result(fragment))


def html_of(model: ViewerModel, state: ViewerState | None = None, *,
            own: DailyResult | None = None, moves_checked: bool | None = None,
            difference: str | None = None) -> str:
    return viewer_html(model, state or ViewerState.for_model(model), own=own,
                       moves_checked=moves_checked, difference=difference)


class Page(HTMLParser):
    """The visible text (svg left out), the buttons and the elements with attributes."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.buttons: list[dict[str, str | None]] = []
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self._svg = 0
        self._button: dict[str, str | None] | None = None
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.elements.append((tag, a))
        if tag == "svg":
            self._svg += 1
        if tag == "button":
            self._button = {**a, "text": ""}
            self.buttons.append(self._button)

    def handle_endtag(self, tag: str) -> None:
        if tag == "svg":
            self._svg -= 1
        if tag == "button":
            self._button = None

    def handle_data(self, data: str) -> None:
        if self._svg:
            return
        self.text.append(data)
        if self._button is not None:
            self._button["text"] = (self._button["text"] or "") + data

    @property
    def visible(self) -> str:
        return " ".join("".join(self.text).split())


def section(html: str, start: str, end: str) -> str:
    i = html.index(start)
    return html[i:html.index(end, i)]


def cells(rows_html: str) -> list[list[str]]:
    return [re.findall(r"<td[^>]*>([^<]*)</td>", row)
            for row in re.findall(r"<tr>(.*?)</tr>", rows_html)]


def signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def check_markup(html: str) -> Page:
    """Every button a real button with a name and a known intent; no card codes in text."""
    page = Page(html)
    assert page.buttons
    for b in page.buttons:
        assert b.get("type") == "button" and "btn" in (b.get("class") or "").split()
        assert (b.get("aria-label") or b["text"] or "").strip(), b
        assert INTENT.fullmatch(b.get("data-ui") or ""), b
    assert not CARD_TEXT.search(page.visible), CARD_TEXT.search(page.visible)
    assert "<script" not in html and "<img" not in html and "onerror=" not in html.replace(
        "onerror=alert", "")
    return page


# ------------------------------------------------------------------ scores
def test_the_score_sheet_shows_the_checks_scores_and_totals() -> None:
    fragment, game = daily()
    link = parse_result(fragment)
    check = check_result(link, computer_moves=False)
    model = viewer_model(link, check)
    assert model.totals == check.totals == game.totals()
    assert model.scores == check.scores and len(model.hands) == 10
    html = html_of(model)
    sheet = section(html, '<table class="sheet viewer-sheet">', "</table>")
    body = section(sheet, "<tbody>", "</tbody>")
    assert cells(body) == [[signed(v) for v in row] for row in check.scores]
    assert cells(section(sheet, "<tfoot>", "</tfoot>")) == [[signed(t) for t in check.totals]]
    # the hand list gives the sender's score of every hand
    scores = re.findall(r'<span class="viewer-hand-score"><bdi>[^<]*</bdi> ([^< ]+)</span>', html)
    assert scores == [signed(row[0]) for row in check.scores]
    # and the standing: the sender's total and place
    place = 1 + sum(t > check.totals[0] for t in check.totals)
    assert f"finished {signed(check.totals[0])} (" in html
    assert re.search(rf"\((?:tied )?{place}(?:st|nd|rd|th) of 5\)", html)
    check_markup(html)


def test_the_heading_the_game_and_the_seat_names() -> None:
    model = model_of(daily()[0])
    html = html_of(model)
    page = check_markup(html)
    assert "<bdi>Bev</bdi>" + escape("'s Daily, Tue Dec 1") in html     # the name isolated
    assert "The Daily of 2026-12-01 · the standard rules · Easy computer players" in page.visible
    # seat 0 is the sender, never "You"; here its name is also seat 2's, so it is marked
    assert model.names == ("Bev (sender)", "Gus", "Bev", "Lars", "Dottie")
    head = section(html, "<thead>", "</thead>")
    assert ">You<" not in head and ">Bev (sender)<" in head
    assert model.game_link == "#daily=2026-12-01"
    assert 'data-ui="viewer-play">Play this Daily<' in html
    assert 'data-ui="viewer-close">Close<' in html


def test_a_link_without_a_name_and_a_new_game() -> None:
    fragment, game = doubler()
    model = model_of(fragment)
    html = html_of(model)
    page = check_markup(html)
    assert model.by is None and model.names[0] == "Anonymous" and model.day is None
    assert ">A shared result<" in html and 'data-ui="viewer-play">Play this game<' in html
    assert model.game_id is not None and "A New Game" in page.visible
    assert model.game_id not in page.visible                  # no hex id a player reads
    assert "four players" in page.visible and "Standard computer players" in page.visible
    # thrown-in deals are not hands: one row per hand, numbered once each
    check = check_result(parse_result(fragment), computer_moves=False)
    assert [h.number for h in model.hands] == list(range(1, check.hands + 1))
    assert sum(h.throw_ins for h in model.hands) == sum(1 for _, r in game.deals if r)
    assert "dealt again after everyone passed" in html
    assert model.game_link.startswith("#game=") and "&rules=" in model.game_link


def test_an_unfinished_game_says_after_how_many_hands() -> None:
    game = play("game:00000000000000c1", Rules(), "easy", random.Random(3), hands=3)
    model = model_of(result_fragment(game, by="Ann", level="easy"))
    assert not model.finished and len(model.hands) == 3
    assert "after 3 of 10 hands" in html_of(model)


def test_a_check_of_another_link_is_refused() -> None:
    link = parse_result(daily()[0])
    other = check_result(parse_result(doubler()[0]), computer_moves=False)
    with pytest.raises(SheepsheadError):
        viewer_model(link, other)


# ------------------------------------------------------------------- check
def test_the_three_check_lines() -> None:
    fragment, game = daily()
    link = parse_result(fragment)
    model = viewer_model(link)
    full = check_result(link)
    assert full.computer_moves_match is True
    html = html_of(model, moves_checked=full.computer_moves_match)
    assert escape(CHECKED) in html and CHECKED == "Checked: every card and every computer move"
    pending = html_of(model, moves_checked=None)
    assert "Scores checked; checking the computer moves…" in pending
    assert 'id="viewer-check" role="status"' in pending
    # the same game read against another level: the moves differ from Standard's
    other = check_result(parse_result(result_fragment(game, by="Bev", level="standard")))
    assert other.computer_moves_match is False and other.first_difference
    html = html_of(model, moves_checked=False, difference=other.first_difference)
    assert escape("Scores checked; the computer moves differ from this version's players") in html
    small = Page(section(html, '<p class="small viewer-difference">', "</p>")).visible
    assert small.startswith("Hand ") and "Standard player" in small and "seat " not in small
    assert not CARD_TEXT.search(small)
    assert check_text(True) == CHECKED and check_text(False) == DIFFERENT
    assert check_text(None) == CHECKING
    check_markup(html)


def test_difference_text_names_the_seat_and_the_cards() -> None:
    names = ("Bev (sender)", "Gus", "Bev", "Lars", "Dottie")
    text = ('hand 1 action 21: seat 3 played "play 10D"; this version\'s standard player '
            'plays "play QD"')
    assert difference_text(text, names) == ("Hand 1 action 21: Lars played the Ten of "
                                            "diamonds; this version's Standard player plays "
                                            "the Queen of diamonds.")
    text = ('hand 2 redeal 1 action 7: seat 1 played "call AH unknown 7C"; this version\'s '
            'expert player plays "alone"')
    assert difference_text(text, names) == (
        "Hand 2 redeal 1 action 7: Gus called the Ace of hearts, setting aside the Seven of "
        "clubs; this version's Expert player goes alone.")
    assert difference_text("something else about QC", names) == \
        "something else about the Queen of clubs"


# ---------------------------------------------------------- side by side
def test_side_by_side_with_your_own_result_for_that_date() -> None:
    model = model_of(daily()[0])
    own = DailyResult(DAY, f"#daily={DAY}&result=1.A", (7, 3, -2, -4, -4), 1, False, False)
    html = html_of(model, own=own)
    total = model.totals[0]
    place = 1 + sum(t > total for t in model.totals)
    tied = "tied " if model.totals.count(total) > 1 else ""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place, "th")
    assert f"You +7 (1st) · Bev {signed(total)} ({tied}{place}{suffix})" in html
    tied_own = DailyResult(DAY, own.fragment, (0, 0, 1, -1, 0), 2, True, False)
    assert "You 0 (tied 2nd) · Bev" in html_of(model, own=tied_own)
    # another date's result, or no result: no side-by-side line
    other = DailyResult(DAY - dt.timedelta(days=1), "#daily=2026-11-30&result=1.A",
                        (7, 3, -2, -4, -4), 1, False, False)
    assert "viewer-compare" not in html_of(model, own=other)
    assert "viewer-compare" not in html_of(model)
    assert "viewer-compare" not in html_of(model_of(doubler()[0]), own=own)


# ------------------------------------------------------ hands and tricks
def test_the_list_of_hands_and_their_summaries() -> None:
    fragment, game = daily()
    model = model_of(fragment)
    html = html_of(model)
    page = check_markup(html)
    hand_buttons = [b for b in page.buttons if (b.get("data-ui") or "").startswith("viewer-hand:")]
    assert [b["data-ui"] for b in hand_buttons] == [f"viewer-hand:{n}" for n in range(1, 11)]
    played = [h for h in game.hands if not h.result().thrown_in]
    for h, state, b in zip(model.hands, played, hand_buttons, strict=True):
        r = state.result()
        text = unescape(b["text"] or "")
        assert text.startswith(f"Hand {h.number} ") and h.outcome in text
        assert h.scores == tuple(r.scores) and h.picker == r.picker and h.partner == r.partner
        if r.leaster:
            assert "leaster" in h.facts.lower()
        else:
            assert h.facts.startswith(model.names[r.picker] + " picked")
            if r.partner is not None:
                assert f"partner: {model.names[r.partner]}" in h.facts
                assert r.called is not None and f"the {r.called.name}" in h.facts
            side = r.side_points
            assert side is not None and f"with {side[0]} points" in h.outcome
        assert "You" not in h.facts + h.outcome + h.bidding


def test_every_trick_of_every_hand_replays_in_order_with_its_winner() -> None:
    fragment, game = daily()
    model = model_of(fragment)
    state = ViewerState.for_model(model)
    played = [h for h in game.hands if not h.result().thrown_in]
    for h, hand in zip(model.hands, played, strict=True):
        assert viewer_intent(state, f"viewer-hand:{h.number}") and state.trick == 1
        tricks = hand.result().tricks
        assert len(h.tricks) == len(tricks) == 6
        for k, trick in enumerate(tricks, 1):
            assert viewer_intent(state, f"viewer-trick:{h.number}:{k}")
            html = html_of(model, state)
            page = check_markup(html)
            assert f"Hand {h.number} of 10" in page.visible and f"Trick {k} of 6" in page.visible
            part = section(html, '<ol class="viewer-plays">', "</ol>")
            seats = [int(s) for s in re.findall(r'data-seat="(\d)"', part)]
            labels = re.findall(r'role="img" aria-label="([^"]+)"', part)
            assert seats == [(trick.leader + i) % 5 for i in range(5)]
            assert labels == [c.name for c in trick.cards]
            winners = re.findall(r'<li class="viewer-play winner" data-seat="(\d)">', part)
            assert winners == [str(trick.winner)]
            assert part.count("took the trick") == 1
            assert f"{model.names[trick.winner]} takes the trick, {trick.points} points" \
                in unescape(html)
            prev_ = [b for b in page.buttons if b["text"] == "Previous trick"][0]
            next_ = [b for b in page.buttons if b["text"] == "Next trick"][0]
            assert prev_["data-ui"] == f"viewer-trick:{h.number}:{k - 1}"
            assert next_["data-ui"] == f"viewer-trick:{h.number}:{k + 1}"
            assert ("disabled" in prev_) == (k == 1) and ("disabled" in next_) == (k == 6)
            assert any(b["data-ui"] == "viewer-hands" and b["text"] == "Back to all hands"
                       for b in page.buttons)
    assert viewer_intent(state, "viewer-hands") and state.hand is None
    assert 'class="viewer-hands"' in html_of(model, state)


def test_hands_of_every_kind_replay_under_other_tables() -> None:
    tables = [{"partner": "jack-of-diamonds"}, {"players": 3, "crack": True, "blitz": True},
              {"all_pass": "dealer-picks"}, {"leaster_blind": "last-trick"}, {}]
    seen: set[str] = set()
    for k, table in enumerate(tables):
        rules = Rules.from_json(table)
        game = play("game:%016x" % (0xab000 + k), rules, "easy", random.Random(k), hands=10)
        model = model_of(result_fragment(game, by="Zoë", level="easy"))
        state = ViewerState.for_model(model)
        check_markup(html_of(model, state))
        for h in model.hands:
            for t in range(1, len(h.tricks) + 1):
                assert viewer_intent(state, f"viewer-trick:{h.number}:{t}")
                html = html_of(model, state)
                check_markup(html)
                part = section(html, '<ol class="viewer-plays">', "</ol>")
                assert part.count('<li class="viewer-play') == rules.players
                assert part.count('<li class="viewer-play winner"') == 1
                assert part.count('role="img"') == rules.players
            seen.add("leaster" if h.leaster else "alone" if h.partner is None else "partner")
            assert "You" not in h.facts + h.outcome + h.bidding
    assert {"alone", "partner"} <= seen


# ------------------------------------------------------------------ intents
def test_intents_valid_malformed_and_out_of_range() -> None:
    model = model_of(daily()[0])
    state = ViewerState.for_model(model)
    assert state.tricks == (6,) * 10 and state.hand is None
    assert viewer_intent(state, "viewer-hand:3") and (state.hand, state.trick) == (3, 1)
    assert viewer_intent(state, "viewer-trick:3:5") and (state.hand, state.trick) == (3, 5)
    assert viewer_intent(state, "viewer-trick:10:6") and (state.hand, state.trick) == (10, 6)
    before = (state.hand, state.trick, state.revealed)
    bad = ["", "viewer", "viewer-hand", "viewer-hand:", "viewer-hand:0", "viewer-hand:11",
           "viewer-hand:-1", "viewer-hand:+1", "viewer-hand:1.0", "viewer-hand: 1",
           "viewer-hand:01", "viewer-hand:١", "viewer-hand:²", "viewer-hand:1:1",
           "viewer-hand:99999999999999999999", "viewer-trick:1", "viewer-trick:1:0",
           "viewer-trick:1:7", "viewer-trick:0:1", "viewer-trick:11:1", "viewer-trick:1:1:1",
           "viewer-trick::", "viewer-trick:a:b", "viewer-hands:1", "viewer-reveal:1",
           "VIEWER-HAND:1", "viewer-hand:3 ", "close", "select:QC", "viewer-close", "viewer-play",
           None, 5, b"viewer-hand:1"]
    for intent in bad:
        assert viewer_intent(state, intent) is False, intent   # type: ignore[arg-type]
        assert (state.hand, state.trick, state.revealed) == before, intent
    assert viewer_intent(state, "viewer-hands") and (state.hand, state.trick) == (None, 1)
    assert viewer_intent(state, "viewer-reveal") and state.revealed
    # a state from another model (or none) draws the list, never raises
    stray = ViewerState(hand=42, trick=9)
    assert not viewer_intent(stray, "viewer-hand:1")
    assert 'class="viewer-hands"' in html_of(model, stray)
    clamp = ViewerState.for_model(model)
    clamp.hand, clamp.trick = 2, 99
    assert "Trick 6 of 6" in html_of(model, clamp)


# ------------------------------------------------------------------ names
def test_a_name_with_markup_is_only_ever_shown_escaped() -> None:
    game = daily()[1]
    # the whole of EVIL is 28 characters: a link holding it is refused (one escaped line),
    # and a writer keeps its first 24
    with pytest.raises(SheepsheadError) as info:
        parse_result(result_fragment(game, level="easy") + "&by=" + quote(EVIL))
    notice = notices_html([bad_link_text(info.value)], None)     # the one line, as the page shows it
    assert f"<p>{escape(bad_link_text(info.value))}</p>" in notice and notice.count("<p>") == 1
    assert not any(tag in notice for tag in ("<script", "<img", "<b>"))
    for name in ("<img src=x onerror=f(1)>", EVIL[:24], "<script>alert(1)</script>"[:24],
                 '"><b>x</b>', "&amp; & <"):
        fragment = result_fragment(game, by=name, level="easy")
        model = model_of(fragment)
        assert model.by == name
        state = ViewerState.for_model(model)
        own = DailyResult(DAY, f"#daily={DAY}&result=1.A", (1, 0, 0, 0, -1), 1, False, False)
        pages = [html_of(model, state, own=own), spoiler_guard_html(model)]
        viewer_intent(state, "viewer-trick:1:1")
        pages.append(html_of(model, state))
        for html in pages:
            assert name not in html or name == escape(name)
            assert escape(name) in html
            assert "<img" not in html and "<script" not in html and "<b>" not in html
            assert name in Page(html).visible             # read back as the very text


def test_a_24_character_name_is_shown_whole() -> None:
    name = "Zoë-Ångström Ballantyne!"
    assert len(name) == 24
    model = model_of(result_fragment(daily()[1], by=name, level="easy"))
    html = html_of(model)
    assert f"><bdi>{name}</bdi>&#x27;s Daily, Tue Dec 1<" in html
    assert f'<th scope="col" class="viewer-sender"><bdi>{name}</bdi></th>' in html
    with pytest.raises(SheepsheadError):
        parse_result(result_fragment(daily()[1], level="easy") + "&by=" + "x" * 25)


# ---------------------------------------------------------- guard, bad link
def test_the_spoiler_guard() -> None:
    model = model_of(daily()[0])
    html = spoiler_guard_html(model)
    page = check_markup(html)
    assert ("This is Bev's result for the Daily of 2026-12-01, which you have not played "
            "yet.") in page.visible
    assert [(b["text"], b["data-ui"]) for b in page.buttons] == [
        ("Close", "viewer-close"), ("Play it first", "viewer-play"),
        ("Show the result anyway", "viewer-reveal")]
    assert "viewer-sheet" not in html and "finished" not in html     # nothing given away
    assert 'role="dialog"' in html and 'aria-labelledby="viewer-title"' in html
    anonymous = model_of(result_fragment(daily()[1], level="easy"))
    assert "This is a shared result for the Daily of 2026-12-01" in Page(
        spoiler_guard_html(anonymous)).visible


@pytest.mark.parametrize("text", [
    "#daily=2026-12-01&result=1.AB*D",
    "#daily=2026-12-01&result=2.AABDeX",
    "#daily=2026-12-01&result=1.AABDeX",
    "#daily=2026-13-01&result=1.A",
    "#daily=2026-12-01&result=1.A&by=" + "%3Cb%3E" * 2000,
    "#daily=2026-12-01&result=1.A&foo=<script>",
    "",
])
def test_the_bad_link_line(text: str) -> None:
    with pytest.raises(SheepsheadError) as info:
        parse_result(text)
    plain = bad_link_text(info.value)
    line = notices_html([plain], None)            # as the page shows it: one escaped line
    assert plain.startswith("This result link cannot be read: ")
    assert plain.endswith(". Here is today's Daily.") and ".." not in plain
    assert "\n" not in plain and len(plain) < 300
    assert line.startswith(f'<div class="notice-lines"><p>{escape(plain)}</p></div>')
    assert "<script" not in line and "<b>" not in line
    assert str(info.value).rstrip(".")[:50] in plain


def test_bad_link_line_of_an_odd_error() -> None:
    assert bad_link_text(SheepsheadError("")) == (
        "This result link cannot be read: it is not a result link. Here is today's Daily.")
    long = bad_link_text(SheepsheadError("x" * 5000 + "\n<b>"))
    assert len(long) < 300 and "\n" not in long


def test_a_result_link_that_says_hints_shows_with_hints_on_the_result_page() -> None:
    """``hints=1`` (results.md, 2026-12-04): a friend who used hints shows so on the result
    page of their link alone, not only from a board link's entry."""
    from test_friends import GAME_ID, SEED, page, panel, played, tap

    game = played(SEED, "easy", False, 10).game
    for said in (True, False):
        link = result_fragment(game, "Ann", "easy", hints=said)
        c = page(fragment=link)
        html = panel(tap(c, "board-reveal")) if "board-reveal" in c.drawn.get("panel", "") \
            else c.drawn["panel"]
        about = html.split('class="small viewer-about">')[1].split("</p>")[0]
        assert "A New Game" in about and GAME_ID not in about
        assert about.endswith('<span class="hints-tag">with hints</span>') is said


def test_the_result_page_shows_a_name_in_its_shown_form() -> None:
    """A name of marks piled on marks, or of nothing visible, is shown as a board shows it
    (sheepshead/names.py): marks bounded, a visible stand-in for a blank name."""
    from sheepshead.names import BLANK

    _, game = daily()
    zalgo = "A" + "\u0301" * 20 + "nn"
    shown = model_of(result_fragment(game, zalgo)).by
    assert shown is not None and shown.endswith("nn") and len(shown) <= 6   # marks bounded
    assert model_of(result_fragment(game, "\u3164")).by == BLANK
    assert model_of(result_fragment(game, "Bev")).by == "Bev"
