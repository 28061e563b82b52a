"""``suggest`` and ``arena``: the computer players on the command line.

:mod:`sheepshead.cli` owns the parser and adds these with :func:`add_commands`
(this module never imports it):

* ``suggest FILE --level easy|standard|expert [--seed S]`` replays a hand
  record, builds the view of the seat to act and asks that level's player,
  passing it only the view.  Prints ``action`` (and for Expert ``values``, each
  candidate's estimated ledger value for that seat).
* ``arena --candidate L --field L --deals N [--jobs J] [--seed S] [--rules R]``
  plays duplicate deals (see :mod:`sheepshead.bots.arena`); ``R`` is a JSON
  object of options (``'{"crack": true}'``) or a link's compact form
  (``p3.crack``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from .bots import make_player
from .bots.arena import run_arena
from .errors import SheepsheadError
from .grammar import parse_count
from .inputs import read_input
from .record import loads
from .rules import DEFAULT_RULES, Rules

__all__ = ["add_commands", "suggest"]


def _seed(text: str) -> int:
    return parse_count(text, "--seed", 0, 10**18 - 1)


def suggest(record_text: str, level: str, seed: int = 0) -> dict[str, object]:
    """The suggestion for the seat to act in a record (JSON text)."""
    player = make_player(level, seed)
    state = loads(record_text).replay()
    if state.is_over:
        raise SheepsheadError("the hand is over: nobody has to act")
    view = state.view(state.to_act)
    out: dict[str, object] = {"seat": view.seat}
    if hasattr(player, "evaluate"):
        action, values = player.evaluate(view)
        out["action"] = str(action)
        out["values"] = {str(a): round(v, 3) for a, v in values}
    else:
        out["action"] = str(player.choose(view))
    return out


def cmd_suggest(args: argparse.Namespace) -> dict[str, object]:
    return suggest(read_input(args.file), args.level, _seed(args.seed))


def cmd_arena(args: argparse.Namespace) -> dict[str, Any]:
    deals = parse_count(args.deals, "--deals", 1, 1_000_000)
    jobs = parse_count(args.jobs, "--jobs", 0, 256) or (os.cpu_count() or 1)
    progress = None
    if args.progress:
        def progress(done: int, total: int) -> None:
            if done % max(1, total // 20) == 0 or done == total:
                print(f"arena: {done}/{total} deals", file=sys.stderr, flush=True)
    return run_arena(args.candidate, args.field, deals, jobs, _seed(args.seed), progress,
                     parse_rules(args.rules))


def parse_rules(text: str | None) -> Rules:
    """``--rules``: a JSON object of options, or a link's compact form (``p3.crack.blitz``)."""
    if text is None or not text.strip():
        return DEFAULT_RULES
    text = text.strip()
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except ValueError as e:
            raise SheepsheadError(f"--rules is not a JSON object: {e}") from None
        return Rules.from_json(data)
    return Rules.from_code(text)


def add_commands(subparsers: Any) -> None:
    s = subparsers.add_parser("suggest", help="the computer player's choice for the seat to act")
    s.add_argument("file", help="a hand record (or - for standard input)")
    s.add_argument("--level", required=True, help="easy, standard or expert")
    s.add_argument("--seed", default="0", help="the player's seed, a whole number (default 0)")
    s.set_defaults(run=cmd_suggest)
    a = subparsers.add_parser("arena", help="duplicate matches between computer players")
    a.add_argument("--candidate", required=True, help="easy, standard, expert or random")
    a.add_argument("--field", default="standard", help="the four other seats (default standard)")
    a.add_argument("--deals", default="200", help="duplicate deals (default 200)")
    a.add_argument("--jobs", default="0", help="worker processes (default 0: every core)")
    a.add_argument("--seed", default="0", help="arena seed, a whole number (default 0)")
    a.add_argument("--rules", default=None,
                   help="table options: a JSON object ('{\"crack\": true}') or a link's compact "
                        "form (p3.crack.blitz); default the default table")
    a.add_argument("--progress", action="store_true", help="report progress on standard error")
    a.set_defaults(run=cmd_arena)
