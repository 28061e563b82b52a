"""The built page boots Python in Chromium, from the site's own origin only."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.fresh_start   # how a page boots (conftest.start_js)

READY = 'body[data-ready="1"]'
BOOT_TIMEOUT_MS = 60_000  # about 3 s here; generous for a loaded CI machine


# What the page looked like at DOMContentLoaded, noted by the page itself: a test process
# starved of CPU may read the page seconds after the event, when Python is long up.
AT_DOM_CONTENT_LOADED = """document.addEventListener('DOMContentLoaded', () => {
  const loading = document.getElementById('loading');
  window.__atDCL = {ready: document.body.dataset.ready || null,
                    loading: !!loading && loading.getClientRects().length > 0 && !loading.hidden};
});"""


LINK = "#game=00000000000000c3"
"""A first visit through a game's link shows the loading line (without a link it shows the
practice hand's table at once, and through a Daily's link of the days build.py drew that
Daily's: tests/test_picture.py)."""


def boot(page, url: str) -> None:
    """Open the page, check the HTML loading notice shows first, then wait for Python."""
    page.add_init_script(AT_DOM_CONTENT_LOADED)
    page.goto(url + LINK, wait_until="domcontentloaded")
    # Python takes seconds to start (9.6 MB of wasm), so at DOMContentLoaded the
    # plain-HTML notice is up and the page is not ready yet.
    assert page.evaluate("window.__atDCL") == {"ready": None, "loading": True}
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)


@pytest.mark.browser
def test_the_loading_line_moves_on_and_a_menu_tap_waits_for_the_table(page, site_url):
    """While Python starts, the loading line says what it is doing, with a bar that grows,
    and a tap on Menu is not lost: it says it waits, and the menu opens once the table is
    up.  static/main.py is held back until the tap has been checked, so the table cannot be
    up before it (not the engine's zip: index.html preloads it from the first response).  The
    request is held, not slept on: a sleep in the handler would stall Playwright itself."""
    held: list = []
    page.route("**/static/main.py", lambda route: held.append(route))
    steps = []
    page.expose_function("noteStep", lambda text: steps.append(text))
    page.add_init_script("""new MutationObserver(() => {
        const s = document.getElementById('loading-step');
        if (s) window.noteStep(s.textContent);
    }).observe(document, {subtree: true, childList: true, characterData: true});""")
    page.goto(site_url + LINK, wait_until="domcontentloaded")
    assert page.locator("#loading").is_visible()
    page.click('header [data-ui="menu"]')
    assert page.get_attribute("body", "data-ready") is None
    assert "opens as soon as the table is ready" in page.inner_text("#load-wait")
    assert page.get_attribute('header [data-ui="menu"]', "aria-busy") == "true"
    for _ in range(600):                # until Python asks for main.py: then let it through
        if held:
            break
        page.wait_for_timeout(100)
    assert page.get_attribute("body", "data-ready") is None
    held[0].continue_()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector("#panel #menu-title")                  # the menu, as tapped
    assert page.get_attribute('header [data-ui="menu"]', "aria-busy") is None
    seen = [s.split("…")[0] for s in steps]
    assert "Downloading the game" in seen and "Dealing the cards" in seen, steps
    assert seen.index("Downloading the game") < seen.index("Dealing the cards")
    assert page.log.errors() == []


@pytest.mark.browser
def test_page_boots_python_and_shows_engine_version(page, site_url):
    import sheepshead

    boot(page, site_url)
    assert not page.locator("#loading").is_visible()
    page.click('header [data-ui="menu"]')      # the version is shown in the menu
    assert page.inner_text("#engine-version").strip() == sheepshead.__version__
    assert page.log.errors() == []
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(site_url))
    assert page.log.requests, "no requests recorded"
    assert all(u.startswith(origin + "/") or u.startswith("data:") for u in page.log.requests)
    requested = {urlsplit(u).path for u in page.log.requests}
    assert {"/pyodide/pyodide.asm.wasm", "/sheepshead.zip", "/static/main.py"} <= requested


@pytest.mark.browser
def test_page_boots_from_a_sub_path(page, site_url_subpath):
    boot(page, site_url_subpath)
    assert page.log.errors() == []
    prefix = urlsplit(site_url_subpath).path
    paths = [urlsplit(u).path for u in page.log.requests if not u.startswith("data:")]
    assert paths and all(p.startswith(prefix) for p in paths), paths


