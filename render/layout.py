"""Where everything sits in the picture: decks stacked top deck first.

The highest deck is drawn at the top, so a hatch arrow pointing up (C.4.6) leads
to the deck drawn above it. Boxes are ``(x0, y0, x1, y1)`` with ``x1``/``y1``
exclusive: the pixels of a grid are ``x0 <= x < x1``, ``y0 <= y < y1``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from engine.board.grid import Grid
from engine.board.ship import Ship
from render import style

Box = tuple[int, int, int, int]
Point = tuple[int, int]

# Unit steps for the four sides of a grid, as (dcol, drow).
NORTH, EAST, SOUTH, WEST = (0, -1), (1, 0), (0, 1), (-1, 0)
SIDES = (NORTH, EAST, SOUTH, WEST)


@dataclass(frozen=True, slots=True)
class DeckArea:
    """One deck's band: a header line, column letters, the grids, letters again."""

    deck: int
    top: int
    columns: int
    rows: int

    @property
    def header(self) -> Box:
        x0 = style.PAD
        return (x0, self.top, x0 + _content_width(self.columns), self.top + style.DECK_HEADER_H)

    @property
    def grid_origin(self) -> Point:
        return (
            style.PAD + style.ROW_LABEL_W,
            self.top + style.DECK_HEADER_H + style.COL_LABEL_H,
        )

    @property
    def grid_area(self) -> Box:
        x0, y0 = self.grid_origin
        return (x0, y0, x0 + self.columns * style.CELL, y0 + self.rows * style.CELL)

    @property
    def bottom(self) -> int:
        return self.grid_area[3] + style.COL_LABEL_H


@dataclass(frozen=True, slots=True)
class Layout:
    width: int
    height: int
    decks: tuple[DeckArea, ...]  # in picture order, top deck first
    legend: Box

    @property
    def title(self) -> Box:
        return (0, 0, self.width, style.TITLE_H)

    def area(self, deck: int) -> DeckArea:
        for area in self.decks:
            if area.deck == deck:
                return area
        raise KeyError(f"no deck {deck} in this layout")

    def grid_box(self, grid: Grid) -> Box:
        x0, y0 = self.area(grid.deck).grid_origin
        x = x0 + grid.col * style.CELL
        y = y0 + grid.row * style.CELL
        return (x, y, x + style.CELL, y + style.CELL)


def _content_width(columns: int) -> int:
    return columns * style.CELL + 2 * style.ROW_LABEL_W


@lru_cache(maxsize=8)
def _layout_for(shape: tuple[tuple[int, int, int], ...]) -> Layout:
    top = style.TITLE_H + style.DECK_GAP
    areas = []
    for number, columns, rows in shape:
        area = DeckArea(number, top, columns, rows)
        areas.append(area)
        top = area.bottom + style.DECK_GAP
    width = 2 * style.PAD + max(_content_width(columns) for _, columns, _ in shape)
    legend_h = style.LEGEND_HEADER_H + style.LEGEND_ROWS * style.LEGEND_ROW_H
    legend = (style.PAD, top, width - style.PAD, top + legend_h)
    return Layout(width, legend[3] + style.PAD, tuple(areas), legend)


def layout_of(ship: Ship) -> Layout:
    shape = tuple(
        (deck.number, deck.width, deck.height)
        for deck in sorted(ship.decks.values(), key=lambda d: -d.number)
    )
    return _layout_for(shape)


def grid_box(ship: Ship, grid: Grid) -> Box:
    """The pixels of one grid (exclusive right/bottom), for drawing and for tests."""
    return layout_of(ship).grid_box(grid)


def grid_centre(ship: Ship, grid: Grid) -> Point:
    x0, y0, x1, y1 = grid_box(ship, grid)
    return ((x0 + x1) // 2, (y0 + y1) // 2)


def side_of(a: Grid, b: Grid) -> tuple[int, int]:
    """Which side of ``a`` touches its orthogonal neighbour ``b``."""
    side = (b.col - a.col, b.row - a.row)
    if side not in SIDES or a.deck != b.deck:
        raise ValueError(f"{a} and {b} are not orthogonal neighbours")
    return side


def edge_line(box: Box, side: tuple[int, int]) -> Box:
    """The line along one side of a grid box, as ``(x0, y0, x1, y1)`` endpoints."""
    x0, y0, x1, y1 = box
    return {
        NORTH: (x0, y0, x1, y0),
        SOUTH: (x0, y1, x1, y1),
        WEST: (x0, y0, x0, y1),
        EAST: (x1, y0, x1, y1),
    }[side]


def inset(box: Box, by: int) -> Box:
    x0, y0, x1, y1 = box
    return (x0 + by, y0 + by, x1 - by, y1 - by)


def unit_slots(box: Box, count: int) -> list[Box]:
    """Where each of ``count`` units in one grid goes: one fills the grid; more share
    it in a square of sub-cells (2x2 up to four humans, C.6; 3x3; 4x4), row by row."""
    if count == 1:
        return [inset(box, style.COUNTER_INSET)]
    per_row = math.isqrt(count - 1) + 1
    x0, y0, x1, _ = inset(box, style.SLOT_INSET)
    size = (x1 - x0) // per_row
    slots = []
    for i in range(count):
        row, col = divmod(i, per_row)
        sx, sy = x0 + col * size, y0 + row * size
        slots.append((sx, sy, sx + size, sy + size))
    return slots


def crowd_slots(box: Box, count: int) -> tuple[Box | None, list[Box]]:
    """A grid shared by ``count`` units (C.6): the first sub-cell holds the count badge
    and the units take the others (their names are too long for a sub-cell: the alt text
    and the close-ups name them). A lone unit fills the grid and has no badge."""
    if count == 1:
        return None, unit_slots(box, 1)
    cells = unit_slots(box, count + 1)
    return cells[0], cells[1:]
