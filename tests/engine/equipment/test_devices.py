"""The improvised devices in play (G.2; gap 10): Flame Caster, Poison Bait, Scanner,
Toxic Ammo, Ultrasonics, and Immunity against them (G.4). The bait and the
Ultrasonics act as the alien phase begins: the tests pass the crew phase to start it."""

from __future__ import annotations

from engine.board.ship import DoorState
from engine.equipment.events import DriveOrder
from engine.events import Audience, Event
from engine.legal import legal_commands
from engine.state import Alien, GameState, Phase, Side
from tests.positions import (
    CONTENT,
    SHIP,
    Beast,
    Crew,
    door_id,
    g,
    play,
    position,
    public,
    put,
    refused,
    rolls,
)

FAR_AWAY = Crew("2-H5")  # another deck: out of every device's reach


def alien_phase(state: GameState) -> tuple[GameState, list[Event]]:
    """The crew passes; the alien phase begins and the devices act."""
    return play(state, "crew", "pass")


def add_alien(state: GameState, alien_id: str, grid: str, **extra: object) -> None:
    where = g(grid)
    state.aliens[alien_id] = Alien(id=alien_id, stage="Hunter", grid=where, path=[where], **extra)  # type: ignore[arg-type]


# --- G.2.1 Flame Caster ---------------------------------------------------------------------


def test_g21_flame_caster_hits_every_unit_in_the_grid() -> None:
    crew = {
        "hyun": Crew("0-H5", items=("FlameCaster", "ToxicAmmo")),
        "ortiz": Crew("0-J5", items=("BodyArmour",)),
    }
    state = position(crew, Beast("0-J5"), dice=(6, 6, 1))
    add_alien(state, "alien2", "0-J5")
    add_alien(state, "alien3", "0-J5", run_start=0)  # pipe-running: not on the board
    after, events = play(state, "crew", "attack hyun alien1 with flamecaster")
    assert rolls(events) == [
        "Hyun attacks the Larva with the Flame Caster: d6 6 +1 Hyun ferocity +6 Flame Caster "
        "-2 range 2 = 11: success",
        "Hyun attacks the Hunter 2 with the Flame Caster: d6 6 +1 Hyun ferocity "
        "+6 Flame Caster -1 Hunter resilience -2 range 2 = 10: success",
        "Hyun attacks Ortiz with the Flame Caster: d6 1 +1 Hyun ferocity +6 Flame Caster "
        "-1 Body Armour -2 range 2 = 5: failure",
    ]  # no Toxic Ammo: the Flame Caster is no carbine or handgun (G.2.4)
    assert after.aliens["alien1"].injured and after.aliens["alien2"].injured
    assert not after.aliens["alien3"].injured
    assert after.humans["hyun"].actions == 3  # one attack, one action (G.1)


# --- G.2.2 Poison Bait ----------------------------------------------------------------------


def test_g22_poison_bait_forced_march_and_meal() -> None:
    state = position({"hyun": FAR_AWAY}, Beast("0-J11", stage="Hunter"), dice=(1,))
    bait = put(state, "PoisonBait", "0-N11")  # four grids away
    after, events = alien_phase(state)
    alien = after.aliens["alien1"]
    assert alien.grid == g("0-N11")
    assert bait not in after.items  # eaten
    assert rolls(events) == [
        "The Poison Bait attacks the Hunter: d6 1 +6 Poison Bait -1 Hunter resilience = 6: failure"
    ]
    assert alien.injured and not alien.dead  # gap 10: a failed attack injures
    assert alien.actions == 6 - 4 - 1  # four steps, one action eating; the rest are its own
    assert after.phase is Phase.ALIEN
    text = public(events)
    assert "drawn to the Poison Bait" in text and "moves 0-J11 → 0-N11 (4 actions)" in text


def test_g22_poison_bait_that_succeeds_kills() -> None:
    state = position({"hyun": FAR_AWAY}, Beast("0-N11", stage="Guard"), dice=(3,))
    put(state, "PoisonBait", "0-N11")
    after, events = alien_phase(state)
    assert rolls(events)[0].endswith("-2 Guard resilience = 7: success")
    assert after.aliens["alien1"].dead
    assert after.phase is Phase.OVER  # the only alien is dead