@pytest.mark.browser
def test_every_shipped_pyscript_file_is_needed_and_none_is_missing(page, site_url, site_dir):
    """static/build/pyscript_files.txt matches what the page requests: no 404, no dead weight."""
    boot(page, site_url)
    page.wait_for_load_state("networkidle")
    requested = {urlsplit(u).path for u in page.log.requests}
    shipped = {f"/pyscript/{p.name}" for p in (site_dir / "pyscript").iterdir()}
    requested_pyscript = {p for p in requested if p.startswith("/pyscript/")}
    assert requested_pyscript == shipped
    assert all((site_dir / p.lstrip("/")).is_file() for p in requested if p != "/"), requested


# ------------------------------------------------------------------ static checks


@pytest.mark.site
def test_dist_has_no_source_maps_nor_editor_or_terminal_chunks(site_dir):
    files = [p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*") if p.is_file()]
    assert files
    assert [f for f in files if f.endswith(".map")] == []
    assert [f for f in files if re.search(r"xterm|codemirror", f, re.I)] == []
    for f in files:
        if f.endswith((".js", ".mjs", ".css")):
            text = (site_dir / f).read_text(encoding="utf-8", errors="replace")
            assert "sourceMappingURL" not in text[-300:], f


@pytest.mark.site
def test_dist_layout(site_dir):
    pyodide = {p.name for p in (site_dir / "pyodide").iterdir()}
    snapshots = {n for n in pyodide if re.fullmatch(r"snapshot-[0-9a-f]{20}\.gz", n)}
    assert len(snapshots) == 1, pyodide       # the start's snapshot (build.py, test_start.py)
    assert pyodide - snapshots == {
        "start.mjs",            # ours: PyScript's interpreter module (static/start.mjs)
        "pyodide.mjs",
        "pyodide.asm.mjs",
        "pyodide.asm.wasm",
        "python_stdlib.zip",
        "pyodide-lock.json",
    }
    import zipfile

    with zipfile.ZipFile(site_dir / "sheepshead.zip") as zf:
        names = zf.namelist()
    assert "sheepshead/__init__.py" in names
    # Beside the game, the bytecode of the page's own Python (build.py's precompile_page:
    # PyScript writes main.py and browser.py beside the game's folder).
    page = {"__pycache__/main.cpython-314.pyc", "__pycache__/browser.cpython-314.pyc"}
    assert page <= set(names)
    names = [n for n in names if n not in page]
    assert all(n.startswith("sheepshead/") for n in names), names
    # Sources only: the game's bytecode (build.py --engine-pyc) would put the first visit
    # past its 5.5 MB budget (tests/test_stdlib_trim.py; docs/load.md).
    assert all(n.endswith(".py") for n in names), [n for n in names if not n.endswith(".py")]
    assert (site_dir / "static" / "main.py").is_file()


def _shape(tree) -> str:
    """The tree with every bare string statement (a docstring) emptied."""
    import ast

    for n in ast.walk(tree):
        if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant) \
                and isinstance(n.value.value, str):
            n.value.value = ""
    return ast.dump(tree)


@pytest.mark.site
def test_the_engine_ships_without_docstrings_and_comments_line_for_line(site_dir):
    """build.lean_source: each module in sheepshead.zip is its source without docstrings and
    comments, with the same code and every line where it was (tracebacks point right)."""
    import ast
    import zipfile
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    with zipfile.ZipFile(site_dir / "sheepshead.zip") as zf:
        shipped = {n: zf.read(n).decode() for n in zf.namelist() if n.endswith(".py")}
    assert len(shipped) > 40
    saved = 0
    for name, lean in shipped.items():
        source = (root / name).read_text(encoding="utf-8")
        assert len(lean.splitlines()) == len(source.splitlines()), name
        assert _shape(ast.parse(lean)) == _shape(ast.parse(source)), name
        assert "#" not in "".join(line.split('"')[0].split("'")[0]
                                  for line in lean.splitlines()), name
        saved += len(source) - len(lean)
    assert saved > 100_000           # the docstrings and comments are a good part of it


class _URLCollector(HTMLParser):
    URL_ATTRS = {"href", "src", "config", "action", "poster", "data"}

    def __init__(self):
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in self.URL_ATTRS and value is not None:
                self.urls.append(value)


def _is_relative(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme == "data":
        return True
    return not parts.scheme and not parts.netloc and not url.startswith("/")


@pytest.mark.site
def test_all_urls_in_index_html_and_config_are_relative(site_dir):
    import json

    collector = _URLCollector()
    collector.feed((site_dir / "index.html").read_text(encoding="utf-8"))
    config = json.loads((site_dir / "pyscript.json").read_text(encoding="utf-8"))
    urls = collector.urls + [config["interpreter"], *config.get("files", {})]
    assert len(collector.urls) >= 4
    bad = [u for u in urls if not _is_relative(u)]
    assert bad == []
    # No absolute URL hides anywhere else in the page either (e.g. in inline code).
    assert not re.search(r"https?://", (site_dir / "index.html").read_text(encoding="utf-8"))
