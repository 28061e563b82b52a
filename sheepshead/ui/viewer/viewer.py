"""What a result link shows: the sender's game, checked, as HTML (pure Python, no ``js``).

The page reads a link (:func:`~sheepshead.results.parse_result`), checks its scores
(``check_result(link, computer_moves=False)``, quick) and builds a :class:`ViewerModel`
(:func:`viewer_model`): every hand's summary and tricks as the sender's seat 0 saw them
after the hand, when all is public.  :func:`viewer_html` draws it; the computer-move
check (seconds for an Expert game) arrives later as ``moves_checked`` / ``difference``.

Intents (``data-ui``): ``viewer-hand:N``, ``viewer-trick:N:T`` (1-based),
``viewer-hands`` and ``viewer-reveal`` are answered here (:data:`INTENTS`); ``viewer-close``
and ``viewer-play`` are the page's own.  Seat 0 is the sender, named by ``by=``
(always escaped) or "Anonymous", never "You" (the reader).  No card is written as ``QC``
in visible text: cards are named or drawn.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, fields
from html import escape

from ...actions import Kind
from ...board import ANONYMOUS
from ...cards import Card
from ...errors import SheepsheadError
from ...game import HANDS_PER_GAME
from ...game import HUMAN_SEAT as SENDER
from ...grammar import date_of_seed
from ...names import shown_name, skeleton
from ...position import CallKind
from ...results import ResultCheck, ResultLink, check_result
from ...scoring import ROW_NAMES, HandResult
from ...view import PublicAction, SeatView
from ..daily.daily import DailyResult, place_of, place_text, signed
from ..look.markup import ICON, button
from ..look.svg import card_svg
from ..look.wording import (
    action_phrase,
    and_list,
    difference_text,
    friendly_date,
    names_for,
    rules_phrases,
)
from ..table.tableview import FinishedHand, finished_hand
from .state import INTENTS, ViewerState, viewer_intent

__all__ = ["ViewerModel", "HandReplay", "ViewerState", "viewer_model", "viewer_html",
           "viewer_intent", "spoiler_guard_html", "bad_link_text",
           "check_text", "difference_text", "INTENTS"]

CHECKED = "Checked: every card and every computer move"
DIFFERENT = "Scores checked; the computer moves differ from this version's players"
CHECKING = "Scores checked; checking the computer moves…"


# ------------------------------------------------------------------ model
@dataclass(frozen=True)
class HandReplay(FinishedHand):
    """One hand of the shared game after it was played: the :class:`FinishedHand` the table
    shows (its ``outcome`` naming the sender in the third person), thrown in and dealt again
    ``throw_ins`` times first, with ``bidding`` (who passed, picked, buried, called, cracked)
    and ``facts`` (who picked, the called card, the partner) in words."""

    throw_ins: int
    bidding: str
    facts: str


@dataclass(frozen=True)
class ViewerModel:
    """Everything a result link shows (:func:`viewer_model`).  ``sender`` is ``by`` or
    "Anonymous" (as a board names a result without one); ``names`` the seat labels, seat 0
    the sender's (with "(sender)" when its name is another seat's); ``day`` a Daily's date
    and ``game_id`` a New Game's id (the other None); ``level`` the computer players' level
    the moves are checked against."""

    link: ResultLink
    by: str | None
    sender: str
    names: tuple[str, ...]
    day: _dt.date | None
    game_id: str | None
    rules_text: str
    level: str
    scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    place: int
    tied: bool
    finished: bool
    hands: tuple[HandReplay, ...]

    @property
    def is_daily(self) -> bool:
        return self.day is not None

    @property
    def players(self) -> int:
        return len(self.totals)

    @property
    def game_link(self) -> str:
        """The game's own link (``#daily=…`` or ``#game=…[&rules=…]``), for "Play"."""
        return self.link.game_link()

    @property
    def title(self) -> str:
        """``Bev's Daily, Tue Dec 1``, ``Bev's game``, or ``A shared result``."""
        if self.by is None:
            return "A shared result"
        return f"{self.by}'s Daily, {friendly_date(self.day)}" if self.day else f"{self.by}'s game"

    @property
    def title_html(self) -> str:
        """:attr:`title` as HTML, the sender's name isolated in ``<bdi>``."""
        if self.by is None:
            return escape(self.title)
        name = f"<bdi>{escape(self.by)}</bdi>"
        rest = f"'s Daily, {friendly_date(self.day)}" if self.day else "'s game"
        return name + escape(rest)

    @property
    def not_the_dailys(self) -> bool:
        """A Daily checked against other computer players than the Daily's own."""
        return self.is_daily and self.link.daily_opponents is False

    @property
    def game_text(self) -> str:
        """``the Daily of 2026-12-01`` / ``a New Game`` (no hex id a player reads: issue 40)."""
        return f"the Daily of {self.day.isoformat()}" if self.day else "a New Game"


