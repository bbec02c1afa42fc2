"""Movement and range (C.4.1-C.4.6, G.1), on hand-drawn maps and on the real ship.

Fixture maps live in ``tests/fixtures/maps``; each file's header draws what it tests.
"""

from __future__ import annotations

import heapq
from functools import cache
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from engine.board.floorplan import DEFAULT_SHIP_PATH, read_floorplan
from engine.board.geometry import (
    Mover,
    Step,
    StepKind,
    cheapest_path,
    cheapest_steps,
    grid_range,
    has_los,
    move_cost,
    path_cost,
    reachable,
    steps_from,
)
from engine.board.grid import Grid
from engine.board.ship import DoorState, Ship

MAPS = Path(__file__).resolve().parents[2] / "fixtures" / "maps"
HUMAN, ALIEN = Mover.HUMAN, Mover.ALIEN
ALL_OPEN: dict[str, DoorState] = {}
EVERYWHERE = 10_000  # a budget no path on these maps reaches


@cache
def fixture_map(name: str) -> Ship:
    return read_floorplan(MAPS / f"{name}.txt")


@cache
def real_ship() -> Ship:
    return read_floorplan(DEFAULT_SHIP_PATH)


def g(text: str) -> Grid:
    return Grid.parse(text)


def grids(*texts: str) -> tuple[Grid, ...]:
    return tuple(g(t) for t in texts)


def door_id(ship: Ship, a: str, b: str) -> str:
    door = ship.door_between(g(a), g(b))
    assert door is not None, f"no door between {a} and {b}"
    return door.id


def targets(ship: Ship, grid: str, mover: Mover, doors: dict[str, DoorState]) -> set[Grid]:
    return {step.to for step in steps_from(ship, g(grid), mover, doors)}


# --- C.4.1 grids: open and obstructed, never diagonal -------------------------


def test_c41_human_pays_one_to_enter_open_grid() -> None:
    ship = fixture_map("movement")
    assert move_cost(ship, g("0-A1"), g("0-B1"), HUMAN, ALL_OPEN) == 1


def test_c41_human_pays_two_to_enter_obstructed_grid() -> None:
    ship = fixture_map("movement")
    assert move_cost(ship, g("0-A2"), g("0-B2"), HUMAN, ALL_OPEN) == 2
    assert move_cost(ship, g("0-B2"), g("0-C2"), HUMAN, ALL_OPEN) == 2


def test_c41_cost_depends_on_grid_entered_not_grid_left() -> None:
    ship = fixture_map("movement")
    assert move_cost(ship, g("0-B2"), g("0-A2"), HUMAN, ALL_OPEN) == 1
    assert move_cost(ship, g("0-B2"), g("0-B1"), HUMAN, ALL_OPEN) == 1


def test_c41_alien_pays_one_for_open_or_obstructed_grid() -> None:
    ship = fixture_map("movement")
    assert move_cost(ship, g("0-A1"), g("0-B1"), ALIEN, ALL_OPEN) == 1
    assert move_cost(ship, g("0-A2"), g("0-B2"), ALIEN, ALL_OPEN) == 1
    assert move_cost(ship, g("0-B2"), g("0-C2"), ALIEN, ALL_OPEN) == 1


def test_c41_steps_from_lists_each_orthogonal_neighbour_with_its_cost() -> None:
    ship = fixture_map("movement")
    human = set(steps_from(ship, g("0-B1"), HUMAN, ALL_OPEN))
    alien = set(steps_from(ship, g("0-B1"), ALIEN, ALL_OPEN))
    walk = StepKind.WALK
    assert human == {Step(g("0-A1"), 1, walk), Step(g("0-C1"), 1, walk), Step(g("0-B2"), 2, walk)}
    assert alien == {Step(g("0-A1"), 1, walk), Step(g("0-C1"), 1, walk), Step(g("0-B2"), 1, walk)}


def test_c41_no_diagonal_moves() -> None:
    ship = fixture_map("movement")
    for mover in Mover:
        assert move_cost(ship, g("0-A1"), g("0-B2"), mover, ALL_OPEN) is None
        assert move_cost(ship, g("0-C3"), g("0-D4"), mover, ALL_OPEN) is None
        assert targets(ship, "0-C2", mover, ALL_OPEN) == set(grids("0-C1", "0-D2", "0-C3", "0-B2"))


