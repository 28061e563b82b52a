#!/usr/bin/env python3
"""How long the steps of reading a backup take (issue 36, item 5), in this Python.

    .venv/bin/python bench/backup_steps.py

The page reads a backup a step at a time (sheepshead/ui/backup/backup.py: ``read_link_steps``,
``read_backup_steps``) and lets the browser turn every 30 ms (``ui/pacing.py``); what must
stay small is the longest single step.  For each input this prints the number of steps, the
longest step and the total, in CPU milliseconds (``time.process_time``: other processes on
the machine do not count):

- ``link 4 MB``: issue 36's 7.8 KB link of 4 MB of small objects (refused as it inflates);
- ``file 4 MB``: the same text as a file (refused by its count of values);
- ``file 3,000``: a real-sized file of 3,000 Daily results, all already here (decoded and
  read, none replayed);
- ``one Daily``: a backup of one real Daily result, its computer moves replayed (a step is
  one Expert decision: the same slicing as a shared result link's check).

Multiply by the page's factor (Pyodide, and the CPU slowed 4x for the phone) to compare
with the 200 ms a player feels; docs/journal/backup.md keeps the figures.
"""

from __future__ import annotations

import base64
import datetime as dt
import sys
import time
import zlib
from collections.abc import Generator
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from backup_helpers import EXPERT_DAILIES

from sheepshead.errors import SheepsheadError
from sheepshead.results import parse_result
from sheepshead.ui.backup import backup as module
from sheepshead.ui.backup.backup import Backup, read_backup_steps, read_link_steps
from sheepshead.ui.daily.daily import DailyResults
from sheepshead.ui.storage.saves import MemoryStorage

TODAY = dt.date(2026, 12, 2)
DAY = dt.date(2026, 11, 1)


def timed(steps: Generator[Any, None, Any]) -> tuple[int, float, float, str]:
    """Steps, the longest and the total (CPU ms), and how it ended."""
    n, longest, total, end = 0, 0.0, 0.0, "read"
    while True:
        start = time.process_time()
        try:
            next(steps)
        except StopIteration:
            break
        except SheepsheadError as e:
            end = f"refused: {e}"
            break
        finally:
            took = (time.process_time() - start) * 1000
            longest, total = max(longest, took), total + took
        n += 1
    return n, longest, total, end


def one_result() -> Backup:
    storage = MemoryStorage()
    DailyResults(storage).record(parse_result(EXPERT_DAILIES[DAY]).game(), hints=False,
                                 now=dt.datetime(2026, 12, 2, 12))
    return Backup(dict(DailyResults(storage).book().results))


def main() -> None:
    small = '{"format":"sheepshead-backup/1","x":[' + ",".join(["{}"] * 1_300_000) + "]}"
    link = "#backup=1." + base64.urlsafe_b64encode(zlib.compress(small.encode(), 9)).decode()
    one = one_result()
    result = one.results[DAY]
    many = {}
    for i in range(3_000):
        day = dt.date(2015, 1, 1) + dt.timedelta(days=i)
        many[day] = replace(result, day=day, fragment=result.fragment.replace(
            DAY.isoformat(), day.isoformat()))
    big = Backup(many).to_text()
    module._MOVES_CHECKED.clear()
    rows = [
        (f"link 4 MB ({len(link):,} chars)", read_link_steps(link, today=TODAY)),
        (f"file 4 MB ({len(small):,} chars)", read_backup_steps(small, today=TODAY)),
        (f"file 3,000 ({len(big):,} chars)", read_backup_steps(big, today=TODAY, here=many)),
        ("one Daily (moves replayed)", read_backup_steps(one.to_text(), today=TODAY)),
    ]
    print(f"{'input':34} {'steps':>7} {'longest ms':>11} {'total ms':>9}  end")
    for name, steps in rows:
        n, longest, total, end = timed(steps)
        print(f"{name:34} {n:>7,} {longest:>11.1f} {total:>9.0f}  {end[:70]}")


if __name__ == "__main__":
    main()
