"""A save per game: each Daily date and the current New Game kept apart, safely.

Pure Python, through the store (:mod:`.store`, which owns every key and is the only code
that touches the storage).  Keys: ``sheepshead.daily.YYYY-MM-DD`` (that date's Daily,
:func:`daily_key`), ``sheepshead.game`` (the current New Game) and ``sheepshead.settings``
(apart from any game, so they survive every game; two tabs' settings merge field by field:
:func:`merge_settings`).

A game's save (:class:`GameSave`, JSON ``sheepshead-save/1``) carries a **revision**
and the id of the tab that wrote it.  :class:`SaveStore` remembers the revision it last
read or wrote for each key, so :meth:`SaveStore.save` refuses (:class:`SaveConflict`)
instead of overwriting a save that another tab moved on since, and
:meth:`SaveStore.external_change` recognises another tab's ``storage`` event ("This game
went on in another tab — Reload").  Refused storage (blocked, full) surfaces as
:class:`StorageFailed`; nothing here holds the game in memory, so play goes on.
:meth:`SaveStore.migrate` moves the previous version's ``sheepshead.save`` and
``sheepshead.save.previous`` (``sheepshead-table/1``) to the new keys, losing nothing.
See ``docs/daily.md`` ("Saves") for the decisions.  Standard library only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace

from ...bots.versions import LEVELS
from ...errors import SheepsheadError
from ...game import Game
from ...grammar import date_of_seed, parse_seed, seed_or_none
from .jsontext import MAX_DEPTH, MAX_SAVE_CHARS, check_format, parse_json
from .store import (
    DAILY_PREFIX,
    GAME_KEY,
    OLD_PREVIOUS_KEY,
    OLD_SAVE_KEY,
    RESULTS_KEY,
    SET_ASIDE_FORMAT,
    SET_ASIDE_PREFIX,
    SETTINGS_KEY,
    MemoryStorage,
    Owners,
    SaveError,
    Shelf,
    StaleWrite,
    Storage,
    StorageFailed,
    daily_key,
    date_of_key,
    new_tab_id,
    set_aside,
    what_is_kept,
)

__all__ = [
    "Storage", "MemoryStorage", "GameSave", "SaveStore",
    "SaveError", "StorageFailed", "SaveConflict",
    "GAME_KEY", "SETTINGS_KEY", "RESULTS_KEY", "DAILY_PREFIX", "SET_ASIDE_PREFIX",
    "OLD_SAVE_KEY", "OLD_PREVIOUS_KEY", "SAVE_FORMAT", "SETTINGS_FORMAT", "SET_ASIDE_FORMAT",
    "MAX_SAVE_CHARS", "MAX_DEPTH", "LEVELS", "parse_json", "daily_key", "key_of_seed",
    "date_of_key", "read_save", "read_settings", "settings_text", "stamp_changes",
    "merge_settings", "Stamp", "set_aside", "new_tab_id", "Shelf", "in_progress",
]

SAVE_FORMAT = "sheepshead-save/1"
SETTINGS_FORMAT = "sheepshead-settings/1"
OLD_FORMAT = "sheepshead-table/1"
_READ_ERRORS = (SheepsheadError, TypeError, ValueError, KeyError, AttributeError, IndexError,
                RecursionError)
"""What replaying foreign JSON may raise (SheepsheadError is a ValueError; RecursionError
comes from deeply nested JSON)."""


class SaveConflict(SaveError):
    """The stored save of this game moved on since this tab read it (another tab played
    on, or a different game was started there): it is left as it is.  ``stored`` is that
    save (None when it is unreadable)."""

    def __init__(self, message: str, key: str, stored: GameSave | None) -> None:
        super().__init__(message, key)
        self.stored = stored


# -------------------------------------------------------------------- keys
def key_of_seed(seed: str) -> str:
    """Where the game of ``seed`` is saved: a Daily under its date, any New Game under
    :data:`GAME_KEY` (there is one current New Game)."""
    day = parse_seed(seed).date
    return GAME_KEY if day is None else daily_key(day)


def in_progress(game: Game) -> bool:
    """At least one action taken and the game not over: leaving it (New Game, an import over
    it) asks first, and a backup carries it."""
    return not game.is_over and any(h.history for h in game.hands)


# -------------------------------------------------------------------- save
@dataclass(frozen=True)
class GameSave:
    """One game's save: its actions (``game``, :meth:`Game.to_json
    <sheepshead.game.Game.to_json>`), the computer players' level it is played
    against, whether it is a Daily's practice, whether hints were used, and the
    revision stamp (:attr:`revision`, :attr:`tab`) that :class:`SaveStore` sets.
    ``extra`` keeps fields a newer version wrote, to write them back unchanged."""

    game: dict[str, object]
    level: str
    practice: bool = False
    hints: bool = False
    revision: int = 0
    tab: str = ""
    extra: dict[str, object] = field(default_factory=dict)

    @classmethod
    def of(cls, game: Game, level: str, *, practice: bool = False,
           hints: bool = False) -> GameSave:
        """The save of ``game`` (its revision is set when :meth:`SaveStore.save` writes it)."""
        if level not in LEVELS:
            raise SheepsheadError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
        if practice and date_of_seed(game.seed) is None:
            raise SheepsheadError("only a Daily is played as practice")
        data: dict[str, object] = game.to_json()
        return cls(data, level, practice, hints)

    @property
    def seed(self) -> str:
        return str(self.game.get("seed"))

    @property
    def key(self) -> str:
        return key_of_seed(self.seed)

    @property
    def is_daily(self) -> bool:
        return date_of_seed(self.seed) is not None

    def load_game(self) -> Game:
        """The game, every action replayed and checked (raises SheepsheadError if off)."""
        return _replay(self.game)

    def in_progress(self) -> bool:
        """The saved game is :func:`in_progress`."""
        return in_progress(self.load_game())

    def to_text(self) -> str:
        data: dict[str, object] = dict(self.extra)
        data.update({"format": SAVE_FORMAT, "revision": self.revision, "tab": self.tab,
                     "level": self.level, "practice": self.practice, "hints": self.hints,
                     "game": self.game})
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


_SAVE_FIELDS = ("format", "revision", "tab", "level", "practice", "hints", "game")


def read_save(text: str) -> GameSave:
    """A :class:`GameSave` from its stored text, every action replayed and checked;
    anything corrupt, foreign or from a newer format raises SheepsheadError (one line)."""
    data = _json_object(text, "saved game")
    check_format(data, SAVE_FORMAT, "saved game")
    revision, tab, level = data.get("revision"), data.get("tab"), data.get("level")
    practice, hints, game = data.get("practice"), data.get("hints"), data.get("game")
    if not isinstance(revision, int) or isinstance(revision, bool) or revision < 1:
        raise SheepsheadError("saved game: revision must be a whole number from 1")
    if not isinstance(tab, str) or len(tab) > 64:
        raise SheepsheadError("saved game: tab must be a short text")
    if level not in LEVELS:
        raise SheepsheadError(f"saved game: unknown level {str(level)[:20]!r}")
    if not isinstance(practice, bool) or not isinstance(hints, bool):
        raise SheepsheadError("saved game: practice and hints must be true or false")
    if not isinstance(game, dict):
        raise SheepsheadError("saved game: game must be an object")
    checked = _replay(game)
    if practice and date_of_seed(checked.seed) is None:
        raise SheepsheadError("saved game: only a Daily is played as practice")
    extra = {k: v for k, v in data.items() if k not in _SAVE_FIELDS}
    return GameSave(game, str(level), practice, hints, revision, tab, extra)


Stamp = tuple[int, str]
"""When a setting was last changed: (a Lamport clock, the id of the tab that changed it).  Two
tabs' settings merge field by field, the higher stamp winning (:func:`merge_settings`)."""
_NO_STAMP: Stamp = (0, "")
_MAX_CLOCK = 2**31


def read_settings(text: str) -> tuple[dict[str, object], dict[str, Stamp]]:
    """The settings object of a stored ``sheepshead-settings/1`` text (bounded JSON) and the
    stamps of its fields (those that are not a short key with a whole number and a tab id
    are left out: that field then counts as never changed); anything else raises
    SheepsheadError (one line).  The values are checked by :meth:`Settings.from_json
    <sheepshead.ui.storage.settings.Settings.from_json>`."""
    data = _json_object(text, "settings")
    settings = data.get("settings")
    if data.get("format") != SETTINGS_FORMAT or not isinstance(settings, dict):
        raise SheepsheadError(f"settings: not a {SETTINGS_FORMAT} object")
    stamps: dict[str, Stamp] = {}
    raw = data.get("stamps")
    if isinstance(raw, dict):
        for key, stamp in raw.items():
            if (isinstance(key, str) and len(key) <= 32 and key in settings
                    and isinstance(stamp, list) and len(stamp) == 2
                    and isinstance(stamp[0], int) and not isinstance(stamp[0], bool)
                    and 0 < stamp[0] < _MAX_CLOCK and isinstance(stamp[1], str)
                    and len(stamp[1]) <= 16 and stamp[1].isascii() and stamp[1].isalnum()):
                stamps[key] = (stamp[0], stamp[1])
    return settings, stamps


def settings_text(settings: dict[str, object], stamps: dict[str, Stamp]) -> str:
    """The stored text of a settings object and its fields' stamps."""
    return json.dumps({"format": SETTINGS_FORMAT, "settings": settings,
                       "stamps": {k: list(v) for k, v in sorted(stamps.items())}},
                      separators=(",", ":"), ensure_ascii=False)


def stamp_changes(before: dict[str, object], after: dict[str, object],
                  stamps: dict[str, Stamp], tab: str) -> dict[str, Stamp]:
    """``stamps`` with every field that differs between ``before`` and ``after`` stamped as
    changed now by ``tab`` (one tick past the newest stamp known)."""
    changed = [k for k in after if after[k] != before.get(k)]
    if not changed:
        return stamps
    tick = min(_MAX_CLOCK - 1, 1 + max((c for c, _ in stamps.values()), default=0))
    return {**stamps, **{k: (tick, tab) for k in changed}}


def merge_settings(ours: dict[str, object], our_stamps: dict[str, Stamp],
                   theirs: dict[str, object], their_stamps: dict[str, Stamp]
                   ) -> tuple[dict[str, object], dict[str, Stamp]]:
    """Two tabs' settings merged field by field: the value with the higher stamp (theirs
    when neither was stamped).  The same in whichever tab, in whichever order it is done."""
    values: dict[str, object] = {}
    stamps: dict[str, Stamp] = {}
    for key in {**theirs, **ours}:
        mine, other = our_stamps.get(key, _NO_STAMP), their_stamps.get(key, _NO_STAMP)
        if key in ours and (key not in theirs or mine > other):
            values[key], stamp = ours[key], mine
        else:
            values[key], stamp = theirs[key], other
        if stamp != _NO_STAMP:
            stamps[key] = stamp
    return values, stamps


def _json_object(text: str, what: str) -> dict[str, object]:
    data = parse_json(text, what)
    if not isinstance(data, dict):
        raise SheepsheadError(f"{what}: not a JSON object")
    return data


def _replay(data: object) -> Game:
    """A saved game's :class:`Game`: every action replayed and checked."""
    try:
        game = Game.from_json(data)
    except _READ_ERRORS as e:
        message = str(e).splitlines()[0][:200] if str(e) else type(e).__name__
        if not isinstance(e, SheepsheadError):
            message = f"{type(e).__name__}: {message}"
        prefix = "" if message.startswith("saved game") else "saved game: "
        raise SheepsheadError(prefix + message) from None
    for hand in game.hands[:-1]:
        if not hand.is_over:
            raise SheepsheadError("saved game: an earlier hand is unfinished")
    return game


def _read_old(text: str) -> tuple[GameSave, object]:
    """The previous version's ``sheepshead-table/1`` save: the game (at the level it was
    played) and its settings object as it was stored."""
    data = _json_object(text, "old saved game")
    if data.get("format") != OLD_FORMAT:
        raise SheepsheadError(f"old saved game: not a {OLD_FORMAT} object")
    if data.get("version") != 1:
        raise SheepsheadError(f"old saved game: unknown version {str(data.get('version'))[:20]}")
    game = data.get("game")
    _replay(game)
    settings = data.get("settings")
    level = settings.get("level") if isinstance(settings, dict) else None
    if level not in LEVELS:
        level = "standard"          # the previous version's default
    assert isinstance(game, dict) and isinstance(level, str)
    return GameSave(game, level), settings


# ------------------------------------------------------------------- store
class SaveStore(Shelf):
    """The games' saves in one :class:`Storage`, as seen by one tab.

    Every method that finds something unreadable sets it aside and adds a
    one-line notice (:meth:`take_notices`); writes raise :class:`StorageFailed`
    or :class:`SaveConflict` and change nothing else."""

    def __init__(self, storage: Storage, tab: str | None = None) -> None:
        super().__init__(storage, Owners(tab))
        self.tab = self.owners.tab
        self._seen: dict[str, tuple[int, str]] = {}
        """(revision, tab) of each key as this tab last read or wrote it."""

    def load(self, key: str) -> GameSave | None:
        """The save under ``key``, or None when there is none, when it could not be read
        (it is set aside, with a notice) or when storage refused (a notice; the key is
        then not known to this tab, so a later :meth:`save` refuses to overwrite it)."""
        try:
            text = self._get(key)
        except StorageFailed as e:
            self._seen.pop(key, None)
            self._notices.append(f"{e}.")
            return None
        if text is None:
            self._seen[key] = (0, "")
            return None
        try:
            save = read_save(text)
            if save.key != key:
                raise SheepsheadError(f"saved game: belongs under {save.key}, not {key}")
        except SheepsheadError as e:
            self._seen.pop(key, None)
            if self._put_aside(key, text, str(e)):
                self._seen[key] = (0, "")
            return None
        self._seen[key] = (save.revision, save.tab)
        return save

    def save(self, save: GameSave, *, replace_game: bool = False) -> GameSave:
        """Write ``save`` under its key as the next revision, stamped with this tab; the
        save as written.

        Refuses with :class:`SaveConflict` when the stored save is not the one this tab
        last read or wrote (another tab played on, or started another game there), unless
        ``replace_game`` (the player chose to start this game over or to start another:
        a New Game after the player was asked whether to leave one :func:`in_progress`,
        or a Daily's practice).
        Something unreadable in the way is set aside first.  Raises
        :class:`StorageFailed` when storage refuses."""
        key = save.key
        text = self._get(key)
        stored: GameSave | None = None
        stamp = (0, "")
        if text is not None:
            try:
                stored = read_save(text)
                stamp = (stored.revision, stored.tab)
            except SheepsheadError as e:
                if self._set_aside(key, text, str(e)) is None:
                    raise StorageFailed(f"{key} holds something unreadable that could not "
                                        f"be set aside", key) from None
        seen = self._seen.get(key)
        if stored is not None and not replace_game and seen != stamp:
            if seen is None:
                raise SaveConflict(f"{what_is_kept(key)} is already saved (revision {stamp[0]}): "
                                   f"load it first", key, stored)
            raise SaveConflict(f"{what_is_kept(key)} went on in another tab (revision {stamp[0]}): "
                               f"reload it to go on", key, stored)
        revision = 1 + max(stamp[0], seen[0] if seen else 0)
        written = replace(save, revision=revision, tab=self.tab)
        self._set(key, written.to_text())
        self._seen[key] = (revision, self.tab)
        return written

    def forget(self, key: str) -> None:
        """Stop treating ``key`` as open in this tab (e.g. after leaving that game)."""
        self._seen.pop(key, None)

    def external_change(self, key: str | None, new_text: str | None) -> bool:
        """For the browser's ``storage`` event (``event.key``, ``event.newValue``): True when
        it is another tab's change to a game this tab has open (read or written here), so
        the page should say "This game went on in another tab — Reload" and stop saving
        until it reloads.  A cleared storage (``key`` None) counts for every open game."""
        if key is None:
            return bool(self._seen)
        if key not in self._seen:
            return False
        seen = self._seen[key]
        if new_text is None:
            return seen != (0, "")
        try:
            data = parse_json(new_text, "storage event")
        except SheepsheadError:
            data = None
        if not isinstance(data, dict):
            return True
        return (data.get("revision"), data.get("tab")) != seen

    def peek(self, key: str) -> GameSave | None:
        """The save under ``key`` when it can be read, without taking it as this tab's
        (nothing is set aside or remembered; None for anything else)."""
        try:
            text = self._get(key)
            return None if text is None else read_save(text)
        except SheepsheadError:                 # StorageFailed too
            return None

    # ----------------------------------------------------------- settings
    def load_settings(self) -> dict[str, object]:
        """The settings object as the page last saved it (``{}`` when none or unreadable;
        unreadable settings are set aside with a notice)."""
        return self.load_stamped_settings()[0]

    def load_stamped_settings(self) -> tuple[dict[str, object], dict[str, Stamp]]:
        """:meth:`load_settings` and the stamps of its fields."""
        try:
            text = self._read_value(SETTINGS_KEY)
        except StorageFailed as e:
            self._notices.append(f"{e}.")
            return {}, {}
        if text is None:
            return {}, {}
        try:
            return read_settings(text)
        except SheepsheadError as e:
            if self._put_aside(SETTINGS_KEY, text, str(e)):
                self.owners.read[SETTINGS_KEY] = (0, "")
            return {}, {}

    def save_settings(self, settings: dict[str, object],
                      stamps: dict[str, Stamp] | None = None) -> None:
        """Save the settings object with its fields' stamps (none: no field counts as
        changed; the page merges another tab's write by them: :func:`merge_settings`), a
        compare-and-set against the settings this tab last read or wrote: where another tab
        wrote them since, its write is merged in field by field and the merge written (its
        storage event merges it into this tab's settings too).  Raises
        :class:`StorageFailed`."""
        stamps = stamps or {}
        for _ in range(3):
            try:
                self._write_value(SETTINGS_KEY, settings_text(settings, stamps))
                return
            except StaleWrite:
                text = self._read_value(SETTINGS_KEY)
                try:
                    theirs, their_stamps = read_settings(text) if text is not None else ({}, {})
                except SheepsheadError:
                    theirs, their_stamps = {}, {}
                settings, stamps = merge_settings(settings, stamps, theirs, their_stamps)
        raise StorageFailed("The settings kept changing in another tab: not saved", SETTINGS_KEY)

    # ----------------------------------------------------------- migration
    def migrate(self) -> list[str]:
        """Move the previous version's saves to the new keys; one-line notices of what
        was set aside or failed (none when all went well or there was nothing to move).

        ``sheepshead.save`` (newer) and ``sheepshead.save.previous`` (older): a Daily goes
        to its date's key, a New Game to :data:`GAME_KEY` (the newer wins; the other is
        set aside), the settings of the newer readable one to :data:`SETTINGS_KEY` unless
        settings are already there.  A save already under the new key is never replaced
        (the old one is set aside instead).  Anything unreadable is set aside.  An old key
        is removed only once its text is safely elsewhere; if storage refuses, the old
        keys stay and migration runs again next time."""
        before = len(self._notices)
        try:
            self._migrate()
        except StorageFailed as e:
            self._notices.append(f"The previous version's saved games could not be moved yet: {e}")
        out = self._notices[before:]
        del self._notices[before:]
        return out

    def old_save_is_a_new_game(self) -> bool:
        """Whether the previous version's one save (the game it had open) is a New Game."""
        text = self.text(OLD_SAVE_KEY)
        try:
            data = parse_json(text, "old save") if text is not None else None
        except SheepsheadError:
            return False
        game = data.get("game") if isinstance(data, dict) else None
        seed = seed_or_none(game.get("seed")) if isinstance(game, dict) else None
        return seed is not None and not seed.is_daily

    def _migrate(self) -> None:
        found = [(old, text) for old in (OLD_SAVE_KEY, OLD_PREVIOUS_KEY)
                 if (text := self._get(old)) is not None]
        if not found:
            return
        placed: dict[str, bool] = {}
        games: list[tuple[str, str, GameSave]] = []
        settings: dict[str, object] | None = None
        for old, text in found:                     # the newer first
            try:
                game, old_settings = _read_old(text)
            except SheepsheadError as e:
                placed[old] = self._set_aside(old, text, str(e)) is not None
                continue
            games.append((old, text, game))
            if settings is None and isinstance(old_settings, dict):
                settings = old_settings
        if settings is not None and self._get(SETTINGS_KEY) is None:
            self.save_settings(settings)              # first: if this fails, nothing moved
        taken: set[str] = set()
        for old, text, game in games:
            key = game.key
            if key not in taken and self._free_for_migration(key):
                self.save(game)
                self.forget(key)
                taken.add(key)
                placed[old] = True
            else:
                why = ("the newer saved game of the previous version took its place"
                       if key in taken else f"a save is already under {key}")
                placed[old] = self._set_aside(old, text, why) is not None
        for old, ok in placed.items():
            if ok:
                self._drop(old)                     # if refused: moved again next time

    def _free_for_migration(self, key: str) -> bool:
        """Whether an old game may move to ``key``: nothing readable is there (something
        unreadable is set aside first)."""
        readable = self.load(key) is not None
        self.forget(key)
        return not readable and self._get(key) is None