def test_c41_no_diagonal_moves_anywhere_on_the_real_ship() -> None:
    ship = real_ship()
    for grid in ship.cells:
        for step in steps_from(ship, grid, ALIEN, ALL_OPEN):
            if step.kind is StepKind.WALK:
                assert step.to.deck == grid.deck
                assert abs(step.to.col - grid.col) + abs(step.to.row - grid.row) == 1


# --- C.4.2 walls, C.4.3 doors ----------------------------------------------------


def test_c42_wall_blocks_movement() -> None:
    ship = fixture_map("movement")
    for mover in Mover:
        assert move_cost(ship, g("0-A3"), g("0-A4"), mover, ALL_OPEN) is None
        assert move_cost(ship, g("0-A4"), g("0-A3"), mover, ALL_OPEN) is None
        assert g("0-B4") not in targets(ship, "0-B3", mover, ALL_OPEN)


def test_c43_open_door_lets_units_through_the_wall() -> None:
    ship = fixture_map("movement")
    explicit = {door_id(ship, "0-C3", "0-C4"): DoorState.OPEN}
    for mover in Mover:
        for doors in (ALL_OPEN, explicit):
            assert move_cost(ship, g("0-C3"), g("0-C4"), mover, doors) == 1
            assert move_cost(ship, g("0-C4"), g("0-C3"), mover, doors) == 1


def test_c43_closed_door_blocks_movement() -> None:
    ship = fixture_map("movement")
    closed = {door_id(ship, "0-C3", "0-C4"): DoorState.CLOSED}
    for mover in Mover:
        assert move_cost(ship, g("0-C3"), g("0-C4"), mover, closed) is None
        assert cheapest_path(ship, g("0-A1"), g("0-E4"), mover, closed) is None


def test_c43_sealed_pod_door_blocks_movement() -> None:
    ship = fixture_map("doorways")
    pod_door = door_id(ship, "0-H4", "0-H5")
    assert move_cost(ship, g("0-H4"), g("0-H5"), HUMAN, ALL_OPEN) == 1
    sealed = {pod_door: DoorState.SEALED}
    for mover in Mover:
        assert move_cost(ship, g("0-H4"), g("0-H5"), mover, sealed) is None
        assert move_cost(ship, g("0-H5"), g("0-H4"), mover, sealed) is None


def test_e25_air_lock_outer_door_leads_nowhere() -> None:
    ship = fixture_map("doorways")
    outer = ship.space_door_at(g("0-G1"))
    assert outer is not None
    for state in (DoorState.OPEN, DoorState.CLOSED):
        for mover in Mover:
            assert targets(ship, "0-G1", mover, {outer.id: state}) == {g("0-H1")}


def test_c43_closed_air_lock_doors_keep_units_out_of_the_real_air_lock() -> None:
    ship = real_ship()
    at_start = {d.id: DoorState.CLOSED for d in ship.doors.values() if d.starts_closed}
    air_lock = ship.region_named("Air Lock")
    assert air_lock is not None and at_start
    reached = reachable(ship, g("2-F5"), EVERYWHERE, ALIEN, at_start)
    assert not air_lock.grids & reached.keys()
    assert air_lock.grids <= reachable(ship, g("2-F5"), EVERYWHERE, ALIEN, ALL_OPEN).keys()


def test_c42_every_grid_of_the_real_ship_is_reachable_with_doors_open() -> None:
    ship = real_ship()
    for mover in Mover:
        assert reachable(ship, g("0-A5"), EVERYWHERE, mover, ALL_OPEN).keys() == ship.cells.keys()


def test_c7_alien_movement_obeys_walls_and_closed_doors() -> None:
    """Gap 16: a pipe-running alien moves on the same map as any alien."""
    ship = fixture_map("movement")
    closed = {door_id(ship, "0-C3", "0-C4"): DoorState.CLOSED}
    room = ship.region_of(g("0-A1")).grids
    assert reachable(ship, g("0-A1"), EVERYWHERE, ALIEN, closed).keys() == room
    assert move_cost(ship, g("0-A3"), g("0-A4"), ALIEN, ALL_OPEN) is None


# --- C.4.4 decks, C.4.5 lifts, C.4.6 hatches ----------------------------------------


def test_c45_lift_moves_one_deck_up_or_down_for_one_action() -> None:
    ship = fixture_map("decks")
    for mover in Mover:
        lift_steps = {s for s in steps_from(ship, g("1-A1"), mover, ALL_OPEN) if s.to.deck != 1}
        assert lift_steps == {
            Step(g("0-A1"), 1, StepKind.LIFT),
            Step(g("2-A1"), 1, StepKind.LIFT),
        }


