"""Saved games in tests: the page's own save written and read back, and the previous
version's ``sheepshead-table/1`` save, which the page still migrates (:mod:`sheepshead.ui.storage.saves`).

The page saves a game with :class:`~sheepshead.ui.storage.saves.GameSave` (the live format) and
its settings apart from it; :func:`reloaded` takes a table through exactly that and back.
:func:`old_save` writes the frozen format of the previous version (the table and its
settings in one object), so the migration can be tested on what real players have stored.
"""

from __future__ import annotations

import dataclasses
import json

from sheepshead.ui.storage.saves import GameSave, read_save
from sheepshead.ui.storage.settings import Settings
from sheepshead.ui.table.table import Table

OLD_FORMAT = "sheepshead-table/1"


def save_text(table: Table) -> str:
    """``table``'s game as the page stores it (revision 1, as a first write sets it)."""
    save = GameSave.of(table.game, table.level, practice=table.practice, hints=table.hints)
    return dataclasses.replace(save, revision=1).to_text()


def reloaded(table: Table, settings: Settings | None = None) -> Table:
    """``table`` saved and read back as the page does on a reload: every action replayed."""
    save = read_save(save_text(table))
    return Table.resume(save.load_game(), settings or table.settings, save.level,
                        save.practice, save.hints)


def old_save(table: Table) -> str:
    """``table`` in the previous version's save format (frozen: only migration reads it)."""
    return json.dumps({"format": OLD_FORMAT, "version": 1, "settings": table.settings.to_json(),
                       "game": table.game.to_json()}, separators=(",", ":"))
