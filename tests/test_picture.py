"""The table on screen at once on a return visit (issue 23): static/picture.js draws the
picture the page kept with the save, before Python starts (sheepshead/ui/storage/picture.py).

Each test plays a first visit in a browser profile of its own, then opens the page again in
that profile with static/main.py held back, so what is on screen is the stored picture alone
until the test lets Python go on.  The service worker is blocked so that the held request is
the page's own (a worker would answer it from its cache); the picture does not depend on it.
"""

from __future__ import annotations

import json

import pytest
from conftest import QUIET_JS
from table_helpers import BOOT_TIMEOUT_MS, READY, body, hand_cards, wait_idle
from test_ui_picture import PLANTED

from sheepshead.ui.storage.picture import PICTURE_FORMAT, save_digest

GAME = "#game=00000000000000c3"
HOLD_STEPS = 600

# Every hand of cards and every set of cards on the felt the page shows, from the first
# paint until the engine's table is up, in order (duplicates dropped).
WATCH_JS = """(() => {
  window.__seen = [];
  const look = () => {
    if (document.body && document.body.dataset.ready === "1") return;
    const hand = [...document.querySelectorAll("#hand [data-card]")].map(e => e.dataset.card);
    const felt = [...document.querySelectorAll("#felt [data-card]")].map(e => e.dataset.card);
    const shown = JSON.stringify([hand, felt]);
    if (hand.length && window.__seen[window.__seen.length - 1] !== shown) window.__seen.push(shown);
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true, attributes: true});
})();"""


