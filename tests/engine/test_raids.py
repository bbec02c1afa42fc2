"""The ``raids`` variant's rules R.1-R.10 (docs/rules-decisions.md, "Variants: raids"):
the deck and the timing of the raid step, Military from public facts, card assignment
and awards, damage by standing order and what it stops, the bunker, repairs,
contributions, repulse and empire defeat, the F.1 lines; and a game without the variant
untouched."""

from __future__ import annotations

from collections import Counter
from typing import TypeVar

import pytest

from engine.commands import SetOrder, parse
from engine.content_models import ShipSystem
from engine.dice import Rng
from engine.errors import GameError
from engine.events import Event
from engine.game import Game
from engine.hiding.events import Call, Declared
from engine.legal import legal_commands
from engine.players.hard_crew import NEAR, bunker_order, crew_contribution, gunners, team_plan
from engine.raids.events import (
    AbilityDamaged,
    AbilityDamagedName,
    Contributed,
    EmpireDefeated,
    RaidBegins,
    RaidCards,
    RaidDefence,
    RaidRepaired,
    Repulsed,
    RoomDamaged,
)
from engine.raids.rules import new_raids, rank, strength
from engine.records.scenario import scenario_game
from engine.records.scenario_writer import write_scenario
from engine.score import score
from engine.state import Phase, Side
from engine.variants import load_variants
from engine.views import Viewer, events_for, view

E = TypeVar("E", bound=Event)
RAIDS = load_variants().raids
BYSTANDER = "crew mehta 1-C5 role=Corpsman skill=Medical"  # keeps the crew in the game
GUNNERS = "crew okeke 2-G1 role=Captain skill=Tactical\ncrew ortiz 2-H1 role=Pilot skill=Medical"


def before_raid(*lines: str, alien: str = "alien alien1 Larva 1-J9", raids: str = "") -> Game:
    """The crew phase of the turn before ``first_turn`` (calibrated: docs/rules-decisions.md,
    "Variants: raids"): its ``pass`` opens the first raid's alien phase."""
    body = "\n".join([*lines, BYSTANDER])
    given = raids if "repulse=" in raids else f"repulse=12 {raids}"  # R = 12: no repulse
    table = f"raids {given}"
    return scenario_game(
        f"scenario\nseed 1\nvariants raids\nturn {RAIDS.first_turn - 1} crew\n{alien}\n{body}\n"
        f"{table}\nend\n"
    )


