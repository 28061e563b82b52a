"""The card table: one game, its computer players, and the values the page draws of it.

Pure Python (no ``js``, no ``pyscript``).  The page's controller
(:mod:`sheepshead.ui.page.controller`) asks a :class:`Table` what to draw and tells it
what the human tapped.  Nothing here reads the page; everything the page shows of the
game comes from :meth:`Table.view`.

* :class:`Table` — a :class:`~sheepshead.game.Game`, the human at seat 0 and
  computer players at the other seats.  :meth:`Table.act` applies the human's action
  (refusing, without raising, anything out of turn or illegal, so a double tap
  is harmless); :meth:`Table.step` lets the next computer player act.
* Computer players are made afresh for every decision from the game seed, the
  hand, the seat and the number of actions so far
  (:func:`~sheepshead.bots.seating.computer_choice`), so a reloaded game makes
  exactly the same choices from the same position.  A computer player's error is
  raised, never hidden.
* :meth:`Table.resume` — a table for a saved game (:mod:`.saves` writes and reads the
  save, replaying every action through the engine).
* :class:`TableView`, :class:`FinishedHand`, :class:`ScoreSheet` — what the page draws
  (:mod:`.tableview`).
* Help at the table: :meth:`Table.hint`, :meth:`Table.undo`, :meth:`Table.claim`,
  :meth:`Table.refusal` (an illegal tap), :meth:`Table.forced_play` (auto-play).

Around it in this package: :mod:`.tableview` (what is drawn), :mod:`.thinking` (a decision
a slice at a time), :mod:`.animation` (the animation queue), :mod:`.felt`, :mod:`.render`
and :mod:`.panels` (the HTML); the player's choices are :mod:`~sheepshead.ui.storage.settings`.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from ...actions import Action, action_of
from ...bots.advice import Hint
from ...bots.advice import hint_steps as expert_hint_steps
from ...bots.claim import can_claim, claimed_play
from ...bots.seating import DAILY_LEVEL, computer_choice, computer_choice_steps, decision_seed
from ...deals import new_game_seed
from ...errors import IllegalActionError, SheepsheadError
from ...game import Game
from ...grammar import date_of_seed
from ...position import Phase
from ...refusals import Refusal
from ...rules import DEFAULT_RULES, Rules
from ...state import HandState
from ...steps import drained
from ...trickinfo import forced_play, points_so_far
from ...undo import had_choice, undo_point, undone
from ...view import SeatView
from ..look.wording import HUMAN, names_for
from ..storage.settings import LEVELS, Settings
from .tableview import FinishedHand, ScoreSheet, TableEvent, TableView, hand_summary, score_sheet
from .thinking import Thinking

__all__ = ["TableEvent", "TableView", "FinishedHand", "ScoreSheet", "Table"]

# -------------------------------------------------------------------- table
class Table:
    """One game at the table: you at seat 0, computer players at the other seats (four,
    or two or three at a three- or four-handed table)."""

    def __init__(self, seed: str | None = None, settings: Settings | None = None,
                 rules: Rules = DEFAULT_RULES, level: str | None = None,
                 practice: bool = False, tutorial: bool = False, *,
                 game: Game | None = None, hints: bool = False):
        self.game = game if game is not None else Game(seed or new_game_seed(), rules)
        self.settings = settings or Settings()
        self._level = _level_for(self.game.seed, self.settings, level)
        self.practice = practice
        self.tutorial = tutorial
        """The guided practice hand: one hand, never saved, undo allowed."""
        self.hints = hints
        """A hint was used in this game (kept in its save)."""
        self._undo_known: tuple[tuple[int, int], bool] = ((0, -1), False)
        self._thinking = Thinking()

    @classmethod
    def resume(cls, game: Game, settings: Settings, level: str,
               practice: bool = False, hints: bool = False) -> Table:
        """A table for a game already under way (from its save), against ``level``."""
        return cls(settings=settings, level=level, practice=practice, game=game, hints=hints)

    @property
    def rules(self) -> Rules:
        """The options of the game in play."""
        return self.game.rules

    @property
    def players(self) -> int:
        return self.game.rules.players

    # ---------------------------------------------------------------- where
    @property
    def seed(self) -> str:
        return self.game.seed

    @property
    def hand(self) -> HandState:
        return self.game.current

    @property
    def to_act(self) -> int | None:
        h = self.game.current
        return None if h.is_over else h.to_act

    @property
    def human_turn(self) -> bool:
        return self.to_act == HUMAN

    @property
    def computer_turn(self) -> bool:
        return self.to_act is not None and self.to_act != HUMAN

    def action_count(self) -> int:
        """Actions taken in the whole game (a change counter for the page)."""
        return sum(len(h.history) for h in self.game.hands)

    def seat_view(self, seat: int = HUMAN) -> SeatView:
        return self.game.current.view(seat)

    def view(self) -> TableView:
        g = self.game
        seat = self.seat_view()
        return TableView(
            seat=seat, seed=g.seed, hand_number=g.hand_number,
            hands_total=g.length, dealer=g.current.dealer, totals=g.totals(),
            game_over=g.is_over, winners=g.winners() if g.is_over else (),
            settings=self.settings, sheet=self.score_sheet(),
            summary=self.hand_summary() if g.current.is_over else None, hint=self.play_hint(),
            names=names_for(g.rules.players), redeal=g.redeal, rules=g.rules,
            level=self.level, practice=self.practice,
            points=points_so_far(seat) if self.settings.show_points else None,
            can_undo=self.can_undo(), can_claim=self.can_claim(), tutorial=self.tutorial,
            hints=self.hints)

    # ------------------------------------------------------------------ act
    def act(self, action: str | Action) -> TableEvent | None:
        """The human's action; None (and nothing changes) when it is not theirs to take."""
        if not self.human_turn:
            return None
        try:
            a = Action.parse(action)
        except SheepsheadError:
            return None
        h = self.game.current
        if not h.can_apply(a):
            return None
        h.apply(a)
        return TableEvent(HUMAN, str(a), self.game.hand_number)

    def step(self) -> TableEvent | None:
        """Let the computer player to act take one action (the one :meth:`think` worked out,
        if any); None when it is not their turn."""
        if not self.computer_turn:
            return None
        h = self.game.current
        seat = h.to_act
        action = self._thinking.take(self._moment()) or self._choose(h)
        h.apply(action)
        return TableEvent(seat, str(action), self.game.hand_number)

    def think(self, clock: Callable[[], float], deadline: float) -> bool:
        """Think about the computer player's decision until ``clock()`` reaches ``deadline``
        (:mod:`.thinking`); True once :meth:`step` can take it (the same action)."""
        g, h = self.game, self.game.current
        return not self.computer_turn or self._thinking.run(
            self._moment(), lambda: computer_choice_steps(
                self.level, g.seed, g.hand_number, g.redeal, h.view(h.to_act), len(h.history)),
            clock, deadline)

    def _moment(self) -> tuple[object, ...]:
        return self.game.hand_number, self.game.redeal, tuple(self.game.current.history)

    def next_hand(self) -> bool:
        """Deal the next hand once this one is over; False when there is none to deal (the
        practice hand is one hand)."""
        if not self.game.current.is_over or self.game.is_over or self.tutorial:
            return False
        self.game.next_hand()
        return True

    def _choose(self, h: HandState) -> Action:
        """The action of the computer player to act in ``h`` (this game's hand in play, or a
        copy of it being played out): a bot error is a bug and is raised, never hidden."""
        g = self.game
        return computer_choice(self.level, g.seed, g.hand_number, g.redeal, h.view(h.to_act),
                               len(h.history))

    @property
    def level(self) -> str:
        """The computer players' level in this game, fixed when it began: a Daily's is
        :data:`~sheepshead.bots.seating.DAILY_LEVEL` unless it was given (a save of the
        previous version keeps the level it was played against); a New Game's is the
        level setting at its start.  Changing the setting later changes the next New
        Game only."""
        return self._level

    def play_hint(self) -> str | None:
        """When it is your turn to play and some cards are not playable: the engine's reason,
        in the second person (``You must follow trump.``); else None."""
        h = self.game.current
        if not self.human_turn or h.phase is not Phase.PLAY:
            return None
        legal = {str(a) for a in h.legal_actions()}     # drawn often: ask only about the rest
        for card in h.hand_of(HUMAN):
            if f"play {card}" not in legal:
                return self.refusal(str(card))
        return None

    def refusal(self, card: str) -> str | None:
        """Why you may not play ``card`` now, in the engine's words (``You must follow
        clubs.``); None when you may, or when it is not your card to play."""
        h = self.game.current
        if not self.human_turn or h.phase is not Phase.PLAY:
            return None
        try:
            h.verify(f"play {card}")
        except IllegalActionError as e:
            if isinstance(e.refusal, Refusal):
                return e.refusal.text(you=True)
            raise
        except SheepsheadError:          # not a card in notation: nothing to explain
            return None
        return None

    # ---------------------------------------------------------------- help
    def hint(self) -> Hint | None:
        """The Expert's advice for your decision (:func:`~sheepshead.bots.advice.hint`, seeded
        as the table seeds a computer player in your seat), or None when it is not your
        turn.  Asking marks the game as played with hints."""
        steps = self.hint_steps()
        return None if steps is None else drained(steps)

    def hint_steps(self) -> Generator[None, None, Hint] | None:
        """:meth:`hint` a slice at a time (:func:`~sheepshead.bots.advice.hint_steps`); asking
        marks the game as played with hints at once."""
        if not self.human_turn:
            return None
        h = self.game.current
        self.hints = True
        return expert_hint_steps(h.view(HUMAN), seed=self.review_seeds()(len(h.history)))

    def review_seeds(self) -> Callable[[int], int]:
        """The seeds of the Expert's advice in the current hand (the hint and the review), by
        the number of actions before your decision: the ones a computer player in your seat
        would have had."""
        g = self.game
        return _seeds(g.seed, g.hand_number, g.redeal)

    def finished_hands(self) -> list[tuple[int, HandState, Callable[[int], int]]]:
        """Every hand of the game played to its end (thrown-in deals left out): its number,
        the hand, and the seeds of the Expert's advice in it (as :meth:`review_seeds`)."""
        g, out = self.game, []
        for (number, redeal), hand in zip(g.deals, g.hands, strict=True):
            if hand.is_over and not hand.thrown_in:
                out.append((number, hand, _seeds(g.seed, number, redeal)))
        return out

    def can_undo(self) -> bool:
        """You may take back your last decision: a New Game (or the practice hand), not a
        Daily; within the hand in play, before it is over; and you have decided something."""
        h = self.game.current
        if date_of_seed(self.seed) is not None or h.is_over or HUMAN not in h.seats:
            return False
        key = (id(h), len(h.history))
        if self._undo_known[0] != key:       # drawn often: replay the hand once per action
            self._undo_known = (key, undo_point(h.seats, HUMAN, had_choice(h)) is not None)
        return self._undo_known[1]

    def undo(self) -> bool:
        """Take back your last decision: the hand is replayed to just before it (the computer
        players answer the same play the same way).  False when there is none to take back."""
        if not self.can_undo():
            return False
        before = undone(self.game.current, HUMAN)
        if before is None:
            return False
        self.game.hands[-1] = before
        return True

    def forced_play(self) -> Action | None:
        """Your only legal card, when it is your turn to play and you have just one."""
        if not self.human_turn:
            return None
        return forced_play(self.seat_view())

    def can_claim(self) -> bool:
        """On your lead, with two or more cards left, every card you hold wins its trick
        whatever the hidden cards are (:func:`~sheepshead.bots.claim.can_claim`)."""
        if not self.human_turn:
            return False
        v = self.seat_view()
        return len(v.hand) >= 2 and can_claim(v)

    def claim(self) -> list[TableEvent]:
        """Claim the remaining tricks: they are played out, your cards in the proof's order,
        each computer player's card its own choice (so a result link still checks every
        computer move).  ``[]`` when the claim does not hold."""
        if not self.can_claim():
            return []
        h = self.game.current
        g = self.game
        events = []
        for code in claimed_play(h, lambda s: self._choose(s).code):
            seat = h.to_act
            action = action_of(code)
            h.apply(action)
            events.append(TableEvent(seat, str(action), g.hand_number))
        return events

    # -------------------------------------------------------------- results
    def hand_summary(self, number: int | None = None) -> FinishedHand:
        """The after-hand summary of hand ``number`` (default: the current one, when over)."""
        return hand_summary(self.game, number)

    def score_sheet(self) -> ScoreSheet:
        return score_sheet(self.game)


def _level_for(seed: str, settings: Settings, level: str | None) -> str:
    if level is None:
        level = DAILY_LEVEL if date_of_seed(seed) is not None else settings.level
    if level not in LEVELS:
        raise SheepsheadError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    return level


def _seeds(seed: str, number: int, redeal: int) -> Callable[[int], int]:
    return lambda before: decision_seed(seed, number, HUMAN, before, redeal)
