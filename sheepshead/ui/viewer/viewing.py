"""A result link on screen, as part of the page's games: opening it (checked, behind the
spoiler guard for a Daily not finished here), playing its game, and checking its computer
moves in the background.

Pure Python, no ``js``.  :class:`Viewing` is a part of :class:`~sheepshead.ui.page.session.Session`
(which it is mixed into), kept apart so each fits in a head; it uses the session's games and
notices, declared here.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...errors import SLIPPED_PAST, SheepsheadError, slipped_past_line
from ...results import ResultLink, check_result, parse_result
from ...rules import Rules
from ..daily.daily import DailyResult, ResultsBook
from ..events import MovesChecked, Send
from ..table.table import Table

if TYPE_CHECKING:                       # the viewer loads when a link is first opened
    from ..friends.friends import Friends
    from .viewer import ViewerModel, ViewerState

__all__ = ["LinkView", "Viewing"]


@dataclass
class LinkView:
    """A result link on screen: the link, what the viewer shows, where the reader is in it,
    and the computer-move check (None while it runs)."""

    link: ResultLink
    model: ViewerModel
    state: ViewerState
    moves_checked: bool | None = None
    difference: str | None = None


class Viewing:
    """The result link on screen (:attr:`link`); see the module docstring."""

    link: LinkView | None
    table: Table | None
    friends: Friends

    @property
    def today(self) -> _dt.date:
        raise NotImplementedError

    def notice(self, text: str) -> None:
        raise NotImplementedError

    def open_daily(self, requested: _dt.date) -> None:
        raise NotImplementedError

    def open_default(self) -> None:
        raise NotImplementedError

    def new_game(self, rules: Rules | None = None, *, seed: str | None = None,
                 level: str | None = None, confirmed: bool = False) -> bool:
        raise NotImplementedError

    def _book(self) -> ResultsBook:
        raise NotImplementedError

    # ------------------------------------------------------------ the viewer
    def _open_link(self, fragment: str) -> None:
        from .viewer import ViewerState, bad_link_text, viewer_model  # loaded when first used
        try:
            link = parse_result(fragment)
            check = check_result(link, computer_moves=False)
            model = viewer_model(link, check)
        except SheepsheadError as e:
            self.notice(bad_link_text(e))
            self.open_daily(self.today)
            return
        except SLIPPED_PAST as e:       # a bound forgotten: still one line and a table
            self.notice(slipped_past_line("This result link", e) + " Here is today's Daily.")
            self.open_daily(self.today)
            return
        if self.table is None:
            self.open_default()
        self.link = LinkView(link, model, ViewerState.for_model(model))
        self.friends.seen(link, check)

    def own_result(self) -> DailyResult | None:
        """Your locked result for the date of the link on screen."""
        day = self.link.model.day if self.link is not None else None
        return self._book().result(day) if day is not None else None

    def guarded(self) -> bool:
        """The link on screen is not revealed yet and tells what you have not played here: a
        Daily not finished here, or a New Game shared before its end (a mid-game Share) that
        is not the game on your table and that you have no result of (issue 40)."""
        v = self.link
        if v is None or v.state.revealed:
            return False
        if v.model.day is not None:
            return self.own_result() is None
        return (not v.model.finished and self.friends.own(v.link.game_link()) is None
                and (self.table is None or self.table.seed != v.link.seed))

    def play_link(self) -> None:
        """"Play this Daily" / "Play this game" from the link on screen."""
        v = self.link
        if v is None:
            return
        self.link = None
        day = v.model.day
        if day is not None:
            self.open_daily(day)
        else:
            self.new_game(v.link.rules, seed=v.link.seed, level=v.link.checked_level)

    def moves_job(self, view: LinkView) -> Callable[[Send], Awaitable[None]]:
        """The job checking the computer moves of ``view``'s link in the background, while
        it is the link on screen (:mod:`.background`)."""
        from ..daily import background
        return lambda send: background.check_moves(view.link, lambda: self.link is view, send)

    def moves_checked(self, event: MovesChecked) -> None:
        """The check ended (:class:`MovesChecked`): shown on the link, if it is still on
        screen, and on its board."""
        v = self.link
        if v is not None and v.link == event.link:
            v.moves_checked, v.difference = event.ok, event.difference
        self.friends.moves_checked(event.link, event.ok, event.difference)
