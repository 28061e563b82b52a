"""The help dialogs at the table: the rules at hand (trump order and card points) and the
review of a finished hand.

Pure Python, no ``js``: each function returns HTML; :mod:`.panels` opens them.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ...cards import CARDS, TRUMP_ORDER
from ..look.markup import button as _button
from ..look.markup import card_html

if TYPE_CHECKING:                   # the review loads when first opened
    from .review import HandReview

__all__ = ["rules_panel_html", "review_panel_html"]

_POINTS = (("Ace", 11), ("Ten", 10), ("King", 4), ("Queen", 3), ("Jack", 2),
           ("Nine, Eight, Seven", 0))


def dialog(title: str, body: str, pid: str) -> str:
    """A modal dialog with its heading (focused when it opens) and a Close button."""
    return (f'<div class="dialog" role="dialog" aria-modal="true" aria-labelledby="{pid}-title" '
            f'id="{pid}">'
            f'<div class="dialog-head"><h2 id="{pid}-title" tabindex="-1">{escape(title)}</h2>'
            f'{_button("Close", "small close", data_ui="close")}</div>'
            f'{body}</div>')


def rules_panel_html(four: bool) -> str:
    """Trump high to low as cards, the fail order, the card points and the target, with the
    full rules and the cheat sheet a tap away in a new tab (this game keeps running)."""
    trumps = "".join(card_html(CARDS[c], four_colour=four, cls="mini-card", tabindex="-1")
                     for c in TRUMP_ORDER)
    points = "".join(f"<tr><th scope=\"row\">{escape(name)}</th><td>{p}</td></tr>"
                     for name, p in _POINTS)
    body = (
        '<h3>Trump, high to low</h3>'
        f'<div class="cardrow trump-order" role="list" aria-label="Trump, high to low">'
        f'{trumps}</div>'
        '<p class="small">Every Queen and Jack is trump, and so is every diamond: fourteen '
        'trumps. Clubs, spades and hearts are the fail suits, high to low: Ace, Ten, King, '
        'Nine, Eight, Seven.</p>'
        '<h3>Card points</h3>'
        f'<table class="sheet points-table"><tbody>{points}</tbody></table>'
        '<p class="small">The deck holds 120 points. The picker\'s side needs 61 to win; '
        'the defenders win with 60.</p>'
        '<div class="keys-help"><h3>Keyboard</h3>'      # hidden where there is no keyboard
        '<p class="small keys"><kbd>1</kbd>–<kbd>9</kbd> a card of your hand, left to right '
        '(play it, or choose it to bury) · <kbd>B</kbd> bury the two chosen · <kbd>P</kbd> '
        'pick up · <kbd>N</kbd> pass (in the crack round: do not double) · <kbd>H</kbd> hint · '
        '<kbd>U</kbd> undo · '
        '<kbd>Esc</kbd> close a dialog. Tab and Enter reach every button.</p></div>'
        '<p class="links"><a href="./static/rules.html" target="_blank" rel="noopener">'
        'Full rules</a> · <a href="./static/cheatsheet.html" target="_blank" rel="noopener">'
        'Cheat sheet</a> <span class="small">(open in a new tab; this game keeps '
        'its place)</span></p>')
    return dialog("Rules at hand", body, "rules")


def review_panel_html(review: HandReview | None, can_next: bool, results: bool = False) -> str:
    """The review of a finished hand: a progress line while it is worked out, then each
    decision and the hand's total cost.  Next hand stays a tap away meanwhile; after a
    Daily (``results``), the way back to its results screen."""
    if review is None:
        body = '<p>No hand to review yet.</p>'
        return dialog("Hand review", body, "hand-review")
    items = "".join(f"<li>{escape(line)}</li>" for line in review.lines)
    status = escape(review.progress)
    body = (f'<p class="review-progress" id="review-progress" role="status" '
            f'data-done="{"1" if review.done else "0"}">{status}</p>'
            f'<ol class="review-list">{items}</ol>'
            '<p class="small">Only the decisions where you had a choice are listed: a trick '
            'where one card was all you could play is left out. The figures are the '
            'Expert\'s estimates, in game points for this hand, from many deals of the cards '
            'you could not see.</p>')
    buttons = [_button("Daily result", "", data_ui="results") if results
               else _button("Hand summary", "", data_ui="summary")]
    if can_next:
        buttons.insert(0, _button("Next hand", "primary", data_ui="next"))
    body += f'<div class="menu-buttons">{"".join(buttons)}</div>'
    return dialog(f"Review of hand {review.hand_number}", body, "hand-review")
