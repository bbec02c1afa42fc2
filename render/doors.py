"""Where a door lies in the picture: the wall edges it opens (C.4.3)."""

from __future__ import annotations

from engine.grid import Grid
from engine.ship import Door, DoorKind, Ship
from render.layout import SIDES, Box, Layout, edge_line, side_of

Side = tuple[int, int]


def space_side(ship: Ship, door: Door, grid: Grid) -> Side:
    """The hull side of ``grid`` that the Air Lock's outer door opens (E.2.5).

    The ship keeps no direction for a door to space, so take a side facing out
    of the hull; at a hull corner, prefer the side in line with the Air Lock's
    inner door (an air lock is a passage: in one side, out the other)."""
    outside = [s for s in SIDES if grid.shifted(*s) not in ship.cells]
    axes = {
        _axis(side_of(a, b))
        for other in ship.doors.values()
        if other.kind is DoorKind.AIRLOCK_INNER and door.regions[0] in other.regions
        for a, b in other.edges
        if b is not None
    }
    in_line = [side for side in outside if _axis(side) in axes]
    return (in_line or outside)[0]


def _axis(side: Side) -> Side:
    return (abs(side[0]), abs(side[1]))


def door_edges(ship: Ship, door: Door) -> list[tuple[Grid, Side]]:
    """Each grid-wide segment of the door as (grid, side of that grid)."""
    edges = []
    for a, b in door.edges:
        edges.append((a, space_side(ship, door, a) if b is None else side_of(a, b)))
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
