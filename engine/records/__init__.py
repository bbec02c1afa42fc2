"""A game written down: snapshots (state as checked text), scenarios (a position as
a text block), scripts (a game as lines of the command language) and the replay of a
finished game phase by phase."""
