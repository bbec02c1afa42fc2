"""Gear (E.3) and lockers (E.2.6) on the real ship."""

from __future__ import annotations

from engine.equipment.events import GearNamed, LockerHeld
from engine.events import Audience, Marker
from engine.state import Condition, Phase
from tests.positions import Beast, Crew, g, play, position, public, put, refused

INFIRMARY_LOCKER = "1-F1"
ASSEMBLY_LOCKER = "1-S1"  # the TacKit


def test_e32_pick_up_several_things_for_one_action() -> None:
    state = position({"hyun": Crew("0-H5")})
    kit, crate = put(state, "AidKit", "0-H5"), put(state, "Supplies", "0-H5", supply="food")
    after, events = play(state, "crew", f"pickup hyun {kit} {crate}")
    assert sorted(after.carried_by("hyun")) == sorted([kit, crate])
    assert after.humans["hyun"].actions == 3
    assert after.items[kit].grid is None
    assert "1 gear marker, 1 supplies crate (1 action)" in public(events)


def test_e32_pick_up_by_kind() -> None:
    state = position({"hyun": Crew("0-H5")})
    put(state, "Dunsel", "0-H5")
    put(state, "Dunsel", "0-H5")
    after, _ = play(state, "crew", "pickup hyun dunsel dunsel")
    assert len(after.carried_by("hyun")) == 2


def test_e31_totage_limit_refused() -> None:
    state = position({"hyun": Crew("0-H5", items=("Carbine", "Handgun"))})
    kit = put(state, "AidKit", "0-H5")
    error = refused(state, "crew", f"pickup hyun {kit}")
    assert error.rule == "E.3.1"
    assert "4 totage dots" in error.message


def test_e31_three_items_at_most() -> None:
    state = position({"hyun": Crew("0-H5", items=("Dunsel", "Dunsel", "Handgun"))})
    extra = put(state, "Dunsel", "0-H5")
    assert "4 things" in refused(state, "crew", f"pickup hyun {extra}").message


def test_e37_worn_armour_counts_neither_item_nor_dots() -> None:
    state = position({"hyun": Crew("0-H5", items=("Carbine", "Handgun"))})
    armour = put(state, "BodyArmour", "0-H5")
    after, _ = play(state, "crew", f"pickup hyun {armour}")
    assert armour in after.carried_by("hyun")


def test_e31_hurt_and_dead_humans_are_carried_as_two_dots() -> None:
    crew = {
        "hyun": Crew("0-H5"),
        "ortiz": Crew("0-H5", condition=Condition.UNCONSCIOUS),
        "okeke": Crew("0-H5", condition=Condition.DECEASED),
    }
    state = position(crew)
    after, events = play(state, "crew", "pickup hyun ortiz")
    assert after.humans["ortiz"].holder == "hyun" and after.humans["ortiz"].grid is None
    assert "Ortiz" in public(events)
    assert refused(after, "crew", "pickup hyun okeke").rule == "E.3.1"  # 4 dots


def test_e31_well_humans_and_aliens_are_never_carried() -> None:
    state = position({"hyun": Crew("0-H5"), "ortiz": Crew("0-H5")}, Beast("0-H5"))
    assert "uninjured" in refused(state, "crew", "pickup hyun ortiz").message
    assert "alien may not be carried" in refused(state, "crew", "pickup hyun alien1").message


def test_e31_carried_body_moves_with_its_carrier() -> None:
    crew = {"hyun": Crew("0-H5"), "ortiz": Crew("0-H5", condition=Condition.INJURED)}
    after, _ = play(position(crew), "crew", "pickup hyun ortiz")
    moved, _ = play(after, "crew", "move hyun 0-J5")
    assert moved.unit_grid("ortiz") == g("0-J5")
    dropped, _ = play(moved, "crew", "drop hyun ortiz")
    assert dropped.humans["ortiz"].grid == g("0-J5") and dropped.humans["ortiz"].holder is None


