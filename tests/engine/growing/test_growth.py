"""The alien grows: foraging (C.10.1), examining crates (C.3), mutating (C.10, E.5, G.5),
a Queen's spawn, Surge and Venom's meal (G.4; gaps 18, 19), on the real ship."""

from __future__ import annotations

from bot.present.catalogue import sentence
from engine.commands import Command
from engine.content_models import LifeStage
from engine.events import Event
from engine.invariants import check_invariants
from engine.legal import legal_commands
from engine.records.scenario import scenario_game
from engine.rules import apply
from engine.setup import add_item
from engine.state import Condition, Fate, GameState, Phase, Side
from engine.views import events_for, view
from tests.positions import (
    CONTENT,
    SHIP,
    Beast,
    Crew,
    add_alien,
    g,
    play,
    position,
    public,
    put,
    refused,
)

ALIEN = Phase.ALIEN
HERE = "0-K8"  # the Cargo Hold: open grids all round
FAR = Crew("2-B5", role="Captain")  # a living human out of the way keeps the game going
DEAD = Condition.DECEASED


def _meal(
    alien: Beast | None = None, *, energy: int = 0, dice: tuple[int, ...] = (), **extra: Crew
) -> GameState:
    """The alien at HERE on Ortiz's cadaver, Hyun far away, the alien phase."""
    crew = {"hyun": FAR, "ortiz": Crew(HERE, condition=DEAD), **extra}
    return position(crew, alien or Beast(HERE), phase=ALIEN, energy=energy, dice=dice)


_QUEEN = Beast("0-B8", stage="Guard", abilities=("Queen",))  # far from HERE, on Deck 00


def _offered(state: GameState, unit: str) -> list[Command]:
    return legal_commands(state, Side.ALIEN, SHIP, CONTENT, unit=unit)


def _secret(events: list[Event], viewer: str) -> str:
    """What ``viewer`` reads of the events (bot.present words them)."""
    return "\n".join(sentence(e) for e in events_for(events, viewer))


# --- C.10.1 energy stores ---------------------------------------------------------------------


def test_c101_forage_one_energy_per_action_and_the_cadaver_is_gone() -> None:
    after, events = play(_meal(energy=1), "alien", "forage alien1 3 ortiz")
    assert after.aliens["alien1"].energy == 1 + 3
    assert after.aliens["alien1"].actions == 6 - 3
    ortiz = after.humans["ortiz"]
    assert ortiz.fate is Fate.LOST and ortiz.grid is None and not ortiz.on_board
    assert "Ortiz's body: 3 energy stores (now 4)" in public(events)


def test_c101_the_stores_are_carried_by_the_alien_that_foraged() -> None:
    """C.10.1: "one energy store marker that is carried by the alien"; "They cannot be
    dropped or picked up." A Larva's meal feeds the Larva, not its Queen elsewhere."""
    state = position({"hyun": FAR, "ortiz": Crew(HERE, condition=DEAD)}, _QUEEN, phase=ALIEN)
    larva = add_alien(state, Beast(HERE))
    state, events = play(state, "alien", f"forage {larva} 4 ortiz")
    assert state.aliens[larva].energy == 4 and state.aliens["alien1"].energy == 0
    assert "(now 4)" in public(events)
    error = refused(state, "alien", "mutate alien1 +1")
    assert error.rule == "C.10" and "the Guard carries 0" in error.message
    assert "mutate" in {c.verb for c in _offered(state, larva)}
    assert "mutate" not in {c.verb for c in _offered(state, "alien1")}


def test_c101_mutation_and_surge_spend_the_acting_units_own_stores() -> None:
    state = position({"hyun": FAR}, Beast("0-B8", abilities=("Surge",)), phase=ALIEN, dice=(6,))
    larva = add_alien(state, Beast(HERE), energy=5)
    assert "carries 0" in refused(state, "alien", "surge alien1").message
    after, _ = play(state, "alien", f"mutate {larva} +1")
    assert after.aliens[larva].stage == "Hunter" and after.aliens[larva].energy == 1
    assert after.aliens["alien1"].energy == 0