def test_c45_lift_reaches_only_adjacent_decks() -> None:
    ship = fixture_map("decks")
    for mover in Mover:
        assert move_cost(ship, g("0-A1"), g("2-A1"), mover, ALL_OPEN) is None
        path = cheapest_path(ship, g("0-A1"), g("2-A1"), mover, ALL_OPEN)
        assert path == grids("0-A1", "1-A1", "2-A1")
        assert path_cost(ship, path, mover, ALL_OPEN) == 2


def test_c46_human_drops_down_hatch_for_two() -> None:
    ship = fixture_map("decks")
    assert Step(g("0-C1"), 2, StepKind.HATCH_DOWN) in steps_from(ship, g("1-C1"), HUMAN, ALL_OPEN)


def test_c46_human_climbs_hatch_for_four() -> None:
    ship = fixture_map("decks")
    assert Step(g("1-C1"), 4, StepKind.HATCH_UP) in steps_from(ship, g("0-C1"), HUMAN, ALL_OPEN)


def test_c46_alien_uses_hatch_for_one_either_way() -> None:
    ship = fixture_map("decks")
    assert Step(g("1-C1"), 1, StepKind.HATCH_UP) in steps_from(ship, g("0-C1"), ALIEN, ALL_OPEN)
    assert Step(g("0-C1"), 1, StepKind.HATCH_DOWN) in steps_from(ship, g("1-C1"), ALIEN, ALL_OPEN)


def test_c46_hatch_leads_only_to_its_pair() -> None:
    ship = fixture_map("decks")
    assert {s.to for s in steps_from(ship, g("1-D1"), ALIEN, ALL_OPEN) if s.to.deck != 1} == {
        g("2-D1")
    }
    assert {s.to for s in steps_from(ship, g("1-C1"), ALIEN, ALL_OPEN) if s.to.deck != 1} == {
        g("0-C1")
    }


def test_c44_only_lifts_and_hatches_change_deck() -> None:
    for ship in (fixture_map("decks"), real_ship()):
        for grid in ship.cells:
            for step in steps_from(ship, grid, HUMAN, ALL_OPEN):
                if step.to.deck != grid.deck:
                    assert step.kind is not StepKind.WALK
                    assert ship.lift_at(grid) or ship.hatch_at(grid)
                    assert abs(step.to.deck - grid.deck) == 1


def test_c46_human_takes_the_lift_rather_than_climb_a_hatch_when_cheaper() -> None:
    ship = fixture_map("decks")
    path = cheapest_path(ship, g("0-B1"), g("1-B1"), HUMAN, ALL_OPEN)
    assert path == grids("0-B1", "0-A1", "1-A1", "1-B1")
    down = cheapest_path(ship, g("1-C1"), g("0-C1"), HUMAN, ALL_OPEN)
    assert down == grids("1-C1", "0-C1")


def test_c45_c46_real_ship_lift_and_hatch() -> None:
    ship = real_ship()
    assert cheapest_path(ship, g("0-J5"), g("2-J5"), HUMAN, ALL_OPEN) == grids(
        "0-J5", "1-J5", "2-J5"
    )
    assert move_cost(ship, g("0-D8"), g("1-D8"), HUMAN, ALL_OPEN) == 4
    assert move_cost(ship, g("1-D8"), g("0-D8"), HUMAN, ALL_OPEN) == 2
    assert move_cost(ship, g("0-D8"), g("1-D8"), ALIEN, ALL_OPEN) == 1


# --- cheapest paths and reach ----------------------------------------------------------


def test_c41_human_cheapest_path_goes_round_obstructed_grids() -> None:
    ship = fixture_map("movement")
    path = cheapest_path(ship, g("0-A2"), g("0-E2"), HUMAN, ALL_OPEN)
    assert path == grids("0-A2", "0-A1", "0-B1", "0-C1", "0-D1", "0-E1", "0-E2")
    assert path_cost(ship, path, HUMAN, ALL_OPEN) == 6
    straight = grids("0-A2", "0-B2", "0-C2", "0-D2", "0-E2")
    assert path_cost(ship, straight, HUMAN, ALL_OPEN) == 7


