#!/usr/bin/env python3
"""Build the static Sheepshead site into ``dist/`` (standard library only).

Usage::

    python3 build.py [--out DIR] [--full-stdlib | --no-pyc]  # build into DIR (default: dist/)
    python3 build.py serve [--port N] [--out DIR]  # npm ci if needed, build, serve on 127.0.0.1

The built folder is self-contained and every URL in it is relative, so it works
from any sub-path of any static host with the network off:

    index.html          the page (copied from the top-level index.html)
    pyscript.json       PyScript config; its URLs resolve against the page folder
    static/             the page's own assets (static/main.py is the Python entry)
    sheepshead.zip      the engine, sheepshead/**/*.py only; PyScript unpacks it
                        into Pyodide's working directory ("files": {"./sheepshead.zip": "./*"})
    pyodide/            Pyodide runtime files, from node_modules/pyodide; the stdlib zip
                        trimmed to the modules the page uses, the largest boot modules
                        as bytecode (--full-stdlib / --no-pyc turn that off)
    pyscript/           the PyScript files a main-thread ``type="py"`` page loads,
                        from node_modules/@pyscript/core/dist (no source maps,
                        no xterm/codemirror chunks)
    manifest.webmanifest  web app manifest (icons in static/icons/)
    sw.js               service worker precaching every other file (docs/offline.md)

Pyodide and PyScript come from the npm registry, pinned in package.json and
package-lock.json; ``npm ci`` puts them in node_modules/.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
NODE_MODULES = ROOT / "node_modules"
PYODIDE_DIR = NODE_MODULES / "pyodide"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
DEFAULT_OUT = ROOT / "dist"

# The page and its own files (paths relative to the repo root).
PAGE_FILES = ("index.html", "pyscript.json")
STATIC_DIR = "static"
ENGINE_PACKAGE = "sheepshead"
ENGINE_ZIP = "sheepshead.zip"

# Pyodide's runtime: everything `loadPyodide()` fetches for a page with no wheels.
# (pyodide-lock.json is fetched at every boot even though no package is loaded.)
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# PyScript: the entry files the page links to, plus the chunks core.js loads with
# a dynamic import() while booting a main-thread `type="py"` script. Measured by
# loading the page in Chromium with all of @pyscript/core/dist available and
# recording every request; tests/test_page_boot.py checks that the page boots
# with this set and requests nothing missing from it. (PyScript's zip-*.js chunk
# is not needed: with Pyodide, "files" archives are unpacked by Pyodide itself.)
# Chunks are named "<stem>-<8-char hash>.js" and matched by stem, so an upgrade
# that only changes hashes still builds; each file's static imports are
# followed recursively (core.js -> core-<hash>.js).
PYSCRIPT_ENTRY_FILES = ("core.js", "core.css")
PYSCRIPT_DYNAMIC_CHUNKS = (
    "deprecations-manager",  # plugin: warns about deprecated markup
    "donkey",  # plugin stub
    "error",  # plugin: shows Python errors on the page
    "py-editor",  # plugin stub (the editor itself, codemirror, is never loaded)
    "py-game",  # plugin stub
    "py-terminal",  # plugin stub (xterm is never loaded)
)

# MIME types for serving the folder; module scripts and wasm streaming need these.
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
}


class BuildError(Exception):
    """A build step cannot proceed; the message says what to do."""


# --------------------------------------------------------------------------- npm


def node_modules_stale() -> bool:
    """True when node_modules is missing or older than package-lock.json."""
    marker = NODE_MODULES / ".package-lock.json"  # written by every npm ci/install
    if not marker.exists():
        return True
    return (ROOT / "package-lock.json").stat().st_mtime > marker.stat().st_mtime


def ensure_npm_ci() -> None:
    """Run `npm ci` when node_modules is missing or out of date."""
    if not node_modules_stale():
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is not on PATH; install Node.js 20+ and npm")
    print("build.py: running npm ci", flush=True)
    subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)


def check_node_modules() -> None:
    """Fail clearly when the npm packages the build vendors are absent."""
    missing = [p for p in (PYODIDE_DIR, PYSCRIPT_DIST) if not p.is_dir()]
    if missing:
        names = ", ".join(str(p.relative_to(ROOT)) for p in missing)
        raise BuildError(
            f"{names} missing: run `npm ci` first (or `python3 build.py serve`, which runs it)"
        )


# ------------------------------------------------------------------------ output


def prepare_out_dir(out: Path) -> None:
    """Empty the output folder, refusing to wipe anything that is not a build."""
    if out.exists():
        looks_built = (out / "index.html").exists() and (out / "pyodide").is_dir()
        if any(out.iterdir()) and not looks_built:
            raise BuildError(f"{out} exists and does not look like a build output; not wiping it")
        shutil.rmtree(out)
    out.mkdir(parents=True)


def copy_page(out: Path) -> None:
    """Copy the page, its PyScript config and the static/ assets."""
    for name in PAGE_FILES:
        shutil.copy2(ROOT / name, out / name)
    shutil.copytree(
        ROOT / STATIC_DIR,
        out / STATIC_DIR,
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"),
    )


def zip_engine(out: Path) -> Path:
    """Zip sheepshead/**/*.py into one reproducible archive (fixed dates, sorted)."""
    package = ROOT / ENGINE_PACKAGE
    sources = sorted(
        p for p in package.rglob("*.py") if "__pycache__" not in p.relative_to(package).parts
    )
    if not sources:
        raise BuildError(f"no .py files under {package}")
    target = out / ENGINE_ZIP
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in sources:
            info = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes())
    return target


def copy_without_source_map(src: Path, dest: Path) -> None:
    """Copy a file; for JS and CSS, drop the trailing sourceMappingURL comment.

    The .map files are not shipped, so the comment would only make an open
    devtools panel request a file that is not there.
    """
    if src.suffix not in (".js", ".mjs", ".css"):
        shutil.copy2(src, dest)
        return
    data = src.read_bytes()
    data = re.sub(rb"\n?//# sourceMappingURL=\S+\s*$", b"\n", data)
    data = re.sub(rb"\n?/\*# sourceMappingURL=\S+ \*/\s*$", b"\n", data)
    dest.write_bytes(data)


def vendor_pyodide(out: Path) -> None:
    """Copy the Pyodide runtime files into out/pyodide/."""
    dest = out / "pyodide"
    dest.mkdir()
    for name in PYODIDE_FILES:
        src = PYODIDE_DIR / name
        if not src.is_file():
            raise BuildError(f"{src} not found: is node_modules/pyodide the pinned 314.0.7?")
        copy_without_source_map(src, dest / name)


_STATIC_IMPORT = re.compile(
    r"""(?:\bfrom|\bimport)\s*["'](\./[A-Za-z0-9_.\-]+\.js)["']"""
)


