"""Set-up (B.1): the ship's markers, the crew's choices, the alien's."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.board.grid import Grid
from engine.board.ship import (
    TAG_CARGO_HOLD,
    TAG_LOADING_BAY,
    TAG_STORE,
    DoorKind,
    DoorState,
    Feature,
    RegionKind,
    Ship,
)
from engine.commands import PlaceLarva
from engine.content import Content
from engine.errors import NotYourTurn, RuleError
from engine.events import Audience, RoleGear, SkillDrawn
from engine.game import Game
from engine.legal import legal_commands
from engine.state import Condition, Phase, SetupStep, Side
from engine.views import events_for, view
from tests.games import quick_game

G = Grid.parse
DEAD = "dead lindqvist haddad tanaka mehta"


def _cargo_and_store(game: Game) -> str:
    hold = sorted(game.ship.region_tagged(TAG_CARGO_HOLD).grids)[:6]
    store = sorted(game.ship.region_tagged(TAG_STORE).grids)[:3]
    return "supplies " + " ".join(str(g) for g in hold + store)


def test_b11_one_face_down_system_on_each_nexus_grid() -> None:
    game = Game.new(5)
    assert sorted(game.state.nexus) == game.ship.grids_with(Feature.NEXUS)
    assert sorted(game.state.nexus.values()) == sorted(s.value for s in game.content.systems)


def test_b11_nexus_shuffle_depends_on_the_seed() -> None:
    layouts = {tuple(Game.new(seed).state.nexus.values()) for seed in range(8)}
    assert len(layouts) > 1


def test_b11_lockers_hold_their_kits_face_down() -> None:
    state = Game.new(5).state
    in_lockers = Counter(i.kind for i in state.items.values() if i.in_locker)
    assert in_lockers == Counter({"AidKit": 1, "SciKit": 1, "ToolKit": 1, "TacKit": 1, "Dunsel": 2})


def test_b11_only_the_air_lock_doors_start_closed() -> None:
    game = Game.new(5)
    closed = {d for d, s in game.state.doors.items() if s is DoorState.CLOSED}
    kinds = {game.ship.doors[d].kind for d in closed}
    assert kinds == {DoorKind.AIRLOCK_INNER, DoorKind.AIRLOCK_OUTER}


def test_b12_four_dead_get_random_roles_and_lie_in_quarantine() -> None:
    game = Game.new(5)
    game.play("crew", DEAD)
    dead = [h for h in game.state.humans.values() if h.condition is Condition.DECEASED]
    assert {h.id for h in dead} == {"lindqvist", "haddad", "tanaka", "mehta"}
    assert all(h.role for h in dead)
    assert all(game.ship.is_obstructed(h.grid) for h in dead if h.grid)
    assert "quarantine" in game.ship.region_of(dead[0].grid).name.lower()  # type: ignore[arg-type]


def test_b12_skill_markers_are_dealt_only_after_the_roles() -> None:
    game = Game.new(5)
    game.play("crew", DEAD)
    game.play("crew", "injured nguyen rahimi")
    events = []
    while game.state.setup is SetupStep.ROLES:
        assert not any(h.skill_marker for h in game.state.humans.values())
        lines = view(game.state, "crew", *_rules(game)).crew
        assert all(len(line.skills) <= 1 for line in lines)  # a role's own skill at most
        human = next(h for h in game.state.humans.values() if h.role is None)
        events = game.play("crew", f'role {human.id} "{_free_roles(game)[0]}"')
    survivors = [h for h in game.state.humans.values() if h.condition is not Condition.DECEASED]
    assert len(survivors) == 8 and all(h.skill_marker for h in survivors)
    drawn = [e for e in events_for(events, "crew") if isinstance(e, SkillDrawn)]
    assert len(drawn) == 8 and all(e.audience is Audience.CREW for e in drawn)
    assert not any(isinstance(e, SkillDrawn) for e in events_for(events, "alien"))


def _rules(game: Game) -> tuple[Ship, Content]:
    return game.ship, game.content


def test_b12_injured_survivors_lie_in_the_infirmary_beds() -> None:
    game = Game.new(5)
    game.play("crew", DEAD)
    game.play("crew", "injured hyun ortiz")
    beds = game.ship.grids_with(Feature.BED)
    assert {game.state.human("hyun").grid, game.state.human("ortiz").grid} == set(beds)
    assert game.state.human("hyun").condition is Condition.INJURED


def test_b12_dead_cannot_be_injured_survivors() -> None:
    game = Game.new(5)
    game.play("crew", DEAD)
    with pytest.raises(RuleError, match="two different surviving"):
        game.play("crew", "injured hyun mehta")


def _to_placement(game: Game) -> None:
    game.play("crew", DEAD)
    game.play("crew", "injured nguyen rahimi")
    while game.state.setup is SetupStep.ROLES:
        human = next(h for h in game.state.humans.values() if h.role is None)
        game.play("crew", f'role {human.id} "{_free_roles(game)[0]}"')


def _free_roles(game: Game) -> list[str]:
    taken = {h.role for h in game.state.humans.values()}
    return [r.name for r in game.content.roles if r.name not in taken]


def test_b12_roles_are_assigned_as_desired() -> None:
    game = Game.new(5)
    game.play("crew", DEAD)
    game.play("crew", "injured nguyen rahimi")
    dead_role = game.state.human("mehta").role
    role = _free_roles(game)[0]
    game.play("crew", f'role hyun "{role.lower()}"')
    assert game.state.human("hyun").role == role
    with pytest.raises(RuleError, match="not one unassigned role"):
        game.play("crew", f'role ortiz "{role}"')
    with pytest.raises(RuleError, match="not one unassigned role"):
        game.play("crew", f'role ortiz "{dead_role}"')


def test_b12_no_more_than_one_human_per_room() -> None:
    game = Game.new(5)
    _to_placement(game)
    game.play("crew", "place hyun 0-F5")
    before = game.state.clone()
    with pytest.raises(RuleError, match="already has a crew member"):
        game.play("crew", "place ortiz 0-P6")
    assert game.state == before


def test_b12_a_corridor_counts_as_a_room_for_the_one_human_limit() -> None:
    """B.1.2: "no more than one human in any one room"; C.4.2: "Walls separate each deck
    into rooms", corridors included, though D.4 names "room or corridor" apart."""
    game = Game.new(5)
    _to_placement(game)
    corridor = game.ship.region_of(Grid.parse("1-F5"))
    assert corridor.kind is RegionKind.CORRIDOR
    game.play("crew", "place hyun 1-F5")
    far_end = max(corridor.grids, key=lambda grid: grid.col)
    with pytest.raises(RuleError, match="already has a crew member"):
        game.play("crew", f"place ortiz {far_end}")


