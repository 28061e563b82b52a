"""Helpers shared by the computer-player tests (not a test module itself)."""

from __future__ import annotations

from sheepshead.cards import CARDS, parse_cards
from sheepshead.state import HandState


def deal_with(fixed: dict[int, str], blind: str | None = None, dealer: int = 4) -> HandState:
    """A hand where the seats in ``fixed`` hold the given cards; the rest deck order."""
    used = set()
    hands: list[list] = [[] for _ in range(5)]
    for seat, text in fixed.items():
        hands[seat] = parse_cards(text)
        used.update(hands[seat])
    blind_cards = parse_cards(blind) if blind else []
    used.update(blind_cards)
    rest = [c for c in CARDS if c not in used]
    if not blind:
        blind_cards, rest = rest[:2], rest[2:]
    for seat in range(5):
        if seat not in fixed:
            hands[seat], rest = rest[:6], rest[6:]
    assert not rest
    return HandState(hands, blind_cards, dealer)


def seeded_positions(count: int, level: str = "standard", every: int = 1):
    """(state, seat to act) pairs from seeded games played by ``level`` players."""
    from sheepshead.bots import make_player
    out = []
    i = 0
    while len(out) < count:
        state = HandState.from_seed("game:%016x" % (0x5eed + 977 * i), 1 + i % 10)
        players = [make_player(level, 100 * i + s) for s in range(5)]
        k = 0
        while not state.is_over:
            seat = state.to_act
            if k % every == 0:
                out.append((state.copy(), seat))
            state.apply(players[seat].choose(state.view(seat)))
            k += 1
        i += 1
    return out[:count]
