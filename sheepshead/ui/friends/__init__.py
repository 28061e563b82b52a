"""Friends' tables: the boards kept per game, the board dialog and its links, challenges."""
