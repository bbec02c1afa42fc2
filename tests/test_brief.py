"""Each requirement of the floorplan brief, on the real ship and on broken copies."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main
from engine.brief import check_brief
from engine.floorplan import DEFAULT_SHIP_PATH, FloorplanError, default_ship
from engine.grid import Grid
from engine.ship import (
    TAG_INFIRMARY,
    TAG_INFIRMARY_QUARANTINE,
    TAG_LAB_QUARANTINE,
    Feature,
    RegionKind,
)
from tests.shipdata import SHIP_TEXT, edit_grid, ship_from

G = Grid.parse


def _problems(text: str) -> list[str]:
    return [str(v) for v in check_brief(ship_from(text))]


def test_real_ship_meets_the_whole_brief() -> None:
    assert check_brief(default_ship()) == []


def test_b11_six_nexus_grids_and_four_lockers() -> None:
    ship = default_ship()
    assert len(ship.grids_with(Feature.NEXUS)) == 6
    assert len(ship.grids_with(Feature.LOCKER)) == 4


def test_b11_lockers_hold_the_rulebook_kits() -> None:
    lockers = {r.name: sorted(r.locker) for r in default_ship().regions.values() if r.locker}
    assert lockers == {
        "Infirmary": ["AidKit", "Dunsel"],
        "Lab": ["Dunsel", "SciKit"],
        "Workshop": ["ToolKit"],
        "Assembly Area": ["TacKit"],
    }


def test_b12_two_infirmary_beds_and_four_quarantine_cadaver_grids() -> None:
    ship = default_ship()
    beds = ship.grids_with(Feature.BED)
    assert len(beds) == 2
    assert all(ship.region_of(b).tags >= {TAG_INFIRMARY} and ship.is_obstructed(b) for b in beds)
    quarantine = [
        g
        for tag in (TAG_INFIRMARY_QUARANTINE, TAG_LAB_QUARANTINE)
        for g in ship.region_tagged(tag).grids
        if ship.is_obstructed(g)
    ]
    assert len(quarantine) == 4


def test_e24_two_life_pods_per_deck() -> None:
    ship = default_ship()
    pods = [r for r in ship.regions.values() if r.kind is RegionKind.POD]
    assert sorted(r.deck for r in pods) == [0, 0, 1, 1, 2, 2]


def test_broken_map_missing_nexus_is_reported() -> None:
    problems = _problems(edit_grid(SHIP_TEXT, G("0-E3"), feature="."))
    assert any("5 nexus grids" in p and "[B.1.1]" in p for p in problems)


def test_broken_map_third_bed_is_reported() -> None:
    problems = _problems(edit_grid(SHIP_TEXT, G("1-K4"), feature="b"))
    assert any("exactly two beds" in p for p in problems)


def test_broken_map_narrow_cargo_door_is_reported() -> None:
    problems = _problems(edit_grid(SHIP_TEXT, G("0-G7"), feature="."))
    assert any("5 grids wide, not 6" in p for p in problems)


def test_broken_map_lift_on_obstructed_grid_is_reported() -> None:
    problems = _problems(edit_grid(SHIP_TEXT, G("0-J5"), room="C"))
    assert any("lift at 0-J5 must be an open grid" in p for p in problems)


def test_broken_map_extra_quarantine_grid_is_reported() -> None:
    problems = _problems(edit_grid(SHIP_TEXT, G("1-L2"), room="Q"))
    assert any("5 obstructed grids; need exactly 4" in p for p in problems)


def test_broken_map_room_without_door_is_reported() -> None:
    problems = _problems(edit_grid(SHIP_TEXT, G("0-M4"), feature="."))
    assert any("Store has no door" in p for p in problems)
    assert any("cannot be reached" in p for p in problems)


def test_broken_map_wrong_locker_contents_name_the_region_line() -> None:
    text = SHIP_TEXT.replace("locker=ToolKit", "locker=SciKit", 1)
    violations = check_brief(ship_from(text))
    line = next(v.line for v in violations if "Workshop's locker" in v.problem)
    assert text.splitlines()[line - 1].startswith("region w")


def test_map_check_passes_on_the_real_ship(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["map", "check"]) == 0
    out = capsys.readouterr().out
    assert "nexus grids  6" in out and "all requirements met" in out


def test_map_check_fails_on_a_broken_map(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "ship.txt"
    broken.write_text(edit_grid(SHIP_TEXT, G("0-E3"), feature="."))
    assert main(["map", "check", "--file", str(broken)]) == 1
    assert "5 nexus grids" in capsys.readouterr().err


def test_default_ship_refuses_a_map_that_breaks_the_brief(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    broken = tmp_path / "ship.txt"
    broken.write_text(edit_grid(SHIP_TEXT, G("0-E3"), feature="."))
    monkeypatch.setattr("engine.floorplan.DEFAULT_SHIP_PATH", broken)
    default_ship.cache_clear()
    try:
        with pytest.raises(FloorplanError, match="violates the brief"):
            default_ship()
    finally:
        default_ship.cache_clear()
    assert DEFAULT_SHIP_PATH.exists()
