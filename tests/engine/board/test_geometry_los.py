"""Line of sight (D.4, D.4.1, D.2), on hand-drawn maps and on the real ship.

Fixture maps live in ``tests/fixtures/maps``; each file's header draws what it tests.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from engine.board.floorplan import DEFAULT_SHIP_PATH, parse_floorplan, read_floorplan
from engine.board.geometry import (
    Mover,
    grid_range,
    has_los,
    move_cost,
    visible_grids,
    visible_within,
)
from engine.board.grid import COLUMN_LETTERS, Grid
from engine.board.ship import DoorState, Ship

MAPS = Path(__file__).resolve().parents[2] / "fixtures" / "maps"
ALL_OPEN: dict[str, DoorState] = {}


@cache
def fixture_map(name: str) -> Ship:
    return read_floorplan(MAPS / f"{name}.txt")


@cache
def real_ship() -> Ship:
    return read_floorplan(DEFAULT_SHIP_PATH)


def g(text: str) -> Grid:
    return Grid.parse(text)


def grids(*texts: str) -> frozenset[Grid]:
    return frozenset(g(t) for t in texts)


def door_id(ship: Ship, a: str, b: str) -> str:
    door = ship.door_between(g(a), g(b))
    assert door is not None, f"no door between {a} and {b}"
    return door.id


def region_grids(ship: Ship, name: str) -> frozenset[Grid]:
    region = ship.region_named(name)
    assert region is not None, name
    return region.grids


def sees(ship: Ship, viewer: str, target: str, doors: dict[str, DoorState] = ALL_OPEN) -> bool:
    return has_los(ship, g(viewer), g(target), doors)


# --- clause 1: own grid, other decks ---------------------------------------------------


def test_d4_own_grid_is_always_in_sight() -> None:
    ship = fixture_map("doorways")
    assert sees(ship, "0-H5", "0-H5", {door_id(ship, "0-H4", "0-H5"): DoorState.SEALED})
    assert g("0-H5") in visible_grids(ship, g("0-H5"), ALL_OPEN)


def test_d4_no_line_of_sight_between_decks() -> None:
    ship = fixture_map("decks")
    assert not sees(ship, "0-A1", "1-A1")
    assert not sees(ship, "1-C1", "0-C1")
    assert all(grid.deck == 1 for grid in visible_grids(ship, g("1-A1"), ALL_OPEN))


# --- clause 2: the same room or corridor, corners ---------------------------------------


def test_d4_sees_every_grid_of_the_same_room() -> None:
    ship = real_ship()
    command_deck = region_grids(ship, "Command Deck")
    for viewer in command_deck:
        assert command_deck <= visible_grids(ship, viewer, ALL_OPEN)


def test_d4_straight_corridor_sees_along_itself() -> None:
    ship = fixture_map("l_corridor")
    assert visible_grids(ship, g("0-F1"), ALL_OPEN) == grids(
        "0-A1", "0-B1", "0-C1", "0-D1", "0-E1", "0-F1"
    )
    assert visible_grids(ship, g("0-A5"), ALL_OPEN) == grids("0-A1", "0-A2", "0-A3", "0-A4", "0-A5")


def test_d4_corner_adjacent_grid_sees_round_corner_but_not_back() -> None:
    ship = fixture_map("l_corridor")
    assert sees(ship, "0-B1", "0-A5")
    assert not sees(ship, "0-A5", "0-B1")
    assert sees(ship, "0-A2", "0-F1")
    assert not sees(ship, "0-F1", "0-A2")


def test_d4_corner_grid_sees_both_arms() -> None:
    ship = fixture_map("l_corridor")
    for viewer in ("0-A1", "0-B1", "0-A2"):
        assert visible_grids(ship, g(viewer), ALL_OPEN) == ship.region_of(g(viewer)).grids


def test_d4_grid_not_adjacent_to_corner_does_not_see_round_it() -> None:
    ship = fixture_map("l_corridor")
    assert not sees(ship, "0-C1", "0-A2")
    assert not sees(ship, "0-C1", "0-A5")
    assert not sees(ship, "0-A3", "0-B1")
    assert not sees(ship, "0-A3", "0-F1")


def test_d4_sight_line_through_the_end_of_a_wall_is_blocked() -> None:
    """From F1's corner to C3's centre the segment runs exactly through the grid corner
    where the branch's wall ends (C3/D3 below, C2/D2 above): grazing it is blocked."""
    ship = fixture_map("branch_corridor")
    assert not sees(ship, "0-F1", "0-C3")
    assert sees(ship, "0-C3", "0-F1")
    assert sees(ship, "0-E1", "0-C3")  # clears the corner: sees into the branch's mouth


