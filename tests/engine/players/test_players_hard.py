"""What the `hard` players do with what their side knows: the crew's ToolKit
keeper and courier (B.1.1, C.9, D.5), the split of a human's attacks (D.5), the alien's
reading of where the crew can reach next phase (C.7.2, C.8)."""

from __future__ import annotations

import pytest

from engine import commands as c
from engine.board.grid import Grid
from engine.dice import Rng
from engine.game import Game
from engine.players.base import acting_side, decide, legal_for, show
from engine.players.hard_alien import Danger
from engine.players.hard_crew import HardCrew, team_plan, toolkit_grid
from engine.players.levels import player_for
from engine.players.strike import attack_value, kill_chance
from engine.records.scenario import scenario_game
from engine.state import Phase, Side
from engine.views import events_for, view
from tests.games import quick_game


def _crew_view(game: Game):  # type: ignore[no-untyped-def]
    return view(game.state, "crew", game.ship, game.content)


def test_b11_the_toolkit_is_looked_for_in_the_workshop_locker_and_kept_by_a_well_engineer() -> None:
    game = quick_game(3)
    seen = _crew_view(game)
    where = toolkit_grid(seen, game.ship)
    assert where is not None and game.ship.region_of(where).name == "Workshop"
    team = team_plan(seen, game.ship, None, [], frozenset())
    keeper = next(h for h in seen.crew if h.id == team.keeper)
    assert "Engineer" in keeper.skills and keeper.condition == "well"  # D.5: the hurt carry nothing
    courier = next(h for h in seen.crew if h.id == team.courier)
    assert courier.condition == "well"


@pytest.mark.parametrize("modifier", [3, 4])
def test_d5_an_armed_human_splits_its_actions_into_plain_attacks_on_an_unhurt_alien(
    modifier: int,
) -> None:
    """Two hits in one crew phase kill an unhurt alien: four plain attacks beat one
    attack with three actions committed (which can only injure it)."""
    plain = attack_value(modifier, 4, 2, 0)
    assert plain > attack_value(modifier, 4, 2, 3) == 0.0
    assert plain == kill_chance(modifier, 4, 2)


def test_d5_every_action_goes_into_the_attack_that_finishes_a_hurt_alien() -> None:
    assert attack_value(3, 4, 1, 3) == kill_chance(3, 4, 1) == 1.0
    assert attack_value(1, 4, 1, 3) == kill_chance(1, 4, 1)


def test_c72_a_grid_a_human_can_walk_into_is_where_the_alien_will_not_stop() -> None:
    game = quick_game(4)
    seen = view(game.state, "alien", game.ship, game.content)
    danger = Danger(seen, game.ship)
    human = next(Grid.parse(h.grid) for h in seen.crew if h.grid and h.condition == "well")
    assert danger(human) >= 3
    far = [g for g in game.ship.cells if danger(g) == 0]
    assert far  # somewhere on the ship no human reaches next phase


def _hidden_alien_crew_phase(seed: int) -> tuple[Game, HardCrew]:
    """Hard crew against the easy alien up to a crew phase with the alien hidden
    somewhere among several grids of the crew's belief."""
    game = Game.new(seed)
    crew = player_for(Side.CREW, "hard")
    assert isinstance(crew, HardCrew)
    alien = player_for(Side.ALIEN, "easy")
    rngs = {Side.CREW: Rng(seed), Side.ALIEN: Rng(seed + 1)}
    while game.state.phase is not Phase.OVER and game.state.turn <= 12:
        side = acting_side(game.state)
        hidden = all(a.pipe_running for a in game.state.aliens.values())
        wide = crew.belief is not None and len(crew.belief.all_grids()) > 1
        if side is Side.CREW and game.state.phase is Phase.CREW and hidden and wide:
            return game, crew
        player = crew if side is Side.CREW else alien
        events = game.play(
            side, decide(game.state, side, player, game.ship, game.content, rngs[side])
        )
        show(game, [crew], events)
    raise AssertionError("no crew phase with the alien hidden among several grids")


