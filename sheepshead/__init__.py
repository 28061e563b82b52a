"""Five-handed, called-ace Sheepshead: the rules engine (standard library only).

The pieces, each small:

* :mod:`~sheepshead.cards` — cards, suits, trump order, points.
* :mod:`~sheepshead.deals` — the deal algorithm of ``deals.md`` (Daily and New Game).
* :mod:`~sheepshead.actions` — actions in record notation (``play QC``) and move codes.
* :mod:`~sheepshead.rules` — rule settings (the default table, shaped for options).
* :mod:`~sheepshead.state` — :class:`HandState`, the rules of one hand.
* :mod:`~sheepshead.view` — :class:`SeatView`, what one seat may know.
* :mod:`~sheepshead.scoring` — the scoring rows and the leaster.
* :mod:`~sheepshead.record` — hand records (``sheepshead/1``) and replay.
* :mod:`~sheepshead.game` — ten hands and the ledger.

Quick start::

    >>> from sheepshead import HandState
    >>> hand = HandState.from_seed("daily:2026-11-30", 1)
    >>> hand.to_act, [str(a) for a in hand.legal_actions()]
    (0, ['pick', 'pass'])
"""

__version__ = "0.1.0"

from .actions import Action, Kind
from .cards import CARDS, Card, Suit, parse_card, parse_cards
from .deals import Deal, deal
from .errors import IllegalActionError, NotationError, RecordError, SheepsheadError
from .game import Game
from .record import HandRecord, replay
from .rules import DEFAULT_RULES, Rules
from .scoring import HandResult, Trick
from .state import CallKind, HandState, Phase
from .view import SeatView, view_of

__all__ = [
    "Action", "Kind", "CARDS", "Card", "Suit", "parse_card", "parse_cards", "Deal", "deal",
    "IllegalActionError", "NotationError", "RecordError", "SheepsheadError", "Game",
    "HandRecord", "replay", "DEFAULT_RULES", "Rules", "HandResult", "Trick", "CallKind",
    "HandState", "Phase", "SeatView", "view_of", "__version__",
]
