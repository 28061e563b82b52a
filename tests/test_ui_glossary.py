"""Sheepshead's words explained once (sheepshead/ui/help/glossary.py and the controller's quiet
notice): found in the words drawn, not in markup; never twice; kept in the settings."""

from __future__ import annotations

import datetime as dt

from sheepshead.ui.events import Change, Draw, Start, Tap, Wait
from sheepshead.ui.help.glossary import GLOSSARY, new_terms
from sheepshead.ui.page.controller import Controller
from sheepshead.ui.storage.saves import MemoryStorage
from sheepshead.ui.storage.settings import Settings


def test_terms_are_found_in_the_words_not_the_markup_and_only_once():
    html = ['<p class="outcome">You and Bev won with 95 points, schneider.</p>',
            '<button data-ui="unknown:AH">Call Ace of hearts</button>',
            '<span class="chip">Leaster — You 0</span>']
    assert new_terms(html, ()) == ["schneider", "leaster"]
    assert new_terms(html, ("schneider",)) == ["leaster"]
    assert new_terms(["Gus and Lars lost with 20 points, Schneidered."], ()) == ["schneider"]
    assert new_terms(['<p>the <b>unknown\ncard</b></p>'], ()) == ["unknown card"]
    assert new_terms(["<p>Re-crack?</p>", "the Called Ace of clubs"], ()) == ["crack", "called Ace"]
    assert new_terms(["nothing here: blind, bury, trump"], ()) == []
    assert all(line.startswith(term[0].upper() + term[1:] + ": ") for term, line in GLOSSARY.items())


def test_the_settings_keep_the_words_explained_and_drop_foreign_ones():
    s = Settings()
    s.set("glossed", ["leaster", "nonsense", "schneider", 7])
    assert s.glossed == ("schneider", "leaster")                  # the glossary's order
    assert Settings.from_json(s.to_json()) == s
    assert Settings.from_json({"glossed": "schneider"}).glossed == ()
    assert Settings.from_json({"glossed": ["x"] * 1000}).glossed == ()


def _settle(c: Controller, effects: list) -> list:
    seen = list(effects)
    for _ in range(5000):
        waits = [e for e in effects if isinstance(e, Wait)]
        if not waits:
            return seen
        effects = c.handle(waits[0].then)
        seen += effects
    raise AssertionError("never idle")


def _drawn_notices(effects: list) -> list[str]:
    return [dict(d.regions)["notice"] for d in effects
            if isinstance(d, Draw) and "notice" in dict(d.regions)]


def test_the_first_schneider_is_explained_once_in_a_quiet_notice():
    # game:…10, every choice of yours the first legal one: "You and Dottie won with 96
    # points, schneider."
    storage = MemoryStorage()
    c = Controller(storage, lambda: dt.datetime(2026, 12, 1, 9), clock=lambda: 0.0,
                   motion=lambda: False, href=lambda: "https://example.org/")
    _settle(c, c.handle(Start("#game=0000000000000010")))
    c.handle(Change("speed", "instant"))
    line = GLOSSARY["schneider"]
    seen: list = []
    while not c.table.hand.is_over:
        seen += _settle(c, c.handle(Tap(act=str(c.table.seat_view().legal[0]))))
    summary = c.table.view().summary
    assert summary is not None and "schneider" in summary.outcome
    assert "schneider" in c.session.settings.glossed and line in c.notices
    assert any(line in n for n in _drawn_notices(seen)) and (line, True) in c.session.notices
    assert '"schneider"' in (storage.get("sheepshead.settings") or "")
    c.handle(Tap(ui="dismiss"))
    effects = c.handle(Tap(ui="scores")) + c.handle(Tap(ui="summary"))   # drawn again
    assert not any(line in n for n in _drawn_notices(effects)) and line not in c.notices
    reopened = Controller(storage, lambda: dt.datetime(2026, 12, 1, 9), clock=lambda: 0.0,
                          motion=lambda: False, href=lambda: "https://example.org/")
    effects = _settle(reopened, reopened.handle(Start("#game=0000000000000010")))
    assert reopened.table.hand.is_over and line not in reopened.notices   # kept: once ever


def test_a_word_explained_leaves_with_its_hand():
    """Issue 40, round three: a Leaster explained after hand 2 stayed through hands 3 to 5,
    and four lines stacked over the Game over screen.  A word's line belongs to the dialog it
    came with: gone once the next hand is dealt."""
    c = Controller(MemoryStorage(), lambda: dt.datetime(2026, 12, 1, 9), clock=lambda: 0.0,
                   motion=lambda: False, href=lambda: "https://example.org/")
    _settle(c, c.handle(Start("#game=0000000000000010")))
    c.handle(Change("speed", "instant"))
    line = GLOSSARY["schneider"]
    while not c.table.hand.is_over:
        _settle(c, c.handle(Tap(act=str(c.table.seat_view().legal[0]))))
    assert line in c.notices                 # shown with the hand's summary
    effects = _settle(c, c.handle(Tap(ui="next")))
    assert c.table.game.hand_number == 2
    assert line not in c.notices
    assert not any(line in n for n in _drawn_notices(effects))
