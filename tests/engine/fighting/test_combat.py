"""Combat (D), healing (D.5, E.2.1) and door repairs (D.2) on the real ship."""

from __future__ import annotations

from engine.board.geometry import Mover, steps_from
from engine.board.ship import DoorState
from engine.state import Condition, Phase
from tests.positions import (
    SHIP,
    Beast,
    Crew,
    add_alien,
    door_id,
    g,
    play,
    position,
    public,
    refused,
    rolls,
)

ALIEN = Phase.ALIEN
INFIRMARY_DOOR = door_id("1-H4", "1-H5")


# --- D.1 ferocity and resilience; C.1 committed actions ------------------------------------


def test_d1_human_attack_on_seven_injures_the_alien() -> None:
    state = position({"hyun": Crew("0-H5")}, Beast("0-H5"), dice=(6,))
    after, events = play(state, "crew", "attack hyun alien1")
    assert rolls(events) == ["Hyun attacks the Larva: d6 6 +1 Hyun ferocity = 7: success"]
    assert after.aliens["alien1"].injured
    assert not state.aliens["alien1"].injured  # apply works on a copy


def test_d1_below_seven_has_no_effect() -> None:
    state = position({"hyun": Crew("0-H5")}, Beast("0-H5"), dice=(5,))
    after, events = play(state, "crew", "attack hyun alien1")
    assert rolls(events)[0].endswith("= 6: failure")
    assert not after.aliens["alien1"].injured


def test_d1_injured_twice_dies() -> None:
    state = position(
        {"hyun": Crew("0-H5"), "ortiz": Crew("0-H6")}, Beast("0-H5", injured=True), dice=(6,)
    )
    after, events = play(state, "crew", "attack hyun alien1")
    alien = after.aliens["alien1"]
    assert alien.dead and alien.grid is None
    assert after.phase is Phase.OVER  # D.5: every alien is dead
    assert "dies" in public(events)


def test_c1_committed_actions_spent_even_on_failure() -> None:
    state = position({"hyun": Crew("0-H5")}, Beast("0-H5"), dice=(1,))
    after, events = play(state, "crew", "attack hyun alien1 +2")
    assert rolls(events) == [
        "Hyun attacks the Larva: d6 1 +1 Hyun ferocity +2 actions = 4: failure"
    ]
    assert after.humans["hyun"].actions == 4 - 3


def test_c1_boost_beyond_remaining_actions_refused() -> None:
    state = position({"hyun": Crew("0-H5")}, Beast("0-H5"), dice=(6,))
    error = refused(state, "crew", "attack hyun alien1 +4")
    assert "Hyun has 4 actions left" in error.message


# --- D.3 range, D.4 line of sight, E.3.8 firearms ------------------------------------------


def test_d3_unarmed_attack_needs_the_same_grid() -> None:
    state = position({"hyun": Crew("0-H5")}, Beast("0-I5"))
    error = refused(state, "crew", "attack hyun alien1")
    assert error.rule == "D.3"


def test_d4_no_line_of_sight_refused() -> None:
    state = position({"hyun": Crew("0-H5", items=("Handgun",))}, Beast("0-M8"))
    error = refused(state, "crew", "attack hyun alien1")
    assert error.rule == "D.4"


def test_d4_closed_door_blocks_the_shot() -> None:
    doorway = Crew("1-H5", items=("Handgun",))
    state = position({"hyun": doorway}, Beast("1-H3"), dice=(6,))
    play(state, "crew", "attack hyun alien1")  # the open door: in sight
    shut = position({"hyun": doorway}, Beast("1-H3"), doors={INFIRMARY_DOOR: DoorState.CLOSED})
    assert refused(shut, "crew", "attack hyun alien1").rule == "D.4"


