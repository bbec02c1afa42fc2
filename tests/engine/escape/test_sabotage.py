"""Sabotage (C.9): nexus attacks, the critical countdown and its endings, system and
Humoid repairs (G.3), and the roles a skill's use reveals (E.1)."""

from __future__ import annotations

import pytest

from engine.board.grid import Grid
from engine.board_view import MarkerKind
from engine.commands import Attack, Repair
from engine.content_models import ShipSystem
from engine.escape import sabotage
from engine.legal import legal_commands
from engine.records.scenario import parse_scenario
from engine.records.scenario_writer import write_scenario
from engine.state import Condition, Fate, GameState, Phase, Side
from engine.views import view
from tests.positions import CONTENT, SHIP, Beast, Crew, play, position, public, refused, rolls

ALIEN = Phase.ALIEN
ENGINEER = "Chief Engineer"
FAR = "2-B5"  # somewhere no nexus is


def pin(state: GameState, system: ShipSystem) -> Grid:
    """The grid holding ``system``'s marker (set-up shuffles them, B.1.1)."""
    return next(g for g, s in state.nexus.items() if s == system.value)


def nexus_position(
    system: ShipSystem,
    *,
    phase: Phase = ALIEN,
    dice: tuple[int, ...] = (),
    alien_at_nexus: bool = True,
    crew: dict[str, Crew] | None = None,
    rotated: int | None = None,
    **beast: object,
) -> tuple[GameState, Grid]:
    """A position with the alien (optionally) on ``system``'s nexus grid."""
    grid = pin(position({}), system)
    alien = Beast(str(grid) if alien_at_nexus else FAR, **beast)  # type: ignore[arg-type]
    state = position(crew or {"hyun": Crew("0-W5")}, alien, phase=phase, dice=dice)
    assert state.nexus[grid] == system.value
    if rotated is not None:
        state.nexus_revealed.add(grid)
        state.countdown[grid] = rotated
    return state, grid


def markers(state: GameState, viewer: str) -> dict[Grid, tuple[MarkerKind, str]]:
    board = view(state, viewer, SHIP, CONTENT).board
    nexus_kinds = (MarkerKind.NEXUS, MarkerKind.NEXUS_DAMAGED)
    return {m.grid: (m.kind, m.label) for m in board.markers if m.kind in nexus_kinds}


def pass_phases(state: GameState, count: int) -> tuple[GameState, list[str]]:
    """End ``count`` phases in turn; returns the state and all public messages."""
    said: list[str] = []
    for _ in range(count):
        side = "alien" if state.phase is Phase.ALIEN else "crew"
        state, events = play(state, side, "pass")
        said.append(public(events))
    return state, said


# --- C.9, D.2: attacking a nexus ----------------------------------------------------------


def test_c9_attacking_a_nexus_reveals_its_system_to_both_sides() -> None:
    state, grid = nexus_position(ShipSystem.LIFE_SUPPORT, dice=(5,))
    for viewer in ("crew", "alien", "spectator"):
        assert markers(state, viewer)[grid] == (MarkerKind.NEXUS, "Nexus")
    after, events = play(state, "alien", "attack alien1 nexus")
    assert rolls(events) == [
        f"The Larva attacks the nexus at {grid}: d6 5 +2 Larva ferocity = 7: success"
    ]  # resilience 0 (D.2): nothing to subtract
    assert grid in after.nexus_revealed
    assert "Life Support" in public(events)
    for viewer in ("crew", "alien", "spectator"):
        assert markers(after, viewer)[grid] == (MarkerKind.NEXUS_DAMAGED, "Life Support")
    assert after.countdown == {grid: 0}
    assert after.aliens["alien1"].actions == 5  # G.1: one action


def test_c9_a_failed_nexus_attack_keeps_it_face_down() -> None:
    state, grid = nexus_position(ShipSystem.LIFE_SUPPORT, dice=(4,))
    after, events = play(state, "alien", "attack alien1 nexus")
    assert rolls(events)[0].endswith("= 6: failure")
    assert grid not in after.nexus_revealed and not after.countdown
    assert "Life Support" not in public(events)


