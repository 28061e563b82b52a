"""Rule settings: the default table and the options of ``shared/rules/README.md``.

A :class:`Rules` value travels with every hand (the record's ``rules``
object).  Each field is one option under its record name; the default value of
every field is the default table, so ``Rules()`` *is* the default table and
``rules.to_json()`` writes only what differs from it (``{}`` for the default).

========================  ===================  ===========================================
record name               default              other values
========================  ===================  ===========================================
``players``               ``5``                ``3`` (picker always alone), ``4`` (no black sevens)
``double_on_bump``        ``true``             ``false``: a loss costs what a win pays
``partner``               ``"called-ace"``     ``"jack-of-diamonds"``: its holder is the partner
``all_pass``              ``"leaster"``        ``"doubler"``, ``"dealer-picks"``
``leaster_tiebreak``      ``"none"``           ``"fewer-tricks"``
``leaster_tie``           ``"nothing"``        ``"shared"``
``leaster_blind``         ``"nobody"``         ``"last-trick"``
``crack``                 ``false``            ``true``: crack and re-crack
``blitz``                 ``false``            ``true``: the black Queens shown double once
``schwarz_to_picker``     ``false``            ``true``: a schwarzed partner pays nothing
========================  ===================  ===========================================
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields
from typing import Any

from .errors import SheepsheadError
from .grammar import is_option_word, shown

__all__ = ["Rules", "AllPass", "PartnerBy", "LeasterTiebreak", "LeasterTie", "LeasterBlind",
           "DEFAULT_RULES", "OPTION_HELP", "LINK_WORDS"]


class PartnerBy(str, enum.Enum):
    """How the picker gets a partner."""

    CALLED_ACE = "called-ace"
    """The picker calls a fail Ace (or Ten, or an Ace with an unknown card), or goes alone."""
    JACK_OF_DIAMONDS = "jack-of-diamonds"
    """The holder of the Jack of diamonds is the secret partner; a picker who holds or buries
    it plays alone without saying so."""


class AllPass(str, enum.Enum):
    """What happens when everyone passes."""

    LEASTER = "leaster"
    """Play a leaster: fewest points, with at least one trick, wins."""
    DOUBLER = "doubler"
    """Throw the hand in; the same dealer deals again and the next played hand counts double
    (compounding). Thrown-in hands are not among the ten.  After :data:`MAX_THROW_INS`
    throw-ins in a row the next all-pass deal is played as a leaster."""
    DEALER_PICKS = "dealer-picks"
    """The dealer must pick when everyone else passed; a loss is then not doubled."""


MAX_THROW_INS = 8
"""Under the doubler, a hand is thrown in at most this many times in a row (the next deal
counts 2**8 = 256 times): when everyone passes the deal after that too, it is played as a
leaster at those stakes instead.  No real table gets near it (a deal is thrown in one time in
ten or so); it keeps every score a small number however a link or record is made."""


def check_redeal(redeal: object) -> int:
    """``redeal`` if it is a whole number from 0 to :data:`MAX_THROW_INS`, else raise: the one
    bound of records, saves and hands dealt again."""
    if not isinstance(redeal, int) or isinstance(redeal, bool) \
            or not 0 <= redeal <= MAX_THROW_INS:
        raise SheepsheadError(f"redeal must be a whole number from 0 to {MAX_THROW_INS} (the "
                              f"doubler throws a hand in at most {MAX_THROW_INS} times in a "
                              f"row), not {shown(repr(redeal))}")
    return redeal


class LeasterTiebreak(str, enum.Enum):
    """How a leaster tie for fewest points is first broken."""

    NONE = "none"
    """Not broken: see :class:`LeasterTie`."""
    FEWER_TRICKS = "fewer-tricks"
    """Of the tied players, fewer tricks wins."""


class LeasterTie(str, enum.Enum):
    """A leaster tie that is still a tie."""

    NOTHING = "nothing"
    """Nobody scores."""
    SHARED = "shared"
    """The tied players share the win: each other player pays one to each of them."""


class LeasterBlind(str, enum.Enum):
    """Whose the blind's points are in a leaster."""

    NOBODY = "nobody"
    """Set aside, counting for nobody."""
    LAST_TRICK = "last-trick"
    """Counted to whoever takes the last trick."""