def of(events: list[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def test_r1_the_deck_keeps_four_of_wave_1_on_four_of_wave_2_on_all_of_wave_3() -> None:
    table = new_raids(Rng(7), RAIDS)
    assert len(table.deck) == 4 + 4 + len(RAIDS.wave3)
    assert Counter(table.deck[8:]) == Counter(str(c) for c in RAIDS.wave3)
    assert set(table.deck[:4]) <= {str(c) for c in RAIDS.wave1}
    assert set(table.deck[4:8]) <= {str(c) for c in RAIDS.wave2}
    start = RAIDS.repulse_start
    assert (table.repulse, table.defeats, table.tie_top, table.early) == (start, 0, "alien", 8)


def test_r1_the_deck_is_shuffled_as_set_up_ends_and_set_ups_dice_are_unchanged() -> None:
    plain, raided = Game.new(5), Game.new(5, variants=frozenset({"raids"}))
    for game in (plain, raided):
        game.play("crew", "quick")
        game.play("alien", "quick")
    assert plain.state.raids is None and raided.state.raids is not None
    # set-up drew the same dice: every marker, human and alien stands where it did
    assert plain.state.nexus == raided.state.nexus
    assert {h.id: h.grid for h in plain.state.humans.values()} == {
        h.id: h.grid for h in raided.state.humans.values()
    }


def test_r3_timing_the_first_raid_opens_first_turns_alien_phase_with_two_wave_1_cards() -> None:
    """Design test 1, with ``first_turn`` calibrated (docs/rules-decisions.md): no raid
    event in the turns before it; its alien phase opens with one."""
    game = scenario_game(
        "scenario\nseed 1\nvariants raids\nturn 1 alien\nalien alien1 Larva 1-J9\n"
        "crew hyun 1-D6 role=Captain skill=Tactical\nend\n"
    )
    first = RAIDS.first_turn
    seen: list[tuple[int, Event]] = []
    while game.state.turn < first:
        side, turn = "alien" if game.state.phase is Phase.ALIEN else "crew", game.state.turn
        seen += [(turn, e) for e in game.play(side, "pass")]  # the raid follows the crew's pass
    assert [turn for turn, e in seen if isinstance(e, RaidBegins | RaidCards)] == [first - 1] * 2
    cards = [e for _, e in seen if isinstance(e, RaidCards)]
    assert len(cards) == 1 and game.state.turn == first
    wave1 = {str(c) for c in RAIDS.wave1}
    assert {cards[0].crew_card, cards[0].alien_card} <= wave1


def test_r3_assignment_and_awards_the_higher_card_to_the_higher_military() -> None:
    """Design test 2: Mc = 4 (two gunners), a Larva's Ma = 2, cards 3 and 1."""
    game = before_raid(GUNNERS, raids="deck=3,1")
    events = game.play("crew", "pass")
    begins = of(events, RaidBegins)[0]
    assert (begins.gunners, begins.crew, begins.alien, begins.repulse) == (2, 4, 2, 12)
    assert of(events, RaidCards)[0] == RaidCards(crew_card="3", alien_card="1")
    crew, alien = of(events, RaidDefence)
    assert (crew.side, crew.strength, crew.defended, crew.awards) == ("crew", 3, True, 1)
    assert (alien.side, alien.strength, alien.defended, alien.awards) == ("alien", 1, True, 2)
    assert not of(events, RoomDamaged) and not of(events, AbilityDamaged)
    assert game.state.raids is not None and game.state.raids.awards == {"crew": 1, "alien": 2}


def test_r3_equal_military_gives_the_higher_card_to_the_tie_orders_top_then_swaps() -> None:
    # One gunner (2) against a Larva (2): the alien is on top of the tie order
    game = before_raid("crew okeke 2-G1 role=Captain skill=Tactical", raids="deck=4,-1")
    events = game.play("crew", "pass")
    assert of(events, RaidCards)[0] == RaidCards(crew_card="-1", alien_card="4", tie=True)
    crew, alien = of(events, RaidDefence)
    assert (crew.defended, crew.awards) == (True, 2)  # below in the tie order: 2
    assert not alien.defended
    assert game.state.raids is not None and game.state.raids.tie_top == "crew"


def test_r3_an_m_card_outranks_every_number_and_is_the_sides_military_plus_x() -> None:
    assert rank("M+3") > rank("9") and rank("M+5") > rank("M+4")
    assert strength("M+3", 4) == 7 and strength("-1", 4) == -1


def test_r3_a_tie_loses_and_a_face_down_ability_is_damaged_in_secret() -> None:
    """Design test 3: a Hunter (Ma = 3) receives a 3, bunker off: it fails; its order
    names Clever (face down): only the alien learns which; Clever stops until repaired."""
    game = before_raid(
        "alien-side abilities=Clever,Agile revealed=Agile",
        "crew hyun 1-D6 role=Captain skill=Tactical",
        "door 1-H6/1-H7 closed",
        alien="alien alien1 Hunter 1-H6 energy=2",
        raids="deck=3,1",
    )
    game.play("alien", "order raid-damage Clever")
    events = game.play("crew", "pass")
    assert of(events, RaidCards)[0] == RaidCards(crew_card="1", alien_card="3")
    alien = of(events, RaidDefence)[1]
    assert (alien.military, alien.strength, alien.defended) == (3, 3, False)
    assert game.state.raids is not None
    assert game.state.raids.abilities == {"alien1": ["Clever"]}
    for viewer in (Viewer.CREW, Viewer.SPECTATOR):
        seen = events_for(events, viewer)
        assert [e.ability for e in of(seen, AbilityDamaged)] == [""]
        assert "Clever" not in repr(seen) and "Clever" not in repr(
            view(game.state, viewer, game.ship, game.content)
        )
    assert [e.ability for e in of(events_for(events, Viewer.ALIEN), AbilityDamagedName)] == [
        "Clever"
    ]
    with pytest.raises(GameError, match="Clever is damaged by the Opari raid"):
        game.play("alien", "open alien1 1-H6/1-H7")
    repaired = game.play("alien", "repair alien1 Clever")
    assert game.state.alien("alien1").energy == 1 and not game.state.raids.abilities
    assert [e.ability for e in of(events_for(repaired, Viewer.CREW), RaidRepaired)] == [""]
    game.play("alien", "open alien1 1-H6/1-H7")


def test_r3_the_bunker_pays_a_gunners_crate_only_when_it_decides_the_result() -> None:
    """Design test 4: Mc = 4 against a 5 with bunker on: crate3 buys 6 > 5."""
    crates = "supplies crate3 food\nsupplies crate4 food"
    game = before_raid(
        GUNNERS.replace("Tactical", "Tactical carries=crate3,crate4"), crates, raids="deck=5,0"
    )
    game.play("crew", "order bunker on")
    crew = of(game.play("crew", "pass"), RaidDefence)[0]
    assert (crew.strength, crew.bunker, crew.paid, crew.defended) == (5, 2, "crate3", True)
    assert "crate3" not in game.state.items and "crate4" in game.state.items


def test_r3_the_bunker_never_pays_for_a_defence_it_cannot_win() -> None:
    """Design test 4: against a 6, 4 + 2 > 6 is false: no crate; the order's room falls."""
    carrying = GUNNERS.replace("Tactical", "Tactical carries=crate3")
    game = before_raid(carrying, "supplies crate3 food", raids="deck=6,0")
    game.play("crew", "order bunker on")
    game.play("crew", "order raid-damage Lab")
    events = game.play("crew", "pass")
    crew = of(events, RaidDefence)[0]
    assert (crew.bunker, crew.paid, crew.defended) == (0, "", False)
    assert "crate3" in game.state.items
    assert of(events, RoomDamaged) == [RoomDamaged(room="Lab")]


def test_r5_rooms_not_in_the_crews_order_follow_the_default_worlds() -> None:
    game = before_raid(raids="deck=9,8 rooms=Galley crew-order=Galley")
    events = game.play("crew", "pass")
    assert of(events, RoomDamaged) == [RoomDamaged(room="Assembly Area")]
    shown = view(game.state, Viewer.SPECTATOR, game.ship, game.content)
    assert shown.raids is not None and shown.raids.rooms == ("Galley", "Assembly Area")
    assert len(shown.board.raided) == 2  # each damaged room marked on the public map


def test_r4_a_damaged_weapons_bay_counts_no_gunners() -> None:
    game = before_raid(GUNNERS, raids="deck=3,1 rooms='Weapons Bay'")
    begins = of(game.play("crew", "pass"), RaidBegins)[0]
    assert (begins.gunners, begins.crew) == (0, 0)


def test_r7_empire_defeat_strikes_the_g_core_and_ends_the_raids_for_good() -> None:
    """Design test 5a: the defeat count is 1 and both sides fail again."""
    game = before_raid(raids="deck=9,8 defeats=1")
    events = game.play("crew", "pass")
    defeat = of(events, EmpireDefeated)
    assert defeat == [EmpireDefeated(defeats=2, system=ShipSystem.G_CORE_DRIVE.value)]
    state = game.state
    grid = next(g for g, s in state.nexus.items() if s == ShipSystem.G_CORE_DRIVE.value)
    assert grid in state.nexus_revealed and state.countdown[grid] == 0
    assert state.raids is not None and state.raids.ended == "defeat"
    game.play("alien", "pass")
    later = game.play("crew", "pass")
    assert not of(later, RaidBegins)
    lines = {line.item: line.count for line in score(state, game.content).lines}
    assert lines["crew-admiral"] == lines["alien-admiral"] == 0
    assert lines["crew-contributor"] == lines["alien-contributor"] == 0


def test_r7_the_volleys_deaths_are_not_killed_by_an_alien() -> None:
    game = before_raid("crew hyun 1-D6 role=Captain skill=Tactical", raids="deck=9,8 defeats=1")
    game.play("crew", "pass")
    for _ in range(4):
        game.play("alien", "pass")
        if game.state.phase is Phase.OVER:
            break
        game.play("crew", "pass")
    assert game.state.phase is Phase.OVER and game.state.ship_destroyed == ["G-Core Drive"]
    assert not game.state.human("hyun").alive
    assert not game.state.human("hyun").killed_by_alien


def test_r3_repulse_before_any_card_when_the_two_military_values_reach_r() -> None:
    """Design test 5b: R = 7 after five contributions, Mc = 4, Ma = 3: 7 >= 7."""
    game = before_raid(GUNNERS, alien="alien alien1 Hunter 1-J9", raids="repulse=7 chips=5/0")
    events = game.play("crew", "pass")
    assert of(events, Repulsed) == [Repulsed(crew=4, alien=3, repulse=7, admiral="crew")]
    assert not of(events, RaidCards)
    lines = {line.item: line.subtotal for line in score(game.state, game.content).lines}
    assert lines["crew-admiral"] == 1 and lines["alien-admiral"] == 0
    assert lines["crew-chips"] == 2 and lines["crew-contributor"] == 1


def test_r8_a_contribution_lowers_r_and_earns_a_war_chip() -> None:
    game = before_raid(
        GUNNERS.replace("Tactical", "Tactical carries=crate3"), "supplies crate3 food"
    )
    events = game.play("crew", "contribute okeke")
    assert of(events, Contributed)[0].paid == "crate3"
    assert game.state.raids is not None
    assert (game.state.raids.repulse, game.state.raids.chips["crew"]) == (11, 1)  # R was 12
    assert "crate3" not in game.state.items


def test_r8_a_contribution_is_made_from_a_station_with_a_crate() -> None:
    game = before_raid("crew hyun 1-D6 role=Captain skill=Tactical")
    with pytest.raises(GameError, match="Weapons Bay or the Command Deck"):
        game.play("crew", "contribute hyun")
    game = before_raid(GUNNERS)
    with pytest.raises(GameError, match="supplies crate"):
        game.play("crew", "contribute okeke")


def test_r8_a_hidden_alien_contributing_is_declared_contribute() -> None:
    game = before_raid(alien="alien alien1 Hunter 1-J9 piperun energy=2")
    game.play("crew", "pass")
    events = game.play("alien", "contribute alien1")
    crew = events_for(events, Viewer.CREW)
    assert [e.call for e in of(crew, Declared)] == [Call.CONTRIBUTE]
    assert game.state.alien("alien1").energy == 1


def test_r6_a_human_in_a_damaged_room_repairs_it_with_a_crate() -> None:
    game = before_raid(
        "crew hyun 1-J9 role=Captain skill=Tactical carries=crate3",
        "supplies crate3 food",
        alien="alien alien1 Larva 0-T8",
        raids="rooms=Lab",
    )
    events = game.play("crew", "repair hyun room")
    repaired = of(events, RaidRepaired)
    assert [(e.room, e.paid) for e in repaired] == [("Lab", "crate3")]
    assert game.state.raids is not None and game.state.raids.rooms == []
    assert "crate3" not in game.state.items


def test_r4_a_damaged_command_deck_refuses_operations_naming_the_cause() -> None:
    game = before_raid(
        "crew hyun 2-V3 role=Captain skill=Tactical",
        alien="alien alien1 Larva 0-T8",
        raids="rooms='Command Deck'",
    )
    with pytest.raises(GameError, match="Command Deck is damaged by the Opari raid"):
        game.play("crew", "close hyun 1-H6/1-H7")


def test_standing_orders_are_each_sides_own() -> None:
    game = before_raid()
    for side, order in (("crew", "order bunker on"), ("alien", "order raid-damage Agile")):
        events = game.play(side, order)
        other = Viewer.ALIEN if side == "crew" else Viewer.CREW
        assert events_for(events, other) == [] and events_for(events, Viewer.SPECTATOR) == []
    assert game.state.raids is not None
    assert (game.state.raids.crew_bunker, game.state.raids.alien_damage) == (True, ["Agile"])
    with pytest.raises(GameError, match="not a room"):
        game.play("crew", "order raid-damage Engines")


def test_orders_read_back_as_written() -> None:
    for text in (
        "order bunker on",
        "order raid-damage 'Assembly Area,Lab'",
        "order raid-damage default",
    ):
        cmd = parse(text)
        assert isinstance(cmd, SetOrder) and parse(cmd.notation()) == cmd
    assert parse("order raid-damage Assembly Area, Lab") == SetOrder(
        "raid-damage", True, ("Assembly Area", "Lab")
    )


def test_the_raids_table_survives_a_scenarios_round_trip() -> None:
    game = before_raid(
        GUNNERS, raids="deck=3,1 rooms=Lab damaged=alien1:Venom tie=crew crew-bunker"
    )
    text = write_scenario(game.state, game.ship, game.content)
    again = scenario_game(text)
    assert again.state.raids == game.state.raids


def test_a_game_without_the_variant_has_no_raid_and_refuses_its_commands() -> None:
    game = scenario_game(
        "scenario\nseed 1\nturn 3 crew\nalien alien1 Larva 1-J9\n" + GUNNERS + "\nend\n"
    )
    events = game.play("crew", "pass")
    assert not of(events, RaidBegins) and game.state.raids is None
    with pytest.raises(GameError, match="raids variant"):
        game.play("crew", "order bunker on")


def test_r4_a_damaged_workshop_refuses_fabrication_naming_the_cause() -> None:
    game = before_raid(
        'crew okeke 0-H1 role="Chief Engineer" skill=Engineer carries=crate1',
        "supplies crate1 chemicals",
        "crew-side blueprints=FlameCaster",
        raids="rooms=Workshop",
    )
    with pytest.raises(GameError, match="Workshop is damaged by the Opari raid"):
        game.play("crew", "fabricate okeke flamecaster")


def test_r4_a_damaged_assembly_area_keeps_its_tackit_closed() -> None:
    game = before_raid("crew okeke 1-S1 role=Captain skill=Tactical", raids="rooms='Assembly Area'")
    with pytest.raises(GameError, match="Assembly Area is damaged by the Opari raid"):
        game.play("crew", "unlock okeke")
    game = before_raid("crew okeke 1-S1 role=Captain skill=Tactical")
    game.play("crew", "unlock okeke")  # undamaged, it opens


def test_the_hard_players_minimum_two_gunners_and_bunker_on() -> None:
    """The design's minimum AI: the hard crew keeps two humans at the Weapons Bay, those
    already there first; both hard players set ``order bunker on``."""
    game = before_raid(GUNNERS, "crew hyun 1-D6 role=Cook skill=Athlete")
    shown = view(game.state, Viewer.CREW, game.ship, game.content)
    assert set(gunners(shown, game.ship, set())) == {"okeke", "ortiz"}
    assert gunners(shown, game.ship, {"okeke"})[0] == "ortiz"
    assert bunker_order(shown) == SetOrder("bunker", True)
    game.play("crew", "order bunker on")
    assert bunker_order(view(game.state, Viewer.CREW, game.ship, game.content)) is None


def test_the_hard_crew_spares_a_guard_and_sends_the_well_before_the_injured_to_the_guns() -> None:
    """The hard crew's minimum AI (R.2): an injured human walks slowly (D.5), so the well
    one goes first; a guard of the ToolKit's keeper goes rather than leave the Bay empty."""
    game = before_raid(
        "crew hyun 2-K1 injured role=Cook skill=Athlete",
        "crew lindqvist 1-D6 role=Pilot skill=Athlete",
    )
    shown = view(game.state, Viewer.CREW, game.ship, game.content)
    assert gunners(shown, game.ship, set())[0] == "lindqvist"
    guards = frozenset({"lindqvist"})  # the well first, then those not guarding
    assert gunners(shown, game.ship, set(), guards) == ("mehta", "lindqvist")
    assert gunners(shown, game.ship, {"hyun", "mehta"}, guards) == ("lindqvist",)


def test_the_hard_crew_contributes_a_gunners_crate_when_the_repulse_is_near() -> None:
    """R.8 by the hard crew: with R at most ``NEAR`` above both Military values (here
    4 + 2), a human at a station gives a crate; with R far above, it keeps it."""
    carrying = GUNNERS.replace("Tactical", "Tactical carries=crate3")
    for repulse, wanted in ((6 + NEAR, True), (7 + NEAR, False)):
        game = before_raid(carrying, "supplies crate3 food", raids=f"repulse={repulse}")
        shown = view(game.state, Viewer.CREW, game.ship, game.content)
        legal = legal_commands(game.state, Side.CREW, game.ship, game.content)
        gift = crew_contribution(shown, legal)
        assert (gift is not None) == wanted, repulse
        if gift is not None:
            game.play("crew", gift.notation())
            assert game.state.raids is not None and game.state.raids.repulse == repulse - 1


def test_the_untaught_crew_mans_no_guns() -> None:
    """The benchmark's null arm (README, "Variants"): the crew not taught the variant
    plays as without it, so its plan names no gunners."""
    game = before_raid("crew hyun 1-D6 role=Cook skill=Athlete")
    shown = view(game.state, Viewer.CREW, game.ship, game.content)
    assert team_plan(shown, game.ship, None, [], frozenset()).gunners != ()
    assert team_plan(shown, game.ship, None, [], frozenset(), taught=False).gunners == ()