def test_c101_every_view_shows_each_aliens_own_stores() -> None:
    """The markers lie on the table (gap 24): every viewer sees how many each unit has."""
    state = position({"hyun": FAR}, Beast("0-B8"), phase=ALIEN, energy=3)
    add_alien(state, Beast(HERE, pipe_running=True), energy=1)
    for viewer in ("crew", "alien", "spectator"):
        lines = view(state, viewer, SHIP, CONTENT).aliens
        assert [(a.id, a.energy) for a in lines] == [("alien1", 3), ("alien2", 1)]


def test_c101_one_action_still_removes_the_source() -> None:
    after, _ = play(_meal(), "alien", "forage alien1 1")
    assert after.aliens["alien1"].energy == 1 and after.humans["ortiz"].fate is Fate.LOST


def test_c101_at_most_four_actions_from_one_source() -> None:
    error = refused(_meal(), "alien", "forage alien1 5 ortiz")
    assert error.rule == "C.10.1" and "up to 4" in error.message


def test_c101_the_source_must_be_in_the_aliens_grid() -> None:
    state = position({"hyun": FAR, "ortiz": Crew("0-L8", condition=DEAD)}, Beast(HERE), phase=ALIEN)
    assert refused(state, "alien", "forage alien1 2 ortiz").rule == "C.10.1"
    assert refused(state, "alien", "forage alien1 2").rule == "C.10.1"


def test_c101_the_living_and_the_crew_do_not_forage() -> None:
    state = _meal(okeke=Crew(HERE, condition=Condition.INJURED))
    assert "deceased" in refused(state, "alien", "forage alien1 2 okeke").message
    crew_phase = position({"hyun": Crew(HERE), "ortiz": Crew(HERE, condition=DEAD)}, Beast("0-B8"))
    assert refused(crew_phase, "crew", "forage hyun 1 ortiz").rule == "C.10.1"


def test_c101_a_food_crate_is_examined_eaten_and_removed() -> None:
    state = _meal()
    crate = put(state, "Supplies", HERE, supply="food")
    after, events = play(state, "alien", f"forage alien1 4 {crate}")
    assert after.aliens["alien1"].energy == 4 and crate not in after.items
    assert "ortiz" in after.humans and after.humans["ortiz"].on_board  # only the one source
    assert "a food supplies crate" in public(events)


def test_c101_a_crate_without_food_is_only_examined() -> None:
    state = _meal()
    crate = put(state, "Supplies", HERE, supply="electronics")
    after, events = play(state, "alien", f"forage alien1 2 {crate}")
    assert after.aliens["alien1"].energy == 0 and after.aliens["alien1"].actions == 6
    assert after.items[crate].examined_by == {"alien"}
    assert "nothing to eat" in _secret(events, "alien")
    assert "nothing to eat" not in _secret(events, "crew")
    assert "holds no food" in refused(after, "alien", f"forage alien1 2 {crate}").message


def test_c101_a_bare_forage_eats_the_only_source_and_names_the_choices() -> None:
    state = _meal()
    put(state, "Supplies", HERE, supply="food")
    error = refused(state, "alien", "forage alien1 2")
    assert set(error.legal) == {"ortiz", "crate1"}


def test_c101_a_body_a_human_carries_is_not_eaten() -> None:
    state = _meal(okeke=Crew(HERE))
    ortiz = state.humans["ortiz"]
    ortiz.grid, ortiz.holder = None, "okeke"
    assert "Okeke is carrying Ortiz" in refused(state, "alien", "forage alien1 2 ortiz").message


