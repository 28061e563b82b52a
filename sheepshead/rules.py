"""Rule settings: the default table and, later, the options of ``shared/rules``.

A :class:`Rules` value travels with every hand (the record's ``rules``
object).  Each field is one option by its record name; the default value of
every field is the default table, so ``Rules()`` *is* the default table and
``rules.to_json()`` writes only what differs from it (``{}`` for the default).

Only the default table is playable today: :meth:`Rules.from_json` reads every
option name the options issue will add, but refuses any value the engine does
not play yet with a clear error rather than playing it wrongly.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields

from .errors import SheepsheadError

__all__ = ["Rules", "AllPass", "PartnerBy", "DEFAULT_RULES"]


class PartnerBy(str, enum.Enum):
    """How the picker gets a partner."""

    CALLED_ACE = "called-ace"
    """The picker calls a fail Ace (or Ten, or an Ace with an unknown card)."""
    JACK_OF_DIAMONDS = "jack-of-diamonds"
    """The holder of the Jack of diamonds is the secret partner (option)."""


class AllPass(str, enum.Enum):
    """What happens when everyone passes."""

    LEASTER = "leaster"
    """Play a leaster: fewest points (with a trick) wins."""
    DOUBLER = "doubler"
    """Throw the hand in; the next played hand counts double (option)."""
    DEALER_PICKS = "dealer-picks"
    """The dealer must pick; the bump is waived (option)."""


@dataclass(frozen=True)
class Rules:
    """The table's rules. ``Rules()`` is the default table of ``shared/rules/README.md``."""

    players: int = 5
    """Players at the table (5; 3 and 4 are options)."""
    double_on_bump: bool = True
    """A losing picker's side pays double what a win would pay."""
    partner: PartnerBy = PartnerBy.CALLED_ACE
    """How the partner is chosen."""
    all_pass: AllPass = AllPass.LEASTER
    """What an all-pass hand becomes."""

    # Values the engine plays today; anything else is refused by from_json.
    SUPPORTED = {"players": {5}, "double_on_bump": {True},
                 "partner": {PartnerBy.CALLED_ACE}, "all_pass": {AllPass.LEASTER}}

    def to_json(self) -> dict:
        """Only the settings that differ from the default table."""
        out = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value != f.default:
                out[f.name] = value.value if isinstance(value, enum.Enum) else value
        return out

    @classmethod
    def from_json(cls, data: dict | None) -> "Rules":
        if data is None:
            return DEFAULT_RULES
        if not isinstance(data, dict):
            raise SheepsheadError(f"rules must be an object of options, not {data!r}")
        known = {f.name: f for f in fields(cls)}
        values = {}
        for name, raw in data.items():
            f = known.get(name)
            if f is None:
                raise SheepsheadError(f"unknown rule option {name!r}")
            kind = type(f.default)
            try:
                if issubclass(kind, enum.Enum):
                    value = kind(raw)
                elif kind is bool:
                    if not isinstance(raw, bool):
                        raise ValueError
                    value = raw
                else:
                    if not isinstance(raw, int) or isinstance(raw, bool):
                        raise ValueError
                    value = raw
            except ValueError:
                raise SheepsheadError(f"rule option {name!r} cannot be {raw!r}") from None
            if value not in cls.SUPPORTED[name]:
                raise SheepsheadError(
                    f"rule option {name!r} = {raw!r} is not playable yet (only the default table is)")
            values[name] = value
        return cls(**values)

    def __str__(self) -> str:
        return "default table" if not self.to_json() else str(self.to_json())


DEFAULT_RULES = Rules()