def viewer_model(link: ResultLink, check: ResultCheck | None = None) -> ViewerModel:
    """Replay ``link`` (already valid: :func:`~sheepshead.results.parse_result`) into what
    the viewer shows; ``check`` is its scores check (computed when None, computer moves
    unchecked), whose scores and totals the model shows."""
    if check is None:
        check = check_result(link, computer_moves=False)
    game = link.game()
    if check.seed != link.seed or tuple(game.totals()) != tuple(check.totals) \
            or [tuple(s) for s in game.hand_scores()] != [tuple(s) for s in check.scores]:
        raise SheepsheadError("the scores check is not this link's")
    players = link.rules.players
    by = None if link.by is None else shown_name(link.by)   # no Zalgo, no blank name
    sender = by if by is not None else ANONYMOUS
    others = names_for(players)[1:]
    label = sender
    if skeleton(sender) in {skeleton(n) for n in others} | {"you"}:   # "Gus" or "Gυs"
        label = f"{sender} (sender)"
    names = (label, *others)
    hands: list[HandReplay] = []
    throw_ins = 0
    for (number, redeal), state in zip(game.deals, game.hands, strict=True):
        if state.thrown_in:
            throw_ins += 1
            continue
        hands.append(_replay(number, throw_ins, redeal, state.view(SENDER), names))
        throw_ins = 0
    phrases = rules_phrases(link.rules)
    place, tied = place_of(check.totals, SENDER)
    kind, _, value = link.seed.partition(":")
    return ViewerModel(
        link=link, by=by, sender=sender, names=names, day=date_of_seed(link.seed),
        game_id=value if kind == "game" else None,
        rules_text="; ".join(phrases) if phrases else "the standard rules",
        level=check.level, scores=tuple(tuple(s) for s in check.scores),
        totals=tuple(check.totals), place=place, tied=tied, finished=check.finished,
        hands=tuple(hands))


def _replay(number: int, throw_ins: int, redeal: int, v: SeatView,
            names: tuple[str, ...]) -> HandReplay:
    hand = finished_hand(number, redeal, v, lambda r: _outcome(r, names))
    assert v.result is not None
    return HandReplay(**{f.name: getattr(hand, f.name) for f in fields(hand)},
                      throw_ins=throw_ins, bidding=_bidding(v.history, names, v.players),
                      facts=_facts(v.result, v, names))


# ---------------------------------------------------------------- wording
def _bidding(history: tuple[PublicAction, ...], names: tuple[str, ...], players: int) -> str:
    """``Gus and Bev passed; Lars picked, buried the … and called the ….``"""
    clauses: list[tuple[list[str], list[str]]] = []     # (subjects, predicates)
    picked = False
    passes = 0
    for p in history:
        if p.kind is Kind.PLAY:
            break
        who = names[p.seat]
        if p.kind is Kind.PASS:
            if picked:
                continue                # no crack, no blitz: nothing happened
            passes += 1
            if clauses and clauses[-1][1] == ["passed"]:
                clauses[-1][0].append(who)
            else:
                clauses.append(([who], ["passed"]))
            continue
        if p.kind is Kind.PICK:
            picked = True
        what = action_phrase(p.action, True) if p.action is not None else p.kind.value
        if clauses and clauses[-1][0] == [who] and clauses[-1][1] != ["passed"]:
            clauses[-1][1].append(what)
        else:
            clauses.append(([who], [what]))
    if not picked and passes == players:
        return "Everyone passed."
    return "; ".join(f"{and_list(s)} {and_list(d)}" for s, d in clauses) + "." if clauses else ""


