"""Actions in the record notation of ``docs/specs/records.md``.

An :class:`Action` names only what is done (whose turn it is follows from the
record): ``pick``, ``pass``, ``bury 10C 7H``, ``call AH``, ``call 10H``,
``call AH unknown 7C``, ``alone``, ``play QC``.  ``str(action)`` writes that
text and :meth:`Action.parse` reads it back.

Inside the engine each action is also a small integer *move code*, so that
search can generate and apply moves without building objects:

=========  ==============================
code       action
=========  ==============================
0 / 1 / 2  pass / pick / alone
3 / 4 / 5  crack / recrack / blitz (options)
64 + c     play card c
128+32a+b  bury cards a < b
2048 + c   call card c
4096+32c+u call card c, unknown card u
=========  ==============================
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from .cards import CARDS, Card, parse_card
from .errors import NotationError

__all__ = ["Kind", "Action", "PASS", "PICK", "ALONE", "CRACK", "RECRACK", "BLITZ", "PLAY", "BURY",
           "CALL", "CALL_UNKNOWN", "action_of", "code_of"]

PASS, PICK, ALONE, CRACK, RECRACK, BLITZ = 0, 1, 2, 3, 4, 5
PLAY, BURY, CALL, CALL_UNKNOWN = 64, 128, 2048, 4096


class Kind(str, enum.Enum):
    """The kinds of action, by their word in the record notation."""

    PICK = "pick"
    """Take the blind and become the picker."""
    PASS = "pass"
    """Decline the blind (or, with the options, decline to crack, re-crack or blitz)."""
    BURY = "bury"
    """The picker's two buried cards."""
    CALL = "call"
    """Call a fail Ace or Ten (optionally with an unknown card)."""
    ALONE = "alone"
    """The picker plays alone against the other four."""
    PLAY = "play"
    """Play a card to the trick."""
    CRACK = "crack"
    """A defender doubles the hand (option)."""
    RECRACK = "recrack"
    """The picker doubles a cracked hand again (option)."""
    BLITZ = "blitz"
    """The picker shows both black Queens to double the hand (option)."""


_ARITY = {Kind.PICK: 0, Kind.PASS: 0, Kind.ALONE: 0, Kind.PLAY: 1, Kind.BURY: 2,
          Kind.CRACK: 0, Kind.RECRACK: 0, Kind.BLITZ: 0}
_SIMPLE = {Kind.PASS: PASS, Kind.PICK: PICK, Kind.ALONE: ALONE, Kind.CRACK: CRACK,
           Kind.RECRACK: RECRACK, Kind.BLITZ: BLITZ}


@dataclass(frozen=True)
class Action:
    """One action. Bury cards are kept in deck order so equal buries compare equal."""

    kind: Kind
    cards: tuple[Card, ...] = ()
    unknown: Card | None = None
    """With ``call``: the card set aside as the unknown card."""
    code: int = field(init=False, repr=False, compare=False)
    """The move code (see the module docstring)."""

    def __post_init__(self) -> None:
        kind = Kind(self.kind)
        object.__setattr__(self, "kind", kind)
        cards = tuple(parse_card(c) for c in self.cards)
        if kind is Kind.BURY:
            cards = tuple(sorted(cards))
        object.__setattr__(self, "cards", cards)
        if self.unknown is not None:
            object.__setattr__(self, "unknown", parse_card(self.unknown))
        want = 1 if kind is Kind.CALL else _ARITY[kind]
        if len(cards) != want:
            raise NotationError(f"'{kind.value}' takes {want} card(s), not {len(cards)}")
        if kind is Kind.BURY and cards[0] is cards[1]:
            raise NotationError(f"cannot bury {cards[0]} twice")
        if self.unknown is not None and kind is not Kind.CALL:
            raise NotationError("only a call sets aside an unknown card")
        object.__setattr__(self, "code", code_of(self))

    @property
    def card(self) -> Card:
        """The one card of a ``play`` or ``call``."""
        return self.cards[0]

    @classmethod
    def parse(cls, text: str | Action) -> Action:
        """Read ``"play QC"`` and the like; raise :class:`NotationError` otherwise."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise NotationError(f"an action must be text like 'play QC', not {text!r}")
        words = text.split()
        if not words:
            raise NotationError("empty action")
        try:
            kind = Kind(words[0].lower())
        except ValueError:
            raise NotationError(f"unknown action {words[0]!r}") from None
        rest = words[1:]
        if kind is Kind.CALL and len(rest) == 3 and rest[1].lower() == "unknown":
            return cls(kind, (parse_card(rest[0]),), parse_card(rest[2]))
        if kind is Kind.CALL and len(rest) != 1:
            raise NotationError("'call' takes a card, optionally 'unknown' and a card")
        return cls(kind, tuple(parse_card(c) for c in rest))

    def __str__(self) -> str:
        text = " ".join([self.kind.value] + [str(c) for c in self.cards])
        if self.unknown is not None:
            text += f" unknown {self.unknown}"
        return text

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


def code_of(action: Action) -> int:
    """The move code of an action (see the module docstring)."""
    k = action.kind
    if k in _SIMPLE:
        return _SIMPLE[k]
    if k is Kind.PLAY:
        return PLAY + action.cards[0].index
    if k is Kind.BURY:
        a, b = action.cards
        return BURY + 32 * a.index + b.index
    if action.unknown is not None:
        return CALL_UNKNOWN + 32 * action.cards[0].index + action.unknown.index
    return CALL + action.cards[0].index


_CACHE: dict[int, Action] = {}


def action_of(code: int) -> Action:
    """The :class:`Action` of a move code (cached: each code makes one object)."""
    a = _CACHE.get(code)
    if a is None:
        if code < PLAY:
            a = Action(next(k for k, c in _SIMPLE.items() if c == code))
        elif code < BURY:
            a = Action(Kind.PLAY, (CARDS[code - PLAY],))
        elif code < CALL:
            a = Action(Kind.BURY, (CARDS[(code - BURY) // 32], CARDS[(code - BURY) % 32]))
        elif code < CALL_UNKNOWN:
            a = Action(Kind.CALL, (CARDS[code - CALL],))
        else:
            c, u = divmod(code - CALL_UNKNOWN, 32)
            a = Action(Kind.CALL, (CARDS[c],), CARDS[u])
        _CACHE[code] = a
    return a
