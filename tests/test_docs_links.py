"""Every relative link in README.md and docs/**/*.md points at a file of the repository, and
a link to a heading (``page.md#heading``) at a heading that page has.

Headings become anchors as GitHub makes them: the heading's text, lower-cased, with everything
but letters, digits, spaces, ``-`` and ``_`` dropped and each space a ``-``; a repeated heading
gets ``-1``, ``-2`` … .  Links inside code blocks and code spans are not links.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])

FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.M | re.S)
CODE_SPAN = re.compile(r"`[^`\n]*`")
MARKDOWN_LINK = re.compile(r"\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_LINK = re.compile(r"""<(?:a|img|source)\b[^>]*?\b(?:href|src)\s*=\s*["']([^"']+)["']""", re.I)
HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", re.M)
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)        # https:, mailto:, data: …


def prose(text: str) -> str:
    """The page without its code blocks and code spans (their text is not markup)."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def anchors(text: str) -> set[str]:
    """The anchors of a page's headings, as GitHub makes them."""
    seen: dict[str, int] = {}
    out = set()
    for heading in HEADING.findall(FENCE.sub("", text)):
        words = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)        # a link's text only
        slug = re.sub(r"[^\w\- ]", "", words.lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return out


def links(page: Path) -> list[str]:
    text = prose(page.read_text(encoding="utf-8"))
    return MARKDOWN_LINK.findall(text) + HTML_LINK.findall(text)


def broken(page: Path) -> list[str]:
    """Each relative link of ``page`` that points nowhere, with why."""
    out = []
    for target in links(page):
        if EXTERNAL.match(target):
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / unquote(path)).resolve() if path else page
        if not dest.is_relative_to(ROOT):
            out.append(f"{target}: outside the repository")
        elif not dest.exists():
            out.append(f"{target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest.read_text(encoding="utf-8")):
            out.append(f"{target}: no such heading in {dest.relative_to(ROOT)}")
    return out


def test_the_pages_are_found_and_have_links():
    names = {p.relative_to(ROOT).as_posix() for p in PAGES}
    assert {"README.md", "docs/bots.md", "docs/journal/bots.md"} <= names
    assert sum(len(links(p)) for p in PAGES) > 50


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(page):
    assert broken(page) == []


def test_the_check_finds_a_broken_link_and_a_missing_heading(tmp_path, monkeypatch):
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    (tmp_path / "other.md").write_text("# Other page\n\n## The `board` — of the day\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text(
        "# Page\n\n[ok](other.md) [ok](other.md#the-board--of-the-day) [ok](#page) "
        "[ok](https://example.org/x.md)\n[gone](missing.md) [no heading](other.md#nothing)\n"
        "<img src=\"gone.png\">\n`[in code](nowhere.md)`\n\n```\n[in a block](nowhere.md)\n```\n",
        encoding="utf-8")
    assert broken(page) == ["missing.md: no such file", "other.md#nothing: no such heading in other.md",
                            "gone.png: no such file"]
