#!/usr/bin/env python3
"""The page's longest main-thread task while it reads a backup (issue 36, item 5), in
headless Chromium with the CPU slowed 4x (the phone profile of bench/load.py).

    .venv/bin/python bench/backup_page.py [--cpu 4]

Builds the site (build.py) into a temporary folder and serves it; boots the page once at
phone size, then slows the CPU and, for each input, opens it, waits for the page's answer
(the refusal's line, or the question before Import) and prints the time it took and the
longest main-thread task meanwhile (PerformanceObserver ``longtask``: tasks over 50 ms):

- ``link 4 MB``: issue 36's short link of 4 MB of small objects (opened as ``#backup=1.…``);
- ``file 4 MB``: the same text as a file chosen for Import;
- ``file 3,000``: a file of 3,000 results that are not real (each link replayed and refused);
- ``one Daily``: a file of one real Daily result, its computer moves all replayed;
- ``empty link``: a backup link of nothing (what opening any backup link costs), and
  ``nothing``: five seconds with nothing opened (what the page does meanwhile: the baseline,
  which a loaded machine inflates, as it does every task here).

The page's turn comes every 30 ms of work (ui/pacing.py); the target is no task over 200 ms.
On a loaded machine a task's wall time is mostly the load: ``--trace`` also prints the longest
task by the main thread's CPU time, what ran in it, and the CPU time of the longest by wall
(``--profile`` samples the JavaScript instead; Pyodide's wasm functions have no names).
Figures go to docs/journal/backup.md with the machine's load.
"""

from __future__ import annotations

import argparse
import base64
import datetime as dt
import json
import sys
import tempfile
import zlib
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "bench"), str(ROOT), str(ROOT / "tests")]

from backup_steps import DAY, one_result
from conftest import CHROMIUM, CHROMIUM_ARGS, PHONE
from load import build_game, serve
from playwright.sync_api import sync_playwright

from sheepshead.ui.backup.backup import Backup, backup_link

LONGTASKS = """(() => {
  window.__longtasks = [];
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
  }).observe({type: "longtask", buffered: true});
})();"""
SETTINGS = ('{"format":"sheepshead-settings/1","settings":{"speed":"instant",'
            '"tutorial_offered":true}}')


def inputs() -> list[tuple[str, str, str]]:
    """(name, "link" or "file", text) of each input."""
    small = '{"format":"sheepshead-backup/1","x":[' + ",".join(["{}"] * 1_300_000) + "]}"
    link = "#backup=1." + base64.urlsafe_b64encode(zlib.compress(small.encode(), 9)).decode()
    one = one_result()
    result = one.results[DAY]
    fake = {}
    for i in range(3_000):
        day = dt.date(2015, 1, 1) + dt.timedelta(days=i)
        fake[day] = replace(result, day=day, fragment=result.fragment.replace(
            DAY.isoformat(), day.isoformat()))
    empty = "#" + backup_link(Backup(), "")[0].partition("#")[2]
    return [("nothing", "wait", ""), ("empty link", "link", empty),
            ("link 4 MB", "link", link), ("file 4 MB", "file", small),
            ("file 3,000", "file", Backup(fake).to_text()),
            ("one Daily", "file", one.to_text())]


ANSWERED = """() => {
  const q = document.querySelector('#import-title');
  if (q && q.textContent === 'Import this backup?') return 'asked';
  const n = [...document.querySelectorAll('#panel-notices p, #notice p')]
    .map(p => p.textContent).find(t => /cannot be (read|imported)/.test(t));
  return n || null;
}"""


def booted_page(browser, url: str):
    """A phone-sized page of a fresh context, its long tasks watched, once its table is idle
    (and two seconds more): ``(context, page)``."""
    context = browser.new_context(viewport={"width": PHONE["width"], "height": PHONE["height"]})
    context.add_init_script(f"localStorage.setItem('sheepshead.settings', {SETTINGS!r});")
    context.add_init_script(LONGTASKS)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector('body[data-ready="1"][data-busy="0"]', state="attached",
                           timeout=240_000)
    page.wait_for_timeout(2_000)
    return context, page


IDLE = frozenset({"(idle)", "(root)"})


def busiest(profile: dict, top: int = 12) -> str:
    """What the longest stretch of a CDP sampling ``profile`` without an idle sample spent
    its time in: its length, then the functions seen most on its samples' stacks (inclusive)
    and at their tops (self), in ms."""
    nodes = {n["id"]: n for n in profile["nodes"]}
    parent = {c: n["id"] for n in profile["nodes"] for c in n.get("children", ())}
    runs: list[list[tuple[int, float]]] = [[]]
    for node, delta in zip(profile["samples"], profile["timeDeltas"][1:] + [0], strict=True):
        if nodes[node]["callFrame"]["functionName"] in IDLE:
            if runs[-1]:
                runs.append([])
        else:
            runs[-1].append((node, delta / 1000))
    run = max(runs, key=lambda r: sum(d for _, d in r))
    inclusive: dict[str, float] = {}
    own: dict[str, float] = {}
    for node, ms in run:
        name = nodes[node]["callFrame"]["functionName"] or "(anonymous)"
        own[name] = own.get(name, 0) + ms
        seen = set()
        while node in nodes:
            f = nodes[node]["callFrame"]["functionName"] or "(anonymous)"
            if f not in seen:
                seen.add(f)
                inclusive[f] = inclusive.get(f, 0) + ms
            node = parent.get(node, -1)
    def best(d: dict[str, float]) -> str:
        return ", ".join(f"{k[:40]} {v:.0f}" for k, v in
                         sorted(d.items(), key=lambda kv: -kv[1])[:top])
    return (f"  busiest stretch {sum(d for _, d in run):.0f} ms\n"
            f"  inclusive: {best(inclusive)}\n  self: {best(own)}")


