"""The `normal`/`hard` crew fabricates (E.4.2, G.2) only where its belief puts the alien
beyond reach of the workroom next alien phase."""

from __future__ import annotations

import pytest

from engine import commands as c
from engine.board.geometry import Mover
from engine.board.grid import Grid
from engine.dice import Rng
from engine.game import Game
from engine.players.base import decide
from engine.players.fabricate_plan import ALIEN_REACH, out_of_reach, workroom
from engine.players.hard_crew import HardCrew
from engine.players.tactics import distances
from engine.records.scenario import scenario_game
from engine.state import Side
from engine.views import view

LAB = "1-G10"  # an obstructed grid of the Lab, where a Scanner is made (G.2.3)


def _in_the_lab(alien: str) -> Game:
    return scenario_game(
        f"""
        scenario
        seed 1
        turn 5 crew
        crew okeke {LAB} role="Science Officer" carries=supplies3
        crew tanaka {LAB} role=Captain
        supplies supplies3 electronics examined=crew
        alien alien1 Larva {alien}
        crew-side blueprints=Scanner
        end
        """
    )


def _choice(game: Game) -> c.Command:
    return decide(game.state, Side.CREW, HardCrew(), game.ship, game.content, Rng(5))


def test_e42_a_scientist_with_electronics_knows_the_lab_is_where_its_scanner_is_made() -> None:
    game = _in_the_lab("2-X10")
    seen = view(game.state, "crew", game.ship, game.content)
    okeke = next(h for h in seen.crew if h.id == "okeke")
    assert Grid.parse(LAB) in workroom(seen, okeke, game.ship, game.content)


@pytest.mark.parametrize(("alien", "fabricates"), [("2-X10", True), ("1-H5", False)])
def test_e42_the_crew_fabricates_only_when_the_alien_is_beyond_reach(
    alien: str, fabricates: bool
) -> None:
    game = _in_the_lab(alien)
    assert out_of_reach(game.ship, Grid.parse(LAB), [Grid.parse(alien)]) is fabricates
    choice = _choice(game)
    assert isinstance(choice, c.Fabricate) is fabricates, (choice, ALIEN_REACH)


def test_e42_a_scientist_carrying_electronics_walks_to_the_lab_to_make_the_scanner() -> None:
    """Okeke carries a crate of electronics the crew has read and holds the Scanner's
    blueprint (G.2.3): with no other errand, the crew walks it to the Lab (E.4.2)."""
    game = scenario_game(
        """
        scenario
        seed 1
        turn 5 crew
        crew okeke 1-P5 role="Science Officer" carries=supplies3
        supplies supplies3 electronics examined=crew
        alien alien1 Larva 2-X10
        crew-side blueprints=Scanner
        end
        """
    )
    choice = _choice(game)
    assert isinstance(choice, c.Move) and choice.unit == "okeke"
    to_lab = distances(game.ship, Grid.parse(LAB), Mover.HUMAN, game.state.doors)
    assert to_lab[choice.route[-1]] < to_lab[Grid.parse("1-P5")]
