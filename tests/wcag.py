"""WCAG 2 contrast, for the tests that hold the page's colours to it (tests/test_ui_svg.py,
tests/test_ui_table.py).  Standard library only: both files also run in Pyodide."""

from __future__ import annotations


def luminance(colour: str) -> float:
    """WCAG 2.x relative luminance of a ``#rrggbb`` colour."""
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast_ratio(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two ``#rrggbb`` colours, 1.0 to 21.0."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
