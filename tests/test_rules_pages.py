"""The static rules page and cheat sheet (static/rules.html, static/cheatsheet.html).

Checks that they say what docs/rules.md says (trump order, scoring table), use
relative URLs only, have their headings and table headers, and that the card
pictures inlined in them are the current art from sheepshead/ui/look/svg.py.

The card SVGs are filled in by this file: after changing the card art, run

    .venv/bin/python tests/test_rules_pages.py

which rewrites the contents of every ``<span class="card" data-card="QC">``
in both pages with ``card_svg(card)``.
"""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # when run as a script
    sys.path.insert(0, str(ROOT))

from sheepshead.cards import RANK_NAMES, SUIT_NAMES, TRUMP_TEXT, parse_card
from sheepshead.ui.look.svg import card_svg

STATIC = ROOT / "static"
PAGES = {"rules": STATIC / "rules.html", "cheatsheet": STATIC / "cheatsheet.html"}
CSS = STATIC / "pages.css"
RULES_MD = ROOT / "docs" / "rules.md"
SYMBOLS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}

_CARD_SPAN = re.compile(r'(<span class="card" data-card="([0-9JQKA]+[CSHD])">)(.*?)(</span>)', re.S)


def fill_cards(html: str) -> str:
    """`html` with every card span holding the current ``card_svg`` of its card."""
    return _CARD_SPAN.sub(lambda m: m.group(1) + card_svg(parse_card(m.group(2))) + m.group(4), html)


# ------------------------------------------------------------- a tiny HTML tree

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "source", "track", "wbr"}


class Node:
    def __init__(self, tag: str, attrs: dict[str, str | None], parent: Node | None):
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Node | str] = []

    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    def iter(self, tag: str | None = None):
        if tag is None or self.tag == tag:
            yield self
        for child in self.children:
            if isinstance(child, Node):
                yield from child.iter(tag)

    def find_all(self, tag: str | None = None, cls: str | None = None) -> list[Node]:
        return [n for n in self.iter(tag) if cls is None or cls in n.classes()]

    def text(self) -> str:
        parts = []
        for child in self.children:
            parts.append(child if isinstance(child, str) else child.text())
        return "".join(parts)

    def clean_text(self) -> str:
        return " ".join(self.text().split())


class TreeBuilder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {}, None)
        self.current = self.root
        self.doctype = None

    def handle_decl(self, decl):
        self.doctype = decl

    def handle_starttag(self, tag, attrs):
        node = Node(tag, dict(attrs), self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag, attrs):
        self.current.children.append(Node(tag, dict(attrs), self.current))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        node = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        assert node is not None and node.parent is not None, f"stray </{tag}>"
        assert node is self.current, f"</{tag}> closes <{self.current.tag}> early"
        self.current = node.parent

    def handle_data(self, data):
        self.current.children.append(data)


def parse(path: Path) -> tuple[Node, TreeBuilder]:
    builder = TreeBuilder()
    builder.feed(path.read_text(encoding="utf-8"))
    builder.close()
    assert builder.current is builder.root, f"{path.name}: unclosed <{builder.current.tag}>"
    return builder.root, builder


@pytest.fixture(scope="module", params=sorted(PAGES))
def page_doc(request):
    root, builder = parse(PAGES[request.param])
    return request.param, root, builder


# --------------------------------------------------------------- docs/rules.md


def md_scoring_table() -> tuple[list[str], list[list[str]]]:
    """Header and rows of the scoring table in docs/rules.md."""
    text = RULES_MD.read_text(encoding="utf-8")
    section = text.split("## Scoring", 1)[1].split("\n## ", 1)[0]
    lines = [ln.strip() for ln in section.splitlines() if ln.strip().startswith("|")]
    cells = [[c.strip() for c in ln.strip("|").split("|")] for ln in lines]
    header, rule, *rows = cells
    assert all(set(c) <= set("-: ") for c in rule)
    assert len(rows) == 6
    return header, rows


def md_trump_order() -> list[str]:
    text = RULES_MD.read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if ln.startswith("> Q♣"))
    symbol_to_letter = {v: k for k, v in SYMBOLS.items()}
    return [t[:-1] + symbol_to_letter[t[-1]] for t in line[1:].split() if t != "·"]


def norm(cell: str) -> str:
    return " ".join(cell.replace("−", "-").replace("–", "-").split()).lower()


# ---------------------------------------------------------------------- tests


def test_docs_trump_order_is_the_engines():
    assert md_trump_order() == TRUMP_TEXT