def test_e38_carbine_range_penalty_every_three_grids() -> None:
    texts = []
    for target in ("0-J5", "0-K5", "0-N5", "0-O5"):  # ranges 2, 3, 6, 7
        state = position({"hyun": Crew("0-H5", items=("Carbine",))}, Beast(target), dice=(6,))
        texts += rolls(play(state, "crew", "attack hyun alien1")[1])
    assert "range" not in texts[0]
    assert "-1 range 3" in texts[1]
    assert "-2 range 6" in texts[2]
    assert "-2 range 7" in texts[3]
    assert all("+1 Carbine" in t for t in texts)


def test_e38_handgun_adds_the_range_to_resilience() -> None:
    state = position({"hyun": Crew("0-H5", items=("Handgun",))}, Beast("0-J5"), dice=(6,))
    (text,) = rolls(play(state, "crew", "attack hyun alien1")[1])
    assert text == (
        "Hyun attacks the Larva with the Handgun: d6 6 +1 Hyun ferocity +2 Handgun "
        "-2 range 2 = 7: success"
    )


def test_d3_firearm_range_limited_only_by_line_of_sight() -> None:
    state = position({"hyun": Crew("0-F5", items=("Carbine",))}, Beast("0-W5"), dice=(6,))
    (text,) = rolls(play(state, "crew", "attack hyun alien1 +3")[1])
    assert "-5 range 17" in text


def test_e38_default_weapon_is_the_best_carried() -> None:
    crew = {"hyun": Crew("0-H5", items=("Carbine", "Handgun"))}
    near = rolls(play(position(crew, Beast("0-H5"), dice=(6,)), "crew", "attack hyun alien1")[1])
    far = rolls(play(position(crew, Beast("0-N5"), dice=(6,)), "crew", "attack hyun alien1")[1])
    assert "with the Handgun" in near[0]  # +2 beats +1 at range 0
    assert "with the Carbine" in far[0]  # +1 -2 beats +2 -6 at range 6
    chosen = play(
        position(crew, Beast("0-H5"), dice=(6,)), "crew", "attack hyun alien1 with carbine"
    )
    assert "with the Carbine" in rolls(chosen[1])[0]


def test_e38_weapon_not_carried_refused() -> None:
    state = position({"hyun": Crew("0-H5", items=("Handgun",))}, Beast("0-H5"))
    error = refused(state, "crew", "attack hyun alien1 with carbine")
    assert error.legal == ("handgun",)


def test_c72_pipe_running_alien_cannot_be_attacked() -> None:
    state = position({"hyun": Crew("0-H5")}, Beast("0-H5", pipe_running=True))
    assert "not tallied" in refused(state, "crew", "attack hyun alien1").message


def test_d2_crew_do_not_attack_each_other_or_doors() -> None:
    state = position({"hyun": Crew("1-H5"), "ortiz": Crew("1-H5")}, Beast("1-H5"))
    refused(state, "crew", "attack hyun ortiz")
    assert refused(state, "crew", "attack hyun door n").rule == "D.2, G.1"


# --- G.3 skills, G.2.4 Toxic Ammo, G.4 abilities ------------------------------------------


def test_g3_tactical_and_cooking_add_ferocity_and_are_revealed() -> None:
    cook = Crew("0-H5", role="Security Chief", skill="Cooking")
    state = position({"hyun": cook}, Beast("0-H5"), dice=(3,))
    after, events = play(state, "crew", "attack hyun alien1")
    assert rolls(events) == [
        "Hyun attacks the Larva: d6 3 +1 Hyun ferocity +1 Tactical +1 Cooking = 6: failure"
    ]
    assert after.humans["hyun"].revealed == {"role", "skill"}
    assert "role marker Security Chief" in public(events)


def test_g3_cooking_only_against_the_same_grid() -> None:
    cook = Crew("0-H5", role="Cook", items=("Handgun",))
    state = position({"hyun": cook}, Beast("0-I5"), dice=(6,))
    after, events = play(state, "crew", "attack hyun alien1")
    assert "Cooking" not in rolls(events)[0]
    assert after.humans["hyun"].revealed == set()


