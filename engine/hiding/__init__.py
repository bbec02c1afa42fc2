"""Pipe-running (C.7) and searching (C.8): the hidden-movement half of the game."""