@dataclass(frozen=True)
class Rules:
    """The table's rules. ``Rules()`` is the default table of ``shared/rules/README.md``."""

    players: int = 5
    """Players at the table: 5, or 3 (ten cards each, picker always alone) or 4 (seven each)."""
    double_on_bump: bool = True
    """A losing picker's side pays double what a win would pay."""
    partner: PartnerBy = PartnerBy.CALLED_ACE
    """How the partner is chosen."""
    all_pass: AllPass = AllPass.LEASTER
    """What an all-pass hand becomes."""
    leaster_tiebreak: LeasterTiebreak = LeasterTiebreak.NONE
    """How a leaster tie is broken first."""
    leaster_tie: LeasterTie = LeasterTie.NOTHING
    """What a leaster tie that remains scores."""
    leaster_blind: LeasterBlind = LeasterBlind.NOBODY
    """Whose the blind's points are in a leaster."""
    crack: bool = False
    """After the call, a defender who had no chance to pick may crack (double); the picker
    may then re-crack (double again)."""
    blitz: bool = False
    """A picker holding both black Queens may show them to double, once."""
    schwarz_to_picker: bool = False
    """When the picker's side takes no trick, the picker pays the whole loss."""

    def __post_init__(self) -> None:
        for f in fields(self):
            kind = type(f.default)
            value = getattr(self, f.name)
            if issubclass(kind, enum.Enum):
                try:
                    object.__setattr__(self, f.name, kind(value))
                except ValueError:
                    raise SheepsheadError(f"rule option {f.name!r} cannot be {value!r}") from None
            elif kind is bool and not isinstance(value, bool):
                raise SheepsheadError(f"rule option {f.name!r} must be true or false, not {value!r}")
        if self.players not in (3, 4, 5) or isinstance(self.players, bool):
            raise SheepsheadError(f"rule option 'players' must be 3, 4 or 5, not {self.players!r}")
        if self.players == 3 and self.partner is not PartnerBy.CALLED_ACE:
            raise SheepsheadError("three-handed, the picker always plays alone: "
                                  "'partner' cannot be set")

    @property
    def hand_size(self) -> int:
        return {3: 10, 4: 7, 5: 6}[self.players]

    def to_json(self) -> dict[str, Any]:
        """Only the settings that differ from the default table."""
        out = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value != f.default:
                out[f.name] = value.value if isinstance(value, enum.Enum) else value
        return out

    @classmethod
    def from_json(cls, data: object) -> Rules:
        if data is None:
            return DEFAULT_RULES
        if not isinstance(data, dict):
            raise SheepsheadError(f"rules must be an object of options, not {data!r}")
        known = {f.name for f in fields(cls)}
        for name in data:
            if name not in known:
                raise SheepsheadError(f"unknown rule option {name!r}")
        return cls(**data)

    def to_code(self) -> str:
        """The compact form of these rules for a link's ``rules=`` part: one word per option
        that differs from the default table, in :data:`LINK_WORDS` order, joined by dots
        (``p3.crack.blitz``); ``""`` for the default table."""
        data = self.to_json()
        return ".".join(word for name, value, word in LINK_WORDS
                        if name in data and data[name] == _plain(value))

    @classmethod
    def from_code(cls, code: str) -> Rules:
        """Inverse of :meth:`to_code`. Words may come in any order and any case; an empty
        code, or an unknown, repeated or conflicting word, raises :class:`SheepsheadError`."""
        if not isinstance(code, str) or not code:
            raise SheepsheadError("the rules part is empty")
        if len(code) > _MAX_CODE:
            raise SheepsheadError(f"the rules part is longer than any table ({len(code)} "
                                  f"characters)")
        by_word = {word: (name, value) for name, value, word in LINK_WORDS}
        data: dict[str, object] = {}
        for word in code.split("."):
            # ASCII words only: str.lower() would read a Kelvin sign (K) as k
            word = word.lower() if is_option_word(word) else word
            if word not in by_word:
                raise SheepsheadError(f"{shown(word)} is not a table option")
            name, value = by_word[word]
            if name in data:
                raise SheepsheadError(f"the option {name.replace('_', ' ')} is given twice")
            data[name] = _plain(value)
        return cls.from_json(data)

    def describe(self) -> list[str]:
        """One short phrase per option that differs from the default table."""
        return [OPTION_HELP[name][1] for name in self.to_json()]

    def __repr__(self) -> str:
        """Python that makes these rules again: ``Rules()`` or ``Rules.from_code('p3.crack')``."""
        code = self.to_code()
        return f"Rules.from_code({code!r})" if code else "Rules()"

    def __str__(self) -> str:
        return "default table" if not self.to_json() else "; ".join(self.describe())