@pytest.mark.parametrize("seed", [1, 3, 5, 9])
def test_c7_the_hard_crew_decides_the_same_wherever_its_belief_says_the_alien_may_hide(
    seed: int,
) -> None:
    """Two positions of the hidden alien the crew cannot tell apart (both in its belief)
    give the same decision: it reads the belief, never the alien's grid."""
    game, crew = _hidden_alien_crew_phase(seed)
    assert crew.belief is not None
    alien = next(iter(game.state.aliens.values()))
    places = sorted(crew.belief.grids(alien.id))
    assert alien.grid in places and len(places) > 1
    choices = set()
    for place in places[:: max(1, len(places) // 6)]:
        alien.grid = place
        choices.add(decide(game.state, Side.CREW, crew, game.ship, game.content, Rng(7)))
    assert len(choices) == 1


def test_c9_the_keeper_nearest_the_toolkit_fetches_it_before_going_to_the_damage() -> None:
    """Haddad, the only Engineer, stands two steps from the Workshop's locker when the
    G-Core Drive is damaged: nobody else can bring the ToolKit, so he fetches it first
    (a repair needs it, C.9) rather than walk to the damage empty-handed."""
    game = scenario_game(
        """
        scenario
        seed 1
        turn 5 crew
        crew haddad 0-H3 role="Chief Engineer"
        crew tanaka 2-X5 role=Captain
        alien alien1 Larva 2-X10
        nexus 0-E3 "G-Core Drive" revealed
        end
        """
    )
    command = decide(game.state, Side.CREW, HardCrew(), game.ship, game.content, Rng(3))
    assert isinstance(command, c.Move) and command.unit == "haddad"
    assert command.route[-1] == Grid.parse("0-F1")  # the locker, not the damage at 0-E3


def _toolkit_at_hand() -> Game:
    """The G-Core Drive is damaged; the ToolKit lies where Tanaka stands with a Carbine,
    and Haddad, the only Engineer, stands there too with a Carbine of its own."""
    return scenario_game(
        """
        scenario
        seed 1
        turn 5 crew
        crew haddad 0-H5 role="Chief Engineer" carries=carbine1
        crew tanaka 0-H5 role=Captain carries=carbine2
        item toolkit1 ToolKit 0-H5
        alien alien1 Larva 2-X10
        nexus 0-E3 "G-Core Drive" revealed
        end
        """
    )


def test_e31_the_keeper_with_no_room_drops_its_gear_and_takes_the_toolkit() -> None:
    """E.3.1: a Carbine (two dots) and the ToolKit (two) are more than a human carries,
    so the rules refuse Haddad's pick-up; dropping is free (E.3.2), so he drops the
    Carbine and then picks the ToolKit up, rather than leave it lying while the
    countdown runs (C.9)."""
    game = _toolkit_at_hand()
    crew = HardCrew()
    legal = legal_for(game.state, Side.CREW, game.ship, game.content)
    assert c.PickUp("haddad", ("toolkit1",)) not in legal  # no room: the rules refuse it
    first = decide(game.state, Side.CREW, crew, game.ship, game.content, Rng(3))
    assert first == c.Drop("haddad", ("carbine1",))
    events = game.play(Side.CREW, first)
    seen = view(game.state, "crew", game.ship, game.content)
    crew.observe(events_for(events, "crew"), seen, game.ship)  # E.3.2: it reads its drop
    second = decide(game.state, Side.CREW, crew, game.ship, game.content, Rng(3))
    assert second == c.PickUp("haddad", ("toolkit1",))


def test_e31_the_keeper_picks_up_nothing_that_leaves_no_room_for_the_toolkit() -> None:
    """With the ToolKit still to come, the keeper leaves a Carbine (two dots) lying:
    carrying it, he could not take the ToolKit (E.3.1)."""
    game = scenario_game(
        """
        scenario
        seed 1
        turn 5 crew
        crew haddad 0-H5 role="Chief Engineer"
        item carbine1 Carbine 0-H5
        item toolkit1 ToolKit 0-F1 in-locker
        alien alien1 Larva 2-X10
        end
        """
    )
    view_of = view(game.state, "crew", game.ship, game.content)
    crew = HardCrew()
    crew.kinds = {"carbine1": "Carbine"}
    score = crew.scorer(view_of, game.ship, game.content)
    assert score(c.PickUp("haddad", ("carbine1",))) < 0


def test_c9_the_keeper_takes_the_toolkit_itself_when_nobody_is_nearer() -> None:
    """The Engineer and another human stand one step from the ToolKit, the damage beyond
    it: the Engineer picks it up on its way (C.9) rather than wait for a hand-over that
    C.2 can only make after the other human has acted."""
    game = scenario_game(
        """
        scenario
        seed 1
        turn 16 crew
        crew lindqvist 1-D6 role=Captain
        crew mensah 1-D6 role="Chief Engineer"
        item toolkit1 ToolKit 1-C6
        alien alien1 Larva 2-X10
        nexus 1-B10 "Life Support" revealed
        end
        """
    )
    seen = view(game.state, "crew", game.ship, game.content)
    team = team_plan(seen, game.ship, "toolkit1", [Grid.parse("1-B10")], frozenset())
    assert (team.keeper, team.courier) == ("mensah", "mensah")


def test_c2_the_toolkit_reaches_the_damage_before_the_keeper_goes_in_to_repair() -> None:
    """Hyun has carried the ToolKit to the damaged Life Support; Haddad, the Engineer, is
    two steps away. C.2 lets a unit act only once a phase, so the order matters: Hyun
    leaves the ToolKit at the damage (E.3.2: dropping is free), then Haddad walks in, picks
    it up and repairs (C.9). Had Haddad gone in first, he could not have had it."""
    game = scenario_game(
        """
        scenario
        seed 1
        turn 16 crew
        crew hyun 1-B10 role=Captain carries=toolkit1
        crew haddad 1-B8 role="Chief Engineer"
        alien alien1 Larva 2-X10
        nexus 1-B10 "Life Support" revealed
        end
        """
    )
    crew = HardCrew()
    crew.kit_id = "toolkit1"  # read when Hyun picked it up (E.3.2)
    played = []
    while acting_side(game.state) is Side.CREW and len(played) < 8:
        command = decide(game.state, Side.CREW, crew, game.ship, game.content, Rng(3))
        played.append(command)
        events = game.play(Side.CREW, command)
        seen = view(game.state, "crew", game.ship, game.content)
        crew.observe(events_for(events, "crew"), seen, game.ship)
        if isinstance(command, c.Repair):
            break
    assert played[0] == c.Drop("hyun", ("toolkit1",)), played
    assert isinstance(played[-1], c.Repair) and played[-1].unit == "haddad", played
