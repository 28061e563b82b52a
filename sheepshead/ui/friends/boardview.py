"""A board as the page shows and shares it: the dialog, the chat text, the challenge.

Pure Python (no ``js``).  :func:`board_html` draws the ranked rows of
:func:`~sheepshead.ui.friends.boards.board_rows` (your row marked, ties sharing a place), the scores
hand by hand side by side, the other boards kept (the archive) and the buttons;
:func:`board_text` is the text for a chat (one line a place, then the game's link to play),
:func:`board_link_text` the text around the one link that carries the board, and
:func:`challenge_text` the challenge of a New Game.  Every name is outside text: escaped and
isolated in ``<bdi>``.

Intents (``data-ui``): ``board-row:N`` (open row N, 0-based, in the viewer),
``board-open:N`` (the N-th other board), ``board-text``, ``board-share``, ``board-play``,
``board-replace``, ``board-reveal``, ``board-close``; the name question's ``name-go``.
"""

from __future__ import annotations

from html import escape

from ...game import HANDS_PER_GAME
from ...names import chat_safe
from ..look.markup import button
from ..look.wording import place_text, signed
from .boards import Row

__all__ = ["board_title", "board_html", "board_guard_html", "name_html", "board_text",
           "board_link_text", "challenge_text", "row_notes", "spoken", "SIDE_BY_SIDE"]

SIDE_BY_SIDE = 5
"""The most players whose scores are shown hand by hand (the best of the board)."""


def board_title(game: str, rules_text: str = "") -> str:
    """``Daily 2026-12-01`` or ``Game 0123456789abcdef (three players)``."""
    kind, _, rest = game.lstrip("#").partition("=")
    value = rest.partition("&")[0]
    if kind == "daily":
        return f"Daily {value}"
    return f"Game {value}" + (f" ({rules_text})" if rules_text else "")


def _place(row: Row) -> str:
    return "–" if row.place is None else place_text(row.place, False, 1).partition(" of ")[0]


def row_notes(row: Row) -> list[str]:
    """What a row says besides its place, name and total (a row still being checked:
    only that)."""
    if row.checking:
        return ["checking…"]
    notes = []
    if row.tied:
        notes.append("tied")
    if not row.finished:
        notes.append(f"after {row.hands} of {HANDS_PER_GAME} hands")
    if row.hints:
        notes.append("with hints")
    if row.daily_opponents is False:
        notes.append(f"not the Daily's opponents ({row.level})")
    elif row.place is None:
        notes.append(f"vs {row.level} players")
    return notes


def _row(i: int, row: Row) -> str:
    you = ' <span class="you-tag">you</span>' if row.mine else ""
    notes = " · ".join(row_notes(row))
    return (f'<li class="board-row{" you" if row.mine else ""}">'
            f'<button type="button" class="btn board-open-row" data-ui="board-row:{i}">'
            f'<span class="pos">{_place(row)}</span> '
            f'<span class="who"><bdi>{escape(row.name)}</bdi>{you}</span> '
            f'<span class="pts">{"…" if row.checking else signed(row.total)}</span>'
            + (f'<span class="notes small">{escape(notes)}</span>' if notes else "")
            + "</button></li>")


def _side_by_side(rows: tuple[Row, ...]) -> str:
    shown = [r for r in rows if not r.checking][:SIDE_BY_SIDE]
    if len(shown) < 2:
        return ""
    head = "".join(f'<th scope="col"{_you(r)}><bdi>{escape(r.name)}</bdi></th>' for r in shown)
    hands = max(len(r.scores) for r in shown)
    body = "".join(
        f'<tr><th scope="row">{h + 1}</th>'
        + "".join(f"<td>{signed(r.scores[h]) if h < len(r.scores) else ''}</td>" for r in shown)
        + "</tr>" for h in range(hands))
    foot = "".join(f"<td>{signed(r.total)}</td>" for r in shown)
    return ('<h3>Hand by hand</h3><table class="sheet board-sheet"><thead><tr>'
            f'<th scope="col">Hand</th>{head}</tr></thead><tbody>{body}</tbody>'
            f'<tfoot><tr><th scope="row">Total</th>{foot}</tr></tfoot></table>')


def _you(row: Row) -> str:
    return ' class="you"' if row.mine else ""


def board_html(game: str, title: str, rows: tuple[Row, ...], *, checking: bool,
               others: list[tuple[int, str]], offer: str | None, played: bool,
               daily: bool) -> str:
    """The board dialog.  ``others`` are the other boards kept (index, title) for the
    archive; ``offer`` one line about a friend's other result, with "Use this one";
    ``played`` whether you have a result here (else "Play it" is offered)."""
    parts = []
    if rows:
        items = "".join(_row(i, r) for i, r in enumerate(rows))
        waiting = sum(r.checking for r in rows)
        parts.append(f'<ol class="board-rows" id="board-rows">{items}</ol>'
                     '<p class="small">Tap a row to replay that game. Only results checked '
                     'in this browser are kept.'
                     + (f" Checking {waiting} {'result' if waiting == 1 else 'results'}: "
                        "they are ranked and shared once checked." if waiting and checking
                        else "") + "</p>")
    else:
        parts.append('<p class="lead">No results yet. Share yours, and open the links your '
                     'friends send: each is checked here and added.</p>')
    if offer is not None:
        parts.append(f'<p class="board-offer">{escape(offer)} '
                     f'{button("Use this one instead", "small", data_ui="board-replace")}</p>')
    parts.append(_side_by_side(rows))
    buttons = []
    if rows:
        buttons.append(button("Share as text", "primary", data_ui="board-text"))
        buttons.append(button("Share the board link", "", data_ui="board-share"))
    if not played:
        buttons.append(button("Play this Daily" if daily else "Play this game",
                              "" if rows else "primary", data_ui="board-play"))
    parts.append(f'<div class="menu-buttons">{"".join(buttons)}</div>')
    if others:
        links = "".join(button(t, "small", data_ui=f"board-open:{i}") for i, t in others)
        parts.append(f'<h3>Other boards</h3><div class="board-archive">{links}</div>')
    return _dialog(f"Board · {title}", "".join(parts))


