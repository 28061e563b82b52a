"""Run inside Pyodide by precompile.mjs (build.py's precompile_stdlib); never shipped.

Copies /tmp/in.zip to /tmp/out.zip (Pyodide's in-memory file system), replacing each
module named in MODULES (a list of module names, set by precompile.mjs) by unchecked-hash
bytecode (PEP 552): `a/b.py` becomes `a/b.pyc`. Compiled by the same Pyodide the page
runs, with the file names the page imports them from; every other entry is copied as is
(a stdlib source that build.py could not make lean is made lean here: lean.py), deflated at
level 9, keeping its name and date.

Module-level code on purpose: inside a function, the code objects' reference counts
differ and marshal writes slightly different (equivalent) bytes.
"""

import importlib.util
import marshal
import sys
import zipfile

sys.path.insert(0, "/tmp")                 # lean.py, written there by precompile.mjs
from lean import lean_module

archive = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
wanted: set[str] = set(MODULES)  # noqa: F821 (MODULES: set by precompile.mjs)
beside: bool = BESIDE  # noqa: F821 (BESIDE: set by precompile.mjs)
"""The game's zip (build.py's precompile_engine): every module keeps its source (tracebacks
show it) and gains `a/__pycache__/b.<cache tag>.pyc` beside it, which the import system
uses unchecked; the stdlib's modules are replaced by `a/b.pyc` instead."""
with zipfile.ZipFile("/tmp/in.zip") as src, zipfile.ZipFile("/tmp/out.zip", "w") as dst:
    for info in src.infolist():
        data = src.read(info)
        name = info.filename
        module = name[:-3].replace("/", ".").removesuffix(".__init__") if name.endswith(".py") else None
        # The stdlib: build.py made lean what its Python parses; the rest (a comment line left
        # is the sign; a few lean modules with one inside a string are made lean again) here.
        if module is not None and not beside and any(
                line.lstrip().startswith(b"#") for line in data.splitlines()):
            data = lean_module(data)
        entries = [(name, data)]
        if module in wanted:
            code = compile(data, f"{archive}/{name}", "exec", dont_inherit=True, optimize=0)
            pyc = (importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little")  # unchecked hash
                   + importlib.util.source_hash(data) + marshal.dumps(code))
            if beside:
                folder, _, stem = name[:-3].rpartition("/")
                cached = f"{folder}/__pycache__/{stem}.{sys.implementation.cache_tag}.pyc"
                entries.append((cached.lstrip("/"), pyc))
            else:
                entries = [(name + "c", pyc)]
        for entry, payload in entries:
            new = zipfile.ZipInfo(entry, date_time=info.date_time)
            new.external_attr = info.external_attr
            if not entry.endswith("/"):
                new.compress_type = zipfile.ZIP_DEFLATED
            dst.writestr(new, payload, compresslevel=9)
