"""Each requirement of the floorplan brief, on the real ship and on broken copies."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bot.cli.main import main
from engine.board.brief import check_brief
from engine.board.floorplan import DEFAULT_SHIP_PATH, FloorplanError, default_ship
from engine.board.grid import Grid
from engine.board.ship import (
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
    monkeypatch.setattr("engine.board.floorplan.DEFAULT_SHIP_PATH", broken)
    default_ship.cache_clear()
    try:
        with pytest.raises(FloorplanError, match="violates the brief"):
            default_ship()
    finally:
        default_ship.cache_clear()
    assert DEFAULT_SHIP_PATH.exists()


def _without_pod_2(text: str) -> str:
    text = edit_grid(text, G("0-X6"), room="1", feature=".")
    return text.replace('region 2  pod      "Life Pod 2"\n', "", 1)


def _workshop_without_benches(text: str) -> str:
    for grid in ("0-H1", "0-I1", "0-G3", "0-J3"):
        text = edit_grid(text, G(grid), room="w")
    return text


def _seven_hatch_pairs(text: str) -> str:
    for grid, letter in (("0-G2", "h"), ("1-G2", "h"), ("0-L2", "j"), ("1-P2", "j")):
        text = edit_grid(text, G(grid), feature=letter)
    return text


BROKEN: list[tuple[str, Callable[[str], str], str, str]] = [
    # (what is broken, how, the problem reported, the rule cited)
    ("a pod missing", _without_pod_2, "deck 0 has 1 life pods", "E.2.4"),
    ("a pod two grids big", _without_pod_2, "Life Pod 1 must be a single pod grid", "E.2.4"),
    ("a locker missing", lambda t: edit_grid(t, G("0-F1"), feature="."), "3 lockers", "E.2.6"),
    ("a bed moved", lambda t: edit_grid(t, G("1-G1"), feature="."), "exactly two beds", "B.1.2"),
    ("a bench-less Workshop", _workshop_without_benches, "Workshop needs an obstructed", "E.2"),
    ("seven hatch pairs", _seven_hatch_pairs, "7 hatch pairs; the brief asks for 4-6", "C.4.6"),
]


@pytest.mark.parametrize(("what", "edit", "problem", "rule"), BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_map_each_brief_rule_is_reported(
    what: str, edit: Callable[[str], str], problem: str, rule: str
) -> None:
    problems = _problems(edit(SHIP_TEXT))
    matching = [p for p in problems if problem in p]
    assert matching, problems
    assert all(p.endswith(f"[{rule}]") for p in matching)


@pytest.mark.parametrize(
    ("edit", "problem"),
    [
        (lambda t: edit_grid(t, G("0-G5"), feature="A"), "lift A appears twice on deck 0"),
        (lambda t: edit_grid(t, G("0-D8"), feature="."), "hatch C must appear on exactly two"),
    ],
    ids=["a second lift A on a deck", "a hatch without its pair"],
)
def test_broken_map_lift_and_hatch_mistakes_stop_the_reading(
    edit: Callable[[str], str], problem: str
) -> None:
    with pytest.raises(FloorplanError, match=problem):
        ship_from(edit(SHIP_TEXT))
