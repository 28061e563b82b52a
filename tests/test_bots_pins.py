"""Pins of every computer player version: their choices at every table, and real result links.

Each version (``easy``, ``standard-v1`` … ``standard-v7``, ``expert-v1`` … ``expert-v5``) is a
player whose choices never change: Dailies and New Game links of its time are checked against
it.  :func:`digest` (of :mod:`test_bots_frozen`) hashes a version's choices on a fixed set of
positions; this file pins those digests on the default table (the positions of
``bench/bots.py``) and on every option table of ``tests/test_bots_options.py`` (positions of
the same kind: seeded hands played by ``standard-v1``), and checks real result links, played
by the Dailies' and New Games' computer players of their day, move by move.

The digests were printed by ``python3 tests/test_bots_pins.py`` before the versions became
rows of one table (issue 26); the same command prints them again.  In Pyodide (about two
minutes of CPU, so not in ``tests/test_in_pyodide.py``'s list, which has a 15-minute limit):
``node tests/pyodide/run_pytest.mjs -q tests/test_bots_pins.py``; on 2026-12-02 it passed
there before and after the change.
"""

from __future__ import annotations

import datetime as _dt
from functools import cache
from pathlib import Path

import pytest
from test_bots_frozen import bench_positions, decision_views, digest
from test_bots_options import TABLES

from sheepshead.bots import make_player
from sheepshead.bots.seating import computer_choice
from sheepshead.deals import daily_seed
from sheepshead.game import Game
from sheepshead.results import HUMAN_SEAT, check_result, parse_result, result_fragment
from sheepshead.rules import Rules

VERSIONS = ("easy", "standard-v1", "standard-v2", "standard-v3",
            "expert-v1", "expert-v2", "expert-v3", "standard-v4", "expert-v4", "expert-v5",
            "standard-v5", "standard-v6", "standard-v7")
"""Every version, in the order of :data:`_TABLE_PINS`'s columns and :data:`LINKS`'s New Games
(a new version is appended: the older columns and links never move)."""
EXPERT_DECISIONS = 24
"""Expert decisions per option table (its search takes tens of milliseconds each)."""
DEFAULT_EXPERT_DECISIONS = 200
"""On the default table: the spread of ``bench/bots.py --expert-decisions 200``."""

DEFAULT_PINS = {"easy": "afd02fd31d15", "standard-v3": "f8a576268964", "expert-v3": "51ff764cba3f",
                "standard-v4": "9bfb839cc739", "expert-v4": "e5763be009a1",
                "expert-v5": "b13ba50ed83a", "standard-v5": "5291897b1564",
                "standard-v6": "440fc2991746", "standard-v7": "412a4ea8eb3c"}
"""Default table, the positions and spread of ``bench/bots.py`` (``standard-v1``, ``-v2``
and ``expert-v1``, ``-v2`` are pinned there by :mod:`test_bots_frozen`)."""