def test_d4_obstructed_grids_do_not_block_sight() -> None:
    ship = fixture_map("movement")  # B2-D2 are obstructed
    assert sees(ship, "0-A2", "0-E2")
    assert sees(ship, "0-C1", "0-C3")
    assert sees(ship, "0-C2", "0-A2")


# --- clause 3: doorways ------------------------------------------------------------------


def test_d4_doorway_sees_whole_adjacent_room_through_open_door() -> None:
    ship = fixture_map("doorways")
    room = region_grids(ship, "Ell Room")
    assert room <= visible_grids(ship, g("0-E2"), ALL_OPEN)
    assert not sees(ship, "0-E1", "0-A3")  # round the room's corner from inside it …
    assert sees(ship, "0-E2", "0-A3")  # … but the doorway sees the whole room


def test_d4_doorway_sight_works_from_either_side() -> None:
    ship = fixture_map("doorways")
    corridor = region_grids(ship, "Corridor")
    assert corridor <= visible_grids(ship, g("0-E1"), ALL_OPEN)


def test_d4_doorway_sight_is_one_way() -> None:
    ship = fixture_map("doorways")
    assert sees(ship, "0-E2", "0-A3")
    assert not sees(ship, "0-A3", "0-E2")
    assert sees(ship, "0-E1", "0-G5")
    assert not sees(ship, "0-G5", "0-E1")


def test_d4_closed_door_blocks_doorway_sight() -> None:
    ship = fixture_map("doorways")
    closed = {door_id(ship, "0-E1", "0-E2"): DoorState.CLOSED}
    room = region_grids(ship, "Ell Room")
    assert not room & visible_grids(ship, g("0-E2"), closed)
    assert not sees(ship, "0-E2", "0-E1", closed)
    assert not sees(ship, "0-E1", "0-E2", closed)


def test_d2_smashed_door_is_open_for_movement_and_sight() -> None:
    ship = fixture_map("doorways")
    smashed = {door_id(ship, "0-E1", "0-E2"): DoorState.SMASHED}
    for mover in Mover:
        assert move_cost(ship, g("0-E2"), g("0-E1"), mover, smashed) == 1
    assert sees(ship, "0-E2", "0-A3", smashed)
    assert sees(ship, "0-E1", "0-H4", smashed)


def test_d4_only_doorway_grids_see_through_a_door() -> None:
    ship = fixture_map("doorways")
    for viewer in ("0-D2", "0-F2", "0-E3", "0-E5"):
        assert not sees(ship, viewer, "0-E1")
        assert not region_grids(ship, "Ell Room") & visible_grids(ship, g(viewer), ALL_OPEN)


def test_d4_doorway_sees_only_the_region_beyond_its_own_door() -> None:
    ship = fixture_map("doorways")
    from_room = visible_grids(ship, g("0-E1"), ALL_OPEN)
    assert not from_room & region_grids(ship, "Hold")
    assert not from_room & region_grids(ship, "Pod")
    assert not from_room & region_grids(ship, "Air Lock")
    assert visible_grids(ship, g("0-H2"), ALL_OPEN) == (
        region_grids(ship, "Corridor") | region_grids(ship, "Air Lock")
    )


