"""What the browser keeps: stored JSON read safely, a save per game, the settings, the table's
picture.
"""
