"""``python -m sheepshead``: the engine's command line (``deal``, ``replay``, ``verify``,
``board``).

Output is JSON on standard output.  Bad input exits with status 2 and one
line on standard error, never a traceback.  This module owns the parser; the
computer players' ``suggest`` and ``arena`` come from :mod:`sheepshead.bots_cli`,
which never imports this module.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, NoReturn

from . import bots_cli
from .board import board_of
from .deals import HANDS_PER_GAME, deal
from .errors import SLIPPED_PAST, SheepsheadError, slipped_past_line
from .grammar import parse_count
from .inputs import read_input
from .record import loads, position_json
from .results import check_result, parse_result

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:   # one line, status 2, like every refusal
        raise SheepsheadError(message)


def cmd_deal(args: argparse.Namespace) -> dict[str, Any]:
    hand = parse_count(args.hand, "--hand", 1, HANDS_PER_GAME)
    players = parse_count(args.players, "--players", 3, 5)
    return deal(args.seed, hand, players=players).to_json()


def cmd_replay(args: argparse.Namespace) -> dict[str, Any]:
    return position_json(loads(read_input(args.file)).replay())


def cmd_verify(args: argparse.Namespace) -> dict[str, object]:
    """Check a result link (a whole URL or its fragment; ``-`` reads it from stdin)."""
    text = _read_link(args.link)
    return check_result(parse_result(text), computer_moves=not args.scores_only).to_json()


def cmd_board(args: argparse.Namespace) -> dict[str, object]:
    """The boards of result links (arguments, or ``-``: one or more a line on stdin)."""
    links: list[str] = []
    for arg in args.links:
        links += read_input("-").split() if arg == "-" else [arg]
    boards, refused = board_of(links, computer_moves=not args.scores_only)
    if not boards:
        first = f" ({refused[0].reason})" if refused else ""
        raise SheepsheadError(f"board: no result link could be read{first}")
    return {"boards": [b.to_json() for b in boards], "refused": [r.to_json() for r in refused]}


def _read_link(arg: str) -> str:
    if arg != "-":
        return arg
    data = sys.stdin.buffer.read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise SheepsheadError("link: standard input is not UTF-8 text") from None


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m sheepshead", description="Sheepshead rules engine")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    d = sub.add_parser("deal", help="print a deal as JSON")
    d.add_argument("--seed", required=True, help="daily:YYYY-MM-DD or game:<16 hex>")
    d.add_argument("--hand", default="1", help="hand number, 1 to 10 (default 1)")
    d.add_argument("--players", default="5", help="players at the table: 3, 4 or 5 (default 5)")
    d.set_defaults(run=cmd_deal)
    r = sub.add_parser("replay", help="replay a hand record (FILE or - for stdin)")
    r.add_argument("file")
    r.set_defaults(run=cmd_replay)
    v = sub.add_parser("verify", help="check a result link (URL, fragment, or - for stdin)")
    v.add_argument("link", help="a result link: the whole URL or its #fragment; - for stdin")
    v.add_argument("--scores-only", action="store_true",
                   help="check the actions and scores only, not the computer moves")
    v.set_defaults(run=cmd_verify)
    b = sub.add_parser("board", help="rank the result links of a game (a Daily's friends, a "
                                     "league) as JSON")
    b.add_argument("links", nargs="+", help="result links (URLs or fragments); - reads them "
                                            "from stdin, whitespace-separated")
    b.add_argument("--scores-only", action="store_true",
                   help="check the actions and scores only, not the computer moves")
    b.set_defaults(run=cmd_board)
    bots_cli.add_commands(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    """Run one command; 0 with JSON on standard output, or 2 and one line on standard error
    for anything refused.  The boundary of outside input: nothing read from an argument, a
    file or standard input reaches a traceback (``SHEEPSHEAD_TRACEBACK=1`` shows one for an
    error of :data:`~sheepshead.errors.SLIPPED_PAST`, to debug a bound)."""
    try:
        args = build_parser().parse_args(argv)
        out = args.run(args)
    except SheepsheadError as e:
        print(str(e), file=sys.stderr)
        return 2
    except SLIPPED_PAST as e:
        if os.environ.get("SHEEPSHEAD_TRACEBACK"):
            raise
        print(slipped_past_line("input", e), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    if out is not None:
        sys.stdout.write(dump(out) + "\n")
    return 0


def dump(obj: dict[str, Any]) -> str:
    """JSON with one top-level key per line and each value on one line: easy to read and diff."""
    if not isinstance(obj, dict) or not obj:
        return json.dumps(obj)
    lines = [f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in obj.items()]
    return "{\n" + ",\n".join(lines) + "\n}"
