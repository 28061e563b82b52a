"""Hidden information: a seat's view depends only on what that seat may know.

For positions of seeded random hands, the cards a seat cannot see are dealt again at
random among the places they could be (other seats' unplayed cards, the bury, the
blind, the face-down unknown card), the same public actions are replayed on the new
deal, and the seat's view must be equal. Redistributions that make a public action
illegal (a seat that showed out of a suit, say) are skipped, but a large number of
comparisons must actually be made.

The two random checks run a sample in the fast tier, the rest in the full run (tests/tiers.py).
Standard library + pytest only (it can run under Pyodide, though tests/test_in_pyodide.py
leaves it out: no runtime difference reaches these properties).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from tiers import sizes, split

from sheepshead import Action, Card, HandState, SheepsheadError, replay
from sheepshead.actions import Kind
from sheepshead.cards import CARDS, cards_of
from sheepshead.state import Phase

GOLDEN = Path(__file__).resolve().parent / "golden"


def seed_of(i: int) -> tuple[str, int]:
    return "game:%016x" % random.Random(7_000_000 + i).getrandbits(64), 1 + i % 10


def plays_by_seat(st: HandState) -> dict[int, list[int]]:
    out = {s: [] for s in range(5)}
    tricks = [(leader, cards) for leader, cards, _, _ in st.tricks] + [(st.leader, tuple(st.trick_cards))]
    for leader, cards in tricks:
        for k, c in enumerate(cards):
            out[(leader + k) % 5].append(c)
    return out


def redistribute(st: HandState, seat: int, rng: random.Random) -> HandState | None:
    """Deal the cards ``seat`` cannot see again; replay the public actions. None if illegal."""
    picker = st.picker
    played = plays_by_seat(st)
    unknown = st.unknown
    unknown_played = unknown >= 0 and not st.unknown_pending
    # Slots of hidden cards: (name, cards)
    slots: list[tuple[str, list[int]]] = []
    for o in range(5):
        if o != seat:
            slots.append((f"hand{o}", [c for c in range(32) if st.hands[o] >> c & 1]))
    if picker >= 0 and picker != seat:
        slots.append(("bury", [c for c in range(32) if st.bury >> c & 1]))
        if unknown >= 0:
            slots.append(("unknown", [unknown]))
    if picker < 0:
        slots.append(("blind", [c for c in range(32) if st.blind >> c & 1]))
    pool = [c for _, cards in slots for c in cards]
    rng.shuffle(pool)
    new: dict[str, list[int]] = {}
    k = 0
    for name, cards in slots:
        new[name] = pool[k:k + len(cards)]
        k += len(cards)
    hands: list[list[int]] = []
    for o in range(5):
        if o == seat:
            hands.append([c for c in range(32) if st.dealt[o] >> c & 1])
            continue
        face_up = [c for c in played[o] if not (o == picker and c == unknown and unknown_played)]
        cards = face_up + new[f"hand{o}"]
        if o == picker:
            cards += new.get("bury", []) + new.get("unknown", [])
        hands.append(cards)
    if picker >= 0 and picker != seat:
        eight = hands[picker]
        rng.shuffle(eight)
        blind, hands[picker] = eight[:2], eight[2:]
    elif picker < 0:
        blind = new["blind"]
    else:
        blind = [c for c in range(32) if st.blind >> c & 1]
    # the same public actions, with the hidden choices renamed
    mapping = {}
    if picker >= 0 and picker != seat:
        mapping.update(zip(sorted(c for c in range(32) if st.bury >> c & 1), sorted(new["bury"])))
        if unknown >= 0:
            mapping[unknown] = new["unknown"][0]
    actions = []
    play_no = 0
    order = [((leader + k) % 5) for leader, cards, _, _ in st.tricks for k in range(len(cards))]
    order += [((st.leader + k) % 5) for k in range(len(st.trick_cards))]
    for a in st.actions():
        text = str(a)
        if a.kind is Kind.BURY and mapping:
            b1, b2 = (CARDS[mapping[c.index]] for c in a.cards)
            text = f"bury {b1} {b2}"
        elif a.kind is Kind.CALL and a.unknown is not None and unknown in mapping:
            text = f"call {a.card} unknown {CARDS[mapping[unknown]]}"
        elif a.kind is Kind.PLAY:
            who = order[play_no]
            play_no += 1
            if who == picker and a.card.index == unknown and unknown in mapping:
                text = f"play {CARDS[mapping[unknown]]}"
        actions.append(text)
    try:
        other = HandState([[CARDS[c] for c in h] for h in hands], [CARDS[c] for c in blind], st.dealer)
        for text in actions:
            other.apply(text)
    except SheepsheadError:
        return None
    return other


@split("hands", 400, fast=40)
def test_views_equal_when_hidden_cards_are_dealt_differently(hands: range):
    compared = changed = 0
    by_phase = {p: 0 for p in Phase}
    for i in hands:
        seed, hand = seed_of(i)
        rng = random.Random(i)
        st = HandState.from_seed(seed, hand)
        stops = {rng.randrange(0, 40) for _ in range(3)}
        step = 0
        while not st.is_over:
            if step in stops:
                for seat in range(5):
                    for _ in range(4):
                        other = redistribute(st, seat, rng)
                        if other is None:
                            continue
                        assert other.view(seat) == st.view(seat), (seed, hand, seat, [str(a) for a in st.actions()])
                        compared += 1
                        by_phase[Phase(st.phase)] += 1
                        if other.dealt != st.dealt or other.blind != st.blind:
                            changed += 1
                        break
            st.apply_move(rng.choice(st.legal_moves()))
            step += 1
    assert compared >= 2.5 * len(hands), compared  # 1,000 in 400 hands
    assert changed >= 2 * len(hands), changed
    assert all(by_phase[p] > 0 for p in (Phase.PICK, Phase.PLAY)), by_phase


@sizes("views", fast=20, full=200)
def test_views_equal_with_unknown_card_hidden(views: int):
    """Positions with a face-down unknown card: other seats' views do not depend on which card it is."""
    compared = 0
    i = 0
    while compared < views and i < 20_000:
        i += 1
        seed, hand = seed_of(100_000 + i)
        rng = random.Random(i)
        st = HandState.from_seed(seed, hand)
        st.apply("pick")
        choice = None
        for bury in st.legal_actions():
            c = st.clone()
            c.apply(bury)
            calls = [a for a in c.legal_actions() if a.unknown is not None]
            if calls:
                choice = (bury, rng.choice(calls))
                break
        if choice is None:
            continue
        for a in choice:
            st.apply(a)
        stop = rng.randrange(0, 30)
        while not st.is_over and stop:
            st.apply_move(rng.choice(st.legal_moves()))
            stop -= 1
        if st.is_over:
            continue
        for seat in range(5):
            if seat == st.picker:
                continue
            for _ in range(6):
                other = redistribute(st, seat, rng)
                if other is not None:
                    assert other.view(seat) == st.view(seat)
                    compared += 1
                    break
    assert compared >= views, compared


