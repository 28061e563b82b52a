"""The page's logic: pure Python, no ``js``/``pyscript`` (the binding lives in static/).

Its packages, bottom to top; each imports only those below it (tests/test_architecture.py,
``ORDER``): :mod:`.look`, :mod:`.help`, :mod:`.storage`, :mod:`.table`, :mod:`.daily`,
:mod:`.friends`, :mod:`.viewer`, :mod:`.backup`, :mod:`.page`; under them all
:mod:`.events` (what the binding and the controller tell each other) and :mod:`.pacing`
(long work in small steps).
"""