DEFAULT_RULES = Rules()


def _plain(value: object) -> object:
    return value.value if isinstance(value, enum.Enum) else value


_MAX_CODE = 200
"""The longest ``rules=`` part read (every option word at once takes 72 characters)."""

LINK_WORDS: tuple[tuple[str, object, str], ...] = (
    ("players", 3, "p3"),
    ("players", 4, "p4"),
    ("double_on_bump", False, "nobump"),
    ("partner", PartnerBy.JACK_OF_DIAMONDS, "jd"),
    ("all_pass", AllPass.DOUBLER, "doubler"),
    ("all_pass", AllPass.DEALER_PICKS, "dealer"),
    ("leaster_tiebreak", LeasterTiebreak.FEWER_TRICKS, "tie-tricks"),
    ("leaster_tie", LeasterTie.SHARED, "tie-shared"),
    ("leaster_blind", LeasterBlind.LAST_TRICK, "blind-last"),
    ("crack", True, "crack"),
    ("blitz", True, "blitz"),
    ("schwarz_to_picker", True, "schwarz"),
)
"""(option, value, word): the words of a link's ``rules=`` part (see :meth:`Rules.to_code`),
fixed forever like the links that carry them (``docs/options.md``)."""

OPTION_HELP: dict[str, tuple[str, str]] = {
    "players": ("Players at the table: five, or three (ten cards each, the picker always alone) "
                "or four (the black sevens out, seven cards each).", "fewer players"),
    "double_on_bump": ("A losing picker's side pays double what a win would pay.",
                       "no double on the bump"),
    "partner": ("Who the partner is: the holder of the called Ace, or of the Jack of diamonds.",
                "Jack of diamonds partner"),
    "all_pass": ("When everyone passes: play a leaster, throw the hand in so the next one counts "
                 "double, or make the dealer pick.", "all pass: doubler or dealer picks"),
    "leaster_tiebreak": ("A leaster tie for fewest points goes to the player with fewer tricks.",
                         "leaster ties: fewer tricks"),
    "leaster_tie": ("A leaster tie that remains is shared instead of scoring nothing.",
                    "leaster ties shared"),
    "leaster_blind": ("In a leaster the blind's points go to whoever takes the last trick.",
                      "leaster blind to the last trick"),
    "crack": ("A defender who had no chance to pick may crack (double); the picker may re-crack.",
              "crack and re-crack"),
    "blitz": ("A picker holding both black Queens may show them to double the hand.", "blitz"),
    "schwarz_to_picker": ("When the picker's side takes no trick, the picker pays it all.",
                          "schwarz charged to the picker"),
}
"""Per option: a sentence for the Options panel, and a short phrase for the table."""
