"""Every visit, the first included, starts Python from the memory snapshot build.py ships
(issues 23 and 37; static/start.mjs, static/build/snapshot.mjs), and only from the one this
build shipped (issue 36 item 7).

build.py makes the snapshot under Node.js, ships it gzipped as ``pyodide/snapshot-<key>.gz``
and writes its SHA-256 into ``pyodide/start.mjs``, which checks the bytes before restoring
anything: <html data-start="snapshot">. A snapshot that does not match (a foreign one planted
in the service worker's cache) is refused and Python starts normally (data-start="fresh",
data-snapshot="refused"). After a restored start the computer players choose exactly as after
a normal one: the choice digests of both levels, computed inside each page's Python and in
CPython, the pass of a seeded game and the rest of its hand.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from conftest import QUIET_JS
from table_helpers import READY, body, hand_cards, play_out, wait_idle

ROOT = Path(__file__).resolve().parent.parent
GAME = "#game=00000000000000c3"
FRESH_JS = QUIET_JS + " window.sheepsheadStart = 'fresh';"
"""A harness's normal start: static/start.mjs restores no snapshot."""
PYODIDE_SNAPSHOT_MAGIC = 1886286592
"""The first 32-bit word of every Pyodide memory snapshot (pyodide.asm.mjs, restoreSnapshot)."""

CHOICES = """
import hashlib
from sheepshead.bots import make_player
from sheepshead.state import HandState


def _choices():
    h = hashlib.sha256()
    expert = make_player("expert", 7)
    asked = 0
    for i in range(3):
        state = HandState.from_seed("game:%016x" % (0xbe7c4 + 7919 * i), 1 + i)
        seats = [make_player("standard", 10 * i + s) for s in range(5)]
        while not state.is_over:
            view = state.view(state.to_act)
            action = seats[state.to_act].choose(view)
            h.update(str(action).encode() + b";")
            if len(view.legal) > 1 and asked < 4:
                h.update(b"expert:" + str(expert.choose(view)).encode() + b";")
                asked += 1
            state.apply(action)
    return h.hexdigest()[:12]


_choices()
"""
"""The choice digest: Standard in every seat for three seeded hands, and the Expert's choice
at the first four decisions with a choice. Its value is whatever CPython computes here."""


def cpython_choices() -> str:
    scope: dict[str, object] = {}
    exec(CHOICES.rsplit("\n_choices()", 1)[0], scope)
    return scope["_choices"]()  # type: ignore[operator]


def page_python(page, code: str) -> str:
    """Run `code` in the page's own interpreter (PyScript's, through its core module) and
    return its last expression's value."""
    return page.evaluate("""async (code) => {
        const core = await import(new URL("pyscript/core.js", location.href).href);
        return (await core.whenDefined("py")).interpreter.runPython(code);
    }""", code)


def start_of(page) -> str:
    return page.evaluate("document.documentElement.dataset.start || ''")