def _facts(r: HandResult, v: SeatView, names: tuple[str, ...]) -> str:
    """``Lars picked and called the Ace of hearts; partner: Gus``."""
    if r.leaster:
        return "Nobody picked: a leaster"
    assert r.picker is not None
    picker = names[r.picker]
    kind = v.call_kind
    if kind is CallKind.JACK:
        if r.partner is None:
            return f"{picker} picked and played alone (held or buried the Jack of diamonds)"
        return f"{picker} picked; partner: {names[r.partner]} (the Jack of diamonds)"
    if r.partner is None or r.called is None:
        return f"{picker} picked and " + ("played alone (three-handed)" if v.players == 3
                                          else "went alone")
    unknown = " (with an unknown card)" if kind is CallKind.UNKNOWN else ""
    return f"{picker} picked and called the {r.called.name}{unknown}; partner: {names[r.partner]}"


def _outcome(r: HandResult, names: tuple[str, ...]) -> str:
    """Who won and how, in the third person (seat 0 is the sender, not "you")."""
    if r.leaster:
        winners = r.winners
        if not winners:
            return "Leaster: a tie for fewest points, so nobody scores."
        if len(winners) == 1:
            return f"Leaster: {names[winners[0]]} wins with {r.points[winners[0]]} points."
        return (f"Leaster: {and_list([names[w] for w in winners])} share the win with "
                f"{r.points[winners[0]]} points.")
    assert r.side_points is not None and r.picker is not None
    side, defenders = r.side_points
    row = ROW_NAMES.get(r.row or 0, "")
    who = names[r.picker] + (f" and {names[r.partner]}" if r.partner is not None else " alone")
    if side >= 61:
        how = {"schwarz": " and took every trick", "schneider": ", schneider"}.get(row, "")
        return f"{who} won with {side} points{how}."
    how = {"schwarzed": " and took no trick", "schneidered": ", schneidered"}.get(row, "")
    return f"{who} lost with {side} points{how}; the defenders took {defenders}."


def check_text(moves_checked: bool | None) -> str:
    """The check in words: True, False, or None while the computer moves are checked."""
    return CHECKED if moves_checked is True else DIFFERENT if moves_checked is False \
        else CHECKING


# ------------------------------------------------------------------- HTML
def _dialog(model: ViewerModel, body: str) -> str:
    """The dialog markup of :mod:`~sheepshead.ui.table.panels`, closed by ``viewer-close``."""
    return ('<div class="dialog viewer" role="dialog" aria-modal="true" '
            'aria-labelledby="viewer-title" id="viewer">'
            f'<div class="dialog-head"><h2 id="viewer-title" tabindex="-1">'
            f'{model.title_html}</h2>'
            f'{button("Close", "small close", data_ui="viewer-close")}</div>{body}</div>')


def _about(model: ViewerModel, hints: bool | None = None) -> str:
    game = model.game_text
    said = ' · <span class="hints-tag">with hints</span>' if hints else ""
    out = (f'<p class="small viewer-about">{escape(game[0].upper() + game[1:])} · '
           f'{escape(model.rules_text)} · {escape(model.level.capitalize())} computer '
           f'players{said}</p>')
    if model.not_the_dailys:
        out += (f'<p class="viewer-not-daily" role="note">Not the Daily\'s opponents: this '
                f'game was played against {escape(model.level.capitalize())} computer players, '
                f'so it is not a result of the Daily.</p>')
    return out