def test_g3_command_bonus_from_same_or_adjacent_grid() -> None:
    crew = {"hyun": Crew("0-H5"), "ortiz": Crew("0-I5", role="Captain")}
    after, events = play(position(crew, Beast("0-H5"), dice=(5,)), "crew", "attack hyun alien1")
    assert rolls(events)[0].endswith("+1 Command = 7: success")
    assert after.humans["ortiz"].revealed == {"role"}
    far = {"hyun": Crew("0-H5"), "ortiz": Crew("0-J5", role="Captain")}
    events = play(position(far, Beast("0-H5"), dice=(5,)), "crew", "attack hyun alien1")[1]
    assert "Command" not in rolls(events)[0]


def test_g3_command_bonus_reaches_through_a_wall() -> None:
    """G.3: "in the same or adjacent grid". C.4.2 "Units may not move across wall lines
    separating grids": a wall stops a step between adjacent grids, it does not make them
    any less adjacent, so a Captain beyond the Cargo Hold's wall still helps."""
    crew = {"hyun": Crew("0-F8"), "ortiz": Crew("0-E8", role="Captain")}
    steps = steps_from(SHIP, g("0-F8"), Mover.HUMAN, {})
    assert g("0-E8") not in {step.to for step in steps}  # a wall between them
    after, events = play(position(crew, Beast("0-F8"), dice=(5,)), "crew", "attack hyun alien1")
    assert rolls(events)[0].endswith("+1 Command = 7: success")
    assert after.humans["ortiz"].revealed == {"role"}


def test_g3_command_bonus_does_not_stack() -> None:
    crew = {
        "hyun": Crew("0-H5", role="Captain", skill="Command"),
        "ortiz": Crew("0-I5", role="Captain"),
        "okeke": Crew("0-H6", skill="Command"),
    }
    events = play(position(crew, Beast("0-H5"), dice=(4,)), "crew", "attack hyun alien1")[1]
    assert rolls(events) == [
        "Hyun attacks the Larva: d6 4 +1 Hyun ferocity +1 Command = 6: failure"
    ]


def test_g24_toxic_ammo_adds_two_to_firearms_unless_immune() -> None:
    armed = {"hyun": Crew("0-H5", items=("Handgun", "ToxicAmmo"))}
    events = play(position(armed, Beast("0-H5"), dice=(1,)), "crew", "attack hyun alien1")[1]
    assert "+2 Handgun +2 Toxic Ammo" in rolls(events)[0]
    immune = position(armed, Beast("0-H5", abilities=("Immunity",)), dice=(1,))
    after, events = play(immune, "crew", "attack hyun alien1")
    assert "Toxic Ammo" not in rolls(events)[0]
    assert "Immunity" in after.alien_secrets.revealed_abilities


def test_g4_carapace_and_life_stage_add_resilience() -> None:
    state = position({"hyun": Crew("0-H5")}, Beast("0-H5", "Hunter", ("Carapace",)), dice=(6,))
    after, events = play(state, "crew", "attack hyun alien1 +3")
    assert rolls(events) == [
        "Hyun attacks the Hunter: d6 6 +1 Hyun ferocity +3 actions -1 Hunter resilience "
        "-1 Carapace = 8: success"
    ]
    assert "Carapace" in after.alien_secrets.revealed_abilities


def test_d5_injured_alien_loses_carapace() -> None:
    beast = Beast("0-H5", "Hunter", ("Carapace",), injured=True)
    events = play(position({"hyun": Crew("0-H5")}, beast, dice=(6,)), "crew", "attack hyun alien1")[
        1
    ]
    assert "Carapace" not in rolls(events)[0]


# --- D.2 the alien attacks a grid ------------------------------------------------------------


def test_d2_alien_attack_hits_every_human_in_the_grid() -> None:
    crew = {"hyun": Crew("0-H5"), "ortiz": Crew("0-H5"), "okeke": Crew("0-I5")}
    state = position(crew, Beast("0-H5"), phase=ALIEN, dice=(5, 4))
    after, events = play(state, "alien", "attack alien1 0-h5")
    assert rolls(events) == [
        "The Larva attacks Hyun: d6 5 +2 Larva ferocity = 7: success",
        "The Larva attacks Ortiz: d6 4 +2 Larva ferocity = 6: failure",
    ]
    assert after.humans["hyun"].condition is Condition.INJURED
    assert after.humans["ortiz"].condition is Condition.WELL
    assert after.aliens["alien1"].actions == 5