def test_d5_injured_unit_may_not_carry() -> None:
    state = position({"hyun": Crew("0-H5", condition=Condition.INJURED)})
    kit = put(state, "AidKit", "0-H5")
    assert refused(state, "crew", f"pickup hyun {kit}").rule == "D.5"


def test_e31_larva_carries_one_small_item() -> None:
    state = position({"hyun": Crew("1-H5")}, Beast("0-H5"), phase=Phase.ALIEN)
    gun, rifle = put(state, "Handgun", "0-H5"), put(state, "Carbine", "0-H5")
    tried, events = play(state, "alien", f"pickup alien1 {rifle}")  # face-down: gap 26
    assert tried.carried_by("alien1") == [] and "cannot carry it" in public(events)
    assert refused(state, "alien", f"pickup alien1 {rifle} {gun}").rule == "E.3.1"
    after, events = play(state, "alien", f"pickup alien1 {gun}")
    assert after.carried_by("alien1") == [gun]
    assert "The Larva picks up 1 gear marker" in public(events)


def test_e32_drop_is_free() -> None:
    state = position({"hyun": Crew("0-H5", items=("Carbine",))})
    (rifle,) = state.carried_by("hyun")
    after, _ = play(state, "crew", f"drop hyun {rifle}")
    assert after.items[rifle].grid == g("0-H5") and after.items[rifle].holder is None
    assert after.humans["hyun"].actions == 4
    assert refused(state, "crew", "drop hyun aidkit").rule == "E.3.2"


def test_e32_give_to_a_unit_in_the_same_grid_for_one_action() -> None:
    state = position({"hyun": Crew("0-H5", items=("Handgun",)), "ortiz": Crew("0-H5")})
    (gun,) = state.carried_by("hyun")
    after, _ = play(state, "crew", f"give hyun {gun} to ortiz")
    assert after.items[gun].holder == "ortiz"
    assert after.humans["hyun"].actions == 3


def test_e32_give_needs_a_fit_receiver_in_the_same_grid() -> None:
    crew = {
        "hyun": Crew("0-H5", items=("Handgun",)),
        "ortiz": Crew("0-I5"),
        "okeke": Crew("0-H5", condition=Condition.INJURED),
    }
    state = position(crew, Beast("0-H5"))
    (gun,) = state.carried_by("hyun")
    assert refused(state, "crew", f"give hyun {gun} to ortiz").legal == ("okeke",)
    assert refused(state, "crew", f"give hyun {gun} to okeke").rule == "D.5"
    refused(state, "crew", f"give hyun {gun} to alien1")


def test_e26_unlock_reveals_the_kits_to_the_crew_only() -> None:
    state = position({"hyun": Crew(INFIRMARY_LOCKER)})
    after, events = play(state, "crew", "unlock hyun")
    kit = next(i for i in after.items.values() if i.kind == "AidKit")
    assert not kit.in_locker
    assert kit.grid == g(INFIRMARY_LOCKER)
    assert after.humans["hyun"].actions == 3
    assert "aidkit" not in public(events).lower()
    [held] = [e for e in events if isinstance(e, LockerHeld)]
    assert held.audience is Audience.CREW and Marker(kit.id, "AidKit") in held.items
    assert "already open" in refused(after, "crew", "unlock hyun").message


def test_e26_kits_stay_in_a_closed_locker() -> None:
    state = position({"hyun": Crew(INFIRMARY_LOCKER)})
    assert "unlock it first" in refused(state, "crew", "pickup hyun aidkit").message


def test_e36_tackit_needs_command_or_tactical() -> None:
    state = position({"hyun": Crew(ASSEMBLY_LOCKER, role="Cook")})
    assert refused(state, "crew", "unlock hyun").rule == "E.3.6, E.2.6"