def test_c9_the_alien_attacks_only_the_intact_nexus_in_its_own_grid() -> None:
    state, grid = nexus_position(ShipSystem.TREADMILL, alien_at_nexus=False)
    error = refused(state, "alien", "attack alien1 nexus")
    assert "no system nexus" in error.message and str(grid) in error.legal
    state, grid = nexus_position(ShipSystem.TREADMILL, rotated=None)
    state.nexus_revealed.add(grid)
    assert "already damaged" in refused(state, "alien", "attack alien1 nexus").message
    state, grid = nexus_position(ShipSystem.TREADMILL, actions=0)
    refused(state, "alien", "attack alien1 nexus")


def test_c9_the_crew_does_not_attack_nexuses() -> None:
    state, grid = nexus_position(
        ShipSystem.TREADMILL, phase=Phase.CREW, crew={"hyun": Crew("0-W5")}
    )
    state.humans["hyun"].grid = grid
    refused(state, "crew", "attack hyun nexus")


def test_c72_a_pipe_running_alien_surfaces_to_attack_a_nexus() -> None:
    state, grid = nexus_position(ShipSystem.COFFEE_MAKER, dice=(6,), pipe_running=True)
    after, events = play(state, "alien", "attack alien1 nexus")
    assert not after.aliens["alien1"].pipe_running
    assert f"is at {grid}: it attacks a nexus" in public(events)


# --- C.9 countdown (gap 8) -------------------------------------------------------------------


def test_c9_countdown_rotates_at_each_alien_phase_and_fires_after_a_full_turn() -> None:
    state, grid = nexus_position(ShipSystem.LIFE_SUPPORT, dice=(6,))
    state, _ = play(state, "alien", "attack alien1 nexus")
    assert state.turn == 1 and state.countdown[grid] == 0  # oriented top up, no turn yet
    state, said = pass_phases(state, 2)  # alien 1, crew 1 -> alien phase of turn 2
    assert state.turn == 2 and state.countdown[grid] == 1
    assert "turns to 90°: 3 more crew phases" in said[-1]
    state, _ = pass_phases(state, 4)  # -> alien phase of turn 4
    assert state.turn == 4 and state.countdown[grid] == 3
    assert state.phase is Phase.ALIEN and not state.ship_destroyed
    state, said = pass_phases(state, 2)  # the crew phase of turn 4 was its last chance
    assert state.turn == 5 and state.phase is Phase.OVER
    assert state.ship_destroyed == ["Life Support"]
    assert "completes its rotation" in said[-1]


def test_c9_the_crew_has_the_crew_phase_of_the_fourth_turn_to_repair() -> None:
    crew = {"hyun": Crew("0-W5", role=ENGINEER, items=("ToolKit",))}
    state, grid = nexus_position(
        ShipSystem.REACTOR_COOLANT, phase=Phase.CREW, crew=crew, rotated=3, dice=(6,)
    )
    state.humans["hyun"].grid = grid
    state, _ = play(state, "crew", "repair hyun nexus")
    state, said = pass_phases(state, 1)
    assert state.phase is Phase.ALIEN and not state.ship_destroyed
    assert "rotat" not in said[0]


def _ending(system: ShipSystem) -> tuple[GameState, str]:
    """Crew phase with ``system``'s marker at 270°: passing fires it. Hyun is aboard,
    Okeke escaped in a pod, Ortiz is a cadaver."""
    crew = {"hyun": Crew("0-W5"), "okeke": Crew("0-W6"), "ortiz": Crew("0-W7")}
    state, _ = nexus_position(system, phase=Phase.CREW, crew=crew, rotated=3, alien_at_nexus=False)
    okeke = state.humans["okeke"]
    okeke.fate, okeke.grid = Fate.ESCAPED, None
    state.humans["ortiz"].condition = Condition.DECEASED
    after, said = pass_phases(state, 1)
    assert after.phase is Phase.OVER and after.ship_destroyed == [system.value]
    assert f"the Quicksilver is destroyed ({system.value})" in (after.result or "")
    assert after.humans["okeke"].fate is Fate.ESCAPED and after.humans["okeke"].alive
    return after, said[0]


