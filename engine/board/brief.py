"""The rulebook's requirements on the floorplan (kept with the map: `data/ship.txt`).

``check_brief`` lists every violation with the floorplan line it concerns;
``quicksilver map check`` prints them and exits non-zero.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engine.board.grid import Grid
from engine.board.ship import (
    TAG_AIRLOCK,
    TAG_ASSEMBLY_AREA,
    TAG_CABIN,
    TAG_CARGO_HOLD,
    TAG_COMMAND_DECK,
    TAG_ENGINES,
    TAG_GALLEY,
    TAG_HEAD,
    TAG_INFIRMARY,
    TAG_INFIRMARY_QUARANTINE,
    TAG_LAB,
    TAG_LAB_QUARANTINE,
    TAG_LOADING_BAY,
    TAG_STORE,
    TAG_WEAPONS,
    TAG_WORKSHOP,
    DoorKind,
    Feature,
    Region,
    RegionKind,
    Ship,
)

DECKS = (0, 1, 2)
PODS_PER_DECK = 2
HATCH_PAIRS = range(4, 7)  # "a few"; the brief's guidance is 4-6 pairs
NEXUS_GRIDS = 6
QUARANTINE_CADAVER_GRIDS = 4  # one per cadaver (B.1.2)
CARGO_DOOR_WIDTH = 6
CARGO_SUPPLIES = 6
STORE_SUPPLIES = 3
MAX_CREW_PER_DECK = 3

EXACTLY_ONE_TAGS = (
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
)
AT_LEAST_ONE_TAGS = (TAG_ENGINES, TAG_WEAPONS, TAG_CABIN, TAG_HEAD)
# Rooms whose special activity happens in an obstructed grid (E.2, G.2, G.3).
NEEDS_OBSTRUCTED = (
    TAG_INFIRMARY,
    TAG_LAB,
    TAG_WORKSHOP,
    TAG_GALLEY,
    TAG_COMMAND_DECK,
    TAG_ENGINES,
    TAG_WEAPONS,
)
# B.1.1: what each locker holds at setup.
LOCKER_CONTENTS = {
    TAG_INFIRMARY: ("AidKit", "Dunsel"),
    TAG_LAB: ("SciKit", "Dunsel"),
    TAG_WORKSHOP: ("ToolKit",),
    TAG_ASSEMBLY_AREA: ("TacKit",),
}


@dataclass(frozen=True, slots=True)
class Violation:
    line: int
    rule: str
    problem: str

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        return f"{where}{self.problem} [{self.rule}]"


Check = Callable[[Ship], Iterable[Violation]]


def _tags(ship: Ship) -> Iterable[Violation]:
    for tag in EXACTLY_ONE_TAGS:
        found = ship.regions_tagged(tag)
        if len(found) != 1:
            names = ", ".join(r.name for r in found) or "none"
            yield Violation(0, "B.1", f"exactly one region must be tagged {tag} (found: {names})")
    for tag in AT_LEAST_ONE_TAGS:
        if not ship.regions_tagged(tag):
            yield Violation(0, "C.4.1", f"no region is tagged {tag}")


def _decks(ship: Ship) -> Iterable[Violation]:
    if tuple(sorted(ship.decks)) != DECKS:
        yield Violation(0, "A.1.1", f"the ship needs decks 0, 1 and 2, not {sorted(ship.decks)}")


def _pods(ship: Ship) -> Iterable[Violation]:
    for deck in DECKS:
        pods = [r for r in ship.regions.values() if r.kind is RegionKind.POD and r.deck == deck]
        if len(pods) != PODS_PER_DECK:
            yield Violation(0, "E.2.4", f"deck {deck} has {len(pods)} life pods, not two")
        for pod in pods:
            yield from _pod_shape(ship, pod)


def _pod_shape(ship: Ship, pod: Region) -> Iterable[Violation]:
    if len(pod.grids) != 1:
        yield Violation(pod.line, "E.2.4", f"{pod.name} must be a single pod grid")
    doors = [d for d in ship.doors.values() if pod.key in d.regions]
    if len(doors) != 1 or doors[0].kind is not DoorKind.POD:
        yield Violation(pod.line, "C.4.3", f"{pod.name} needs exactly one door")


def _lifts_and_hatches(ship: Ship) -> Iterable[Violation]:
    if sorted(ship.lifts) != ["A", "B"]:
        yield Violation(0, "C.4.5", f"the ship needs turbo lifts A and B, not {sorted(ship.lifts)}")
    if len(ship.hatches) not in HATCH_PAIRS:
        yield Violation(0, "C.4.6", f"{len(ship.hatches)} hatch pairs; the brief asks for 4-6")


def _airlock(ship: Ship) -> Iterable[Violation]:
    kinds = sorted(d.kind.value for d in ship.doors.values() if d.kind.value.startswith("airlock"))
    if kinds != ["airlock-inner", "airlock-outer"]:
        yield Violation(0, "E.2.5", f"the Air Lock needs one inner and one outer door, not {kinds}")


def _cargo_hold(ship: Ship) -> Iterable[Violation]:
    large = [d for d in ship.doors.values() if d.kind is DoorKind.LARGE]
    holds = ship.regions_tagged(TAG_CARGO_HOLD)
    hold_key = holds[0].key if holds else ""
    if len(large) != 2 or any(hold_key not in d.regions for d in large):
        yield Violation(0, "C.4.3", "the Cargo Hold, and only it, has two large doors")
    for door in large:
        if len(door.edges) != CARGO_DOOR_WIDTH:
            yield Violation(
                0, "C.4.3", f"large door {door.id} is {len(door.edges)} grids wide, not 6"
            )
    for tag, need in ((TAG_CARGO_HOLD, CARGO_SUPPLIES), (TAG_STORE, STORE_SUPPLIES)):
        for region in ship.regions_tagged(tag):
            if len(region.grids) < need:
                yield Violation(region.line, "B.1.2", f"{region.name} needs {need} grids")


def _features_on_open_grids(ship: Ship) -> Iterable[Violation]:
    for grid, cell in sorted(ship.cells.items()):
        if cell.feature in (Feature.LIFT, Feature.HATCH, Feature.LOCKER, Feature.NEXUS):
            if cell.obstructed:
                yield Violation(0, "C.4.1", f"{cell.feature.value} at {grid} must be an open grid")
        elif cell.feature is Feature.BED and not cell.obstructed:
            yield Violation(0, "B.1.2", f"bed at {grid} must be an obstructed grid")


def _lockers(ship: Ship) -> Iterable[Violation]:
    lockers = ship.grids_with(Feature.LOCKER)
    if len(lockers) != len(LOCKER_CONTENTS):
        yield Violation(0, "E.2.6", f"{len(lockers)} lockers; the ship has four")
    for tag, contents in LOCKER_CONTENTS.items():
        for region in ship.regions_tagged(tag):
            inside = [g for g in lockers if g in region.grids]
            if len(inside) != 1:
                yield Violation(region.line, "E.2.6", f"{region.name} needs one locker grid (L)")
            if tuple(sorted(region.locker)) != tuple(sorted(contents)):
                want = "+".join(contents)
                yield Violation(region.line, "B.1.1", f"{region.name}'s locker holds {want}")


def _nexus_and_beds(ship: Ship) -> Iterable[Violation]:
    nexus = ship.grids_with(Feature.NEXUS)
    if len(nexus) != NEXUS_GRIDS:
        yield Violation(0, "B.1.1", f"{len(nexus)} nexus grids; the ship has six")
    beds = ship.grids_with(Feature.BED)
    infirmary = ship.regions_tagged(TAG_INFIRMARY)
    if len(beds) != 2 or (infirmary and any(b not in infirmary[0].grids for b in beds)):
        yield Violation(0, "B.1.2", "the Infirmary needs exactly two beds (b)")


def _quarantine(ship: Ship) -> Iterable[Violation]:
    regions = ship.regions_tagged(TAG_INFIRMARY_QUARANTINE) + ship.regions_tagged(
        TAG_LAB_QUARANTINE
    )
    obstructed = [g for r in regions for g in r.grids if ship.is_obstructed(g)]
    if len(obstructed) != QUARANTINE_CADAVER_GRIDS:
        yield Violation(
            0, "B.1.2", f"the quarantines have {len(obstructed)} obstructed grids; need exactly 4"
        )


def _obstructed_where_needed(ship: Ship) -> Iterable[Violation]:
    for tag in NEEDS_OBSTRUCTED:
        for region in ship.regions_tagged(tag):
            if not any(ship.is_obstructed(g) for g in region.grids):
                yield Violation(region.line, "E.2", f"{region.name} needs an obstructed grid")


def _rooms_have_doors(ship: Ship) -> Iterable[Violation]:
    with_doors = {r for d in ship.doors.values() for r in d.regions if r is not None}
    for region in ship.regions.values():
        if region.key not in with_doors:
            yield Violation(region.line, "C.4.2", f"{region.name} has no door")


def _everything_reachable(ship: Ship) -> Iterable[Violation]:
    """With every door open, a human can walk, lift or climb to every grid."""
    start = min(ship.cells)
    seen = {start}
    todo = [start]
    while todo:
        for nxt in _walk_neighbours(ship, todo.pop()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    unreached = sorted(set(ship.cells) - seen)
    if unreached:
        sample = ", ".join(str(g) for g in unreached[:5])
        yield Violation(0, "C.4", f"{len(unreached)} grids cannot be reached, e.g. {sample}")


def _walk_neighbours(ship: Ship, grid: Grid) -> Iterable[Grid]:
    for nxt in grid.orthogonal_neighbours():
        if nxt in ship.cells and (
            not ship.wall_between(grid, nxt) or ship.door_between(grid, nxt) is not None
        ):
            yield nxt
    lift = ship.lift_at(grid)
    if lift is not None:
        yield from (g for d, g in lift.grids.items() if abs(d - grid.deck) == 1)
    hatch = ship.hatch_at(grid)
    if hatch is not None:
        yield hatch.other_end(grid)


def _crew_placement_possible(ship: Ship) -> Iterable[Violation]:
    """B.1.2: three humans per deck, one per room, must be a real choice."""
    for deck in DECKS:
        rooms = [r for r in ship.regions.values() if r.deck == deck and r.kind != RegionKind.POD]
        if len(rooms) < MAX_CREW_PER_DECK + 1:
            yield Violation(0, "B.1.2", f"deck {deck} has too few rooms to place three crew")


CHECKS: tuple[Check, ...] = (
    _decks,
    _tags,
    _pods,
    _lifts_and_hatches,
    _airlock,
    _cargo_hold,
    _features_on_open_grids,
    _lockers,
    _nexus_and_beds,
    _quarantine,
    _obstructed_where_needed,
    _rooms_have_doors,
    _everything_reachable,
    _crew_placement_possible,
)


def check_brief(ship: Ship) -> list[Violation]:
    return [violation for check in CHECKS for violation in check(ship)]
