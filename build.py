#!/usr/bin/env python3
"""Build the static Sheepshead site into ``dist/`` (standard library only).

Usage::

    python3 build.py [--out DIR] [--full-stdlib | --no-pyc] [--engine-pyc] [--no-snapshot]
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
                        as bytecode (--full-stdlib / --no-pyc turn that off); start.mjs,
                        and snapshot-<key>.gz: the started game's memory snapshot, made
                        here under Node.js, gzipped, its SHA-256 in start.mjs (--no-snapshot:
                        none, every start a normal one)
    pyscript/           the PyScript files a main-thread page loads, from
                        node_modules/@pyscript/core/dist (no maps, no xterm/codemirror)
    manifest.webmanifest  web app manifest (icons in static/icons/)
    sw.js               service worker precaching every other file (docs/offline.md)

Pyodide and PyScript come from the npm registry, pinned in package.json and
package-lock.json; ``npm ci`` puts them in node_modules/.

What the build reads besides the site is in static/build/ (never shipped; each file says
what it is): the service worker and manifest, the lists of stdlib modules and PyScript files
to ship, and the script that precompiles in Pyodide. The steps are in build() below.
"""

from __future__ import annotations

import argparse
import datetime
import functools
import gzip
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
BUILD_SOURCES = ROOT / "static" / "build"  # what the build reads; never shipped

# The page and its own files (paths relative to the repo root).
PAGE_FILES = ("index.html", "pyscript.json")
STATIC_DIR = "static"
ENGINE_PACKAGE = "sheepshead"
ENGINE_ZIP = "sheepshead.zip"
# Pyodide's runtime: everything `loadPyodide()` fetches for a page with no wheels.
# (pyodide-lock.json is fetched at every boot even though no package is loaded.)
PYODIDE_FILES = (
    "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
)
MANIFEST_FILE = "manifest.webmanifest"
SERVICE_WORKER_FILE = "sw.js"


sys.path.insert(0, str(BUILD_SOURCES))
from lean import lean_module, lean_source  # noqa: E402  (static/build/lean.py)


class BuildError(Exception):
    """A build step cannot proceed; the message says what to do."""