def test_c101_the_alien_eats_a_body_it_carries() -> None:
    state = _meal(Beast(HERE, stage="Hunter"))
    ortiz = state.humans["ortiz"]
    ortiz.grid, ortiz.holder = None, "alien1"
    after, _ = play(state, "alien", "forage alien1 2 ortiz")
    assert after.aliens["alien1"].energy == 2 and after.humans["ortiz"].holder is None
    assert after.humans["ortiz"].fate is Fate.LOST


def test_g3_a_humoid_cadaver_gives_no_energy() -> None:
    state = _meal(okeke=Crew(HERE, skill="Humoid", condition=DEAD))
    assert refused(state, "alien", "forage alien1 2 okeke").rule == "G.3"


def test_c71_foraging_while_pipe_running_gives_the_grid_away() -> None:
    state = _meal(Beast(HERE, pipe_running=True))
    after, events = play(state, "alien", "forage alien1 2 ortiz")
    assert after.declarations == ["Forage", "Forage"]
    assert after.sightings == [g(HERE)]
    assert after.aliens["alien1"].pipe_running  # the run goes on (C.7.1)
    assert HERE in _secret(events, "crew")


def test_c74_first_example_move_forage_forage_forage_move_move() -> None:
    """C.7.4's first example on our ship: in the Cargo Hold the hidden alien steps left
    onto the dead human, eats it for three stores, then turns up two grids to a crate."""
    state = position(
        {"hyun": FAR, "ortiz": Crew("0-J8", condition=DEAD)},
        Beast(HERE, pipe_running=True),
        phase=ALIEN,
    )
    put(state, "Supplies", "0-J6", supply="food")
    state, _ = play(state, "alien", "move alien1 0-J8")
    state, _ = play(state, "alien", "forage alien1 3 ortiz")
    state, _ = play(state, "alien", "move alien1 0-J6")
    assert state.declarations == ["Move", "Forage", "Forage", "Forage", "Move", "Move"]
    assert state.aliens["alien1"].energy == 3 and state.humans["ortiz"].fate is Fate.LOST
    assert state.aliens["alien1"].pipe_running and state.aliens["alien1"].grid == g("0-J6")


# --- G.4 Venom (gap 19) -----------------------------------------------------------------------


def test_g4_venom_unconscious_human_can_be_consumed() -> None:
    state = _meal(
        Beast(HERE, abilities=("Venom",)), okeke=Crew(HERE, condition=Condition.UNCONSCIOUS)
    )
    after, events = play(state, "alien", "forage alien1 2 okeke")
    okeke = after.humans["okeke"]
    assert okeke.condition is DEAD and okeke.fate is Fate.LOST and okeke.killed_by_alien
    assert after.aliens["alien1"].energy == 2 and after.humans["ortiz"].on_board
    assert "Venom" in after.alien_secrets.revealed_abilities
    assert "Okeke dies" in public(events)


def test_g4_without_venom_an_unconscious_human_is_not_food() -> None:
    state = _meal(okeke=Crew(HERE, condition=Condition.UNCONSCIOUS))
    assert refused(state, "alien", "forage alien1 2 okeke").rule == "G.4, D.5"


# --- C.3 examining supplies -----------------------------------------------------------------


def test_c3_examining_a_crate_tells_only_that_side() -> None:
    state = position({"hyun": Crew(HERE)}, Beast("0-B8"))
    crate = put(state, "Supplies", HERE, supply="chemicals")
    after, events = play(state, "crew", f"examine hyun {crate}")
    assert after.items[crate].examined_by == {"crew"}
    assert after.humans["hyun"].actions == 4  # free (C.3: no cost, no roll)
    assert "chemicals" in _secret(events, "crew")
    assert "chemicals" not in _secret(events, "alien")
    assert not [e for e in events if e.kind == "rolled"]
    assert refused(after, "crew", f"examine hyun {crate}").rule == "C.3"


