"""Sheepshead's own words, explained once: the first time a hand's summary or a game's
results show a word such as *schneider* or *unknown card*, a one-line explanation comes with
it (a quiet notice above the dialog).

Pure Python, no ``js``.  :func:`new_terms` finds the words of :data:`GLOSSARY` in what the
page is about to draw (its text, not its markup) that the player has not been shown yet;
the controller shows each line once and keeps the word in the settings
(:attr:`~sheepshead.ui.storage.settings.Settings.glossed`), so it is never explained twice.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Protocol

__all__ = ["GLOSSARY", "new_terms", "explain"]

GLOSSARY = {
    "unknown card": "Unknown card: a picker who holds no card of the suit to call sets one of "
                    "their cards aside face down to stand in for it; it counts for the "
                    "picker's side but never takes a trick.",
    "schneider": "Schneider: when the losing side takes 30 points or fewer, the hand counts "
                 "one more.",
    "schwarz": "Schwarz: when the losing side takes no trick at all, the hand counts one "
               "more again.",
    "leaster": "Leaster: everyone passed, so there is no picker; the player who takes the "
               "fewest points wins the hand.",
    "crack": "Crack: a defender who doubts the picker doubles the stakes before the first "
             "card; the picker may re-crack to double them again.",
    "doubler": "Doubler: everyone passed, so the hand is dealt again and counts double.",
    "called Ace": "Called Ace: the picker names a fail Ace they do not hold; whoever holds it "
                  "is their secret partner.",
}
"""Each word, as it appears at the table, and its line (in the game's own words)."""

_TAG = re.compile(r"<[^>]*>")
_PATTERNS = {term: re.compile(r"\b" + re.escape(term).replace(r"\ ", r"\s+") + r"(?:s|ed|ing)?\b",
                              re.IGNORECASE) for term in GLOSSARY}


def new_terms(html: Iterable[str], glossed: Iterable[str]) -> list[str]:
    """The words of :data:`GLOSSARY` found in the text of ``html`` (markup stripped) and
    not in ``glossed``, in the glossary's order."""
    text = " ".join(_TAG.sub(" ", h) for h in html)
    seen = set(glossed)
    return [term for term, pattern in _PATTERNS.items()
            if term not in seen and pattern.search(text)]


class _Glossed(Protocol):
    glossed: tuple[str, ...]

    def set(self, key: str, value: object) -> None: ...


def explain(text: str, settings: _Glossed) -> list[str]:
    """The lines for the words of ``text`` (HTML) not explained before; they are then marked
    as explained in ``settings`` (:attr:`~sheepshead.ui.storage.settings.Settings.glossed`)."""
    if len(settings.glossed) == len(GLOSSARY):
        return []
    terms = new_terms([text], settings.glossed)
    if terms:
        settings.set("glossed", [*settings.glossed, *terms])
    return [GLOSSARY[term] for term in terms]