class Profile:
    """A browser profile (context) with no service worker; its pages' errors are kept."""

    def __init__(self, browser, url: str) -> None:
        self.url = url
        self.context = browser.new_context(service_workers="block",
                                           viewport={"width": 390, "height": 844})
        self.context.add_init_script(QUIET_JS)
        self.errors: list[str] = []
        self.held: list = []
        self.dropped: list = []

    def page(self, hold: bool = False, watch: bool = False):
        page = self.context.new_page()
        page.on("console", lambda m: self._error(page, m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self._error(page, str(e)))
        if watch:
            page.add_init_script(WATCH_JS)
        if hold:
            page.route("**/static/main.py", lambda route: self.held.append(route))
        return page

    def release(self, page) -> None:
        """Let main.py through once Python asks for it; wait for the engine's table."""
        for _ in range(HOLD_STEPS):
            if self.held:
                break
            page.wait_for_timeout(100)
        assert page.get_attribute("body", "data-ready") is None
        self.held.pop().continue_()
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        wait_idle(page)

    def _error(self, page, text: str) -> None:
        if page not in self.dropped:      # a dropped page's aborted request is not an error
            self.errors.append(text)

    def drop(self, page) -> None:
        """Close ``page`` without letting Python start."""
        self.dropped.append(page)
        while self.held:
            self.held.pop().abort()
        page.close()

    def close(self) -> None:
        self.context.close()


def first_visit(profile: Profile, fragment: str = GAME) -> dict[str, object]:
    """Open the game, wait for your turn, read what is on the table, close the page."""
    page = profile.page()
    page.goto(profile.url + fragment)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    wait_idle(page)
    seen = {"hand": hand_cards(page), "felt": page.inner_text("#felt"),
            "status": page.inner_text("#status"), "actions": page.inner_text("#actions"),
            "seq": body(page, "seq")}
    page.close()
    return seen


@pytest.fixture
def profile(browser, site_url):
    p = Profile(browser, site_url)
    yield p
    p.close()


def picture_of(page) -> dict[str, object] | None:
    text = page.evaluate("localStorage.getItem('sheepshead.picture')")
    return None if text is None else json.loads(text)


@pytest.mark.browser
def test_the_table_is_drawn_from_its_picture_and_the_engine_draws_the_same(profile) -> None:
    before = first_visit(profile)
    page = profile.page(hold=True, watch=True)
    page.goto(profile.url + GAME, wait_until="domcontentloaded")
    # Before Python: the table as it was, marked not live yet, nothing of the loading line.
    assert page.get_attribute("html", "data-table") == "stored"
    assert page.get_attribute("#app", "aria-busy") == "true"
    assert page.get_attribute("body", "data-ready") is None
    assert hand_cards(page) == before["hand"]
    assert page.inner_text("#felt") == before["felt"]
    assert page.inner_text("#actions") == before["actions"]
    assert page.locator("#loading").count() == 0
    assert page.evaluate(
        "performance.getEntriesByName('sheepshead:table-visible').length") == 1
    assert page.title().startswith("Sheepshead · New Game")
    profile.release(page)
    # The engine's draw replaced it: the same table, live; no other cards were ever shown.
    assert page.get_attribute("html", "data-table") is None
    assert page.get_attribute("#app", "aria-busy") is None
    assert hand_cards(page) == before["hand"]
    assert page.inner_text("#felt") == before["felt"]
    assert page.inner_text("#status") == before["status"]
    assert body(page, "seq") == before["seq"]
    seen = page.evaluate("window.__seen")
    assert len(seen) == 1, seen
    assert profile.errors == []


TABLE = ("info", "seat-1", "seat-2", "seat-3", "seat-4", "chips", "center", "status", "tip",
         "actions", "mine", "hand")


def regions(page) -> dict[str, str]:
    return {r: page.inner_html(f"#{r}") for r in TABLE}


@pytest.mark.browser
def test_a_first_visit_shows_the_practice_hand_before_python_and_the_engine_draws_the_same(
        profile) -> None:
    """build.py's static/first-picture.js: no link and nothing kept, so the practice hand's
    first table is drawn before Python, and the engine's first draw is the same HTML (made
    by CPython at build time, by Pyodide here)."""
    page = profile.page(hold=True, watch=True)
    page.goto(profile.url, wait_until="domcontentloaded")
    assert page.get_attribute("html", "data-table") == "first"
    assert page.get_attribute("body", "data-ready") is None
    assert page.locator("#loading").count() == 0
    page.wait_for_function("getComputedStyle(document.documentElement)"
                           ".getPropertyValue('--starting').includes('…')")   # how far it is
    before = regions(page)
    cards = hand_cards(page)
    assert len(cards) == 6 and "Pick or pass?" in page.inner_text("#tip")
    assert page.title() == "Sheepshead · Practice hand"
    profile.release(page)
    assert page.evaluate("location.hash") == "#practice-hand"
    assert page.get_attribute("html", "data-table") is None
    assert regions(page) == before and hand_cards(page) == cards
    assert len(page.evaluate("window.__seen")) == 1      # no other cards were ever shown
    # A return visit is not a first one: nothing is drawn from it (storage holds settings).
    profile.drop(page)
    again = profile.page(hold=True)
    again.goto(profile.url, wait_until="domcontentloaded")
    assert again.get_attribute("html", "data-table") is None
    profile.drop(again)
    assert profile.errors == []


@pytest.mark.browser
def test_taps_on_the_picture_wait_and_count_once(profile, site_url) -> None:
    # What one pass leads to, tapped on the live table; then storage is put back as it was
    # before the pass (from a static page of the site, once the table's page is closed).
    live = profile.page()
    live.goto(site_url + GAME)
    live.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    wait_idle(live)
    kept = live.evaluate("JSON.stringify(Object.assign({}, localStorage))")
    assert "sheepshead.picture" in json.loads(kept)
    live.get_by_role("button", name="Pass", exact=True).click()
    wait_idle(live)
    expected = {"seq": body(live, "seq"), "hand": hand_cards(live),
                "felt": live.inner_text("#felt")}
    live.close()
    restore = profile.page()
    restore.goto(site_url + "static/rules.html")
    restore.evaluate("k => { localStorage.clear(); for (const [key, v] of Object.entries("
                     "JSON.parse(k))) localStorage.setItem(key, v); }", kept)
    restore.close()
    # The same pass tapped twice on the stored picture, before Python is up.
    page = profile.page(hold=True)
    page.goto(site_url + GAME, wait_until="domcontentloaded")
    assert page.get_attribute("html", "data-table") == "stored"
    page.get_by_role("button", name="Pass", exact=True).click()
    assert page.inner_text("#status") == "One moment…"
    page.get_by_role("button", name="Pass", exact=True).click()
    assert page.get_attribute("body", "data-pending-taps") == "act:pass\nact:pass"
    page.click('header [data-ui="scores"]')           # the top bar's way: opens once up
    assert page.get_attribute("body", "data-pending-ui") == "scores"
    profile.release(page)
    assert page.get_attribute("body", "data-pending-taps") is None
    page.wait_for_selector("#panel:not([hidden])")                  # the scores, as tapped
    assert body(page, "panel") == "1"
    assert {"seq": body(page, "seq"), "hand": hand_cards(page),
            "felt": page.inner_text("#felt")} == expected      # one pass, not two, not none
    assert profile.errors == []


@pytest.mark.browser
def test_a_picture_that_does_not_match_its_save_is_thrown_away(profile) -> None:
    first_visit(profile)
    page = profile.page(hold=True)
    page.goto(profile.url + GAME, wait_until="domcontentloaded")
    picture = picture_of(page)
    assert picture is not None and picture["key"] == "sheepshead.game"
    picture["save"] = "00000000"                  # a drawing of another moment of the game
    page.evaluate("t => localStorage.setItem('sheepshead.picture', t)", json.dumps(picture))
    profile.drop(page)
    page = profile.page(hold=True)
    page.goto(profile.url + GAME, wait_until="domcontentloaded")
    assert page.get_attribute("html", "data-table") is None
    assert page.locator("#loading").is_visible()          # the loading line, as a first visit
    assert picture_of(page) is None                       # thrown away
    profile.release(page)
    assert picture_of(page) is not None                   # the engine keeps a new one
    assert profile.errors == []


@pytest.mark.browser
def test_a_new_day_shows_the_last_daily_and_the_streak_while_the_daily_is_dealt(profile) -> None:
    """No game in progress (today's Daily not begun): the last finished Daily's line and
    the streak, from the picture kept after it (here written by hand: a Daily of ten hands
    is too long for this test; tests/test_ui_picture.py checks what the engine writes)."""
    page = profile.page(hold=True)
    page.goto(profile.url, wait_until="domcontentloaded")
    yesterday = page.evaluate("""(() => { const d = new Date(); d.setDate(d.getDate() - 1);
        const two = n => String(n).padStart(2, '0');
        return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`; })()""")
    picture = {"format": PICTURE_FORMAT, "key": f"sheepshead.daily.{yesterday}", "opens": "",
               "save": "12345678", "hash": f"#daily={yesterday}",
               "regions": {"hand": '<button type="button" class="card" data-card="QC">Q♣'
                                   '</button>'},
               "attrs": [], "classes": [], "title": "Sheepshead",
               "rest": {"line": f"Daily {yesterday}: 2nd of 5, +7", "streak": 4,
                        "through": yesterday}}
    page.evaluate("t => localStorage.setItem('sheepshead.picture', t)", json.dumps(picture))
    profile.drop(page)
    page = profile.page(hold=True)
    page.goto(profile.url, wait_until="domcontentloaded")
    assert page.get_attribute("html", "data-table") == "waiting"
    assert page.locator("#between p").all_inner_texts() == [
        f"Daily {yesterday}: 2nd of 5, +7", "Current streak: 4 days"]
    assert page.inner_text("#loading-step") == "Today's Daily is being dealt…"
    assert hand_cards(page) == []                     # not yesterday's cards
    profile.release(page)
    assert body(page, "daily") == page.evaluate("""(() => { const d = new Date();
        const two = n => String(n).padStart(2, '0');
        return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`; })()""")
    assert page.locator("#between").count() == 0
    assert profile.errors == []


LEAKS = ("planted", "example.com", "javascript:", "sheepsheadStart")


def picture_profile(browser, site_url: str):
    """A profile (no service worker) that played a first visit of GAME, so storage holds the
    picture the engine kept: ``(context, probe, picture, requested)``, ``probe`` a page of
    the site (the rules page: no table) to write storage from, ``requested`` every URL the
    profile asks for."""
    context = browser.new_context(service_workers="block", viewport={"width": 390, "height": 844})
    context.add_init_script(QUIET_JS)
    requested: list[str] = []
    context.on("request", lambda r: requested.append(r.url))
    first = context.new_page()
    first.goto(site_url + GAME)
    first.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    wait_idle(first)
    first.close()
    probe = context.new_page()
    probe.goto(site_url + "static/rules.html")
    picture = picture_of(probe)
    assert picture is not None and picture["regions"]["center"]
    return context, probe, picture, requested


@pytest.mark.browser
def test_a_planted_picture_is_thrown_away_and_nothing_of_it_reaches_the_page(
        browser, site_url) -> None:
    """Issue 36: anything that can write the origin's storage could plant markup in the
    picture (a script PyScript would run, a refresh to another site…). Each kind of
    tests/test_ui_picture.py's PLANTED, added to a real picture: the picture is thrown away,
    nothing is drawn from it, nothing of it is on the page, nothing is requested or run.
    Python is kept from starting for these (the picture is drawn before it); the last part
    lets it start with a planted PyScript script and checks that it never ran."""
    context, probe, picture, requested = picture_profile(browser, site_url)

    def plant(markup: str) -> None:
        bad = dict(picture, regions=dict(picture["regions"],
                                         center=picture["regions"]["center"] + markup))
        probe.evaluate("t => localStorage.setItem('sheepshead.picture', t)", json.dumps(bad))

    # The picture as kept is drawn (the check lets the engine's own markup through).
    held: list = []
    context.route("**/static/main.py", lambda route: held.append(route))
    plant("")
    page = context.new_page()
    page.goto(site_url + GAME, wait_until="domcontentloaded")
    assert page.get_attribute("html", "data-table") == "stored"
    page.close()
    context.route("**/pyscript/**", lambda route: route.abort())
    for markup in PLANTED:
        plant(markup)
        page = context.new_page()
        page.goto(site_url + GAME, wait_until="domcontentloaded")
        assert page.get_attribute("html", "data-table") is None, markup
        assert picture_of(page) is None, markup                   # thrown away
        assert page.locator("#loading").is_visible(), markup      # the loading line instead
        page.wait_for_timeout(150)
        html = page.content()
        assert not [w for w in LEAKS if w in html], markup
        assert page.url == site_url + GAME and page.title() != "planted", markup
        page.close()
    assert not [u for u in requested if "example.com" in u or "planted" in u]
    context.unroute("**/pyscript/**")
    context.unroute("**/static/main.py")
    # With Python let through: a planted PyScript script never runs.
    plant(PLANTED[0])
    page = context.new_page()
    page.goto(site_url + GAME)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    wait_idle(page)
    assert page.title().startswith("Sheepshead · New Game")
    assert "planted" not in page.content()
    assert picture_of(page) is not None and "planted" not in json.dumps(picture_of(page))
    context.close()


@pytest.mark.browser
@pytest.mark.parametrize("when", ["today", "past"])
def test_a_daily_opened_and_left_is_drawn_from_its_picture_on_the_next_visit(
        profile, when) -> None:
    """Issue 37: a Daily opened and left, not played (today's, or a past one from a friend's
    link): the next visit of the same link draws its table before Python starts, the
    picture naming the Daily's save (or none yet) by its CRC."""
    page = profile.page(hold=True)
    page.goto(profile.url, wait_until="domcontentloaded")
    day = page.evaluate("""(() => { const d = new Date(); d.setDate(d.getDate() - %d);
        const two = n => String(n).padStart(2, '0');
        return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`; })()"""
                        % (0 if when == "today" else 9))
    profile.drop(page)
    link = f"#daily={day}"
    before = first_visit(profile, link)
    assert len(before["hand"]) == 6
    page = profile.page(hold=True, watch=True)
    page.goto(profile.url + link, wait_until="domcontentloaded")
    picture = picture_of(page)
    assert picture is not None and picture["key"] == f"sheepshead.daily.{day}"
    saved = page.evaluate("k => localStorage.getItem(k)", picture["key"])
    assert picture["save"] == save_digest(saved)          # the save it draws, by its CRC
    assert picture["hash"] == link
    assert page.get_attribute("html", "data-table") == "stored"
    assert page.get_attribute("body", "data-ready") is None
    assert hand_cards(page) == before["hand"]
    assert page.inner_text("#actions") == before["actions"]
    profile.release(page)
    assert hand_cards(page) == before["hand"]
    assert body(page, "seq") == before["seq"]
    assert len(page.evaluate("window.__seen")) == 1, page.evaluate("window.__seen")
    assert profile.errors == []


DAY_JS = """(back) => { const d = new Date(); d.setDate(d.getDate() - back);
    const two = n => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`; }"""


@pytest.mark.browser
@pytest.mark.parametrize("back", [0, 3])
def test_a_first_visit_through_a_daily_link_shows_its_table_before_python(profile, back) -> None:
    """Issue 37: build.py ships the first table of the Dailies around its date (the
    engine's own first draw, in CPython); a first visit through today's or a past Daily's
    link fetches that day's and draws it before Python, and the engine's first draw (in
    Pyodide) is the same HTML, region by region, with no other cards ever shown."""
    page = profile.page(hold=True, watch=True)
    page.goto(profile.url + "static/rules.html")
    day = page.evaluate(DAY_JS, back)
    page.close()
    page = profile.page(hold=True, watch=True)
    page.goto(profile.url + f"#daily={day}", wait_until="domcontentloaded")
    page.wait_for_selector('html[data-table="first"]', state="attached", timeout=10_000)
    assert page.get_attribute("body", "data-ready") is None
    assert page.get_attribute("#app", "aria-busy") == "true"
    assert page.locator("#loading").count() == 0
    before = regions(page)
    cards = hand_cards(page)
    assert len(cards) == 6 and day in page.inner_text("#info")
    assert page.title().startswith(f"Sheepshead · Daily {day}")
    page.screenshot(path=f"/tmp/daily-picture-{back}.png")
    profile.release(page)
    assert page.get_attribute("html", "data-table") is None
    assert regions(page) == before and hand_cards(page) == cards
    assert len(page.evaluate("window.__seen")) == 1
    assert profile.errors == []


@pytest.mark.browser
def test_a_daily_link_with_no_picture_shows_the_loading_line(profile) -> None:
    """A day outside build.py's window (or still to come): no table is drawn before Python,
    never a wrong one; the loading line shows."""
    for back in (40, -1):
        page = profile.page(hold=True)
        page.goto(profile.url + "static/rules.html")
        day = page.evaluate(DAY_JS, back)
        page.close()
        page = profile.page(hold=True)
        page.goto(profile.url + f"#daily={day}", wait_until="domcontentloaded")
        page.wait_for_timeout(800)
        assert page.get_attribute("html", "data-table") is None, day
        assert hand_cards(page) == [] and page.locator("#loading").is_visible(), day
        profile.drop(page)
    assert profile.errors == []
