"""The player's settings: computer level and table options for the next New Game, animation
speed, deck colours, motion, the name shown on shared results, the points chip and auto-play.
Saved apart from any game (``sheepshead.settings``, :meth:`Settings.to_json`).

Pure Python, no ``js``.  A value is checked when it is set; a bad one raises
:class:`~sheepshead.errors.SheepsheadError` saying what was wrong.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass, fields, replace
from typing import Any

from ...bots.versions import LEVELS
from ...errors import SheepsheadError
from ...results import MAX_NAME, clean_name
from ...rules import DEFAULT_RULES, PartnerBy, Rules
from ..help.glossary import GLOSSARY

__all__ = ["LEVELS", "SPEEDS", "LOOK_CLASSES", "Settings"]

SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.45, "instant": 0.0}
"""Animation pace: a factor on the base durations (0 = no animation at all)."""

LOOK_CLASSES = ("four-colour", "reduced-motion")
"""The page's body classes that the look's settings set (:meth:`Settings.look`); the table's
picture keeps them, and static/picture.js puts back only these (build.py ships them)."""

_FOREIGN = (TypeError, ValueError, AttributeError, KeyError)
"""What a foreign JSON value can provoke in a constructor that expects our own shapes."""


@dataclass
class Settings:
    """The player's choices, saved with the game."""

    level: str = "standard"
    speed: str = "normal"
    four_colour: bool = False
    reduced_motion: bool = False
    rules: Rules = DEFAULT_RULES
    """The table options chosen in the Options panel, for the next New Game (the game in
    play keeps its own, ``table.game.rules``; the Daily always uses the default table)."""
    name: str = ""
    """Your name on the results you share (``by=``): plain text, at most 24 characters;
    empty: none."""
    show_points: bool = True
    """The points chip: the points each side has taken so far (what you may know)."""
    auto_play: bool = False
    """Play your card for you when it is your only legal one."""
    tutorial_offered: bool = False
    """The practice hand was offered (on the first visit) and taken or declined."""
    glossed: tuple[str, ...] = ()
    """The Sheepshead words already explained to you (:mod:`.glossary`), each once."""
    name_asked: bool = False
    """Your name was asked for before your first share (it is never asked again)."""

    def look(self) -> tuple[tuple[str, bool], ...]:
        """Each of :data:`LOOK_CLASSES` and whether these settings set it."""
        return tuple(zip(LOOK_CLASSES, (self.four_colour, self.reduced_motion), strict=True))

    def to_json(self) -> dict[str, object]:
        return {"level": self.level, "speed": self.speed, "four_colour": self.four_colour,
                "reduced_motion": self.reduced_motion, "rules": self.rules.to_json(),
                "name": self.name, "show_points": self.show_points,
                "auto_play": self.auto_play, "tutorial_offered": self.tutorial_offered,
                "glossed": list(self.glossed), "name_asked": self.name_asked}

    @classmethod
    def from_json(cls, data: object) -> Settings:
        """Saved settings; a value this version does not know keeps its default, so a
        good game is never set aside for a setting."""
        s = cls()
        if isinstance(data, dict):
            for key, value in data.items():
                with suppress(SheepsheadError):     # unknown here: the default stays
                    s.set(key, value)
        return s

    def set(self, key: str, value: object) -> None:
        """Change one setting, checking its value."""
        if key == "level":
            if not isinstance(value, str) or value not in LEVELS:
                raise SheepsheadError(f"level must be one of {', '.join(LEVELS)}, not {value!r}")
        elif key == "speed":
            if not isinstance(value, str) or value not in SPEEDS:
                raise SheepsheadError(f"speed must be one of {', '.join(SPEEDS)}, not {value!r}")
        elif key in ("four_colour", "reduced_motion", "show_points", "auto_play",
                     "tutorial_offered", "name_asked"):
            if not isinstance(value, bool):
                raise SheepsheadError(f"{key} must be true or false, not {value!r}")
        elif key == "name":
            if not isinstance(value, str) or len(value) > 40 * MAX_NAME:
                raise SheepsheadError(f"name must be a short text (at most {MAX_NAME} "
                                      f"characters)")
            value = clean_name(value) or ""      # control characters out, the first 24 kept
        elif key == "glossed":
            if not isinstance(value, (list, tuple)) or len(value) > 4 * len(GLOSSARY):
                raise SheepsheadError("glossed must be a short list of words")
            value = tuple(t for t in GLOSSARY if t in value)   # known words, in order
        elif key == "rules":
            if not isinstance(value, Rules):
                try:
                    value = Rules.from_json(value)
                except SheepsheadError:     # already says what was wrong (a ValueError too)
                    raise
                except _FOREIGN as e:       # e.g. a value of the wrong type in a foreign object
                    raise SheepsheadError(f"rules: {type(e).__name__}: {e}") from None
        else:
            raise SheepsheadError(f"unknown setting {key!r}")
        setattr(self, key, value)

    def set_option(self, name: str, value: Any) -> None:
        """Change one table option (a control of the Options panel: a string from a select,
        or a bool from a checkbox).  Three-handed, the picker is always alone, so choosing
        three players sets the partner back to the called Ace."""
        known = {f.name: f for f in fields(Rules)}
        if name not in known:
            raise SheepsheadError(f"unknown table option {name!r}")
        default = known[name].default
        if name == "players":
            try:
                value = int(value)
            except (TypeError, ValueError):
                raise SheepsheadError(f"players must be 3, 4 or 5, not {value!r}") from None
        elif isinstance(default, bool) and isinstance(value, str):
            value = {"true": True, "false": False}.get(value, value)
        changes: dict[str, Any] = {name: value}
        if name == "players" and value == 3:
            changes["partner"] = PartnerBy.CALLED_ACE
        try:
            self.rules = replace(self.rules, **changes)
        except TypeError as e:
            raise SheepsheadError(f"table option {name!r}: {e}") from None
