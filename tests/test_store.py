"""The store (:mod:`sheepshead.ui.storage.store`) is the only code that touches the browser's
storage, and every key the page keeps is written there once."""

from __future__ import annotations

import ast
from pathlib import Path

from sheepshead.ui.storage import store
from sheepshead.ui.storage.store import (
    BOARDS_KEY,
    GAME_KEY,
    PICTURE_KEY,
    MemoryStorage,
    Shelf,
    StorageFailed,
)

ROOT = Path(__file__).resolve().parent.parent
STORE = ROOT / "sheepshead" / "ui" / "storage" / "store.py"
CALLS = {"get", "set", "remove", "keys"}


def storage_calls(path: Path) -> list[str]:
    """Where ``path`` calls a storage's get/set/remove/keys (``x.storage.get(…)``,
    ``storage.set(…)``)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in CALLS:
            owner = node.func.value
            name = owner.attr if isinstance(owner, ast.Attribute) else \
                owner.id if isinstance(owner, ast.Name) else ""
            if name == "storage":
                out.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return out


def test_only_the_store_module_calls_the_storage():
    files = sorted((ROOT / "sheepshead").rglob("*.py")) + [ROOT / "static" / "main.py"]
    found = [hit for f in files if f != STORE for hit in storage_calls(f)]
    assert found == []
    assert len(storage_calls(STORE)) >= 8          # the check sees the calls where they are


def test_every_key_is_spelled_once_in_the_package():
    """Each key's text is a constant in the store module and nowhere else in the package."""
    keys = [v for k, v in vars(store).items() if k.endswith(("_KEY", "_PREFIX"))
            and isinstance(v, str)]
    assert len(keys) >= 9
    for path in sorted((ROOT / "sheepshead").rglob("*.py")):
        if path == STORE:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        spelled = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)}
        assert not spelled & set(keys), path


class Full(MemoryStorage):
    """Storage that refuses any write while it holds more than ``room`` characters."""

    def __init__(self, items: dict[str, str], room: int) -> None:
        super().__init__(items)
        self.room = room

    def set(self, key: str, text: str) -> None:
        others = sum(len(v) for k, v in self.items.items() if k != key)
        if others + len(text) > self.room:
            raise OSError("QuotaExceededError")
        super().set(key, text)


def test_a_write_refused_for_room_is_tried_again_once_the_picture_gave_way():
    storage = Full({PICTURE_KEY: "p" * 50}, room=60)
    shelf = Shelf(storage)
    shelf._set(GAME_KEY, "g" * 20)
    assert storage.items == {GAME_KEY: "g" * 20}
    try:
        shelf._set(BOARDS_KEY, "b" * 50)            # no picture left to give way
    except StorageFailed as e:
        assert "The boards could not be saved" in str(e)
    else:
        raise AssertionError("a write over the room was not refused")

