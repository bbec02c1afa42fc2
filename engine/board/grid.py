"""Grid coordinates: ``1-F6`` is deck 01, column F, row 6.

The same spelling appears on the rendered map, in chat messages and in typed
commands, so a player can copy a coordinate from the picture into a command.
"""

from __future__ import annotations

import re
from typing import NamedTuple

COLUMN_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

_GRID_RE = re.compile(r"^\s*0?(\d)\s*[-:]?\s*([A-Za-z])\s*(\d{1,2})\s*$", re.ASCII)


class GridParseError(ValueError):
    """A coordinate that is not of the form ``1-F6``."""


class Grid(NamedTuple):
    """One square of the floorplan. ``col`` and ``row`` count from 0.

    A named tuple rather than a dataclass: grids are hashed, compared and sorted
    in every path search and sight check, and tuples do that in C."""

    deck: int
    col: int
    row: int

    def __str__(self) -> str:
        return f"{self.deck}-{COLUMN_LETTERS[self.col]}{self.row + 1}"

    @property
    def column_letter(self) -> str:
        return COLUMN_LETTERS[self.col]

    def shifted(self, dcol: int, drow: int) -> Grid:
        return Grid(self.deck, self.col + dcol, self.row + drow)

    def orthogonal_neighbours(self) -> tuple[Grid, Grid, Grid, Grid]:
        """North, east, south, west on the same deck (may lie off the deck)."""
        return (
            self.shifted(0, -1),
            self.shifted(1, 0),
            self.shifted(0, 1),
            self.shifted(-1, 0),
        )

    @classmethod
    def parse(cls, text: str) -> Grid:
        """Read ``1-F6`` (also ``01-F6``, ``1F6``, ``1:f6``)."""
        match = _GRID_RE.match(text)
        if match is None:
            raise GridParseError(f"'{text}' is not a grid: write deck-column-row, for example 1-F6")
        deck, letter, row = match.groups()
        return cls(int(deck), COLUMN_LETTERS.index(letter.upper()), int(row) - 1)


def deck_label(deck: int) -> str:
    """The rulebook's name for a deck: ``Deck 00``."""
    return f"Deck {deck:02d}"