def test_c3_examining_does_not_take_over_from_the_acting_unit() -> None:
    state = position({"hyun": Crew(HERE, actions=0), "okeke": Crew("0-B5")}, Beast("0-B8"))
    state.active_unit = "okeke"
    state.done_units.add("hyun")
    put(state, "Supplies", HERE, supply="food")
    after, _ = play(state, "crew", "examine hyun")
    assert after.active_unit == "okeke" and after.items["crate1"].examined_by == {"crew"}


def test_c3_only_in_your_own_phase_and_in_the_crates_grid() -> None:
    state = position({"hyun": Crew("0-L8")}, Beast("0-B8"))
    put(state, "Supplies", HERE, supply="food")
    assert refused(state, "crew", "examine hyun crate1").rule == "C.3"
    alien_turn = position({"hyun": Crew(HERE)}, Beast("0-B8"), phase=ALIEN)
    put(alien_turn, "Supplies", HERE, supply="food")
    assert refused(alien_turn, "crew", "examine hyun crate1").rule == "C"


def test_c71_the_hidden_alien_examining_a_crate_gives_its_grid_away() -> None:
    state = position({"hyun": FAR}, Beast(HERE, pipe_running=True), phase=ALIEN)
    crate = put(state, "Supplies", HERE, supply="food")
    after, events = play(state, "alien", f"examine alien1 {crate}")
    assert after.items[crate].examined_by == {"alien"} and after.sightings == [g(HERE)]
    assert "food" in _secret(events, "alien") and "food" not in _secret(events, "crew")
    assert after.declarations == []  # no action, nothing to declare


# --- C.10 mutation, E.5 and G.5 ---------------------------------------------------------------


def test_c10_mutation_needs_four_energy_and_a_seven() -> None:
    poor = position({"hyun": FAR}, Beast(HERE, abilities=("Agile",)), phase=ALIEN, energy=3)
    assert "needs 4 energy stores" in refused(poor, "alien", "mutate alien1 +3").message
    state = position(
        {"hyun": FAR}, Beast(HERE, abilities=("Agile",)), phase=ALIEN, energy=5, dice=(6,)
    )
    after, events = play(state, "alien", "mutate alien1 +1")
    alien = after.aliens["alien1"]
    assert alien.stage == "Hunter" and after.aliens["alien1"].energy == 1 and alien.actions == 6 - 2
    assert "d6 6 +1 actions = 7: success" in public(events)


def test_c10_a_failed_mutation_costs_only_the_actions() -> None:
    state = position({"hyun": FAR}, Beast(HERE), phase=ALIEN, energy=4, dice=(5,))
    after, _ = play(state, "alien", "mutate alien1")
    assert after.aliens["alien1"].stage == "Larva" and after.aliens["alien1"].energy == 4
    assert after.aliens["alien1"].actions == 5


def test_e5_mutation_draws_a_secret_ability_it_lacks() -> None:
    state = position(
        {"hyun": FAR}, Beast(HERE, abilities=("Agile",)), phase=ALIEN, energy=4, dice=(6, 6)
    )
    after, events = play(state, "alien", "mutate alien1 +1")
    held = after.aliens["alien1"].abilities
    assert len(held) == 2 and held[0] == "Agile" and held[1] != "Agile"
    assert held[1] in _secret(events, "alien")
    assert held[1] not in _secret(events, "crew")
    assert after.alien_secrets.revealed_abilities == set()


def test_g5_the_new_stage_brings_its_own_numbers() -> None:
    state = position({"hyun": Crew("0-J8")}, Beast(HERE), phase=ALIEN, energy=4, dice=(6, 1))
    state, _ = play(state, "alien", "mutate alien1 +1")
    state.aliens["alien1"].abilities = ["Agile"]  # whatever was drawn, Agile is easy to see
    after, _ = play(state, "alien", "piperun alien1")
    hunter = CONTENT.life_stages[LifeStage.HUNTER].pipe_run
    agile = CONTENT.abilities["Agile"].pipe_run_discount  # type: ignore[index]
    assert after.aliens["alien1"].actions == 4 - (hunter - agile)


