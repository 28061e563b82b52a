"""The card art in sheepshead/ui/look/svg.py: well-formed, self-contained, small, legible colours.

Standard library and pytest only (no hypothesis), so it can also run inside Pyodide.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from wcag import contrast_ratio

from sheepshead.cards import CARDS
from sheepshead.ui.look import svg
from sheepshead.ui.look.svg import (
    FACE_COLOUR,
    FOUR_COLOUR,
    TRUMP_MARK_COLOUR,
    TWO_COLOUR,
    card_back_svg,
    card_svg,
)

SVG_NS = "{http://www.w3.org/2000/svg}"
MAX_CARD_BYTES = 3000
DECKS = [pytest.param(False, id="two-colour"), pytest.param(True, id="four-colour")]


def all_svgs():
    for four in (False, True):
        for card in CARDS:
            yield f"{card}/{'four' if four else 'two'}", card_svg(card, four_colour=four)
    yield "back", card_back_svg()


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == SVG_NS + "svg"
    return root


@pytest.mark.parametrize("four", DECKS)
def test_every_card_is_well_formed_svg_with_a_viewbox_and_no_fixed_size(four):
    for card in CARDS:
        root = parse(card_svg(card, four_colour=four))
        assert root.get("viewBox") == "0 0 100 140", card
        assert root.get("width") is None and root.get("height") is None, card
        assert root.get("aria-hidden") == "true", card
        assert root.get("focusable") == "false", card
        assert root.get("role") is None, card
        assert len(root) >= 3, card


def test_back_is_well_formed_svg():
    root = parse(card_back_svg())
    assert root.get("viewBox") == "0 0 100 140"
    assert root.get("aria-hidden") == "true"
    assert "card-back" in root.get("class")


def test_no_external_references_ids_or_raster():
    for name, text in all_svgs():
        # The one URL allowed is the SVG namespace declaration itself.
        body = text.replace('xmlns="http://www.w3.org/2000/svg"', "", 1)
        assert "http" not in body, name
        assert "//" not in body, name
        for ref in re.findall(r"href\s*=\s*\"([^\"]*)\"", body):
            assert ref.startswith("#"), (name, ref)
        for ref in re.findall(r"url\(([^)]*)\)", body):
            assert ref.strip("'\" ").startswith("#"), (name, ref)
        assert "<image" not in body and "data:" not in body, name
        assert "@import" not in body and "@font-face" not in body, name
        # Inlined many times on a page: duplicate ids would clash, so use none.
        for element in parse(text).iter():
            assert element.get("id") is None, name


def test_distinct_cards_give_distinct_svgs():
    for four in (False, True):
        texts = [card_svg(c, four_colour=four) for c in CARDS]
        assert len(set(texts)) == 32
    assert card_back_svg() not in {card_svg(c) for c in CARDS}


def test_four_colour_deck_differs_for_clubs_and_diamonds_only():
    for card in CARDS:
        two, four = card_svg(card), card_svg(card, four_colour=True)
        if card.suit_letter in "CD":
            assert two != four, card
            assert FOUR_COLOUR[card.suit_letter] in four and FOUR_COLOUR[card.suit_letter] not in two
        else:
            assert two == four, card


RANKS = ("A", "10", "K", "Q", "J", "9", "8", "7")


def _corner_glyph(root: ET.Element) -> ET.Element:
    """The corner rank glyph: the card's one top-level path stroked with no fill."""
    glyphs = [e for e in root.findall(SVG_NS + "path") if e.get("fill") == "none"]
    assert len(glyphs) == 1
    return glyphs[0]


def test_card_uses_its_suit_colour_and_shows_its_rank():
    for four in (False, True):
        for card in CARDS:
            root = parse(card_svg(card, four_colour=four))
            colour = svg.suit_colour(card.suit_letter, four)
            fills = {e.get("fill") for e in root.iter()}
            assert colour in fills, card
            glyph = _corner_glyph(root)
            assert glyph.get("d") == svg.RANK_GLYPHS[card.rank], card
            assert glyph.get("stroke") == colour, card
            assert float(glyph.get("stroke-width")) >= 5, card  # bold at 44 px


