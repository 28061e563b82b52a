#!/usr/bin/env python3
"""Draw the app icons (static/icons/*.png) from an SVG, with headless Chromium.

    .venv/bin/python bench/make_icons.py

Run once; the PNGs are committed (build.py only copies them). The design: two cards,
the queen of clubs (the highest trump) in front of the jack of diamonds, on the felt
green of the table. The maskable icon keeps everything inside the central 80 % circle
(the safe zone a launcher may crop to) on a full-bleed background.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from conftest import CHROMIUM, CHROMIUM_ARGS

OUT = ROOT / "static" / "icons"
FELT, GOLD, PAPER, INK, RED = "#0d5a2c", "#f2c94c", "#fffdf7", "#1b1b1b", "#c8102e"

CLUB = "M0,-30 a15,15 0 1,1 -1,0 z M-17,-2 a15,15 0 1,1 -1,0 z M17,-2 a15,15 0 1,1 -1,0 z M-5,0 L5,0 L10,34 L-10,34 z"


def card(rank: str, pip: str, colour: str) -> str:
    """A 100 x 140 card centred on the origin."""
    return f"""
      <rect x="-50" y="-70" width="100" height="140" rx="9" fill="{PAPER}" stroke="#c9c3b3" stroke-width="1.5"/>
      <text x="-38" y="-40" font-family="Georgia, 'DejaVu Serif', serif" font-weight="700"
            font-size="30" fill="{colour}">{rank}</text>
      <g transform="translate(6,14) scale(0.95)" fill="{colour}">{pip}</g>"""


def svg(size: int, maskable: bool) -> str:
    # Cards occupy a box about 0.62 x 0.62 of the icon; maskable shrinks it into the safe zone.
    scale = size / 100 * (0.32 if maskable else 0.46) / 1.0
    diamond = '<path d="M0,-32 L24,0 L0,32 L-24,0 z"/>'
    club = f'<path d="{CLUB}" transform="scale(0.9)"/>'
    back = card("J", diamond, RED)
    front = card("Q", club, INK)
    if maskable:
        bg = f'<rect width="{size}" height="{size}" fill="{FELT}"/>'
    else:
        r = size * 0.18
        bg = (f'<rect width="{size}" height="{size}" rx="{r}" fill="{FELT}"/>'
              f'<rect x="{size*0.03}" y="{size*0.03}" width="{size*0.94}" height="{size*0.94}" '
              f'rx="{r*0.85}" fill="none" stroke="{GOLD}" stroke-width="{size*0.012}"/>')
    c = size / 2
    return f"""<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}">
  {bg}
  <g transform="translate({c},{c}) scale({scale})">
    <g transform="translate(-24,-4) rotate(-14)">{back}</g>
    <g transform="translate(22,4) rotate(9)">{front}</g>
  </g>
</svg>"""


def main() -> None:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    targets = [("icon-192.png", 192, False), ("icon-512.png", 512, False),
               ("icon-maskable-512.png", 512, True)]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name, size, maskable in targets:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f'<html><body style="margin:0;background:transparent">{svg(size, maskable)}</body></html>')
            page.screenshot(path=str(OUT / name), omit_background=True,
                            clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
            print(f"wrote {OUT / name}")
        browser.close()


if __name__ == "__main__":
    main()
