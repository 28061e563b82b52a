"""The table's dialogs: the after-hand summary, the score sheet, the menu with settings, and
the Options panel (the table options for the next New Game).

Pure Python, no ``js``: each function returns HTML from a
:class:`~sheepshead.ui.table.table.TableView`.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Protocol

from ... import __version__
from ...position import CallKind
from ...rules import (
    OPTION_HELP,
    AllPass,
    LeasterBlind,
    LeasterTie,
    LeasterTiebreak,
    PartnerBy,
    Rules,
)
from ..help.helppanels import dialog as _dialog
from ..help.helppanels import review_panel_html, rules_panel_html
from ..look.chart import totals_chart
from ..look.markup import ICON, card_html
from ..look.markup import button as _button
from ..look.wording import HUMAN, NAMES, names_for, place_of, place_text, rules_phrases, signed
from ..storage.settings import SPEEDS
from .table import TableView

if TYPE_CHECKING:                   # the review loads when first opened
    from ..help.review import HandReview

__all__ = ["Facts", "NO_FACTS", "panel_html", "stats_html", "standings_html"]

LEVEL_NAMES = {"easy": "Easy", "standard": "Standard", "expert": "Expert"}


class PanelState(Protocol):
    """What the panels read of the page's interface state (``render.UiState``, which imports
    this module)."""

    panel: str | None
    hand_review: HandReview | None
    summary_closed_for: int
    busy: bool
    """An animation is running: the hand's last trick is still on the felt."""


@dataclass(frozen=True)
class Facts:
    """What the table shows of the page's games beyond the game itself, computed by the page
    for each drawing from its state (never kept here): a friend's ``challenge`` (their name
    and the total to beat, from ``Friends.challenge``) and whether to ``offer_tutorial``
    (the practice hand, on a first visit)."""

    challenge: tuple[str, int] | None = None
    offer_tutorial: bool = False
    today: str = ""
    """Today's date (ISO), for the menu's Daily button."""
    stats: tuple[str, ...] = ()
    """Your Dailies' statistics in words (:meth:`DailyStats.lines
    <sheepshead.ui.daily.stats.DailyStats.lines>`), for the menu (worked out only while it is
    open)."""
    waiting: str | None = None
    """Where the New Game in progress stands (``at hand 4 of 10, your total +3``) when the
    table shows something else, for the menu's way back to it."""


NO_FACTS = Facts()
"""A table drawn by itself (a test, the build's snapshot): no friend, no statistics."""


SPEED_NAMES = {"slow": "Slow", "normal": "Normal", "fast": "Fast", "instant": "Instant (no animation)"}


def panel_html(tv: TableView, ui: PanelState, four: bool, facts: Facts = NO_FACTS) -> str:
    """The table's own dialog; ``facts`` what it shows of the page's games: a friend's
    challenge (their name and total: the menu names it and the Game over screen compares you
    with them), the date, your statistics and the game waiting (the menu)."""
    challenge = facts.challenge
    v = tv.seat
    panel = ui.panel
    if panel is None and v.is_over and not ui.busy and ui.summary_closed_for != tv.hand_number:
        panel = "summary"
    if panel == "menu":
        return _menu(tv, facts)
    if panel == "options":
        return _options_panel(tv)
    if panel == "scores":
        return _scores_panel(tv)
    if panel == "summary" and v.is_over:
        return _summary_panel(tv, ui, four, challenge)
    if panel == "rules":
        return rules_panel_html(four)
    if panel == "hand-review":
        can_next = v.is_over and not tv.game_over and not tv.tutorial
        back = tv.game_over and tv.daily_date is not None
        return review_panel_html(ui.hand_review, can_next, back)
    return ""


