"""The Workshop, the ToolKit and the dunsels (E.2.3, E.3.4, E.3.9)."""

from __future__ import annotations

from engine.board.ship import DoorState
from engine.views import view
from tests.positions import CONTENT, SHIP, Beast, Crew, door_id, g, play, position, put, refused

WORKSHOP_DOOR = door_id("0-H4", "0-H5")


def test_e23_the_toolkit_starts_in_the_workshop_locker() -> None:
    state = position({})
    kit = next(i for i in state.items.values() if i.kind == "ToolKit")
    assert kit.in_locker
    assert SHIP.region_of(kit.grid).name == "Workshop"  # type: ignore[arg-type]


def test_e34_an_engineer_without_a_toolkit_cannot_repair() -> None:
    crew = {"okeke": Crew("0-H4", role="Chief Engineer")}
    state = position(crew, doors={WORKSHOP_DOOR: DoorState.SMASHED})
    assert "ToolKit" in refused(state, "crew", "repair okeke").message


def test_e34_an_engineer_with_a_toolkit_repairs_a_smashed_door() -> None:
    crew = {"okeke": Crew("0-H4", role="Chief Engineer", items=("ToolKit",))}
    state = position(crew, doors={WORKSHOP_DOOR: DoorState.SMASHED}, dice=(6,))
    after, _ = play(state, "crew", "repair okeke closed")
    assert after.door_state(WORKSHOP_DOOR) is DoorState.CLOSED


def test_e39_a_dunsel_weighs_nothing_and_looks_like_any_gear_to_the_alien() -> None:
    crew = {"hyun": Crew("0-H5", items=("Carbine", "AidKit"))}
    state = position(crew, Beast("0-J11"))
    dunsel = put(state, "Dunsel", "0-H5")
    after, _ = play(state, "crew", f"pickup hyun {dunsel}")  # a third item, but no dots
    assert dunsel in after.carried_by("hyun")
    seen = view(after, "alien", SHIP, CONTENT)
    hyun = next(line for line in seen.crew if line.id == "hyun")
    assert set(hyun.carrying) == {"Gear"}
    assert g("0-H5") == after.unit_grid("hyun")
