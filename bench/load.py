#!/usr/bin/env python3
"""Load benchmark: the game against the floor, cold and warm, in headless Chromium.

    .venv/bin/python bench/load.py [--runs 5] [--full-stdlib | --no-pyc] [--json FILE]

In one run it builds, into a temporary folder:

- the floor: a bare page that only boots PyScript with the same vendored Pyodide and
  PyScript files straight from node_modules (full standard library), a ``type="py"``
  script that sets ``<body data-ready="1">``, and the same kind of service worker as
  the game (build.py's generator, registered by the same static/offline.js after
  ``py:all-done``) so that warm loads compare like with like;
- the game: ``build.py`` (the default build, or ``--full-stdlib``).

Each is served over HTTP on 127.0.0.1. For each of ``--runs`` rounds, floor and game
alternate (so both see the same machine load): a fresh start (cold: empty
HTTP cache, no worker: a new Chromium profile), one load, wait until the worker controls the page, then a
second page in that context (warm: served by the service worker). Times are taken in
the page with ``performance.now()`` (from navigation start) by a MutationObserver:

- floor: Python ready (``body[data-ready="1"]``);
- game: a tappable hand: ``body[data-ready="1"][data-busy="0"]``, the hand's cards on
  screen and an enabled button to tap (Pick up / Pass, or a legal card).

Bytes: every file the first visit requests, raw (as served: this server does not
compress) and gzip (Python's gzip module, level 9: what a compressing host sends).
Prints medians and the game-to-floor ratios; targets: ratio <= 1.15 cold and warm,
first visit <= 5.5 MB gzip.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import inspect
import json
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
from conftest import CHROMIUM, CHROMIUM_ARGS

import build

TARGET_RATIO = 1.15
TARGET_FIRST_VISIT_GZIP = 5_500_000

FLOOR_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>floor</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="./pyscript/core.css">
  <script type="module" src="./pyscript/core.js"></script>
  <script type="module" src="./static/offline.js"></script>
</head>
<body>
  <script type="py" config="./pyscript.json">
from pyscript import document
document.body.dataset.ready = "1"
  </script>
</body>
</html>
"""

FLOOR_DONE = 'document.body && document.body.dataset.ready === "1"'
GAME_DONE = """document.body && document.body.dataset.ready === "1"
  && document.body.dataset.busy === "0"
  && document.querySelector("#hand button.card")
  && (document.querySelector("#actions button:not([disabled])")
      || document.querySelector("#hand button:not([disabled])"))"""

MARK_SCRIPT = """(() => {
  const done = () => { try { return !!(%s); } catch (e) { return false; } };
  const check = () => {
    if (window.__doneAt === undefined && done()) window.__doneAt = performance.now();
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
  check();
})();"""


def build_floor(out: Path) -> Path:
    out.mkdir(parents=True)
    (out / "index.html").write_text(FLOOR_HTML, encoding="utf-8")
    (out / "pyscript.json").write_text('{"interpreter": "./pyodide/pyodide.mjs"}\n', encoding="utf-8")
    (out / "static").mkdir()
    shutil.copy(ROOT / "static" / "offline.js", out / "static" / "offline.js")
    build.vendor_pyodide(out)
    build.vendor_pyscript(out)
    build.write_service_worker(out)
    return out


def build_game(out: Path, full_stdlib: bool, pyc: bool) -> Path:
    params = inspect.signature(build.build).parameters
    kwargs = {}
    if "full_stdlib" in params:
        kwargs["full_stdlib"] = full_stdlib
    if "pyc" in params:
        kwargs["pyc"] = pyc
    return build.build(out, **kwargs)


SERVED: list[tuple[str, int]] = []  # (URL path, status) of every response, server side


def serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    base: type[build.SiteHandler] = build.make_handler(folder, quiet=True).func

    class Counting(base):  # type: ignore[valid-type,misc]   # a class made at run time
        def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
            SERVED.append((urlsplit(self.path).path, int(code)))

    handler = functools.partial(Counting, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def body_bytes(folder: Path, served: list[tuple[str, int]]) -> int:
    """Bytes of response bodies the server sent (200s; a 304 sends none)."""
    total = 0
    for path, status in served:
        local = folder / (path.lstrip("/") or "index.html")
        if local.is_dir():
            local = local / "index.html"
        if status == 200 and local.is_file():
            total += local.stat().st_size
    return total


def gzip_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=9))