def _playing(tv: TableView, challenge: tuple[str, int] | None = None) -> str:
    """What the menu's footer says is on the table: ``Daily 2026-12-01``, ``Your New Game,
    hand 3 of 10`` or ``Rory's challenge, hand 3 of 10`` (no hex id a player reads: issue
    40; the id stays in its tooltip, to quote), ``The practice hand``."""
    if tv.tutorial:
        return "The practice hand"
    if tv.daily_date:
        return f"Daily {tv.daily_date}"
    whose = (f"<bdi>{escape(challenge[0])}</bdi>’s challenge" if challenge is not None
             else "Your New Game")
    return (f'<span title="game {escape(tv.game_id)}">{whose}, hand {tv.hand_number} of '
            f'{tv.hands_total}</span>')


def _select(setting: str, label: str, options: dict[str, str], value: str) -> str:
    opts = "".join(f'<option value="{k}"{" selected" if k == value else ""}>{escape(t)}</option>'
                   for k, t in options.items())
    return (f'<label class="field"><span>{escape(label)}</span>'
            f'<select data-setting="{setting}">{opts}</select></label>')


def _text(setting: str, label: str, value: str, help_text: str, max_length: int) -> str:
    help_id = f"{setting}-help"
    return (f'<label class="field text"><span>{escape(label)}</span>'
            f'<input type="text" data-setting="{setting}" value="{escape(value, quote=True)}" '
            f'maxlength="{max_length}" autocomplete="nickname" spellcheck="false" '
            f'aria-describedby="{help_id}"></label>'
            f'<p class="help small" id="{help_id}">{escape(help_text)}</p>')


KEPT_WHERE = ("Kept in this browser only: your Daily results, each game's save and your "
              "settings, in its storage for this site. Clearing the site's data deletes them, "
              "and Safari deletes them after about a week without a visit unless the game is "
              "on your home screen. The menu's Export keeps a copy to import in another browser.")
"""Said under the statistics: what is kept where (docs/offline.md, "Browsers")."""


def stats_html(lines: tuple[str, ...] | list[str]) -> str:
    """The Daily statistics (``Dailies played: 3`` …) as a compact list of terms, and
    where they are kept (:data:`KEPT_WHERE`)."""
    items = []
    for line in lines:
        term, _, value = line.partition(": ")
        items.append(f"<div><dt>{escape(term)}</dt><dd>{escape(value)}</dd></div>")
    return (f'<dl class="stats">{"".join(items)}</dl>'
            f'<p class="help small kept-where">{escape(KEPT_WHERE)}</p>')


def standings_html(totals: tuple[int, ...]) -> str:
    """The standings, best first, your row marked: ``1st You +7``."""
    names = names_for(len(totals))
    order = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
    items = []
    for seat in order:
        place, tied = place_of(totals, seat)
        mine = ' class="you"' if seat == HUMAN else ""
        pos = place_text(place, tied, len(totals)).rsplit(" of ", 1)[0]
        items.append(f'<li{mine}><span class="pos">{pos}</span> '
                     f'<span class="who">{escape(names[seat])}</span> '
                     f'<span class="pts">{signed(totals[seat])}</span></li>')
    return f'<ol class="standings">{"".join(items)}</ol>'



def _check(setting: str, label: str, value: bool) -> str:
    return (f'<label class="field check"><input type="checkbox" data-setting="{setting}"'
            f'{" checked" if value else ""}><span>{escape(label)}</span></label>')


BACKUP_HTML = (
    '<div class="menu-buttons backup">'
    + _button("Export to a file", "", data_ui="backup-file")
    + _button("Export as a link", "", data_ui="backup-link")
    + '<label class="btn file">Import…<input type="file" data-backup="file" '
    'accept=".json,application/json,text/plain"></label></div>')
"""Export and import of a backup (:mod:`.moving`), under the statistics in the menu."""
NAME_HELP = "Shown on the results you share (plain text, at most 24 characters)."


