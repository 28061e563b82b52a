"""The page's links: a location hash names the game to open and its table options.

* ``#daily=YYYY-MM-DD`` — that day's Daily (always the default table);
* ``#game=<16 hex>`` — that game on the default table;
* ``#game=<16 hex>&rules=<options>`` — that game with those options, in the compact form of
  :meth:`~sheepshead.rules.Rules.to_code` / :meth:`~sheepshead.rules.Rules.from_code`
  (see ``docs/options.md``).

Pure Python, no ``js``: :func:`parse_link` reads a hash, :func:`hash_of` writes one.
"""

from __future__ import annotations

import datetime as _dt
import re

from ..deals import check_seed, daily_seed
from ..errors import SheepsheadError
from ..rules import DEFAULT_RULES, Rules

__all__ = ["parse_link", "parse_hash", "hash_of"]

_DAILY_HASH = re.compile(r"^daily=(\d{4}-\d{2}-\d{2})$")
_GAME_HASH = re.compile(r"^game=([0-9a-fA-F]{16})(?:&rules=(.*))?$")


def parse_link(fragment: str, today: _dt.date) -> tuple[str | None, Rules, str | None]:
    """The seed and table options a location hash asks for, and a message when it is bad.

    ``""`` → ``(None, DEFAULT_RULES, None)`` (no link: resume or today's Daily);
    ``#daily=2026-11-30`` → the Daily (always the default table);
    ``#game=0123456789abcdef`` → that game on the default table;
    ``#game=0123456789abcdef&rules=p3.crack`` → that game with those options;
    anything else (a bad rules part included) → today's Daily and a message saying what
    was wrong.
    """
    text = (fragment or "").strip()
    if text.startswith("#"):
        text = text[1:]
    if not text:
        return None, DEFAULT_RULES, None
    m = _DAILY_HASH.match(text)
    if m:
        try:
            return check_seed(f"daily:{m[1]}"), DEFAULT_RULES, None
        except SheepsheadError:
            pass
    m = _GAME_HASH.match(text)
    if m:
        seed = f"game:{m[1].lower()}"
        if m[2] is None:
            return seed, DEFAULT_RULES, None
        try:
            return seed, Rules.from_code(m[2]), None
        except SheepsheadError as e:
            return daily_seed(today), DEFAULT_RULES, (
                f"The link's table options could not be read ({e}), so here is today's "
                f"Daily.")
    shown = text if len(text) <= 40 else text[:40] + "…"
    return daily_seed(today), DEFAULT_RULES, (
        f"The link “#{shown}” names no game (expected #daily=YYYY-MM-DD "
        f"or #game= and 16 hex digits), so here is today's Daily.")


def parse_hash(fragment: str, today: _dt.date) -> tuple[str | None, str | None]:
    """:func:`parse_link` without the options: ``(seed, message)``."""
    seed, _, message = parse_link(fragment, today)
    return seed, message


def hash_of(seed: str, rules: Rules = DEFAULT_RULES) -> str:
    """The location hash that opens ``seed`` with ``rules`` (a Daily is always default)."""
    kind, _, value = seed.partition(":")
    code = rules.to_code() if kind == "game" else ""
    return f"#{kind}={value}" + (f"&rules={code}" if code else "")
