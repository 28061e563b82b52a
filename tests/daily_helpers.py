"""Helpers for the Daily's tests: saves of Dailies (nearly) played out, made with the engine
and the same computer players as the page, to put in storage before the page opens.

A save is what :class:`~sheepshead.ui.storage.saves.SaveStore` writes (``sheepshead-save/1``,
revision 1).  ``nearly_finished`` stops in hand ten when it is your turn to play with
``cards_left`` cards in your hand, so a test plays the last cards in the page itself.
``play`` plays a game on with seeded random legal actions, for the tests of the Daily's
logic, of backups and of the backup page.
"""

from __future__ import annotations

import datetime as _dt
import json
import random
from dataclasses import replace
from functools import cache

from sheepshead.deals import daily_seed
from sheepshead.game import Game
from sheepshead.position import Phase
from sheepshead.ui.storage.saves import GameSave, daily_key
from sheepshead.ui.storage.settings import Settings
from sheepshead.ui.table.table import Table

DAILY_LEVEL = "expert"


def save_text(table: Table, practice: bool = False) -> str:
    """The save of ``table``'s game as :class:`SaveStore` writes it (revision 1)."""
    save = GameSave.of(table.game, table.level, practice=practice)
    return replace(save, revision=1, tab="seeded").to_text()


@cache
def played_table(day: _dt.date, level: str = DAILY_LEVEL, cards_left: int = 0) -> Table:
    """The Daily of ``day`` played with seat 0 taking its first legal action, up to hand ten
    with ``cards_left`` cards in your hand at your turn to play (0: to the end)."""
    t = Table(daily_seed(day), Settings(speed="instant"), level=level)
    while True:
        while not t.hand.is_over:
            if (cards_left and t.game.hand_number == 10 and t.human_turn
                    and t.hand.phase is Phase.PLAY
                    and len(t.seat_view().hand) <= cards_left):
                return t
            if t.human_turn:
                t.act(t.seat_view().legal[0])
            else:
                t.step()
        if t.game.is_over:
            return t
        t.next_hand()


def nearly_finished(day: _dt.date, cards_left: int = 1, level: str = DAILY_LEVEL) -> str:
    """The save text of ``day``'s Daily, to play its last ``cards_left`` cards in the page."""
    return save_text(played_table(day, level, cards_left))


def seed_script(items: dict[str, str], once: str = "seeded") -> str:
    """An init script putting ``items`` in localStorage once per tab session (a reload does
    not put them back)."""
    sets = " ".join(f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)});"
                    for k, v in items.items())
    return (f"if (!sessionStorage.getItem({json.dumps(once)})) {{"
            f" sessionStorage.setItem({json.dumps(once)}, '1'); {sets} }}")


def daily_items(day: _dt.date, cards_left: int = 1, level: str = DAILY_LEVEL,
                speed: str = "instant") -> dict[str, str]:
    """localStorage items: the nearly finished Daily of ``day`` and the settings (speed)."""
    settings = json.dumps({"format": "sheepshead-settings/1",
                           "settings": {"speed": speed}})
    return {daily_key(day): nearly_finished(day, cards_left, level),
            "sheepshead.settings": settings}


def play(game: Game, actions: int | None = None, seed: int = 1) -> Game:
    """Play ``game`` on with seeded random legal actions (all seats): ``actions`` of them,
    or to the end."""
    rng = random.Random(seed)
    done = 0
    while actions is None or done < actions:
        if game.current.is_over:
            if game.is_over:
                break
            game.next_hand()
        state = game.current
        state.apply(rng.choice(state.legal_actions()))
        done += 1
    return game