def test_c10_royal_mutation_scores_spores() -> None:
    state = position({"hyun": FAR}, Beast(HERE, stage="Royal"), phase=ALIEN, energy=4, dice=(6,))
    state.aliens["alien1"].abilities = ["Agile", "Clever", "Carapace", "Venom"]
    after, events = play(state, "alien", "mutate alien1 +1")
    assert after.royal_mutations == 1 and after.aliens["alien1"].energy == 0
    assert after.aliens["alien1"].stage == "Royal"
    assert len(after.aliens["alien1"].abilities) == 4  # no bigger, no new marker
    assert "spores" in public(events)


def test_c73_a_hidden_mutation_declares_mutate_and_bonus() -> None:
    state = position(
        {"hyun": FAR}, Beast(HERE, pipe_running=True), phase=ALIEN, energy=4, dice=(1,)
    )
    after, events = play(state, "alien", "mutate alien1 +2")
    assert after.declarations == ["Mutate", "Bonus", "Bonus"]
    assert not [e for e in events_for(events, "crew") if e.kind == "rolled"]
    assert [e for e in events_for(events, "alien") if e.kind == "rolled"]


def test_e31_a_stage_that_carries_less_drops_the_excess() -> None:
    hunter = CONTENT.life_stages[LifeStage.HUNTER].model_copy(update={"carry_items": 0})
    stages = {**CONTENT.life_stages, LifeStage.HUNTER: hunter}
    content = CONTENT.model_copy(update={"life_stages": stages})
    state = position({"hyun": FAR}, Beast(HERE), phase=ALIEN, energy=4, dice=(6, 1))
    handgun = add_item(state, "Handgun", holder="alien1").id
    from engine.commands import parse

    after, events = apply(state, Side.ALIEN, parse("mutate alien1 +1"), SHIP, content)
    assert after.items[handgun].holder is None and after.items[handgun].grid == g(HERE)
    assert "drops 1 thing" in public(events)


# --- G.4 Queen (gap 18) and Surge --------------------------------------------------------------


def test_g4_queen_spawns_a_larva() -> None:
    queen = Beast(HERE, stage="Guard", abilities=("Queen",))
    state = _meal(queen, energy=5, dice=(6,))
    after, events = play(state, "alien", "spawn alien1 +1")
    larva = after.aliens["alien2"]
    assert larva.stage == "Larva" and larva.grid == g(HERE) and not larva.pipe_running
    assert after.aliens["alien1"].energy == 1 and "Queen" in after.alien_secrets.revealed_abilities
    assert after.humans["ortiz"].fate is Fate.LOST and not after.humans["ortiz"].on_board
    assert "from Ortiz's body" in public(events) and larva.energy == 0
    assert "alien2" in after.done_units and larva.actions == 0
    # gap 28: abilities are each unit's own; the new Larva draws one of the others (G.5)
    assert after.aliens["alien1"].abilities == ["Queen"] and len(larva.abilities) == 1
    assert larva.abilities[0] != "Queen"
    assert refused(after, "alien", "wait alien2").rule == "C.2"  # not this turn
    after, _ = play(after, "alien", "pass")
    after, _ = play(after, "crew", "pass")
    assert after.phase is ALIEN and after.aliens["alien2"].actions == CONTENT.alien_stats.actions
    moved, _ = play(after, "alien", "move alien2 0-K9")
    assert moved.aliens["alien2"].grid == g("0-K9") and moved.aliens["alien1"].grid == g(HERE)


def test_g4_a_failed_spawn_costs_only_the_actions() -> None:
    queen = Beast(HERE, abilities=("Queen",))
    state = _meal(queen, energy=4, dice=(1,))
    after, _ = play(state, "alien", "spawn alien1")
    assert list(after.aliens) == ["alien1"] and after.aliens["alien1"].energy == 4
    assert after.aliens["alien1"].actions == 5 and after.humans["ortiz"].grid == g(HERE)


