"""The Daily: one scored attempt a day, practice, the archive, the par and the share text.

Pure Python (no ``js``, no ``pyscript``).  Everyone's Daily of a date is the same
game: the seed ``daily:YYYY-MM-DD`` (the player's local calendar date, see
``docs/specs/deals.md``), the default table (:data:`DAILY_RULES`) and the
computer players of :data:`DAILY_LEVEL` (the Expert).

* :class:`ResultsBook` — each date's locked first result (:class:`DailyResult`),
  stored as one versioned JSON value under ``sheepshead.daily.results``;
  :class:`DailyResults` reads and writes it in a
  :class:`~sheepshead.ui.storage.saves.Storage`.  The first play-through of a date is
  its result, locked once its tenth hand is done (:meth:`DailyResults.record`);
  playing the date again is practice and never changes the book
  (:meth:`ResultsBook.attempt_kind`).
* :func:`open_daily` — which date's Daily a request opens (never a future one);
  :func:`countdown` — "Next Daily in 7 h 12 min".
* :func:`par_steps` — the **par**: the Expert in your seat on the same ten deals
  against the same computer players, played a decision at a time so the page
  can show progress; deterministic, so it is kept in the book per date.
* :func:`share_text` — a spoiler-free text: the score, place, par, an emoji line
  of the ten hands (:class:`Outcome`) and the result link; no cards.

Decisions where the issue is silent are in ``docs/daily.md``.
"""

from __future__ import annotations

import datetime as _dt
import enum
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Literal, TypeGuard, TypeVar

from ...bots.seating import DAILY_LEVEL, computer_choice_steps
from ...deals import daily_seed
from ...errors import SheepsheadError
from ...game import HANDS_PER_GAME, Game
from ...game import HUMAN_SEAT as HUMAN
from ...grammar import date_of_seed, parse_date
from ...links import daily_link, game_link, page_base
from ...names import chat_safe
from ...results import NEW_GAME_LEVEL, result_fragment
from ...rules import DEFAULT_RULES, Rules
from ..look.wording import place_of, place_text, rules_phrases, signed
from ..storage.jsontext import MAX_RESULTS_CHARS
from ..storage.saves import (
    LEVELS,
    RESULTS_KEY,
    SaveError,
    Shelf,
    Storage,
    StorageFailed,
    parse_json,
)
from ..storage.store import STAMP_FIELDS, Owners, StaleWrite

__all__ = [
    "DAILY_LEVEL", "DAILY_RULES", "HUMAN", "AttemptKind", "DailyResult", "ResultsBook",
    "DailyResults", "Par", "ParProgress", "Outcome", "RESULTS_FORMAT", "RESULTS_VERSION",
    "daily_game", "date_of_seed", "open_daily", "next_daily_at", "countdown", "par_steps", "par_slices",
    "hand_outcomes", "outcome_line", "place_of", "place_text", "signed",
    "share_text", "versus_par",
]

DAILY_RULES: Rules = DEFAULT_RULES
"""The Daily's table: always the default one."""
RESULTS_FORMAT = "sheepshead-daily-results"
RESULTS_VERSION = 1
"""Bumped only for a change an older version cannot read; added fields keep version 1."""

AttemptKind = Literal["scored", "practice"]
_T = TypeVar("_T")


# ------------------------------------------------------------------ dates
def daily_game(day: _dt.date) -> Game:
    """A fresh Daily of ``day``: its seed, the default table."""
    return Game(daily_seed(day), DAILY_RULES)


def open_daily(requested: _dt.date | None, today: _dt.date) -> tuple[_dt.date, str | None]:
    """The date whose Daily opens for a request (``#daily=…``; None: today's), and one line
    saying why when it is not the one asked for.  A future date is not out yet, so today's
    opens instead; a past date opens as asked (scored only if never played:
    :meth:`ResultsBook.attempt_kind`)."""
    if requested is None or requested == today:
        return today, None
    if requested > today:
        return today, (f"The Daily of {requested.isoformat()} is not out yet (today is "
                       f"{today.isoformat()} here), so here is today's Daily.")
    return requested, None


def next_daily_at(now: _dt.datetime) -> _dt.datetime:
    """The next local midnight after ``now`` (naive local time)."""
    return _dt.datetime.combine(now.date() + _dt.timedelta(days=1), _dt.time(),
                                tzinfo=now.tzinfo)


