"""The part of one deck a close-up shows: a rectangle of its grids."""

from __future__ import annotations

from dataclasses import dataclass

from engine.board.grid import COLUMN_LETTERS, Grid, deck_label
from engine.board.ship import Ship

# The focus window's most grids across and down: about 810 pixels wide, so that on a
# phone's 400-pixel column a room's name still reads at 16 pixels and a counter's at 8.
FOCUS_COLUMNS = 7
FOCUS_ROWS = 6


@dataclass(frozen=True, slots=True)
class Window:
    """Columns ``cols[0]..cols[1]`` and rows ``rows[0]..rows[1]`` (inclusive) of a deck."""

    deck: int
    cols: tuple[int, int]
    rows: tuple[int, int]

    def __contains__(self, grid: object) -> bool:
        return (
            isinstance(grid, Grid)
            and grid.deck == self.deck
            and self.cols[0] <= grid.col <= self.cols[1]
            and self.rows[0] <= grid.row <= self.rows[1]
        )

    @property
    def width(self) -> int:
        return self.cols[1] - self.cols[0] + 1

    @property
    def height(self) -> int:
        return self.rows[1] - self.rows[0] + 1

    def grids(self, ship: Ship) -> list[Grid]:
        """The ship's grids in the window, row by row."""
        inside = (g for g in ship.grids(self.deck) if g in self)
        return sorted(inside, key=lambda g: (g.row, g.col))

    def describe(self) -> str:
        """ "Deck 01, columns F to N, rows 2 to 8"."""
        first, last = COLUMN_LETTERS[self.cols[0]], COLUMN_LETTERS[self.cols[1]]
        return (
            f"{deck_label(self.deck)}, columns {first} to {last}, "
            f"rows {self.rows[0] + 1} to {self.rows[1] + 1}"
        )


def deck_window(ship: Ship, deck: int) -> Window:
    info = ship.decks[deck]
    return Window(deck, (0, info.width - 1), (0, info.height - 1))


def is_whole_deck(ship: Ship, window: Window) -> bool:
    return window == deck_window(ship, window.deck)


def focus_window(
    ship: Ship, grid: Grid, columns: int = FOCUS_COLUMNS, rows: int = FOCUS_ROWS
) -> Window:
    """Around ``grid``: its room whole and the rooms beside it as far as ``columns`` by
    ``rows`` grids reach; centred on the room when it fits, else on the grid."""
    info = ship.decks[grid.deck]
    room = ship.region_of(grid).grids
    return Window(
        grid.deck,
        span(min(g.col for g in room), max(g.col for g in room), grid.col, columns, info.width),
        span(min(g.row for g in room), max(g.row for g in room), grid.row, rows, info.height),
    )


def span(low: int, high: int, at: int, most: int, size: int) -> tuple[int, int]:
    """``most`` places of ``size`` (at most all) round ``low..high`` when they fit,
    else round ``at``."""
    length = min(most, size)
    centre = (low + high) / 2 if high - low + 1 <= length else at
    first = round(centre - (length - 1) / 2)
    first = max(0, min(first, size - length))
    return first, first + length - 1