def test_b11_a_dunsel_starts_with_the_aidkit_and_one_with_the_scikit() -> None:
    """B.1.1 puts the dunsels in the Infirmary's and the Lab's lockers; E.3.9 "under both
    the ToolKit and SciKit". We follow B.1.1, the set-up itself: the ToolKit
    lies alone in the Workshop's locker."""
    game = Game.new(5)
    state, ship = game.state, game.ship
    kits: dict[str, list[str]] = {}
    for item in state.items.values():
        if item.in_locker and item.grid is not None:
            kits.setdefault(ship.region_of(item.grid).name, []).append(item.kind)
    assert {room: sorted(found) for room, found in kits.items()} == {
        "Infirmary": ["AidKit", "Dunsel"],
        "Lab": ["Dunsel", "SciKit"],
        "Workshop": ["ToolKit"],
        "Assembly Area": ["TacKit"],
    }


def test_b12_no_more_than_three_humans_per_deck() -> None:
    game = Game.new(5)
    _to_placement(game)
    for human, grid in (("hyun", "0-F5"), ("ortiz", "0-G2"), ("okeke", "0-L2")):
        game.play("crew", f"place {human} {grid}")
    with pytest.raises(RuleError, match="already has three crew"):
        game.play("crew", "place whitehorse 0-H8")


def test_b12_supplies_six_in_the_cargo_hold_three_in_the_store() -> None:
    game = Game.new(5)
    _to_placement(game)
    for human, grid in zip(
        ("hyun", "ortiz", "okeke", "whitehorse", "mensah", "kowalczyk"),
        ("0-F5", "0-G2", "0-L2", "1-B5", "1-G2", "1-A10"),
        strict=True,
    ):
        game.play("crew", f"place {human} {grid}")
    hold = sorted(game.ship.region_tagged(TAG_CARGO_HOLD).grids)[:9]
    with pytest.raises(RuleError, match="six crates go in Cargo Hold"):
        game.play("crew", "supplies " + " ".join(str(g) for g in hold))
    game.play("crew", _cargo_and_store(game))
    kinds = Counter(i.supply for i in game.state.items.values() if i.kind == "Supplies")
    assert kinds == Counter({"food": 3, "electronics": 3, "chemicals": 3})