def test_g4_spawning_needs_a_cadaver_in_the_queens_grid_and_uses_it_up() -> None:
    """G.4: "This effort is performed in the same grid as the Queen"; G.3 on the Humoid:
    "It may not be used by the alien to Spawn"; B.1.3: a Larva starts "on any one of the
    four deceased humans". So a spawn needs a non-Humoid cadaver where the Queen is."""
    queen = Beast(HERE, abilities=("Queen",))
    bare = position({"hyun": FAR}, queen, phase=ALIEN, energy=4, dice=(6,))
    assert "no cadaver" in refused(bare, "alien", "spawn alien1 +1").message
    beside = position({"hyun": FAR, "ortiz": Crew("0-L8", condition=DEAD)}, queen, phase=ALIEN)
    beside.aliens["alien1"].energy = 4
    assert refused(beside, "alien", "spawn alien1 ortiz").rule == "G.4"
    humoid = _meal(queen, energy=4)
    humoid.humans["ortiz"].skill_marker = "Humoid"
    assert refused(humoid, "alien", "spawn alien1 ortiz").rule == "G.3"
    assert "spawn" not in {c.verb for c in _offered(bare, "alien1")}
    two = _meal(queen, energy=4, dice=(6,), okeke=Crew(HERE, condition=DEAD))
    assert "name the cadaver" in refused(two, "alien", "spawn alien1").message
    assert {"spawn alien1 okeke", "spawn alien1 ortiz"} <= {
        c.notation() for c in _offered(two, "alien1")
    }
    after, _ = play(two, "alien", "spawn alien1 okeke +1")
    assert after.humans["okeke"].fate is Fate.LOST and after.humans["ortiz"].grid == g(HERE)


def test_g4_a_queen_spawns_on_a_body_it_carries() -> None:
    state = _meal(Beast(HERE, abilities=("Queen",)), energy=4, dice=(6,))
    state.humans["ortiz"].grid, state.humans["ortiz"].holder = None, "alien1"
    after, _ = play(state, "alien", "spawn alien1 +1")
    assert after.aliens["alien2"].grid == g(HERE) and after.humans["ortiz"].fate is Fate.LOST


def test_g4_spawning_needs_the_queen_and_four_energy() -> None:
    state = position({"hyun": FAR}, Beast(HERE, abilities=("Surge",)), phase=ALIEN, energy=4)
    assert "Queen" in refused(state, "alien", "spawn alien1").message
    queen = position({"hyun": FAR}, Beast(HERE, abilities=("Queen",)), phase=ALIEN, energy=3)
    assert "needs 4 energy stores" in refused(queen, "alien", "spawn alien1").message


def test_g4_a_hidden_queen_spawning_gives_its_grid_away() -> None:
    queen = Beast(HERE, abilities=("Queen",), pipe_running=True)
    state = _meal(queen, energy=4, dice=(6,))
    after, _ = play(state, "alien", "spawn alien1 +1")
    assert after.declarations == ["Spawn", "Bonus"]
    assert after.sightings == [g(HERE)] and after.aliens["alien1"].pipe_running
    assert not after.aliens["alien2"].pipe_running
    assert not check_invariants(after, SHIP, CONTENT)


def test_c71_a_hidden_queens_failed_spawn_keeps_its_grid_secret() -> None:
    """Nothing changes on the display when the spawn fails: the Queen only declares
    "Spawn" (C.7.3), its grid stays hidden, and the cadaver stays for another try."""
    queen = Beast(HERE, abilities=("Queen",), pipe_running=True)
    after, _ = play(_meal(queen, energy=4, dice=(1,)), "alien", "spawn alien1")
    assert after.declarations == ["Spawn"] and after.sightings == []
    assert list(after.aliens) == ["alien1"] and after.humans["ortiz"].grid == g(HERE)


