"""``bench/transcript.py``: every decision with a choice of a hand, each once, in the order
played, with the choice the player made, and the hand's own result."""

from __future__ import annotations

from conftest import load_bench

from sheepshead.bots import make_player
from sheepshead.bots.arena import deal_seed, player_seed
from sheepshead.state import HandState

transcript = load_bench("transcript")


def _choices(level: str, seed: int, i: int) -> list[str]:
    """The choices the players made where they had one, replayed directly."""
    game, hand = deal_seed(seed, i)
    state = HandState.from_seed(game, hand)
    players = [make_player(level, player_seed(seed, i, 0, s)) for s in range(state.players)]
    made = []
    while not state.is_over:
        view = state.view(state.to_act)
        action = players[state.to_act].choose(view)
        if len(view.legal) > 1:
            made.append(f"s{state.to_act} {action}")
        state.apply(action)
    return made


def test_every_decision_with_a_choice_is_printed_in_order() -> None:
    for i in range(3):
        lines = list(transcript.hand_transcript("standard-v4", 7, i))
        decided = [ln for ln in lines if " -> " in ln and not ln.lstrip().startswith("trick ")]
        shown = [f"{ln.split()[1]} {ln.rsplit(' -> ', 1)[1]}" for ln in decided]
        assert shown == _choices("standard-v4", 7, i)
        assert lines[0].startswith(f"=== seed 7 deal {i} ")
        assert lines[-1].startswith(("  result:", "  leaster:", "  thrown in"))


def test_the_full_deal_is_in_view() -> None:
    lines = list(transcript.hand_transcript("standard-v4", 7, 0))
    dealt = " ".join(ln.split(":", 1)[1] for ln in lines[1:7])
    cards = [c for c in dealt.split() if c != "|"]
    assert len(cards) == 32 and len(set(cards)) == 32
