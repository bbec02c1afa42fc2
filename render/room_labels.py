"""Where a room's name goes: its largest rectangle of plain floor."""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache

from engine.board.grid import Grid
from engine.board.ship import Region, RegionKind, Ship

# (col0, row0, col1, row1), inclusive grid columns and rows
CellRect = tuple[int, int, int, int]


def short_name(region: Region) -> str:
    """The name as written on the map: a life pod is just "POD 1"."""
    if region.kind is RegionKind.POD:
        return f"POD {region.name.split()[-1]}"
    return region.name


def label_rect(ship: Ship, region: Region, reserved: Collection[Grid] = ()) -> CellRect:
    """The largest rectangle of the region's open, featureless grids (so the
    name does not sit on a lift or a hatch hatching), widest first; failing
    that, of featureless grids; failing that, of any of its grids."""
    found = free_rect(ship, region.grids, reserved)
    if found is not None:
        return found
    if region.grids:
        return _largest_rect(frozenset(region.grids))
    raise ValueError(f"region {region.key} has no grids")


def free_rect(
    ship: Ship, grids: Collection[Grid], reserved: Collection[Grid] = ()
) -> CellRect | None:
    """The largest rectangle of ``grids`` (one region's, or those of it a close-up
    shows) that holds no feature and no ``reserved`` grid, open grids first;
    None if every grid is taken."""
    plain = {g for g in grids if ship.cells[g].feature is None and g not in reserved}
    open_plain = {g for g in plain if not ship.cells[g].obstructed}
    for cells in (open_plain, plain):
        if cells:
            return _largest_rect(frozenset(cells))
    return None


@lru_cache(maxsize=1024)
def _largest_rect(cells: frozenset[Grid]) -> CellRect:
    """Brute force over top-left corners; a region is a few dozen grids. Kept: a
    close-up asks again for the same rooms with the same grids taken."""
    deck = next(iter(cells)).deck
    last_col = max(g.col for g in cells)
    last_row = max(g.row for g in cells)
    best: tuple[int, int, CellRect] | None = None
    for g in sorted(cells, key=lambda g: (g.row, g.col)):
        limit = last_col
        for r1 in range(g.row, last_row + 1):
            if Grid(deck, g.col, r1) not in cells:
                break
            c1 = g.col
            while c1 < limit and Grid(deck, c1 + 1, r1) in cells:
                c1 += 1
            limit = c1
            width = c1 - g.col + 1
            area = width * (r1 - g.row + 1)
            if best is None or (area, width) > best[:2]:
                best = (area, width, (g.col, g.row, c1, r1))
    assert best is not None
    return best[2]
