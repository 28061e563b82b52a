"""Every version of the computer players, as data: one row each, named in this one place.

The page, saves and result links name a level by its word (:data:`LEVELS`: ``easy``,
``standard``, ``expert``).  The code behind a word may get stronger, so each version of a
level is a row of :data:`VERSIONS` with its own name (``standard-v1`` … ``standard-v7``,
``expert-v1`` … ``expert-v5``), the
settings of the one player class of its level (:class:`StandardConfig`,
:class:`ExpertConfig`) and the first day it plays.  The arena, :func:`~sheepshead.bots.make_player`,
:mod:`.seating` (which version plays which game), result links and the page all read it.

A new version is one new row with a later date: ``expert-v4`` = the settings it changes and
the first Daily it plays.  Only logic that really differs needs code, as a setting of its
player (a reading fix of :mod:`.knowledge` is a :data:`~.knowledge.READING` number, the
first Standard's rules of thumb a ``first`` flag of :mod:`.craft`); no old row ever changes
(``tests/test_bots_pins.py`` pins every version's choices and real links).
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass

__all__ = ["LEVELS", "StandardConfig", "ExpertConfig", "Version", "VERSIONS", "CURRENT"]

LEVELS = ("easy", "standard", "expert")
"""The level words, easiest first: the page's settings, saves and result links name these."""


@dataclass(frozen=True)
class StandardConfig:
    """A version of the Standard player: its rules of thumb and how it reads a view."""

    first_craft: bool
    """The first Standard's rules of thumb (2026-12-01: :mod:`.craft` with ``first``), not
    those of ``standard-v3`` on."""
    reading: int
    """How :class:`~.knowledge.Knowledge` reads the view (:data:`~.knowledge.READING`)."""
    behind: bool = False
    """Before putting points on a trick it cannot surely win, look at who is still to play and
    who may be void (from ``standard-v4``: a Jack, not the 9 of diamonds, onto a fat trick a
    likely void may trump; no Ten of diamonds under a trump lead with seats to come); else
    "the lowest card that wins now" (:mod:`.craft`)."""
    masters: bool = False
    """Play trumps by which are masters and which are live, from the cards seen (from
    ``standard-v5``, issue 39): a sure winner onto a trick worth taking rather than an Ace or
    Ten thrown, a live trump kept off an opponent's trick, no fail Ten led into a void an
    opponent has shown, the master trumps first when they draw every trump out (:mod:`.craft`;
    needs ``behind``)."""
    careful: bool = False
    """The points of care a club player's read of ``standard-v5`` found missing (from
    ``standard-v6``, issue 39; needs ``masters``): no fail card dropped as a winner under the
    called card still to fall on its suit's first lead (no Ten under the called Ace); of
    trumps that do the same job (the same unseen trumps beat them, and they win or lose the
    trick alike) the one with the fewest points, unless its side surely takes the trick; no
    Ace or Ten of trump onto an opponent's trick while a card of four points or fewer that is
    no live trump can go; a defender holding only trumps leads its master first; and in the
    last three tricks a Queen takes a trick rather than a pointed trump that will win nothing
    being thrown onto it (:mod:`.craft`, :func:`~.masters.cheaper_equal`).  From the read of
    the first ``standard-v6`` (before its first day): alone on three Queens only with the
    Queen of clubs or a Jack; a seat that played to the called suit's first lead without the
    called card is no partner; no Ace or Ten onto a friend's trick a seat after will likely
    take; a leaster's master trump waits; with two cards left the lower card first when the
    one trump that beats it is the only card that beats the higher one."""
    counting: bool = False
    """The end of the hand counted (from ``standard-v7``, issue 39; needs ``careful``): with
    two cards left, the card that does best over the layouts of the unseen cards the seat's
    knowledge allows, each played out exactly (:mod:`.lasttricks`); no Ace or Ten of trump
    put onto an opponent's trick it cannot win while a trump of three points or fewer takes
    it; of an Ace and Ten of one fail suit schmeared onto a sure trick, the Ace; in a leaster,
    a seat with no trick yet takes a trick of four points or fewer at the next-to-last trick
    rather than wait for the heavy last one."""


@dataclass(frozen=True)
class ExpertConfig:
    """A version of the Expert player: its search budget and what the search believes."""

    budget: int
    """Playouts per decision, split evenly over the candidate actions."""
    pick_samples: int
    """Deals for pick or pass (each playout is a whole hand, the longest)."""
    belief: bool
    """Weigh each imagined deal by the likelihood of every public action (:mod:`.belief`);
    else only by the passes (a seat that passed is unlikely to hold a hand it would pick)."""
    pick_bonus: float
    """Added to the value of picking: the playouts play the picked hand by the playout
    model's rules, and the Expert plays it better than that."""
    public_rollouts: bool
    """Playouts where each seat plays on what it could know (voids shown), not on exact
    holdings."""
    standard: StandardConfig
    """The Expert's own Standard: its fallback choice, candidates, pick judgement, belief."""
    first_playouts: bool
    """The playouts play, bury and call by the first Standard's rules of thumb (see
    :mod:`.expert`), not those of ``standard-v3`` on."""
    alone_playouts: bool = False
    """In the playouts, defenders know one another as friends against a picker who went
    alone five-handed (from ``expert-v4``; the first Standard's rules knew it only three-handed
    or with the Jack of diamonds, so going alone was overrated and schmears against it
    underrated)."""
    pick_bonus_trumps: int = 0
    """The pick bonus only for a hand of at least this many trumps (``expert-v4``: 3, so no
    bonus tips a two-trump hand into a pick)."""
    sound_bury: bool = False
    """Search no bury that leaves going alone as the only call on a hand Standard would not
    play alone, while another bury leaves a call (from ``expert-v4``: its playouts rated such
    a forced alone far above what it makes)."""
    strict_override: bool = False
    """Keep Standard's choice unless another beats it by a margin that grows with the number
    of candidates (:data:`~.expert.OVERRIDE_MARGINS`, a Bonferroni correction of the one
    standard error test); else one standard error whatever their number."""
    sound_play: bool = False
    """Never search a card in the play that :mod:`.blunders` names a blunder (a low trump onto
    a fat trick, a defender's trump lead holding the called suit, a schmear missed …) unless
    it is Standard's own choice (from ``expert-v5``: ``expert-v4``'s remaining howlers were all
    its search replacing Standard's card by such a one, which its playouts rated higher)."""
    standard_playouts: bool = False
    """The playouts play the cards by the Expert's own Standard, its ``behind`` and ``masters``
    included (from ``expert-v6``, issue 39; with ``first_playouts`` off), not by the first
    Standard's rules of thumb."""
    exact_end: bool = False
    """Each playout's last two tricks solved exactly on the sampled deal (:mod:`.endgame`,
    from ``expert-v6``) instead of played by rules of thumb."""