def _esc(model: ViewerModel, text: str) -> str:
    """``text`` escaped for HTML, the sender's name in it isolated in ``<bdi>`` when it may
    hold right-to-left letters (so it cannot reorder the words around it)."""
    out = escape(text)
    if model.by is not None and not model.by.isascii():
        label = escape(model.names[SENDER])
        out = out.replace(label, f"<bdi>{label}</bdi>")
    return out


def _card(card: Card, four: bool) -> str:
    """A card's picture, named (not a button: nothing happens when it is tapped)."""
    return (f'<span class="card mini-card" role="img" aria-label="{escape(card.name)}">'
            f'{card_svg(card, four_colour=four)}</span>')


def _place_short(place: int, tied: bool, players: int) -> str:
    return place_text(place, tied, players).rsplit(" of ", 1)[0]


def _standing(model: ViewerModel) -> str:
    total = model.totals[SENDER]
    place = place_text(model.place, model.tied, model.players)
    if model.finished:
        return f"{model.names[SENDER]} finished {signed(total)} ({place})."
    return (f"{model.names[SENDER]} was {signed(total)} ({place}) after {len(model.scores)} "
            f"of {HANDS_PER_GAME} hands.")


def _compare(model: ViewerModel, own: DailyResult | None) -> str:
    if own is None or model.day is None or own.day != model.day:
        return ""
    n = model.players
    text = (f"You {signed(own.total)} ({_place_short(own.place, own.tied, len(own.totals))})"
            f" · {model.sender} {signed(model.totals[SENDER])} "
            f"({_place_short(model.place, model.tied, n)})")
    return f'<p class="viewer-compare">{_esc(model, text)}</p>'


def _check(model: ViewerModel, moves_checked: bool | None, difference: str | None) -> str:
    cls = {True: "ok", False: "differ", None: "pending"}[moves_checked]
    out = (f'<p class="viewer-check {cls}" id="viewer-check" role="status">'
           f'{escape(check_text(moves_checked))}</p>')
    if moves_checked is False and difference:
        out += (f'<p class="small viewer-difference">'
                f'{_esc(model, difference_text(difference, model.names))}</p>')
    return out


def _sheet(model: ViewerModel) -> str:
    head = "".join(f'<th scope="col"{_mark_sender(s)}>'
                   f'<bdi>{escape(n)}</bdi></th>' for s, n in enumerate(model.names))
    rows = "".join(f'<tr><th scope="row">{h.number}</th>' +
                   "".join(f"<td>{signed(s)}</td>" for s in scores) + "</tr>"
                   for h, scores in zip(model.hands, model.scores, strict=True))
    totals = "".join(f"<td>{signed(t)}</td>" for t in model.totals)
    return (f'<table class="sheet viewer-sheet"><thead><tr><th scope="col">Hand</th>{head}'
            f'</tr></thead><tbody>{rows}</tbody>'
            f'<tfoot><tr><th scope="row">Total</th>{totals}</tr></tfoot></table>')


def _hand_item(model: ViewerModel, h: HandReplay) -> str:
    again = f" · dealt {_again(h)}" if h.throw_ins else ""
    stakes = f" · {h.stakes}" if h.stakes else ""
    return (f'<li><button type="button" class="btn viewer-hand" '
            f'data-ui="viewer-hand:{h.number}">'
            f'<span class="viewer-hand-head"><span class="viewer-hand-no">Hand {h.number}</span> '
            f'<span class="viewer-hand-score"><bdi>{escape(model.names[SENDER])}</bdi> '
            f'{signed(h.scores[SENDER])}</span></span> '
            f'<span class="viewer-hand-facts">{_esc(model, h.facts + again + stakes)}.</span> '
            f'<span class="viewer-hand-outcome">{_esc(model, h.outcome)}</span></button></li>')


def _again(h: HandReplay) -> str:
    times = f" ({h.throw_ins} times)" if h.throw_ins > 1 else ""
    return f"again after everyone passed{times}"


def _play_button(model: ViewerModel) -> str:
    label = "Play this Daily" if model.is_daily else "Play this game"
    return button(label, "primary", data_ui="viewer-play")


