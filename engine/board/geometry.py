"""Movement, range and line of sight on the ship (C.4, D.4, G.1).

Pure functions of a :class:`~engine.board.ship.Ship` and the doors' states. Door states come
as a mapping from door id to :class:`DoorState`; a door missing from the mapping is open.
What never changes for a ship (the walking graph, each grid's sight inside its own room
or corridor, which grids are doorways) is worked out once per ship and cached, so the
queries stay cheap inside random playouts.

Line of sight (D.4), as formalised for Quicksilver:

1. A unit always sees its own grid and never sees another deck.
2. Inside one region (room, corridor or pod) the viewer sees a grid when a straight
   segment from some point of the viewer's closed square (its corners, edge midpoints
   or centre) to the *centre* of the target grid stays inside the union of the region's
   closed squares and touches a wall at most at its start: a segment through the very
   end of a wall, a grid corner not surrounded by the region, is blocked. So a
   rectangular room sees all of itself, and in an L-shaped corridor only the grids
   touching the inner corner see round it. This is not symmetric, like the D.4.1
   example (the Hunter by the corner sees Hyun; Hyun does not see the Hunter).
3. A viewer on a doorway grid of an open or smashed door also sees every grid of the
   region on the other side of that door.
4. Obstructed grids, markers and counters never block sight.
"""

from __future__ import annotations

import heapq
from array import array
from bisect import bisect_right
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import pairwise

from engine.board.grid import Grid
from engine.board.ship import DoorState, Ship

DoorStates = Mapping[str, DoorState]


class Mover(StrEnum):
    HUMAN = "human"
    ALIEN = "alien"


class StepKind(StrEnum):
    WALK = "walk"
    LIFT = "lift"
    HATCH_UP = "hatch-up"
    HATCH_DOWN = "hatch-down"


@dataclass(frozen=True, slots=True)
class Step:
    """One legal move: the grid entered, its cost in actions, and how it is made."""

    to: Grid
    cost: int
    kind: StepKind


# --- the static walking graph -------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Link:
    """A move that exists on the map; ``door`` (if any) decides whether it is usable."""

    to: int  # the grid entered, as its index in _ShipGeometry.grids
    kind: StepKind
    human: int  # action cost for a human (G.1)
    alien: int  # action cost for an alien (G.1)
    door: str | None = None


def _walk_link(ship: Ship, index: Mapping[Grid, int], grid: Grid, to: Grid) -> _Link | None:
    """An orthogonal step on one deck: not off the hull, not through a wall (C.4.2)
    except through a door (C.4.3). Entering an obstructed grid costs a human 2 (C.4.1)."""
    if to not in ship.cells:
        return None
    door_id = None
    if ship.wall_between(grid, to):
        door = ship.door_between(grid, to)
        if door is None:
            return None
        door_id = door.id
    human = 2 if ship.is_obstructed(to) else 1
    return _Link(index[to], StepKind.WALK, human=human, alien=1, door=door_id)


def _deck_links(ship: Ship, index: Mapping[Grid, int], grid: Grid) -> Iterator[_Link]:
    """Lift to the same lift one deck down or up (C.4.5); hatch to its pair (C.4.6)."""
    lift = ship.lift_at(grid)
    if lift is not None:
        for deck in (grid.deck - 1, grid.deck + 1):
            if deck in lift.grids:
                yield _Link(index[lift.grids[deck]], StepKind.LIFT, human=1, alien=1)
    hatch = ship.hatch_at(grid)
    if hatch is not None:
        if grid == hatch.lower:
            yield _Link(index[hatch.upper], StepKind.HATCH_UP, human=4, alien=1)
        else:
            yield _Link(index[hatch.lower], StepKind.HATCH_DOWN, human=2, alien=1)


def _links_from(ship: Ship, index: Mapping[Grid, int], grid: Grid) -> tuple[_Link, ...]:
    walks = (_walk_link(ship, index, grid, to) for to in grid.orthogonal_neighbours())
    return (*(link for link in walks if link is not None), *_deck_links(ship, index, grid))