_TABLE_PINS = """
crack+blitz               f2b96116a756 8aafae11a65d 8aafae11a65d 8362b988c39b 1bf6ae3b5abe b1266f08aed1 c9855545600d 7dbffad7526c c9855545600d c9855545600d 7dbffad7526c 12355a915aac 24e29b5fa1b4
dealer-picks              3d0905dbaf5f 185f44ae7271 185f44ae7271 2bb237fadff5 22a2373a3ff9 22a2373a3ff9 b6906059eb35 6656bf50b284 b6906059eb35 b6906059eb35 6656bf50b284 910cb0822b7e 9bc0a3e79b88
doubler                   8e504b68f08b 5a89b4b31cee 5a89b4b31cee 4f61e327bcb9 7cdbe31ef0a1 7c40e264b64a d021b3e06cb2 c0dc3a0a8820 10f213d9fb7e 4f2bd849bcda c0dc3a0a8820 a4c0b59d8dbd ac4661b2e6a8
four-handed               1c9fdfa03c06 0794c37c0bf7 0794c37c0bf7 0d20c2fcce47 a12047c3139d 6954358fb212 9c04084214e0 c716584f7af7 701037a8bfb4 701037a8bfb4 c716584f7af7 a5503c4d2eba 94834bb643b1
four-handed+jack+crack    9d97525b8a87 d40bf99f1e4b d40bf99f1e4b cf9e8db45b1f 37719b7b3306 dfb1f2678959 f3f31ad805e4 3c146e53531e ce482603c51c ce482603c51c 3c146e53531e f9cc498ff553 8fb736597ac3
jack+crack+blitz          6f8d934a478b 84f478cfc12a 84f478cfc12a e9a5619d72ce 77dafcbeecc8 bbc8354b6964 38bc0e5fc6f9 ad555aeeefd6 a277f68e1925 a277f68e1925 ad555aeeefd6 d418d52fc59c 078b7cffaf60
jack-of-diamonds          71d7c68c04bf 66c3e6d131f4 66c3e6d131f4 2f48d35b23bd eac69dc24ce9 ed6266a389cd 62ad5dd89084 83bba1d3e86a ed2054d4fcb5 ed2054d4fcb5 83bba1d3e86a aeef10b6a59e 0474a6656ea8
leaster-options           e056e38db2b1 a4271c0d78a4 a4271c0d78a4 3bc393eb8e2a 2c5cdfb71208 2c5cdfb71208 8f25e4933b53 01e79914b5da 8f25e4933b53 8f25e4933b53 01e79914b5da 3037906d8603 59c4a217a805
no-bump+schwarz           37d369945ed3 a4271c0d78a4 a4271c0d78a4 3bc393eb8e2a 2c5cdfb71208 e5b1a3a4c33e e5b1a3a4c33e 01e79914b5da e5b1a3a4c33e e5b1a3a4c33e 01e79914b5da 3037906d8603 59c4a217a805
three-handed              c6c36dec2b04 ef409277f29b ef409277f29b 22182c4643f9 607e2773134d 1b808d9cada1 2ced22192034 cc2aed84bc2d 1de8c622b987 1de8c622b987 cc2aed84bc2d 1e43de1edb10 8b2fbdc1ef77
three-handed+crack+blitz  626c234534b2 76811405fda2 76811405fda2 27a81f0188fe 5774ae81f711 ff2cde7b63c2 1591b9d004b8 a1c4601b1e5d a955c73c217c a955c73c217c a1c4601b1e5d c2da09b1c7ff ed615cef929e
random-field              da7ccf6f7b4e be07380cda99 ce4fe0c730fa 39c8f17a1a03 04dc676d255b af6562e4606d 54b555517522 39c8f17a1a03 6291068f4252 6291068f4252 ec2c29941f28 b229bae7c513 b5aeb2e62a75
"""
TABLE_PINS = {row[0]: dict(zip(VERSIONS, row[1:], strict=True))
              for row in map(str.split, _TABLE_PINS.strip().splitlines())}
"""Option table (or :data:`RANDOM_FIELD`) → version → digest of its choices on
:func:`table_positions`."""

LINKS = Path(__file__).with_name("pins") / "links.txt"
"""Result links, one a line: Dailies of 2026-11-30 … 2026-12-03 and New Games of every version
(in :data:`VERSIONS`' order: a new version's game is appended)."""


RANDOM_FIELD = "random-field"
"""Not an option table: the default table, three hands played by random players, where a
picker's face-down unknown card leads a trick (``standard-v1`` and ``-v2`` read it apart)."""


@cache
def table_positions(name: str) -> list:
    """Every decision with a choice in eight seeded hands at table ``name``, played by
    ``standard-v1`` (:data:`RANDOM_FIELD`: its three hands)."""
    if name == RANDOM_FIELD:
        rules, base, hands, field = Rules(), 0x51c, (425, 836, 929), "random"
    else:
        rules, base, hands, field = Rules.from_json(TABLES[name]), 0x9175, tuple(range(8)), "standard-v1"
    return decision_views(base, hands, rules, field)


def spread(views: list, limit: int) -> list:
    """At most ``limit`` views, evenly through the list (as ``bench/bots.py`` does)."""
    if len(views) <= limit:
        return views
    step = len(views) / limit
    return [views[int(k * step)] for k in range(limit)]


@cache
def _default_positions() -> list:
    return bench_positions()