def _overview(model: ViewerModel, own: DailyResult | None) -> str:
    items = "".join(_hand_item(model, h) for h in model.hands)
    return (f'<p class="outcome viewer-standing">{_esc(model, _standing(model))}</p>'
            f'{_compare(model, own)}'
            f'<h3>Score sheet</h3>{_sheet(model)}'
            f'<h3 id="viewer-hands-title" tabindex="-1">Hands</h3>'
            f'<p class="small">Tap a hand to replay it trick by trick.</p>'
            f'<ol class="viewer-hands" aria-labelledby="viewer-hands-title">{items}</ol>'
            f'<div class="menu-buttons">{_play_button(model)}'
            f'{button("Board", "", data_ui="board-link")}</div>')


def _hand_facts(model: ViewerModel, h: HandReplay, four: bool) -> str:
    names = model.names
    rows = [("Dealer", _esc(model, names[h.dealer]))]
    if h.throw_ins:
        rows.append(("Dealt", _again(h)))
    if h.bidding:
        rows.append(("Bidding", escape(h.bidding)))
    if not h.leaster:
        partner = names[h.partner] if h.partner is not None else "none: the picker played alone"
        rows.append(("Partner", escape(partner)))
    if h.stakes:
        rows.append(("Stakes", escape(h.stakes)))
    if h.bury:
        pts = sum(c.points for c in h.bury)
        rows.append(("Buried", f'<span class="cardrow">{"".join(_card(c, four) for c in h.bury)}'
                               f'<span>{pts} points</span></span>'))
    if h.blind:
        rows.append(("Blind", f'<span class="cardrow">'
                              f'{"".join(_card(c, four) for c in h.blind)}</span>'))
    if h.side_points is not None:
        side, defenders = h.side_points
        rows.append(("Points", f"Picker's side {side} · Defenders {defenders}"))
    facts = "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in rows)
    table = "".join(
        f'<tr><th scope="row"{_mark_sender(s)}>'
        f'<bdi>{escape(names[s])}</bdi></th><td>{h.points[s]}</td>'
        f'<td>{h.tricks_won[s]}</td><td class="{_updown(h.scores[s])}">'
        f'{signed(h.scores[s])}</td></tr>' for s in range(model.players))
    return (f'<p class="outcome">{escape(h.outcome)}</p><dl class="facts">{facts}</dl>'
            '<table class="sheet"><thead><tr><th scope="col">Player</th>'
            '<th scope="col">Points</th><th scope="col">Tricks</th>'
            f'<th scope="col">This hand</th></tr></thead><tbody>{table}</tbody></table>')


def _mark_sender(seat: int) -> str:
    return ' class="viewer-sender"' if seat == SENDER else ""


def _updown(score: int) -> str:
    return "up" if score > 0 else "down" if score < 0 else ""


def _trick(model: ViewerModel, h: HandReplay, k: int, four: bool) -> str:
    """Trick ``k`` (1-based) of ``h``: who played what, in order, the winner marked."""
    t = h.tricks[k - 1]
    plays = []
    for pos, (seat, card) in enumerate(t.plays(model.players)):
        marks = []
        if pos == 0:
            marks.append("led")
        if card is not None and card == h.unknown and seat == h.picker:
            marks.append("the unknown card, face down")
        if seat == t.winner:
            marks.append("★ took the trick")
        cls = "viewer-play" + (" winner" if seat == t.winner else "")
        picture = _card(card, four) if card is not None else "face-down card"
        mark = f'<span class="viewer-mark">{escape(", ".join(marks))}</span>' if marks else ""
        plays.append(f'<li class="{cls}" data-seat="{seat}">'
                     f'<span class="viewer-who">{_esc(model, _who(model, h, seat))}</span>'
                     f'{picture}{mark}</li>')
    points = sum(c.points for c in t.cards if c is not None)
    winner = model.names[t.winner] if t.winner is not None else "nobody"
    n = len(h.tricks)
    nav_prev = button("Previous trick", "", data_ui=f"viewer-trick:{h.number}:{k - 1}",
                      disabled=k <= 1)
    nav_next = button("Next trick", "", data_ui=f"viewer-trick:{h.number}:{k + 1}",
                      disabled=k >= n)
    numbers = "".join(button(str(j), "small primary" if j == k else "small",
                             data_ui=f"viewer-trick:{h.number}:{j}", aria_label=f"Trick {j}",
                             aria_current="true" if j == k else None)
                      for j in range(1, n + 1))
    return (f'<section class="viewer-trick" aria-labelledby="viewer-trick-title">'
            f'<h4 id="viewer-trick-title">Trick {k} of {n}</h4>'
            f'<ol class="viewer-plays">{"".join(plays)}</ol>'
            f'<p class="viewer-taken">{_esc(model, winner)} takes the trick, {points} points.</p>'
            f'<div class="menu-buttons viewer-nav">{nav_prev}{nav_next}</div>'
            f'<div class="viewer-tricknos" role="group" aria-label="Tricks">{numbers}</div>'
            f'</section>')