def test_c91_g_core_crash_kills_the_humans_and_spares_the_alien() -> None:
    after, said = _ending(ShipSystem.G_CORE_DRIVE)
    hyun = after.humans["hyun"]
    assert hyun.condition is Condition.DECEASED and hyun.killed_by_alien  # F.1: its sabotage
    assert not after.aliens["alien1"].dead
    assert "crashes" in said


def test_c92_reactor_kills_everyone_aboard() -> None:
    after, said = _ending(ShipSystem.REACTOR_COOLANT)
    assert after.humans["hyun"].condition is Condition.DECEASED
    assert after.aliens["alien1"].dead
    assert "explodes" in said


def test_c92_an_alien_already_in_a_pod_survives_the_reactor() -> None:
    crew = {"hyun": Crew("0-W5")}
    state, _ = nexus_position(ShipSystem.REACTOR_COOLANT, phase=Phase.CREW, crew=crew, rotated=3)
    alien = state.aliens["alien1"]
    alien.fate, alien.grid = Fate.ESCAPED, None
    state.aliens["alien2"] = type(alien)(id="alien2", stage="Larva", grid=Grid.parse("0-J11"))
    after, _ = pass_phases(state, 1)
    assert not after.aliens["alien1"].dead and after.aliens["alien2"].dead


def test_c93_life_support_kills_the_humans() -> None:
    after, said = _ending(ShipSystem.LIFE_SUPPORT)
    assert after.humans["hyun"].condition is Condition.DECEASED
    assert not after.aliens["alien1"].dead  # it hibernates
    assert "hibernates" in said


def _together(first: ShipSystem, second: ShipSystem) -> GameState:
    """Crew phase with two critical markers at 270°, ``first`` on the nexus grid that
    comes first in grid order: passing completes both rotations at once."""
    crew = {"hyun": Crew("0-W5")}
    state, _ = nexus_position(first, phase=Phase.CREW, crew=crew, alien_at_nexus=False)
    grids = sorted(state.nexus)  # dealt again, whatever the shuffle (B.1.1) made of it
    others = [state.nexus[g] for g in grids if state.nexus[g] not in (first, second)]
    state.nexus = dict(zip(grids, [first.value, second.value, *others], strict=True))
    for grid in grids[:2]:
        state.nexus_revealed.add(grid)
        state.countdown[grid] = 3
    return state


@pytest.mark.parametrize(
    "order",
    [
        (ShipSystem.G_CORE_DRIVE, ShipSystem.REACTOR_COOLANT),
        (ShipSystem.REACTOR_COOLANT, ShipSystem.G_CORE_DRIVE),
        (ShipSystem.LIFE_SUPPORT, ShipSystem.REACTOR_COOLANT),
    ],
)
def test_c9_two_rotations_completing_together_both_take_effect(
    order: tuple[ShipSystem, ShipSystem],
) -> None:
    """C.9: "If the marker completes one complete rotation, the ship and her crew suffer
    the effect described below": each marker that completes has its effect, whatever
    the shuffle's grid order; the Reactor kills the aliens even beside the G-Core Drive
    or Life Support, which spare them."""
    after, said = pass_phases(_together(*order), 1)
    assert after.phase is Phase.OVER
    assert after.ship_destroyed == [s.value for s in order]
    assert "completes its rotation" in said[0]
    assert all(system.value in said[0] for system in order)
    assert after.humans["hyun"].condition is Condition.DECEASED
    assert after.humans["hyun"].killed_by_alien
    assert after.aliens["alien1"].dead
    assert ", ".join(s.value for s in order) in (after.result or "")


def test_c9_life_support_and_the_g_core_drive_together_spare_the_alien() -> None:
    after, said = pass_phases(_together(ShipSystem.LIFE_SUPPORT, ShipSystem.G_CORE_DRIVE), 1)
    assert after.ship_destroyed == ["Life Support", "G-Core Drive"]
    assert "hibernates" in said[0] and "crash" in said[0].lower()
    assert after.humans["hyun"].condition is Condition.DECEASED
    assert not after.aliens["alien1"].dead


