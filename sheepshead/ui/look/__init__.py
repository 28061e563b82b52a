"""The look: the card art (SVG), the small HTML pieces, the game's facts in words, the totals
chart.
"""
