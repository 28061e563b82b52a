"""What a hostile board costs (issue 36, items 2 and 10), in this Python on one core.

    python3 bench/board.py                # 10 copies of one Expert Daily link; a 50-entry board link
    python3 bench/board.py --copies 5 --entries 20

``board``: ``board_of`` over ``--copies`` copies of one finished Daily link (written as a
fragment, a URL and with its parameters reordered), computer moves checked: the seconds it
takes and how many full checks it made (before issue 36: one a copy).

``page``: a board link of ``--entries`` results of one New Game (one hand each, Easy, seat 0
at random) opened in the page's controller, its background job run to the end as the page
runs it: the replays made (parse and check), the number of steps the page turned between,
and the longest step in milliseconds (the page's slice is 30 ms; a step over 200 ms on a
phone is what a player feels).  Figures: docs/journal/board.md.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import sys
import time
from collections.abc import Coroutine
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import sheepshead.board as board
import sheepshead.ui.friends.friends as friends_module
from sheepshead.board import BoardEntry, board_fragment, board_of
from sheepshead.deals import daily_seed
from sheepshead.results import result_fragment
from sheepshead.ui.events import Event, HashChange, Spawn, Start, Tap
from sheepshead.ui.page.controller import Controller
from sheepshead.ui.storage.saves import MemoryStorage
from sheepshead.ui.storage.settings import Settings
from sheepshead.ui.table.table import Table

GAME_ID = "00000000000000c5"


def played(seed: str, level: str, rng: random.Random, hands: int) -> Table:
    t = Table(seed, Settings(speed="instant"), level=level)
    for h in range(hands):
        if h:
            t.next_hand()
        while not t.hand.is_over:
            if t.human_turn:
                t.act(rng.choice(t.seat_view().legal))
            else:
                t.step()
    return t


def counted(module: object, calls: list[str]) -> None:
    for name in ("parse_result", "check_result"):
        real = getattr(module, name)

        def wrapper(*a: object, _real: object = real, _name: str = name, **k: object) -> object:
            calls.append(_name)
            return _real(*a, **k)  # type: ignore[operator]
        setattr(module, name, wrapper)


def bench_board(copies: int) -> None:
    seed = daily_seed(dt.date(2026, 11, 30))
    link = result_fragment(played(seed, "expert", random.Random(1), 10).game, "Ann")
    texts = [link, "https://example.org/sheepshead/" + link,
             "#" + "&".join(reversed(link[1:].split("&")))]
    links = [texts[i % len(texts)] for i in range(copies)]
    calls: list[str] = []
    counted(board, calls)
    start = time.process_time()
    boards, refused = board_of(links)
    took = time.process_time() - start
    print(f"board: {copies} copies of one Expert Daily link: {took:.1f} s of CPU, "
          f"{calls.count('check_result')} checks, {len(boards[0].rows) if boards else 0} row, "
          f"{len(refused)} refused")


def bench_page(entries: int) -> None:
    seed = f"game:{GAME_ID}"
    links = [result_fragment(played(seed, "easy", random.Random(i), 1).game, f"P{i}", "easy")
             for i in range(entries)]
    fragment, _ = board_fragment([BoardEntry(x) for x in links], limit=1_000_000)
    c = Controller(MemoryStorage(), lambda: dt.datetime(2026, 12, 1, 16, 48),
                   clock=time.monotonic, href=lambda: "https://example.org/")
    c.handle(Start(f"#game={GAME_ID}"))
    calls: list[str] = []
    counted(friends_module, calls)
    start = time.process_time()
    effects = c.handle(HashChange(fragment))
    c.handle(Tap(ui="board-reveal"))
    job = next(e for e in effects if isinstance(e, Spawn))

    def send(event: Event) -> None:
        c.handle(event)
    coroutine = job.job(send)
    assert isinstance(coroutine, Coroutine)
    steps, longest = 0, 0.0
    while True:
        begun = time.perf_counter()
        try:
            coroutine.send(None)
        except StopIteration:
            break
        steps += 1
        longest = max(longest, time.perf_counter() - begun)
    took = time.process_time() - start
    rows = c.session.friends.rows(f"#game={GAME_ID}")
    print(f"page: a board link of {entries} results: {took:.1f} s of CPU, "
          f"{calls.count('parse_result')} parses and {calls.count('check_result')} checks, "
          f"{steps} steps, the longest {longest * 1000:.0f} ms; "
          f"{sum(r.place is not None for r in rows)} of {len(rows)} rows ranked")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--copies", type=int, default=10)
    p.add_argument("--entries", type=int, default=50)
    args = p.parse_args()
    bench_board(args.copies)
    bench_page(args.entries)


if __name__ == "__main__":
    main()