def test_no_card_has_text_content():
    # The accessible name comes from the element around the svg ("Nine of
    # diamonds"); visible text such as "9" would not match it (axe-core's
    # label-content-name-mismatch), so the rank is drawn with paths.
    for name, text in all_svgs():
        assert "<text" not in text and "<tspan" not in text, name
        assert "font" not in text, name
        assert "".join(parse(text).itertext()).strip() == "", name


def test_every_rank_has_its_own_glyph_the_same_in_every_suit():
    glyphs = svg.RANK_GLYPHS
    assert set(glyphs) == set(RANKS)
    assert len(set(glyphs.values())) == len(RANKS)
    for four in (False, True):
        for card in CARDS:
            text = card_svg(card, four_colour=four)
            for rank, d in glyphs.items():
                # e.g. the "9" glyph is in every Nine and in no other card
                assert (f'd="{d}"' in text) == (rank == card.rank), (card, rank)


def _points(d: str) -> list[tuple[float, float | None]]:
    """Every (x, y) of absolute path data; H gives (x, None), V gives (None, y)."""
    assert re.fullmatch(r"[MLHVCSQZ0-9 .\-]+", d), d  # absolute commands only
    points: list = []
    for command, args in re.findall(r"([MLHVCSQZ])([^MLHVCSQZ]*)", d):
        numbers = [float(n) for n in re.findall(r"-?\d*\.?\d+", args)]
        if command == "H":
            points += [(x, None) for x in numbers]
        elif command == "V":
            points += [(None, y) for y in numbers]
        else:
            assert len(numbers) % 2 == 0, (command, args)
            points += list(zip(numbers[::2], numbers[1::2]))
    return points


def test_rank_glyphs_fit_the_corner_and_are_crisp():
    # A Bezier curve stays inside its control points, so the points widened by
    # half the stroke bound the ink: right of the trump band (x 9), above the
    # corner suit symbol (y 41), left of the court figures (x 42).
    root = parse(card_svg(CARDS[0]))
    half = float(_corner_glyph(root).get("stroke-width")) / 2
    for rank, d in svg.RANK_GLYPHS.items():
        for number in re.findall(r"\d*\.\d+", d):
            assert len(number.split(".")[1]) <= 1, (rank, number)
        points = _points(d)
        xs = [x for x, _ in points if x is not None]
        ys = [y for _, y in points if y is not None]
        assert min(xs) - half >= 9 and max(xs) + half <= 42, rank
        assert min(ys) - half >= 8 and max(ys) + half <= 39, rank
        # and as big as the bold text it replaced: about 27 units tall
        assert max(ys) - min(ys) >= 21, rank
    # the two digits of "10" together are wider than any one-character rank
    width = {r: max(x for x, _ in _points(d) if x is not None) - min(x for x, _ in _points(d) if x is not None)
             for r, d in svg.RANK_GLYPHS.items()}
    assert width["10"] > max(w for r, w in width.items() if r != "10")


def test_suit_colours_are_as_documented():
    assert TWO_COLOUR["C"] == TWO_COLOUR["S"] and TWO_COLOUR["H"] == TWO_COLOUR["D"]
    assert TWO_COLOUR["S"] != TWO_COLOUR["H"]
    assert len(set(FOUR_COLOUR.values())) == 4
    assert FOUR_COLOUR["S"] == TWO_COLOUR["S"] and FOUR_COLOUR["H"] == TWO_COLOUR["H"]


def test_contrast_formula_matches_known_values():
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast_ratio("#ffffff", "#ffffff") == pytest.approx(1.0)
    assert contrast_ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast_ratio("#ffffff", "#777777") == contrast_ratio("#777777", "#ffffff")


