"""The frozen yardsticks of issue 12: ``standard-v1`` and ``expert-v1``.

A copy of the Standard and Expert players (and of everything of theirs they use: the
craft, the knowledge, the sampling, the base class and its seeding) as they were on
2026-12-01, before the Expert was made stronger.  The arena accepts them
(``python -m sheepshead arena --candidate expert --field expert-v1``), the page never offers
them, and their choices never change: ``tests/test_bots_frozen.py`` pins the digest of their
choices, equal to those of ``standard`` and ``expert`` on the day they were frozen.

``expert-v1`` is also the Daily's computer player for every Daily before 2026-12-02, so that
the result links of those Dailies keep checking (``sheepshead/bots/seating.py``).  Only the
engine core below them (the rules, which are fixed) is shared with the live players.
"""