def default_digest(version: str) -> str:
    views = _default_positions()
    if version.startswith("expert"):
        views = spread(views, DEFAULT_EXPERT_DECISIONS)
    return digest(version, views)


def table_digest(name: str, version: str) -> str:
    views = table_positions(name)
    if version.startswith("expert"):
        views = spread(views, EXPERT_DECISIONS)
    return digest(version, views)


def _expert_slow(versions) -> list:
    """The versions as parameters, the Experts' marked slow: a second of search a table each
    (the fast tier keeps the Experts' sampled digests of tests/test_bots_frozen.py)."""
    return [pytest.param(v, marks=pytest.mark.slow) if v.startswith("expert") else v
            for v in versions]


@pytest.mark.parametrize("version", _expert_slow(sorted(DEFAULT_PINS)))
def test_versions_choose_as_pinned_on_the_default_table(version):
    assert default_digest(version) == DEFAULT_PINS[version]


@pytest.mark.parametrize("version", _expert_slow(VERSIONS))
@pytest.mark.parametrize("name", sorted(TABLE_PINS))
def test_versions_choose_as_pinned_on_every_option_table(name, version):
    assert table_digest(name, version) == TABLE_PINS[name][version]


# ------------------------------------------------------------------ links
def play_link(seed: str, level: str, hands: int, rules: Rules | None = None) -> str:
    """The result link of ``hands`` complete hands of the game of ``seed``: the computer
    seats played by ``level`` as the table plays them (a Daily's word means the version of
    its date), seat 0 by ``standard-v3``; the link names ``level`` on a New Game."""
    game = Game(seed, rules) if rules is not None else Game(seed)
    you = make_player("standard-v3", 3)
    done = 0
    while True:
        state = game.current
        while not state.is_over:
            view = state.view(state.to_act)
            state.apply(you.choose(view) if state.to_act == HUMAN_SEAT else computer_choice(
                level, game.seed, game.hand_number, game.redeal, view, len(state.history)))
        done += 0 if state.result().thrown_in else 1
        if game.is_over or done >= hands:
            break
        game.next_hand()
    word = level.partition("-")[0]
    return result_fragment(game, level=None if seed.startswith("daily:") else word)


def make_links() -> list[str]:
    """The links of :data:`LINKS`: four whole Dailies, and New Games played by each version
    (named by its level word: an old New Game's link)."""
    links = [play_link(daily_seed(_dt.date(2026, 11, 30) + _dt.timedelta(days=d)), "expert", 10)
             for d in range(4)]
    for i, version in enumerate(VERSIONS):
        hands = 3 if version.startswith("expert") else 10
        links.append(play_link("game:%016x" % (0x26a0 + 977 * i), version, hands))
    return links


def _links() -> list[str]:
    return LINKS.read_text(encoding="utf-8").split()


def test_the_pinned_links_are_the_games_of_each_version():
    links = _links()
    assert [link.split("&")[0] for link in links[:4]] == [
        "#daily=2026-11-30", "#daily=2026-12-01", "#daily=2026-12-02", "#daily=2026-12-03"]
    assert len(links) == 4 + len(VERSIONS)


FAST_LINKS = (8, 10)
"""Two New Games (expert-v1's and expert-v3's: three seconds together) run in every tier;
the Dailies and the other versions' games in the full run."""


@pytest.mark.parametrize("index", [i if i in FAST_LINKS else pytest.param(i, marks=pytest.mark.slow)
                                   for i in range(4 + len(VERSIONS))])
def test_pinned_links_check_move_by_move(index):
    link = parse_result(_links()[index])
    check = check_result(link)
    assert check.computer_moves_match is True, check


if __name__ == "__main__":         # print the pins of the code as it is (and write LINKS)
    import sys
    print("DEFAULT_PINS =", {v: default_digest(v) for v in DEFAULT_PINS})
    for name in [*sorted(TABLES), RANDOM_FIELD]:
        print(f"{name:25s}", *(table_digest(name, v) for v in VERSIONS))
    if "--links" in sys.argv:
        LINKS.parent.mkdir(exist_ok=True)
        LINKS.write_text("\n".join(make_links()) + "\n", encoding="utf-8")