@pytest.mark.parametrize("deck", [TWO_COLOUR, FOUR_COLOUR], ids=["two-colour", "four-colour"])
def test_every_suit_colour_has_4_5_to_1_contrast_on_the_card_face(deck):
    for suit, colour in deck.items():
        ratio = contrast_ratio(colour, FACE_COLOUR)
        assert ratio >= 4.5, (suit, colour, round(ratio, 2))


def test_four_colour_suits_are_told_apart_by_hue_not_only_by_lightness():
    # Each pair of suit inks differs clearly in at least one channel.
    inks = list(FOUR_COLOUR.values())
    for i, a in enumerate(inks):
        for b in inks[i + 1:]:
            da = [int(a[k:k + 2], 16) for k in (1, 3, 5)]
            db = [int(b[k:k + 2], 16) for k in (1, 3, 5)]
            assert max(abs(x - y) for x, y in zip(da, db)) >= 60, (a, b)


def test_trump_cards_and_only_they_carry_the_trump_mark():
    assert contrast_ratio(TRUMP_MARK_COLOUR, FACE_COLOUR) >= 3.0  # non-text graphic
    for card in CARDS:
        text = card_svg(card)
        assert (TRUMP_MARK_COLOUR in text) == card.is_trump, card
        assert ("trump" in parse(text).get("class").split()) == card.is_trump, card
    assert TRUMP_MARK_COLOUR not in card_back_svg()


def test_face_cards_have_their_own_motif():
    plain = {card_svg(c).count("<path") for c in CARDS if c.rank not in "JQK"}
    faces = {card_svg(c).count("<path") for c in CARDS if c.rank in ("J", "Q", "K")}
    assert min(faces) > min(plain)
    by_rank = {}
    for card in CARDS:
        if card.rank in ("J", "Q", "K") and card.suit_letter == "S":
            by_rank[card.rank] = card_svg(card).replace(card.rank, "")
    assert len(set(by_rank.values())) == 3


@pytest.mark.parametrize("four", DECKS)
def test_size_bound(four):
    for card in CARDS:
        size = len(card_svg(card, four_colour=four).encode("utf-8"))
        assert size < MAX_CARD_BYTES, (card, size)
    assert len(card_back_svg().encode("utf-8")) < MAX_CARD_BYTES


def test_output_is_deterministic_and_pure():
    assert card_svg(CARDS[5]) == card_svg(CARDS[5])
    assert card_back_svg() is card_back_svg()
    source = svg.__loader__.get_source(svg.__name__) if hasattr(svg, "__loader__") else ""
    if source:
        assert not re.search(r"^\s*(import|from)\s+(js|pyscript)\b", source, re.M)


def test_suit_paths_use_only_path_syntax():
    for letter, d in svg.SUIT_PATHS.items():
        assert re.fullmatch(r"[MmLlHhVvCcSsQqTtAaZz0-9 .,\-]+", d), letter


# ------------------------------------------------------------- court figures

COURTS = ("J", "Q", "K")
MAX_DECK_BYTES = 48_000  # all 32 faces of one deck; a redraw inlines up to ~20 of them


def _figure(card, four: bool) -> ET.Element | None:
    """The court figure: the card's one <g> element (pip cards and Aces have none)."""
    groups = parse(card_svg(card, four_colour=four)).findall(SVG_NS + "g")
    assert len(groups) <= 1, card
    return groups[0] if groups else None


