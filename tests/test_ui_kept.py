"""The statistics say plainly what is kept where (issue 24): one line under them, in the
menu and on the Daily's results screen."""

from __future__ import annotations

from html import escape

from sheepshead.ui.table.panels import KEPT_WHERE, stats_html


def test_the_statistics_say_what_is_kept_where():
    out = stats_html(["Dailies played: 3", "Current streak: 2 days"])
    assert out.startswith('<dl class="stats"><div><dt>Dailies played</dt><dd>3</dd></div>')
    assert out.endswith(f'<p class="help small kept-where">{escape(KEPT_WHERE)}</p>')
    assert "in this browser only" in KEPT_WHERE and "home screen" in KEPT_WHERE
    assert "Safari" in KEPT_WHERE