def test_e38_the_mcpo_starts_with_a_handgun_everyone_sees() -> None:
    seed = next(s for s in range(50) if _mcpo_survives(s))
    game = Game.new(seed)
    game.play("crew", DEAD)
    game.play("crew", "injured nguyen rahimi")
    events = game.play("crew", 'role hyun "Master Chief Petty Officer"')
    assert [i.kind for i in game.state.items.values() if i.holder == "hyun"] == ["Handgun"]
    public = [e for e in events_for(events, "spectator") if isinstance(e, RoleGear)]
    assert [(e.who.id, e.gear) for e in public] == [("hyun", "Handgun")]
    assert game.state.human("hyun").revealed == {"role"}


def _mcpo_survives(seed: int) -> bool:
    game = Game.new(seed)
    game.play("crew", DEAD)
    return "Master Chief Petty Officer" in _free_roles(game)


def test_b13_larva_starts_in_the_loading_bay_or_on_a_cadaver() -> None:
    game = Game.new(5)
    with pytest.raises(RuleError, match="Loading Bay or on a cadaver"):
        game.play("alien", "larva 0-F5")
    bay = min(game.ship.region_tagged(TAG_LOADING_BAY).grids)
    game.play("alien", f"larva {bay}")
    assert game.state.alien("alien1").grid == bay


def test_b13_larva_may_start_on_a_cadaver() -> None:
    game = Game.new(5)
    game.play("crew", DEAD)
    cadaver = game.state.human("mehta").grid
    game.play("alien", f"larva {cadaver}")
    assert game.state.alien("alien1").grid == cadaver


def test_b13_the_legal_list_offers_the_cadavers_once_the_dead_are_chosen() -> None:
    """B.1.3: "in any grid in the Loading Bay or on any one of the four deceased humans":
    the alien's legal set-up list offers both, the cadavers once the crew has chosen them."""
    game = Game.new(5)

    def starts() -> set[str]:
        legal = legal_commands(game.state, Side.ALIEN, game.ship, game.content)
        return {str(cmd.grid) for cmd in legal if isinstance(cmd, PlaceLarva)}

    bay = {str(g) for g in game.ship.region_tagged(TAG_LOADING_BAY).grids}
    assert starts() == bay
    game.play("crew", DEAD)
    dead = [h for h in game.state.humans.values() if h.condition is Condition.DECEASED]
    cadavers = {str(h.grid) for h in dead}
    assert len(cadavers) == 4 and starts() == bay | cadavers


def test_b13_the_larva_starts_with_one_energy_store() -> None:
    """B.1.3: "Take the Larva counter, an energy store marker, a pencil, and a copy of the
    Quicksilver floorplan sheet." One marker is one store (C.10.1: "Each action spent
    yields one energy store marker that is carried by the alien"), so the Larva enters
    play carrying it, whichever way it is placed."""
    quick = Game.new(5)
    quick.play("crew", "quick")
    quick.play("alien", "quick")
    assert quick.state.alien("alien1").energy == 1
    chosen = Game.new(5)
    chosen.play("alien", "ability surge")
    chosen.play("alien", "larva 0-J11")
    assert chosen.state.alien("alien1").energy == 1


def test_b13_the_chosen_ability_is_secret_from_the_crew() -> None:
    game = Game.new(5)
    events = game.play("alien", "ability venom")
    assert game.state.alien_secrets.abilities == ["Venom"]  # in hand until the Larva is placed
    game.play("alien", "larva 0-J11")
    assert game.state.alien("alien1").abilities == ["Venom"]
    assert not game.state.alien_secrets.abilities
    assert events_for(events, "crew") == []
    assert view(game.state, "crew", game.ship, game.content).abilities == ()
    assert view(game.state, "alien", game.ship, game.content).abilities == ("Venom",)


def test_b1_a_side_cannot_make_the_other_sides_choices() -> None:
    game = Game.new(5)
    with pytest.raises(NotYourTurn):
        game.play("alien", DEAD)
    with pytest.raises(NotYourTurn):
        game.play("crew", "ability venom")


def test_b12_choices_come_in_the_rulebook_order() -> None:
    game = Game.new(5)
    with pytest.raises(RuleError, match="'dead' step"):
        game.play("crew", "injured hyun ortiz")


def test_c_the_alien_side_goes_first_once_both_are_set_up() -> None:
    game = quick_game(9)
    assert game.state.phase is Phase.ALIEN and game.state.turn == 1
    assert game.state.alien("alien1").actions == 6


def test_quick_setup_is_legal_and_the_same_for_the_same_seed() -> None:
    first, second = quick_game(11), quick_game(11)
    assert first.state == second.state
    assert first.state != quick_game(12).state
    placed = [h for h in first.state.live_humans() if h.condition is Condition.WELL]
    assert len(placed) == 6
    assert max(Counter(h.grid.deck for h in placed if h.grid).values()) <= 3