def one_round(playwright, url: str, done_js: str, folder: Path) -> dict:
    """A cold load in a new browser profile, then a warm one served by the worker.

    A fresh persistent profile, not browser.new_context(): an incognito-like context
    keeps its HTTP cache in memory and does not store the 9.6 MB wasm there, so the
    worker's precache would download it a second time, which a real profile does not.
    """
    profile = tempfile.mkdtemp(prefix="sheepshead-profile-")
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    context.add_init_script(MARK_SCRIPT % done_js)
    origin = url.rstrip("/")
    log: list[tuple[str, int, bool]] = []

    def on_response(response):
        if response.url.startswith(origin):
            log.append((urlsplit(response.url).path, response.status, response.from_service_worker))

    context.on("response", on_response)
    SERVED.clear()
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("window.__doneAt !== undefined", timeout=120_000, polling=50)
        cold_ms = page.evaluate("window.__doneAt")
        boot_requests = list(log)
        page.wait_for_selector('html[data-offline="ready"]', state="attached", timeout=120_000)
        page.wait_for_load_state("networkidle")
        first_visit = list(log)
        served_first = list(SERVED)
        page.close()
        SERVED.clear()
        log.clear()
        warm = context.new_page()
        warm.goto(url)
        warm.wait_for_function("window.__doneAt !== undefined", timeout=120_000, polling=50)
        warm_ms = warm.evaluate("window.__doneAt")
        warm_network = [r for r in log if not r[2] and r[0] != "/sw.js"]
        served_warm = list(SERVED)
        warm.close()
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)
    return {"cold_ms": cold_ms, "warm_ms": warm_ms, "boot_requests": boot_requests,
            "first_visit": first_visit, "warm_network": warm_network,
            "served_first": served_first, "served_warm": served_warm,
            "wire_first": body_bytes(folder, served_first), "wire_warm": body_bytes(folder, served_warm)}


