"""Streaks and statistics of the Dailies, from the results book.

Pure Python.  Everything is derived from the results book
(:class:`~sheepshead.ui.daily.daily.ResultsBook`, kept in the browser under
``sheepshead.daily.results`` as versioned JSON; fields a newer version adds are
kept, a book that cannot be read is set aside, never a crash), so the
statistics survive updates as long as the book does, and there is nothing else
to keep in step.

* **Streak dates.**  A date counts for streaks when its Daily was finished (its
  result locked) on that date or on the next day, local time: a game begun late
  in the evening still counts, but playing an old date from the archive does not
  mend a broken streak (it still counts as played, for wins, average and par).
  A result kept before the finishing time was recorded counts.
* **Current streak**: consecutive streak dates ending today, or yesterday when
  today's Daily is not finished yet (the streak is not broken before the day is
  over).  **Best streak**: the longest run ever.
* **Wins**: first place; a tie for first counts as a win (the table's rule: equal
  highest totals share the win).
* **Average and best total**: your total over every locked result.
* **Par**: only results whose par is known count; you beat par with a total above
  it (equal is not beaten).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable
from dataclasses import dataclass

from ..storage.picture import Rest
from .daily import DailyResult, ResultsBook, place_text, signed

__all__ = ["DailyStats", "daily_stats", "streak_dates", "counts_for_streak",
           "current_streak", "best_streak", "rest_of"]

_DAY = _dt.timedelta(days=1)


@dataclass(frozen=True)
class DailyStats:
    """The Dailies at a glance.  ``average`` and ``best`` are None before the first
    result; ``par_known`` counts results with a par and ``beat_par`` those above it."""

    played: int
    wins: int
    current_streak: int
    best_streak: int
    average: float | None
    best: int | None
    par_known: int
    beat_par: int

    def lines(self) -> tuple[str, ...]:
        """The statistics in words, one line each, for the results screen and the menu."""
        out = [f"Dailies played: {self.played}",
               f"Wins: {self.wins}",
               f"Current streak: {_days(self.current_streak)}",
               f"Best streak: {_days(self.best_streak)}"]
        if self.average is not None and self.best is not None:
            out.append(f"Average total: {_average(self.average)}")
            out.append(f"Best total: {signed(self.best)}")
        if self.par_known:
            out.append(f"Beat par: {self.beat_par} of {self.par_known}")
        return tuple(out)


def _days(n: int) -> str:
    return f"{n} day" if n == 1 else f"{n} days"


def _average(x: float) -> str:
    text = f"{x:+.1f}"
    return "0.0" if text in ("+0.0", "-0.0") else text


def counts_for_streak(result: DailyResult) -> bool:
    """Whether ``result`` keeps a streak alive: finished on its date or the next day (or
    kept before finishing times were recorded)."""
    if result.finished is None:
        return True
    return result.finished.date() - result.day <= _DAY


def streak_dates(book: ResultsBook) -> list[_dt.date]:
    """The dates that count for streaks, in order."""
    return sorted(d for d, r in book.results.items() if counts_for_streak(r))


def current_streak(dates: Iterable[_dt.date], today: _dt.date) -> int:
    """Consecutive dates ending today, or ending yesterday when today is not among them."""
    have = set(dates)
    day = today if today in have else today - _DAY
    n = 0
    while day in have:
        n += 1
        day -= _DAY
    return n


def best_streak(dates: Iterable[_dt.date]) -> int:
    """The longest run of consecutive dates."""
    best = run = 0
    last: _dt.date | None = None
    for day in sorted(set(dates)):
        run = run + 1 if last is not None and day - last == _DAY else 1
        best = max(best, run)
        last = day
    return best


def daily_stats(book: ResultsBook, today: _dt.date) -> DailyStats:
    """The statistics of ``book`` on ``today`` (the local date)."""
    results = list(book.results.values())
    totals = [r.total for r in results]
    with_par = [r for r in results if r.par is not None]
    streaks = streak_dates(book)
    return DailyStats(
        played=len(results),
        wins=sum(1 for r in results if r.won),
        current_streak=current_streak(streaks, today),
        best_streak=best_streak(streaks),
        average=sum(totals) / len(totals) if totals else None,
        best=max(totals) if totals else None,
        par_known=len(with_par),
        beat_par=sum(1 for r in with_par if r.beat_par),
    )


def rest_of(book: ResultsBook, day: _dt.date, today: _dt.date) -> Rest | None:
    """``day``'s Daily result in one line and the streak (None: no result that day), for
    the table's picture (:class:`~sheepshead.ui.storage.picture.Rest`)."""
    result = book.result(day)
    if result is None:
        return None
    dates = streak_dates(book)
    place = place_text(result.place, result.tied, len(result.totals))
    return Rest(f"Daily {day.isoformat()}: {place}, {signed(result.total)}",
                current_streak(dates, today), dates[-1].isoformat() if dates else "")