def test_e36_tackit_becomes_body_armour_and_four_firearms() -> None:
    state = position({"hyun": Crew(ASSEMBLY_LOCKER, skill="Tactical")})
    after, events = play(state, "crew", "unlock hyun")
    assert "tackit" not in after.items
    here = g(ASSEMBLY_LOCKER)
    laid = sorted(i.kind for i in after.items.values() if i.grid == here)
    assert laid == ["BodyArmour", "Carbine", "Carbine", "Handgun", "Handgun"]
    assert after.humans["hyun"].revealed == {"skill"}
    assert "Body Armour, Carbine, Carbine, Handgun, Handgun" in public(events)


def test_c3_supplies_picked_up_stay_face_down_to_the_other_side() -> None:
    state = position({"hyun": Crew("0-H5")})
    crate = put(state, "Supplies", "0-H5", supply="chemicals")
    after, events = play(state, "crew", f"pickup hyun {crate}")
    assert after.items[crate].examined_by == {"crew"}
    assert "chemicals" not in public(events)
    [named] = [e for e in events if isinstance(e, GearNamed)]
    assert named.audience is Audience.CREW and named.items == (
        Marker(crate, "chemicals", crate=True),
    )


def test_c71_pipe_running_alien_handling_markers_gives_itself_away() -> None:
    hidden = Beast("0-H5", "Hunter", pipe_running=True)
    state = position({"hyun": Crew("1-H5")}, hidden, phase=Phase.ALIEN)
    crate = put(state, "Supplies", "0-H5", supply="food")
    after, events = play(state, "alien", f"pickup alien1 {crate}")
    assert after.aliens["alien1"].pipe_running
    assert after.sightings == [g("0-H5")]
    assert after.items[crate].examined_by == {"alien"}
    assert "food" not in public(events)


def test_e26_the_alien_opens_a_locker_for_one_action_and_sees_only_markers() -> None:
    """E.2.6: "Opening a locker costs one action", for any unit: only the TacKit names who
    may open it (E.3.6). The kits lie face-down to the alien (C.3), named to the crew."""
    state = position({"hyun": Crew("0-H5")}, Beast(INFIRMARY_LOCKER), phase=Phase.ALIEN)
    after, events = play(state, "alien", "unlock alien1")
    here = g(INFIRMARY_LOCKER)
    kits = sorted(i.kind for i in after.items.values() if i.grid == here and not i.in_locker)
    assert kits == ["AidKit", "Dunsel"] and after.aliens["alien1"].actions == 5
    assert "The Larva opens the Infirmary locker: 2 gear markers (E.2.6)" in public(events)
    assert "aidkit" not in public(events).lower()
    [held] = [e for e in events if isinstance(e, LockerHeld)]
    assert held.audience is Audience.CREW
    (aidkit,) = [i.id for i in after.items.values() if i.kind == "AidKit"]
    carried, _ = play(after, "alien", f"pickup alien1 {aidkit}")  # E.3.1: a one-dot item
    assert carried.items[aidkit].holder == "alien1"


def test_e36_the_alien_never_opens_the_tackit() -> None:
    state = position({"hyun": Crew("0-H5")}, Beast(ASSEMBLY_LOCKER), phase=Phase.ALIEN)
    assert refused(state, "alien", "unlock alien1").rule == "E.3.6, E.2.6"


def test_c71_a_hidden_alien_opening_a_locker_gives_its_grid_away() -> None:
    """C.7.1: the kits change place on the display, which shows where it hides."""
    hidden = Beast(INFIRMARY_LOCKER, pipe_running=True)
    state = position({"hyun": Crew("0-H5")}, hidden, phase=Phase.ALIEN)
    after, events = play(state, "alien", "unlock alien1")
    assert after.aliens["alien1"].pipe_running and after.sightings == [g(INFIRMARY_LOCKER)]
    assert f"gives itself away at {INFIRMARY_LOCKER}: it opens a locker" in public(events)