def test_d2_alien_may_name_a_crew_member_for_its_grid() -> None:
    state = position({"hyun": Crew("0-H5")}, Beast("0-H5"), phase=ALIEN, dice=(1,))
    assert len(rolls(play(state, "alien", "attack alien1 hyun")[1])) == 1


def test_d2_alien_attacks_only_its_own_grid_without_acid_spit() -> None:
    state = position({"hyun": Crew("0-I5")}, Beast("0-H5"), phase=ALIEN)
    error = refused(state, "alien", "attack alien1 0-i5")
    assert error.rule == "D.2, G.4"
    empty = refused(state, "alien", "attack alien1 0-h5")
    assert "no crew" in empty.message and empty.legal == ()


def test_g4_acid_spit_attacks_a_grid_within_two_in_sight() -> None:
    spitter = Beast("0-H5", abilities=("Acid Spit",))
    state = position({"hyun": Crew("0-J5"), "ortiz": Crew("0-K5")}, spitter, phase=ALIEN, dice=(6,))
    after, _ = play(state, "alien", "attack alien1 0-j5")
    assert after.humans["hyun"].condition is Condition.INJURED
    assert "Acid Spit" in after.alien_secrets.revealed_abilities
    assert refused(state, "alien", "attack alien1 0-k5").rule == "G.4"


def test_c72_pipe_running_alien_attack_ends_the_run_first() -> None:
    state = position(
        {"hyun": Crew("0-H5")}, Beast("0-H5", pipe_running=True), phase=ALIEN, dice=(1,)
    )
    after, events = play(state, "alien", "attack alien1 0-h5")
    assert not after.aliens["alien1"].pipe_running
    kinds = [e.kind for e in events]
    assert kinds.index("surfaced") < kinds.index("rolled")


def test_g3_powerful_and_body_armour_add_resilience() -> None:
    tough = Crew("0-H5", skill="Powerful", items=("BodyArmour",))
    state = position({"hyun": tough}, Beast("0-H5"), phase=ALIEN, dice=(6,))
    after, events = play(state, "alien", "attack alien1 0-h5 +1")
    assert rolls(events) == [
        "The Larva attacks Hyun: d6 6 +2 Larva ferocity +1 actions -1 Powerful -1 Body Armour "
        "= 7: success"
    ]
    assert after.humans["hyun"].revealed == {"skill"}


def test_d5_injured_human_drops_everything_it_carries() -> None:
    crew = {
        "hyun": Crew("0-H5", items=("Carbine", "BodyArmour")),
        "ortiz": Crew("0-H5", condition=Condition.INJURED),
    }
    state = position(crew, Beast("0-H5"), phase=ALIEN, dice=(6, 1))
    state.humans["ortiz"].grid, state.humans["ortiz"].holder = None, "hyun"
    after, _ = play(state, "alien", "attack alien1 0-h5")
    assert after.carried_by("hyun") == []
    assert after.humans["ortiz"].grid == g("0-H5") and after.humans["ortiz"].holder is None
    assert {i.grid for i in after.items.values() if i.kind in ("Carbine", "BodyArmour")} == {
        g("0-H5")
    }


def test_d5_injured_again_dies_killed_by_the_alien() -> None:
    crew = {"hyun": Crew("0-H5", condition=Condition.INJURED), "ortiz": Crew("1-H5")}
    state = position(crew, Beast("0-H5"), phase=ALIEN, dice=(6,))
    after, _ = play(state, "alien", "attack alien1 0-h5")
    hyun = after.humans["hyun"]
    assert hyun.condition is Condition.DECEASED and hyun.killed_by_alien
    assert hyun.grid == g("0-H5")  # the cadaver stays where it fell


