"""Run inside Pyodide by precompile.mjs (build.py's precompile_stdlib); never shipped.

Copies /tmp/in.zip to /tmp/out.zip (Pyodide's in-memory file system), replacing each
module named in MODULES (a list of module names, set by precompile.mjs) by unchecked-hash
bytecode (PEP 552): `a/b.py` becomes `a/b.pyc`. Compiled by the same Pyodide the page
runs, with the file names the page imports them from; every other entry is copied as is,
deflated at level 9, keeping its name and date.

Module-level code on purpose: inside a function, the code objects' reference counts
differ and marshal writes slightly different (equivalent) bytes.
"""

import importlib.util
import marshal
import sys
import zipfile

archive = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
wanted: set[str] = set(MODULES)  # noqa: F821 (MODULES: set by precompile.mjs)
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