def _menu(tv: TableView, facts: Facts) -> str:
    s, challenge = tv.settings, facts.challenge
    daily = f"Daily {facts.today}" if facts.today else "Daily"
    back = (_button("Back to your New Game", "primary", data_ui="resume")
            + f'<p class="small waiting">{escape(facts.waiting.capitalize())}</p>'
            if facts.waiting else "")
    body = (
        f'{back}<div class="menu-buttons">'
        f'{_button(daily, "" if back else "primary", data_ui="daily")}'
        f'{_button("New Game", "", data_ui="new")}'
        f'{_button("Share", "", data_ui="share")}'
        f'{_challenge_button(tv)}'
        f'{_button("Board of the day", "", data_ui="board")}'
        f'{_button("Score sheet", "", data_ui="scores")}'
        f'{_button("Table options…", "", data_ui="options", aria_haspopup="dialog")}'
        f'{_button("Practice hand", "", data_ui="tutorial")}'
        f'{_button("Rules at hand", "", data_ui="rules", aria_haspopup="dialog")}</div>'
        f'{_rules_line(tv)}'
        f'{"<h3>Your Dailies</h3>" + stats_html(facts.stats) + BACKUP_HTML if facts.stats else ""}'
        '<h3>Settings</h3><div class="settings">'
        f'{_select("level", "Computer players in New Games", LEVEL_NAMES, s.level)}'
        '<p class="help small">The Daily is always played against the Expert, the same for '
        'everyone.</p>'
        f'{_select("speed", "Speed", {k: SPEED_NAMES[k] for k in SPEEDS}, s.speed)}'
        f'{_check("four_colour", "Four-colour deck", s.four_colour)}'
        f'{_check("reduced_motion", "Reduced motion", s.reduced_motion)}'
        f'{_check("show_points", "Show the points taken", s.show_points)}'
        f'{_check("auto_play", "Play my only legal card for me", s.auto_play)}'
        f'{_text("name", "Your name", s.name, NAME_HELP, 24)}'
        '</div>'
        '<h3>Help</h3><p class="links"><a href="./static/rules.html" target="_blank" '
        'rel="noopener">Rules</a> · <a href="./static/cheatsheet.html" target="_blank" '
        'rel="noopener">Printable cheat sheet</a> <span class="small">(a new tab: this game '
        'keeps its place)</span></p>'
        f'<p class="small">{_playing(tv, challenge)} · game version <span id="engine-version">'
        f'{__version__}</span></p>')
    return _dialog("Menu", body, "menu")


def _challenge_button(tv: TableView) -> str:
    """A New Game's challenge, offered from the menu at any time (issue 40: only after all
    ten hands); the Game over screen offers it too."""
    if tv.tutorial or tv.daily_date or tv.game_over:
        return ""
    return _button("Challenge a friend", "", data_ui="challenge")


def _rules_line(tv: TableView) -> str:
    phrases = rules_phrases(tv.rules)
    text = "; ".join(phrases) if phrases else "the standard rules"
    return f'<p class="small">This game: {escape(text)}, against {tv.level_name} computer players.</p>'


PLAYER_NAMES = {"5": "Five", "4": "Four", "3": "Three"}
OPTION_CHOICES = {
    "players": ("Players", PLAYER_NAMES),
    "partner": ("Partner", {PartnerBy.CALLED_ACE.value: "The called Ace",
                            PartnerBy.JACK_OF_DIAMONDS.value: "The Jack of diamonds"}),
    "all_pass": ("When everyone passes", {AllPass.LEASTER.value: "Leaster",
                                          AllPass.DOUBLER.value: "Doubler",
                                          AllPass.DEALER_PICKS.value: "The dealer must pick"}),
    "leaster_tiebreak": ("Leaster tie", {LeasterTiebreak.NONE.value: "Not broken",
                                         LeasterTiebreak.FEWER_TRICKS.value: "Fewer tricks wins"}),
    "leaster_tie": ("Leaster tie that remains", {LeasterTie.NOTHING.value: "Nobody scores",
                                                 LeasterTie.SHARED.value: "Shared"}),
    "leaster_blind": ("Leaster blind", {LeasterBlind.NOBODY.value: "Counts for nobody",
                                        LeasterBlind.LAST_TRICK.value: "To the last trick"}),
}
OPTION_CHECKS = {"double_on_bump": "Double on the bump", "crack": "Crack and re-crack",
                 "blitz": "Blitz", "schwarz_to_picker": "Schwarz charged to the picker"}