def test_c94_non_critical_systems_do_nothing() -> None:
    for system in (ShipSystem.HOLO_DISPLAY, ShipSystem.TREADMILL, ShipSystem.COFFEE_MAKER):
        state, grid = nexus_position(system, dice=(6,))
        state, events = play(state, "alien", "attack alien1 nexus")
        assert grid in state.nexus_revealed and not state.countdown
        assert "no effect" in public(events)
        state, _ = pass_phases(state, 12)  # six full turns
        assert state.phase is Phase.ALIEN and not state.ship_destroyed


# --- C.9, E.3.4: repairs ---------------------------------------------------------------------


def _repair_position(
    role: str = ENGINEER, items: tuple[str, ...] = ("ToolKit",), dice: tuple[int, ...] = (6,)
) -> tuple[GameState, Grid]:
    crew = {"hyun": Crew("0-W5", role=role, items=items)}
    state, grid = nexus_position(
        ShipSystem.G_CORE_DRIVE,
        phase=Phase.CREW,
        crew=crew,
        rotated=2,
        dice=dice,
        alien_at_nexus=False,
    )
    state.humans["hyun"].grid = grid
    return state, grid


def test_c9_an_engineer_with_a_toolkit_repairs_a_system() -> None:
    state, grid = _repair_position()
    after, events = play(state, "crew", "repair hyun nexus")
    assert rolls(events) == [
        f"Hyun repairs the G-Core Drive at {grid}: d6 6 +1 Engineer = 7: success"
    ]
    assert grid not in after.nexus and grid not in after.nexus_revealed
    assert not after.countdown
    assert grid not in markers(after, "crew") and grid not in markers(after, "alien")
    assert "removed from play" in public(events)
    assert after.humans["hyun"].actions == state.humans["hyun"].actions - 1
    assert "role" in after.humans["hyun"].revealed  # E.1: the Engineer's role is shown


def test_c9_a_failed_repair_leaves_the_countdown_running() -> None:
    state, grid = _repair_position(dice=(5,))
    after, _ = play(state, "crew", "repair hyun nexus")
    assert after.countdown == {grid: 2} and grid in after.nexus_revealed
    after, _ = play(state, "crew", "repair hyun nexus +1")
    assert grid not in after.nexus  # C.9: actions add to the roll


def test_c9_a_bare_repair_on_a_damaged_nexus_repairs_it() -> None:
    state, grid = _repair_position()
    after, _ = play(state, "crew", "repair hyun")
    assert grid not in after.nexus


def test_c9_repair_needs_an_engineer_a_toolkit_and_a_damaged_system_here() -> None:
    state, _ = _repair_position(role="Captain")
    assert "Engineer" in refused(state, "crew", "repair hyun nexus").message
    state, _ = _repair_position(items=())
    assert "ToolKit" in refused(state, "crew", "repair hyun nexus").message
    state, grid = _repair_position()
    state.humans["hyun"].grid = Grid.parse(FAR)
    error = refused(state, "crew", "repair hyun nexus")
    assert "no system nexus" in error.message and list(error.legal) == [str(grid)]
    state, grid = _repair_position()
    state.nexus_revealed.discard(grid)
    del state.countdown[grid]
    assert "not damaged" in refused(state, "crew", "repair hyun nexus").message
    state, _ = _repair_position()
    refused(state, "crew", "repair hyun nexus closed")


def test_c9_a_non_critical_system_can_be_repaired_too() -> None:
    crew = {"hyun": Crew("0-W5", role=ENGINEER, items=("ToolKit",))}
    state, grid = nexus_position(
        ShipSystem.TREADMILL, phase=Phase.CREW, crew=crew, dice=(6,), alien_at_nexus=False
    )
    state.nexus_revealed.add(grid)
    state.humans["hyun"].grid = grid
    after, _ = play(state, "crew", "repair hyun nexus")
    assert grid not in after.nexus


# --- G.3 Humoid (gap 21) --------------------------------------------------------------------


