"""Doors (C.4.3, D.2), the Air Lock (E.2.5) and life pods (E.2.4) on the real ship."""

from __future__ import annotations

from engine.board.ship import DoorState
from engine.state import Alien, Condition, Fate, Phase
from tests.positions import Beast, Crew, door_id, g, play, position, public, put, refused, rolls

ALIEN = Phase.ALIEN
INFIRMARY_DOOR = door_id("1-H4", "1-H5")
POD3_DOOR = door_id("1-W5", "1-X5")
INNER = door_id("2-F4", "2-F5")
OUTER = "2-E3/space"
CONTROLS = "2-F5"
AIRLOCK_SHUT = {INNER: DoorState.CLOSED, OUTER: DoorState.CLOSED}


# --- C.4.3 opening and closing ----------------------------------------------------------------


def test_c43_human_closes_and_opens_a_door_from_a_doorway_grid() -> None:
    state = position({"hyun": Crew("1-H5")})
    closed, events = play(state, "crew", "close hyun n")
    assert closed.doors[INFIRMARY_DOOR] is DoorState.CLOSED
    assert closed.humans["hyun"].actions == 3
    assert f"Hyun closes {INFIRMARY_DOOR} (1 action)" in public(events)
    reopened, _ = play(closed, "crew", "open hyun")
    assert INFIRMARY_DOOR not in reopened.doors


def test_c43_door_named_by_id_or_doorway_grid() -> None:
    state = position({"hyun": Crew("1-H4")})
    for spec in (INFIRMARY_DOOR.lower(), "1-h5", ""):
        after, _ = play(state, "crew", f"close hyun {spec}".strip())
        assert after.doors[INFIRMARY_DOOR] is DoorState.CLOSED


def test_c43_must_stand_in_a_doorway_grid() -> None:
    state = position({"hyun": Crew("1-J5")})
    assert "not a doorway grid" in refused(state, "crew", "close hyun").message
    assert refused(state, "crew", f"close hyun {INFIRMARY_DOOR}").rule == "C.4.3, G.3"
    assert refused(state, "crew", "close hyun n").rule == "C.4.3"


def test_c43_already_open_or_closed_refused() -> None:
    state = position({"hyun": Crew("1-H5")})
    assert "already open" in refused(state, "crew", "open hyun n").message
    shut = position({"hyun": Crew("1-H5")}, doors={INFIRMARY_DOOR: DoorState.CLOSED})
    assert "already closed" in refused(shut, "crew", "close hyun n").message


def test_c43_pod_door_cannot_close() -> None:
    state = position({"hyun": Crew("1-W5")})
    assert "may not be closed" in refused(state, "crew", "close hyun e").message


def test_d2_smashed_door_cannot_be_worked() -> None:
    state = position({"hyun": Crew("1-H5")}, doors={INFIRMARY_DOOR: DoorState.SMASHED})
    assert "smashed" in refused(state, "crew", "close hyun n").message


def test_c43_alien_works_doors_only_with_clever() -> None:
    shut = {INFIRMARY_DOOR: DoorState.CLOSED}
    plain = position({"hyun": Crew("0-H5")}, Beast("1-H5"), phase=ALIEN, doors=shut)
    assert refused(plain, "alien", "open alien1 n").rule == "C.4.3, G.4, D.5"
    clever = position(
        {"hyun": Crew("0-H5")}, Beast("1-H5", abilities=("Clever",)), phase=ALIEN, doors=shut
    )
    after, _ = play(clever, "alien", "open alien1 n")
    assert INFIRMARY_DOOR not in after.doors
    assert "Clever" in after.alien_secrets.revealed_abilities


def test_c71_pipe_running_alien_working_a_door_shows_where_it_is() -> None:
    hidden = Beast("1-H5", abilities=("Clever",), pipe_running=True)
    state = position({"hyun": Crew("0-H5")}, hidden, phase=ALIEN)
    after, _ = play(state, "alien", "close alien1 n")
    assert after.sightings == [g("1-H5")]
    assert after.aliens["alien1"].pipe_running


def test_g3_operations_works_any_door_from_the_command_deck_for_three() -> None:
    state = position({"hyun": Crew("2-V3", role="Operations Officer")})
    after, _ = play(state, "crew", f"close hyun {INFIRMARY_DOOR}")
    assert after.doors[INFIRMARY_DOOR] is DoorState.CLOSED
    assert after.humans["hyun"].actions == 1
    assert after.humans["hyun"].revealed == {"role"}
    open_grid = position({"hyun": Crew("2-S3", role="Operations Officer")})
    refused(open_grid, "crew", f"close hyun {INFIRMARY_DOOR}")


# --- E.2.5 the Air Lock --------------------------------------------------------------------------


def test_e25_air_lock_controls_work_both_doors() -> None:
    state = position({"hyun": Crew(CONTROLS)}, doors=AIRLOCK_SHUT)
    ambiguous = refused(state, "crew", "open hyun")
    assert set(ambiguous.legal) == {INNER, OUTER}
    inner, _ = play(state, "crew", "open hyun inner")
    assert INNER not in inner.doors
    assert inner.doors[OUTER] is DoorState.CLOSED


