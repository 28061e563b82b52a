"""The one table of intents (``Controller.intents``, sheepshead/ui/page/controller.py): every
``data-ui`` tap goes through it, a name with no handler is refused loudly, and the table
holds exactly what the page draws.

The tour drives the real controller through the screens it can show (a first visit's offer,
the table in each phase, every dialog, the end of a game with its review, the board, a
result link in the viewer, a backup's question, a stale tab, storage refused) and collects
every ``data-ui`` value of every region as drawn; each must name a handler in the table,
and each handler must be named by some screen: a handler that nothing draws fails."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from save_helpers import save_text
from test_backup import browser, export
from test_daily_logic import finished_daily
from test_friends import GAME_ID, SEED, URL, drive, link_of, played
from test_ui_controller import NOW

from sheepshead.bots import make_player
from sheepshead.errors import SheepsheadError
from sheepshead.position import Phase
from sheepshead.results import result_fragment
from sheepshead.ui.backup.backup import backup_link
from sheepshead.ui.events import (
    Change,
    Draw,
    Effect,
    Event,
    HashChange,
    Key,
    Share,
    Spawn,
    Start,
    StorageChange,
    Tap,
    Wait,
)
from sheepshead.ui.page.controller import Controller
from sheepshead.ui.storage.saves import GAME_KEY, GameSave, MemoryStorage, daily_key

DATA_UI = re.compile(r'data-ui="([^"]*)"')
UNKNOWN = "#game=0000000000000000"
"""A deal whose first hand lets you pick, bury JC QC and call the AC with the AS unknown
(tests/table_helpers.py's ``find_deal("unknown")``)."""
CLAIM = "#game=0000000000000029"
"""A deal whose first hand, played by a Standard player in your seat (seed 41), lets you
claim the rest."""
PAGE = (Path(__file__).resolve().parents[1] / "index.html").read_text(encoding="utf-8")
"""The page's own HTML: its header's buttons (the menu, the scores) are always there."""


class Tour:
    """A controller and every ``data-ui`` name its screens have shown."""

    seen: set[str] = set()

    def __init__(self, storage: MemoryStorage | None, fragment: str = "") -> None:
        self.c = Controller(storage, lambda: NOW, clock=lambda: 0.0, href=lambda: URL,
                            par=False)
        self.regions: dict[str, str] = {"page": PAGE}
        self.go(Start(fragment))

    def go(self, event: Event) -> list[Effect]:
        """``event`` and what follows it: timers fired, background jobs run to their end."""
        effects = self.c.handle(event)
        seen = list(effects)
        for _ in range(3000):
            self._look(effects)
            waits = [e for e in effects if isinstance(e, Wait)]
            jobs = [e for e in effects if isinstance(e, Spawn)]
            if waits:
                effects = self.c.handle(waits[0].then)
            elif jobs:
                effects = []
                for job in jobs:
                    drive(job.job(lambda found: effects.extend(self.c.handle(found))))
            else:
                return seen
            seen += effects
        raise AssertionError("the page never settled")

    def _look(self, effects: list[Effect]) -> None:
        for e in effects:
            if isinstance(e, Draw):
                self.regions.update(dict(e.regions))
                for html in self.regions.values():
                    Tour.seen.update(DATA_UI.findall(html))

    def tap(self, name: str) -> list[Effect]:
        assert self.shown(name), f"{name} is not on screen"
        return self.go(Tap(ui=name))

    def shown(self, name: str) -> bool:
        """Whether a button of this name (``name`` ending in ``:``: of this kind) is drawn."""
        end = "" if name.endswith(":") else '"'
        return any(f'data-ui="{name}{end}' in html for html in self.regions.values())

    def act(self, pick: int = 0) -> None:
        legal = self.c.table.seat_view().legal
        self.go(Tap(act=str(legal[pick % len(legal)])))


def names(values: set[str]) -> set[str]:
    return {v.partition(":")[0] for v in values}


def play_a_hand(t: Tour) -> None:
    """Hand 1 of :data:`UNKNOWN` by taps, touching each phase's own buttons on the way: pick,
    choose the bury (and think again), call with an unknown card (and cancel it once), then
    a refused card in the play."""
    table = t.c.table
    t.go(Tap(act="pick"))
    t.tap("select:JC")
    t.tap("select:QC")
    t.tap("select:QC")
    t.tap("select:QC")
    t.go(Tap(act="bury JC QC"))
    t.tap("unknown:AC")
    t.tap("cancel")
    t.tap("unknown:AC")
    t.go(Tap(act="call AC unknown AS"))
    while not table.hand.is_over:
        v = table.seat_view()
        if v.phase is Phase.PLAY and len(v.legal) < len(v.hand) and not t.shown("illegal:"):
            legal = {str(a.card) for a in v.legal}
            t.tap("illegal:" + next(str(c) for c in v.hand if str(c) not in legal))
        t.act()


def screens() -> set[str]:
    """Every ``data-ui`` value the tour's screens drew."""
    Tour.seen = set()
    Tour(MemoryStorage()).tap("daily")             # a first visit: the practice hand, skipped
    Tour(MemoryStorage(), "#daily=2026-12-01").tap("tutorial-no")   # with a link: offered
    Tour(MemoryStorage(), "#daily=2026-12-01").tap("tutorial")

    t = Tour(MemoryStorage(), UNKNOWN)             # the table in each phase, its dialogs
    for panel in ("menu", "scores", "rules"):
        t.tap(panel)
        t.tap("close")
    t.tap("menu")
    t.tap("backup-file")
    t.tap("backup-link")
    t.tap("options")
    t.tap("options-default")
    t.tap("close")
    t.tap("hint")
    play_a_hand(t)
    t.tap("review")
    t.tap("summary")
    t.tap("hand-review")
    t.tap("close")
    t.tap("next")
    while not t.shown("undo"):                     # a decision of yours to take back
        t.act()
    t.tap("undo")
    t.tap("menu")
    t.tap("new")                                   # a New Game in progress: asked first
    t.tap("confirm-no")
    t.tap("menu")
    t.tap("daily")
    t.tap("menu")
    t.tap("resume")
    t.go(Key("Escape"))

    claim = Tour(MemoryStorage(), CLAIM)           # the proof that the rest is yours
    you = make_player("standard", 41)
    while not claim.shown("claim"):
        claim.go(Tap(act=str(you.choose(claim.c.table.seat_view()))))
    claim.tap("claim")

    a = Tour(shared := MemoryStorage(), UNKNOWN)   # another tab moves on: reload
    b = Tour(shared, UNKNOWN)
    b.go(Tap(act="pick"))
    a.go(StorageChange(GAME_KEY, shared.get(GAME_KEY)))
    a.tap("reload")

    day = NOW.date()                               # a Daily's end: its results screen
    save = replace(GameSave.of(finished_daily(day), "expert"), revision=1)
    daily = Tour(MemoryStorage({daily_key(day): save.to_text()}), f"#daily={day.isoformat()}")
    for name in ("results", "share-result", "name-cancel", "share-result", "name-go",
                 "practice"):
        if name == "results" and daily.shown("share-result"):
            continue                               # already open
        daily.tap(name)

    end = Tour(MemoryStorage({GAME_KEY: save_text(played(SEED, "easy", False))}),
               f"#game={GAME_ID}")                 # a New Game's end: its board, a challenge
    end.c.handle(Change("name", "Ann"))
    shares = end.tap("challenge")
    challenge = next(e.line for e in shares if isinstance(e, Share)).splitlines()[-1]
    end.tap("board:table")
    end.tap("board-text")
    end.tap("board-share")
    end.tap("board-close")
    fragment = challenge[len(URL):]                # a friend opens the challenge
    Tour(MemoryStorage(), fragment).tap("board-reveal")
    Tour(MemoryStorage(), fragment).tap("board-play")

    viewer = Tour(MemoryStorage(), link_of(SEED, "Bev", True))   # a result link
    for name in ("viewer-hand:1", "viewer-trick:1:2", "viewer-hands", "board-link"):
        viewer.tap(name)
    viewer.tap("board-reveal")
    viewer.tap("board-row:0")                      # back to the link, from its row
    viewer.go(HashChange(link_of(SEED, "Bev", False)))       # Bev's other result
    viewer.tap("board-link")
    viewer.tap("board-replace")
    viewer.tap("board-close")
    viewer.go(HashChange(link_of("game:00000000000000cd", "Cy", False)))   # another game's
    viewer.tap("board-link")
    viewer.tap("board-reveal")
    viewer.tap("board-open:0")                     # the other board kept here
    Tour(MemoryStorage(), link_of(SEED, "Bev", True)).tap("viewer-play")
    Tour(MemoryStorage(), result_fragment(finished_daily(day))).tap("viewer-reveal")

    backup = backup_link(export(browser(1, expert=False)), URL)[0]
    fragment = "#" + backup.partition("#")[2]      # a backup's link: asked before importing
    for answer in ("import-yes", "import-no", "import-replace"):
        here = browser(0, seed=7, expert=False) if answer == "import-replace" else None
        Tour(here or MemoryStorage(), fragment).tap(answer)
    return Tour.seen


@pytest.fixture(scope="module")
def tour() -> set[str]:
    return screens()


def test_a_name_with_no_handler_is_refused_loudly():
    c = Controller(MemoryStorage(), lambda: NOW)
    c.handle(Start(f"#game={GAME_ID}"))
    with pytest.raises(SheepsheadError, match="no handler for the tap 'hand-reveiw'"):
        c.handle(Tap(ui="hand-reveiw"))


def test_every_name_drawn_has_one_handler(tour):
    table = Controller(MemoryStorage(), lambda: NOW).intents
    assert names(tour) - set(table) == set()


def test_every_handler_is_reachable_from_a_screen(tour):
    table = Controller(MemoryStorage(), lambda: NOW).intents
    assert set(table) - names(tour) == set()


def kinds(t: Tour) -> list[str]:
    return [d.kind for d in t.c.session.dialogs(t.c.ui)]


def escape_closes_the_top(t: Tour) -> None:
    """Escape until no dialog is left, each time closing exactly the one on top (the one
    shown), the rest of the stack as it was."""
    while stack := kinds(t):
        assert t.c.session.overlay(t.c.ui)[0] == stack[-1]   # the top is what is shown
        t.go(Key("Escape"))
        assert kinds(t) == stack[:-1], stack


def test_escape_closes_exactly_the_dialog_on_top():
    day = NOW.date()
    save = replace(GameSave.of(finished_daily(day), "expert"), revision=1)
    daily = Tour(MemoryStorage({daily_key(day): save.to_text()}), f"#daily={day.isoformat()}")
    daily.tap("share-result")                      # the name asked, over the results screen
    assert kinds(daily) == ["results", "name"]
    escape_closes_the_top(daily)

    board = Tour(MemoryStorage(), link_of(SEED, "Bev", True))
    board.tap("board-link")
    board.tap("board-reveal")
    board.tap("board-row:0")                       # a row's link, over its board
    assert kinds(board) == ["board", "viewer"]
    escape_closes_the_top(board)

    viewer = Tour(MemoryStorage(), link_of(SEED, "Bev", True))
    assert kinds(viewer) == ["viewer"]
    escape_closes_the_top(viewer)                  # the link closes: its game's table
    viewer.go(HashChange(link_of(SEED, "Bev", True)))
    viewer.tap("viewer-play")
    viewer.go(Tap(act=str(viewer.c.table.seat_view().legal[0])))
    viewer.go(HashChange(link_of("game:00000000000000cd", "Cy", False)))
    viewer.tap("viewer-play")                      # another game over one begun: asked first
    assert kinds(viewer) == ["confirm"]
    escape_closes_the_top(viewer)
    assert viewer.c.session.hash() == f"#game={GAME_ID}"    # no: the game begun stays