OPTION_ORDER = ("players", "partner", "double_on_bump", "crack", "blitz", "schwarz_to_picker",
                "all_pass", "leaster_tiebreak", "leaster_tie", "leaster_blind")


def _option_control(name: str, rules: Rules) -> str:
    value = getattr(rules, name)
    value = str(getattr(value, "value", value))
    help_id = f"opt-{name}-help"
    help_text = OPTION_HELP[name][0]
    disabled = name == "partner" and rules.players == 3
    if disabled:
        help_text += " Three-handed, the picker always plays alone."
    help_html = f'<p class="help" id="{help_id}">{escape(help_text)}</p>'
    if name in OPTION_CHOICES:
        label, choices = OPTION_CHOICES[name]
        opts = "".join(f'<option value="{k}"{" selected" if k == value else ""}>'
                       f'{escape(t)}</option>' for k, t in choices.items())
        return (f'<div class="option"><label class="field"><span>{escape(label)}</span>'
                f'<select data-option="{name}" aria-describedby="{help_id}"'
                f'{" disabled" if disabled else ""}>{opts}</select></label>{help_html}</div>')
    checked = getattr(rules, name)
    return (f'<div class="option"><label class="field check"><input type="checkbox" '
            f'data-option="{name}" aria-describedby="{help_id}"{" checked" if checked else ""}>'
            f'<span>{escape(OPTION_CHECKS[name])}</span></label>{help_html}</div>')


def _options_panel(tv: TableView) -> str:
    chosen = tv.settings.rules
    phrases = rules_phrases(chosen)
    body = (
        '<p class="lead">These options apply to your next <strong>New Game</strong>; the game '
        'in play keeps its own. <strong>The Daily always uses the standard rules</strong>, so '
        'everyone\'s Daily is comparable.</p>'
        f'<div class="options">{"".join(_option_control(n, chosen) for n in OPTION_ORDER)}</div>'
        f'<p class="small" id="options-chosen">Chosen: '
        f'{escape("; ".join(phrases) if phrases else "the standard rules")}.</p>'
        '<div class="menu-buttons">'
        f'{_button("New Game with these options", "primary", data_ui="new")}'
        f'{_button("Standard rules", "", data_ui="options-default")}</div>'
        f'{_rules_line(tv)}')
    return _dialog("Table options", body, "options")


def _score_table(tv: TableView, rows: tuple[tuple[int, tuple[int, ...]], ...],
                 totals: tuple[int, ...]) -> str:
    head = "".join(f'<th scope="col">{n}</th>' for n in tv.names)
    body = []
    for n, scores in rows:
        cells = "".join(f"<td>{s:+d}</td>" for s in scores)
        body.append(f'<tr><th scope="row">{n}</th>{cells}</tr>')
    if not rows:
        body.append(f'<tr><td colspan="{len(tv.names) + 1}">No hand finished yet.</td></tr>')
    tot = "".join(f"<td>{t:+d}</td>" for t in totals)
    return (f'<table class="sheet"><thead><tr><th scope="col">Hand</th>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody>'
            f'<tfoot><tr><th scope="row">Total</th>{tot}</tr></tfoot></table>')


def _winner_line(tv: TableView) -> str:
    if not tv.game_over:
        return ""
    w = tv.winners
    best = tv.totals[w[0]]
    if w == (HUMAN,):
        text = f"You win the game with {best:+d}!"
    elif len(w) == 1:
        text = f"{NAMES[w[0]]} wins the game with {best:+d}."
    else:
        text = " and ".join(NAMES[s] for s in w) + f" share the win with {best:+d}."
    return f'<p class="winner">★ {escape(text)}</p>'


