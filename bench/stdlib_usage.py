#!/usr/bin/env python3
"""Which standard-library modules the page imports: the data behind the trimmed
python_stdlib.zip that build.py ships (static/build/stdlib_measured.txt and stdlib_margin.txt).

    .venv/bin/python bench/stdlib_usage.py [--json FILE] [--write]

Two measurements, both printed as module names:

1. In the browser: builds the site with the FULL standard library into a temporary
   folder, adds a probe ``<script type="py">`` that reports ``sys.modules``, loads it in
   headless Chromium and goes through every UI path: the pick round, bury, call, a whole
   hand played out, the hand summary, the next hand, the menu, settings, the score
   sheet, Share, New Game, the Daily, a reload that loads the saved game, a corrupted
   save and a bad link. Prints the modules that came from the stdlib zip.
2. Statically: every ``import`` in sheepshead/ and static/*.py (including imports
   inside functions and under ``try``), followed transitively through the stdlib
   sources in Pyodide's python_stdlib.zip by the same regex scan (it over-approximates:
   lazy and optional imports count too).

build.py ships the modules of static/build/stdlib_measured.txt, which is measurement 1
(``--write`` rewrites its module lines with this run's result, keeping its comments), plus
static/build/stdlib_margin.txt, kept by hand from measurement 2.
"""

from __future__ import annotations

import argparse
import http.server
import json
import re
import shutil
import sys
import tempfile
import threading
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
from conftest import CHROMIUM, CHROMIUM_ARGS

import build

PROBE = """<script type="py">
import sys
from pyscript import window
from pyscript.ffi import create_proxy

def _stdlib_modules():
    out = []
    for name, mod in list(sys.modules.items()):
        f = getattr(mod, "__file__", None) or ""
        out.append(name + "\\t" + f)
    return "\\n".join(out)

window.__pyModules = create_proxy(_stdlib_modules)
</script>
"""

IMPORT_RE = re.compile(
    r"^[ \t]*(?:from[ \t]+([.\w]+)[ \t]+import[ \t]+(\(?[^\n#]*)|import[ \t]+([^\n#]+))", re.M)


def zip_modules(zf: zipfile.ZipFile) -> dict[str, str]:
    """module name -> entry name, for every .py in the stdlib zip."""
    out = {}
    for name in zf.namelist():
        if not name.endswith(".py"):
            continue
        mod = name[:-3].replace("/", ".")
        if mod.endswith(".__init__"):
            mod = mod[: -len(".__init__")]
        out[mod] = name
    return out


def imports_of(source: str, module: str, is_package: bool) -> set[str]:
    found = set()
    for m in IMPORT_RE.finditer(source):
        if m.group(3):
            for part in m.group(3).split(","):
                name = part.strip().split(" as ")[0].strip().rstrip("\\").strip()
                if name:
                    found.add(name)
        else:
            base = m.group(1)
            if base.startswith("."):
                dots = len(base) - len(base.lstrip("."))
                pkg = module if is_package else module.rpartition(".")[0]
                for _ in range(dots - 1):
                    pkg = pkg.rpartition(".")[0]
                rest = base.lstrip(".")
                base = f"{pkg}.{rest}" if rest else pkg
            found.add(base)
            names = m.group(2).strip("() \\")
            for part in names.split(","):
                sub = part.strip().split(" as ")[0].strip()
                if sub and sub != "*":
                    found.add(f"{base}.{sub}")  # `from pkg import submodule`
    # every parent package is imported too
    for name in list(found):
        parts = name.split(".")
        found.update(".".join(parts[:i]) for i in range(1, len(parts)))
    return found


def static_closure() -> set[str]:
    zf = zipfile.ZipFile(build.PYODIDE_DIR / "python_stdlib.zip")
    stdlib = zip_modules(zf)
    roots = list((ROOT / "sheepshead").rglob("*.py")) + list((ROOT / "static").glob("*.py"))
    todo = set()
    for path in roots:
        rel = path.relative_to(ROOT).with_suffix("")
        mod = ".".join(rel.parts).removesuffix(".__init__")
        todo |= imports_of(path.read_text(encoding="utf-8"), mod, path.name == "__init__.py")
    seen: set[str] = set()
    while todo:
        mod = todo.pop()
        if mod in seen or mod not in stdlib:
            continue
        seen.add(mod)
        entry = stdlib[mod]
        source = zf.read(entry).decode("utf-8", "replace")
        todo |= imports_of(source, mod, entry.endswith("__init__.py")) - seen
    return seen