def test_g22_exact_seven_burns_energy_and_only_injures() -> None:
    state = position({"hyun": FAR_AWAY}, Beast("0-N11", stage="Guard"), dice=(3,), energy=2)
    put(state, "PoisonBait", "0-N11")
    after, _ = alien_phase(state)
    alien = after.aliens["alien1"]
    assert alien.injured and not alien.dead
    assert after.aliens["alien1"].energy == 1


def test_g22_forced_march_takes_every_action_and_goes_on_next_phase() -> None:
    # From the Cargo Hold to the Loading Bay round the wall: 2 grids apart, 8 steps.
    state = position({"hyun": FAR_AWAY}, Beast("0-F9", stage="Hunter"), dice=(1,))
    bait = put(state, "PoisonBait", "0-F11")
    after, _ = alien_phase(state)
    assert after.phase is Phase.CREW  # the alien spent everything and was done
    assert after.turn == 2
    assert after.aliens["alien1"].grid == g("0-G10")
    assert bait in after.items
    after, _ = alien_phase(after)
    assert after.aliens["alien1"].grid == g("0-F11")
    assert bait not in after.items
    assert after.aliens["alien1"].actions == 6 - 2 - 1


def test_g22_bait_ignored_when_a_human_is_near() -> None:
    for near in ("0-N7", "0-J7"):  # within six of the bait; within six of the alien
        state = position({"hyun": Crew(near)}, Beast("0-J11"), dice=(1,))
        bait = put(state, "PoisonBait", "0-N11")
        after, events = alien_phase(state)
        assert after.aliens["alien1"].grid == g("0-J11")
        assert after.aliens["alien1"].actions == 6
        assert bait in after.items
        assert "Poison Bait" not in public(events)
    beyond = position({"hyun": Crew("0-V11")}, Beast("0-J11", stage="Hunter"), dice=(1,))
    put(beyond, "PoisonBait", "0-N11")
    assert alien_phase(beyond)[0].aliens["alien1"].grid == g("0-N11")


def test_g22_bait_out_of_reach_or_pipe_running_does_nothing() -> None:
    cases = [
        (Beast("0-J11"), "0-Q11"),  # seven grids away
        (Beast("0-J11", pipe_running=True), "0-N11"),  # G.2.2: not a pipe-runner
        (Beast("1-J11"), "0-J11"),  # another deck
    ]
    for beast, grid in cases:
        state = position({"hyun": FAR_AWAY}, beast)
        put(state, "PoisonBait", grid)
        after, _ = alien_phase(state)
        assert after.aliens["alien1"].grid == g(beast.grid)
        assert after.aliens["alien1"].actions == 6
    carried = position({"hyun": Crew("2-H5", items=("PoisonBait",))}, Beast("2-H7"))
    assert alien_phase(carried)[0].aliens["alien1"].grid == g("2-H7")  # the carrier is near


def test_g22_closed_doors_stop_the_march() -> None:
    shut = {door_id("0-H4", "0-H5"): DoorState.CLOSED}  # the Workshop's only door
    state = position({"hyun": FAR_AWAY}, Beast("0-H5"), doors=shut)
    put(state, "PoisonBait", "0-H2")
    after, _ = alien_phase(state)
    assert after.aliens["alien1"].grid == g("0-H5")
    assert after.aliens["alien1"].actions == 6


# --- G.2.3 Scanner ------------------------------------------------------------------------------


def test_g23_scanner_adds_two_to_search() -> None:
    hidden = Beast("0-K5", pipe_running=True)  # five grids along the corridor
    plain = position({"hyun": Crew("0-F5")}, hidden)
    after, events = play(plain, "crew", "search hyun 3")
    assert "searches 3 grids from 0-F5: nothing found" in public(events)
    assert after.aliens["alien1"].pipe_running
    scanning = position({"hyun": Crew("0-F5", items=("Scanner",))}, hidden)
    after, events = play(scanning, "crew", "search hyun 3")
    assert "searches 5 from 0-F5 and spots the alien" in public(events)
    assert not after.aliens["alien1"].pipe_running
    assert after.humans["hyun"].actions == 1  # the Scanner's range costs nothing


# --- G.2.4 Toxic Ammo ---------------------------------------------------------------------------


