"""The page's links: a location hash names the game to open and its table options.

* ``#daily=YYYY-MM-DD`` — that day's Daily (always the default table);
* ``#game=<16 hex>`` — that game on the default table;
* ``#game=<16 hex>&rules=<options>`` — that game with those options, in the compact form of
  :meth:`~sheepshead.rules.Rules.to_code` / :meth:`~sheepshead.rules.Rules.from_code`
  (see ``docs/options.md``).

Pure Python, no ``js``: :func:`parse_link` reads a hash as the page opens it (a link that
names no game, or bad options, opens today's Daily with a message saying why), and
:func:`hash_of` writes one.  The grammar itself is :mod:`sheepshead.links`, in one place.
"""

from __future__ import annotations

import datetime as _dt

from ...deals import daily_seed
from ...errors import SheepsheadError
from ...grammar import url_fragment
from ...links import GAME_PARAMETERS, fragment_parameters, game_link, rules_of, seed_of
from ...rules import DEFAULT_RULES, Rules

__all__ = ["parse_link", "hash_of"]


def parse_link(fragment: str, today: _dt.date) -> tuple[str | None, Rules, str | None]:
    """The seed and table options a location hash asks for, and a message when it is bad.

    ``""`` → ``(None, DEFAULT_RULES, None)`` (no link: resume or today's Daily);
    ``#daily=2026-11-30`` → the Daily (always the default table);
    ``#game=0123456789abcdef`` → that game on the default table;
    ``#game=0123456789abcdef&rules=p3.crack`` → that game with those options;
    anything else (a bad rules part included) → today's Daily and a message saying what
    was wrong.
    """
    try:
        text = url_fragment("#" + (fragment or "").lstrip().removeprefix("#"))
    except SheepsheadError:
        text = "…"                  # far too long: named as "#…" below
    if not text:
        return None, DEFAULT_RULES, None
    try:
        params = fragment_parameters(text, GAME_PARAMETERS)
        seed = seed_of(params)
    except SheepsheadError:
        pass
    else:
        try:
            return seed, rules_of(params, seed), None
        except SheepsheadError as e:
            return daily_seed(today), DEFAULT_RULES, (
                f"The link's table options could not be read ({e}), so here is today's "
                f"Daily.")
    shown = text if len(text) <= 40 else text[:40] + "…"
    return daily_seed(today), DEFAULT_RULES, (
        f"The link “#{shown}” names no game (expected #daily=YYYY-MM-DD "
        f"or #game= and 16 hex digits), so here is today's Daily.")


def hash_of(seed: str, rules: Rules = DEFAULT_RULES) -> str:
    """The location hash that opens ``seed`` with ``rules`` (a Daily is always default):
    :func:`sheepshead.links.game_link`, the one writer of game links."""
    return game_link(seed, rules)
