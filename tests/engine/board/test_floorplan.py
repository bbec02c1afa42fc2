"""The floorplan file: what it says about the ship, and how it reports mistakes."""

from __future__ import annotations

import pytest

from engine.board.floorplan import FloorplanError, parse_floorplan
from engine.board.grid import Grid, GridParseError
from engine.board.ship import TAG_AIRLOCK, TAG_CARGO_HOLD, DoorKind, Feature, RegionKind
from tests.shipdata import SHIP_TEXT, edit_grid, row_line_index, ship_from

G = Grid.parse


def test_grid_coordinates_round_trip_as_players_type_them() -> None:
    assert str(G("1-F6")) == "1-F6"
    assert G("01-f6") == G("1F6") == G("1:F6") == Grid(1, 5, 5)
    with pytest.raises(GridParseError, match="for example 1-F6"):
        G("F6 on deck one")


def test_a11_three_decks_of_square_grids() -> None:
    ship = ship_from(SHIP_TEXT)
    assert sorted(ship.decks) == [0, 1, 2]
    assert [d.label for d in ship.decks.values()] == ["Deck 00", "Deck 01", "Deck 02"]
    assert all((d.width, d.height) == (24, 12) for d in ship.decks.values())


def test_c41_upper_case_room_letters_are_obstructed_grids() -> None:
    ship = ship_from(SHIP_TEXT)
    assert ship.is_obstructed(G("1-G1"))  # an Infirmary bed
    assert not ship.is_obstructed(G("1-F1"))  # the Infirmary locker grid
    assert ship.region_of(G("1-G1")).name == "Infirmary"


def test_c42_walls_run_between_regions_and_not_inside_them() -> None:
    ship = ship_from(SHIP_TEXT)
    assert not ship.wall_between(G("0-F5"), G("0-G5"))  # along the corridor
    assert ship.wall_between(G("0-F4"), G("0-F5"))  # workshop / corridor
    assert ship.door_between(G("0-H4"), G("0-H5")) is not None  # the workshop door


def test_c43_cargo_hold_doors_are_six_grids_wide_with_one_marker() -> None:
    ship = ship_from(SHIP_TEXT)
    hold = ship.region_tagged(TAG_CARGO_HOLD).key
    large = [d for d in ship.doors.values() if d.kind is DoorKind.LARGE]
    assert len(large) == 2
    assert all(len(d.edges) == 6 and hold in d.regions for d in large)


def test_c43_pod_doors_and_airlock_doors_are_typed_by_where_they_lead() -> None:
    ship = ship_from(SHIP_TEXT)
    pod_doors = [d for d in ship.doors.values() if d.kind is DoorKind.POD]
    assert len(pod_doors) == 6 and not any(d.closable for d in pod_doors)
    airlock = ship.region_tagged(TAG_AIRLOCK).key
    outer = [d for d in ship.doors.values() if d.kind is DoorKind.AIRLOCK_OUTER]
    assert len(outer) == 1 and outer[0].regions == (airlock, None) and outer[0].starts_closed
    assert outer[0].space_side == (0, -1)  # the arrow in the file points north, out of the hull


def test_c45_lift_grids_are_named_by_letter_and_deck() -> None:
    ship = ship_from(SHIP_TEXT)
    lift = ship.lift_at(G("2-Q5"))
    assert lift is not None and lift.name_on(2) == "Lift B2"
    assert set(lift.grids) == {0, 1, 2}


def test_c46_hatch_pairs_join_adjacent_decks() -> None:
    ship = ship_from(SHIP_TEXT)
    for hatch in ship.hatches.values():
        assert hatch.upper.deck == hatch.lower.deck + 1
        assert ship.cell(hatch.lower).feature is Feature.HATCH


def test_regions_are_rooms_corridors_and_pods() -> None:
    ship = ship_from(SHIP_TEXT)
    kinds = {r.kind for r in ship.regions.values()}
    assert kinds == {RegionKind.ROOM, RegionKind.CORRIDOR, RegionKind.POD}
    assert ship.region_named("lab quarantine") is not None


def _error(text: str) -> FloorplanError:
    with pytest.raises(FloorplanError) as caught:
        parse_floorplan(text, source="ship.txt")
    return caught.value


def test_broken_map_unknown_room_letter_names_its_line() -> None:
    grid = G("0-F1")
    text = edit_grid(SHIP_TEXT, grid, room="Q")
    error = _error(text)
    assert error.line == row_line_index(SHIP_TEXT.splitlines(), grid) + 1
    assert "room letter 'Q'" in error.problem and "0-F1" in error.problem


def test_broken_map_door_inside_a_room_has_no_wall() -> None:
    error = _error(edit_grid(SHIP_TEXT, G("0-G2"), feature=">"))
    assert "no wall there" in error.problem


def test_broken_map_door_to_space_outside_the_air_lock() -> None:
    error = _error(edit_grid(SHIP_TEXT, G("0-F1"), feature="^"))
    assert "only the Air Lock" in error.problem


def test_broken_map_feature_outside_the_hull() -> None:
    error = _error(edit_grid(SHIP_TEXT, G("0-A1"), feature="N"))
    assert "outside the hull" in error.problem


def test_broken_map_hatch_without_its_pair() -> None:
    error = _error(edit_grid(SHIP_TEXT, G("0-G2"), feature="k"))
    assert "hatch K must appear on exactly two decks" in error.problem


def test_broken_map_ragged_row() -> None:
    text = SHIP_TEXT.replace("   2  EEeeewwwwwwssssrRRRRr...", "   2  EEeeewwwwwwssssrRRRRr..", 1)
    error = _error(text)
    assert "features layer" in error.problem


def test_broken_map_unknown_tag() -> None:
    text = SHIP_TEXT.replace("tags=galley", "tags=kitchen", 1)
    error = _error(text)
    assert "unknown tag(s) kitchen" in error.problem
    assert text.splitlines()[error.line - 1].startswith("region g")


def test_broken_map_region_split_in_two() -> None:
    text = edit_grid(SHIP_TEXT, G("0-N1"), room="w")
    assert "split into separate pieces" in _error(text).problem