def static_imports(js_file: Path) -> set[str]:
    """File names a minified ES module imports statically (`from"./x.js"`, `import"./x.js"`).

    Dynamic `import("./x.js")` calls are not matched: the quote must follow the
    keyword directly, with no parenthesis.
    """
    text = js_file.read_text(encoding="utf-8")
    return {m.group(1)[2:] for m in _STATIC_IMPORT.finditer(text)}


def find_chunk(stem: str) -> str:
    """The one file in PyScript's dist named `<stem>-<hash>.js`."""
    pattern = re.compile(re.escape(stem) + r"-[A-Za-z0-9_\-]{8}\.js")
    matches = [p.name for p in PYSCRIPT_DIST.iterdir() if pattern.fullmatch(p.name)]
    if len(matches) != 1:
        raise BuildError(
            f"expected exactly one PyScript chunk {stem}-<hash>.js in {PYSCRIPT_DIST}, "
            f"found {matches or 'none'}: update PYSCRIPT_DYNAMIC_CHUNKS in build.py"
        )
    return matches[0]


def pyscript_files() -> list[str]:
    """The PyScript files to ship: entry files, needed chunks, and their static imports."""
    wanted = list(PYSCRIPT_ENTRY_FILES) + [find_chunk(stem) for stem in PYSCRIPT_DYNAMIC_CHUNKS]
    seen: set[str] = set()
    while wanted:
        name = wanted.pop()
        if name in seen:
            continue
        path = PYSCRIPT_DIST / name
        if not path.is_file():
            raise BuildError(f"PyScript file {name} not found in {PYSCRIPT_DIST}")
        seen.add(name)
        if name.endswith(".js"):
            wanted.extend(static_imports(path) - seen)
    forbidden = [n for n in seen if n.endswith(".map") or n.startswith(("xterm", "codemirror"))]
    if forbidden:
        raise BuildError(f"PyScript selection pulled in unwanted files: {sorted(forbidden)}")
    return sorted(seen)