def test_g4_venom_leaves_the_human_unconscious() -> None:
    crew = {"hyun": Crew("0-H5"), "ortiz": Crew("0-H5", skill="Humoid")}
    state = position(crew, Beast("0-H5", abilities=("Venom",)), phase=ALIEN, dice=(6, 6))
    after, _ = play(state, "alien", "attack alien1 0-h5")
    assert after.humans["hyun"].condition is Condition.UNCONSCIOUS
    assert after.humans["ortiz"].condition is Condition.INJURED  # G.3: Humoid
    assert "Venom" in after.alien_secrets.revealed_abilities


def test_g4_unconscious_human_hit_again_dies() -> None:
    crew = {"hyun": Crew("0-H5", condition=Condition.UNCONSCIOUS), "ortiz": Crew("1-H5")}
    state = position(crew, Beast("0-H5", abilities=("Venom",)), phase=ALIEN, dice=(6,))
    after, _ = play(state, "alien", "attack alien1 0-h5")
    assert after.humans["hyun"].condition is Condition.DECEASED


def test_g3_humoid_killed_leaves_no_cadaver() -> None:
    crew = {
        "hyun": Crew("0-H5", skill="Humoid", condition=Condition.INJURED),
        "ortiz": Crew("1-H5"),
    }
    after, _ = play(
        position(crew, Beast("0-H5"), phase=ALIEN, dice=(6,)), "alien", "attack alien1 0-h5"
    )
    assert after.humans["hyun"].grid is None
    assert after.humans["hyun"].fate.value == "lost"


# --- D.5 energy stores on an exact seven (gap 11) --------------------------------------------


def test_d5_exact_seven_spends_energy_store_instead() -> None:
    state = position({"hyun": Crew("0-H5")}, Beast("0-H5"), energy=2, dice=(6,))
    after, events = play(state, "crew", "attack hyun alien1")
    assert rolls(events)[0].endswith("= 7: success")
    assert not after.aliens["alien1"].injured
    assert after.aliens["alien1"].energy == 1


def test_d5_the_exact_seven_spends_the_attacked_aliens_own_store() -> None:
    """D.5: "An alien may expend an energy store marker": the alien attacked, with the
    stores it carries (C.10.1), not another alien's."""
    state = position({"hyun": Crew("0-H5")}, Beast("0-B8"), energy=3, dice=(6,))
    larva = add_alien(state, Beast("0-H5"))
    after, events = play(state, "crew", f"attack hyun {larva}")
    assert rolls(events)[0].endswith("= 7: success")
    assert after.aliens[larva].injured and after.aliens["alien1"].energy == 3


def test_d5_a_dead_aliens_stores_are_gone() -> None:
    state = position({"hyun": Crew("0-H5")}, Beast("0-B8"), energy=1, dice=(6,))
    larva = add_alien(state, Beast("0-H5", injured=True), energy=2)
    after, _ = play(state, "crew", f"attack hyun {larva} +1")
    assert after.aliens[larva].dead and after.aliens[larva].energy == 0
    assert after.aliens["alien1"].energy == 1


def test_d5_exact_seven_counts_after_resilience() -> None:
    state = position({"hyun": Crew("0-H5")}, Beast("0-H5", "Hunter"), energy=1, dice=(6,))
    after, events = play(state, "crew", "attack hyun alien1 +1")
    assert rolls(events)[0].endswith("-1 Hunter resilience = 7: success")
    assert not after.aliens["alien1"].injured and after.aliens["alien1"].energy == 0


def test_d5_eight_injures_despite_energy() -> None:
    state = position({"hyun": Crew("0-H5")}, Beast("0-H5"), energy=3, dice=(6,))
    after, _ = play(state, "crew", "attack hyun alien1 +1")
    assert after.aliens["alien1"].injured and after.aliens["alien1"].energy == 3


def test_d5_exact_seven_without_the_standing_order_injures() -> None:
    state = position({"hyun": Crew("0-H5")}, Beast("0-H5"), energy=3, dice=(6,))
    state.standing.spend_energy_on_seven = False
    after, _ = play(state, "crew", "attack hyun alien1")
    assert after.aliens["alien1"].injured and after.aliens["alien1"].energy == 3


