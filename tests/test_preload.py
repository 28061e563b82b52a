"""The first visit starts every download the start needs from the first response (issue 23):
index.html preloads Pyodide's modules, the wasm, the standard library, the lock file, the
game's zip and the page's Python (browser.py, main.py: PyScript asks for them one after the
other once Python is ready, a round trip each), and each of them is downloaded once (a preload whose request does not match the
one that uses it, by mode or credentials, is downloaded twice and warned about)."""

from __future__ import annotations

import collections
import re

import pytest
from table_helpers import READY, wait_idle

pytestmark = pytest.mark.fresh_start   # the preloads of a fresh start (conftest.start_js)

PRELOADED = ["pyodide/start.mjs", "pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
             "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json", "sheepshead.zip",
             "static/browser.py", "static/main.py"]


@pytest.mark.browser
def test_the_start_is_preloaded_and_each_file_downloaded_once(page, site_dir, site_url) -> None:
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    hrefs = re.findall(r'<link rel="(?:module)?preload" href="\./([^"]+)"', html)
    assert hrefs == PRELOADED
    for href in hrefs:
        assert (site_dir / href).is_file(), href          # the build ships what it preloads
    counts: collections.Counter[str] = collections.Counter()
    page.on("request", lambda r: counts.update([r.url.removeprefix(site_url)]))   # not the worker's
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if "preload" in m.text else None)
    page.goto(site_url)
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    wait_idle(page)
    page.wait_for_timeout(3500)         # Chromium warns about an unused preload after 3 s
    assert {h: counts[h] for h in PRELOADED} == {h: 1 for h in PRELOADED}
    assert warnings == [] and page.log.errors() == []