@dataclass(frozen=True)
class Version:
    """One fixed player: its level word, its settings (None: Easy) and its first day."""

    name: str
    level: str
    config: StandardConfig | ExpertConfig | None
    since: _dt.date
    """The first day it plays its level word: for the Daily's level, the first Daily."""


_STANDARD_V1 = StandardConfig(first_craft=True, reading=1)
_STANDARD_V2 = StandardConfig(first_craft=True, reading=2)
_STANDARD_V3 = StandardConfig(first_craft=False, reading=3)
_STANDARD_V4 = StandardConfig(first_craft=False, reading=3, behind=True)
_STANDARD_V5 = StandardConfig(first_craft=False, reading=3, behind=True, masters=True)
_STANDARD_V6 = StandardConfig(first_craft=False, reading=3, behind=True, masters=True, careful=True)
_STANDARD_V7 = StandardConfig(first_craft=False, reading=3, behind=True, masters=True, careful=True,
                              counting=True)

VERSIONS = {v.name: v for v in (
    Version("easy", "easy", None, _dt.date(2026, 11, 30)),
    # The players of 2026-12-01 morning.
    Version("standard-v1", "standard", _STANDARD_V1, _dt.date(2026, 11, 30)),
    Version("expert-v1", "expert", ExpertConfig(
        budget=128, pick_samples=40, belief=False, pick_bonus=0.0, public_rollouts=False,
        standard=_STANDARD_V1, first_playouts=True), _dt.date(2026, 11, 30)),
    # Of that evening: the unknown card's lead read as the called suit, and the belief.
    Version("standard-v2", "standard", _STANDARD_V2, _dt.date(2026, 12, 2)),
    Version("expert-v2", "expert", ExpertConfig(
        budget=160, pick_samples=56, belief=True, pick_bonus=0.0, public_rollouts=False,
        standard=_STANDARD_V2, first_playouts=True), _dt.date(2026, 12, 2)),
    # Shipped 2026-12-01 16:00 UTC (for the Daily of a date no time zone had reached): the craft
    # as it is now, the pick bonus, public playouts.
    Version("standard-v3", "standard", _STANDARD_V3, _dt.date(2026, 12, 3)),
    Version("expert-v3", "expert", ExpertConfig(
        budget=160, pick_samples=56, belief=True, pick_bonus=1.0, public_rollouts=True,
        standard=_STANDARD_V3, first_playouts=True), _dt.date(2026, 12, 3)),
    # Issue 27 (shipped 2026-12-02, for the Daily of a date no time zone had reached): no howlers.
    Version("standard-v4", "standard", _STANDARD_V4, _dt.date(2026, 12, 4)),
    Version("expert-v4", "expert", ExpertConfig(
        budget=160, pick_samples=56, belief=True, pick_bonus=1.0, public_rollouts=True,
        standard=_STANDARD_V4, first_playouts=True, alone_playouts=True, pick_bonus_trumps=3,
        sound_bury=True, strict_override=True), _dt.date(2026, 12, 4)),
    # Issue 27, second step (shipped 2026-12-02): the search replaces no card by a blunder.
    Version("expert-v5", "expert", ExpertConfig(
        budget=160, pick_samples=56, belief=True, pick_bonus=1.0, public_rollouts=True,
        standard=_STANDARD_V4, first_playouts=True, alone_playouts=True, pick_bonus_trumps=3,
        sound_bury=True, strict_override=True, sound_play=True), _dt.date(2026, 12, 5)),
    # Issue 39 (shipped 2026-12-04, for the Daily of a date no time zone had reached): trumps
    # played by masters and live trumps.
    Version("standard-v5", "standard", _STANDARD_V5, _dt.date(2026, 12, 7)),
    # Issue 39, second step (shipped 2026-12-06, for the Daily of a date no time zone had
    # reached): the points of care a club player's read of standard-v5 found missing.
    Version("standard-v6", "standard", _STANDARD_V6, _dt.date(2026, 12, 8)),
    # Issue 39, third step (shipped 2026-12-06, for the Daily of a date no time zone had
    # reached): the end of the hand counted, from a club player's read of standard-v6.
    Version("standard-v7", "standard", _STANDARD_V7, _dt.date(2026, 12, 9)),
)}
"""Every version by name, oldest first within each level."""

CURRENT = {level: [v.name for v in VERSIONS.values() if v.level == level][-1] for level in LEVELS}
"""The version each level word means in a New Game: its newest row."""
