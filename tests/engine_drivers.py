"""The two other browser engines of the cross-engine suite (tests/engine_suite.py), behind
one small interface, so the suite is written once:

- :class:`WebKit`: WebKitGTK's ``MiniBrowser`` (Debian's ``webkit2gtk-driver``), driven by
  Selenium through ``WebKitWebDriver``, on a private Xvfb display.  MiniBrowser's window
  cannot be narrower than its toolbar (447 px), so the phone is made the way a phone makes
  it: a 780 px window at a scale of 2 (``GDK_DPI_SCALE=2``, which WebKitGTK applies as the
  page zoom) lays the page out 390 CSS px wide.  WebKitWebDriver has no console log and no
  script run before the page's own: a listener put in at each load event collects console
  errors and uncaught errors from then on, and the requests are the page's resource timing;
  MiniBrowser has no network switch either (the suite stops the server instead).
- :class:`Firefox`: Debian's ``firefox-esr`` over WebDriver BiDi, driven by puppeteer-core
  (package.json) through the line bridge ``tests/engines/firefox.mjs``; its console,
  uncaught errors and requests are reported by the browser itself.

Both start a fresh profile; ``js`` evaluates an expression (a promise is awaited) and
returns its JSON value; ``click`` is a real pointer click (a tap on a phone's page is
delivered as the same click), at ``(x, y)`` from the element's top-left corner or at its
centre.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# As in the Chromium tests (conftest.QUIET_JS): no par worked out for a finished Daily (every
# page restores the start snapshot build.py ships, as a player's does).  One expression:
# _loaded() puts it in another.
QUIET_JS = "window.sheepsheadPar = 'off';"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
FIREFOX = "/usr/bin/firefox-esr"
XVFB = "/usr/bin/Xvfb"
PHONE = (390, 844)
WEBKIT_SCALE = 2
WEBKIT_TOOLBAR_PX = 38        # MiniBrowser's toolbar, unscaled: the window is that much taller

# Collects what the page reports from the moment it runs (WebKit: after the load event).
COLLECT_JS = """(() => {
  if (window.__engineLog) return true;
  const log = window.__engineLog = [];
  const text = (x) => { try { return x instanceof Error ? x.message : String(x); }
                        catch (e) { return '?'; } };
  const original = console.error;
  console.error = function (...args) { log.push('console: ' + args.map(text).join(' '));
                                       return original.apply(this, args); };
  addEventListener('error', (e) => log.push('page: ' + e.message));
  addEventListener('unhandledrejection', (e) => log.push('page: ' + text(e.reason)));
  return true;
})()"""
TAKE_LOG_JS = ("(() => { const log = window.__engineLog || []; window.__engineLog && "
               "(window.__engineLog = []); return {errors: log.slice(), requests: "
               "performance.getEntriesByType('resource').map(e => e.name)"
               ".concat([location.href])}; })()")


class EngineError(RuntimeError):
    """The engine or its driver failed (not the page)."""


def missing() -> dict[str, list[str]]:
    """What each engine lacks on this machine (empty lists: both can run)."""
    need = {"webkit": [WEBKIT_DRIVER, MINIBROWSER, XVFB], "firefox": [FIREFOX]}
    out = {name: [p for p in paths if not Path(p).exists()] for name, paths in need.items()}
    if not (ROOT / "node_modules" / "puppeteer-core").is_dir():
        out["firefox"].append("node_modules/puppeteer-core (npm ci)")
    if shutil.which("node") is None:
        out["firefox"].append("node")
    return out


class Engine:
    """What the suite asks of a browser."""

    name = "?"
    version = "?"

    def __init__(self, tmp: Path, wasm: bool = True) -> None:
        """A fresh profile kept under ``tmp``; ``wasm=False``: WebAssembly switched off."""
        raise NotImplementedError

    def goto(self, url: str) -> None: raise NotImplementedError
    def reload(self) -> None: raise NotImplementedError
    def js(self, expr: str) -> Any: raise NotImplementedError
    def click(self, selector: str, x: float | None = None, y: float | None = None) -> None:
        raise NotImplementedError
    def select(self, selector: str, value: str) -> None: raise NotImplementedError
    def preload(self, script: str) -> bool:
        """Run ``script`` before the page's own scripts in every later document; False
        where the driver cannot."""
        raise NotImplementedError
    def fresh(self) -> None:
        """A new, empty browser profile (storage, caches, workers) for the next page."""
        raise NotImplementedError
    def take_log(self) -> tuple[list[str], list[str]]:
        """Errors and request URLs since the last call."""
        raise NotImplementedError
    def close(self) -> None: raise NotImplementedError

    def wait(self, expr: str, timeout_s: float, what: str = "") -> Any:
        """Wait in the page until ``expr`` is truthy (checked every 50 ms there); its value."""
        deadline = time.monotonic() + timeout_s
        probe = ("new Promise((resolve) => { const end = Date.now() + %d; const poll = () => {"
                 " let v = null; try { v = (%s); } catch (e) { v = null; }"
                 " if (v || Date.now() > end) resolve(v || null); else setTimeout(poll, 50); };"
                 " poll(); })")
        while True:
            chunk = max(0.1, min(15.0, deadline - time.monotonic()))
            value = self.js(probe % (int(chunk * 1000), expr))
            if value:
                return value
            if time.monotonic() >= deadline:
                raise AssertionError(f"{self.name}: timed out after {timeout_s:.0f} s waiting for "
                                     f"{what or expr}")


# ---------------------------------------------------------------------------- WebKit
class WebKit(Engine):
    name = "webkit"

    def __init__(self, tmp: Path, wasm: bool = True) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self.xvfb = _start_xvfb()
        width, height = PHONE
        env = dict(os.environ, DISPLAY=self.xvfb.display, GDK_DPI_SCALE=str(WEBKIT_SCALE),
                   GDK_SCALE="1", NO_AT_BRIDGE="1", HOME=str(tmp))
        if not wasm:                        # JavaScriptCore's switch, as Lockdown Mode sets it
            env["JSC_useWebAssembly"] = "false"
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        self.service = Service(executable_path=WEBKIT_DRIVER, env=env,
                               log_output=str(tmp / "webkitwebdriver.log"))
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=self.service)
            self.driver.set_window_size(width * WEBKIT_SCALE, height * WEBKIT_SCALE + WEBKIT_TOOLBAR_PX)
            self.driver.set_script_timeout(60)
        except Exception:
            self.xvfb.stop()
            raise
        self.version = self.driver.capabilities.get("browserVersion", "?")
        self._errors: list[str] = []
        self._requests: list[str] = []

    def _collect(self) -> None:
        try:
            got = self.js(TAKE_LOG_JS)
        except Exception:  # noqa: BLE001 - a page gone (navigating) has nothing more to say
            return
        self._errors += got["errors"]
        self._requests += got["requests"]

    def _loaded(self) -> None:
        # At the load event, seconds before Python is up and start.mjs reads it.
        self.js(f"({COLLECT_JS}, {QUIET_JS.rstrip(';')}, true)")

    def goto(self, url: str) -> None:
        self._collect()
        self.driver.get(url)
        self._loaded()

    def reload(self) -> None:
        self._collect()
        self.driver.refresh()
        self._loaded()

    def js(self, expr: str) -> Any:
        return self.driver.execute_script(f"return ({expr});")

    def click(self, selector: str, x: float | None = None, y: float | None = None) -> None:
        # WebKitWebDriver places the pointer in window pixels, which the page's zoom of
        # WEBKIT_SCALE divides (a click at an element's centre lands at half its
        # coordinates): the pointer goes to the element's CSS position times the scale.
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        rect = self.js(f"""(() => {{ const el = document.querySelector({json.dumps(selector)});
            if (!el) return null; el.scrollIntoView({{block: 'nearest', inline: 'nearest'}});
            const r = el.getBoundingClientRect();
            return {{x: r.left, y: r.top, width: r.width, height: r.height}}; }})()""")
        if rect is None:
            raise EngineError(f"no element matches {selector}")
        px = rect["x"] + (rect["width"] / 2 if x is None else x)
        py = rect["y"] + (rect["height"] / 2 if y is None else y)
        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(round(px * WEBKIT_SCALE), round(py * WEBKIT_SCALE))
        actions.pointer_action.click()
        actions.perform()

    def select(self, selector: str, value: str) -> None:
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.select import Select

        Select(self.driver.find_element(By.CSS_SELECTOR, selector)).select_by_value(value)

    def preload(self, script: str) -> bool:
        return False                        # WebKitWebDriver has no such command

    def fresh(self) -> None:
        raise EngineError("one WebKit session is one profile: start another WebKit")

    def take_log(self) -> tuple[list[str], list[str]]:
        self._collect()
        out = (self._errors, self._requests)
        self._errors, self._requests = [], []
        return out

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            self.xvfb.stop()


class _Xvfb:
    def __init__(self, process: subprocess.Popen[bytes], display: str) -> None:
        self.process = process
        self.display = display

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def _start_xvfb() -> _Xvfb:
    """A private X server on a free display (``-displayfd``: Xvfb picks and says it)."""
    read, write = os.pipe()
    process = subprocess.Popen(
        [XVFB, "-displayfd", str(write), "-screen", "0", "1600x1800x24", "-nolisten", "tcp"],
        pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as f:
        number = f.readline().strip()
    if not number:
        process.kill()
        raise EngineError("Xvfb did not start")
    return _Xvfb(process, f":{number}")


# --------------------------------------------------------------------------- Firefox
class Firefox(Engine):
    name = "firefox"

    def __init__(self, tmp: Path, wasm: bool = True) -> None:
        self.stderr = open(tmp / "firefox-bridge.log", "w", encoding="utf-8")  # noqa: SIM115
        self.process = subprocess.Popen(
            ["node", str(ROOT / "tests" / "engines" / "firefox.mjs")], cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr, text=True,
            env=dict(os.environ, SHEEPSHEAD_FIREFOX=FIREFOX, HOME=str(tmp)))
        self.ids = 0
        width, height = PHONE
        try:
            self.version = self.call("launch", width=width, height=height,
                                     prefs={} if wasm else {"javascript.options.wasm": False})
            self.preload(QUIET_JS)
        except Exception:
            self.close()
            raise

    def call(self, op: str, **args: Any) -> Any:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.ids += 1
        self.process.stdin.write(json.dumps({"id": self.ids, "op": op, "args": args}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise EngineError(f"the Firefox bridge ended (see {self.stderr.name})")
        answer = json.loads(line)
        assert answer["id"] == self.ids, answer
        if not answer["ok"]:
            raise EngineError(f"firefox {op}: {answer['error']}")
        return answer["value"]

    def goto(self, url: str) -> None:
        self.call("goto", url=url)

    def reload(self) -> None:
        self.call("reload")

    def js(self, expr: str) -> Any:
        return self.call("eval", expr=expr)

    def click(self, selector: str, x: float | None = None, y: float | None = None) -> None:
        self.call("click", selector=selector, x=x, y=y)

    def select(self, selector: str, value: str) -> None:
        self.call("select", selector=selector, value=value)

    def preload(self, script: str) -> bool:
        self.call("preload", script=script)
        return True

    def fresh(self) -> None:
        width, height = PHONE
        self.call("fresh", width=width, height=height)
        self.preload(QUIET_JS)

    def take_log(self) -> tuple[list[str], list[str]]:
        log = self.call("log")
        return list(log["errors"]), list(log["requests"])

    def close(self) -> None:
        try:
            if self.process.poll() is None:
                try:
                    self.call("close")
                    assert self.process.stdin is not None
                    self.process.stdin.close()
                except (EngineError, OSError, ValueError):
                    pass
                self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        finally:
            self.stderr.close()


ENGINES: dict[str, type[Engine]] = {"webkit": WebKit, "firefox": Firefox}