def test_g4_surge_once_per_turn() -> None:
    state = position({"hyun": FAR}, Beast(HERE, abilities=("Surge",)), phase=ALIEN, energy=2)
    after, _ = play(state, "alien", "surge alien1")
    gain = CONTENT.abilities["Surge"].surge_actions  # type: ignore[index]
    assert after.aliens["alien1"].actions == 6 + gain and after.aliens["alien1"].energy == 1
    assert "Surge" in after.alien_secrets.revealed_abilities
    assert "once" in refused(after, "alien", "surge alien1").message
    after, _ = play(after, "alien", "pass")
    after, _ = play(after, "crew", "pass")
    again, _ = play(after, "alien", "surge alien1")  # a new turn
    assert again.aliens["alien1"].energy == 0


def test_g4_surge_needs_an_energy_store() -> None:
    state = position({"hyun": FAR}, Beast(HERE, abilities=("Surge",)), phase=ALIEN, energy=0)
    assert refused(state, "alien", "surge alien1").rule == "G.4"


def test_d5_an_injured_alien_uses_no_ability() -> None:
    beast = Beast(HERE, abilities=("Surge", "Queen", "Venom"), injured=True)
    state = _meal(beast, energy=4, okeke=Crew(HERE, condition=Condition.UNCONSCIOUS))
    for command in ("surge alien1", "spawn alien1", "forage alien1 1 okeke"):
        assert "D.5" in (refused(state, "alien", command).rule or "")
    after, _ = play(state, "alien", "forage alien1 1 ortiz")  # eating a cadaver is no ability
    assert after.aliens["alien1"].energy == 5


# --- commands the game offers -----------------------------------------------------------------

SCENARIO = """
scenario
seed 7
crew hyun 2-B5 role=Captain
cadaver ortiz 0-K8 role=Cook
cadaver okeke 0-K8 role=Pilot
alien alien1 Larva 0-K8 energy=3
alien-side abilities=Queen,Surge
end
"""


def test_legal_commands_offer_growth_as_the_stores_fill() -> None:
    """On two cadavers with three stores the game offers forage and surge; one more
    store (C.10: four are needed) brings mutate and spawn (Queen, on the cadaver left)
    into the list."""
    game = scenario_game(SCENARIO)
    first = {c.verb for c in legal_commands(game.state, Side.ALIEN, game.ship, game.content)}
    assert {"forage", "surge"} <= first and not {"mutate", "spawn"} & first
    game.play("alien", "forage alien1 1 ortiz")
    later = {c.verb for c in legal_commands(game.state, Side.ALIEN, game.ship, game.content)}
    assert {"mutate", "spawn"} <= later
    assert not check_invariants(game.state, game.ship, game.content)


def test_the_crew_is_offered_examine_in_a_crates_grid() -> None:
    state = position({"hyun": Crew(HERE)}, Beast("0-B8"))
    put(state, "Supplies", HERE, supply="food")
    offered = legal_commands(state, Side.CREW, SHIP, CONTENT, unit="hyun")
    assert "examine hyun crate1" in [c.notation() for c in offered]


def test_d5_an_injured_alien_still_mutates_mutating_is_no_ability() -> None:
    state = position({"hyun": FAR}, Beast(HERE, injured=True), phase=ALIEN, energy=4, dice=(6,))
    after, _ = play(state, "alien", "mutate alien1 +1")
    assert after.aliens["alien1"].stage == "Hunter"


def test_g5_with_every_marker_held_nothing_is_drawn() -> None:
    state = position({"hyun": FAR}, Beast(HERE), phase=ALIEN, energy=4, dice=(6,))
    state.aliens["alien1"].abilities = [a.value for a in CONTENT.abilities]
    after, events = play(state, "alien", "mutate alien1 +1")
    assert after.aliens["alien1"].stage == "Hunter"
    assert after.aliens["alien1"].abilities == state.aliens["alien1"].abilities
    assert "No ability markers are left" in _secret(events, "alien")
