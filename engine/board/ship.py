"""The CFS Quicksilver as the rules see it: decks, grids, rooms, walls, doors.

Everything here is built by :mod:`engine.board.floorplan` from ``data/ship.txt``; no
room name or coordinate is written in Python. Rules find special places by
*tags* (``infirmary``, ``cargo-hold`` …) that the data attaches to regions.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum

from engine.board.grid import Grid, deck_label


class RegionKind(StrEnum):
    ROOM = "room"
    CORRIDOR = "corridor"
    POD = "pod"


class DoorKind(StrEnum):
    NORMAL = "normal"
    LARGE = "large"  # the Cargo Hold's six-grid doors (C.4.3)
    POD = "pod"  # never closes; seals when its pod launches (C.4.3)
    AIRLOCK_INNER = "airlock-inner"
    AIRLOCK_OUTER = "airlock-outer"  # opens to space (E.2.5)


class DoorState(StrEnum):
    """A door's marker (C.4.3, D.2); a launched pod's door is sealed for good."""

    OPEN = "open"
    CLOSED = "closed"
    SMASHED = "smashed"  # open for movement; an Engineer with a ToolKit repairs it
    SEALED = "sealed"

    @property
    def passable(self) -> bool:
        return self in (DoorState.OPEN, DoorState.SMASHED)


class Feature(StrEnum):
    LIFT = "lift"
    HATCH = "hatch"
    LOCKER = "locker"
    NEXUS = "nexus"
    BED = "bed"


# Tags the rules look for; the floorplan must attach each to the right region.
TAG_INFIRMARY = "infirmary"
TAG_INFIRMARY_QUARANTINE = "infirmary-quarantine"
TAG_LAB = "lab"
TAG_LAB_QUARANTINE = "lab-quarantine"
TAG_WORKSHOP = "workshop"
TAG_GALLEY = "galley"
TAG_COMMAND_DECK = "command-deck"
TAG_ASSEMBLY_AREA = "assembly-area"
TAG_CARGO_HOLD = "cargo-hold"
TAG_STORE = "store"
TAG_LOADING_BAY = "loading-bay"
TAG_AIRLOCK = "airlock"
TAG_ENGINES = "engines"
TAG_WEAPONS = "weapons"
TAG_CABIN = "cabin"
TAG_HEAD = "head"

KNOWN_TAGS = frozenset(
    {
        TAG_INFIRMARY,
        TAG_INFIRMARY_QUARANTINE,
        TAG_LAB,
        TAG_LAB_QUARANTINE,
        TAG_WORKSHOP,
        TAG_GALLEY,
        TAG_COMMAND_DECK,
        TAG_ASSEMBLY_AREA,
        TAG_CARGO_HOLD,
        TAG_STORE,
        TAG_LOADING_BAY,
        TAG_AIRLOCK,
        TAG_ENGINES,
        TAG_WEAPONS,
        TAG_CABIN,
        TAG_HEAD,
    }
)


@dataclass(frozen=True, slots=True)
class Deck:
    number: int
    width: int
    height: int

    @property
    def label(self) -> str:
        return deck_label(self.number)


@dataclass(frozen=True, slots=True)
class Region:
    """A room, corridor or life pod: the unit of line of sight (D.4)."""

    key: str  # unique on the ship: deck digit + code, e.g. "0w"
    deck: int
    code: str
    name: str
    kind: RegionKind
    tags: frozenset[str]
    grids: frozenset[Grid]
    locker: tuple[str, ...] = ()  # kits in this room's locker at setup (B.1.1)
    line: int = 0  # where the floorplan file defines it


@dataclass(frozen=True, slots=True)
class Door:
    """A gap in a wall. ``edges`` pairs the two doorway grids of each grid-wide
    segment (a Cargo Hold door has six); the outer Air Lock door opens to space,
    so its far side is ``None``."""

    id: str
    kind: DoorKind
    edges: tuple[tuple[Grid, Grid | None], ...]
    regions: tuple[str, str | None]
    space_side: tuple[int, int] | None = None  # (dcol, drow) out of the hull, for a door to space

    @property
    def closable(self) -> bool:
        return self.kind is not DoorKind.POD

    @property
    def starts_closed(self) -> bool:
        return self.kind in (DoorKind.AIRLOCK_INNER, DoorKind.AIRLOCK_OUTER)

    @property
    def doorway_grids(self) -> frozenset[Grid]:
        grids: set[Grid] = set()
        for a, b in self.edges:
            grids.add(a)
            if b is not None:
                grids.add(b)
        return frozenset(grids)


@dataclass(frozen=True, slots=True)
class Lift:
    """A turbo lift: one grid on every deck (C.4.5). Named "Lift B2"."""

    letter: str
    grids: dict[int, Grid]

    def name_on(self, deck: int) -> str:
        return f"Lift {self.letter}{deck}"


@dataclass(frozen=True, slots=True)
class Hatch:
    """A maintenance hatch pair between two adjacent decks (C.4.6)."""

    letter: str
    lower: Grid
    upper: Grid

    def name_on(self, deck: int) -> str:
        return f"Hatch {self.letter}{deck}"

    def other_end(self, grid: Grid) -> Grid:
        return self.upper if grid == self.lower else self.lower


@dataclass(frozen=True, slots=True)
class Cell:
    grid: Grid
    region: str
    obstructed: bool
    feature: Feature | None = None
    letter: str = ""  # lift or hatch letter


@dataclass(slots=True)
class Ship:
    name: str
    decks: dict[int, Deck]
    cells: dict[Grid, Cell]
    regions: dict[str, Region]
    doors: dict[str, Door]
    lifts: dict[str, Lift]
    hatches: dict[str, Hatch]
    _door_by_edge: dict[frozenset[Grid], str] = field(default_factory=dict)
    _space_door_by_grid: dict[Grid, str] = field(default_factory=dict)
    _doors_by_grid: dict[Grid, list[Door]] = field(default_factory=dict)
    _grids_by_feature: dict[Feature, list[Grid]] = field(default_factory=dict)
    _grid_order: tuple[Grid, ...] = ()

    def __post_init__(self) -> None:
        self._grid_order = tuple(sorted(self.cells))
        for grid, cell in sorted(self.cells.items()):
            if cell.feature is not None:
                self._grids_by_feature.setdefault(cell.feature, []).append(grid)
        for door in self.doors.values():
            for grid in sorted(door.doorway_grids):
                self._doors_by_grid.setdefault(grid, []).append(door)
            for a, b in door.edges:
                if b is None:
                    self._space_door_by_grid[a] = door.id
                else:
                    self._door_by_edge[frozenset((a, b))] = door.id

    # --- grids -------------------------------------------------------------
    def __contains__(self, grid: object) -> bool:
        return grid in self.cells

    def cell(self, grid: Grid) -> Cell:
        return self.cells[grid]

    def grids(self, deck: int | None = None) -> Iterator[Grid]:
        for grid in self.cells:
            if deck is None or grid.deck == deck:
                yield grid

    def grids_in_order(self) -> tuple[Grid, ...]:
        """Every grid, sorted by (deck, column, row): kept, as set-up draws from it."""
        return self._grid_order

    def region_of(self, grid: Grid) -> Region:
        return self.regions[self.cells[grid].region]

    def is_obstructed(self, grid: Grid) -> bool:
        return self.cells[grid].obstructed

    def grids_with(self, feature: Feature) -> list[Grid]:
        return list(self._grids_by_feature.get(feature, ()))

    # --- regions -----------------------------------------------------------
    def regions_tagged(self, tag: str) -> list[Region]:
        return [r for r in self.regions.values() if tag in r.tags]

    def region_tagged(self, tag: str) -> Region:
        """The one region with ``tag`` (the floorplan check guarantees one)."""
        found = self.regions_tagged(tag)
        if len(found) != 1:
            raise KeyError(f"expected one region tagged {tag!r}, found {len(found)}")
        return found[0]

    def region_named(self, name: str) -> Region | None:
        found = self.regions_named(name)
        return found[0] if found else None

    def regions_named(self, name: str) -> list[Region]:
        """The regions called ``name`` (any case, spacing or dashes: "life pod 1",
        "Life-Pod-1"), in the floorplan's order; two decks may each have a Head."""
        wanted = _folded(name)
        return [r for r in self.regions.values() if _folded(r.name) == wanted]

    # --- walls and doors ---------------------------------------------------
    def door_between(self, a: Grid, b: Grid) -> Door | None:
        door_id = self._door_by_edge.get(frozenset((a, b)))
        return None if door_id is None else self.doors[door_id]

    def space_door_at(self, grid: Grid) -> Door | None:
        door_id = self._space_door_by_grid.get(grid)
        return None if door_id is None else self.doors[door_id]

    def wall_between(self, a: Grid, b: Grid) -> bool:
        """True where a wall line separates two orthogonally adjacent grids.

        A wall runs along every edge between different regions and along the
        hull; a door is a gap in such a wall (``door_between``)."""
        if a not in self.cells or b not in self.cells:
            return True
        return self.cells[a].region != self.cells[b].region

    def doors_at(self, grid: Grid) -> list[Door]:
        """Doors for which ``grid`` is a doorway grid (C.4.3)."""
        return list(self._doors_by_grid.get(grid, ()))

    # --- lifts and hatches --------------------------------------------------
    def lift_at(self, grid: Grid) -> Lift | None:
        cell = self.cells.get(grid)
        if cell is None or cell.feature is not Feature.LIFT:
            return None
        return self.lifts[cell.letter]

    def hatch_at(self, grid: Grid) -> Hatch | None:
        cell = self.cells.get(grid)
        if cell is None or cell.feature is not Feature.HATCH:
            return None
        return self.hatches[cell.letter]


def _folded(name: str) -> str:
    """A name as people may type it: case, spaces, dashes and underscores ignored."""
    return "".join(ch for ch in name.casefold() if ch not in " -_")