def test_e25_never_both_doors_open() -> None:
    state = position({"hyun": Crew(CONTROLS)}, doors={INNER: DoorState.OPEN})
    assert refused(state, "crew", "open hyun outer").rule == "E.2.5"
    smashed = position(
        {"hyun": Crew(CONTROLS)}, doors={INNER: DoorState.CLOSED, OUTER: DoorState.SMASHED}
    )
    assert "both Air Lock doors" in refused(smashed, "crew", "open hyun inner").message


def test_e25_outer_door_blows_out_the_air_lock() -> None:
    crew = {
        "hyun": Crew(CONTROLS),
        "ortiz": Crew("2-E4", items=("Handgun",)),
        "okeke": Crew("2-F3", condition=Condition.DECEASED),
    }
    hidden = Beast("2-F3", "Hunter", pipe_running=True)
    state = position(crew, hidden, doors=AIRLOCK_SHUT)
    crate = put(state, "Supplies", "2-E3", supply="food")
    after, events = play(state, "crew", "open hyun outer")
    assert after.doors[INNER] is DoorState.CLOSED and OUTER not in after.doors
    ortiz, okeke = after.humans["ortiz"], after.humans["okeke"]
    assert ortiz.condition is Condition.DECEASED and ortiz.fate is Fate.LOST and ortiz.grid is None
    assert not ortiz.killed_by_alien
    assert okeke.fate is Fate.LOST
    assert after.aliens["alien1"].dead
    assert crate not in after.items and not after.carried_by("ortiz")
    assert "from behind the pipes" in public(events)
    assert after.phase is Phase.OVER


def test_e25_opening_the_outer_door_from_inside_blows_out_the_opener() -> None:
    crew = {"hyun": Crew("2-E3"), "ortiz": Crew("0-H5")}
    after, _ = play(position(crew, doors=AIRLOCK_SHUT), "crew", "open hyun n")
    assert after.humans["hyun"].fate is Fate.LOST
    assert after.active_unit is None


def test_d2_smashing_the_outer_door_vents_the_air_lock() -> None:
    state = position(
        {"hyun": Crew("0-H5")}, Beast("2-E3"), phase=ALIEN, dice=(6,), doors=AIRLOCK_SHUT
    )
    after, _ = play(state, "alien", "attack alien1 door n +5")
    assert after.doors[OUTER] is DoorState.SMASHED
    assert after.aliens["alien1"].dead and after.aliens["alien1"].fate is Fate.LOST


# --- E.2.4 life pods ----------------------------------------------------------------------


def _full_pod(carried: Condition) -> dict[str, Crew]:
    """Four humans standing in Life Pod 3 (C.6's four counters), Hyun carrying Ortiz."""
    crew = {name: Crew("1-X5") for name in ("hyun", "okeke", "tanaka", "mehta")}
    return {**crew, "ortiz": Crew("1-X5", condition=carried), "nguyen": Crew("0-H5")}


def test_e24_a_carried_injured_human_counts_among_the_pods_four_crewmembers() -> None:
    """E.2.4: "Up to four crewmembers, plus any amount of gear, supplies, and aliens may
    board a single Life Pod." An injured human carried aboard is gear for carrying
    (E.3.1) but still a crewmember: four standing and one carried make five."""
    state, _ = play(position(_full_pod(Condition.INJURED)), "crew", "pickup hyun ortiz")
    error = refused(state, "crew", "launch hyun")
    assert error.rule == "E.2.4" and "5 are aboard" in error.message
    assert refused(state, "crew", "drop hyun ortiz").rule == "C.6"  # nor lie there


def test_e24_c7_a_human_in_a_hidden_aliens_clutches_is_its_load_not_a_crewmember() -> None:
    """A pipe-runner's load is out of sight (C.7): counting it would let a refused launch
    tell the crew where the alien hides. It boards as the alien's, as aliens may."""
    crew = {name: Crew("1-X5") for name in ("hyun", "okeke", "tanaka", "mehta")}
    crew["ortiz"] = Crew("1-X5", condition=Condition.UNCONSCIOUS)
    state = position(crew, Beast("1-X5", stage="Hunter", pipe_running=True))
    state.humans["ortiz"].grid, state.humans["ortiz"].holder = None, "alien1"
    after, _ = play(state, "crew", "launch hyun")
    assert after.humans["hyun"].fate is Fate.ESCAPED


def test_e24_a_carried_cadaver_is_no_crewmember() -> None:
    """B.1.2 calls the dead "the cadavers of the four slain crewmembers": a cadaver is a
    body, gear aboard (E.3.1), not one of the four."""
    state, _ = play(position(_full_pod(Condition.DECEASED)), "crew", "pickup hyun ortiz")
    after, _ = play(state, "crew", "launch hyun")
    assert after.launched_pods == {"13": ["hyun", "mehta", "okeke", "ortiz", "tanaka"]}
    assert after.humans["ortiz"].fate is Fate.LOST