def test_c41_alien_cheapest_path_goes_straight_through_obstructed_grids() -> None:
    ship = fixture_map("movement")
    path = cheapest_path(ship, g("0-A2"), g("0-E2"), ALIEN, ALL_OPEN)
    assert path == grids("0-A2", "0-B2", "0-C2", "0-D2", "0-E2")
    assert path_cost(ship, path, ALIEN, ALL_OPEN) == 4


def test_c41_cheapest_path_breaks_ties_by_smallest_grid() -> None:
    ship = fixture_map("movement")
    path = cheapest_path(ship, g("0-A1"), g("0-E3"), ALIEN, ALL_OPEN)
    assert path == grids("0-A1", "0-A2", "0-A3", "0-B3", "0-C3", "0-D3", "0-E3")


def test_c41_cheapest_path_through_a_door() -> None:
    ship = fixture_map("movement")
    path = cheapest_path(ship, g("0-A3"), g("0-A4"), HUMAN, ALL_OPEN)
    assert path == grids("0-A3", "0-B3", "0-C3", "0-C4", "0-B4", "0-A4")


def test_c41_cheapest_path_to_own_grid_is_that_grid() -> None:
    ship = fixture_map("movement")
    assert cheapest_path(ship, g("0-B2"), g("0-B2"), HUMAN, ALL_OPEN) == (g("0-B2"),)


def test_c41_reachable_gives_least_cost_within_budget() -> None:
    ship = fixture_map("movement")
    human = reachable(ship, g("0-A1"), 2, HUMAN, ALL_OPEN)
    alien = reachable(ship, g("0-A1"), 2, ALIEN, ALL_OPEN)
    near = {g("0-A1"): 0, g("0-A2"): 1, g("0-B1"): 1, g("0-A3"): 2, g("0-C1"): 2}
    assert human == near
    assert alien == near | {g("0-B2"): 2}


def test_c46_reachable_counts_hatch_and_lift_costs() -> None:
    ship = fixture_map("decks")
    human = reachable(ship, g("0-C1"), 3, HUMAN, ALL_OPEN)
    assert human[g("1-A1")] == 3 and g("1-C1") not in human
    alien = reachable(ship, g("0-C1"), 1, ALIEN, ALL_OPEN)
    assert alien == {g("0-C1"): 0, g("0-B1"): 1, g("0-D1"): 1, g("1-C1"): 1}


def test_c41_path_cost_rejects_illegal_steps() -> None:
    ship = fixture_map("movement")
    assert path_cost(ship, grids("0-A1", "0-B1", "0-B2"), HUMAN, ALL_OPEN) == 3
    assert path_cost(ship, grids("0-A1", "0-B2"), HUMAN, ALL_OPEN) is None
    assert path_cost(ship, grids("0-A3", "0-A4"), ALIEN, ALL_OPEN) is None
    assert path_cost(ship, grids("0-A1", "0-C1"), ALIEN, ALL_OPEN) is None


# --- C.4.1 range --------------------------------------------------------------------


def test_c41_range_counts_horizontal_and_vertical_grids() -> None:
    assert grid_range(g("0-A1"), g("0-C4")) == 5
    assert grid_range(g("0-C4"), g("0-C4")) == 0
    assert grid_range(g("2-R5"), g("2-O7")) == 5


def test_c41_range_ignores_walls() -> None:
    ship = fixture_map("movement")
    assert grid_range(g("0-A3"), g("0-A4")) == 1
    walk = cheapest_path(ship, g("0-A3"), g("0-A4"), ALIEN, ALL_OPEN)
    assert walk is not None and len(walk) - 1 == 5


def test_c41_range_across_decks_is_none() -> None:
    assert grid_range(g("0-A1"), g("1-A1")) is None
    assert grid_range(g("1-J5"), g("2-J6")) is None


def test_d3_firearm_range_is_limited_only_by_line_of_sight() -> None:
    """Gap 13: range has no maximum; only the line of sight limits a shot."""
    ship = real_ship()
    far_end = g("2-R6")
    assert has_los(ship, g("2-C5"), far_end, ALL_OPEN)
    assert grid_range(g("2-C5"), far_end) == 16


# --- properties ----------------------------------------------------------------------

_REAL_GRIDS = sorted(real_ship().cells)
_REAL_DOORS = sorted(real_ship().doors)

grid_on_ship = st.sampled_from(_REAL_GRIDS)
door_states = st.dictionaries(st.sampled_from(_REAL_DOORS), st.sampled_from(list(DoorState)))
movers = st.sampled_from(list(Mover))
any_grid = st.builds(Grid, st.integers(0, 2), st.integers(0, 25), st.integers(0, 11))


