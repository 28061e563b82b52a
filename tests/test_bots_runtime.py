"""The computer players choose the same in every Python: CPython 3.11 here, Pyodide's 3.14 in
the browser (this file also runs there, tests/test_in_pyodide.py).  A result link made in a
browser is checked by ``python -m sheepshead verify`` on the host, and the Daily's par is
the same everywhere, only if every choice is.

The position below is one where the two differed: the Expert's paired-difference test added
its floats with ``sum()``, which from Python 3.12 compensates rounding errors, so 3.14 chose
the Eight of diamonds where 3.11 chose the Jack of hearts."""

from __future__ import annotations

from sheepshead import HandState
from sheepshead.bots.seating import computer_choice
from sheepshead.results import parse_result

# The Daily of 2026-12-01: seat 0 took its first legal action throughout, seats 1-4 were the
# Expert (hands 1-10 made in CPython 3.11, the last cards of hand 10 in the browser).
LINK = ("#daily=2026-12-01&result=1.BBKPLJIOPYMVFbXSWQHGcCRZdEeUDNTfaAABLX-HNCAGJKWMIUBZEFDYRcQVOabSdPfeTBTWPZMYUfKIOPJBEARCaVcdGFSeDbLXQHNBGIXFZNEUYdbRCefDJcaVBSWALOHMQKTXPBAO-FMEcaUdbWTCIQBYZfNLHRJKeXVDSPGBDIPKPbJGNYcUZAHBOeRQMCWVEaLXFdfTSAABHP-KOCILEbBdFDGAQcNeYURVJaZSMTfWXAAABEFPRSXQMLPKeOGHBTAYVdZaCINcbWUfDJAABGK_HNTFXASDNHZOIMJVPYcdWeLQBbUEaRCfABBE-FNbcYIPdRLSATZQCXDHaJOeGUMKVfW")


def test_a_close_expert_decision_is_the_same_in_every_python():
    link = parse_result(LINK)
    hand, before = 7, 23
    assert link.deals[hand - 1] == (hand, 0)
    state = HandState.from_seed(link.seed, hand)
    actions = link.hands[hand - 1]
    for action in actions[:before]:
        state.apply(action)
    choice = computer_choice("expert", link.seed, hand, 0, state.view(state.to_act), before)
    assert str(choice) == str(actions[before]) == "play JH"