# --- line of sight inside one region ------------------------------------------
# Coordinates below are doubled, so corners, edge midpoints and centres are integers:
# the square of (col, row) spans [2col, 2col+2] x [2row, 2row+2]; grid lines are even.

# Centre first: it is the point that most often succeeds, and any() stops there.
_VIEW_POINTS = ((1, 1), (0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2))


def _crossings(origin: int, delta: int, scale: int) -> list[int]:
    """Where a segment crosses grid lines along one axis, as ``t * scale``, t in [0, 1].

    ``scale`` is a multiple of ``delta``, so every crossing is an exact integer."""
    if delta == 0:
        return []
    low, high = sorted((origin, origin + delta))
    first_line = low + low % 2
    return [(line - origin) * scale // delta for line in range(first_line, high + 1, 2)]


def _cell_index(origin: int, delta: int, num: int, den: int) -> int:
    """The column (or row) holding the point at parameter ``num / den`` along one axis."""
    return (origin * den + delta * num) // (2 * den)


def _segment_inside(
    start: tuple[int, int], end: tuple[int, int], cells: frozenset[tuple[int, int]]
) -> bool:
    """Whether the segment stays inside the region ``cells``, touching the region's
    boundary (its walls) at most at ``start``.

    Cut the segment where it crosses grid lines. Each piece between two cuts lies in
    one closed square, the one holding the piece's midpoint: every such square must be
    a region cell. Where the segment passes exactly through a grid corner, all four
    squares round that corner must be region cells, or the segment grazes the end of
    a wall (C.4.2: walls are thick lines). Exact integer arithmetic, no sampling. The
    segment never runs along a grid line: it ends at a centre, whose coordinates lie on
    no grid line."""
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    scale = (abs(dx) or 1) * (abs(dy) or 1)
    on_x, on_y = _crossings(x0, dx, scale), _crossings(y0, dy, scale)
    cuts = sorted({0, scale, *on_x, *on_y})
    for a, b in pairwise(cuts):
        col = _cell_index(x0, dx, a + b, 2 * scale)
        row = _cell_index(y0, dy, a + b, 2 * scale)
        if (col, row) not in cells:
            return False
    corners = set(on_x).intersection(on_y) - {0}
    return all(_corner_inside(x0 + dx * c // scale, y0 + dy * c // scale, cells) for c in corners)


def _corner_inside(x: int, y: int, cells: frozenset[tuple[int, int]]) -> bool:
    """Whether the grid corner at doubled coordinates (x, y) is surrounded by the region."""
    col, row = x // 2, y // 2
    return all((c, r) in cells for c in (col - 1, col) for r in (row - 1, row))


def _sees_within(viewer: Grid, target: Grid, cells: frozenset[tuple[int, int]]) -> bool:
    centre = (2 * target.col + 1, 2 * target.row + 1)
    return any(
        _segment_inside((2 * viewer.col + dx, 2 * viewer.row + dy), centre, cells)
        for dx, dy in _VIEW_POINTS
    )


# --- the per-ship cache ---------------------------------------------------------


def _door_open(doors: DoorStates, door_id: str) -> bool:
    return doors.get(door_id, DoorState.OPEN).passable


def _shut(doors: DoorStates) -> frozenset[str]:
    """The doors nothing can pass: closed or sealed."""
    return frozenset(door_id for door_id, state in doors.items() if not state.passable)


# What the path search loops over: (grid entered, its cost, the door it passes or None),
# by the index of the grid left; one table per mover (G.1 costs differ).
_Arc = tuple[int, int, str | None]
_Arcs = tuple[tuple[_Arc, ...], ...]


@dataclass(slots=True)
class _ShipGeometry:
    """Path finding runs on grid indices, as hashing Grid dataclasses is slow. The
    grids are sorted, so comparing indices compares grids."""

    ship: Ship
    grids: tuple[Grid, ...]  # sorted
    index: dict[Grid, int]
    links: tuple[tuple[_Link, ...], ...]  # by grid index
    arcs: dict[Mover, _Arcs]  # the links as the search reads them
    between: dict[tuple[int, int], _Link]  # (from, to) -> the one link between them
    # doorway grid -> (door id, key of the region on the door's other side)
    doorways: dict[Grid, tuple[tuple[str, str], ...]]
    cells: dict[str, frozenset[tuple[int, int]]]  # region key -> its (col, row) squares
    sight: dict[Grid, frozenset[Grid]] = field(default_factory=dict)  # filled on demand
    # (start, mover) -> each grid's predecessor on the cheapest path from start with every
    # door open (-1: none), filled on demand (4 bytes a grid); see _search_path
    open_trees: dict[tuple[int, Mover], array[int]] = field(default_factory=dict)
    # (viewer, region key or None for the viewer's own sight) -> those grids in order of
    # range from the viewer, and their ranges; filled on demand (see visible_within)
    by_range: dict[tuple[Grid, str | None], tuple[tuple[Grid, ...], list[int]]] = field(
        default_factory=dict
    )

    def steps(self, grid: Grid, mover: Mover, doors: DoorStates) -> Iterator[Step]:
        alien, shut = mover is Mover.ALIEN, _shut(doors)
        for link in self.links[self.index[grid]]:
            if link.door not in shut:
                yield Step(self.grids[link.to], link.alien if alien else link.human, link.kind)

    def in_range_order(
        self, viewer: Grid, region: str | None
    ) -> tuple[tuple[Grid, ...], list[int]]:
        """The grids ``viewer`` sees in its own region (``region`` None) or of the region
        beyond one of its doorways, nearest first, with their ranges (C.4.1)."""
        found = self.by_range.get((viewer, region))
        if found is None:
            seen = self.sight_within(viewer) if region is None else self.ship.regions[region].grids
            ranged = sorted((grid_range(viewer, g) or 0, g) for g in seen)
            found = tuple(g for _, g in ranged), [r for r, _ in ranged]
            self.by_range[viewer, region] = found
        return found

    def sight_within(self, viewer: Grid) -> frozenset[Grid]:
        """The grids of its own region that ``viewer`` sees (clause 2)."""
        seen = self.sight.get(viewer)
        if seen is None:
            region = self.ship.region_of(viewer)
            cells = self.cells[region.key]
            seen = frozenset(t for t in region.grids if _sees_within(viewer, t, cells))
            self.sight[viewer] = seen
        return seen


def _doorways(ship: Ship) -> dict[Grid, tuple[tuple[str, str], ...]]:
    found: dict[Grid, list[tuple[str, str]]] = {}
    for door in ship.doors.values():
        near, far = door.regions
        if far is None:  # the Air Lock's outer door: space is not a region
            continue
        for grid in door.doorway_grids:
            other = far if ship.cells[grid].region == near else near
            found.setdefault(grid, []).append((door.id, other))
    return {grid: tuple(entries) for grid, entries in found.items()}


def _build(ship: Ship) -> _ShipGeometry:
    grids = tuple(sorted(ship.cells))
    index = {grid: i for i, grid in enumerate(grids)}
    links = tuple(_links_from(ship, index, grid) for grid in grids)
    arcs = {
        Mover.HUMAN: tuple(tuple((k.to, k.human, k.door) for k in out) for out in links),
        Mover.ALIEN: tuple(tuple((k.to, k.alien, k.door) for k in out) for out in links),
    }
    between = {(i, link.to): link for i, out in enumerate(links) for link in out}
    # A path's grids then name its steps: no two moves join the same two grids.
    assert len(between) == sum(len(out) for out in links), "two moves join the same grids"
    cells = {
        key: frozenset((g.col, g.row) for g in region.grids) for key, region in ship.regions.items()
    }
    return _ShipGeometry(ship, grids, index, links, arcs, between, _doorways(ship), cells)


_CACHE_SIZE = 8
# Keyed by id(): a Ship is unhashable, and never changed once read. The entry holds the
# ship itself, so no other object can take that id while the entry lives.
_cache: dict[int, _ShipGeometry] = {}


def _geometry(ship: Ship) -> _ShipGeometry:
    geo = _cache.get(id(ship))
    if geo is None:
        if len(_cache) >= _CACHE_SIZE:
            del _cache[next(iter(_cache))]
        geo = _cache[id(ship)] = _build(ship)
    return geo


# --- movement (C.4, G.1) ----------------------------------------------------------


def steps_from(ship: Ship, grid: Grid, mover: Mover, doors: DoorStates) -> list[Step]:
    """Every legal single move from ``grid``: orthogonal steps on the deck (not through
    walls, closed or sealed doors), lifts one deck up or down, hatches to their pair."""
    return list(_geometry(ship).steps(grid, mover, doors))


def move_cost(ship: Ship, a: Grid, b: Grid, mover: Mover, doors: DoorStates) -> int | None:
    """Actions to move from ``a`` to ``b`` in one step; None if that is not a legal step."""
    for step in _geometry(ship).steps(a, mover, doors):
        if step.to == b:
            return step.cost
    return None


def path_cost(ship: Ship, path: Sequence[Grid], mover: Mover, doors: DoorStates) -> int | None:
    """Actions to walk ``path`` step by step; None if any step is illegal."""
    total = 0
    for a, b in pairwise(path):
        cost = move_cost(ship, a, b, mover, doors)
        if cost is None:
            return None
        total += cost
    return total


def _dijkstra(
    geo: _ShipGeometry,
    start: int,
    mover: Mover,
    doors: DoorStates,
    budget: int | None = None,
    goal: int | None = None,
) -> tuple[dict[int, int], list[int]]:
    """Least costs from ``start`` of the settled grids, and each grid's predecessor on a
    cheapest path (-1 for none), by grid index; every grid is settled unless the search
    stopped at ``goal`` or ``budget``.

    The heap orders by (cost, grid), so of several cheapest predecessors a grid keeps
    the first settled: the one reached more cheaply, then the smallest (deck, column,
    row). The result never depends on the order in which links are listed."""
    arcs, shut = geo.arcs[mover], _shut(doors)
    limit = len(geo.grids) * 4 if budget is None else budget  # 4: the dearest step (G.1)
    best = [limit + 1] * len(geo.grids)  # above the limit: not reached yet
    best[start] = 0
    came = [-1] * len(geo.grids)
    settled: dict[int, int] = {}
    heap = [(0, start)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        cost, grid = pop(heap)
        if grid in settled:
            continue
        settled[grid] = cost
        if grid == goal:
            break
        for to, step, door in arcs[grid]:
            new = cost + step
            if new < best[to] and door not in shut:
                best[to] = new
                came[to] = grid
                push(heap, (new, to))
    return settled, came


def _search_path(
    geo: _ShipGeometry, start: Grid, goal: Grid, mover: Mover, doors: DoorStates
) -> list[int] | None:
    """The grid indices of a cheapest path, both ends included; None if unreachable.

    First the path with every door open, from a table kept per start grid and mover:
    when it passes no shut door it is exactly the path :func:`_dijkstra` finds with the
    doors as they are. The search settles grids in (cost, grid) order, so each grid's
    predecessor is, of the grids one link before it on a cheapest path, the one with the
    least (cost, grid). Shutting doors only takes links away: a grid's cost can only
    rise, and the cheapest path's grids keep their costs when that path is still open,
    so each keeps its predecessor (the same least of fewer candidates, itself among
    them). Otherwise the search runs with the doors as they are."""
    origin, target = geo.index[start], geo.index[goal]
    came = geo.open_trees.get((origin, mover))
    if came is None:
        tree = array("i", _dijkstra(geo, origin, mover, {})[1])
        came = geo.open_trees[origin, mover] = tree
    shut = _shut(doors)
    path = _walk_back(came, origin, target)
    if path is not None and (
        not shut or not any(geo.between[a, b].door in shut for a, b in pairwise(path))
    ):
        return path
    costs, predecessors = _dijkstra(geo, origin, mover, doors, goal=target)
    return _walk_back(predecessors, origin, target) if target in costs else None


def _walk_back(came: Sequence[int], origin: int, target: int) -> list[int] | None:
    """The path to ``target`` the predecessors ``came`` give, or None if it has none."""
    path = [target]
    while path[-1] != origin:
        previous = came[path[-1]]
        if previous < 0:
            return None
        path.append(previous)
    path.reverse()
    return path


def cheapest_path(
    ship: Ship, start: Grid, goal: Grid, mover: Mover, doors: DoorStates
) -> tuple[Grid, ...] | None:
    """A cheapest path from ``start`` to ``goal``, both included; None if unreachable.

    Deterministic: of equally cheap ways into a grid, the path takes the one from the
    grid reached more cheaply, then from the smallest (deck, column, row)."""
    geo = _geometry(ship)
    path = _search_path(geo, start, goal, mover, doors)
    return None if path is None else tuple(geo.grids[i] for i in path)


def cheapest_steps(
    ship: Ship, start: Grid, goal: Grid, mover: Mover, doors: DoorStates
) -> list[Step] | None:
    """The steps of :func:`cheapest_path`, each with its cost and kind (the first one
    leaves ``start``); None if ``goal`` is unreachable."""
    geo = _geometry(ship)
    path = _search_path(geo, start, goal, mover, doors)
    if path is None:
        return None
    alien = mover is Mover.ALIEN
    steps = []
    for a, b in pairwise(path):
        link = geo.between[a, b]
        steps.append(Step(geo.grids[b], link.alien if alien else link.human, link.kind))
    return steps


def reachable(
    ship: Ship, start: Grid, budget: int, mover: Mover, doors: DoorStates
) -> dict[Grid, int]:
    """The least cost of every grid reachable from ``start`` within ``budget`` actions
    (``start`` itself at 0), in grid order."""
    geo = _geometry(ship)
    costs, _ = _dijkstra(geo, geo.index[start], mover, doors, budget=budget)
    return {geo.grids[i]: costs[i] for i in sorted(costs)}


# --- range (C.4.1) ----------------------------------------------------------------


def grid_range(a: Grid, b: Grid) -> int | None:
    """Range per C.4.1: the fewest horizontal plus vertical grids between ``a`` and ``b``
    (walls do not lengthen it); None on different decks, which no range reaches."""
    if a.deck != b.deck:
        return None
    return abs(a.col - b.col) + abs(a.row - b.row)


# --- line of sight (D.4) ----------------------------------------------------------


def has_los(ship: Ship, viewer: Grid, target: Grid, doors: DoorStates) -> bool:
    """Whether a unit on ``viewer`` has a line of sight to ``target`` (D.4; see the
    module docstring). Not symmetric."""
    if viewer == target:
        return True
    if viewer.deck != target.deck:
        return False
    geo = _geometry(ship)
    if target in geo.sight_within(viewer):
        return True
    region = ship.cells[target].region
    return any(
        far == region and _door_open(doors, door_id)
        for door_id, far in geo.doorways.get(viewer, ())
    )


def visible_grids(ship: Ship, viewer: Grid, doors: DoorStates) -> frozenset[Grid]:
    """Every grid a unit on ``viewer`` has a line of sight to, its own included."""
    geo = _geometry(ship)
    seen = geo.sight_within(viewer)
    through_doors = [
        ship.regions[far].grids
        for door_id, far in geo.doorways.get(viewer, ())
        if _door_open(doors, door_id)
    ]
    return seen.union(*through_doors)


def visible_within(ship: Ship, viewer: Grid, reach: int, doors: DoorStates) -> set[Grid]:
    """The grids of :func:`visible_grids` no farther than ``reach`` from ``viewer``
    (C.4.1 range): what a search from there looks into (C.8)."""
    geo = _geometry(ship)
    grids, ranges = geo.in_range_order(viewer, None)
    found = set(grids[: bisect_right(ranges, reach)])
    for door_id, far in geo.doorways.get(viewer, ()):
        if _door_open(doors, door_id):
            grids, ranges = geo.in_range_order(viewer, far)
            found.update(grids[: bisect_right(ranges, reach)])
    return found