def test_g24_toxic_ammo_adds_two_to_firearms() -> None:
    for weapon, term in (("Handgun", "+2 Handgun"), ("Carbine", "+1 Carbine")):
        crew = {"hyun": Crew("0-H5", items=(weapon, "ToxicAmmo"))}
        _, events = play(position(crew, Beast("0-I5"), dice=(1,)), "crew", "attack hyun alien1")
        assert f"{term} +2 Toxic Ammo" in rolls(events)[0]
    bare = {"hyun": Crew("0-H5", items=("ToxicAmmo",))}
    _, events = play(position(bare, Beast("0-H5"), dice=(1,)), "crew", "attack hyun alien1")
    assert "Toxic Ammo" not in rolls(events)[0]  # bare hands are no firearm


# --- G.2.5 Ultrasonics --------------------------------------------------------------------------


def sonic(grid: str = "0-H5") -> Crew:
    return Crew(grid, role="Chief Engineer", items=("Ultrasonics",))


def switched_on(state: GameState) -> GameState:
    (item,) = [i for i in state.items.values() if i.kind == "Ultrasonics"]
    after, events = play(state, "crew", f"switch hyun {item.id} on")
    assert "Hyun switches on the Ultrasonics, revealed (G.2.5)" in public(events)
    assert after.humans["hyun"].actions == state.humans["hyun"].actions  # free
    return after


def test_g25_ultrasonics_drive_the_alien_away() -> None:
    state = switched_on(position({"hyun": sonic("0-I6")}, Beast("0-K6")))  # range 2
    after, events = alien_phase(state)
    alien = after.aliens["alien1"]
    assert alien.actions == 6 - 4  # six minus the range are the crew's
    assert alien.grid is not None and alien.grid.deck == 0
    steps = alien.path[-5:]
    assert [abs(s.col - 8) + abs(s.row - 5) for s in steps] == [2, 3, 4, 5, 6]  # each farther
    assert "Ultrasonics drive the Larva away: 4 actions of retreat" in public(events)


def test_g25_another_deck_is_farthest_of_all() -> None:
    state = switched_on(position({"hyun": sonic("0-H5")}, Beast("0-J5")))  # on Lift A
    after, events = alien_phase(state)
    assert after.aliens["alien1"].grid == g("1-J5")  # out of range: the rest is lost
    assert after.aliens["alien1"].actions == 2
    assert "3 actions lost" in public(events)


def test_g25_drive_order_chooses_the_route() -> None:
    state = switched_on(position({"hyun": sonic()}, Beast("0-J5")))
    state, events = play(state, "crew", "drive 0-J12")
    assert [e.audience for e in events if isinstance(e, DriveOrder)] == [Audience.CREW]
    after, _ = alien_phase(state)
    assert after.aliens["alien1"].grid == g("0-J9")  # into the Cargo Hold, toward 0-J12
    off, _ = play(state, "crew", "drive off")
    assert off.drive_to is None
    assert refused(state, "alien", "drive 0-J12").rule == "G.2.5"


def test_g25_actions_that_cannot_go_farther_are_lost() -> None:
    state = switched_on(position({"hyun": sonic("0-V5")}, Beast("0-X5")))  # in Life Pod 1
    after, events = alien_phase(state)
    assert after.aliens["alien1"].grid == g("0-X5")
    assert after.aliens["alien1"].actions == 2
    assert "4 actions lost" in public(events)


def test_g25_ultrasonics_switched_off_out_of_reach_or_pipe_running_do_nothing() -> None:
    off = position({"hyun": sonic()}, Beast("0-J5"))
    cases = [
        off,
        switched_on(position({"hyun": sonic()}, Beast("0-N5"))),  # range 6: 6 - 6 = 0
        switched_on(position({"hyun": sonic()}, Beast("0-J7", pipe_running=True))),  # unseen
    ]
    for state in cases:
        after, _ = alien_phase(state)
        assert after.aliens["alien1"].grid == state.aliens["alien1"].grid
        assert after.aliens["alien1"].actions == 6
    dropped, _ = play(switched_on(off), "crew", "drop hyun ultrasonics")
    after, _ = alien_phase(dropped)  # only a carrier drives the alien
    assert after.aliens["alien1"].grid == g("0-J5")


def test_g25_switch_refusals() -> None:
    state = position({"hyun": sonic(), "ortiz": Crew("0-H5", items=("Scanner",))})
    (item,) = [i.id for i in state.items.values() if i.kind == "Ultrasonics"]
    assert "already off" in refused(state, "crew", f"switch hyun {item} off").message
    assert refused(state, "crew", "switch ortiz scanner on").rule == "G.2.5"
    assert refused(state, "crew", f"switch ortiz {item} on").legal == ()
    after, _ = play(state, "crew", "switch hyun ultrasonics on")
    assert after.items[item].active