TRACED = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8"]


def longest_traced(trace: bytes, top: int = 8) -> str:
    """The longest task of the page's main thread in a Chrome trace, by the main thread's own
    CPU time (``tdur``: what other processes on a loaded machine do not inflate), and what
    ran in it: the events directly inside it by CPU ms, and those within them by wall ms;
    then the longest task by wall time, and its CPU time."""
    events = json.loads(trace)["traceEvents"]
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("ph") == "M" and e.get("args", {}).get("name") == "CrRendererMain"}
    tasks = [e for e in events if (e.get("pid"), e.get("tid")) in main and e.get("ph") == "X"
             and e["name"] in ("RunTask", "ThreadControllerImpl::RunTask") and "tdur" in e]
    if not tasks:
        return "  no task traced"
    task = max(tasks, key=lambda e: e["tdur"])
    where = (task["pid"], task["tid"])
    inside = sorted((e for e in events if (e.get("pid"), e.get("tid")) == where
                     and e.get("ph") == "X" and e is not task
                     and task["ts"] <= e["ts"] < task["ts"] + task["dur"]),
                    key=lambda e: (e["ts"], -e.get("dur", 0)))
    parts: dict[str, float] = {}
    end = 0.0
    for e in inside:                    # the outermost events only
        if e["ts"] >= end:
            end = e["ts"] + e.get("dur", 0)
            parts[e["name"]] = parts.get(e["name"], 0) + e.get("tdur", e.get("dur", 0)) / 1000
    nested: dict[str, float] = {}
    for e in inside:
        if e["name"] not in parts:
            nested[e["name"]] = nested.get(e["name"], 0) + e.get("dur", 0) / 1000

    def listed(d: dict[str, float]) -> str:
        return ", ".join(f"{k} {v:.0f}" for k, v in sorted(d.items(), key=lambda kv: -kv[1])[:top])
    walled = max(tasks, key=lambda e: e["dur"])
    return (f"  longest task by CPU: {task['tdur'] / 1000:.0f} ms of CPU "
            f"({task['dur'] / 1000:.0f} ms wall) of {len(tasks):,} tasks; in it: "
            f"{listed(parts)}; within those (wall ms): {listed(nested)}\n"
            f"  longest task by wall: {walled['dur'] / 1000:.0f} ms wall, "
            f"{walled['tdur'] / 1000:.0f} ms of CPU (the rest: the thread waiting, on a "
            f"loaded machine)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpu", type=float, default=4, help="CPU slowdown (default 4)")
    parser.add_argument("--only", default="", help="the inputs to run, comma-separated")
    parser.add_argument("--profile", action="store_true",
                        help="also sample the page (CDP Profiler, 1 ms) and print what its "
                             "longest busy stretch ran (sampling makes every task longer)")
    parser.add_argument("--trace", action="store_true",
                        help="also trace the page (Chrome tracing) and print its longest task "
                             "by the main thread's CPU time, and what ran in it")
    args = parser.parse_args(argv)
    cases = [c for c in inputs() if not args.only or c[0] in args.only.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        site = build_game(Path(tmp) / "site", full_stdlib=False, pyc=True)
        server, url = serve(site)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                print(f"{'input':12} {'answered after s':>17} {'longest task ms':>16}  answer")
                for name, kind, text in cases:
                    context, page = booted_page(browser, url)
                    if kind == "file":
                        page.click('header [data-ui="menu"]')
                        page.wait_for_selector("#panel .stats", state="visible")
                        path = Path(tmp) / "backup.json"
                        path.write_text(text)
                    cdp = context.new_cdp_session(page)
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.cpu})
                    if args.profile:
                        cdp.send("Profiler.enable")
                        cdp.send("Profiler.setSamplingInterval", {"interval": 1000})
                        cdp.send("Profiler.start")
                    if args.trace:
                        browser.start_tracing(page=page, categories=TRACED)
                    start = page.evaluate("performance.now()")
                    if kind == "wait":
                        page.wait_for_timeout(5_000)
                        answer = "-"
                    else:
                        if kind == "link":
                            page.evaluate("(h) => { location.hash = h; }", text)
                        else:
                            page.set_input_files('#panel input[data-backup="file"]', str(path))
                        answer = page.wait_for_function(ANSWERED, timeout=600_000,
                                                        polling=100).json_value()
                    end = page.evaluate("performance.now()")
                    tasks = [d for at, d in page.evaluate("window.__longtasks")
                             if at >= start]
                    print(f"{name:12} {(end - start) / 1000:>17.1f} {max(tasks, default=0):>16.0f}"
                          f"  {str(answer)[:70]}", flush=True)
                    if args.trace:
                        print(longest_traced(browser.stop_tracing()), flush=True)
                    if args.profile:
                        print(busiest(cdp.send("Profiler.stop")["profile"]), flush=True)
                    context.close()
                browser.close()
        finally:
            server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