def countdown(now: _dt.datetime) -> str:
    """``Next Daily in 7 h 12 min``: the time to the next local midnight, whole minutes
    rounded up (never "0 min"): ``Next Daily in 1 min`` in the last minute of a day,
    ``Next Daily in 24 h`` at midnight itself.  ``now`` is naive local time (wall-clock
    time: on the night the clocks change it is off by that hour)."""
    left = next_daily_at(now) - now
    minutes = -(-int(left.total_seconds() * 1_000_000) // 60_000_000)
    hours, minutes = divmod(max(minutes, 1), 60)
    if not hours:
        return f"Next Daily in {minutes} min"
    if not minutes:
        return f"Next Daily in {hours} h"
    return f"Next Daily in {hours} h {minutes} min"


# --------------------------------------------------------------- outcomes
class Outcome(enum.Enum):
    """How a hand went for one seat, as the share text's emoji line shows it.
    Won or lost is that seat's score for the hand (above or below zero)."""

    PICKED_WON = ("🟩", "picked and won")
    PICKED_LOST = ("🟥", "picked and lost")
    PARTNER_WON = ("🟦", "partner, won")
    PARTNER_LOST = ("🟧", "partner, lost")
    DEFENDED_WON = ("🟨", "defended and won")
    DEFENDED_LOST = ("⬛", "defended and lost")
    LEASTER_WON = ("⭐", "won the leaster")
    LEASTER_NOT_WON = ("⚪", "leaster, not won")

    @property
    def emoji(self) -> str:
        return self.value[0]

    @property
    def words(self) -> str:
        return self.value[1]


def hand_outcomes(game: Game, seat: int = HUMAN) -> tuple[Outcome, ...]:
    """The :class:`Outcome` of each finished hand for ``seat``, in order (a thrown-in deal
    is not a hand)."""
    out: list[Outcome] = []
    for hand in game.hands:
        if not hand.is_over:
            continue
        r = hand.result()
        if r.thrown_in:
            continue
        won = r.scores[seat] > 0
        if r.leaster:
            out.append(Outcome.LEASTER_WON if won else Outcome.LEASTER_NOT_WON)
        elif r.picker == seat:
            out.append(Outcome.PICKED_WON if won else Outcome.PICKED_LOST)
        elif r.partner == seat:
            out.append(Outcome.PARTNER_WON if won else Outcome.PARTNER_LOST)
        else:
            out.append(Outcome.DEFENDED_WON if won else Outcome.DEFENDED_LOST)
    return tuple(out)


def outcome_line(game: Game, seat: int = HUMAN) -> str:
    """The emoji of each finished hand (ten for a finished game)."""
    return "".join(o.emoji for o in hand_outcomes(game, seat))


def versus_par(total: int, par: int | None) -> str:
    """``You +7 · Expert in your seat +4`` (without the par while it is not known)."""
    text = f"You {signed(total)}"
    return text if par is None else f"{text} · Expert in your seat {signed(par)}"


# ----------------------------------------------------------------- results
@dataclass(frozen=True)
class DailyResult:
    """A date's locked first result.  ``fragment`` is its result link (whole game, seat 0
    is you; ``results.md``), ``totals`` every seat's total, ``finished`` the local time it
    was locked (None in a book from before it was kept), ``par`` the Expert-in-your-seat
    total once computed.  ``extra`` keeps fields a newer version wrote."""

    day: _dt.date
    fragment: str
    totals: tuple[int, ...]
    place: int
    tied: bool
    hints: bool
    level: str = DAILY_LEVEL
    finished: _dt.datetime | None = None
    par: int | None = None
    extra: dict[str, object] = field(default_factory=dict)

    @property
    def total(self) -> int:
        """Your total."""
        return self.totals[HUMAN]

    @property
    def won(self) -> bool:
        """First place, a tie for first included."""
        return self.place == 1

    @property
    def beat_par(self) -> bool | None:
        """Above par (None while the par is not known)."""
        return None if self.par is None else self.total > self.par

    def to_json(self) -> dict[str, object]:
        data = dict(self.extra)
        data.update({"result": self.fragment, "totals": list(self.totals),
                     "place": self.place, "tied": self.tied, "hints": self.hints,
                     "level": self.level,
                     "finished": None if self.finished is None
                     else self.finished.isoformat(timespec="seconds"),
                     "par": self.par})
        return data

    @classmethod
    def from_json(cls, day: _dt.date, data: object) -> DailyResult:
        if not isinstance(data, dict):
            raise SheepsheadError(f"results {day}: not an object")
        fragment, totals, place = data.get("result"), data.get("totals"), data.get("place")
        tied, hints, level = data.get("tied"), data.get("hints"), data.get("level")
        finished, par = data.get("finished"), data.get("par")
        if not isinstance(fragment, str) or not fragment.startswith(daily_link(day) + "&"):
            raise SheepsheadError(f"results {day}: result is not that date's result link")
        scores = _ints(totals)
        if scores is None or not 3 <= len(scores) <= 5:
            raise SheepsheadError(f"results {day}: totals must be 3 to 5 whole numbers")
        if not _is_int(place) or not 1 <= place <= len(scores):
            raise SheepsheadError(f"results {day}: place is not a place at the table")
        if not isinstance(tied, bool) or not isinstance(hints, bool):
            raise SheepsheadError(f"results {day}: tied and hints must be true or false")
        if level not in LEVELS:
            raise SheepsheadError(f"results {day}: unknown level")
        if par is not None and not _is_int(par):
            raise SheepsheadError(f"results {day}: par must be a whole number or null")
        when: _dt.datetime | None = None
        if finished is not None:
            try:
                when = _dt.datetime.fromisoformat(str(finished))
            except ValueError:
                raise SheepsheadError(f"results {day}: finished is not a date and time") \
                    from None
        known = ("result", "totals", "place", "tied", "hints", "level", "finished", "par")
        return cls(day, fragment, scores, place, tied, hints, str(level), when, par,
                   {k: v for k, v in data.items() if k not in known})


def _is_int(v: object) -> TypeGuard[int]:
    """A whole number a results book may hold (bounded: the book is outside text)."""
    return isinstance(v, int) and not isinstance(v, bool) and -10**9 < v < 10**9


def _ints(v: object) -> tuple[int, ...] | None:
    if not isinstance(v, list):
        return None
    out = tuple(t for t in v if _is_int(t))
    return out if len(out) == len(v) else None


@dataclass(frozen=True)
class ResultsBook:
    """Every date's locked first result, as stored (one JSON value).

    ``unreadable`` keeps entries this version cannot read and ``extra`` top-level fields
    a newer version wrote; both are written back unchanged.  ``read_only`` is True for a
    book of a later, incompatible version (read as far as possible) and for one that could
    not be read at all: such a book is never written over."""

    results: dict[_dt.date, DailyResult] = field(default_factory=dict)
    unreadable: dict[str, object] = field(default_factory=dict)
    extra: dict[str, object] = field(default_factory=dict)
    read_only: bool = False

    def result(self, day: _dt.date) -> DailyResult | None:
        return self.results.get(day)

    def attempt_kind(self, day: _dt.date) -> AttemptKind:
        """``scored`` until the date has a locked result, then ``practice``."""
        return "practice" if day in self.results else "scored"

    def with_result(self, result: DailyResult) -> ResultsBook:
        """The book with ``result`` locked in, unless its date already has one (then the
        same book: the first result stays)."""
        if result.day in self.results:
            return self
        return replace(self, results={**self.results, result.day: result})

    def with_par(self, day: _dt.date, par: int) -> ResultsBook:
        """The book with the par of ``day``'s result filled in (unchanged when the date has
        no result)."""
        old = self.results.get(day)
        if old is None or old.par == par:
            return self
        return replace(self, results={**self.results, day: replace(old, par=par)})

    def to_text(self) -> str:
        entries: dict[str, object] = dict(self.unreadable)
        for day in sorted(self.results):
            entries[day.isoformat()] = self.results[day].to_json()
        data = dict(self.extra)
        data.update({"format": RESULTS_FORMAT, "version": RESULTS_VERSION,
                     "results": dict(sorted(entries.items()))})
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_text(cls, text: str) -> ResultsBook:
        """Read a stored book; SheepsheadError (one line) when it is not one at all."""
        data = parse_json(text, "results book", MAX_RESULTS_CHARS)
        if not isinstance(data, dict) or data.get("format") != RESULTS_FORMAT:
            raise SheepsheadError(f"results book: not a {RESULTS_FORMAT} object")
        version = data.get("version")
        if not _is_int(version) or version < 1:
            raise SheepsheadError("results book: no version")
        entries = data.get("results")
        if not isinstance(entries, dict):
            raise SheepsheadError("results book: results must be an object")
        results: dict[_dt.date, DailyResult] = {}
        unreadable: dict[str, object] = {}
        for name, entry in entries.items():
            try:
                day = parse_date(name, "results")
                results[day] = DailyResult.from_json(day, entry)
            except SheepsheadError:
                unreadable[name] = entry
        extra = {k: v for k, v in data.items()
                 if k not in ("format", "version", "results", *STAMP_FIELDS)}
        return cls(results, unreadable, extra, version > RESULTS_VERSION)


class DailyResults(Shelf):
    """The results book in a :class:`~sheepshead.ui.storage.saves.Storage`.  Every call reads the
    book afresh (another tab may have locked a result meanwhile); a book that cannot be
    read is set aside (``sheepshead.set-aside.<n>``) with a notice (:meth:`take_notices`)
    and an empty one takes its place.

    Two tabs: the book is one value, read, changed and written whole, and a tab's copy of
    storage can be behind another tab's last write (the browser hands writes on between
    tabs a moment later, with a ``storage`` event).  So each tab remembers every result it
    locked or took in (and the pars it filled in), and when another tab's write arrives
    without them (:meth:`external_change`), it writes them back into that tab's book: a
    write that lost the race is merged again, and neither tab's results are lost.

    The book's two rules are kept here, for every way in (a Daily finished, a backup taken
    in, another tab's write merged): **one locked result a date** (the first stays final) and
    **only dates that have come** (``today``: the page's clock; a result for a later date
    is never written)."""

    def __init__(self, storage: Storage,
                 today: Callable[[], _dt.date] = _dt.date.today,
                 owners: Owners | None = None) -> None:
        super().__init__(storage, owners)
        self.today = today
        self._mine: dict[_dt.date, DailyResult] = {}
        self.owners.own(RESULTS_KEY, lambda key, text, lost: self.external_change(text, lost=lost))

    def book(self) -> ResultsBook:
        """The stored book (empty when there is none, it is unreadable or storage refused)."""
        try:
            text = self._read_value(RESULTS_KEY)
        except StorageFailed as e:
            self._notices.append(f"{e}.")
            return ResultsBook(read_only=True)      # never write over what was not read
        if text is None:
            return ResultsBook()
        try:
            return ResultsBook.from_text(text)
        except SheepsheadError as e:
            if not self._put_aside(RESULTS_KEY, text, str(e)):
                return ResultsBook(read_only=True)  # never write over them
            return ResultsBook()

    def attempt_kind(self, day: _dt.date) -> AttemptKind:
        return self.book().attempt_kind(day)

    def _record(self, game: Game, *, hints: bool, now: _dt.datetime,
               level: str = DAILY_LEVEL) -> DailyResult | None:
        """What :meth:`record` does, once (its write may lose the race: :class:`StaleWrite`)."""
        day = date_of_seed(game.seed)
        if day is None or game.rules != DAILY_RULES:
            raise SheepsheadError("only a Daily on the default table has a Daily result")
        if not game.is_over:
            raise SheepsheadError("the Daily is not over: its result locks after hand ten")
        if day > now.date():
            raise SheepsheadError(f"the Daily of {day.isoformat()} is still to come here: "
                                  f"it has no result yet")
        book = self.book()
        if day in book.results:
            return None
        self._writable(book)
        totals = game.totals()
        place, tied = place_of(totals)
        fragment = result_fragment(game, level=None if level == DAILY_LEVEL else level)
        result = DailyResult(day, fragment, totals, place, tied, hints, level,
                             now.replace(microsecond=0, tzinfo=None))
        self._write(book.with_result(result))
        self._mine[day] = result
        return result

    def _record_par(self, day: _dt.date, par: int) -> DailyResult | None:
        """What :meth:`record_par` does, once."""
        book = self.book()
        if day not in book.results:
            return None
        self._writable(book)
        book = book.with_par(day, par)
        self._write(book)
        if day in self._mine:
            self._mine[day] = book.results[day]
        return book.results[day]

    def _take_in(self, results: list[DailyResult]) -> tuple[int, int]:
        """What :meth:`take_in` does, once."""
        book = self.book()
        today = self.today()
        new = {r.day: r for r in results if r.day not in book.results and r.day <= today}
        if new:
            self._writable(book)
            self._write(replace(book, results={**book.results, **new}))
            self._mine.update(new)
        return len(new), len(results) - len(new)

    def record(self, game: Game, *, hints: bool, now: _dt.datetime,
               level: str = DAILY_LEVEL) -> DailyResult | None:
        """Lock ``game`` (a finished Daily) as its date's result, unless the date has one:
        then nothing changes (it was practice) and None is returned.  ``level`` is the one
        it was played against (a save migrated from the previous version may have another);
        ``now`` the local time.  Raises :class:`~sheepshead.ui.storage.saves.StorageFailed`
        when storage refuses (call again later: nothing was locked) and
        :class:`~sheepshead.ui.storage.saves.SaveError` for a book of a newer version."""
        return self._again(lambda: self._record(game, hints=hints, now=now, level=level))

    def record_par(self, day: _dt.date, par: int) -> DailyResult | None:
        """Keep the par of ``day`` with its result; the result (None when there is none)."""
        return self._again(lambda: self._record_par(day, par))

    def take_in(self, results: list[DailyResult]) -> tuple[int, int]:
        """Add results from elsewhere (a backup) in one write, never over a date's result
        here (a locked result is final) nor for a date still to come here: how many were
        added, how many were not.  Raises as :meth:`record` does, and then nothing was
        written."""
        return self._again(lambda: self._take_in(results))

    def _again(self, call: Callable[[], _T]) -> _T:
        """``call`` (a read, change and write of the book); where its write lost the race
        (:class:`StaleWrite`: another tab wrote the book since it was read) it is made
        again from the book as it is now, up to three times, then refused."""
        for _ in range(2):
            try:
                return call()
            except StaleWrite:
                continue
        return call()

    def external_change(self, new_text: str | None, *, lost: bool = True) -> bool:
        """Another tab wrote the book (the ``storage`` event's new text): when it lacks a
        result this tab locked or took in (that tab's write was made from a copy taken
        before this tab's reached it), or a par this tab filled in, write them back into
        the book as it is now; True when that was needed.  A date's first result stays
        final: where the other tab's book holds another result for a date, it is kept and
        this tab's is dropped from what it remembers.  A book removed (storage cleared by
        the player) is left so.  ``lost``: the store saw that write made over another than
        this tab's last (:meth:`~sheepshead.ui.storage.store.Owners.external_change`); a
        write made over this tab's holds all of it, and nothing is merged."""
        if new_text is None or not self._mine or not lost:
            return False
        try:
            theirs = ResultsBook.from_text(new_text)
        except SheepsheadError:
            return False                   # read again (and set aside) where it is used
        missing = {}
        for day, mine in list(self._mine.items()):
            there = theirs.results.get(day)
            if there is None:
                missing[day] = mine
            elif there.fragment != mine.fragment:
                del self._mine[day]        # another tab locked that date first
            elif there.par is None and mine.par is not None:
                missing[day] = replace(there, par=mine.par)
        if not missing:
            return False
        try:
            return self._again(lambda: self._merge_back(missing))
        except (StorageFailed, StaleWrite) as e:
            why = "storage refused" if isinstance(e, StorageFailed) else "it kept changing"
            self._notices.append(f"Your Daily results changed in another tab and could not "
                                 f"be merged here: {why}.")
            return False

    def _merge_back(self, missing: dict[_dt.date, DailyResult]) -> bool:
        """Write ``missing`` (this tab's results and pars) into the book as this tab's
        storage holds it now, where it lacks them; True when written."""
        book = self.book()
        merged = {**book.results}
        for day, mine in missing.items():
            there = merged.get(day)
            if there is None or (there.fragment == mine.fragment and there.par is None):
                merged[day] = mine
        if merged == book.results or book.read_only:
            return False
        self._write(replace(book, results=merged))
        return True

    def _writable(self, book: ResultsBook) -> None:
        if book.read_only:
            raise SaveError("the Daily results were written by a newer version of the game "
                            "or could not be read; this version leaves them as they are",
                            RESULTS_KEY)

    def _write(self, book: ResultsBook) -> None:
        self._write_value(RESULTS_KEY, book.to_text())


# --------------------------------------------------------------------- par
@dataclass(frozen=True)
class Par:
    """The Expert in your seat: ``total`` (seat 0's), every seat's ``totals``, each hand's
    ledger change per seat, and the par game's result link (``fragment``) to replay it."""

    day: _dt.date
    total: int
    totals: tuple[int, ...]
    hand_scores: tuple[tuple[int, ...], ...]
    fragment: str


@dataclass(frozen=True)
class ParProgress:
    """One step of :func:`par_steps`: computer decisions taken so far (a forced move is no
    decision), hands finished, of ``hands_total``; ``par`` is set on the last step only."""

    decisions: int
    hands: int
    hands_total: int
    par: Par | None = None


def par_steps(day: _dt.date, *, hands: int = HANDS_PER_GAME) -> Iterator[ParProgress]:
    """Play ``day``'s Daily with every seat, yours included, chosen by the Daily's computer
    players exactly as the table chooses (:func:`~sheepshead.bots.seating.computer_choice`
    at :data:`DAILY_LEVEL`), yielding a :class:`ParProgress` after every decision and every
    hand; the last one carries the :class:`Par`.  Deterministic: the same date always gives
    the same par (in every browser and in CPython), so it can be kept.  ``hands`` below ten
    plays only the first hands (for tests and previews); the par is the ten-hand total."""
    return (step for step in par_slices(day, hands=hands) if step is not None)


def par_slices(day: _dt.date, *, hands: int = HANDS_PER_GAME) -> Iterator[ParProgress | None]:
    """:func:`par_steps`, with a None between two sampled deals of each decision (the page
    works the par out a slice at a time)."""
    if not 1 <= hands <= HANDS_PER_GAME:
        raise SheepsheadError(f"hands must be 1 to {HANDS_PER_GAME}, not {hands}")
    game = daily_game(day)
    decisions = done = 0
    while True:
        state = game.current
        while not state.is_over:
            view = state.view(state.to_act)
            state.apply((yield from computer_choice_steps(
                DAILY_LEVEL, game.seed, game.hand_number, game.redeal, view, len(state.history))))
            if len(view.legal) > 1:
                decisions += 1
                yield ParProgress(decisions, done, hands)
        thrown_in = state.result().thrown_in
        done += 0 if thrown_in else 1
        if game.is_over or (done >= hands and not thrown_in):
            break
        yield ParProgress(decisions, done, hands)
        game.next_hand()
    totals = game.totals()
    par = Par(day, totals[HUMAN], totals, tuple(tuple(s) for s in game.hand_scores()),
              result_fragment(game))
    yield ParProgress(decisions, len(par.hand_scores), hands, par)


# ------------------------------------------------------------------- share
def share_text(game: Game, page_url: str, *, level: str, hints: bool = False,
               par: int | None = None, practice: bool = False, by: str | None = None) -> str:
    """The spoiler-free text to share: no cards, only the game's name, your score and place,
    the par and whether hints were used, the emoji line (:class:`Outcome`, one per finished
    hand) and the result link (the game link while no hand is finished)::

        Sheepshead Daily 2026-12-01: +7 (2nd of 5) · par +4 · with hints
        🟩🟨⬛🟦🟨⬛⭐🟥🟨🟨
        https://example.org/sheepshead/#daily=2026-12-01&result=1.AABDeX…

    ``level`` is the computer players' level the game was played against (written in the
    link as ``level=`` only when it is not that kind of game's usual one); ``by`` the
    sender's name for the link; ``practice`` marks a Daily played again."""
    base = page_base(page_url)
    day = date_of_seed(game.seed)
    if day is not None:
        name = f"Sheepshead Daily {day.isoformat()}" + (" (practice)" if practice else "")
        usual = DAILY_LEVEL
    else:
        name = "Sheepshead New Game"             # the link names the game, not its id
        phrases = rules_phrases(game.rules)         # "three players", as the table says
        if phrases:
            name += f" ({', '.join(phrases)})"
        if by:                                  # who shares it (issue 40), chat-safe
            name += f" from {chat_safe(by)}"
        usual = NEW_GAME_LEVEL
    totals = game.totals()
    done = len(game.hand_scores())
    place, tied = place_of(totals)
    head = f"{name}: "
    playing = not game.current.is_over and bool(game.current.history)   # a hand under way
    if done == 0:                       # "just sat down" only before the first card
        head += f"playing hand 1 of {game.length}" if playing else "just sat down"
    else:
        head += f"{signed(totals[HUMAN])} ({place_text(place, tied, len(totals))})"
        if not game.is_over:
            head += f" after {done} of {game.length} hands"
            if playing:
                head += f", playing hand {game.hand_number}"
    parts = [head]
    if day is None and level != usual:
        parts.append(f"{level} players")
    if par is not None:
        parts.append(f"par {signed(par)}")
    if hints:
        parts.append("with hints")
    lines = [" · ".join(parts)]
    if done:
        lines.append(outcome_line(game))
        lines.append(base + result_fragment(game, by, None if level == usual else level,
                                            hints=hints))
    else:
        lines.append(base + game_link(game.seed, game.rules))
    return "\n".join(lines)