def _who(model: ViewerModel, h: HandReplay, seat: int) -> str:
    """A seat's label in a trick: ``Lars ★ picker``."""
    role = (f" {ICON['picker']} picker" if seat == h.picker else
            f" {ICON['partner']} partner" if seat == h.partner else "")
    return model.names[seat] + role


def _hand_view(model: ViewerModel, h: HandReplay, trick: int, four: bool) -> str:
    tricks = _trick(model, h, min(max(trick, 1), len(h.tricks)), four) if h.tricks else ""
    return (f'<h3 id="viewer-hand-title" tabindex="-1">Hand {h.number} of '
            f'{len(model.hands)}</h3>{_hand_facts(model, h, four)}{tricks}'
            f'<div class="menu-buttons">'
            f'{button("Back to all hands", "", data_ui="viewer-hands")}'
            f'{_play_button(model)}</div>')


def viewer_html(model: ViewerModel, state: ViewerState, *, own: DailyResult | None,
                moves_checked: bool | None, difference: str | None,
                hints: bool | None = None, four_colour: bool = False) -> str:
    """The shared game as one dialog: the heading, the game and level, the check in words,
    then either the standings, the side-by-side line (``own``: your result for that date),
    the score sheet and the list of hands, or the open hand's replay (``state``).  ``hints``:
    the sender said they used hints (the link's ``hints=1``, or a board link's entry)."""
    head = _about(model, hints) + _check(model, moves_checked, difference)
    hand = state.hand
    if hand is not None and 1 <= hand <= len(model.hands):
        body = _hand_view(model, model.hands[hand - 1], state.trick, four_colour)
    else:
        body = _overview(model, own)
    return _dialog(model, head + body)


def spoiler_guard_html(model: ViewerModel) -> str:
    """Shown instead of the result when it tells what the reader has not played here (a
    Daily not finished, a New Game shared mid-game: :meth:`Viewing.guarded
    <sheepshead.ui.viewing.Viewing.guarded>`)."""
    whose = f"{model.by}'s result" if model.by is not None else "a shared result"
    what = model.game_text if model.is_daily else "a New Game"
    text = f"This is {whose} for {what}, which you have not played yet."
    if not model.finished:
        text += (f" It was shared after hand {len(model.hands)} of {HANDS_PER_GAME}, with "
                 "each hand's outcome.")
    body = (f'<p class="lead">{_esc(model, text)}</p><div class="menu-buttons">'
            f'{button("Play it first", "primary", data_ui="viewer-play")}'
            f'{button("Show the result anyway", "", data_ui="viewer-reveal")}</div>')
    return _dialog(model, body)


def bad_link_text(error: SheepsheadError) -> str:
    """The one plain line (not escaped) for a link that cannot be read."""
    reason = " ".join(str(error).split()).rstrip(".") or "it is not a result link"
    if len(reason) > 200:
        reason = reason[:200] + "…"
    return f"This result link cannot be read: {reason}. Here is today's Daily."