def read_list(path: Path) -> list[str]:
    """The names in a static/build/ list: one a line; `#` starts a comment; blank lines skipped."""
    lines = (line.partition("#")[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line]


# PyScript: the entry files the page links to and the chunks core.js imports while booting,
# listed as `<stem>-<hash>.js` and matched by stem (static/build/pyscript_files.txt).
PYSCRIPT_LIST = BUILD_SOURCES / "pyscript_files.txt"
_CHUNK = "-<hash>.js"
PYSCRIPT_ENTRY_FILES = tuple(n for n in read_list(PYSCRIPT_LIST) if not n.endswith(_CHUNK))
PYSCRIPT_DYNAMIC_CHUNKS = tuple(
    n.removesuffix(_CHUNK) for n in read_list(PYSCRIPT_LIST) if n.endswith(_CHUNK)
)

# The trimmed stdlib: Pyodide's python_stdlib.zip (2.5 MB, already deflated) holds the whole
# standard library; the page imports about a sixth of it. The default build ships only the
# modules measured in Chromium (bench/stdlib_usage.py) plus a margin kept by hand; each list
# says how it is made. A module missing from both is an ImportError in the page:
# tests/test_stdlib_trim.py checks that every module the engine and UI import is kept.
STDLIB_MEASURED = frozenset(read_list(BUILD_SOURCES / "stdlib_measured.txt"))
STDLIB_MARGIN = frozenset(read_list(BUILD_SOURCES / "stdlib_margin.txt"))
STDLIB_KEEP = STDLIB_MEASURED | STDLIB_MARGIN
# CPython's frozen modules load from the binary, never from the zip: never precompiled.
FROZEN_MODULES = frozenset(read_list(BUILD_SOURCES / "frozen_modules.txt"))

# Bytecode for the boot path: Pyodide's zip holds sources only, so every load compiles the
# ~150 stdlib modules Python and PyScript import at start-up. Bytecode is about three times the
# lean deflated source, so only the largest boot modules are precompiled, up to this many bytes
# of their lean deflated source: the first visit stays under 5.0 MB gzip (docs/offline.md).
PYC_SOURCE_BUDGET = 120_000


# ------------------------------------------------------------------------- build


def build(out: Path = DEFAULT_OUT, full_stdlib: bool = False, pyc: bool = True,
          engine_pyc: bool = False, snapshot: bool = True) -> Path:
    """Build the whole site into `out` and return it.

    `full_stdlib`: ship Pyodide's stdlib zip unchanged; `pyc`: precompile its boot modules;
    `engine_pyc`: add the game's own bytecode to its zip (off: 0.45 MB gzip, docs/load.md);
    `snapshot`: ship the started game's memory snapshot (docs/load.md)."""
    check_node_modules()
    out = out.resolve()
    prepare_out_dir(out)
    copy_page(out)
    zip_engine(out)
    vendor_pyodide(out)
    shipped = vendor_pyscript(out)
    if not full_stdlib:
        modules, size = trim_stdlib(out)
        print(f"build.py: python_stdlib.zip trimmed to {modules} modules "
              f"({size:,} bytes; --full-stdlib ships all)")
        if pyc:
            compiled, size = precompile_stdlib(out)
            print(f"build.py: {compiled} of them precompiled to bytecode ({size:,} bytes; --no-pyc: none)")
        if pyc and engine_pyc:
            compiled, size = precompile_engine(out)
            print(f"build.py: {ENGINE_ZIP}: {compiled} modules and their bytecode ({size:,} bytes)")
    if pyc:
        names = precompile_page(out)
        print(f"build.py: {ENGINE_ZIP}: the bytecode of {', '.join(names)} (--no-pyc: none)")
    key = start_key(out)
    digest = write_start_snapshot(out, key) if snapshot else ""
    if digest:
        size = (out / snapshot_file(key)).stat().st_size
        print(f"build.py: {snapshot_file(key)}: the started game's memory snapshot "
              f"({size:,} bytes gzip, SHA-256 {digest[:12]}…; --no-snapshot: none)")
    write_start_module(out, key, digest)
    write_first_picture(out, write_daily_pictures(out, datetime.date.today()))
    write_manifest(out)
    _, files, version = write_service_worker(out)  # last: it lists every other file
    print(f"build.py: {SERVICE_WORKER_FILE} precaches {len(files)} files (version {version})")
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"build.py: built {out} ({size:,} bytes; PyScript files: {', '.join(shipped)})")
    return out


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
        raise BuildError(f"{names} missing: run `npm ci` first (or `python3 build.py serve`, which runs it)")


# ---------------------------------------------------------------- page and engine


def prepare_out_dir(out: Path) -> None:
    """Empty the output folder, refusing to wipe anything that is not a build."""
    if out.exists():
        looks_built = (out / "index.html").exists() and (out / "pyodide").is_dir()
        if any(out.iterdir()) and not looks_built:
            raise BuildError(f"{out} exists and does not look like a build output; not wiping it")
        shutil.rmtree(out)
    out.mkdir(parents=True)


_IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")


def _not_shipped(directory: str, names: list[str]) -> set[str]:
    """copytree's filter for static/: caches, dot files and static/build/ stay behind."""
    return set(_IGNORED(directory, names)) | {n for n in names if Path(directory, n) == BUILD_SOURCES}


def copy_page(out: Path) -> None:
    """Copy the page (its seat names filled in: fill_seat_names), its PyScript config and the
    static/ assets (not static/build/)."""
    for name in PAGE_FILES:
        shutil.copy2(ROOT / name, out / name)
    page = out / "index.html"
    page.write_text(fill_seat_names(page.read_text(encoding="utf-8")), encoding="utf-8")
    shutil.copytree(ROOT / STATIC_DIR, out / STATIC_DIR, ignore=_not_shipped)


_SEAT = re.compile(r'(id="seat-([1-9])" aria-label=")("><div class="seat-box">'
                   r'<div class="seat-name">)(</div>)')
_MINE = re.compile(r'(<div class="me"><span class="seat-name">)(</span>)')


def fill_seat_names(html: str) -> str:
    """index.html with the seats' names of `sheepshead.ui.look.wording.NAMES` (the one place
    they are written) in each computer seat's label and name, and yours under your hand."""
    from sheepshead.ui.look.wording import HUMAN, NAMES

    def seat(m: re.Match[str]) -> str:
        name = NAMES[int(m[2])]
        return f"{m[1]}{name}{m[3]}{name}{m[4]}"

    html, seats = _SEAT.subn(seat, html)
    html, mine = _MINE.subn(lambda m: f"{m[1]}{NAMES[HUMAN]}{m[2]}", html)
    if seats != len(NAMES) - 1 or mine != 1:
        raise BuildError(f"index.html: {seats} seats and {mine} hand of yours to name, "
                         f"not {len(NAMES) - 1} and 1")
    return html


