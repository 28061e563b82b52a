"""Transcripts for a reader: every decision of seeded hands, the full deal in view.

    python3 bench/transcript.py --level standard-v4 --seed 391204 --hands 30 > standard-v4.txt
    python3 bench/transcript.py --level expert-v5 --seed 391205 --hands 50 --first 10

Each hand is the arena's deal (``python -m sheepshead arena``'s deal ``i`` of ``--seed``, as
``bench/howlers.py`` plays it: five players of one level seeded as the arena's first
rotation), so a line of a transcript names the same position as a howler or a paired run.
For each hand: the five hands dealt and the blind, then every decision that had a choice
(forced ones show only in the trick they fell on), then the result.  A decision's line:

    t3.2 s1 DF? holds QD 9D | AH 7H   trick s0:KH(4)   out QS JC 10D   choices 7H AH -> 7H

``t3.2``: the third trick, second to play (``bid``, ``bury``, ``call`` before the play).
The role is the seat's true one (the deal is in view): ``PK`` the picker (``PK!`` alone), ``PT``
the partner, ``DF`` a defender, ``LS`` a leaster; ``?`` while the partner is not yet known to the
table (the partner itself knows; a defender does not know who it is).  ``holds`` the seat's
cards, trump first, fail suits split by ``|``; ``trick`` the cards so far with the points on it;
``out`` the trumps this seat has not seen (in its hand or played: its view only, so a reader
sees which trump is a master for it); ``choices`` the legal actions (all of ``holds`` when not
shown as a subset), and the choice after ``->``.  Each finished trick prints one line with
its winner and points.  Nothing here judges: that is the reader's work (``bench/howlers.py``
flags by rule).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from sheepshead.actions import Action, Kind
from sheepshead.bots import make_player
from sheepshead.bots.arena import deal_seed, player_seed
from sheepshead.cards import CARDS, POINTS, STRENGTH, SUIT_OF, TRUMP_MASK, cards_of
from sheepshead.position import Phase
from sheepshead.state import HandState

__all__ = ["hand_transcript", "main"]

MAX_HANDS = 500
"""The most hands one run prints (a reader reads 50; a typo must not print a million)."""


def _order(c: int) -> tuple[int, int]:
    s = SUIT_OF[c]
    return (0 if s == 3 else 1 + s, -STRENGTH[c])


def _cards(mask: int) -> str:
    """The cards of ``mask``, trump first by strength, then each fail suit, split by ``|``."""
    out: list[str] = []
    last = -1
    for c in sorted((card.index for card in cards_of(mask)), key=_order):
        s = SUIT_OF[c]
        if out and s != last:
            out.append("|")
        out.append(str(CARDS[c]))
        last = s
    return " ".join(out) if out else "-"


def _role(state: HandState, seat: int) -> str:
    if state.phase in (Phase.PICK, Phase.BURY) or (state.picker < 0 and state.phase is not Phase.PLAY):
        return "--"
    if state.picker < 0:
        return "LS"
    if seat == state.picker:
        return "PK!" if state.partner < 0 and state.phase is Phase.PLAY else "PK"
    hidden = "" if state.partner_revealed or state.partner < 0 else "?"
    return ("PT" if seat == state.partner else "DF") + hidden


def _trick(state: HandState) -> str:
    cards = list(state.trick_cards)
    if not cards:
        return "(lead)"
    n = state.players
    parts = []
    for k, c in enumerate(cards):
        s = (state.leader + k) % n
        face_down = k == state.unknown_position
        parts.append(f"s{s}:{'??' if face_down else CARDS[c]}")
    pts = sum(POINTS[c] for c in cards)
    return " ".join(parts) + f"({pts})"


def _trumps_out(state: HandState, seat: int) -> str:
    view = state.view(seat)
    seen = sum(1 << c.index for c in view.hand) | sum(1 << c.index for c in view.played_cards())
    if view.bury:
        seen |= sum(1 << c.index for c in view.bury)
    if view.unknown is not None:
        seen |= 1 << view.unknown.index
    return _cards(TRUMP_MASK & ~seen)


def _choices(state: HandState, legal: list[Action]) -> str:
    if legal[0].kind is Kind.PLAY:
        mask = sum(1 << a.code - 64 for a in legal)
        if mask == state.hand_mask(state.to_act):
            return "any"
        return _cards(mask)
    if len(legal) > 8:
        return f"{len(legal)} ways"
    return ", ".join(str(a) for a in legal)


def hand_transcript(level: str, seed: int, i: int) -> Iterator[str]:
    """The lines of the arena's deal ``i`` of ``seed`` played by five players of ``level``."""
    game, hand = deal_seed(seed, i)
    state = HandState.from_seed(game, hand)
    n = state.players
    players = [make_player(level, player_seed(seed, i, 0, s)) for s in range(n)]
    yield f"=== seed {seed} deal {i} ({game} hand {hand}), dealer s{state.dealer}, five {level}"
    for s in range(n):
        yield f"  s{s}: {_cards(state.hand_mask(s))}"
    yield f"  blind: {_cards(state.blind)}"
    choices = 0
    while not state.is_over:
        seat = state.to_act
        view = state.view(seat)
        action = players[seat].choose(view)
        legal = list(view.legal)
        if len(legal) > 1:
            choices += 1
            if state.phase is Phase.PLAY:
                where = f"t{len(state.tricks) + 1}.{len(state.trick_cards) + 1}"
                extra = f"  trick {_trick(state)}  out {_trumps_out(state, seat)}"
            else:
                where = {Phase.PICK: "bid", Phase.BURY: "bury", Phase.CALL: "call"}.get(
                    state.phase, state.phase.name.lower())
                extra = ""
            yield (f"  {where:5s} s{seat} {_role(state, seat):3s} holds {_cards(state.hand_mask(seat))}"
                   f"{extra}  choices {_choices(state, legal)} -> {action}")
        before = len(state.tricks)
        state.apply(action)
        if len(state.tricks) > before:
            leader, played, winner, points = state.tricks[-1]
            cards = " ".join(f"s{(leader + k) % n}:{CARDS[c]}" for k, c in enumerate(played))
            yield f"  trick {len(state.tricks)}: {cards} -> s{winner} takes {points}"
    r = state.result()
    if r.thrown_in:
        yield "  thrown in"
    elif r.leaster:
        yield f"  leaster: points {list(r.points)}, scores {list(r.scores)}"
    else:
        side = "alone" if r.alone else f"partner s{r.partner}"
        picker_side, others = r.side_points or (0, 0)
        yield (f"  result: picker s{r.picker} ({side}, bury {' '.join(map(str, r.bury or ()))}) "
               f"{picker_side} to {others}; scores {list(r.scores)}; "
               f"{choices} decisions with a choice")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--level", default="standard", help="a level word or version (all five seats)")
    ap.add_argument("--seed", type=int, required=True, help="the arena seed (pick one nobody used)")
    ap.add_argument("--hands", type=int, default=30)
    ap.add_argument("--first", type=int, default=0, help="the first deal (default 0)")
    args = ap.parse_args()
    if not 1 <= args.hands <= MAX_HANDS or args.first < 0 or args.seed < 0:
        print(f"transcript: --hands must be 1 to {MAX_HANDS}, --first and --seed 0 or more",
              file=sys.stderr)
        return 2
    make_player(args.level, 0)              # an unknown level: one refusal line, below
    print(f"# {args.hands} hands of five {args.level}, arena seed {args.seed}, deals "
          f"{args.first}-{args.first + args.hands - 1} (python3 bench/transcript.py --level "
          f"{args.level} --seed {args.seed} --hands {args.hands} --first {args.first})")
    for i in range(args.first, args.first + args.hands):
        for line in hand_transcript(args.level, args.seed, i):
            print(line)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception as e:               # one refusal line for bad input (an unknown level)
        from sheepshead.errors import SheepsheadError
        if isinstance(e, SheepsheadError):
            print(f"transcript: {e}", file=sys.stderr)
            sys.exit(2)
        raise
