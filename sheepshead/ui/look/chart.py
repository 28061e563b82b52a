"""The game's story at a glance: each player's running total over the hands, as a small line
chart (SVG) for the end of a game.

Pure Python, no ``js``.  The chart uses classes, never ``style=`` (the page's Content
Security Policy allows no inline style); ``style.css`` colours the lines (``.line-0`` is
you, drawn thicker).  It is an image with a text alternative that says the same as the
standings, for a screen reader.
"""

from __future__ import annotations

from html import escape
from itertools import accumulate

from .wording import HUMAN, and_list, signed

__all__ = ["totals_chart"]

WIDTH, HEIGHT = 300, 120
"""The drawing's own units (it scales to the dialog's width)."""
PAD = 8


def totals_chart(rows: tuple[tuple[int, tuple[int, ...]], ...], names: tuple[str, ...]) -> str:
    """An SVG line chart of each seat's running total after each of ``rows`` (hand number,
    scores), starting at zero, and a legend; ``""`` before the first hand is scored."""
    if not rows:
        return ""
    seats = len(names)
    runs = [[0, *accumulate(scores[s] for _, scores in rows)] for s in range(seats)]
    low = min(min(r) for r in runs)
    high = max(max(r) for r in runs)
    span = max(high - low, 1)
    steps = len(rows)

    def x(i: int) -> float:
        return PAD + i * (WIDTH - 2 * PAD) / steps

    def y(v: int) -> float:
        return PAD + (high - v) * (HEIGHT - 2 * PAD) / span

    zero = f'<line class="zero" x1="{PAD}" x2="{WIDTH - PAD}" y1="{y(0):.1f}" y2="{y(0):.1f}"/>'
    lines = []
    for s in sorted(range(seats), key=lambda s: s == HUMAN):     # you on top
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(runs[s]))
        lines.append(f'<polyline class="line-{s}" points="{points}"/>')
    finals = [f"{names[s]} {signed(runs[s][-1])}" for s in range(seats)]
    label = f"Running totals over {steps} hand{'s' if steps != 1 else ''}: {and_list(finals)}"
    legend = "".join(f'<li class="key-{s}"><span class="swatch"></span>{escape(names[s])} '
                     f'<b>{escape(signed(runs[s][-1]))}</b></li>' for s in range(seats))
    return (f'<figure class="totals-chart"><svg viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
            f'aria-label="{escape(label)}">{zero}{"".join(lines)}</svg>'
            f'<ul class="chart-key" aria-hidden="true">{legend}</ul></figure>')
