"""The table drawn as HTML, from a :class:`~sheepshead.ui.table.table.TableView` and a :class:`UiState`.

Pure Python, no ``js``: every function returns text, so the drawing is unit-tested
without a browser.  The page controller (:mod:`.controller`) sends each region's HTML that
changed to the binding, which patches it into its element, and reads nothing back but the
intent of the button tapped:

* ``data-act="play QC"`` — an engine action, checked again by :meth:`Table.act`;
* ``data-ui="select:QC"``, ``"unknown:AH"``, ``"cancel"``, ``"menu"``, … — interface
  only (see :data:`INTENTS`);
* ``data-setting="speed"`` on the settings controls.

:class:`UiState` is what the interface alone remembers: the cards chosen to bury,
the Ace chosen for an unknown-card call, which panel is open, the notices (the page's
one list), whether the computer players are moving and what was announced.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING

from ...buryinfo import bury_leaves, call_leaves
from ...cards import Card, display_order, parse_card
from ...position import CallKind, Phase
from ...view import SeatView, ViewTrick
from ..help.helptext import ALONE_WARNING, BURY_ALONE, alone_text, leaves_text, points_text
from ..help.tutorial import tip
from ..look.markup import ICON, attrs_html, card_html, short
from ..look.markup import button as _button
from ..look.wording import HUMAN, NAMES, place_of, place_text, rules_phrases, signed
from .felt import center_html
from .panels import NO_FACTS, Facts, panel_html
from .table import Table, TableView

if TYPE_CHECKING:                   # the review loads when first opened
    from ..help.review import HandReview

__all__ = ["UiState", "Facts", "INTENTS", "ui_intent", "render"]


@dataclass
class UiState:
    """What only the interface remembers (never game state)."""

    selected: list[str] = field(default_factory=list)
    """Cards tapped for the bury (record notation), at most two."""
    unknown_call: str | None = None
    """The Ace chosen for an unknown-card call, waiting for the card to set aside."""
    review: bool = False
    """Showing the last trick."""
    panel: str | None = None
    """``menu``, ``options``, ``scores``, ``summary``, ``results`` (a Daily's results screen,
    drawn by the page from :mod:`.finish`) or None."""
    summary_closed_for: int = 0
    """The hand whose summary the player closed (so it does not pop up again)."""
    refusal: str | None = None
    """Why the card you tapped cannot be played (the engine's words), until you act."""
    shake: tuple[str, int] | None = None
    """The card that refused your tap and a counter, so each tap shakes it again."""
    hint: str | None = None
    """The Expert's hint for this decision, in words, until you act."""
    hint_detail: str | None = None
    """The hint's expected points (``Expected points: pass −0.3 · pick up −0.6``)."""
    hinted: str | None = None
    """The hint's action (``pick``), whose button is then the marked one."""
    hint_asked: bool = False
    """The Expert is thinking out the hint you asked for (a slice at a time)."""
    hint_warning: str | None = None     # said for a scored Daily's first Hint, until you act
    hint_warned: str | None = None      # the seed of the Daily whose first Hint was warned
    hand_review: HandReview | None = None
    """The review of a finished hand (filled in the background)."""
    busy: bool = False
    """An animation or the computer players' turns are under way (taps do not act)."""
    heard: list[str] = field(default_factory=list)
    """What was announced since your last action (the live region reads the latest)."""

    def new_table(self) -> None:
        """Another game on the table: forget everything."""
        vars(self).update(vars(UiState()))

    def reset_turn(self) -> None:
        """Forget the choices that belong to one decision (after any action)."""
        self.selected.clear()
        self.unknown_call = None
        self.review = False
        self.refusal = None
        self.shake = None
        self.hint = self.hint_detail = self.hinted = self.hint_warning = None
        self.hint_asked = False


def _select(table: Table, ui: UiState, card: str) -> bool:
    """``select:QC``: a card chosen (or unchosen) to bury, two at most."""
    v = table.seat_view()
    if not (table.human_turn and v.phase is Phase.BURY):
        return False
    if card in ui.selected:
        ui.selected.remove(card)
    elif len(ui.selected) < 2 and any(str(c) == card for c in v.hand):
        ui.selected.append(card)
    else:
        return False
    return True


def _unknown(table: Table, ui: UiState, ace: str) -> bool:
    """``unknown:AH``: the Ace called with an unknown card (the card to set aside next)."""
    v = table.seat_view()
    if not (table.human_turn and v.phase is Phase.CALL):
        return False
    if not any(a.unknown is not None and str(a.card) == ace for a in v.legal):
        return False
    ui.unknown_call = ace
    return True


def _illegal(table: Table, ui: UiState, card: str) -> bool:
    """``illegal:QC``: a card that cannot be played was tapped: why, and it shakes again."""
    reason = table.refusal(card)
    if reason is None:
        return False
    count = ui.shake[1] + 1 if ui.shake is not None else 1
    ui.refusal, ui.shake = reason, (card, count)
    return True


def _cancel(table: Table, ui: UiState, arg: str) -> bool:
    ui.unknown_call = None
    ui.selected.clear()
    return True


def _review(table: Table, ui: UiState, arg: str) -> bool:
    """The last trick shown (or hidden again)."""
    ui.review = not ui.review and bool(table.seat_view().tricks)
    return True


def _panel(name: str) -> Callable[[Table, UiState, str], bool]:
    """A table dialog opened, or closed when it is open."""
    def toggle(table: Table, ui: UiState, arg: str) -> bool:
        ui.panel = None if ui.panel == name else name
        return True
    return toggle


def _close(table: Table, ui: UiState, arg: str) -> bool:
    """The table's dialog closed (a hand's summary closed stays closed for that hand)."""
    if ui.panel in ("summary", "results") or (ui.panel is None and table.hand.is_over):
        ui.summary_closed_for = table.game.hand_number
    ui.panel = None
    return True


INTENTS: dict[str, Callable[[Table, UiState, str], bool]] = {
    "select": _select, "unknown": _unknown, "illegal": _illegal, "cancel": _cancel,
    "review": _review, "close": _close,
    **{name: _panel(name) for name in ("menu", "options", "scores", "summary", "results",
                                       "rules")},
}
"""The table's own ``data-ui`` taps, which change only what the interface remembers: each
name to its handler, given the part after the ``:`` (``select:QC``: ``QC``); True when
something changed.  The page's one table of intents takes them from here."""


def ui_intent(table: Table, ui: UiState, intent: str) -> bool:
    """Apply an interface-only tap (``select:QC``, ``menu`` …: :data:`INTENTS`). True when
    something changed; False for a name that is not the table's."""
    name, _, arg = intent.partition(":")
    handler = INTENTS.get(name)
    return handler is not None and handler(table, ui, arg)


# ------------------------------------------------------------------- render
def render(tv: TableView, ui: UiState, shown: ViewTrick | None = None,
           fresh: str = "", busy: bool = False, caption: str = "",
           facts: Facts = NO_FACTS) -> dict[str, str]:
    """HTML for every region. ``shown`` overrides the trick in the middle (the animation
    queue's current frame); ``fresh`` is a CSS class for its newest card (``enter-3``,
    ``collect-2``); ``busy`` means an animation is running (no decision buttons);
    ``caption`` replaces the status line (what just happened); ``facts`` what it shows of
    the page's games."""
    v = tv.seat
    four = tv.settings.four_colour
    out = {"info": _info(tv, facts.challenge)}
    for seat in range(1, 5):            # seats a smaller table does not have stay empty
        out[f"seat-{seat}"] = _seat(tv, seat, busy) if seat < v.players else ""
    out["chips"] = _chips(tv)
    out["center"] = center_html(tv, ui.review, ui.selected, shown, fresh, four)
    out["status"] = escape(caption) if caption else _status(tv, ui, busy)
    out["tip"] = _tip(tv, facts.offer_tutorial)
    out["actions"] = "" if busy else _actions(tv, ui)
    out["mine"] = _mine(tv, ui, busy)
    out["hand"] = _hand(tv, ui, four, busy)
    out["panel"] = panel_html(tv, ui, four, facts)
    return out


def _info(tv: TableView, challenge: tuple[str, int] | None = None) -> str:
    game = (f'Daily <span class="date">{tv.daily_date}</span>' if tv.daily_date
            else f'<span title="game {tv.game_id}">New Game</span>')
    beat = ""
    if challenge is not None and not tv.daily_date:     # "Ann's challenge", "beat +7"
        name = challenge[0] if len(challenge[0]) <= 12 else challenge[0][:11] + "…"
        game = f'<span title="game {tv.game_id}"><bdi>{escape(name)}</bdi>’s challenge</span>'
        beat = f'<span class="beat"> · beat {signed(challenge[1])}</span>'
    times = f" {tv.redeal} times" if tv.redeal > 1 else ""
    again = (f' <span class="again" title="dealt again{times}">↻<span class="sr-only">'
             f' dealt again{times}</span></span>' if tv.redeal else "")
    practice = ' <span class="practice-tag">practice</span>' if tv.practice else ""
    level = f'<span class="level"> · vs {escape(tv.level_name)}</span>'
    if tv.tutorial:                     # one guided hand, not a game of ten
        return ('<span class="game">Practice hand</span> '
                f'<span class="handno">A guided hand{level}</span>')
    return (f'<span class="game">{game}{practice}</span> '
            f'<span class="handno{" tight" if beat else ""}">Hand {tv.hand_number}'
            f'<span class="of"> of </span><span class="slash" aria-hidden="true">/</span>'
            f'{tv.hands_total}{again}{beat}{level}</span>')


def _roles(tv: TableView, seat: int) -> list[tuple[str, str]]:
    v = tv.seat
    roles = []
    if v.picker == seat:
        roles.append(("picker", f"{ICON['picker']} Picker" + (" alone" if v.alone else "")))
    if v.partner == seat and v.picker != seat:
        roles.append(("partner", f"{ICON['partner']} Partner"))
    if tv.dealer == seat:
        roles.append(("dealer", "Dealer"))
    return roles


def _badges(roles: list[tuple[str, str]]) -> str:
    return "".join(f'<span class="badge {k}">{escape(t)}</span>' for k, t in roles)


def _seat(tv: TableView, seat: int, busy: bool) -> str:
    """A seat: its name, its game score (labelled as such), its cards (a fan, and their
    number for screen readers), whose turn it is and its roles."""
    v = tv.seat
    left = v.cards_left[seat]
    turn = v.to_act == seat
    fan = "".join('<i class="mini"></i>' for _ in range(left))
    won = v.tricks_won[seat]
    total = tv.totals[seat]
    tricks = f", {won} trick{'s' if won != 1 else ''}" if won else ""
    mark = ""
    if turn:
        mark = ('<div class="turn-mark">▶ to play</div>' if v.phase is Phase.PLAY
                else '<div class="turn-mark">▶ deciding</div>')
    return (
        f'<div class="seat-box{" turn" if turn else ""}">'
        f'<div class="seat-name">{NAMES[seat]}</div>'
        f'<div class="seat-score"><span class="lbl">score </span><b>{total:+d}</b></div>'
        f'<div class="fan" aria-hidden="true">{fan}</div>'
        f'<span class="sr-only">{left} card{"s" if left != 1 else ""}{tricks}</span>'
        f'{mark}<div class="badges">{_badges(_roles(tv, seat))}</div></div>')


def _chips(tv: TableView) -> str:
    v = tv.seat
    chips = []
    if tv.practice:
        chips.append('<span class="chip practice">Practice — your result is locked</span>')
    phrases = rules_phrases(tv.rules)
    if phrases:
        chips.append(f'<span class="chip rules" title="Table options: {escape(", ".join(phrases))}">'
                     f'{escape(" · ".join(phrases))}</span>')
    if tv.stakes:
        chips.append(f'<span class="chip stakes">{escape(tv.stakes)}</span>')
    if v.leaster:
        chips.append('<span class="chip">Leaster: fewest points wins</span>')
    if v.called is not None:
        text = f"{ICON['called']} Called {v.called.name}"
        if v.call_kind is CallKind.UNKNOWN:
            text += " (unknown card)"
        chips.append(f'<span class="chip called">{escape(text)}</span>')
    elif v.call_kind is CallKind.JACK and not _jack_out(v) and not v.is_over:
        # Until the Jack of diamonds is played, nobody else knows who holds it (the picker
        # may be alone): the same chip for everyone, whatever the picker holds.
        chips.append(f'<span class="chip called">{ICON["called"]} Partner: whoever holds '
                     f'the Jack of diamonds</span>')
    elif v.picker is not None and v.alone:
        chose = v.call_kind is CallKind.ALONE and v.players != 3     # three-handed: always
        verb = ("go" if v.picker == HUMAN else "goes") if chose \
            else ("play" if v.picker == HUMAN else "plays")
        chips.append(f'<span class="chip called">{ICON["alone"]} {NAMES[v.picker]} '
                     f'{verb} alone</span>')
    if v.partner_card is not None and v.partner is not None and v.partner != HUMAN:
        chips.append(f'<span class="chip partner">{ICON["partner"]} Partner: {NAMES[v.partner]}</span>')
    points = points_text(tv.points, tv.names) if tv.points is not None else None
    if points:
        chips.append(f'<span class="chip points" id="points-chip">{escape(points)}</span>')
    return "".join(chips)


def _jack_out(v: SeatView) -> bool:
    """The partner's card (the Jack of diamonds option) has been played face up."""
    card = v.partner_card
    return card is not None and any(c is card for c in v.played_cards())


def _status(tv: TableView, ui: UiState, busy: bool) -> str:
    v = tv.seat
    last = v.tricks[-1] if v.tricks else None
    if ui.review and last is not None and last.winner is not None:
        pts = sum(c.points for c in last.cards if c is not None)
        taker = "you" if last.winner == HUMAN else NAMES[last.winner]
        return f"Last trick: {taker} took it ({pts} points)."
    if v.is_over:                       # never a dead table: what happened, and what is next
        if tv.summary is not None and tv.summary.thrown_in:
            return "Thrown in — the next hand counts double."
        if tv.game_over:
            totals = tv.sheet.totals
            place, tied = place_of(totals)
            return (f"Game over: you finished {place_text(place, tied, len(totals))}, "
                    f"{signed(totals[HUMAN])}.")
        mine = tv.summary.scores[HUMAN] if tv.summary is not None else 0
        return f"Hand {tv.hand_number} over: you {signed(mine)}."   # one short line
    who = v.to_act
    if who is not None and who != HUMAN:
        name = NAMES[who]
        return {Phase.PICK: f"{name} is deciding whether to pick…",
                Phase.BURY: f"{name} is burying…",
                Phase.CALL: f"{name} is calling a partner…",
                Phase.DOUBLES: f"{name} is deciding whether to double…"}.get(
                    v.phase, f"{name} to play…")
    if busy:
        return "…"
    hint = _hint_status(ui)
    if hint:                            # the hint takes the instruction's place: the
        return hint                     # table below it does not move when it comes
    if v.phase is Phase.PICK:
        return "Your turn: pick up the blind, or pass."
    if v.phase is Phase.BURY:
        n = len(ui.selected)
        text = f"Bury two cards ({n} of 2 chosen)."
        if n == 2:
            left = bury_leaves(v, (ui.selected[0], ui.selected[1]))
            if left is not None and left.alone_forced:      # plainly, before the bury
                text += f' <span class="hint warn" id="alone-warning">{escape(ALONE_WARNING)}</span>'
            elif left is not None:
                text += f' <span class="hint" id="bury-leaves">{escape(leaves_text(left))}</span>'
        return text
    if v.phase is Phase.CALL:
        if ui.unknown_call:
            return (f"Tap the card to set aside as the unknown card "
                    f"(calling the {parse_card(ui.unknown_call).name}).")
        left = call_leaves(v)
        if left is not None and left.reason is not None:
            return (f'Go alone. <span class="hint" id="alone-reason">'
                    f'{escape(alone_text(left.reason))}</span>')
        return "Call a partner, or go alone."
    if v.phase is Phase.DOUBLES:
        kinds = {a.kind.value for a in v.legal}
        if "recrack" in kinds and v.cracked_by is not None:
            return f"{NAMES[v.cracked_by]} cracked. Re-crack to double again?"
        if "blitz" in kinds:
            return "You hold both black Queens: show them to double the hand?"
        return "Crack? A crack doubles the hand."      # the same words for the partner
    lead = v.trick is None
    text = "Your lead: tap a highlighted card." if lead else "Your turn: tap a highlighted card."
    if ui.refusal:
        text += f' <span class="hint refusal" id="refusal">{escape(ui.refusal)}</span>'
    elif tv.hint:
        text += f' <span class="hint">{escape(tv.hint)}</span>'
    return text


def _tip(tv: TableView, offer: bool) -> str:
    """The practice hand's tip for this moment, or the first visit's offer of it."""
    if tv.tutorial:
        t = tip(tv.seat)
        if t is None:
            return ""
        skip = ("" if tv.seat.is_over else      # then "Play today's Daily" is a decision
                _button("Skip practice", "small skip", data_ui="daily",
                        aria_label="Skip the practice hand: play today's Daily",
                        title="Skip the practice hand: play today's Daily"))
        return (f'<div class="tip-box" role="note" aria-label="Tip">{skip}<strong>'
                f'{escape(t.title)}</strong> {escape(t.text)}</div>')
    if offer:
        no = _button("×", "small close", data_ui="tutorial-no", aria_label="No thanks",
                     title="No thanks")
        return ('<div class="tip-box offer" role="note"><span>New to Sheepshead?</span>'
                f'{_button("Practice hand", "small primary", data_ui="tutorial")}{no}</div>')
    return ""

def _marked(action: str, ui: UiState) -> str:
    """The button class of a decision: plain, unless the hint you asked for chose it."""
    return "primary" if ui.hinted == action else ""


def _actions(tv: TableView, ui: UiState) -> str:
    out = _decisions(tv, ui)
    v = tv.seat
    if v.my_turn and not v.is_over and not ui.unknown_call:
        if tv.can_claim:
            out = _button("Claim the rest", "primary", data_ui="claim") + out
        out += _button("Hint", "small hint-btn", data_ui="hint")
        if tv.can_undo:
            out += _button("Undo", "small", data_ui="undo")
    return out


def _hint_status(ui: UiState) -> str:
    """The status line while a hint is asked for or shown: ``The Expert is thinking…``,
    then the hint (its card or button marked) and its expected points in smaller type; a
    card tapped that cannot be played says why in the figures' place."""
    if ui.refusal:
        detail = f'<span class="hint refusal" id="refusal">{escape(ui.refusal)}</span>'
    elif ui.hint_detail:
        detail = f'<span class="hint-detail" id="hint-detail">{escape(ui.hint_detail)}</span>'
    else:
        detail = ""
    if ui.hint:
        return f'<span class="hint-line" id="hint-line">{escape(ui.hint)}</span>{detail}'
    if ui.hint_warning and not ui.hint_asked:
        return f'<span class="hint-line" id="hint-warn">{escape(ui.hint_warning)}</span>{detail}'
    if ui.hint_asked:
        return ('<span class="hint-line thinking" id="hint-wait">The Expert is thinking…</span>'
                + (detail if ui.refusal else ""))
    return ""


def _decisions(tv: TableView, ui: UiState) -> str:
    v = tv.seat
    if v.is_over and tv.tutorial:
        return (_button("Play today's Daily", "primary", data_ui="daily") +
                _button("New Game", "", data_ui="new") +
                _button("Practice hand again", "", data_ui="tutorial"))
    if v.is_over:
        if tv.game_over:                # two buttons: one row beside a phone-on-its-side felt
            first = (_button("Daily result", "primary", data_ui="results") if tv.daily_date
                     else _button("Final scores", "primary", data_ui="summary"))
            return first + _button("New Game", "", data_ui="new")
        if tv.summary is not None and tv.summary.thrown_in:
            return _button("Deal again", "primary", data_ui="next")
        return (_button("Next hand", "primary", data_ui="next") +
                _button("Hand summary", "", data_ui="summary"))
    if not v.my_turn:
        return ""
    if v.phase is Phase.PICK:
        return (_button("Pick up", _marked("pick", ui), data_act="pick")   # no choice marked
                + _button("Pass", _marked("pass", ui), data_act="pass"))    # unless hinted
    if v.phase is Phase.BURY:
        if len(ui.selected) == 2:
            a, b = ui.selected
            left = bury_leaves(v, (a, b))
            alone = left is not None and left.alone_forced      # never alone unawares
            return _button(BURY_ALONE if alone else "Bury these two",
                           "warn" if alone else "primary", data_act=f"bury {a} {b}")
        return _button("Bury these two", "primary", disabled=True)
    if v.phase is Phase.CALL:
        if ui.unknown_call:
            return _button("Cancel", "", data_ui="cancel")
        out = []
        seen = set()
        for call in v.legal:
            if call.kind.value == "call":
                key = str(call.card)
                if key in seen:
                    continue
                seen.add(key)
                hinted = ui.hinted is not None and ui.hinted.startswith(f"call {key}")
                attrs: dict[str, object] = {
                    "type": "button", "class": "btn call" + (" primary" if hinted else "")}
                if call.unknown is not None:
                    attrs.update({"data-ui": f"unknown:{key}", "aria-describedby": "unknown-help"})
                else:
                    attrs["data-act"] = f"call {key}"
                # On a small phone the short name (A♠) is shown, so the calls keep to one
                # row; the long one is still the button's name for screen readers.
                out.append(f'<button {attrs_html(attrs)}>Call <span class="long">'
                           f'{escape(call.card.name)}</span><span class="short" aria-hidden='
                           f'"true" data-short="{escape(short(call.card))}"></span></button>')
        out.append(_button("Go alone", _marked("alone", ui), data_act="alone"))
        if any(call.unknown is not None for call in v.legal):
            out.append('<p id="unknown-help" class="help">You hold no card of this suit: '
                       'after choosing, tap one of your cards to set aside face down.</p>')
        return "".join(out)
    if v.phase is Phase.DOUBLES:
        kinds = {a.kind.value for a in v.legal}
        out = []
        if "crack" in kinds:
            out.append(_button("Crack", _marked("crack", ui), data_act="crack"))
        if "recrack" in kinds:
            out.append(_button("Re-crack", _marked("recrack", ui), data_act="recrack"))
        if "blitz" in kinds:
            out.append(_button("Blitz — show both black Queens", _marked("blitz", ui),
                               data_act="blitz"))
        # The partner's only answer to the crack question is this same "No crack".
        no = ("No re-crack" if "recrack" in kinds else "No blitz" if "blitz" in kinds
              else "No crack")
        out.append(_button(no, _marked("pass", ui), data_act="pass"))
        return "".join(out)
    return ""


def _mine(tv: TableView, ui: UiState, busy: bool = False) -> str:
    v = tv.seat
    roles = _roles(tv, HUMAN)
    card = v.partner_card
    if v.is_partner and card is not None and any(c is card for c in v.hand):
        roles = [r for r in roles if r[0] != "partner"]
        roles.append(("partner secret", f"{ICON['partner']} Partner (secret: you hold the "
                                         f"{short(card)})"))
    elif v.picker == HUMAN and v.call_kind is CallKind.JACK and v.alone \
            and not _jack_out(v) and not v.is_over:
        roles = [("picker", f"{ICON['picker']} Picker alone (secret: no partner)")] + [
            r for r in roles if r[0] != "picker"]
    won = v.tricks_won[HUMAN]
    turn = v.my_turn and not v.is_over and not busy
    review = ""
    if v.tricks:
        review = _button("Last trick", "small review-btn",      # pressed while shown
                         data_ui="review", aria_pressed="true" if ui.review else "false")
    elif not v.is_over:     # its room, kept from the deal on: your bar never changes width
        review = '<span class="btn small review-btn room" aria-hidden="true">Last trick</span>'
    review += _button("Rules", "small", data_ui="rules", aria_haspopup="dialog")
    review = f'<span class="mine-buttons">{review}</span>'

    return (f'<div class="me{" turn" if turn else ""}"><span class="seat-name">{NAMES[HUMAN]}'
            f'{"<span class=turn-mark> ▶ your turn</span>" if turn else ""}</span>'
            f'<span class="seat-score"><span class="lbl">score </span><b>{tv.totals[HUMAN]:+d}</b>'
            f'{f" · {won} trick" + ("s" if won != 1 else "") if won else ""}</span>'
            f'{_badges(roles)}</div>{review}')


def _hand(tv: TableView, ui: UiState, four: bool, busy: bool) -> str:
    v = tv.seat
    mine = v.my_turn and not busy
    legal_plays = {str(a.card) for a in v.legal if a.kind.value == "play"} if mine else set()
    unknown_ok = ({str(a.unknown) for a in v.legal if a.unknown is not None
                   and str(a.card) == ui.unknown_call} if (mine and ui.unknown_call) else set())
    blind = {str(c) for c in (v.blind or ())} if v.phase in (Phase.BURY, Phase.CALL) else set()
    hinted = _hinted_cards(ui) if mine else set()
    cards = display_order(v.hand)
    out: list[str] = []
    for c in cards:
        key = str(c)
        cls = []
        attrs: dict[str, object] = {}
        if key in blind:
            cls.append("from-blind")
        if v.called is c:
            cls.append("called-card")
        if mine and v.phase is Phase.PLAY:
            if key in legal_plays:
                cls.append("legal")
                attrs["data_act"] = f"play {key}"
            else:               # a tap says why (the engine's reason) and shakes the card
                cls.append("unavailable")
                attrs["aria_disabled"] = "true"
                attrs["data_ui"] = f"illegal:{key}"
                if ui.shake is not None and ui.shake[0] == key:
                    cls.append(f"shake shake-{ui.shake[1] % 2}")
        elif mine and v.phase is Phase.BURY:
            sel = key in ui.selected
            cls.append("selectable" + (" selected" if sel else ""))
            attrs["data_ui"] = f"select:{key}"
            attrs["aria_pressed"] = "true" if sel else "false"
        elif mine and v.phase is Phase.CALL and ui.unknown_call:
            if key in unknown_ok:
                cls.append("legal")
                attrs["data_act"] = f"call {ui.unknown_call} unknown {key}"
            else:
                cls.append("unavailable")
                attrs["disabled"] = True
        else:
            cls.append("idle")
            attrs["disabled"] = True
        label = c.name + (" (from the blind)" if key in blind else "")
        if key in hinted:               # the card the hint names, marked where you tap it
            cls.append("hinted")
            label += ", the hint's card"

        attrs["data_i"] = str(len(out))         # its place: the deal animation's delay
        out.append(card_html(c, four_colour=four, cls=" ".join(cls), label=label, **attrs))
    if v.unknown is not None and v.unknown_pending:
        out.append(_unknown_card(v.unknown, legal_plays, mine and v.phase is Phase.PLAY, four))
    n = max(1, len(out))
    if n > 8:       # ten cards three-handed, nine or twelve while burying: two rows on a phone
        cols = (n + 1) // 2
        out = [o.replace('class="card ', 'class="card row2 ', 1) if k >= cols else o
               for k, o in enumerate(out)]
        return (f'<div class="cards many" data-n="{n}" data-cols="{cols}">'
                f'{"".join(out)}</div>')
    deal = " deal" if v.phase is Phase.PICK else ""     # a new hand: the cards fly in
    return f'<div class="cards{deal}" data-n="{n}">{"".join(out)}</div>'


def _unknown_card(c: Card, legal_plays: set[str], playing: bool, four: bool) -> str:
    """The card you set aside for an unknown-card call, at the end of your hand."""
    key = str(c)
    attrs: dict[str, object] = {}
    if key in legal_plays:
        look = "legal unknown-card"
        attrs["data_act"] = f"play {key}"
    else:
        look = ("unavailable" if playing else "idle") + " unknown-card"
        attrs["disabled"] = True
    return card_html(c, four_colour=four, cls=look,
                     label=f"{c.name}, your unknown card (set aside, plays face down)", **attrs)


def _hinted_cards(ui: UiState) -> set[str]:
    """The cards of your hand the hint you asked for names (``play QC``, ``bury AS 7C``,
    ``call AH unknown 7C``'s card set aside)."""
    if ui.hinted is None or not ui.hint:
        return set()
    kind, *rest = ui.hinted.split()
    if kind in ("play", "bury"):
        return set(rest)
    return {rest[2]} if kind == "call" and len(rest) == 3 else set()
