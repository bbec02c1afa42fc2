"""A busy, made-up view of a ship for ``quicksilver render --sample``, the
tests and the benchmark: one of everything the map can show; and a made-up phase
that led to it (:func:`sample_events`), for the phase card.

Places are found by tag and feature, not coordinates, so any ship that meets
the floorplan brief gets a sensible sample.
"""

from __future__ import annotations

from collections import deque

from engine.board.grid import Grid
from engine.board.ship import (
    TAG_CARGO_HOLD,
    TAG_COMMAND_DECK,
    TAG_INFIRMARY,
    TAG_LAB_QUARANTINE,
    TAG_LOADING_BAY,
    TAG_STORE,
    TAG_WORKSHOP,
    Door,
    DoorKind,
    DoorState,
    Feature,
    RegionKind,
    Ship,
)
from engine.board_view import BoardView, MarkerKind, MarkerView, UnitSide, UnitView
from engine.events import Audience, Event, Who
from engine.fighting.events import DoorSmashed, Injured
from engine.hiding.events import HiddenAt, Searched
from engine.moving.events import Moved


def sample_view(ship: Ship) -> BoardView:
    """The referee's map in mid-game: crew in every state, a visible and a
    pipe-running alien with its path, doors in every state, every marker."""
    cargo_door = _door(ship, DoorKind.LARGE)
    path = _alien_route(ship, avoiding=cargo_door)
    units = (
        *_crew(ship),
        UnitView("larva", "Larva", UnitSide.ALIEN, _grids(ship, TAG_CARGO_HOLD)[-1]),
        UnitView("hunter", "Hunter", UnitSide.ALIEN, path[-1], hidden=True),
    )
    pod = next(r for r in ship.regions.values() if r.kind is RegionKind.POD)
    doors = {door.id: DoorState.CLOSED for door in ship.doors.values() if door.starts_closed}
    doors[cargo_door.id] = DoorState.CLOSED
    doors[_infirmary_door(ship).id] = DoorState.SMASHED
    doors.update({d.id: DoorState.SEALED for d in ship.doors.values() if pod.key in d.regions})
    markers = (
        _searched(ship, units[0].grid)
        + _supplies(ship)
        + _features(ship)
        + (
            MarkerView(min(pod.grids), MarkerKind.POD_LAUNCHED),
            MarkerView(path[len(path) // 2], MarkerKind.ALIEN_SIGHTING),
            MarkerView(units[0].grid, MarkerKind.GEAR, "Handgun"),
        )
    )
    return BoardView(
        viewer="referee",
        title="Turn 3 · Crew phase (sample)",
        doors=doors,
        units=units,
        markers=markers,
        path=path,
    )


def _grids(ship: Ship, tag: str, obstructed: bool = False) -> list[Grid]:
    region = ship.region_tagged(tag)
    return sorted(g for g in region.grids if ship.is_obstructed(g) == obstructed)


def _door(ship: Ship, kind: DoorKind) -> Door:
    return next(d for d in ship.doors.values() if d.kind is kind)


def _infirmary_door(ship: Ship) -> Door:
    infirmary = ship.region_tagged(TAG_INFIRMARY).key
    return next(
        d
        for d in ship.doors.values()
        if infirmary in d.regions and ship.regions[_other(d, infirmary)].kind is RegionKind.CORRIDOR
    )


def _other(door: Door, region: str) -> str:
    a, b = door.regions
    return b if a == region and b is not None else a


def _crew(ship: Ship) -> tuple[UnitView, ...]:
    """Hyun acting at the smashed Infirmary door, the two injured on the beds,
    three sharing a Command Deck grid, a cadaver in the Lab Quarantine."""
    outside, _ = next(iter(_infirmary_door(ship).edges))
    beds = ship.grids_with(Feature.BED)
    command = _grids(ship, TAG_COMMAND_DECK)[0]
    return (
        UnitView("hyun", "Hyun", UnitSide.CREW, outside, active=True),
        UnitView("ortiz", "Ortiz", UnitSide.CREW, beds[0], injured=True),
        UnitView("okeke", "Okeke", UnitSide.CREW, beds[-1], injured=True, unconscious=True),
        UnitView("varga", "Varga", UnitSide.CREW, command),
        UnitView("lindqvist", "Lindqvist", UnitSide.CREW, command),
        UnitView("mbeki", "Mbeki", UnitSide.CREW, command, injured=True),
        UnitView(
            "lee", "Lee", UnitSide.CREW, _grids(ship, TAG_LAB_QUARANTINE, True)[0], deceased=True
        ),
    )


def _alien_route(ship: Ship, avoiding: Door) -> tuple[Grid, ...]:
    """The shortest walk from the Loading Bay into the Workshop, not through
    the door ``avoiding`` (it is closed)."""
    start = _grids(ship, TAG_LOADING_BAY)[-1]
    goal = set(ship.region_tagged(TAG_WORKSHOP).grids)
    came_from: dict[Grid, Grid | None] = {start: None}
    queue = deque([start])
    while queue:
        grid = queue.popleft()
        if grid in goal:
            break
        for step in grid.orthogonal_neighbours():
            door = ship.door_between(grid, step)
            passable = step in ship.cells and (
                not ship.wall_between(grid, step) or door not in (None, avoiding)
            )
            if passable and step not in came_from:
                came_from[step] = grid
                queue.append(step)
    route: list[Grid] = []
    here: Grid | None = grid
    while here is not None:
        route.append(here)
        here = came_from[here]
    return tuple(reversed(route))


def _searched(ship: Ship, centre: Grid) -> tuple[MarkerView, ...]:
    """A range-2 search from ``centre`` within its own region (C.8)."""
    region = ship.region_of(centre).grids
    return tuple(
        MarkerView(g, MarkerKind.SEARCHED)
        for g in sorted(region)
        if abs(g.col - centre.col) + abs(g.row - centre.row) <= 2
    )


def _supplies(ship: Ship) -> tuple[MarkerView, ...]:
    hold = _grids(ship, TAG_CARGO_HOLD)
    store = _grids(ship, TAG_STORE)
    crates = [MarkerView(g, MarkerKind.SUPPLIES) for g in hold[:: max(1, len(hold) // 5)][:5]]
    crates.append(MarkerView(store[0], MarkerKind.SUPPLIES, "Food"))
    return tuple(crates)


def _features(ship: Ship) -> tuple[MarkerView, ...]:
    """Lockers still shut except the Workshop's; a marker on every nexus, one
    of them revealed as damaged."""
    workshop = ship.region_tagged(TAG_WORKSHOP).grids
    lockers = [g for g in ship.grids_with(Feature.LOCKER) if g not in workshop]
    nexus = ship.grids_with(Feature.NEXUS)
    return (
        tuple(MarkerView(g, MarkerKind.LOCKER) for g in lockers)
        + tuple(MarkerView(g, MarkerKind.NEXUS) for g in nexus[1:])
        + (MarkerView(nexus[0], MarkerKind.NEXUS_DAMAGED),)
    )


def sample_events(ship: Ship) -> tuple[Event, ...]:
    """A phase that ends in :func:`sample_view`: Hyun walks to the smashed Infirmary
    door and searches, the Larva smashed that door and Mbeki was hurt on the Command
    Deck, in public; the hidden Hunter's moves are the alien's alone (they are no place
    anyone else may see)."""
    view = sample_view(ship)
    unit = {u.id: u for u in view.units}
    hyun, mbeki, hunter = unit["hyun"], unit["mbeki"], unit["hunter"]
    hidden = Who("hunter", "Hunter", alien=True)
    start = hunter.grid if len(view.path) < 2 else view.path[-2]
    return (
        Moved(who=Who("hyun", "Hyun"), start=hyun.grid.shifted(-1, 0), grid=hyun.grid, cost=1),
        Searched(who=Who("hyun", "Hyun"), origin=hyun.grid, reach=2, found=False),
        DoorSmashed(who=Who("larva", "Larva", alien=True), door=_infirmary_door(ship).id),
        Injured(who=Who("mbeki", "Mbeki"), grid=mbeki.grid),
        Moved(who=hidden, start=start, grid=hunter.grid, cost=1, audience=Audience.ALIEN),
        HiddenAt(who=hidden, grid=hunter.grid),
    )
