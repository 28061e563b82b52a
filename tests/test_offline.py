"""Installable and offline (issue 5): the manifest, the service worker made by build.py,
and static/offline.js, in real headless Chromium against a built folder over HTTP.

The offline and update tests serve their own copy of the build (they stop the server,
or swap a second build into the served folder), on their own origin; every origin is
registered in ``served_origins`` so the ``page`` fixture still fails any request that
goes anywhere else.
"""

from __future__ import annotations

import json
import re
import shutil
import struct
import sys
import threading
from pathlib import Path

import pytest
from conftest import QUIET_JS, SUBPATH, quiet_server
from daily_helpers import seed_script
from table_helpers import READY, body, hand_cards, open_table, wait_idle

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build

sys.path.remove(str(ROOT))

pytestmark = pytest.mark.fresh_start   # a first visit's install and offline starts (conftest.start_js)

SEED = "game:0000000000000001"
OFFLINE_READY = 'html[data-offline="ready"]'
READY_NOTICE = '#offline-bar [data-offline-msg="ready"]'
UPDATE_OFFER = '#offline-bar [data-offline-msg="update"]'
BOOT_TIMEOUT_MS = 60_000


# ------------------------------------------------------------------ helpers


class Site:
    """A copy of a build, served on its own port at `prefix` until stop()."""

    def __init__(self, source: Path, folder: Path, prefix: str, origins: set[str]):
        self.folder = folder
        # Plain copies get fresh modification times, like a real deploy: the server's
        # Last-Modified (one-second resolution) then tells the builds apart.
        shutil.copytree(source, folder, copy_function=shutil.copy)
        handler = build.make_handler(folder, prefix=prefix, quiet=True)
        self.server = quiet_server()(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        origins.add(origin)
        self.url = origin + handler.func.prefix
        self.running = True

    def replace_with(self, source: Path) -> None:
        """Deploy another build into the served folder (as a static host would)."""
        for item in self.folder.iterdir():
            shutil.rmtree(item) if item.is_dir() else item.unlink()
        shutil.copytree(source, self.folder, dirs_exist_ok=True, copy_function=shutil.copy)

    def stop(self) -> None:
        if self.running:
            self.running = False
            self.server.shutdown()
            self.server.server_close()


@pytest.fixture(scope="module")
def builds(tmp_path_factory, site_dir):
    """The default build (conftest's site_dir) and a second build that differs in one file."""
    second = tmp_path_factory.mktemp("second") / "dist"
    shutil.copytree(site_dir, second)
    index = second / "index.html"
    index.write_text(
        index.read_text(encoding="utf-8").replace(
            "<head>\n", '<head>\n  <meta name="build-variant" content="second">\n', 1),
        encoding="utf-8")
    build.write_service_worker(second)  # what build.py does after any change
    return site_dir, second


@pytest.fixture
def sites(tmp_path, served_origins):
    made: list[Site] = []

    def make(source: Path, prefix: str = "/") -> Site:
        site = Site(source, tmp_path / f"served{len(made)}", prefix, served_origins)
        made.append(site)
        return site

    yield make
    for site in made:
        site.stop()


def sw_version(folder: Path) -> str:
    return re.search(r'const VERSION = "([0-9a-f]+)";', (folder / "sw.js").read_text()).group(1)


def wait_offline_ready(page) -> None:
    page.wait_for_selector(OFFLINE_READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("!!navigator.serviceWorker.controller")


def can_act(page) -> None:
    """It is the human's turn in the pick round of hand 1 and a tap on Pass is taken."""
    wait_idle(page)
    assert body(page, "turn") == "you", body(page, "turn")
    assert body(page, "phase") == "pick", body(page, "phase")
    assert page.locator("#hand button").count() == 6
    seq = int(body(page, "seq") or 0)
    page.get_by_role("button", name="Pass", exact=True).click()
    wait_idle(page)
    assert int(body(page, "seq")) > seq


# ------------------------------------------------------------- browser tests


@pytest.mark.browser
@pytest.mark.parametrize("prefix", ["/", SUBPATH], ids=["root", "subpath"])
def test_after_one_visit_it_boots_and_plays_with_the_network_off(page, builds, sites, prefix):
    site = sites(builds[0], prefix)
    url = site.url + "#game=" + SEED[5:]
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    wait_offline_ready(page)
    page.wait_for_timeout(300)
    assert page.locator(READY_NOTICE).count() == 0        # quiet until the first hand is over
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
    assert scope == site.url
    online_requests = len(page.log.requests)

    # The network is gone: the server stops and the browser is offline.
    site.stop()
    page.context.set_offline(True)

    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    can_act(page)
    # Python started from the build's snapshot, precached by the worker (static/start.mjs).
    assert page.evaluate("document.documentElement.dataset.start") == "snapshot"
    assert page.locator(READY_NOTICE).count() == 0
    later = page.log.requests[online_requests:]          # all from the worker, under the site
    assert later and all(u.startswith(site.url) for u in later), later
    if prefix != "/":
        return              # the worker's scope and relative URLs were the sub-path's point

    tab = page.context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.goto(site.url)  # no fragment: the saved game comes back
    tab.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    wait_idle(tab)
    assert hand_cards(tab), "no hand on screen"
    # The computer players have moved on to the human's turn: tap something legal.
    assert body(tab, "turn") == "you", (body(tab, "turn"), body(tab, "phase"))
    seq = int(body(tab, "seq"))
    if tab.locator("#hand button.legal").count():
        tab.click("#hand button.legal")
    else:
        tab.locator("#actions button:not([disabled])").first.click()
    wait_idle(tab)
    assert int(body(tab, "seq")) > seq
    assert errors == []
    # Everything after going offline came from the worker: it is all under the site.
    later = page.log.requests[online_requests:]
    assert later and all(u.startswith(site.url) for u in later), later
    assert page.log.page_errors == []


@pytest.mark.browser
def test_a_new_build_is_offered_and_never_interrupts_a_hand(page, builds, sites):
    first, second = builds
    site = sites(first)
    open_table(page, site.url, "#game=" + SEED[5:])
    wait_offline_ready(page)
    can_act(page)  # a hand in progress
    before = {"seq": body(page, "seq"), "phase": body(page, "phase"), "hand": hand_cards(page)}
    page.evaluate("window.__sameDocument = 42")

    site.replace_with(second)  # the new build is deployed while the hand goes on
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    page.wait_for_selector(UPDATE_OFFER, state="visible", timeout=BOOT_TIMEOUT_MS)
    assert re.sub(r"\s+", " ", page.inner_text(UPDATE_OFFER)).startswith("New version — Reload")
    assert page.get_attribute("html", "data-offline") == "update"
    page.wait_for_timeout(1500)  # it waits: no reload, no change to the hand
    assert page.evaluate("window.__sameDocument") == 42
    assert {"seq": body(page, "seq"), "phase": body(page, "phase"),
            "hand": hand_cards(page)} == before
    assert page.locator('meta[name="build-variant"]').count() == 0
    old_cache = page.evaluate("caches.keys()")
    assert any(k.endswith(sw_version(first)) for k in old_cache), old_cache

    with page.expect_navigation(timeout=BOOT_TIMEOUT_MS):
        page.locator(UPDATE_OFFER).get_by_role("button", name="Reload").click()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    wait_idle(page)
    assert page.evaluate("window.__sameDocument") is None
    assert page.locator('meta[name="build-variant"]').get_attribute("content") == "second"
    assert body(page, "seq") == before["seq"]  # the saved game carried over
    assert hand_cards(page) == before["hand"]
    # The new worker controls the page and the old build's cache is gone.
    page.wait_for_function(
        "v => caches.keys().then(ks => ks.length === 1 && ks[0].endsWith(v))",
        arg=sw_version(second), timeout=10_000)
    assert page.locator(UPDATE_OFFER).count() == 0
    assert page.log.page_errors == []


def first_hand_over_items() -> dict[str, str]:
    """localStorage items: a New Game whose first hand is over (and the settings that open
    it), made with the engine and the page's own computer players."""
    from daily_helpers import save_text

    from sheepshead.ui.storage.saves import GAME_KEY
    from sheepshead.ui.table.table import Table

    t = Table("game:00000000000000b7")
    while not t.hand.is_over:
        if t.human_turn:
            t.act(t.seat_view().legal[0])
        else:
            t.step()
    settings = {"format": "sheepshead-settings/1", "settings": {"open": "game", "speed": "instant"}}
    return {GAME_KEY: save_text(t), "sheepshead.settings": json.dumps(settings)}


INSTALL_EVENT = """() => {
    const e = new Event("beforeinstallprompt", {cancelable: true});
    e.prompt = () => { window.__prompted = true; };
    e.userChoice = Promise.resolve({outcome: "accepted"});
    window.dispatchEvent(e);
}"""


@pytest.mark.browser
def test_install_offer_waits_for_the_first_hand(page, site_url):
    page.goto(site_url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.evaluate(INSTALL_EVENT)
    page.wait_for_timeout(500)
    assert body(page, "phase") != "over" and body(page, "hand") == "1"
    assert page.locator('#offline-bar [data-offline-msg="install"]').count() == 0


def open_after_the_first_hand(page, site_url: str) -> None:
    """Open the page with a New Game whose first hand is over (seeded into localStorage)."""
    page.add_init_script(seed_script(first_hand_over_items()))
    page.goto(site_url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert body(page, "phase") == "over"                  # the first hand is over


@pytest.mark.browser
def test_ready_to_play_offline_waits_for_the_first_hand_and_is_said_once(page, site_url):
    """And a first install whose precache fails (one file refused once, as a flaky network
    would) is tried again: offline play is ready on this visit all the same."""
    refused: list[str] = []

    def once(route) -> None:
        if not refused:
            refused.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    page.context.route("**/static/rules.html", once)      # not needed to start: precache only
    open_after_the_first_hand(page, site_url)
    wait_offline_ready(page)
    assert len(refused) == 1
    page.wait_for_selector(READY_NOTICE, state="attached", timeout=10_000)
    assert page.inner_text(READY_NOTICE).startswith("Ready to play offline")
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_timeout(500)
    assert page.locator(READY_NOTICE).count() == 0        # once per browser


@pytest.mark.browser
def test_install_button_where_the_browser_offers_installation(page, site_url):
    open_after_the_first_hand(page, site_url)
    page.evaluate(INSTALL_EVENT)
    assert page.locator('#offline-bar [data-offline-msg="install"]').is_hidden()  # behind
    page.click('#panel [data-ui="close"]')                # the hand summary: then it shows
    offer = page.locator('#offline-bar [data-offline-msg="install"]')
    offer.get_by_role("button", name="Install").click()
    assert page.evaluate("window.__prompted") is True
    assert offer.count() == 0


@pytest.mark.browser
def test_iphone_safari_gets_the_add_to_home_screen_hint_once(browser, site_url, served_origins):
    ua = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1")
    context = browser.new_context(user_agent=ua, viewport={"width": 390, "height": 844},
                                  has_touch=True, is_mobile=True)
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    try:
        context.add_init_script(QUIET_JS)
        context.add_init_script(seed_script(first_hand_over_items()))
        page = context.new_page()
        page.goto(site_url)
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        hint = page.locator('#offline-bar [data-offline-msg="ios"]')
        assert body(page, "phase") == "over"              # shown once the first hand is over,
        page.click('#panel [data-ui="close"]')            # and not over the hand summary
        hint.wait_for(state="visible")
        assert "Share, then Add to Home Screen" in hint.inner_text()
        # It sits above the hand, not over it.
        box, hand = hint.bounding_box(), page.locator("#hand").bounding_box()
        assert box["y"] + box["height"] <= hand["y"]
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        page.wait_for_timeout(300)
        assert hint.count() == 0
    finally:
        context.close()
    foreign = [u for u in requests
               if not u.startswith("data:") and not any(u.startswith(o + "/") for o in served_origins)]
    assert requests and foreign == []


# -------------------------------------------------------------- static checks


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", path
    return struct.unpack(">II", data[16:24])


@pytest.mark.site
def test_manifest_is_valid_and_its_icons_have_their_sizes(site_dir):
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text(encoding="utf-8"))
    for key in ("name", "short_name", "start_url", "scope", "display", "icons",
                "theme_color", "background_color"):
        assert manifest.get(key), key
    assert manifest["name"] == "Sheepshead"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] in ("./", "./index.html") and manifest["scope"] == "./"
    urls = [manifest["start_url"], manifest["scope"]] + [i["src"] for i in manifest["icons"]]
    assert all(u.startswith("./") for u in urls), urls
    kinds = set()
    for icon in manifest["icons"]:
        w, h = png_size(site_dir / icon["src"])
        assert icon["sizes"] == f"{w}x{h}" and icon["type"] == "image/png"
        kinds.add((w, icon.get("purpose", "any")))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= kinds
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="./manifest.webmanifest">' in html
    assert re.search(r'<meta name="theme-color" content="#[0-9a-fA-F]{6}">', html)
    assert manifest["theme_color"].lower() in html.lower()


@pytest.mark.site
def test_precache_lists_exactly_the_shipped_files(site_dir):
    text = (site_dir / "sw.js").read_text(encoding="utf-8")
    listed = json.loads(re.search(r"const FILES = (\[.*?\]);", text, re.S).group(1))
    shipped = sorted(p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*")
                     if p.is_file() and p.name != "sw.js")
    assert listed == [f"./{name}" for name in shipped]
    for needed in ("index.html", "pyscript.json", "sheepshead.zip", "static/main.py",
                   "static/rules.html", "static/cheatsheet.html", "static/offline.js",
                   "manifest.webmanifest", "static/icons/icon-512.png",
                   "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"):
        assert f"./{needed}" in listed, needed
    # build.py's own sources (static/build/: the worker's source, lists, scripts) never ship,
    # and every placeholder of the worker's source is filled in.
    assert not [name for name in shipped if name.startswith("static/build/")]
    assert "/*@" not in text and '"dev"' not in text
    # No absolute URL anywhere in the worker: it works from any sub-path.
    assert not re.search(r"https?://", text)
    assert "skipWaiting()" in text and "clients.claim()" in text


@pytest.mark.site
def test_the_cache_name_follows_the_content(site_dir, tmp_path):
    copy = tmp_path / "dist"
    shutil.copytree(site_dir, copy)
    build.write_service_worker(copy)
    assert sw_version(copy) == sw_version(site_dir)  # same bytes, same version
    (copy / "static" / "rules.html").write_bytes(
        (copy / "static" / "rules.html").read_bytes() + b"\n")
    build.write_service_worker(copy)
    assert sw_version(copy) != sw_version(site_dir)
    # The worker itself never calls skipWaiting() on install: updates wait for the player.
    install = re.search(r'addEventListener\("install".*?\n\}\);', (copy / "sw.js").read_text(), re.S)
    assert install and "skipWaiting" not in install.group(0).replace("No skipWaiting()", "")