@pytest.mark.parametrize("four", DECKS)
def test_king_queen_and_jack_have_different_figures_in_every_suit(four):
    for suit in "CSHD":
        figures = {}
        for card in CARDS:
            if card.suit_letter == suit and card.rank in COURTS:
                figure = _figure(card, four)
                assert figure is not None, card
                figures[card.rank] = ET.tostring(figure)
        assert len(figures) == 3 and len(set(figures.values())) == 3, suit
        # Told apart by their shapes, not only by colour or the corner letter:
        # no path of one figure's headgear and hair repeats in the other two.
        shapes = {rank: {e.get("d") for e in ET.fromstring(xml).iter(SVG_NS + "path")}
                  for rank, xml in figures.items()}
        for rank in COURTS:
            others = set().union(*(shapes[r] for r in COURTS if r != rank))
            assert len(shapes[rank] - others) >= 4, (suit, rank)
    for card in CARDS:
        if card.rank not in COURTS:
            assert _figure(card, four) is None, card


@pytest.mark.parametrize("four", DECKS)
def test_court_figures_are_drawn_in_their_suit_colour(four):
    deck = FOUR_COLOUR if four else TWO_COLOUR
    for card in CARDS:
        if card.rank not in COURTS:
            continue
        colour = deck[card.suit_letter]
        figure = _figure(card, four)
        assert figure.get("stroke") == colour, card  # every shape outlined in the suit's ink
        assert float(figure.get("stroke-width")) >= 1.5, card
        fills = [e.get("fill") for e in figure.iter(SVG_NS + "path")]
        assert fills.count(colour) >= 2, card  # solid ink (beard, hair, cap) and the robe's tint
        used = {e.get(a) for e in figure.iter() for a in ("fill", "stroke")}
        other_inks = set(deck.values()) - {colour}
        assert not used & other_inks, card
        # The figure's gold is not the trump band's gold: only trumps carry that.
        assert TRUMP_MARK_COLOUR not in used, card


def test_court_cards_keep_the_corner_index_of_the_pip_cards():
    # The same glyph style (ink, stroke) and the same corner suit symbol as a 7,
    # so the index is as legible as ever and shows in an overlapping hand.
    for four in (False, True):
        for card in CARDS:
            if card.rank not in COURTS:
                continue
            seven = next(c for c in CARDS if c.rank == "7" and c.suit_letter == card.suit_letter)
            court_root, seven_root = parse(card_svg(card, four_colour=four)), parse(card_svg(seven, four_colour=four))
            court_glyph, seven_glyph = _corner_glyph(court_root).attrib, _corner_glyph(seven_root).attrib
            assert court_glyph["d"] != seven_glyph["d"], card
            assert {k: v for k, v in court_glyph.items() if k != "d"} == {
                k: v for k, v in seven_glyph.items() if k != "d"}, card
            corner_pip = [e.attrib for e in court_root.findall(SVG_NS + "path") if "translate(8 41)" in e.get("transform", "")]
            assert corner_pip == [e.attrib for e in seven_root.findall(SVG_NS + "path")
                                  if "translate(8 41)" in e.get("transform", "")], card
            assert len(corner_pip) == 1, card


def test_court_figures_are_crisp_at_every_size():
    # Coordinates with at most one decimal and no hairline strokes (viewBox units).
    for four in (False, True):
        for card in CARDS:
            if card.rank not in COURTS:
                continue
            figure = _figure(card, four)
            for element in figure.iter():
                for number in re.findall(r"\d*\.\d+", element.get("d", "")):
                    assert len(number.split(".")[1]) <= 1, (card, number)
                width = element.get("stroke-width")
                if width is not None:
                    assert float(width) >= 1.2, (card, width)
        for element in parse(card_svg(CARDS[0], four_colour=four)).iter():
            if element.get("stroke-width") is not None:
                assert float(element.get("stroke-width")) >= 1.2


@pytest.mark.parametrize("four", DECKS)
def test_whole_deck_stays_small(four):
    total = sum(len(card_svg(card, four_colour=four).encode("utf-8")) for card in CARDS)
    assert total < MAX_DECK_BYTES, total
    courts = [len(card_svg(c, four_colour=four).encode("utf-8")) for c in CARDS if c.rank in COURTS]
    assert max(courts) < MAX_CARD_BYTES, max(courts)