def _game_over_buttons(tv: TableView) -> str:
    if not tv.game_over:
        return ""
    if tv.daily_date:
        return ('<div class="menu-buttons">' + _button("Daily result", "primary", data_ui="results")
                + _button("New Game", "", data_ui="new") + _button("Share", "", data_ui="share")
                + "</div>")
    return ('<div class="menu-buttons">' + _button("Challenge a friend", "primary",
                                                   data_ui="challenge") +
            _button("Board", "", data_ui="board:table") + _button("Daily", "", data_ui="daily") +
            _button("New Game", "", data_ui="new") + _button("Share", "", data_ui="share") +
            "</div>")


def versus_line(you: int, name: str, theirs: int) -> str:
    """A challenge's outcome in words: ``You +3, Rory −4: you beat Rory's score.``"""
    if you > theirs:
        verdict = f"you beat {name}’s score by {you - theirs}."
    elif you == theirs:
        verdict = f"the same as {name}: a tie."
    else:
        verdict = f"{name}’s score stands, {theirs - you} ahead of yours."
    return f"You {signed(you)}, {name} {signed(theirs)}: {verdict}"


def _game_result(tv: TableView, challenge: tuple[str, int] | None = None) -> str:
    """The end of a game, first: your place and total, a small celebration when you won,
    how you did against a friend who challenged you, the standings and what to do next."""
    place, tied = place_of(tv.totals)
    versus = ""
    if challenge is not None and not tv.daily_date:
        versus = (f'<p class="versus" id="versus">'
                  f'{escape(versus_line(tv.totals[HUMAN], challenge[0], challenge[1]))}</p>')
    won = HUMAN in tv.winners
    party = ""
    if won:
        stars = "<i>★</i>" * 12         # each star's --k is its place (style.css)
        party = f'<div class="celebrate" aria-hidden="true">{stars}</div>'
    return (f'<div class="game-result{" won" if won else ""}">{party}'
            f'<p class="headline"><span class="label">You finished</span> '
            f'<span class="place">{escape(place_text(place, tied, tv.players))}</span> '
            f'<span class="total">{signed(tv.totals[HUMAN])}</span></p>'
            f'{versus}{_winner_line(tv)}{standings_html(tv.totals)}'
            f'{totals_chart(tv.sheet.rows, tv.names)}{_game_over_buttons(tv)}</div>')


def _scores_panel(tv: TableView) -> str:
    sheet = tv.sheet
    body = (_winner_line(tv) + _score_table(tv, sheet.rows, sheet.totals) +
            '<p class="small">Every hand adds up to zero, so the totals do too.</p>' +
            _game_over_buttons(tv))
    return _dialog("Score sheet", body, "scores")