def test_g25_switching_is_free_and_leaves_the_acting_unit_acting() -> None:
    """G.2.5: "The possessing unit may activate (reveal) or deactivate (conceal) the
    Ultrasonics gear as desired at no action cost." Spending no action, a switch does
    not take over from the unit acting (C.2 orders how actions are spent), and a
    carrier that is done may still switch."""
    state = position({"hyun": sonic(), "ortiz": Crew("0-K8")})
    state, _ = play(state, "crew", "move ortiz 0-K9")
    after, _ = play(state, "crew", "switch hyun ultrasonics on")
    assert after.active_unit == "ortiz" and not {"hyun", "ortiz"} & after.done_units
    assert after.humans["hyun"].actions == state.humans["hyun"].actions
    after, _ = play(after, "crew", "move ortiz 0-K10")  # ortiz carries on
    after, _ = play(after, "crew", "end hyun")
    off, _ = play(after, "crew", "switch hyun ultrasonics off")
    assert "hyun" in off.done_units and not any(i.active for i in off.items.values())


def test_g25_the_crew_switches_in_the_alien_phase_too() -> None:
    """ "As desired": the crew may switch in the alien's phase as well (it is offered then,
    beside the standing orders); the drive waits for the start of the next alien phase."""
    state = position({"hyun": sonic("0-I6")}, Beast("0-K6"), phase=Phase.ALIEN)  # range 2
    offered = [c.notation() for c in legal_commands(state, Side.CREW, SHIP, CONTENT)]
    assert any(c.startswith("switch hyun") and c.endswith(" on") for c in offered)
    after, events = play(state, "crew", "switch hyun ultrasonics on")
    assert after.phase is Phase.ALIEN and after.aliens["alien1"].actions == 6
    assert "switches on the Ultrasonics" in public(events)
    after, _ = play(after, "alien", "pass")
    after, events = alien_phase(after)
    assert after.aliens["alien1"].actions == 6 - 4
    assert "Ultrasonics drive the Larva away" in public(events)
    assert refused(state, "alien", "switch alien1 ultrasonics on").rule == "E.3.1"


# --- G.4 Immunity ---------------------------------------------------------------------------------


def test_g4_immunity_ignores_toxic_ammo_bait_and_ultrasonics() -> None:
    immune = Beast("0-J11", abilities=("Immunity",))
    crew = {"hyun": Crew("0-J11", items=("Handgun", "ToxicAmmo"))}
    after, events = play(position(crew, immune, dice=(1,)), "crew", "attack hyun alien1")
    assert "Toxic Ammo" not in rolls(events)[0]
    assert "Immunity" in after.alien_secrets.revealed_abilities

    baited = position({"hyun": FAR_AWAY}, immune)
    bait = put(baited, "PoisonBait", "0-N11")
    after, events = alien_phase(baited)
    assert after.aliens["alien1"].grid == g("0-J11") and bait in after.items
    assert "ignores the Poison Bait (G.4 Immunity)" in public(events)
    assert "Immunity" in after.alien_secrets.revealed_abilities

    sonics = switched_on(position({"hyun": sonic("0-H5")}, Beast("0-J5", abilities=("Immunity",))))
    after, events = alien_phase(sonics)
    assert after.aliens["alien1"].grid == g("0-J5")
    assert after.aliens["alien1"].actions == 6
    assert "ignores the Ultrasonics (G.4 Immunity)" in public(events)

    injured = Beast("0-J5", abilities=("Immunity",), injured=True)  # no abilities (D.5)
    after, _ = alien_phase(switched_on(position({"hyun": sonic("0-H5")}, injured)))
    assert after.aliens["alien1"].grid != g("0-J5")


def test_g25_the_driven_alien_may_not_come_closer_this_phase() -> None:
    state = switched_on(position({"hyun": sonic("0-I6")}, Beast("0-K6")))  # range 2
    after, _ = alien_phase(state)
    alien = after.aliens["alien1"]
    assert alien.repelled_from == g("0-I6")
    back = alien.path[-2]  # the grid it retreated from: one step closer to Hyun
    error = refused(after, "alien", f"move alien1 {back}")
    assert error.rule == "G.2.5" and "may not come closer" in error.message