def test_page_basics(page_doc):
    name, root, builder = page_doc
    assert builder.doctype and builder.doctype.lower() == "doctype html"
    html = root.find_all("html")[0]
    assert html.attrs.get("lang") == "en"
    assert root.find_all("title")[0].clean_text()
    metas = {m.attrs.get("name"): m.attrs.get("content") for m in root.find_all("meta")}
    assert "width=device-width" in metas.get("viewport", "")
    assert any(m.attrs.get("charset", "").lower() == "utf-8" for m in root.find_all("meta"))
    assert len(root.find_all("h1")) == 1
    assert len(root.find_all("main")) == 1
    assert not root.find_all("script"), "the pages are static: no scripts"


def test_heading_levels_do_not_skip(page_doc):
    name, root, _ = page_doc
    levels = [int(n.tag[1]) for n in root.iter() if re.fullmatch(r"h[1-6]", n.tag)]
    assert levels[0] == 1
    for a, b in zip(levels, levels[1:]):
        assert b <= a + 1, (name, levels)


def test_every_table_has_header_cells(page_doc):
    name, root, _ = page_doc
    tables = root.find_all("table")
    assert tables
    for table in tables:
        assert table.find_all("thead"), name
        heads = table.find_all("th")
        assert heads, name
        assert all(th.attrs.get("scope") in ("col", "row") for th in heads), name


def test_ids_are_unique_and_fragment_links_resolve(page_doc):
    name, root, _ = page_doc
    ids = [n.attrs["id"] for n in root.iter() if n.attrs.get("id")]
    assert len(ids) == len(set(ids)), name
    for a in root.find_all("a"):
        href = a.attrs.get("href") or ""
        if href.startswith("#"):
            assert href[1:] in ids, (name, href)
    for n in root.iter():
        for attr in ("aria-labelledby", "aria-describedby"):
            if n.attrs.get(attr):
                assert all(i in ids for i in n.attrs[attr].split()), (name, attr)


def test_trump_order_appears_in_order(page_doc):
    name, root, _ = page_doc
    (container,) = root.find_all(cls="trump-order")
    cards = [n.attrs["data-card"] for n in container.iter() if n.attrs.get("data-card")]
    assert cards == TRUMP_TEXT
    # And in the words a reader sees: full names on the rules page, Q♣-style labels on the sheet.
    text = container.clean_text()
    pos = 0
    for t in TRUMP_TEXT:
        rank, suit = t[:-1], t[-1]
        word = f"{RANK_NAMES[rank]} of {SUIT_NAMES[suit]}" if name == "rules" else rank + SYMBOLS[suit]
        found = text.find(word, pos)
        assert found >= 0, (name, word, text[pos:pos + 80])
        pos = found + len(word)


def test_inline_card_pictures_are_the_current_art():
    for name, path in PAGES.items():
        html = path.read_text(encoding="utf-8")
        assert _CARD_SPAN.search(html), name
        assert html == fill_cards(html), (
            f"{path.name}: card pictures are stale; run `.venv/bin/python tests/test_rules_pages.py`")


def test_scoring_table_matches_docs(page_doc):
    name, root, _ = page_doc
    header, rows = md_scoring_table()
    (table,) = root.find_all("table", cls="scoring")
    head_cells = [norm(th.clean_text()) for th in table.find_all("thead")[0].find_all("th")]
    assert head_cells == [norm(h) for h in header], name
    body = table.find_all("tbody")[0].find_all("tr")
    got = [[norm(c.clean_text()) for c in tr.children if isinstance(c, Node)] for tr in body]
    assert got == [[norm(c) for c in row] for row in rows], name
    assert len(got) == 6


def test_rules_page_covers_every_part_of_the_rules():
    root, _ = parse(PAGES["rules"])
    text = root.clean_text()
    for phrase in ("blind", "picker", "bury", "Call an Ace", "Call a Ten", "unknown card",
                   "Go alone", "leaster", "61", "schneider", "schwarz", "schmear",
                   "Ace, Ten, King, Nine, Eight, Seven", "ten hands"):
        assert phrase.lower() in text.lower(), phrase
    headings = [h.clean_text() for h in root.iter() if re.fullmatch(r"h[23]", h.tag)]
    for title in ("The pack and the trumps", "Calling a partner", "What the called suit asks of you",
                  "Scoring", "Leaster", "Tips from the table"):
        assert title in headings, title
    # Every tip from docs/rules.md has its bullet.
    tips = root.find_all("ul", cls="tips")[0].find_all("li")
    md_tips = RULES_MD.read_text(encoding="utf-8").split("## Tips from the table", 1)[1]
    assert len(tips) == md_tips.count("\n- ") == 6