def vendor_pyscript(out: Path) -> list[str]:
    """Copy the selected PyScript files into out/pyscript/, without source-map comments."""
    dest = out / "pyscript"
    dest.mkdir()
    names = pyscript_files()
    for name in names:
        copy_without_source_map(PYSCRIPT_DIST / name, dest / name)
    return names


def build(out: Path = DEFAULT_OUT, full_stdlib: bool = False, pyc: bool = True) -> Path:
    """Build the whole site into `out` and return it.

    `full_stdlib`: ship Pyodide's stdlib zip unchanged; `pyc`: precompile its boot modules.
    """
    check_node_modules()
    out = out.resolve()
    prepare_out_dir(out)
    copy_page(out)
    zip_engine(out)
    vendor_pyodide(out)
    shipped = vendor_pyscript(out)
    if not full_stdlib:
        modules, size = trim_stdlib(out)
        print(f"build.py: python_stdlib.zip trimmed to {modules} modules ({size:,} bytes; --full-stdlib ships all)")
        if pyc:
            compiled, size = precompile_stdlib(out)
            print(f"build.py: {compiled} of them precompiled to bytecode ({size:,} bytes; --no-pyc: none)")
    add_offline_support(out)  # last: the worker lists every other file
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"build.py: built {out} ({size:,} bytes; PyScript files: {', '.join(shipped)})")
    return out