def _humoid_position(engineer: Crew, dice: tuple[int, ...] = (6,)) -> GameState:
    return position(
        {
            "hyun": engineer,
            "ortiz": Crew("0-W5", skill="Humoid", condition=Condition.INJURED),
            "okeke": Crew("0-W5", role="Ship's Surgeon", items=("AidKit",)),
        },
        dice=dice,
    )


def test_g3_a_humoid_is_repaired_not_healed() -> None:
    state = _humoid_position(Crew("0-W5", role=ENGINEER, items=("ToolKit",)))
    assert "a Humoid is repaired" in refused(state, "crew", "heal okeke ortiz").message
    after, events = play(state, "crew", "repair hyun ortiz")
    assert rolls(events) == ["Hyun repairs Ortiz: d6 6 +1 Engineer = 7: success"]
    assert after.humans["ortiz"].condition is Condition.WELL
    assert "skill" in after.humans["ortiz"].revealed  # the Humoid marker is face-up
    assert "Humoid" in public(events)


def test_g3_a_humoid_repair_needs_an_engineer_with_a_toolkit_in_its_grid() -> None:
    state = _humoid_position(Crew("0-W5", role=ENGINEER))
    assert "ToolKit" in refused(state, "crew", "repair hyun ortiz").message
    state = _humoid_position(Crew("0-W5", role="Captain", items=("ToolKit",)))
    assert "Engineer" in refused(state, "crew", "repair hyun ortiz").message
    state = _humoid_position(Crew("0-W6", role=ENGINEER, items=("ToolKit",)))
    assert "grid" in refused(state, "crew", "repair hyun ortiz").message
    state = _humoid_position(Crew("0-W5", role=ENGINEER, items=("ToolKit",)))
    state.humans["ortiz"].condition = Condition.WELL
    assert "not injured" in refused(state, "crew", "repair hyun ortiz").message
    state.humans["okeke"].condition = Condition.INJURED
    assert "not a Humoid" in refused(state, "crew", "repair hyun okeke").message


def test_g3_a_failed_humoid_repair_still_reveals_the_humoid() -> None:
    state = _humoid_position(Crew("0-W5", role=ENGINEER, items=("ToolKit",)), dice=(1,))
    after, _ = play(state, "crew", "repair hyun ortiz")
    assert after.humans["ortiz"].condition is Condition.INJURED
    assert "skill" in after.humans["ortiz"].revealed


# --- candidates, scenario ----------------------------------------------------------------------


def test_candidates_propose_nexus_attacks_and_repairs() -> None:
    state, _ = nexus_position(ShipSystem.TREADMILL)
    assert Attack("alien1", "nexus") in list(sabotage.candidates(state, "alien1", SHIP))
    legal = legal_commands(state, Side.ALIEN, SHIP, CONTENT, unit="alien1")
    assert Attack("alien1", "nexus") in legal
    state, _ = _repair_position()
    assert list(sabotage.candidates(state, "hyun", SHIP)) == [Repair("hyun", "nexus")]
    assert Repair("hyun", "nexus") in legal_commands(state, Side.CREW, SHIP, CONTENT, "hyun")
    state = _humoid_position(Crew("0-W5", role=ENGINEER, items=("ToolKit",)))
    found = list(sabotage.candidates(state, "hyun", SHIP))
    assert Repair("hyun", "ortiz") in found
    assert Repair("hyun", "ortiz") in legal_commands(state, Side.CREW, SHIP, CONTENT, "hyun")
    assert not list(sabotage.candidates(state, "okeke", SHIP))


def test_scenario_round_trips_damaged_and_repaired_nexuses() -> None:
    state, _ = _repair_position()
    after, _ = play(state, "crew", "repair hyun nexus")
    other = pin(after, ShipSystem.LIFE_SUPPORT)
    after.nexus_revealed.add(other)
    after.countdown[other] = 1
    text = write_scenario(after)
    assert "repaired" in text
    back = parse_scenario(text)
    assert back.nexus == after.nexus
    assert back.nexus_revealed == after.nexus_revealed and back.countdown == after.countdown