def boot(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    wait_idle(page)


def after_a_pass(page) -> dict[str, object]:
    """Pass, let the computer players answer, and read what they did off the table."""
    page.get_by_role("button", name="Pass", exact=True).click()
    wait_idle(page)
    return {"seq": body(page, "seq"), "phase": body(page, "phase"), "turn": body(page, "turn"),
            "hand": hand_cards(page), "felt": page.inner_text("#felt")}


def the_rest_of_the_hand(page) -> dict[str, object]:
    """Play the hand out (the first legal card each turn) and read its summary."""
    play_out(page)
    return {"seq": body(page, "seq"), "summary": page.inner_text("#felt")}


def built_start(site_dir: Path) -> tuple[str, str]:
    """The start key and the snapshot's SHA-256 that build.py wrote into start.mjs."""
    text = (site_dir / "pyodide" / "start.mjs").read_text(encoding="utf-8")
    key = re.search(r'^const BUILD = "([0-9a-f]{20})";$', text, re.M)
    digest = re.search(r'^const SNAPSHOT_SHA256 = "([0-9a-f]{64})";$', text, re.M)
    assert key and digest, "start.mjs has no build key or snapshot digest"
    return key.group(1), digest.group(1)


@pytest.mark.site
def test_the_build_ships_its_snapshot_and_the_digest_start_checks(site_dir) -> None:
    key, digest = built_start(site_dir)
    shipped = site_dir / "pyodide" / f"snapshot-{key}.gz"
    packed = shipped.read_bytes()
    assert hashlib.sha256(packed).hexdigest() == digest
    memory = gzip.decompress(packed)
    assert struct.unpack_from("<I", memory)[0] == PYODIDE_SNAPSHOT_MAGIC
    assert len(memory) > 8 * len(packed) // 2          # served compressed: 31 MB as 6 MB
    assert str(ROOT).encode() not in memory            # no path of the build machine in it
    assert b"this.program" in memory                   # the browser's sys.executable instead
    worker = (site_dir / "sw.js").read_text(encoding="utf-8")
    assert f'"./pyodide/snapshot-{key}.gz"' in worker  # precached: offline, return visits


@pytest.mark.browser
def test_a_first_visit_restores_the_shipped_snapshot_and_plays_as_a_fresh_start(
        browser, site_url) -> None:
    expected = cpython_choices()
    played: dict[str, dict[str, object]] = {}
    for how, script in (("fresh", FRESH_JS), ("snapshot", QUIET_JS)):
        context = browser.new_context(viewport={"width": 390, "height": 844})
        context.add_init_script(script)
        try:
            page = context.new_page()
            problems: list[str] = []
            page.on("console", lambda m: problems.append(m.text)
                    if m.type in ("error", "warning") else None)
            page.on("pageerror", lambda e: problems.append(str(e)))
            wasm: list[str] = []
            page.on("request", lambda r: wasm.append(r.url) if r.url.endswith(".wasm") else None)
            boot(page, site_url + GAME)                 # a fresh profile: a first visit
            assert start_of(page) == how
            assert len(wasm) == 1, wasm      # compiled early (start.mjs): still asked for once
            marks = page.evaluate("performance.getEntriesByType('mark').map(m => m.name)")
            assert ("sheepshead:snapshot-ready" in marks) == (how == "snapshot")
            assert page_python(page, CHOICES) == expected, how
            played[how] = {"pass": after_a_pass(page), "rest": the_rest_of_the_hand(page)}
            assert problems == [], problems
        finally:
            context.close()
    assert played["snapshot"] == played["fresh"]
    assert played["fresh"]["pass"]["seq"] != "0"


UNPACKED = """
import hashlib
import json


def _unpacked(names):
    return json.dumps({name: hashlib.sha256(open(name, "rb").read()).hexdigest()
                       for name in names})
"""

PAGE_BYTECODE = """
import importlib.util
import json
import sys


def _page_bytecode():
    found = {"main imported": sys.modules["main"].__file__}
    for name in ("main.py", "browser.py"):
        source = open(name, "rb").read()
        pyc = open(importlib.util.cache_from_source(name), "rb").read()
        found[name] = (pyc[:4] == importlib.util.MAGIC_NUMBER, pyc[4:8] == (3).to_bytes(4, "little"),
                       pyc[8:16] == importlib.util.source_hash(source))
    return json.dumps(found)


_page_bytecode()
"""
"""The page's own Python as the page imports it: main is imported (not run as a script), and
the bytecode beside main.py and browser.py is checked-hash for exactly the source PyScript
wrote, so the import system uses it instead of compiling."""


@pytest.mark.browser
def test_the_games_zip_is_unpacked_by_the_browser_exactly(browser, site_url, site_dir) -> None:
    """static/start.mjs unpacks sheepshead.zip in JavaScript (DecompressionStream), not with
    Pyodide's unpackArchive (zipfile, one task of about 0.7 s on the 4x phone): on a restored
    and on a normal start every file of the zip is on Python's file system, byte for byte,
    the bytecode of the page's own Python (build.py's precompile_page) among them."""
    with zipfile.ZipFile(site_dir / "sheepshead.zip") as archive:
        files = {i.filename: hashlib.sha256(archive.read(i)).hexdigest()
                 for i in archive.infolist() if not i.is_dir()}
    assert len(files) > 50 and any(name.endswith("/__init__.py") for name in files)
    assert {"__pycache__/main.cpython-314.pyc", "__pycache__/browser.cpython-314.pyc"} <= set(files)
    for how, script in (("fresh", FRESH_JS), ("snapshot", QUIET_JS)):
        context = browser.new_context(viewport={"width": 390, "height": 844})
        context.add_init_script(script)
        try:
            page = context.new_page()
            boot(page, site_url)
            assert start_of(page) == how
            marks = page.evaluate("performance.getEntriesByType('mark').map(m => m.name)")
            assert "sheepshead:unpacked" in marks, (how, marks)      # not Pyodide's unpack
            unpacked = page_python(page, UNPACKED + f"\n_unpacked({sorted(files)!r})")
            assert json.loads(unpacked) == files, how
            assert json.loads(page_python(page, PAGE_BYTECODE)) == {
                "main imported": "/home/pyodide/main.py",
                "main.py": [True, True, True], "browser.py": [True, True, True]}, how
        finally:
            context.close()


def _foreign_snapshot(packed: bytes) -> bytes:
    """The shipped snapshot with one of the game's words changed in its memory: a valid
    Pyodide snapshot that restores (the header and the heap's layout untouched) and would draw
    "Pick UP" where the game says "Pick up"."""
    memory = bytearray(gzip.decompress(packed))
    count = memory.count(b"Pick up")
    assert count, "the word to patch is not in the snapshot"
    return gzip.compress(bytes(memory).replace(b"Pick up", b"Pick UP"), 1, mtime=0)


@pytest.mark.browser
def test_a_foreign_snapshot_planted_in_the_cache_is_refused(browser, site_server,
                                                            site_dir) -> None:
    key, _ = built_start(site_dir)
    foreign = _foreign_snapshot((site_dir / "pyodide" / f"snapshot-{key}.gz").read_bytes())
    url = site_server("/planted/")                       # an origin of its own
    context = browser.new_context()
    context.add_init_script(QUIET_JS)
    try:
        page = context.new_page()
        # The foreign bytes reach the page at a URL outside the worker's scope.
        page.route("**/foreign-snapshot.gz", lambda route: route.fulfill(body=foreign))
        boot(page, url)
        assert start_of(page) == "snapshot"
        page.wait_for_selector('html[data-offline="ready"]', state="attached", timeout=120_000)
        # What any page of the origin can do: overwrite the precached snapshot under the
        # build's own name, and the old on-device cache too.
        planted = page.evaluate("""async (key) => {
            const body = await (await fetch("/foreign-snapshot.gz")).arrayBuffer();
            const name = (await caches.keys()).find((n) => n.startsWith("sheepshead:"));
            const url = new URL("pyodide/snapshot-" + key + ".gz", location.href).href;
            const cache = await caches.open(name);
            if (!(await cache.match(url))) return "not precached";
            await cache.put(url, new Response(body));
            const device = await caches.open("sheepshead-start:" + location.href.split("#")[0]);
            await device.put(new URL("pyodide/snapshot-" + key, location.href).href,
                             new Response(body));
            return "planted";
        }""", key)
        assert planted == "planted"
        page.close()
        page = context.new_page()
        warnings: list[str] = []
        page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
        boot(page, url)
        assert page.evaluate("navigator.serviceWorker.controller !== null")   # from the cache
        assert page.get_by_role("button", name="Pick UP", exact=True).count() == 0
        assert page.get_by_role("button", name="Pick up", exact=True).count() == 1
        assert start_of(page) == "fresh"
        assert page.evaluate("document.documentElement.dataset.snapshot") == "refused"
        assert any("not this build's" in w for w in warnings), warnings
        assert "sheepshead-start:" not in " ".join(page.evaluate("caches.keys()"))
    finally:
        context.close()


def test_the_start_key_changes_with_the_snapshots_module_list(tmp_path, monkeypatch) -> None:
    """A snapshot is named by the build's start key: the same inputs, and the same list of
    modules imported in it, give the same key; a changed list gives another (a build that only
    imports one more module must not ship its snapshot under the old name)."""
    import build

    for name in build.START_INPUTS:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(name.encode())
    listing = tmp_path / "modules.txt"
    listing.write_text("sheepshead\n", encoding="utf-8")
    monkeypatch.setattr(build, "SNAPSHOT_MODULES", listing)
    key = build.start_key(tmp_path)
    assert build.start_key(tmp_path) == key and re.fullmatch(r"[0-9a-f]{20}", key)
    listing.write_text("sheepshead\nsheepshead.ui.backup.backup\n", encoding="utf-8")
    assert build.start_key(tmp_path) != key


def test_the_backups_reader_is_in_the_start_snapshot():
    """The modules a backup's reading loads on first use are imported in the start snapshot
    (static/build/snapshot_modules.txt; CPython only: it starts a process): compiling them on the page was one main-thread task
    of about 135 ms on the 4x phone (issue 36, item 5; docs/journal/backup.md)."""
    listed = [line for line in (Path(__file__).resolve().parents[1] / "static" / "build" / "snapshot_modules.txt")
              .read_text().splitlines() if line and not line.startswith("#")]
    loaded = subprocess.run(
        [sys.executable, "-c", "import importlib, sys\n"
         f"for m in {listed!r}: importlib.import_module(m)\n"
         "print(' '.join(sorted(sys.modules)))"],
        capture_output=True, text=True, check=True, cwd=Path(__file__).resolve().parents[1]).stdout.split()
    assert {"sheepshead.ui.backup.backup", "sheepshead.ui.backup.slicedjson",
            "sheepshead.ui.backup.moving", "sheepshead.ui.pacing"} <= set(loaded)