# --------------------------------------------------------------- trimmed stdlib
# Pyodide's python_stdlib.zip (2.5 MB, already deflated) holds the whole standard
# library; the page imports about a sixth of it. The default build ships a zip with
# only STDLIB_MEASURED + STDLIB_MARGIN (about 1 MB); `build.py --full-stdlib` ships the
# original, for debugging. A module missing here is an ImportError in the page, so:
#
# STDLIB_MEASURED: every stdlib module in sys.modules (whose file is in the zip) after
#   loading the page in Chromium and going through every UI path: a whole hand (pick,
#   bury, call, play out, summary, next hand, a hand the computer players pick), the
#   menu, every setting, score sheet, Share, New Game, the Daily, reload of the saved
#   game, a corrupted save and bad links. Measured with `bench/stdlib_usage.py`
#   (Pyodide 314.0.7, PyScript 0.7.31); every module the page needs is imported at
#   boot, none later. Rerun it when Pyodide, PyScript or the engine's imports change.
# STDLIB_MARGIN: what a static scan of every import in sheepshead/ and static/*.py,
#   followed through the stdlib sources (lazy and optional imports included), reaches
#   besides the measured set, minus what cannot work in a page (multiprocessing, http,
#   email, unittest, pydoc, pdb, the REPL, ...); plus the common text codecs, datetime's
#   and decimal's pure-Python halves, and small utility modules a future change to the
#   engine or the UI might reasonably import.
# tests/test_stdlib_trim.py checks that every module the engine and UI import is kept.
STDLIB_MEASURED = """
    __future__ _collections_abc _colorize _opcode_metadata _py_warnings _pyodide
    _pyodide._base _pyodide._core_docs _pyodide._future_helper _pyodide._importhook
    _pyodide.docs_argspec _pyodide.docstring _pyodide.jsbind _sitebuiltins _ssl _weakrefset
    abc annotationlib ast asyncio asyncio.base_events asyncio.base_futures
    asyncio.base_subprocess asyncio.base_tasks asyncio.constants asyncio.coroutines
    asyncio.events asyncio.exceptions asyncio.format_helpers asyncio.futures asyncio.graph
    asyncio.locks asyncio.log asyncio.mixins asyncio.protocols asyncio.queues
    asyncio.runners asyncio.selector_events asyncio.sslproto asyncio.staggered
    asyncio.streams asyncio.subprocess asyncio.taskgroups asyncio.tasks asyncio.threads
    asyncio.timeouts asyncio.transports asyncio.trsock asyncio.unix_events base64 bisect bz2
    codecs codeop collections compression compression._common compression._common._streams
    compression.zstd compression.zstd._zstdfile concurrent concurrent.futures
    concurrent.futures._base contextlib contextvars copy copyreg dataclasses datetime dis
    encodings encodings.aliases encodings.cp437 encodings.utf_8 enum fnmatch functools
    genericpath glob hashlib heapq hmac html html.entities importlib importlib._abc
    importlib._bootstrap importlib._bootstrap_external importlib.abc importlib.machinery
    importlib.util inspect io json json.decoder json.encoder json.scanner keyword linecache
    locale logging lzma ntpath opcode operator os pathlib pathlib._os posixpath pyodide
    pyodide._package_loader pyodide._state pyodide.code pyodide.common pyodide.ffi
    pyodide.webloop random re re._casefix re._compiler re._constants re._parser reprlib
    secrets selectors shutil signal site socket ssl stat string struct subprocess tempfile
    textwrap threading token tokenize traceback types typing warnings weakref zipfile
    zipfile._path zipfile._path.glob zipimport
"""
STDLIB_MARGIN = """
    _ast_unparse _compat_pickle _markupbase _py_abc _pydatetime _pylong _strptime
    _sysconfigdata__emscripten_wasm32-emscripten _threading_local argparse calendar colorsys
    concurrent.futures.thread csv decimal difflib encodings.ascii encodings.base64_codec
    encodings.charmap encodings.cp1252 encodings.hex_codec encodings.idna
    encodings.iso8859_1 encodings.iso8859_15 encodings.latin_1 encodings.mbcs
    encodings.punycode encodings.raw_unicode_escape encodings.unicode_escape
    encodings.utf_16 encodings.utf_16_be encodings.utf_16_le encodings.utf_32
    encodings.utf_32_be encodings.utf_32_le encodings.utf_8_sig fractions getopt gettext
    graphlib gzip html.parser json.tool numbers optparse pickle platform pprint queue
    statistics string.templatelib stringprep sysconfig sysconfig.__main__ timeit
    tomllib tomllib._parser tomllib._re tomllib._types urllib urllib.error urllib.parse uuid
    zoneinfo zoneinfo._common zoneinfo._tzpath
"""
STDLIB_KEEP = frozenset(STDLIB_MEASURED.split()) | frozenset(STDLIB_MARGIN.split())


def stdlib_module_name(entry: str) -> str | None:
    """The module a python_stdlib.zip entry defines (`a/b/__init__.py[c]` -> `a.b`), or None."""
    if entry.endswith(".pyc"):
        entry = entry[:-1]
    if not entry.endswith(".py"):
        return None
    name = entry[: -len(".py")].replace("/", ".")
    return name[: -len(".__init__")] if name.endswith(".__init__") else name