def test_d4_every_grid_of_a_wide_door_is_a_doorway() -> None:
    ship = fixture_map("doorways")
    hold, corridor = region_grids(ship, "Hold"), region_grids(ship, "Corridor")
    for viewer in ("0-C4", "0-C5"):
        assert corridor <= visible_grids(ship, g(viewer), ALL_OPEN)
    for viewer in ("0-D4", "0-D5"):
        assert hold <= visible_grids(ship, g(viewer), ALL_OPEN)
    assert not sees(ship, "0-D3", "0-C4")


def test_c43_wide_door_closes_with_one_marker() -> None:
    ship = fixture_map("doorways")
    closed = {door_id(ship, "0-C4", "0-D4"): DoorState.CLOSED}
    assert door_id(ship, "0-C5", "0-D5") in closed
    for viewer in ("0-C4", "0-C5"):
        assert not sees(ship, viewer, "0-D4", closed)
    for viewer in ("0-D4", "0-D5"):
        assert not sees(ship, viewer, "0-A4", closed)
        assert move_cost(ship, g(viewer), g(viewer).shifted(-1, 0), Mover.HUMAN, closed) is None


def test_d4_pod_sight_through_its_door_until_sealed() -> None:
    ship = fixture_map("doorways")
    sealed = {door_id(ship, "0-H4", "0-H5"): DoorState.SEALED}
    assert sees(ship, "0-H4", "0-H5") and sees(ship, "0-H5", "0-D2")
    assert not sees(ship, "0-H4", "0-H5", sealed)
    assert visible_grids(ship, g("0-H5"), sealed) == grids("0-H5")


def test_e25_air_lock_outer_door_shows_no_region() -> None:
    ship = fixture_map("doorways")
    outer = ship.space_door_at(g("0-G1"))
    assert outer is not None
    for state in (DoorState.OPEN, DoorState.CLOSED):
        assert visible_grids(ship, g("0-G1"), {outer.id: state}) == grids("0-G1", "0-H1")


# --- the real ship: the D.4.1 example on Deck 02 --------------------------------------


def test_d41_hyun_in_command_deck_doorway_sees_whole_command_deck() -> None:
    ship = real_ship()
    command_deck = region_grids(ship, "Command Deck")
    assert command_deck <= visible_grids(ship, g("2-R5"), ALL_OPEN)
    closed = {door_id(ship, "2-R5", "2-S5"): DoorState.CLOSED}
    assert not command_deck & visible_grids(ship, g("2-R5"), closed)


def test_d41_guard_in_command_deck_sees_hyun_only_from_the_doorway() -> None:
    ship = real_ship()
    assert sees(ship, "2-R5", "2-U6")  # Hyun sees the Guard
    assert not sees(ship, "2-U6", "2-R5")  # the Guard does not see Hyun …
    assert sees(ship, "2-S5", "2-R5")  # … until it moves to the doorway by her
    assert sees(ship, "2-U6", "2-T5")  # … or she enters the Command Deck


def test_d41_hunter_by_the_corner_sees_hyun_but_not_back() -> None:
    ship = real_ship()
    assert sees(ship, "2-O7", "2-R5")
    assert not sees(ship, "2-R5", "2-O7")


def test_d41_royal_in_cabin_doorway_sees_hyun_but_not_back() -> None:
    ship = real_ship()
    assert "Cabin" in ship.region_of(Grid.parse("2-N4")).name
    assert sees(ship, "2-N4", "2-R5")
    assert not sees(ship, "2-R5", "2-N4")


def test_d41_ortiz_sees_the_hunter_but_not_the_larva_behind_a_closed_door() -> None:
    ship = real_ship()
    closed = {door_id(ship, "2-O9", "2-P9"): DoorState.CLOSED}  # Cabin 4's door
    assert sees(ship, "2-O9", "2-O7", closed)  # Ortiz sees the Hunter up the branch
    assert not sees(ship, "2-O9", "2-P10", closed)  # not the Larva in Cabin 4 …
    assert sees(ship, "2-O9", "2-P10")  # … until the door opens


