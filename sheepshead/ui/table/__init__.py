"""The card table: the game and its computer players, the values the page draws, the animation
queue, and the table drawn as HTML.
"""
