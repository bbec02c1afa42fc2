"""The `normal`/`hard` crew abandons a lost ship (C.9, E.2.4, F.1): when no well Engineer
can bring the ToolKit to a damaged critical system in time, by the crew's own view, the
humans make for the nearest life pods with seats left and launch them."""

from __future__ import annotations

from collections import Counter

from engine import commands as c
from engine.board.grid import Grid
from engine.dice import Rng
from engine.game import Game
from engine.players.base import decide
from engine.players.hard_crew import HardCrew, toolkit_grid
from engine.players.pods_plan import escape_plan, ship_lost
from engine.records.scenario import scenario_game
from engine.state import Fate, Side
from engine.views import view

POD1 = Grid.parse("0-X5")
DAMAGE = Grid.parse("1-P12")


def _lost_ship(engineer: str, *, extra: str = "") -> Game:
    return scenario_game(
        f"""
        scenario
        seed 1
        turn 5 crew
        crew tanaka 0-X5 role=Captain
        crew okeke 0-W5 role="Science Officer"
        crew haddad {engineer} role="Chief Engineer"
        alien alien1 Larva 2-X10
        nexus 1-P12 "Life Support" revealed rotated=3
        {extra}
        end
        """
    )


def _crew_decision(game: Game, crew: HardCrew | None = None) -> c.Command:
    return decide(game.state, Side.CREW, crew or HardCrew(), game.ship, game.content, Rng(3))


def test_c9_a_ship_no_well_engineer_can_save_is_lost_in_the_crews_view() -> None:
    game = _lost_ship("2-C6 unconscious")
    seen = view(game.state, "crew", game.ship, game.content)
    damaged = [Grid.parse("1-P12")]
    assert ship_lost(seen, game.ship, damaged, {}, toolkit_grid(seen, game.ship))


def test_c9_an_engineer_with_the_toolkit_beside_the_damage_can_still_save_the_ship() -> None:
    game = _lost_ship("1-P12 carries=toolkit1")
    seen = view(game.state, "crew", game.ship, game.content)
    damaged = [Grid.parse("1-P12")]
    assert not ship_lost(seen, game.ship, damaged, {}, toolkit_grid(seen, game.ship))
    assert not isinstance(_crew_decision(game), c.Launch)


def test_e24_on_a_lost_ship_the_humans_board_the_nearest_pod_together_and_launch_it() -> None:
    """Okeke walks into the pod Tanaka waits in; the pod goes only with both aboard."""
    game = _lost_ship("2-C6 unconscious")
    crew = HardCrew()
    crew.deadlines[DAMAGE] = 5  # C.9: turn 5's crew phase is the countdown's last
    for _ in range(10):
        command = _crew_decision(game, crew)
        assert not isinstance(command, c.Launch) or game.state.humans["okeke"].grid == POD1
        game.play(Side.CREW, command)
        if isinstance(command, c.Launch):
            break
    fates = {h: game.state.humans[h].fate for h in ("tanaka", "okeke")}
    assert fates == {"tanaka": Fate.ESCAPED, "okeke": Fate.ESCAPED}


def test_e24_c6_a_pod_takes_four_so_the_fifth_human_is_sent_to_another() -> None:
    game = _lost_ship(
        "2-C6 unconscious",
        extra="\n".join(
            f"crew {h} 0-W5 role={r!r}".replace("'", '"')
            for h, r in (("hyun", "Cook"), ("mehta", "Corpsman"), ("nguyen", "Security Chief"))
        ),
    )
    seen = view(game.state, "crew", game.ship, game.content)
    plan = escape_plan(seen, game.ship, game.content.ship.pod_capacity, phases=1)
    assert len(plan.pods) == 5
    assert sorted(list(plan.pods.values()).count(p) for p in set(plan.pods.values())) == [1, 4]


def test_e24_a_carried_human_takes_a_seat_beside_its_carrier() -> None:
    """E.2.4 counts a hurt human carried aboard among the pod's four crewmembers, so the
    carrier and its load take two seats and the pod is filled only to four."""
    game = _lost_ship(
        "2-C6 unconscious",
        extra="""
        crew hyun 0-W5 role=Cook carries=mehta
        crew mehta injured role=Corpsman
        crew nguyen 0-W5 role="Security Chief"
        """,
    )
    seen = view(game.state, "crew", game.ship, game.content)
    plan = escape_plan(seen, game.ship, game.content.ship.pod_capacity, phases=1)
    assert "mehta" not in plan.pods and plan.pods["hyun"] in plan.pods.values()
    seated = Counter(plan.pods.values())
    seated[plan.pods["hyun"]] += 1  # Mehta, in Hyun's arms
    assert max(seated.values()) <= game.content.ship.pod_capacity
    assert sum(seated.values()) == 5  # tanaka, okeke, hyun, mehta and nguyen


def test_e24_with_phases_to_spare_the_humans_near_a_pod_hunt_on_before_leaving() -> None:
    """The alien's death ends the game before the ship is lost (F): a human who can
    still reach its pod later does not leave yet."""
    game = _lost_ship("2-C6 unconscious")
    seen = view(game.state, "crew", game.ship, game.content)
    capacity = game.content.ship.pod_capacity
    assert escape_plan(seen, game.ship, capacity, phases=4).leaving == frozenset()
    assert escape_plan(seen, game.ship, capacity, phases=1).leaving == {"tanaka", "okeke"}


def test_c9_a_ship_is_not_lost_while_a_human_at_the_toolkit_can_bring_it_to_the_engineer() -> None:
    """Three crew phases (turns 5 to 7): Okeke picks the ToolKit up and carries it to the
    damage, where Haddad waits to repair (E.3.2: one action to give it); alone, Haddad
    would have to walk to the Workshop and back. The G-Core Drive at 0-E3 is damaged,
    the ToolKit is still in the Workshop's locker (B.1.1) and Okeke stands at it."""
    game = scenario_game(
        """
        scenario
        seed 1
        turn 5 crew
        crew haddad 0-D5 role="Chief Engineer"
        crew okeke 0-F1 role="Science Officer"
        alien alien1 Larva 2-X10
        nexus 0-E3 "G-Core Drive" revealed
        end
        """
    )
    seen = view(game.state, "crew", game.ship, game.content)
    damaged = [Grid.parse("0-E3")]
    kit = toolkit_grid(seen, game.ship)
    assert not ship_lost(seen, game.ship, damaged, {damaged[0]: 7}, kit)
    assert ship_lost(seen, game.ship, damaged, {damaged[0]: 6}, kit)  # two phases: too few