def trim_stdlib(out: Path, keep: frozenset[str] = STDLIB_KEEP) -> tuple[int, int]:
    """Rewrite out/pyodide/python_stdlib.zip with only the modules in `keep`.

    A module's file is kept with every parent package's __init__.py; entries keep their
    names and dates (so zipimport finds them as before) and are deflated at level 9.
    Returns (modules kept, bytes).
    """
    target = out / "pyodide" / "python_stdlib.zip"
    with zipfile.ZipFile(PYODIDE_DIR / "python_stdlib.zip") as src:
        infos = src.infolist()
        names = {stdlib_module_name(i.filename) for i in infos} - {None}
        wanted = set()
        for module in keep & names:
            parts = module.split(".")
            wanted.update(".".join(parts[:n]) for n in range(1, len(parts) + 1))
        missing = wanted - names
        if missing:
            raise BuildError(f"stdlib modules to keep are not in python_stdlib.zip: {sorted(missing)}")
        kept_files = [i for i in infos if stdlib_module_name(i.filename) in wanted]
        dirs = {i.filename.rsplit("/", 1)[0] + "/" for i in kept_files if "/" in i.filename}
        with zipfile.ZipFile(target, "w") as dst:
            for info in infos:
                if info.filename in dirs or info in kept_files:
                    new = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                    new.external_attr = info.external_attr
                    if info.filename.endswith("/"):
                        dst.writestr(new, b"")
                    else:
                        new.compress_type = zipfile.ZIP_DEFLATED
                        dst.writestr(new, src.read(info), compresslevel=9)
    return len(wanted), target.stat().st_size


# Bytecode for the boot path. Pyodide's zip holds sources only, so every page load
# compiles the ~150 stdlib modules Python and PyScript import at start-up: measured in
# Chromium here, a game whose stdlib zip held bytecode for all of them showed a tappable
# hand in about 3.8 s instead of 6.7 s. Bytecode is about 1.9 times the deflated size of
# source, so only the largest boot modules are precompiled, up to PYC_SOURCE_BUDGET bytes
# of their deflated source: that keeps the first visit under 5.5 MB gzip (docs/offline.md).
# The bytecode is made by the same Pyodide (node_modules) under Node.js at build time, as
# unchecked-hash .pyc files (PEP 552) that replace the .py entries in the zip.
PYC_SOURCE_BUDGET = 220_000

_PYC_SCRIPT = r"""
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideMjs, zipPath, modulesJson, outPath] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideMjs).href);
const py = await loadPyodide({ stdLibURL: zipPath });   // boots on the trimmed zip itself
py.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(zipPath)));
py.globals.set("MODULES", py.toPy(JSON.parse(readFileSync(modulesJson, "utf8"))));
py.runPython(`
import importlib.util, marshal, sys, zipfile
archive = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
wanted = set(MODULES)
with zipfile.ZipFile("/tmp/in.zip") as src, zipfile.ZipFile("/tmp/out.zip", "w") as dst:
    for info in src.infolist():
        data = src.read(info)
        name = info.filename
        module = name[:-3].replace("/", ".").removesuffix(".__init__") if name.endswith(".py") else None
        if module in wanted:
            code = compile(data, f"{archive}/{name}", "exec", dont_inherit=True, optimize=0)
            data = (importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little")  # unchecked hash
                    + importlib.util.source_hash(data) + marshal.dumps(code))
            name += "c"
        new = zipfile.ZipInfo(name, date_time=info.date_time)
        new.external_attr = info.external_attr
        if not name.endswith("/"):
            new.compress_type = zipfile.ZIP_DEFLATED
        dst.writestr(new, data, compresslevel=9)
`);
writeFileSync(outPath, py.FS.readFile("/tmp/out.zip"));
process.exit(0);
"""


# CPython's frozen modules (Python/frozen.c): imported from the binary, never from the zip.
_FROZEN_MODULES = frozenset(
    "importlib._bootstrap importlib._bootstrap_external zipimport abc codecs io "
    "_collections_abc _sitebuiltins genericpath ntpath posixpath os stat site "
    "importlib.util importlib.machinery runpy".split()
)


def pyc_choice(zip_path: Path, budget: int = PYC_SOURCE_BUDGET) -> list[str]:
    """The largest measured boot modules whose deflated sources add up to at most `budget`."""
    measured = set(STDLIB_MEASURED.split()) - _FROZEN_MODULES
    with zipfile.ZipFile(zip_path) as zf:
        sizes = sorted(
            ((i.compress_size, stdlib_module_name(i.filename)) for i in zf.infolist()
             if stdlib_module_name(i.filename) in measured),
            key=lambda t: (-t[0], t[1]),
        )
    chosen, total = [], 0
    for size, module in sizes:
        if total + size <= budget:
            chosen.append(module)
            total += size
    return sorted(chosen)