def zip_engine(out: Path) -> Path:
    """Zip sheepshead/**/*.py into one reproducible archive (fixed dates, sorted), each module
    without its docstrings and comments (:func:`lean_source`: about a third less to download)."""
    package = ROOT / ENGINE_PACKAGE
    sources = sorted(p for p in package.rglob("*.py") if "__pycache__" not in p.relative_to(package).parts)
    if not sources:
        raise BuildError(f"no .py files under {package}")
    target = out / ENGINE_ZIP
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in sources:
            info = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, lean_source(path.read_text(encoding="utf-8")).encode())
    return target


# ------------------------------------------------------------- Pyodide, PyScript


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


_STATIC_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*["'](\./[A-Za-z0-9_.\-]+\.js)["']""")


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
            f"found {matches or 'none'}: update {PYSCRIPT_LIST.relative_to(ROOT)}"
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


# --------------------------------------------------------------- trimmed stdlib


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
        names = {m for i in infos if (m := stdlib_module_name(i.filename)) is not None}
        wanted: set[str] = set()
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
                        dst.writestr(new, lean_module(src.read(info)), compresslevel=9)
    return len(wanted), target.stat().st_size


def pyc_choice(zip_path: Path, budget: int = PYC_SOURCE_BUDGET) -> list[str]:
    """The largest measured boot modules whose deflated sources add up to at most `budget`."""
    measured = STDLIB_MEASURED - FROZEN_MODULES
    with zipfile.ZipFile(zip_path) as zf:
        sizes = sorted(
            ((i.compress_size, m) for i in zf.infolist()
             if (m := stdlib_module_name(i.filename)) is not None and m in measured),
            key=lambda t: (-t[0], t[1]),
        )
    chosen: list[str] = []
    total = 0
    for size, module in sizes:
        if total + size <= budget:
            chosen.append(module)
            total += size
    return sorted(chosen)


def run_precompile(out: Path, modules: list[str], target: Path, engine: bool) -> None:
    """static/build/precompile.mjs on `target` (the stdlib's zip, or the game's: `engine`)."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is not on PATH (needed to precompile to bytecode); or use --no-pyc")
    with tempfile.TemporaryDirectory(prefix="sheepshead-pyc-") as tmp:
        listing, result = Path(tmp, "modules.json"), Path(tmp, "out.zip")
        listing.write_text(json.dumps(modules), encoding="utf-8")
        run = subprocess.run([node, str(BUILD_SOURCES / "precompile.mjs"), str(PYODIDE_DIR / "pyodide.mjs"),
                              str(out / "pyodide" / "python_stdlib.zip"), str(listing), str(result)]
                             + ([str(target)] if engine else []),
                             cwd=ROOT, capture_output=True, text=True, timeout=600)
        if run.returncode != 0 or not result.is_file():
            raise BuildError(f"precompiling {target.name} failed:\n{run.stdout}{run.stderr}")
        shutil.copyfile(result, target)


def precompile_engine(out: Path) -> tuple[int, int]:
    """Add each module's bytecode beside its source in out/sheepshead.zip (__pycache__,
    unchecked-hash .pyc by the page's own Pyodide: a first visit compiles nothing; the source
    stays for tracebacks). Returns (modules, zip bytes)."""
    target = out / ENGINE_ZIP
    with zipfile.ZipFile(target) as zf:
        modules = sorted(n[:-3].replace("/", ".").removesuffix(".__init__")
                         for n in zf.namelist() if n.endswith(".py"))
    run_precompile(out, modules, target, engine=True)
    return len(modules), target.stat().st_size


PAGE_PYTHON = ("static/main.py", "static/browser.py")
"""The page's own Python, which pyscript.json writes beside the game's folder (index.html's
script imports main): precompiled into the game's zip by precompile_page."""