@given(grid_on_ship, grid_on_ship, movers, door_states)
def test_c41_reachable_agrees_with_cheapest_path(
    start: Grid, goal: Grid, mover: Mover, doors: dict[str, DoorState]
) -> None:
    ship = real_ship()
    costs = reachable(ship, start, EVERYWHERE, mover, doors)
    path = cheapest_path(ship, start, goal, mover, doors)
    if path is None:
        assert goal not in costs
    else:
        assert (path[0], path[-1]) == (start, goal)
        assert path_cost(ship, path, mover, doors) == costs[goal]


def _plain_search(
    ship: Ship, start: Grid, goal: Grid, mover: Mover, doors: dict[str, DoorState]
) -> tuple[Grid, ...] | None:
    """The cheapest path by the documented rule, written plainly over ``steps_from``:
    grids settle in (cost, grid) order; a grid keeps the first predecessor that reached it
    at its least cost (of equally cheap ways, from the grid reached more cheaply, then the
    smallest grid)."""
    best, came, done = {start: 0}, {}, set()
    heap = [(0, start)]
    while heap:
        cost, grid = heapq.heappop(heap)
        if grid in done:
            continue
        done.add(grid)
        if grid == goal:
            path = [goal]
            while path[-1] != start:
                path.append(came[path[-1]])
            return tuple(reversed(path))
        for step in steps_from(ship, grid, mover, doors):
            new = cost + step.cost
            if step.to not in best or new < best[step.to]:
                best[step.to], came[step.to] = new, grid
                heapq.heappush(heap, (new, step.to))
    return None


@given(grid_on_ship, grid_on_ship, movers, door_states)
def test_c41_cheapest_path_is_the_one_the_tie_rule_names_whatever_the_doors(
    start: Grid, goal: Grid, mover: Mover, doors: dict[str, DoorState]
) -> None:
    """The search may first try the path it keeps for every door open: it must give the
    very path (not only an equally cheap one) a plain search gives with these doors, and
    the steps along it are the map's moves between its grids."""
    ship = real_ship()
    path = cheapest_path(ship, start, goal, mover, doors)
    assert path == _plain_search(ship, start, goal, mover, doors)
    steps = cheapest_steps(ship, start, goal, mover, doors)
    if path is None:
        assert steps is None
        return
    assert steps is not None and [s.to for s in steps] == list(path[1:])
    for a, step in zip(path, steps, strict=False):
        assert step == next(s for s in steps_from(ship, a, mover, doors) if s.to == step.to)


@given(grid_on_ship, st.integers(0, 12), movers, door_states)
def test_c41_reachable_within_budget_is_the_cheap_part_of_all_reach(
    start: Grid, budget: int, mover: Mover, doors: dict[str, DoorState]
) -> None:
    ship = real_ship()
    everything = reachable(ship, start, EVERYWHERE, mover, doors)
    within = reachable(ship, start, budget, mover, doors)
    assert within == {grid: cost for grid, cost in everything.items() if cost <= budget}


@given(grid_on_ship, door_states)
def test_c41_human_never_moves_cheaper_than_alien(start: Grid, doors: dict[str, DoorState]) -> None:
    ship = real_ship()
    human = reachable(ship, start, EVERYWHERE, HUMAN, doors)
    alien = reachable(ship, start, EVERYWHERE, ALIEN, doors)
    assert human.keys() == alien.keys()
    assert all(human[grid] >= alien[grid] for grid in human)


@given(door_states)
def test_c41_alien_moves_cost_the_same_both_ways(doors: dict[str, DoorState]) -> None:
    ship = real_ship()
    for grid in _REAL_GRIDS:
        for step in steps_from(ship, grid, ALIEN, doors):
            assert move_cost(ship, step.to, grid, ALIEN, doors) == step.cost == 1


@given(any_grid, any_grid, any_grid)
def test_c41_range_is_a_symmetric_distance(a: Grid, b: Grid, c: Grid) -> None:
    assert grid_range(a, b) == grid_range(b, a)
    assert (grid_range(a, b) == 0) == (a == b)
    ab, bc, ac = grid_range(a, b), grid_range(b, c), grid_range(a, c)
    if ab is not None and bc is not None:
        assert ac is not None and ac <= ab + bc