def test_d4_real_ship_branch_corridor_sees_along_itself() -> None:
    ship = real_ship()
    assert sees(ship, "2-O11", "2-O7")
    assert sees(ship, "2-O7", "2-O11")


def test_d4_real_ship_cargo_hold_doorways_each_see_whole_hold() -> None:
    ship = real_ship()
    hold = region_grids(ship, "Cargo Hold")
    (door,) = (d for d in ship.doors.values() if d.regions == ("0c", "0h"))
    corridor_side = door.doorway_grids - hold
    assert len(door.edges) == 6 and len(corridor_side) == 6
    for viewer in corridor_side:
        assert hold <= visible_grids(ship, viewer, ALL_OPEN)
        assert not hold & visible_grids(ship, viewer, {door.id: DoorState.CLOSED})
    assert not hold & visible_grids(ship, g("0-F6"), ALL_OPEN)


# --- properties -------------------------------------------------------------------------


def box_ship(rooms_rows: list[str]) -> Ship:
    """A one-deck ship that is one rectangular room; 'A' grids are obstructed."""
    header = COLUMN_LETTERS[: len(rooms_rows[0])]
    lines = [f"      {header}    {header}"]
    lines += [f"{n:>4}  {row}    {'.' * len(row)}" for n, row in enumerate(rooms_rows, 1)]
    return parse_floorplan("deck 0\n" + "\n".join(lines) + '\nregion a room "Box"\n')


@st.composite
def boxes(draw: st.DrawFn) -> Ship:
    width, height = draw(st.integers(1, 12)), draw(st.integers(1, 10))
    row = st.text(alphabet="aA", min_size=width, max_size=width)
    return box_ship(draw(st.lists(row, min_size=height, max_size=height)))


@given(boxes(), st.data())
def test_d4_rectangular_room_always_in_sight(ship: Ship, data: st.DataObject) -> None:
    cells = sorted(ship.cells)
    viewer, target = data.draw(st.sampled_from(cells)), data.draw(st.sampled_from(cells))
    assert has_los(ship, viewer, target, ALL_OPEN)
    assert visible_grids(ship, viewer, ALL_OPEN) == frozenset(cells)


_REAL_GRIDS = sorted(real_ship().cells)
door_states = st.dictionaries(
    st.sampled_from(sorted(real_ship().doors)), st.sampled_from(list(DoorState))
)


@given(st.sampled_from(_REAL_GRIDS), door_states)
def test_d4_visible_grids_agrees_with_has_los(viewer: Grid, doors: dict[str, DoorState]) -> None:
    ship = real_ship()
    seen = visible_grids(ship, viewer, doors)
    assert seen == {t for t in _REAL_GRIDS if has_los(ship, viewer, t, doors)}


@given(st.sampled_from(_REAL_GRIDS), door_states)
def test_d4_sight_reaches_only_own_region_and_regions_beyond_open_doorways(
    viewer: Grid, doors: dict[str, DoorState]
) -> None:
    ship = real_ship()
    allowed = set(ship.region_of(viewer).grids)
    for door in ship.doors_at(viewer):
        if doors.get(door.id, DoorState.OPEN).passable:
            allowed.update(
                grid for region in door.regions if region for grid in ship.regions[region].grids
            )
    assert visible_grids(ship, viewer, doors) <= allowed


_DOORWAYS = sorted({grid for door in real_ship().doors.values() for grid in door.doorway_grids})


@given(
    st.one_of(st.sampled_from(_REAL_GRIDS), st.sampled_from(_DOORWAYS)),
    st.integers(0, 14),
    door_states,
)
def test_c8_a_search_looks_into_the_grids_in_sight_within_its_range(
    viewer: Grid, reach: int, doors: dict[str, DoorState]
) -> None:
    """visible_within (kept per viewer, nearest first) is visible_grids cut at the range."""
    ship = real_ship()
    seen = visible_grids(ship, viewer, doors)
    expected = {t for t in seen if (grid_range(viewer, t) or 0) <= reach}
    assert visible_within(ship, viewer, reach, doors) == expected