def file_table(folder: Path, paths: list[str]) -> list[dict]:
    rows = []
    for path in sorted(set(paths)):
        local = folder / (path.lstrip("/") or "index.html")
        if local.is_dir():
            local = local / "index.html"
        if local.is_file():
            rows.append({"file": path, "raw": local.stat().st_size, "gzip": gzip_size(local)})
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=5, help="cold and warm loads of each (default 5)")
    parser.add_argument("--full-stdlib", action="store_true", help="build the game with the full stdlib")
    parser.add_argument("--no-pyc", action="store_true", help="build the game without stdlib bytecode")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="sheepshead-load-"))
    try:
        floor_dir = build_floor(tmp / "floor")
        game_dir = build_game(tmp / "game", args.full_stdlib, not args.no_pyc)
        floor_server, floor_url = serve(floor_dir)
        game_server, game_url = serve(game_dir)
        sites = {"floor": (floor_url, FLOOR_DONE, floor_dir), "game": (game_url, GAME_DONE, game_dir)}
        results: dict[str, list[dict]] = {"floor": [], "game": []}
        with sync_playwright() as p:
            # One unmeasured round each: the OS file cache and Chromium's own start-up.
            for name, (url, done, folder) in sites.items():
                one_round(p, url, done, folder)
            for i in range(args.runs):
                order = ("floor", "game") if i % 2 == 0 else ("game", "floor")
                for name in order:
                    url, done, folder = sites[name]
                    r = one_round(p, url, done, folder)
                    results[name].append(r)
                    print(f"round {i + 1} {name:5s} cold {r['cold_ms']:7.0f} ms  warm {r['warm_ms']:7.0f} ms",
                          flush=True)
        floor_server.shutdown()
        game_server.shutdown()

        report = {}
        for name, (_, _, folder) in sites.items():
            rs = results[name]
            boot_paths = [p for p, status, _ in rs[0]["boot_requests"]]
            visit_paths = [p for p, status, _ in rs[0]["first_visit"]]
            boot_files = file_table(folder, boot_paths)
            visit_files = file_table(folder, visit_paths)
            statuses = [status for _, status in rs[0]["served_first"]]
            report[name] = {
                "cold_ms": [r["cold_ms"] for r in rs],
                "warm_ms": [r["warm_ms"] for r in rs],
                "cold_median_ms": statistics.median(r["cold_ms"] for r in rs),
                "warm_median_ms": statistics.median(r["warm_ms"] for r in rs),
                "boot_files": boot_files,
                "boot_raw": sum(f["raw"] for f in boot_files),
                "boot_gzip": sum(f["gzip"] for f in boot_files),
                "first_visit_raw": sum(f["raw"] for f in visit_files),
                "first_visit_gzip": sum(f["gzip"] for f in visit_files),
                "first_visit_requests": len(rs[0]["first_visit"]),
                "first_visit_200": statuses.count(200),
                "first_visit_304": statuses.count(304),
                "warm_network_requests": max(len(r["warm_network"]) for r in rs),
                "wire_first_visit": statistics.median(r["wire_first"] for r in rs),
                "wire_warm": max(r["wire_warm"] for r in rs),
                "served_warm": sorted({p for r in rs for p, _ in r["served_warm"]}),
            }
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    print()
    for name in ("floor", "game"):
        r = report[name]
        what = "Python ready" if name == "floor" else "tappable hand"
        print(f"== {name}: files the page requests until {what} ==")
        print(f"{'file':44s} {'raw':>11s} {'gzip':>11s}")
        for f in r["boot_files"]:
            print(f"{f['file']:44s} {f['raw']:11,d} {f['gzip']:11,d}")
        print(f"{'total':44s} {r['boot_raw']:11,d} {r['boot_gzip']:11,d}")
        print(f"first visit incl. the worker's precache: {r['first_visit_raw']:,d} raw, "
              f"{r['first_visit_gzip']:,d} gzip (unique files); the server sent "
              f"{r['first_visit_200']} x 200 and {r['first_visit_304']} x 304 "
              f"(revalidated by the precache, not downloaded twice), "
              f"{r['wire_first_visit']:,.0f} body bytes")
        print(f"warm loads: the server sent {r['wire_warm']:,d} body bytes "
              f"(requests: {', '.join(r['served_warm']) or 'none'})")
        print()
    f, g = report["floor"], report["game"]
    cold_ratio = g["cold_median_ms"] / f["cold_median_ms"]
    warm_ratio = g["warm_median_ms"] / f["warm_median_ms"]
    print(f"{'median of ' + str(args.runs):22s} {'floor (Python ready)':>22s} {'game (tappable hand)':>22s} {'ratio':>7s}")
    print(f"{'cold (new profile)':22s} {f['cold_median_ms']:19.0f} ms {g['cold_median_ms']:19.0f} ms {cold_ratio:7.2f}")
    print(f"{'warm (service worker)':22s} {f['warm_median_ms']:19.0f} ms {g['warm_median_ms']:19.0f} ms {warm_ratio:7.2f}")
    print(f"{'first visit, gzip':22s} {f['first_visit_gzip']:19,d} B  {g['first_visit_gzip']:19,d} B  "
          f"{g['first_visit_gzip'] / f['first_visit_gzip']:7.2f}")
    print(f"{'first visit, raw':22s} {f['first_visit_raw']:19,d} B  {g['first_visit_raw']:19,d} B  "
          f"{g['first_visit_raw'] / f['first_visit_raw']:7.2f}")
    ok = {
        "cold ratio <= 1.15": cold_ratio <= TARGET_RATIO,
        "warm ratio <= 1.15": warm_ratio <= TARGET_RATIO,
        "first visit <= 5.5 MB gzip": g["first_visit_gzip"] <= TARGET_FIRST_VISIT_GZIP,
    }
    print(f"{'best of ' + str(args.runs) + ', cold':22s} {min(f['cold_ms']):19.0f} ms {min(g['cold_ms']):19.0f} ms "
          f"{min(g['cold_ms']) / min(f['cold_ms']):7.2f}")
    print(f"{'best of ' + str(args.runs) + ', warm':22s} {min(f['warm_ms']):19.0f} ms {min(g['warm_ms']):19.0f} ms "
          f"{min(g['warm_ms']) / min(f['warm_ms']):7.2f}")
    paired_cold = statistics.median(g["cold_ms"][i] / f["cold_ms"][i] for i in range(args.runs))
    paired_warm = statistics.median(g["warm_ms"][i] / f["warm_ms"][i] for i in range(args.runs))
    print(f"median of the per-round ratios (each game load beside a floor load): "
          f"cold {paired_cold:.2f}, warm {paired_warm:.2f}")
    print("targets: " + ", ".join(f"{k}: {'met' if v else 'MISSED'}" for k, v in ok.items()))
    if args.json:
        report["ratios"] = {"cold": cold_ratio, "warm": warm_ratio,
                            "paired_cold": paired_cold, "paired_warm": paired_warm}
        report["targets"] = ok
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