def _summary_panel(tv: TableView, ui: PanelState, four: bool,
                   challenge: tuple[str, int] | None) -> str:
    s = tv.summary
    if s is None:
        raise ValueError("the hand summary is drawn only once the hand is over")
    if s.thrown_in:
        body = (f'<p class="outcome">{escape(s.outcome)}</p>'
                '<p>Thrown-in hands are not among the ten, and nothing is scored.</p>'
                '<div class="menu-buttons">' + _button("Deal again", "primary", data_ui="next") +
                _button("Score sheet", "", data_ui="scores") + "</div>")
        return _dialog(f"Hand {s.number} thrown in", body, "summary")
    lines = []
    if tv.game_over:                      # the game's result leads: your place, the standings
        lines.append(_game_result(tv, challenge))
        lines.append(f"<h3>Hand {s.number}</h3>")
    lines += [f'<p class="outcome">{escape(s.outcome)}</p>', '<dl class="facts">']
    if s.stakes:
        lines.append(f"<dt>Stakes</dt><dd>{escape(s.stakes)}</dd>")
    if s.leaster:
        blind = ("Its points go to whoever took the last trick"
                 if tv.rules.leaster_blind is LeasterBlind.LAST_TRICK
                 else "Set aside: its points count for nobody")
        lines.append(f"<dt>Picker</dt><dd>Nobody picked: a leaster</dd>"
                     f"<dt>Blind</dt><dd>{blind}</dd>")
    elif s.picker is not None and s.side_points is not None:
        lines.append(f"<dt>Picker</dt><dd>{ICON['picker']} {NAMES[s.picker]}</dd>")
        if s.alone and tv.players == 3:
            lines.append("<dt>Partner</dt><dd>None: three-handed, the picker plays alone</dd>")
        elif s.alone and s.call_kind is CallKind.JACK:
            lines.append("<dt>Partner</dt><dd>None: the picker held or buried the Jack of "
                         "diamonds, so played alone</dd>")
        elif s.alone:
            lines.append("<dt>Partner</dt><dd>None: the picker went alone</dd>")
        elif s.call_kind is CallKind.JACK and s.partner is not None:
            lines.append(f"<dt>Partner</dt><dd>{ICON['partner']} {NAMES[s.partner]} "
                         f"(the Jack of diamonds)</dd>")
        else:
            name = s.called.name if s.called is not None else "nothing"
            called = name + (" (unknown card)" if s.call_kind is CallKind.UNKNOWN else "")
            partner = (f"{ICON['partner']} {NAMES[s.partner]}" if s.partner is not None
                       else "nobody (the picker held it)")
            lines.append(f"<dt>Called</dt><dd>{escape(called)}</dd>"
                         f"<dt>Partner</dt><dd>{partner}</dd>")
        bury = "".join(card_html(c, four_colour=four, cls="mini-card", tabindex="-1") for c in s.bury)
        pts = sum(c.points for c in s.bury)
        lines.append(f'<dt>Buried</dt><dd class="cardrow bury">{bury}<span>{pts} points</span></dd>')
        blind = "".join(card_html(c, four_colour=four, cls="mini-card", tabindex="-1")
                        for c in s.blind)
        lines.append(f'<dt>Blind</dt><dd class="cardrow">{blind}</dd>')
        side, defenders = s.side_points
        lines.append(f"<dt>Points</dt><dd>Picker's side {side} · Defenders {defenders}</dd>")
    lines.append("</dl>")
    rows = "".join(
        f'<tr><th scope="row">{NAMES[seat]}</th><td>{s.points[seat]}</td><td>{s.tricks_won[seat]}</td>'
        f'<td class="{"up" if s.scores[seat] > 0 else "down" if s.scores[seat] < 0 else ""}">'
        f'{s.scores[seat]:+d}</td><td>{tv.totals[seat]:+d}</td></tr>'
        for seat in range(tv.players))
    lines.append('<table class="sheet"><thead><tr><th scope="col">Player</th>'
                 '<th scope="col">Points</th><th scope="col">Tricks</th>'
                 '<th scope="col">This hand</th><th scope="col">Total</th></tr></thead>'
                 f'<tbody>{rows}</tbody></table>')
    if tv.game_over:
        sheet = tv.sheet
        lines.append("<h3>Score sheet</h3>" + _score_table(tv, sheet.rows, sheet.totals))
        lines.append('<div class="menu-buttons">'
                     + _button("Review this hand", "", data_ui="hand-review") + "</div>")
    elif tv.tutorial:
        lines.append('<p class="lead">That was the practice hand. The picker\'s side needed 61 '
                     'of the 120 points.</p><div class="menu-buttons">'
                     + _button("Review this hand", "", data_ui="hand-review")
                     + _button("Play today's Daily", "primary", data_ui="daily")
                     + _button("New Game", "", data_ui="new") + "</div>")
    else:
        lines.append('<div class="menu-buttons">' + _button("Next hand", "primary", data_ui="next") +
                     _button("Review this hand", "", data_ui="hand-review") +
                     _button("Score sheet", "", data_ui="scores") + "</div>")
    title = ("Game over" if tv.game_over else "The practice hand" if tv.tutorial
             else f"Hand {s.number} of {tv.hands_total}")
    return _dialog(title, "".join(lines), "summary")