def browser_modules() -> tuple[set[str], set[str]]:
    from playwright.sync_api import sync_playwright
    from table_helpers import READY, body, click_action, find_deal, open_table, play_out, wait_idle

    tmp = Path(tempfile.mkdtemp(prefix="sheepshead-stdlib-"))
    try:
        out = build.build(tmp / "dist", full_stdlib=True)
        index = out / "index.html"
        index.write_text(index.read_text(encoding="utf-8").replace("</body>", PROBE + "</body>"),
                         encoding="utf-8")
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), build.make_handler(out, quiet=True))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context()
            context.grant_permissions(["clipboard-read", "clipboard-write"])
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url)
            page.wait_for_selector(READY, state="attached", timeout=120_000)
            page.wait_for_function("window.__pyModules !== undefined", timeout=60_000)
            at_boot = page.evaluate("window.__pyModules()")
            # A whole hand: pick, bury, call, play out, summary, next hand.
            seed, bury, call = find_deal("ace")
            open_table(page, url, "#game=" + seed[5:])
            click_action(page, "Pick up")
            for card in bury.cards:
                page.click(f'#hand button[data-card="{card}"]')
            click_action(page, "Bury these two")
            click_action(page, f"Call {call.card.name}")
            play_out(page)
            page.locator("#panel").get_by_role("button", name="Next hand").click()
            wait_idle(page)
            # Hand 2: the computer players pick or pass; play on until it ends.
            for _ in range(80):
                wait_idle(page)
                if body(page, "phase") == "over":
                    break
                if page.locator("#actions button[data-act='pass']").count():
                    click_action(page, "Pass")
                elif page.locator("#hand button.legal").count():
                    page.click("#hand button.legal")
                elif page.locator("#actions button:not([disabled])").count():
                    page.locator("#actions button:not([disabled])").first.click()
                else:
                    page.wait_for_timeout(200)
            # Menu paths: every button and setting.
            def close_panel():
                for _ in range(5):
                    if not page.locator("#panel").is_visible():
                        return
                    close = page.locator('#panel [data-ui="close"]')
                    if close.count() and close.first.is_visible():
                        close.first.click()
                    else:
                        page.keyboard.press("Escape")
                    page.wait_for_timeout(300)

            for name in ("Score sheet", "Share", "New Game"):
                close_panel()
                page.click('header [data-ui="menu"]')
                page.locator("#panel").get_by_role("button", name=name).first.click()
                page.wait_for_timeout(500)
                close_panel()
                wait_idle(page)
            close_panel()
            page.click('header [data-ui="scores"]')
            page.wait_for_timeout(300)
            close_panel()
            page.goto(url)  # reload: the saved game is loaded
            page.wait_for_selector(READY, state="attached", timeout=120_000)
            wait_idle(page)
            page.click('header [data-ui="menu"]')
            for sel in page.locator("select[data-setting]").all():
                for value in sel.evaluate("s => [...s.options].map(o => o.value)"):
                    sel.select_option(value)
            close_panel()
            page.evaluate("localStorage.setItem('sheepshead.save', '{\"format\": 1, garbage')")
            page.goto(url + "#deal=not-a-deal")
            page.reload()
            page.wait_for_selector(READY, state="attached", timeout=120_000)
            page.goto(url + "#game=zz")
            page.reload()
            page.wait_for_selector(READY, state="attached", timeout=120_000)
            wait_idle(page)
            after = page.evaluate("window.__pyModules()")
            browser.close()
        server.shutdown()
        if errors:
            print("page errors:", errors, file=sys.stderr)

        def stdlib_only(dump: str) -> set[str]:
            mods = set()
            for line in dump.splitlines():
                name, _, f = line.partition("\t")
                if "python3" in f and ".zip/" in f:
                    mods.add(name)
            return mods

        return stdlib_only(at_boot), stdlib_only(after)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def write_measured(modules: set[str], path: Path = build.BUILD_SOURCES / "stdlib_measured.txt") -> None:
    """Rewrite the module lines of the measured list, keeping the comments that head it."""
    lines = path.read_text(encoding="utf-8").splitlines()
    header = lines[: next((i for i, line in enumerate(lines) if line.strip() and not line.startswith("#")),
                          len(lines))]
    path.write_text("\n".join([*header, *sorted(modules)]) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--json", type=Path)
    parser.add_argument("--write", action="store_true",
                        help="rewrite static/build/stdlib_measured.txt with the modules seen in the browser")
    args = parser.parse_args(argv)
    boot, used = browser_modules()
    static = static_closure()
    print(f"browser, at boot ({len(boot)}):", " ".join(sorted(boot)))
    print(f"browser, after every UI path ({len(used)}):", " ".join(sorted(used)))
    print(f"  beyond boot: {' '.join(sorted(used - boot))}")
    print(f"static closure of the engine and UI imports ({len(static)}):", " ".join(sorted(static)))
    print(f"  not seen in the browser: {' '.join(sorted(static - used))}")
    union = used | static
    print(f"union ({len(union)}):")
    print(json.dumps(sorted(union)))
    if args.json:
        args.json.write_text(json.dumps({"boot": sorted(boot), "used": sorted(used),
                                         "static": sorted(static)}, indent=1) + "\n")
    if args.write:
        write_measured(used)
        print(f"wrote {len(used)} modules to static/build/stdlib_measured.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
