"""The frozen players ``standard-v2`` and ``expert-v2`` (issue 12).

``expert-v2`` is the Expert of 2026-12-01 evening: ``expert-v1`` plus the belief of
``belief.py`` (each imagined deal weighed by the likelihood of the public actions) and a larger
budget; ``standard-v2`` is ``standard-v1`` with the reading of a trick led by the picker's
unknown card fixed (``knowledge.py``).  They play the Daily of 2026-12-02 and New Games of that
time, so their choices never change: ``tests/test_bots_frozen.py`` pins their digests, the
ones ``bench/bots.py`` printed for ``standard`` and ``expert`` before they were copied here.

Their Standard judgement (``craft.py``) and base class were those of ``v1`` unchanged, so they
are imported from there; only the modules that differ are copied.
"""
