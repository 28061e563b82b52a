"""Hand records (``sheepshead/1``): reading, writing and replaying them.

A record names the rules, the deal (by ``seed`` + ``hand``, or given in full
as ``deal``) and the actions so far; it may stop anywhere, so a partial
record is a position.  See ``docs/specs/records.md``.

:func:`replay` checks everything and raises :class:`RecordError` with one
line: ``action 7 "play 7C": seat 2 must follow trump`` when an action is at
fault, or a plain reason (``deal: 7C is dealt twice``) when the record itself is.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .cards import parse_card
from .deals import check_hand_number, dealer_of
from .deals import deal as deal_cards
from .errors import RecordError, SheepsheadError
from .rules import DEFAULT_RULES, AllPass, Rules, check_redeal
from .state import HandState

__all__ = ["HandRecord", "FORMAT", "replay", "load", "loads", "position_json"]

FORMAT = "sheepshead/1"
_KEYS = {"format", "rules", "seed", "hand", "redeal", "dealer", "deal", "actions"}


@dataclass(frozen=True)
class HandRecord:
    """A parsed (not yet replayed) record: rules, where the deal comes from, the actions."""

    rules: Rules = DEFAULT_RULES
    seed: str | None = None
    hand: int | None = None
    dealer: int | None = None
    deal: tuple[tuple[tuple[str, ...], ...], tuple[str, ...]] | None = None
    actions: tuple[str, ...] = ()
    redeal: int = 0
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    @classmethod
    def from_json(cls, data: object) -> HandRecord:
        if not isinstance(data, dict):
            raise RecordError("record: a hand record is a JSON object")
        fmt = data.get("format", FORMAT)
        if fmt != FORMAT:
            raise RecordError(f"record: format {fmt!r} is not {FORMAT!r}")
        try:
            rules = Rules.from_json(data.get("rules"))
        except SheepsheadError as e:
            raise RecordError(f"rules: {e}") from None
        actions = data.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("record: actions must be a list of action strings")
        seed, hand, dealer, deal = data.get("seed"), data.get("hand"), data.get("dealer"), data.get("deal")
        try:
            redeal = check_redeal(data.get("redeal", 0))
        except SheepsheadError as e:
            raise RecordError(f"record: {e}") from None
        if redeal and rules.all_pass is not AllPass.DOUBLER:
            raise RecordError("record: a hand is dealt again (redeal > 0) only after a throw-in "
                              'under the doubler option ("all_pass": "doubler")')
        if deal is not None and (seed is not None or hand is not None):
            raise RecordError('record: give either "seed" and "hand", or "deal", not both')
        if deal is not None:
            if not isinstance(deal, dict) or not isinstance(deal.get("hands"), list) \
                    or not isinstance(deal.get("blind"), list):
                raise RecordError('deal: must be {"hands": [[...], ...], "blind": [...]}')
            if dealer is None:
                raise RecordError("record: a record with a deal must give its dealer")
            hands = deal["hands"]
            if len(hands) != rules.players:
                raise RecordError(
                    f"deal: {len(hands)} hands for a table of {rules.players} players")
            if not all(isinstance(h, list) and all(isinstance(c, str) for c in h) for h in hands) \
                    or not all(isinstance(c, str) for c in deal["blind"]):
                raise RecordError("deal: hands and blind are lists of cards like 'QC'")
            deal_t = (tuple(tuple(h) for h in hands), tuple(deal["blind"]))
        else:
            if seed is None or hand is None:
                raise RecordError('record: needs "seed" and "hand", or "deal" and "dealer"')
            deal_t = None
        if dealer is not None and (not isinstance(dealer, int) or isinstance(dealer, bool)
                                   or not 0 <= dealer < rules.players):
            raise RecordError(f"record: dealer must be a seat from 0 to {rules.players - 1}")
        if deal_t is None:
            try:
                hand = check_hand_number(hand)
            except SheepsheadError as e:
                raise RecordError(f"record: {e}") from None
            if dealer is not None and dealer != dealer_of(hand, rules.players):
                raise RecordError(f"record: hand {hand}'s dealer is seat "
                                  f"{dealer_of(hand, rules.players)}, not {dealer}")
        extra = {k: v for k, v in data.items() if k not in _KEYS}
        return cls(rules, seed, hand, dealer, deal_t, tuple(actions), redeal, extra)

    def __repr__(self) -> str:
        """Python that makes this record again: ``HandRecord.from_json({...})``."""
        return f"HandRecord.from_json({self.to_json()!r})"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT, "rules": self.rules.to_json()}
        if self.seed is not None:
            out["seed"] = self.seed
        if self.hand is not None:
            out["hand"] = self.hand
        if self.redeal:
            out["redeal"] = self.redeal
        if self.dealer is not None:
            out["dealer"] = self.dealer
        if self.deal is not None:
            out["deal"] = {"hands": [list(h) for h in self.deal[0]], "blind": list(self.deal[1])}
        out["actions"] = list(self.actions)
        return out

    def start(self) -> HandState:
        """The hand before its first action."""
        try:
            if self.deal is not None and self.dealer is not None:
                hands = [[parse_card(c) for c in h] for h in self.deal[0]]
                blind = [parse_card(c) for c in self.deal[1]]
                return HandState(hands, blind, self.dealer, self.rules, self.redeal)
            if self.seed is None or self.hand is None:
                raise RecordError('record: needs "seed" and "hand", or "deal" and "dealer"')
            d = deal_cards(self.seed, self.hand, self.redeal, self.rules.players)
            return HandState.from_deal(d, self.rules, self.redeal)
        except RecordError:
            raise
        except SheepsheadError as e:
            where = "deal" if self.deal is not None else "seed"
            raise RecordError(f"{where}: {e}") from None

    def replay(self) -> HandState:
        """Every action applied in order; the first illegal one raises RecordError."""
        state = self.start()
        for i, text in enumerate(self.actions):
            try:
                state.apply(text)
            except SheepsheadError as e:
                raise RecordError(f'action {i} "{text}": {e}', index=i, action=text) from None
        return state

    def with_actions(self, actions: Iterable[Action | str]) -> HandRecord:
        return HandRecord(self.rules, self.seed, self.hand, self.dealer, self.deal,
                          tuple(str(a) for a in actions), self.redeal, self.extra)


def loads(text: str) -> HandRecord:
    """Parse a record from JSON text."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("record: not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"record: not valid JSON ({e.msg} at line {e.lineno} column {e.colno})") from None
    except RecursionError:
        raise RecordError("record: not a hand record (JSON nested too deeply)") from None
    except ValueError as e:     # e.g. integers longer than Python converts
        raise RecordError(f"record: not valid JSON ({e})") from None
    return HandRecord.from_json(data)


def load(path: str) -> HandRecord:
    with open(path, encoding="utf-8") as f:
        return loads(f.read())


def replay(record: HandRecord | dict[str, Any] | str) -> HandState:
    """Replay a record (object, dict or JSON text) to its position."""
    if isinstance(record, str):
        record = loads(record)
    elif isinstance(record, dict):
        record = HandRecord.from_json(record)
    return record.replay()


def position_json(state: HandState) -> dict[str, Any]:
    """What ``replay`` prints: the result of a finished hand, else who acts and the legal actions."""
    if state.is_over:
        return state.result().to_json()
    return {"to_act": state.to_act, "legal": [str(a) for a in state.legal_actions()]}
