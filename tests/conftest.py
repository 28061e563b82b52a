"""Shared pytest setup: markers, the built site, a local HTTP server and Chromium.

Browser fixtures (all session-scoped except ``page``):

- ``site_dir``: ``build.py --out`` run once per run (shared by the xdist workers) into a
  temporary folder.
- ``site_server``: a factory ``site_server(prefix="/")`` that serves ``site_dir``
  at URL path ``prefix`` on 127.0.0.1 (a free port per prefix) and returns the
  page URL; ``site_url`` is the root one, ``site_url_subpath`` one under
  ``/some/sub/path/`` to check that the site only uses relative URLs.
- ``browser``: Debian's Chromium through Playwright, kept off the network.
- ``page``: a fresh context and page per test; ``page.log`` (a ``PageLog``)
  records console errors, page errors and every request URL. A test fails if
  anything was requested from an origin other than the test servers.
- ``phone_contexts``: a factory of contexts as a player's phone (``PHONE``, Chicago time, a
  clock if asked, the clipboard, no share sheet), their pages watched as ``page``'s are and
  held to the same origins.

This file is also loaded when the engine tests run inside Pyodide
(tests/test_in_pyodide.py), where only the standard library and pytest exist:
keep Playwright and other host-only imports inside the fixtures.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # WebAssembly compiled by V8's baseline compiler only: each page boot compiles Pyodide
    # afresh (a new context has no code cache), and the optimising tier's background
    # compiles cost about an eighth of the browser tests' CPU for no difference they check.
    "--js-flags=--liftoff-only",
]
SUBPATH = "/some/sub/path/"
BUILD_TIMEOUT_S = 300


def load_bench(name: str) -> ModuleType:
    """The benchmark script ``bench/<name>.py`` as a module, for its tests (its ``main`` not run).
    ``bench/`` goes last on ``sys.path``, as a script's own folder is first when it runs, so that
    its ``import benchkit`` resolves."""
    if str(ROOT / "bench") not in sys.path:
        sys.path.append(str(ROOT / "bench"))
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "bench" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------- Hypothesis
#
# One profile for the whole suite, so no property test carries its own deadline: on a machine
# shared by several runs, a 200 ms per-example deadline flaked once, and the tests that care
# about time bound it themselves (tests/fuzzing.py). `sheepshead` is the default; `ci` (what
# .ci/run selects) also derandomizes and keeps no example database, so a CI run is repeatable
# and prints the blob to reproduce a failure. HYPOTHESIS_PROFILE chooses another. Hypothesis
# is not there when this file runs inside Pyodide, which has no property tests.
try:
    from hypothesis import HealthCheck, settings
except ImportError:
    pass
else:
    settings.register_profile("sheepshead", deadline=None, suppress_health_check=[HealthCheck.too_slow])
    settings.register_profile("ci", settings.get_profile("sheepshead"), derandomize=True, database=None,
                              print_blob=True)
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "sheepshead"))


# URL schemes that never leave the page (no network request).
LOCAL_SCHEMES = {"data", "blob", "about", "chrome-error"}


# ---------------------------------------------------------------- test tiers
#
# A test with none of these marks is in the fast tier (`bash tests/run fast`, which
# deselects FAST_DESELECT); the full run (`bash tests/run`) runs everything.
TIER_MARKS = {
    "browser": "loads the built site in headless Chromium (Playwright); implies the site build",
    "site": "reads the site that build.py builds (the site_dir fixture), with no browser",
    "pyodide": "runs Python inside Pyodide under Node.js (tests/pyodide/)",
    "slow": "the expensive remainder of a check whose cheap sample stays in the fast tier",
    "engines": "the cross-engine suite in WebKitGTK and Firefox ESR (tests/engine_suite.py)",
}
FAST_DESELECT = "not (browser or site or pyodide or slow or engines)"

# Fixtures that put a test outside the fast tier, and the marks that say so: a test
# that asks for one (directly or through another fixture) without one of its marks
# fails before its fixtures are set up, in either tier, so an unmarked test can never
# slow down the fast tier unnoticed.
FIXTURE_MARKS = {
    "browser": ("browser",),                      # `page` asks for it too
    "site_dir": ("browser", "site", "pyodide", "engines"),   # as do site_server, site_url, ...
}


def pytest_configure(config):
    for name, text in TIER_MARKS.items():
        config.addinivalue_line("markers", f"{name}: {text}")
    config.addinivalue_line("markers", "fresh_start: a test of the start itself (the boot, the "
                            "preloads, offline, the policy): a first visit as a player's")


def missing_tier_mark(item) -> str | None:
    """Why `item` needs a mark it lacks (it uses a FIXTURE_MARKS fixture), or None."""
    names = set(getattr(item, "fixturenames", ()))
    for fixture, marks in FIXTURE_MARKS.items():
        if fixture in names and not any(item.get_closest_marker(m) for m in marks):
            return (f"{item.nodeid} uses the {fixture!r} fixture: mark it "
                    + " or ".join(f"@pytest.mark.{m}" for m in marks)
                    + " (test tiers: tests/conftest.py)")
    return None


@pytest.hookimpl(tryfirst=True)  # before any fixture is set up
def pytest_runtest_setup(item):
    problem = missing_tier_mark(item)
    if problem:
        pytest.fail(problem, pytrace=False)


# The order files start in, costliest first, so that the two workers of `--dist loadfile`
# (tests/run passes --no-loadscope-reorder, which keeps this order) end together: a file
# with a Pyodide run or a browser takes minutes, and one that starts last would run alone.
# COSTLIEST names the longest files by their time in a full run (2026-12-03, this 2-core
# machine, with the run's start snapshot: from about 75 s down to 12 s); the others follow by
# their marks (FILE_ORDER). The first two need no built site, so the workers start on them
# while tests/run's background build ends.
COSTLIEST = ("test_in_pyodide.py", "test_bots_pins.py",    # no site: while it is built
             "test_daily_page.py", "test_offline.py", "test_start.py", "test_picture.py",
             "test_engines_firefox.py", "test_engines_webkit.py", "test_board_page.py",
             "test_layout.py", "test_table_help.py", "test_in_pyodide_ui.py", "test_csp.py",
             "test_table_play.py", "test_table_saving.py", "test_page_boot.py")
FILE_ORDER = ("engines", "pyodide", "browser", "site", "slow")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    def rank(item) -> int:
        name = item.nodeid.split("::")[0].rpartition("/")[2]
        if name in COSTLIEST:
            return COSTLIEST.index(name)
        return len(COSTLIEST) + min((i for i, m in enumerate(FILE_ORDER) if item.get_closest_marker(m)),
                                    default=len(FILE_ORDER))

    last = len(COSTLIEST) + len(FILE_ORDER)
    by_file: dict[str, int] = {}
    for item in items:
        path = item.nodeid.split("::")[0]
        by_file[path] = min(by_file.get(path, last), rank(item))
    items.sort(key=lambda item: by_file[item.nodeid.split("::")[0]])  # stable: files stay whole


# ---------------------------------------------------------------- site + server


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    """The site built once per run by `build.py --out` into a temporary folder, for a build
    costs about ten seconds of a core: `tests/run` starts it in the background before
    pytest (``SHEEPSHEAD_TEST_SITE``: its folder, where ``status`` appears when it ends);
    else the first xdist worker to ask builds it under a lock and the others wait.  Tests
    only read it (or copy it first)."""
    import fcntl  # host only (not imported inside Pyodide)

    given = os.environ.get("SHEEPSHEAD_TEST_SITE")   # tests/run builds it in the background
    if given:
        status, deadline = Path(given) / "status", time.monotonic() + BUILD_TIMEOUT_S
        while not status.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        code = status.read_text().strip() if status.exists() else "timed out"
        if code != "0":
            log = (Path(given) / "log").read_text(errors="replace")
            pytest.fail(f"build.py failed ({code}):\n{log}")
        return Path(given) / "dist"
    shared = tmp_path_factory.getbasetemp()
    if "PYTEST_XDIST_WORKER" in os.environ:
        shared = shared.parent          # the run's folder, above each worker's own
    out, done = shared / "site" / "dist", shared / "site" / "built"
    with open(shared / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            result = subprocess.run(
                [sys.executable, str(ROOT / "build.py"), "--out", str(out)],
                cwd=ROOT,
                capture_output=True,
                text=True,
            )
            if result.returncode != 0:
                pytest.fail(f"build.py failed ({result.returncode}):\n"
                            f"{result.stdout}{result.stderr}")
            done.touch()
    return out


@pytest.fixture(scope="session")
def served_origins() -> set[str]:
    """Origins (scheme://host:port) of every test server started in this session."""
    return set()


def quiet_server() -> type:
    import http.server

    class QuietServer(http.server.ThreadingHTTPServer):
        """A test server that says nothing when a page goes away mid-download (a test
        closing its context, a page dropped on purpose): any other error is printed."""

        daemon_threads = True

        def handle_error(self, request, client_address) -> None:
            if not isinstance(sys.exc_info()[1], ConnectionError):
                super().handle_error(request, client_address)
    return QuietServer


@pytest.fixture(scope="session")
def site_server(site_dir, served_origins):
    """Factory: serve the built site at URL path `prefix` and return its page URL."""
    import http.server

    sys.path.insert(0, str(ROOT))
    try:
        import build
    finally:
        sys.path.remove(str(ROOT))

    servers: dict[str, tuple[http.server.ThreadingHTTPServer, str]] = {}
    QuietServer = quiet_server()

    def serve(prefix: str = "/") -> str:
        if prefix not in servers:
            handler = build.make_handler(site_dir, prefix=prefix, quiet=True)
            server = QuietServer(("127.0.0.1", 0), handler)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            origin = f"http://127.0.0.1:{server.server_address[1]}"
            served_origins.add(origin)
            servers[prefix] = (server, origin + handler.func.prefix)
        return servers[prefix][1]

    yield serve
    for server, _ in servers.values():
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_url(site_server) -> str:
    """URL of the built site's page, served at the server root."""
    return site_server("/")


@pytest.fixture(scope="session")
def site_url_subpath(site_server) -> str:
    """URL of the built site's page, served under a sub-path (SUBPATH)."""
    return site_server(SUBPATH)


# --------------------------------------------------------------------- browser


@pytest.fixture(scope="session")
def browser():
    """Debian's headless Chromium, driven by Playwright's sync API."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} missing: run tests/run, or `apt-get install -y chromium`")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@dataclass
class PageLog:
    """What a page did: request URLs, console errors and uncaught page errors."""

    requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def foreign_requests(self, origins: set[str]) -> list[str]:
        """Requests to any origin outside `origins` (local schemes excepted)."""
        foreign = []
        for url in self.requests:
            parts = urlsplit(url)
            if parts.scheme in LOCAL_SCHEMES:
                continue
            if f"{parts.scheme}://{parts.netloc}" not in origins:
                foreign.append(url)
        return foreign

    def errors(self) -> list[str]:
        return self.console_errors + self.page_errors


QUIET_JS = "window.sheepsheadPar = 'off';"
"""An init script for every test page: it works out no par for a finished Daily (an Expert in
every seat for ten hands: 5 s of CPU a Daily here, and most tests finish one;
test_daily_page.py's lock test turns it back on with PAR_ON_JS and waits for it).  Every page
starts Python as a player's does, from the memory snapshot build.py ships (its digest checked
first: static/start.mjs); tests/test_start.py compares a restored start with a fresh one."""
PAR_ON_JS = "window.sheepsheadPar = 'on';"


@pytest.fixture(scope="session")
def start_js() -> str:
    """The init script of a test page (QUIET_JS): the one name the page fixtures use."""
    return QUIET_JS


@pytest.fixture
def page(browser, served_origins):
    """A new page in a fresh browser context; `page.log` records what it did."""
    context = browser.new_context()
    context.add_init_script(QUIET_JS)
    log = PageLog()
    # Context-level request events include those of service workers.
    context.on("request", lambda request: log.requests.append(request.url))
    page = context.new_page()
    _watch(page, log)
    yield page
    context.close()
    foreign = log.foreign_requests(served_origins)
    if foreign:
        pytest.fail(f"requests left the test server's origin: {foreign}", pytrace=False)


PHONE = {"width": 390, "height": 844}
"""A phone's viewport (CSS pixels), as the page tests that play as a phone use it."""
CHICAGO = "America/Chicago"
"""The time zone of the tests that play as a phone in Wisconsin's time."""


@pytest.fixture
def phone_contexts(browser, served_origins, start_js):
    """A factory of browser contexts as a player's phone: ``make(when=None, viewport=PHONE,
    **options)`` (``options`` go to ``browser.new_context``): Chicago time, its clock
    installed at ``when`` if given, the clipboard allowed, no share sheet (the page copies
    instead), Python started as a player's page starts it.  Each page of them gets ``page.log``
    (as the ``page`` fixture's), and every request of them must stay on the test servers."""
    contexts = []
    logs: list[PageLog] = []

    def make(when=None, viewport=PHONE, **options):
        context = browser.new_context(viewport=viewport, timezone_id=CHICAGO, **options)
        context.add_init_script(start_js)
        context.grant_permissions(["clipboard-read", "clipboard-write"])
        context.add_init_script("delete Navigator.prototype.share;")
        if when is not None:
            context.clock.install(time=when)
        log = PageLog()
        logs.append(log)
        context.on("request", lambda request: log.requests.append(request.url))
        context.on("page", lambda page: _watch(page, log))
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
    foreign = [u for log in logs for u in log.foreign_requests(served_origins)]
    if foreign:
        pytest.fail(f"requests left the test server's origin: {foreign}", pytrace=False)


def _watch(page, log: PageLog) -> None:
    """Keep ``page``'s console errors and uncaught errors in ``log`` (``page.log``)."""
    def console(message) -> None:
        if message.type == "error":
            log.console_errors.append(message.text)
    page.log = log
    page.on("console", console)
    page.on("pageerror", lambda e: log.page_errors.append(str(e)))