def test_view_differs_when_own_cards_differ():
    """The comparison is sharp: changing a card the seat can see changes its view."""
    a = HandState.from_seed("daily:2026-11-30", 1)
    b = HandState.from_seed("daily:2026-11-30", 2)
    assert a.view(0) != b.view(0)


# ------------------------------------------------------------- concrete views


def golden_state(name: str, upto: int | None = None) -> HandState:
    data = json.loads((GOLDEN / f"{name}.json").read_text("utf-8"))
    actions = data["actions"] if upto is None else data["actions"][:upto]
    return replay({**{k: data[k] for k in ("seed", "hand")}, "actions": actions})


def test_unknown_card_face_down_for_others():
    # unknown_led_by_picker: picker 0 calls AH with AC set aside and leads it
    st = golden_state("unknown_led_by_picker", 4)
    mine, theirs = st.view(0), st.view(1)
    assert mine.unknown is CARDS[7] and theirs.unknown is None
    assert mine.trick.cards == (CARDS[7],) and theirs.trick.cards == (None,)
    def seen(v, i):
        return v.history[i].seat, str(v.history[i])
    assert seen(mine, 2) == (0, "call AH unknown AC") and seen(theirs, 2) == (0, "call AH unknown")
    assert seen(mine, 3) == (0, "play AC") and seen(theirs, 3) == (0, "play unknown")
    assert seen(theirs, 1) == (0, "bury") and seen(mine, 1) == (0, "bury 7C 7S")
    # Structured: hidden cards are None, and only a fully seen action carries its Action.
    assert theirs.history[2].cards == (Card("AH"), None) and theirs.history[2].action is None
    assert mine.history[2].action == Action.parse("call AH unknown AC")
    assert theirs.history[3].cards == (None,) and theirs.history[3].kind is Kind.PLAY
    assert theirs.history[1].cards == (None, None) and theirs.history[1].hidden
    assert theirs.unknown_pending is False and theirs.cards_left[0] == 5
    assert theirs.blind is None and theirs.bury is None
    assert set(mine.blind) == set(cards_of(st.blind))
    assert mine.called is CARDS[23] and theirs.called is CARDS[23]


def test_partner_known_only_to_itself_until_called_card_is_played():
    st = golden_state("unknown_led_by_picker", 3)     # after the call, before any play
    partner = 4
    for seat in range(5):
        v = st.view(seat)
        assert v.partner == (partner if seat == partner else None)
        assert v.is_partner == (seat == partner)
    st = golden_state("unknown_led_by_picker", 8)     # partner 4 has played AH
    assert all(st.view(s).partner == partner for s in range(5))


def test_finished_hand_view_shows_everything():
    st = golden_state("unknown_followed_never_wins")
    v = st.view(2)
    assert v.is_over and v.to_act is None and v.result == st.result()
    assert v.unknown is not None and v.bury is not None and v.blind is not None and v.partner == 1