def test_e24_launch_removes_pod_occupants_alive() -> None:
    crew = {
        "hyun": Crew("1-X5", items=("Carbine",)),
        "ortiz": Crew("1-X5", condition=Condition.INJURED),
        "okeke": Crew("0-H5"),
    }
    state = position(crew)
    after, events = play(state, "crew", "launch hyun")
    for human_id in ("hyun", "ortiz"):
        human = after.humans[human_id]
        assert human.fate is Fate.ESCAPED and human.grid is None
    assert after.humans["hyun"].condition is Condition.WELL
    assert after.launched_pods == {"13": ["hyun", "ortiz"]}
    assert after.doors[POD3_DOOR] is DoorState.SEALED
    assert not any(i.kind == "Carbine" for i in after.items.values())
    assert after.active_unit is None and after.phase is Phase.CREW
    assert "Life Pod 3 is away with Hyun, Ortiz aboard" in public(events)


def test_e24_launch_from_the_entrance_grid_or_by_operations() -> None:
    crew = {"hyun": Crew("1-W5"), "ortiz": Crew("2-W3", role="Pilot"), "okeke": Crew("1-X6")}
    after, _ = play(position(crew), "crew", "launch hyun 3")
    assert after.launched_pods == {"13": []}
    ops, _ = play(position(crew), "crew", "launch ortiz pod4")
    assert ops.launched_pods == {"14": ["okeke"]}
    assert ops.humans["ortiz"].actions == 1


def test_e24_launch_from_elsewhere_refused() -> None:
    state = position({"hyun": Crew("1-V5")})
    assert refused(state, "crew", "launch hyun").rule == "E.2.4"
    assert refused(state, "crew", "launch hyun 3").rule == "C.4.3, G.3"
    assert refused(state, "crew", "launch hyun 9").rule == "E.2.4"


def test_e24_launched_pod_cannot_launch_again() -> None:
    crew = {"hyun": Crew("1-W5"), "ortiz": Crew("0-H5")}
    after, _ = play(position(crew), "crew", "launch hyun 3")
    assert "already been launched" in refused(after, "crew", "launch hyun 3").message
    assert "sealed" in refused(after, "crew", "open hyun e").message


def test_e24_clever_alien_launches_and_the_game_ends() -> None:
    clever = Beast("1-X5", abilities=("Clever",), pipe_running=True)
    state = position({"hyun": Crew("0-H5")}, clever, phase=ALIEN)
    after, _ = play(state, "alien", "launch alien1")
    assert after.aliens["alien1"].fate is Fate.ESCAPED
    assert after.sightings == [g("1-X5")]
    assert after.phase is Phase.OVER


def test_e24_pod_fight_settled_before_launch_crew_wins() -> None:
    crew = {"hyun": Crew("1-X5"), "ortiz": Crew("1-X5"), "okeke": Crew("0-H5")}
    state = position(crew, Beast("1-X5", injured=True), dice=(1, 1, 5))
    after, events = play(state, "crew", "launch hyun")
    assert rolls(events) == [
        "The Larva attacks Hyun: d6 1 +2 Larva ferocity +5 actions = 8: success",
        "The Larva attacks Ortiz: d6 1 +2 Larva ferocity +5 actions = 8: success",
        "Hyun attacks the Larva: d6 5 +1 Hyun ferocity +1 actions = 7: success",
    ]
    assert after.aliens["alien1"].dead
    assert after.humans["hyun"].fate is Fate.ESCAPED
    assert after.humans["hyun"].condition is Condition.INJURED
    assert after.launched_pods["13"] == ["alien1", "hyun", "ortiz"]


def test_e24_pod_fight_settled_before_launch_alien_wins() -> None:
    crew = {"hyun": Crew("1-X5"), "okeke": Crew("0-H5")}
    state = position(crew, Beast("1-X5"), dice=(1, 1, 1))
    after, _ = play(state, "crew", "launch hyun")
    hyun = after.humans["hyun"]
    assert hyun.condition is Condition.DECEASED and hyun.killed_by_alien
    assert hyun.fate is Fate.LOST
    assert after.aliens["alien1"].fate is Fate.ESCAPED
    assert after.phase is Phase.OVER


def test_g21_a_flame_caster_burns_every_alien_in_a_pod_fight() -> None:
    clever = Beast("1-X5", abilities=("Clever",), injured=False)
    crew = {"hyun": Crew("1-X5", items=("FlameCaster",)), "okeke": Crew("0-H5")}
    state = position(crew, clever, phase=ALIEN, dice=(1, 1))
    state.aliens["alien2"] = Alien("alien2", "Larva", g("1-X5"), injured=True, path=[g("1-X5")])
    after, events = play(state, "alien", "launch alien1")  # the crew strikes first (gap 20)
    burns = [r for r in rolls(events) if r.startswith("Hyun attacks")]
    assert [b.split(":")[0] for b in burns[:2]] == [
        "Hyun attacks the Larva with the Flame Caster",
        "Hyun attacks the Larva 2 with the Flame Caster",
    ]
    assert after.aliens["alien2"].dead
    assert after.aliens["alien1"].injured or after.aliens["alien1"].dead