def precompile_page(out: Path) -> list[str]:
    """Add the bytecode of the page's own Python (PAGE_PYTHON) to out/sheepshead.zip, as
    `__pycache__/<name>.<cache tag>.pyc` at its root (PyScript unpacks the zip where it writes
    them), compiled by the page's own Pyodide under Node.js (static/build/pagepyc.mjs). On a
    restored start the game is imported already; what was left to compile was main.py (run as
    a string: parsed and compiled on every start, most of the longest task after Python is
    ready on the 4x phone) and browser.py. Checked-hash .pyc (PEP 552): a source that does not
    match its bytecode is compiled as before. Returns the names compiled."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is not on PATH (needed to precompile to bytecode); or use --no-pyc")
    target = out / ENGINE_ZIP
    with tempfile.TemporaryDirectory(prefix="sheepshead-page-pyc-") as tmp:
        run = subprocess.run([node, str(BUILD_SOURCES / "pagepyc.mjs"), str(PYODIDE_DIR / "pyodide.mjs"),
                              str(out / "pyodide" / "python_stdlib.zip"), tmp]
                             + [str(ROOT / name) for name in PAGE_PYTHON],
                             cwd=ROOT, capture_output=True, text=True, timeout=600)
        compiled = sorted(Path(tmp).glob("*.pyc"))
        if run.returncode != 0 or len(compiled) != len(PAGE_PYTHON):
            raise BuildError(f"precompiling the page's Python failed:\n{run.stdout}{run.stderr}")
        with zipfile.ZipFile(target, "a") as zf:
            for path in compiled:
                info = zipfile.ZipInfo(f"__pycache__/{path.name}", date_time=(1980, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                zf.writestr(info, path.read_bytes(), compresslevel=9)
    return [Path(name).name for name in PAGE_PYTHON]


def precompile_stdlib(out: Path, budget: int = PYC_SOURCE_BUDGET) -> tuple[int, int]:
    """Replace the largest boot modules of out/pyodide/python_stdlib.zip by bytecode.

    static/build/precompile.mjs compiles them with the same Pyodide under Node.js, as
    unchecked-hash .pyc files (PEP 552) that replace their .py entries. Returns (modules, zip bytes).
    """
    target = out / "pyodide" / "python_stdlib.zip"
    modules = pyc_choice(target, budget)
    run_precompile(out, modules, target, engine=False)
    return len(modules), target.stat().st_size


# ----------------------------------------------------------------------- offline
# The web app manifest and the service worker (docs/offline.md).


def write_manifest(out: Path) -> Path:
    """Write out/manifest.webmanifest from static/build/ once every icon it names is in `out`.

    A standalone app with relative URLs only; its colours are the felt green of
    static/style.css (--felt); its icons are made by bench/make_icons.py, committed as PNGs.
    """
    manifest = json.loads((BUILD_SOURCES / MANIFEST_FILE).read_text(encoding="utf-8"))
    for icon in manifest["icons"]:
        if not (out / icon["src"]).is_file():
            raise BuildError(f"icon {icon['src']} missing: run `python3 bench/make_icons.py`")
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


# In static/build/sw.js, what the build injects is a placeholder comment followed by a
# stand-in value that keeps the source valid JavaScript: `/*@VERSION@*/"dev"`, `/*@PRECACHE@*/[]`.
_PLACEHOLDER = re.compile(r'/\*@([A-Z]+)@\*/("[^"\n]*"|\[\])')


def fill_placeholders(template: str, values: dict[str, object]) -> str:
    """Replace each placeholder and its stand-in by the JSON of values[NAME], each exactly once."""
    found = [m.group(1) for m in _PLACEHOLDER.finditer(template)]
    if sorted(found) != sorted(values) or "/*@" in _PLACEHOLDER.sub("", template):
        raise BuildError(f"a template has placeholders {found}, needs one each of {sorted(values)}")
    return _PLACEHOLDER.sub(lambda m: json.dumps(values[m.group(1)], indent=2), template)


START_MODULE = "start.mjs"
"""static/start.mjs: PyScript's interpreter module, built into pyodide/ (pyscript.json)."""
START_INPUTS = ("sheepshead.zip", "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip",
                "pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs")
"""What a memory snapshot of the started game depends on: its key changes with any of them."""
SNAPSHOT_MODULES = BUILD_SOURCES / "snapshot_modules.txt"
"""The game's modules imported in the snapshot (what the page imports at start and later)."""
SNAPSHOT_SCRIPT = BUILD_SOURCES / "snapshot.mjs"
SNAPSHOT_GZIP_LEVEL = 6
"""31 MB of memory: level 6 takes 3 s here for 6.18 MB, level 9 17 s for 6.11 MB."""


