"""A game's link: how a URL fragment names a game, written and read in this one place.

::

    #daily=YYYY-MM-DD                 that day's Daily (always the default table)
    #game=<16 hex>[&rules=<code>]     a New Game, with its table options if any

(``<code>`` is :meth:`~sheepshead.rules.Rules.to_code`'s compact form, ``docs/options.md``.)
:func:`game_link` writes it.  Result links, board links and the page's own links add their
own parameters to the same fragment, so reading is two steps: :func:`fragment_parameters`
splits a fragment into its ``name=value`` parts (ASCII, each name known and given at most
once, in any order) and :func:`seed_of` / :func:`rules_of` read the game from them.  Every
refusal is one line (:class:`~sheepshead.errors.SheepsheadError`).

Standard library only; never imports ``js``, ``pyscript`` or :mod:`sheepshead.ui`.
"""

from __future__ import annotations

import datetime as _dt
from typing import Literal

from .errors import SheepsheadError
from .grammar import Seed, parse_date, parse_game_id, parse_seed, shown
from .rules import DEFAULT_RULES, Rules

__all__ = ["GAME_PARAMETERS", "game_link", "daily_link", "fragment_parameters", "seed_of",
           "rules_of", "game_of_link", "is_daily_link", "is_new_game_link", "classify_fragment",
           "page_base", "Kind"]

GAME_PARAMETERS = ("daily", "game", "rules")
"""The parameters that name a game."""


def game_link(seed: str, rules: Rules = DEFAULT_RULES) -> str:
    """The fragment that names the game ``seed`` played with ``rules``: ``#daily=…`` (a
    Daily is always the default table, so its rules are never written) or
    ``#game=…[&rules=…]``."""
    kind, _, value = str(parse_seed(seed)).partition(":")
    code = rules.to_code() if kind == "game" else ""
    return f"#{kind}={value}" + (f"&rules={code}" if code else "")


def daily_link(day: _dt.date) -> str:
    """The fragment that names the Daily of ``day``: ``#daily=YYYY-MM-DD``."""
    return game_link(str(Seed(date=day)))


def game_of_link(link: str) -> tuple[str, Rules]:
    """The game (its seed and table options) that a game's own link (``#daily=…``,
    ``#game=…[&rules=…]``, with or without the ``#``) names; one line when it names none."""
    params = fragment_parameters(link.removeprefix("#"), GAME_PARAMETERS)
    seed = seed_of(params)
    return seed, rules_of(params, seed)


def is_daily_link(link: str) -> bool:
    """Whether a fragment names a Daily (its first parameter is ``daily=``)."""
    return link.removeprefix("#").startswith("daily=")


def is_new_game_link(link: str) -> bool:
    """Whether a fragment names a New Game (its first parameter is ``game=``)."""
    return link.removeprefix("#").startswith("game=")


Kind = Literal["board", "backup", "result", "game"]
"""What a location hash opens: a board link (it has ``board=``), a backup (``#backup=…``),
a result link (it has ``result=``), or anything else, read as a game's link (an empty or
unreadable one opens the default game, with one line)."""


def classify_fragment(text: str) -> Kind:
    """What the location hash ``text`` (a URL or its fragment) opens (:data:`Kind`): the one
    place the page tells its links apart (:meth:`Session.go
    <sheepshead.ui.page.session.Session.go>`)."""
    fragment = text.partition("#")[2] if "#" in text else text
    names = [part.partition("=")[0] for part in fragment.split("&")]
    if "board" in names:
        return "board"
    if names[0] == "backup":
        return "backup"
    if "result" in names:
        return "result"
    return "game"


def page_base(href: str) -> str:
    """The page's address without its location hash (where a link is built on)."""
    return href.split("#", 1)[0]


def fragment_parameters(text: str, known: tuple[str, ...]) -> dict[str, str]:
    """``text`` (a fragment without ``#``, already ASCII: :func:`~sheepshead.grammar.url_fragment`)
    as its ``name=value`` parameters; refused when a part is empty or not ``name=value``,
    a name is not in ``known`` or is given twice."""
    params: dict[str, str] = {}
    for part in text.split("&"):
        if not part:
            raise SheepsheadError("link: an empty parameter (two & in a row, or & at an end)")
        name, eq, value = part.partition("=")
        if not eq:
            raise SheepsheadError(f"link: {shown(part)} is not name=value")
        if name not in known:
            raise SheepsheadError(f"link: unknown parameter {shown(name)} "
                                  f"(known: {', '.join(known)})")
        if name in params:
            raise SheepsheadError(f"link: {name}= is given twice")
        params[name] = value
    return params


def seed_of(params: dict[str, str]) -> str:
    """The seed of the game the parameters name (``daily=`` or ``game=``)."""
    if "daily" in params and "game" in params:
        raise SheepsheadError("link: names two games (both daily= and game=)")
    if "daily" in params:
        value = params["daily"]
        try:
            return str(Seed(date=parse_date(value)))
        except SheepsheadError:
            raise SheepsheadError(f"link: daily={shown(value)} is not a date (YYYY-MM-DD)") \
                from None
    if "game" in params:
        value = params["game"]
        try:
            return str(Seed(game_id=parse_game_id(value)))
        except SheepsheadError:
            raise SheepsheadError(f"link: game={shown(value)} is not 16 hex digits") from None
    raise SheepsheadError("link: names no game (daily= or game=)")


def rules_of(params: dict[str, str], seed: str) -> Rules:
    """The table options the parameters give the game ``seed`` (the default table when
    there is no ``rules=``; a Daily never has one)."""
    if "rules" not in params:
        return DEFAULT_RULES
    if parse_seed(seed).is_daily:
        raise SheepsheadError("link: a Daily is always played on the default table, "
                              "so it has no rules=")
    try:
        return Rules.from_code(params["rules"])
    except SheepsheadError as e:
        raise SheepsheadError(f"rules: {e}") from None