def board_guard_html(title: str, daily: bool, rows: tuple[Row, ...] = ()) -> str:
    """The spoiler guard before a board of a game you have not played here: who played it
    and with what total (no hands), and the way to play it first."""
    checked = [r for r in rows if not r.mine and not r.checking]
    if len(checked) == 1 and not daily:
        who = checked[0]
        lead = (f'<bdi>{escape(who.name)}</bdi> challenges you to this New Game'
                f'{escape(_options(title))}: <bdi>{escape(who.name)}</bdi> made '
                f'{escape(signed(who.total))}. Play the same deals against the same computer '
                f'players, then see both games side by side.')
    else:                   # names, never totals: the result guard hides them too (issue 40)
        made = ", ".join(f'<bdi>{escape(r.name)}</bdi>' for r in checked[:3])
        more = f" and {len(checked) - 3} more" if len(checked) > 3 else ""
        game = title if daily else spoken(title)        # "New Game", never its id
        lead = (f'This board holds results for the {escape(game)}, which you have not '
                f'played yet' + (f', from {made}{escape(more)}.' if made else '.')
                + ' Their scores show once you have played it, or if you ask.')
    body = (f'<p class="lead">{lead}</p>'
            '<div class="menu-buttons">'
            f'{button("Play it first", "primary", data_ui="board-play")}'
            f'{button("Show the board anyway", "", data_ui="board-reveal")}</div>')
    return _dialog(f"Board · {title}", body)


def name_html(name: str) -> str:
    """The question before the first share: a name for the board, never required."""
    return ('<div class="dialog name-ask" role="dialog" aria-modal="true" '
            'aria-labelledby="name-title" id="name-ask"><div class="dialog-head">'
            '<h2 id="name-title" tabindex="-1">Your name on the board?</h2></div>'
            '<p>Friends who open your link see it on their board. It is optional, plain text, '
            'at most 24 characters; you can change it in the menu.</p>'
            '<label class="field text"><span>Your name</span><input type="text" '
            f'data-setting="name" maxlength="24" autocomplete="nickname" spellcheck="false" '
            f'value="{escape(name)}"></label><div class="menu-buttons">'
            f'{button("Share", "primary", data_ui="name-go")}'
            f'{button("Share without a name", "", data_ui="name-go")}'
            f'{button("Cancel", "", data_ui="name-cancel")}</div></div>')


def spoken(title: str) -> str:
    """A board's title as a chat says it: ``Daily 2026-12-01``, or ``New Game (three
    players)`` without the game's id (the link names the game)."""
    if title.startswith("Game "):
        return "New Game" + _options(title)
    return title


def _options(title: str) -> str:
    """`` (three players)`` of ``Game 0123456789abcdef (three players)``, or nothing."""
    _, paren, rest = title.partition(" (")
    return f" ({rest}" if paren else ""


def _dialog(title: str, body: str) -> str:
    head, sep, game = title.partition(" · ")
    game = spoken(game)                 # "New Game", not its id (which overflowed at 320 px)
    words = game.split(" ")                         # "Daily 2026-12-01" is never cut in two
    heading = (escape(head + sep) + f'<span class="board-game">{escape(" ".join(words[:2]))}'
               f'</span>' + escape("".join(" " + w for w in words[2:])))
    return ('<div class="dialog board" role="dialog" aria-modal="true" '
            'aria-labelledby="board-title" id="board">'
            f'<div class="dialog-head"><h2 id="board-title" tabindex="-1">{heading}</h2>'
            f'{button("Close", "small close", data_ui="board-close")}</div>{body}</div>')


def _line(row: Row) -> str:
    place = f"{_place(row)}{'=' if row.tied else ''}"
    extra = [n for n in row_notes(row) if n != "tied"]
    return f"{place} {chat_safe(row.name)} {signed(row.total)}" + "".join(
        f" · {n}" for n in extra)


def board_text(title: str, rows: tuple[Row, ...], play_url: str) -> str:
    """The board for a chat: a line a place, then the game's link to play it (rows still
    being checked left out; names with chat markup made plain: :func:`~sheepshead.names.chat_safe`)::

        Sheepshead Daily 2026-12-01 board
        1st Ann +12
        2nd Bev +3 · with hints
        Play it: https://…/#daily=2026-12-01
    """
    return "\n".join([f"Sheepshead {spoken(title)} board",
                      *(_line(r) for r in rows if not r.checking), f"Play it: {play_url}"])


def board_link_text(title: str, url: str, carried: int, total: int) -> str:
    """The board link with a line saying what it holds (and what it leaves out)."""
    held = f"all {total} results" if carried == total else \
        f"the best {carried} of {total} results (a link holds what fits in a chat)"
    if total == 1:
        held = "1 result"
    return (f"Sheepshead {spoken(title)} board: {held}, checked in your browser when you open it\n"
            f"{url}")


def challenge_text(title: str, mine: Row | None, url: str, so_far: str = "") -> str:
    """A New Game's challenge: the same deals, the same table and players; ``so_far`` your
    score in a game still in progress (``+3 after 4 of 10 hands``)."""
    made = (f" I made {signed(mine.total)}." if mine is not None
            else f" I have {so_far}." if so_far else "")
    return (f"Sheepshead challenge: play my {spoken(title)} against the same computer "
            f"players.{made} "
            f"Play it first, then see mine side by side\n{url}")
