"""Run the command line (``python -m sheepshead ...``) in-process, or as a real process.

``run_cli`` calls ``sheepshead.cli.main(argv)`` with standard input, output and error
swapped for in-memory files: a fraction of a millisecond where a subprocess costs a new
interpreter and the package's imports (about 0.2 s). Its answer has a subprocess's shape
(``returncode``, ``stdout``, ``stderr``), so a test reads the same either way.
``main`` returns the exit status; argparse's ``--help`` and any ``sys.exit`` raise
SystemExit, read here as the interpreter would. Any other exception propagates and fails
the test with its traceback (a real process would print it and exit 1).

``run_module`` starts ``python -m sheepshead`` for real: keep a few of those, as smoke
tests of the entry point, of real standard input and of the worker processes.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

from sheepshead.cli import main

__all__ = ["run_cli", "run_module"]

ROOT = Path(__file__).resolve().parents[1]


def run_cli(*args: str, stdin: str | bytes | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m sheepshead ARGS`` in this process; ``stdin`` as text (UTF-8) or bytes."""
    data = stdin.encode("utf-8") if isinstance(stdin, str) else (stdin or b"")
    fake_stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    saved_stdin = sys.stdin
    sys.stdin = fake_stdin
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as e:       # as the interpreter reads sys.exit(...)
                if e.code is None or isinstance(e.code, int):
                    code = e.code or 0
                else:
                    print(e.code, file=sys.stderr)
                    code = 1
    finally:
        sys.stdin = saved_stdin
    return subprocess.CompletedProcess(["python", "-m", "sheepshead", *args], code,
                                       out.getvalue(), err.getvalue())


def run_module(*args: str, stdin: str | bytes | None = None,
               timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python -m sheepshead ARGS`` as a real process, from the repository's root."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run([sys.executable, "-m", "sheepshead", *args], cwd=ROOT, env=env,
                          input=stdin.encode("utf-8") if isinstance(stdin, str) else stdin,
                          capture_output=True, timeout=timeout)
    return subprocess.CompletedProcess(proc.args, proc.returncode,
                                       proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8"))
