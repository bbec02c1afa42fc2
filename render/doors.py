"""Where a door lies in the picture: the wall edges it opens (C.4.3)."""

from __future__ import annotations

from engine.board.grid import Grid
from engine.board.ship import Door, Ship
from render.layout import Box, Layout, edge_line, side_of

Side = tuple[int, int]


def door_edges(ship: Ship, door: Door) -> list[tuple[Grid, Side]]:
    """Each grid-wide segment of the door as (grid, side of that grid)."""
    edges = []
    for a, b in door.edges:
        edges.append((a, (door.space_side or (0, -1)) if b is None else side_of(a, b)))
    return edges


def door_span(layout: Layout, ship: Ship, door: Door) -> tuple[Box, bool]:
    """The whole door as one line (a Cargo Hold door spans six grids) and
    whether that line is vertical."""
    lines = [edge_line(layout.grid_box(g), side) for g, side in door_edges(ship, door)]
    x0 = min(line[0] for line in lines)
    y0 = min(line[1] for line in lines)
    x1 = max(line[2] for line in lines)
    y1 = max(line[3] for line in lines)
    return (x0, y0, x1, y1), x0 == x1