def precompile_stdlib(out: Path, budget: int = PYC_SOURCE_BUDGET) -> tuple[int, int]:
    """Replace the largest boot modules of out/pyodide/python_stdlib.zip by bytecode.

    Runs Pyodide under Node.js (node_modules/pyodide). Returns (modules, zip bytes).
    """
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is not on PATH (needed to precompile the stdlib); or use --no-pyc")
    target = out / "pyodide" / "python_stdlib.zip"
    modules = pyc_choice(target, budget)
    with tempfile.TemporaryDirectory(prefix="sheepshead-pyc-") as tmp:
        script, listing, result = Path(tmp, "pyc.mjs"), Path(tmp, "modules.json"), Path(tmp, "out.zip")
        script.write_text(_PYC_SCRIPT, encoding="utf-8")
        listing.write_text(json.dumps(modules), encoding="utf-8")
        run = subprocess.run(
            [node, str(script), str(PYODIDE_DIR / "pyodide.mjs"), str(target), str(listing), str(result)],
            cwd=ROOT, capture_output=True, text=True, timeout=600,
        )
        if run.returncode != 0 or not result.is_file():
            raise BuildError(f"precompiling the stdlib failed:\n{run.stdout}{run.stderr}")
        shutil.copyfile(result, target)
    return len(modules), target.stat().st_size


# ----------------------------------------------------------------------- offline
# Issue 5: the web app manifest and the service worker, both generated here from
# the files this build ships (see docs/offline.md).

MANIFEST_FILE = "manifest.webmanifest"
SERVICE_WORKER_FILE = "sw.js"
THEME_COLOR = "#0d5a2c"  # the felt green of static/style.css (--felt)
# (path in the site, pixel size, purpose); made by bench/make_icons.py, committed as PNGs.
ICONS = (
    ("static/icons/icon-192.png", 192, "any"),
    ("static/icons/icon-512.png", 512, "any"),
    ("static/icons/icon-maskable-512.png", 512, "maskable"),
)


def write_manifest(out: Path) -> Path:
    """Write out/manifest.webmanifest: standalone app, relative URLs only."""
    for path, _, _ in ICONS:
        if not (out / path).is_file():
            raise BuildError(f"icon {path} missing: run `python3 bench/make_icons.py`")
    manifest = {
        "id": "./",
        "name": "Sheepshead",
        "short_name": "Sheepshead",
        "description": "Five-handed Sheepshead against four computer players. Plays offline.",
        "lang": "en",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": THEME_COLOR,
        "theme_color": THEME_COLOR,
        "icons": [
            {"src": f"./{path}", "sizes": f"{px}x{px}", "type": "image/png", "purpose": purpose}
            for path, px, purpose in ICONS
        ],
    }
    target = out / MANIFEST_FILE
    target.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return target


def precache_files(out: Path) -> list[str]:
    """Every file the built site ships, relative to its root, except the worker itself."""
    return sorted(
        p.relative_to(out).as_posix()
        for p in out.rglob("*")
        if p.is_file() and p.relative_to(out).as_posix() != SERVICE_WORKER_FILE
    )


def content_hash(out: Path, files: list[str]) -> str:
    """SHA-256 over the shipped files' names and bytes: changes whenever any file does."""
    digest = hashlib.sha256()
    for name in files:
        data = (out / name).read_bytes()
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()