def start_key(out: Path) -> str:
    """The key of this build's start: a hash of what its snapshot depends on (START_INPUTS,
    and the sources that make it: the module list and the script), so that a snapshot made
    another way is never shipped under the same name."""
    digest = hashlib.sha256(content_hash(out, list(START_INPUTS)).encode())
    for source in (SNAPSHOT_MODULES, SNAPSHOT_SCRIPT):
        digest.update(source.read_bytes())
    return digest.hexdigest()[:20]


def snapshot_file(key: str) -> str:
    """The shipped snapshot's path in the site, named by the build's start key."""
    return f"pyodide/snapshot-{key}.gz"


def make_snapshot(out: Path, target: Path, extra_python: Path | None = None) -> None:
    """static/build/snapshot.mjs: start the built site's Pyodide under Node.js, import the
    game (SNAPSHOT_MODULES) and write its memory snapshot, raw, to `target`.  `extra_python`
    (tests only) runs before the snapshot is taken: a foreign snapshot, to be refused."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is not on PATH (needed to make the start snapshot); or use --no-snapshot")
    with tempfile.TemporaryDirectory(prefix="sheepshead-snapshot-") as tmp:
        listing = Path(tmp, "modules.json")
        listing.write_text(json.dumps(read_list(SNAPSHOT_MODULES)), encoding="utf-8")
        run = subprocess.run([node, str(SNAPSHOT_SCRIPT), str(out / "pyodide"), str(out / ENGINE_ZIP),
                              str(listing), str(target)] + ([str(extra_python)] if extra_python else []),
                             cwd=ROOT, capture_output=True, text=True, timeout=600)
        if run.returncode != 0 or not target.is_file():
            raise BuildError(f"making the start snapshot failed:\n{run.stdout}{run.stderr}")


def write_start_snapshot(out: Path, key: str) -> str:
    """Ship the started game's memory snapshot, gzipped (a static host serves it as it is, and
    static/start.mjs inflates it with DecompressionStream); return the SHA-256 of the shipped
    bytes, which start.mjs checks before restoring anything."""
    with tempfile.TemporaryDirectory(prefix="sheepshead-snapshot-") as tmp:
        raw = Path(tmp, "snapshot.bin")
        make_snapshot(out, raw)
        data = gzip.compress(raw.read_bytes(), SNAPSHOT_GZIP_LEVEL, mtime=0)
    (out / snapshot_file(key)).write_bytes(data)
    return hashlib.sha256(data).hexdigest()


def write_start_module(out: Path, key: str, digest: str) -> None:
    """Write out/pyodide/start.mjs with this build's start key and its snapshot's SHA-256
    (`""`: no snapshot shipped, every start a normal one)."""
    template = (ROOT / STATIC_DIR / START_MODULE).read_text(encoding="utf-8")
    text = fill_placeholders(template, {"BUILD": key, "SNAPSHOT": digest})
    (out / "pyodide" / START_MODULE).write_text(text, encoding="utf-8")
    (out / STATIC_DIR / START_MODULE).unlink()        # shipped once, beside pyodide.mjs


FIRST_PICTURE = "static/first-picture.js"
PICTURE_SCRIPT = "static/picture.js"


def write_first_picture(out: Path, dailies: tuple[str, str]) -> None:
    """The table a first visit opens (the practice hand at your first decision), for
    static/picture.js to draw before Python starts: `window.sheepsheadFirstPicture`, the
    picture of `sheepshead.ui.page.firstvisit.first_visit_picture` (the engine's own first draw);
    and static/picture.js what it must know (script_constants)."""
    from sheepshead.ui.page.firstvisit import first_visit_picture  # the repository's package

    text = first_visit_picture(datetime.datetime(2026, 1, 1))  # the date shows nowhere
    (out / FIRST_PICTURE).write_text(f"window.sheepsheadFirstPicture = {text};\n",
                                     encoding="utf-8")
    template = (ROOT / PICTURE_SCRIPT).read_text(encoding="utf-8")
    filled = fill_placeholders(template, {"PICTURE": script_constants(dailies)})
    (out / PICTURE_SCRIPT).write_text(filled, encoding="utf-8")


def script_constants(dailies: tuple[str, str]) -> dict[str, object]:
    """What static/picture.js must know, from the Python that defines it (each fact in one
    place): `sheepshead.ui.storage.picture.script_constants` (the keys, the picture's format,
    regions, attributes, body classes and markup), `selectors` (the elements whose attributes
    a picture sets: the page, the dialog, the seats, and what the controller makes inert behind
    a dialog, `BEHIND_PANEL`) and `dailies` (the first and last day of the Dailies' first
    tables, write_daily_pictures)."""
    from sheepshead.ui.page.controller import BEHIND_PANEL, SEAT_SELECTORS
    from sheepshead.ui.storage.picture import script_constants as picture_constants

    selectors = ["body", "#panel", *SEAT_SELECTORS, *BEHIND_PANEL]
    return {**picture_constants(), "selectors": selectors, "dailies": list(dailies)}


DAILY_PICTURES = "static/dailies.json"


def write_daily_pictures(out: Path, today: datetime.date) -> tuple[str, str]:
    """The first table of each Daily from DAILY_PICTURE_DAYS before `today` to as many after
    (`sheepshead.ui.page.firstvisit.daily_picture`), in one JSON object by day: static/picture.js
    fetches it for a first visit through a Daily's link. One file, not one a day: the 15
    pictures share most of their markup, 7.7 KB gzip together against 43 KB apart, and it is
    precached as every file is. Returns the first and last day (ISO), for static/picture.js."""
    from sheepshead.ui.page.firstvisit import DAILY_PICTURE_DAYS, daily_picture

    days = [today + datetime.timedelta(days=k)
            for k in range(-DAILY_PICTURE_DAYS, DAILY_PICTURE_DAYS + 1)]
    pictures = ",".join(f'"{day.isoformat()}":{daily_picture(day)}' for day in days)
    (out / DAILY_PICTURES).write_text("{" + pictures + "}\n", encoding="utf-8")
    return days[0].isoformat(), days[-1].isoformat()


def write_service_worker(out: Path) -> tuple[Path, list[str], str]:
    """Write out/sw.js precaching every shipped file; return it, the list and the version."""
    files = precache_files(out)
    version = content_hash(out, files)[:20]
    template = (BUILD_SOURCES / SERVICE_WORKER_FILE).read_text(encoding="utf-8")
    text = fill_placeholders(template, {"VERSION": version, "PRECACHE": [f"./{name}" for name in files]})
    target = out / SERVICE_WORKER_FILE
    target.write_text(text, encoding="utf-8")
    return target, files, version


# ------------------------------------------------------------------------- serve

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

    def log_message(self, format: str, *args: object) -> None:  # the stdlib's signature
        if not self.quiet:
            super().log_message(format, *args)


def make_handler(directory: Path, prefix: str = "/", quiet: bool = False,
                 base: type[SiteHandler] = SiteHandler):
    """A request handler class serving `directory` at URL path `prefix` (``base``: a
    subclass of :class:`SiteHandler` that serves more, as the tests' server does)."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = type("BoundSiteHandler", (base,), {"prefix": prefix, "quiet": quiet})
    return functools.partial(handler, directory=str(directory))


def serve(out: Path, port: int) -> None:
    """Serve `out` on 127.0.0.1:port until Ctrl-C."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), make_handler(out))
    port = server.server_address[1]
    print(f"build.py: serving {out} at http://127.0.0.1:{port}/ (Ctrl-C to stop)", flush=True)
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
                        help="ship Pyodide's whole python_stdlib.zip "
                             "(default: only the modules the page uses)")
    parser.add_argument("--no-pyc", action="store_true",
                        help="ship the trimmed stdlib as sources only (default: boot modules as bytecode)")
    parser.add_argument("--engine-pyc", action="store_true",
                        help="add the game's bytecode to sheepshead.zip (0.45 MB gzip more)")
    parser.add_argument("--no-snapshot", action="store_true",
                        help="ship no start snapshot (default: the started game's, made under Node.js)")
    args = parser.parse_args(argv)
    try:
        if args.command == "serve":
            ensure_npm_ci()
        out = build(args.out, full_stdlib=args.full_stdlib, pyc=not args.no_pyc,
                    engine_pyc=args.engine_pyc, snapshot=not args.no_snapshot)
    except (BuildError, subprocess.CalledProcessError) as exc:
        print(f"build.py: error: {exc}", file=sys.stderr)
        return 1
    if args.command == "serve":
        serve(out, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