# --- D.2 doors --------------------------------------------------------------------------------


def test_d2_closed_door_resilience_six_smashed() -> None:
    closed = {INFIRMARY_DOOR: DoorState.CLOSED}
    state = position({"hyun": Crew("0-H5")}, Beast("1-H5"), phase=ALIEN, dice=(6,), doors=closed)
    after, events = play(state, "alien", "attack alien1 door n +5")
    assert rolls(events) == [
        f"The Larva attacks door {INFIRMARY_DOOR}: d6 6 +2 Larva ferocity +5 actions "
        "-6 closed door resilience = 7: success"
    ]
    assert after.doors[INFIRMARY_DOOR] is DoorState.SMASHED
    assert after.aliens["alien1"].actions == 0


def test_d2_failed_door_attack_leaves_it_closed() -> None:
    closed = {INFIRMARY_DOOR: DoorState.CLOSED}
    state = position({"hyun": Crew("0-H5")}, Beast("1-H5"), phase=ALIEN, dice=(5,), doors=closed)
    after, _ = play(state, "alien", "attack alien1 door +5")
    assert after.doors[INFIRMARY_DOOR] is DoorState.CLOSED


def test_d2_only_closed_doors_are_attacked_from_a_doorway() -> None:
    state = position({"hyun": Crew("0-H5")}, Beast("1-H5"), phase=ALIEN)
    assert "not closed" in refused(state, "alien", "attack alien1 door n").message
    away = position({"hyun": Crew("0-H5")}, Beast("1-J5"), phase=ALIEN)
    refused(away, "alien", f"attack alien1 door {INFIRMARY_DOOR.lower()}")


# --- D.5, E.2.1, E.3.3 healing --------------------------------------------------------------


def test_e33_medical_heals_with_an_aidkit_in_the_same_grid() -> None:
    crew = {
        "hyun": Crew("0-H5", role="Corpsman", items=("AidKit",)),
        "ortiz": Crew("0-H5", condition=Condition.INJURED),
    }
    after, events = play(position(crew, dice=(5,)), "crew", "heal hyun ortiz +1")
    assert rolls(events) == [
        "Hyun heals Ortiz with the AidKit: d6 5 +1 actions +1 Medical = 7: success"
    ]
    assert after.humans["ortiz"].condition is Condition.WELL
    assert after.humans["hyun"].actions == 2


def test_e21_infirmary_heals_a_patient_on_a_bed() -> None:
    crew = {
        "hyun": Crew("1-H2", role="Ship's Surgeon"),
        "ortiz": Crew("1-G1", condition=Condition.UNCONSCIOUS),
    }
    after, events = play(position(crew, dice=(6,)), "crew", "heal hyun")
    assert "in the Infirmary" in rolls(events)[0]
    assert after.humans["ortiz"].condition is Condition.WELL


def test_e21_infirmary_patient_must_lie_on_an_obstructed_grid() -> None:
    crew = {
        "hyun": Crew("1-H2", role="Ship's Surgeon"),
        "ortiz": Crew("1-H3", condition=Condition.INJURED),
    }
    assert refused(position(crew), "crew", "heal hyun ortiz").rule == "D.5, E.2.1"


def test_d5_healing_needs_medical() -> None:
    crew = {
        "hyun": Crew("0-H5", items=("AidKit",)),
        "ortiz": Crew("0-H5", condition=Condition.INJURED),
    }
    assert refused(position(crew), "crew", "heal hyun ortiz").rule == "D.5, G.3"


def test_g3_humoid_cannot_be_healed_by_medical() -> None:
    crew = {
        "hyun": Crew("0-H5", role="Corpsman", items=("AidKit",)),
        "ortiz": Crew("0-H5", skill="Humoid", condition=Condition.INJURED),
    }
    assert refused(position(crew), "crew", "heal hyun ortiz").rule == "G.3"