SERVICE_WORKER_JS = """\
// Sheepshead service worker, generated by build.py from the files this build ships.
// Do not edit the built copy: change build.py (write_service_worker) instead.
//
// Precaches exactly the shipped files under a cache named for their content, deletes
// this site's older caches on activation, serves cache-first and falls back to the
// cached page for navigations. A new build installs and then WAITS: the page
// (static/offline.js) offers "New version — Reload" and posts "skip-waiting".
// Every URL is relative to this worker, so the site works from any sub-path.
"use strict";

const VERSION = "@VERSION@";
const FILES = @FILES@;
const SCOPE = self.registration.scope;  // ends with "/"
const PREFIX = "sheepshead:" + SCOPE + ":";
const CACHE = PREFIX + VERSION;
const INDEX = new URL("./index.html", SCOPE).href;

self.addEventListener("install", (event) => {
  // "no-cache" revalidates with the server (a 304 reuses what the first visit
  // already downloaded) instead of trusting a possibly stale HTTP cache entry.
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(FILES.map((f) => new Request(new URL(f, SCOPE).href, { cache: "no-cache" })))
    )
  );
  // No skipWaiting() here: a new version waits until the player chooses to reload.
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
  if (event.data && event.data.type === "version" && event.ports[0]) {
    event.ports[0].postMessage({ version: VERSION, cache: CACHE });
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  url.hash = "";
  if (!url.href.startsWith(SCOPE)) return;  // other origins and paths: not ours
  event.respondWith(respond(request, url));
});

async function respond(request, url) {
  const cache = await caches.open(CACHE);
  const navigate = request.mode === "navigate";
  if (navigate) url.search = "";
  const key = url.href === SCOPE ? INDEX : url.href;
  const hit = await cache.match(key);
  if (hit) return hit;
  try {
    return await fetch(request);
  } catch (error) {
    if (navigate) {
      const page = await cache.match(INDEX);
      if (page) return page;
    }
    throw error;
  }
}
"""


def write_service_worker(out: Path) -> tuple[Path, list[str], str]:
    """Write out/sw.js precaching every shipped file; return it, the list and the version."""
    files = precache_files(out)
    version = content_hash(out, files)[:20]
    text = SERVICE_WORKER_JS.replace("@VERSION@", version).replace(
        "@FILES@", json.dumps([f"./{name}" for name in files], indent=2)
    )
    target = out / SERVICE_WORKER_FILE
    target.write_text(text, encoding="utf-8")
    return target, files, version


def add_offline_support(out: Path) -> str:
    """Manifest, then the worker (last: it lists every other file). Returns the version."""
    write_manifest(out)
    _, files, version = write_service_worker(out)
    print(f"build.py: {SERVICE_WORKER_FILE} precaches {len(files)} files (version {version})")
    return version


# ------------------------------------------------------------------------- serve


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder with the MIME types the site needs, optionally under a URL prefix."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    prefix = "/"  # URL path the folder is mounted at; always starts and ends with "/"
    quiet = False

    def translate_path(self, path: str) -> str:
        url_path = urllib.parse.urlsplit(path).path
        if not url_path.startswith(self.prefix):
            return os.path.join(self.directory, "\0no-such-file")  # -> 404
        return super().translate_path("/" + url_path[len(self.prefix):])

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (stdlib signature)
        if not self.quiet:
            super().log_message(format, *args)


def make_handler(directory: Path, prefix: str = "/", quiet: bool = False):
    """A request handler class serving `directory` at URL path `prefix`."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = type("BoundSiteHandler", (SiteHandler,), {"prefix": prefix, "quiet": quiet})
    return functools.partial(handler, directory=str(directory))


def serve(out: Path, port: int) -> None:
    """Serve `out` on 127.0.0.1:port until Ctrl-C."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), make_handler(out))
    host, port = server.server_address[:2]
    print(f"build.py: serving {out} at http://{host}:{port}/ (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nbuild.py: stopped")
    finally:
        server.server_close()


# -------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("command", nargs="?", choices=("build", "serve"), default="build")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: dist/)")
    parser.add_argument("--port", type=int, default=8000, help="port for serve (default: 8000)")
    parser.add_argument("--full-stdlib", action="store_true",
                        help="ship Pyodide's whole python_stdlib.zip (default: only the modules the page uses)")
    parser.add_argument("--no-pyc", action="store_true",
                        help="ship the trimmed stdlib as sources only (default: boot modules as bytecode)")
    args = parser.parse_args(argv)
    try:
        if args.command == "serve":
            ensure_npm_ci()
        out = build(args.out, full_stdlib=args.full_stdlib, pyc=not args.no_pyc)
    except (BuildError, subprocess.CalledProcessError) as exc:
        print(f"build.py: error: {exc}", file=sys.stderr)
        return 1
    if args.command == "serve":
        serve(out, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