def test_cheatsheet_covers_the_summary():
    root, _ = parse(PAGES["cheatsheet"])
    text = root.clean_text()
    for phrase in ("A 10 K 9 8 7", "61", "Leaster", "Calling", "Alone", "Ten", "Unknown card",
                   "Schmear", "Tips"):
        assert phrase in text, phrase
    (points,) = [t for t in root.find_all("table") if "points" in t.classes()]
    cells = [c.clean_text() for c in points.iter() if c.tag in ("th", "td")]
    assert cells == ["A", "10", "K", "Q", "J", "9 8 7", "11", "10", "4", "3", "2", "0"]
    assert len(root.find_all("ul", cls="tips")[0].find_all("li")) == 6


def _is_relative(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme == "data":
        return True
    return not parts.scheme and not parts.netloc and not url.startswith("/")


def test_only_relative_urls_and_nothing_external(page_doc):
    name, root, _ = page_doc
    urls = []
    for n in root.iter():
        for attr in ("href", "src", "srcset", "action", "poster", "data", "xlink:href"):
            if n.attrs.get(attr) is not None:
                urls.append(n.attrs[attr])
    assert urls
    assert [u for u in urls if not _is_relative(u)] == []
    source = PAGES[name].read_text(encoding="utf-8")
    without_ns = source.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert not re.search(r"https?:|//[a-z]", without_ns, re.I), name
    assert "url(" not in without_ns and "@import" not in without_ns


def test_stylesheet_is_local_and_has_print_rules():
    css = CSS.read_text(encoding="utf-8")
    assert not re.search(r"https?:|url\(|@import", css)
    assert "@media print" in css and "@page" in css


def test_links_resolve_in_the_built_layout(page_doc):
    """build.py copies static/ to dist/static/ and index.html to dist/: check each link's target."""
    name, root, _ = page_doc
    sys.path.insert(0, str(ROOT))
    try:
        import build
    finally:
        sys.path.remove(str(ROOT))
    assert build.STATIC_DIR == "static" and "index.html" in build.PAGE_FILES
    built = {"index.html"} | {f"static/{p.name}" for p in STATIC.iterdir() if p.is_file()}
    back = [a for a in root.find_all("a") if "Back to the table" in a.clean_text()]
    assert back and all(a.attrs["href"] == "../index.html" for a in back), name
    for n in root.iter():
        url = n.attrs.get("href") or n.attrs.get("src")
        if not url or url.startswith(("#", "data:")):
            continue
        path = urlsplit(url).path
        target = Path("static", path).as_posix()
        parts: list[str] = []
        for part in target.split("/"):
            if part == "..":
                parts.pop()
            elif part not in (".", ""):
                parts.append(part)
        assert "/".join(parts) in built, (name, url)


# -------------------------------------------------------------- in a browser


@pytest.mark.browser
@pytest.mark.parametrize("name", sorted(PAGES))
def test_fits_a_360_px_phone_without_horizontal_scroll(page, site_url, name):
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(site_url + f"static/{name}.html")
    page.wait_for_load_state("load")
    assert page.log.errors() == []
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.body.scrollWidth]")
    assert max(widths) <= 360, widths
    # The stylesheet loaded (the top bar is the felt green) and the cards are drawn.
    assert page.evaluate(
        "() => getComputedStyle(document.querySelector('.topbar')).backgroundColor"
    ) == "rgb(11, 93, 42)"
    boxes = page.evaluate(
        "() => [...document.querySelectorAll('.card svg')].map(s => s.getBoundingClientRect().width)")
    assert len(boxes) == 14 and min(boxes) >= 30, boxes


@pytest.mark.browser
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_cheatsheet_prints_on_one_page(page, site_url, paper):
    page.goto(site_url + "static/cheatsheet.html")
    page.wait_for_load_state("load")
    pdf = page.pdf(format=paper, print_background=True)
    pages = len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))
    assert pages == 1, f"{paper}: {pages} pages"


if __name__ == "__main__":
    for page_path in PAGES.values():
        old = page_path.read_text(encoding="utf-8")
        new = fill_cards(old)
        if new != old:
            page_path.write_text(new, encoding="utf-8")
            print(f"updated the card pictures in {page_path.relative_to(ROOT)}")
        else:
            print(f"{page_path.relative_to(ROOT)} is up to date")