def test_g3_command_helps_healing() -> None:
    crew = {
        "hyun": Crew("0-H5", role="Corpsman", items=("AidKit",)),
        "ortiz": Crew("0-H5", condition=Condition.INJURED),
        "okeke": Crew("0-H6", role="Captain"),
    }
    events = play(position(crew, dice=(5,)), "crew", "heal hyun ortiz")[1]
    assert rolls(events)[0].endswith("+1 Medical +1 Command = 7: success")


def test_d5_alien_heals_itself() -> None:
    state = position({"hyun": Crew("1-H5")}, Beast("0-H5", injured=True), phase=ALIEN, dice=(4,))
    after, events = play(state, "alien", "heal alien1 +2")
    assert rolls(events) == ["The Larva heals: d6 4 +2 actions = 6: failure"]
    assert after.aliens["alien1"].injured and after.aliens["alien1"].actions == 3
    assert refused(position({"hyun": Crew("1-H5")}, Beast(), phase=ALIEN), "alien", "heal alien1")


def test_c73_pipe_running_alien_declares_heal_and_bonus() -> None:
    hidden = Beast("0-H5", injured=True, pipe_running=True)
    state = position({"hyun": Crew("1-H5")}, hidden, phase=ALIEN, dice=(6,))
    after, events = play(state, "alien", "heal alien1 +2")
    assert after.declarations == ["Heal", "Bonus", "Bonus"]
    assert not after.aliens["alien1"].injured
    assert "heals" not in public(events)


# --- D.2 repairing a smashed door --------------------------------------------------------------


def test_d2_engineer_with_toolkit_repairs_a_smashed_door() -> None:
    smashed = {INFIRMARY_DOOR: DoorState.SMASHED}
    engineer = Crew("1-H5", role="Chief Engineer", items=("ToolKit",))
    state = position({"hyun": engineer}, dice=(5,), doors=smashed)
    after, events = play(state, "crew", "repair hyun closed +1")
    assert rolls(events) == [
        f"Hyun repairs door {INFIRMARY_DOOR}: d6 5 +1 actions +1 Engineer = 7: success"
    ]
    assert after.doors[INFIRMARY_DOOR] is DoorState.CLOSED
    opened = play(position({"hyun": engineer}, dice=(6,), doors=smashed), "crew", "repair hyun n")
    assert INFIRMARY_DOOR not in opened[0].doors


def test_d2_repair_needs_engineer_toolkit_and_a_smashed_door() -> None:
    smashed = {INFIRMARY_DOOR: DoorState.SMASHED}
    no_kit = position({"hyun": Crew("1-H5", role="Chief Engineer")}, doors=smashed)
    assert refused(no_kit, "crew", "repair hyun").rule == "E.3.4"
    no_skill = position({"hyun": Crew("1-H5", items=("ToolKit",))}, doors=smashed)
    assert refused(no_skill, "crew", "repair hyun").rule == "E.3.4, G.3"
    intact = position({"hyun": Crew("1-H5", role="Chief Engineer", items=("ToolKit",))})
    assert "not smashed" in refused(intact, "crew", "repair hyun").message


# --- G.2.1 the Flame Caster -----------------------------------------------------------------------


def test_g21_flame_caster_hits_every_unit_in_the_target_grid() -> None:
    crew = {"hyun": Crew("0-H5", items=("FlameCaster",)), "ortiz": Crew("0-J5")}
    state = position(crew, Beast("0-J5"), dice=(1, 1))
    assert "blast" in refused(state, "crew", "attack hyun alien1").message
    after, events = play(state, "crew", "attack hyun alien1 with flamecaster")
    assert rolls(events) == [
        "Hyun attacks the Larva with the Flame Caster: d6 1 +1 Hyun ferocity +6 Flame Caster "
        "-2 range 2 = 6: failure",
        "Hyun attacks Ortiz with the Flame Caster: d6 1 +1 Hyun ferocity +6 Flame Caster "
        "-2 range 2 = 6: failure",
    ]
    assert after.humans["hyun"].actions == 3
