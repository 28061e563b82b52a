"""The Daily's results screen and the question before leaving a New Game, as HTML.

Pure Python, no ``js``: :func:`results_html` draws a :class:`DailyScreen` (built by
:meth:`Session.daily_screen <sheepshead.ui.page.session.Session.daily_screen>`), and
:func:`confirm_html` a :class:`Question`.  The page puts either into the ``#panel``
region, like every dialog of :mod:`.panels`.

Intents (``data-ui``): ``share-result``, ``practice``, ``new``, ``summary``, ``close``,
``hand-review:N`` (the results screen); ``confirm-yes`` / ``confirm-no`` (the question).
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from html import escape

from ...rules import Rules
from ..look.markup import button
from ..look.wording import HUMAN, friendly_date, names_for
from ..table.panels import standings_html, stats_html
from .daily import DailyResult, Outcome, place_of, place_text, signed, versus_par

__all__ = ["DailyScreen", "Question", "results_html", "confirm_html", "par_line"]


@dataclass(frozen=True)
class DailyScreen:
    """What the results screen of a Daily shows.

    ``result`` is the date's locked first result (None when it could not be locked, e.g.
    storage refused), ``rows`` its score sheet (hand number, ledger change per seat);
    ``practice_totals`` the totals of the practice game just finished (None after the
    scored game); ``par`` once known, ``par_progress`` (0 to 1) while it is worked out;
    ``countdown`` like ``Next Daily in 7 h 12 min``; ``stats`` the statistics in words."""

    day: _dt.date
    result: DailyResult | None
    rows: tuple[tuple[int, tuple[int, ...]], ...]
    totals: tuple[int, ...]
    practice_totals: tuple[int, ...] | None
    par: int | None
    par_progress: float | None
    countdown: str
    stats: tuple[str, ...]
    outcomes: tuple[Outcome, ...] = ()
    """Your hands as the shared emoji line shows them (of the locked result)."""
    lesson: str | None = None
    """Where the game went (:attr:`GameReview.line <sheepshead.ui.help.review.GameReview.line>`):
    while it is worked out, then your costliest decision; None before it starts."""
    lesson_hand: int | None = None
    """The hand of that decision, whose review the screen offers."""


@dataclass(frozen=True)
class Question:
    """New Game asks before leaving a New Game in progress: the game it would start
    (``seed`` None: a fresh one), its table options and level, and the game in progress in
    words (``at hand 4 of 10, you +3``)."""

    seed: str | None
    rules: Rules
    level: str
    in_progress: str
    challenge: str | None = None
    """Whose challenge the game in progress is (its question names it), or None."""


def par_line(total: int, par: int | None, progress: float | None) -> str:
    """``You +7 · Expert in your seat +4``, or ``Working out par… 40%`` meanwhile."""
    if par is None and progress is not None:
        return f"Working out par… {min(int(progress * 100), 99)}%"
    return versus_par(total, par)


def _par_verdict(total: int, par: int | None) -> str:
    if par is None:
        return ""
    if total > par:
        return "You beat par."
    if total == par:
        return "You matched par (beating it takes more)."
    return "Par beat you this time."


def _sheet(rows: tuple[tuple[int, tuple[int, ...]], ...], totals: tuple[int, ...]) -> str:
    names = names_for(len(totals))
    head = "".join(f'<th scope="col">{escape(n)}</th>' for n in names)
    body = "".join(f'<tr><th scope="row">{n}</th>' +
                   "".join(f"<td>{signed(x)}</td>" for x in scores) + "</tr>"
                   for n, scores in rows)
    foot = "".join(f"<td>{signed(t)}</td>" for t in totals)
    return (f'<table class="sheet"><thead><tr><th scope="col">Hand</th>{head}</tr></thead>'
            f'<tbody>{body}</tbody><tfoot><tr><th scope="row">Total</th>{foot}</tr></tfoot>'
            f'</table>')


def _square(o: Outcome) -> str:
    """One outcome drawn as the share's emoji looks, in CSS (no emoji font needed: issue 40
    saw tofu boxes where the machine had none)."""
    return f'<i class="sq sq-{o.name.lower().replace("_", "-")}"></i>'


def outcomes_html(outcomes: tuple[Outcome, ...]) -> str:
    """Your hands as the shared text's emoji line, drawn in CSS squares, with a key to the
    squares it uses."""
    line = "".join(_square(o) for o in outcomes)
    used = [o for o in Outcome if o in outcomes]
    key = " · ".join(f'<span class="key">{_square(o)} {escape(o.words)}</span>' for o in used)
    words = "; ".join(f"hand {n}: {o.words}" for n, o in enumerate(outcomes, 1))
    return (f'<p class="outcomes"><span class="emoji-line" role="img" '
            f'aria-label="{escape(words)}">{line}</span>'
            f'<span class="emoji-key small" aria-hidden="true">{key}</span></p>')


def results_html(s: DailyScreen) -> str:
    """The results screen: your place and total first, the par, Share and the countdown,
    then the standings, the score sheet and your statistics."""
    parts = []
    if s.practice_totals is not None:
        place, tied = place_of(s.practice_totals)
        parts.append('<p class="practice-banner" role="note">Practice — your result is '
                     'locked</p>')
        parts.append(f'<p class="practice-line">This practice: '
                     f'{signed(s.practice_totals[HUMAN])} '
                     f'({place_text(place, tied, len(s.practice_totals))}). It changes '
                     f'nothing.</p>')
    r = s.result
    if r is None:
        parts.append('<p class="lead">Your result could not be kept in this browser yet '
                     '(storage refused); it is kept as soon as storage allows.</p>')
    else:
        where = place_text(r.place, r.tied, len(r.totals))
        label = "Your result" if s.practice_totals is not None else "You finished"
        parts.append(f'<p class="headline"><span class="label">{label}</span> '
                     f'<span class="place">{escape(where)}</span> '
                     f'<span class="total">{signed(r.total)}</span>'
                     f'{" <span class=hints-tag>with hints</span>" if r.hints else ""}</p>')
        verdict = _par_verdict(r.total, s.par)
        par = " · ".join(f'<span class="part">{escape(p)}</span>'
                         for p in par_line(r.total, s.par, s.par_progress).split(" · "))
        parts.append(f'<p class="par" id="par" role="status">{par}'
                     f'{f" <span class=verdict>{escape(verdict)}</span>" if verdict else ""}'
                     f'</p>')
        parts.append('<div class="menu-buttons">'
                     + button("Share result", "primary", data_ui="share-result")
                     + button("Board of the day", "", data_ui="board:table") + "</div>")
    if s.outcomes:
        parts.append(outcomes_html(s.outcomes))
    if s.lesson is not None:
        offer = (button(f"Review hand {s.lesson_hand}", "small", data_ui=f"hand-review:{s.lesson_hand}")
                 if s.lesson_hand is not None else "")
        parts.append(f'<p class="lesson" id="lesson" role="status">{escape(s.lesson)}</p>{offer}')
    parts.append(f'<p class="countdown" id="countdown">{escape(s.countdown)}</p>')
    if r is not None:
        parts.append("<h3>Standings</h3>" + standings_html(r.totals))
        parts.append("<h3>Score sheet</h3>" + _sheet(s.rows, s.totals))
    if s.stats:
        parts.append("<h3>Your Dailies</h3>" + stats_html(s.stats))
    again = "Practice again" if s.practice_totals is not None else "Practice this Daily"
    parts.append('<div class="menu-buttons">' + button(again, "", data_ui="practice")
                 + button("New Game", "", data_ui="new")
                 + button("Hand 10 summary", "", data_ui="summary") + "</div>")
    title = f"Daily {friendly_date(s.day)}" + (" · practice" if s.practice_totals is not None
                                               else "")
    return ('<div class="dialog results" role="dialog" aria-modal="true" '
            'aria-labelledby="results-title" id="results">'
            f'<div class="dialog-head"><h2 id="results-title" tabindex="-1">{escape(title)}'
            f'</h2>{button("Close", "small close", data_ui="close")}</div>'
            f'{"".join(parts)}</div>')


def confirm_html(q: Question) -> str:
    """The question before a New Game replaces the one in progress, in the page's style."""
    if q.challenge is not None:         # issue 40: the prompt said "Your New Game" only
        who = q.challenge
        title = f"Leave {who}’s challenge?"
        text = (f"You are playing {who}’s challenge, {q.in_progress}. Starting another game "
                f"drops it, and it cannot be resumed. (Your Dailies are kept apart and stay "
                f"as they are.)")
    else:
        title = "Leave your New Game?"
        text = (f"Your New Game is {q.in_progress}. Starting another replaces it, and it "
                f"cannot be resumed. (Your Dailies are kept apart and stay as they are.)")
    return ('<div class="dialog confirm" role="alertdialog" aria-modal="true" '
            'aria-labelledby="confirm-title" aria-describedby="confirm-text" id="confirm">'
            f'<div class="dialog-head"><h2 id="confirm-title" tabindex="-1">{escape(title)}'
            '</h2></div>'
            f'<p id="confirm-text">{escape(text)}</p>'
            '<div class="menu-buttons">'
            + button("Keep playing it", "primary", data_ui="confirm-no")
            + button("Start a new game", "danger", data_ui="confirm-yes")
            + "</div></div>")
