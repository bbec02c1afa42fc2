"""The expert alien follows the ToolKit from public events (B.1.1, C.3, E.3.2, D.5) and
sabotages the nexus it reaches least in time (C.9)."""

from __future__ import annotations

from engine import commands as c
from engine.board.geometry import Mover
from engine.board.grid import Grid
from engine.dice import Rng
from engine.game import Game
from engine.players.base import decide
from engine.players.hard_alien import HardAlien
from engine.players.tactics import distances
from engine.players.toolkit_trail import ToolKitTrail
from engine.records.scenario import scenario_game
from engine.state import Side
from engine.views import events_for, view

LOCKER = Grid.parse("0-F1")  # the Workshop's locker (data/ship.txt)
NEXUS = ("0-E3", "1-B10")


def _play(game: Game, trail: ToolKitTrail, *commands: str) -> None:
    """Play crew commands, the trail reading only what the alien may read."""
    for text in commands:
        events = game.play(Side.CREW, c.parse(text))
        seen = view(game.state, "alien", game.ship, game.content)
        trail.observe(events_for(events, "spectator"), seen)


def _workshop() -> Game:
    return scenario_game(
        """
        scenario
        seed 1
        turn 6 crew
        crew lindqvist 0-F1 role=Captain
        crew haddad 0-F2 role="Chief Engineer"
        alien alien1 Larva 2-X10 piperun
        end
        """
    )


def test_b11_the_toolkit_is_in_the_workshop_locker_until_it_is_opened() -> None:
    game = _workshop()
    trail = ToolKitTrail(game.ship)
    assert trail.grids(view(game.state, "alien", game.ship, game.content)) == {LOCKER}


def test_e32_the_alien_follows_the_toolkit_picked_up_and_handed_over_without_seeing_it() -> None:
    game = _workshop()
    trail = ToolKitTrail(game.ship)
    _play(game, trail, "unlock lindqvist")
    gear = next(i for i, item in game.state.items.items() if item.grid == LOCKER)
    _play(game, trail, f"pickup lindqvist {gear}", "move lindqvist 0-F2")
    seen = view(game.state, "alien", game.ship, game.content)
    assert trail.grids(seen) == {Grid.parse("0-F2")}  # Lindqvist carries it
    _play(game, trail, f"give lindqvist {gear} to haddad")
    assert trail.holders == {"lindqvist", "haddad"}  # a face-down marker went over: maybe it


def _sabotage(holder: str | None) -> tuple[int, int]:
    """How far from 0-E3 and from 1-B10 the alien's first move ends: it starts at 0-D8,
    six steps from 0-E3 and five from 1-B10; Haddad and Okeke stand near 0-E3, Tanaka
    and Mehta near 1-B10 (no lone prey)."""
    game = scenario_game(
        """
        scenario
        seed 1
        turn 6 alien
        crew haddad 0-E1 role="Chief Engineer" carries=toolkit1
        crew okeke 0-E1 role="Science Officer"
        crew tanaka 1-B6 role=Captain
        crew mehta 1-B6 role=Corpsman
        alien alien1 Larva 0-D8 piperun
        end
        """
    )
    alien = HardAlien(saboteur=holder is not None)
    if holder is not None:
        alien.trail = ToolKitTrail(game.ship)
        alien.trail.opened, alien.trail.holders = True, {holder}
    command = decide(game.state, Side.ALIEN, alien, game.ship, game.content, Rng(1))
    assert isinstance(command, c.Move)
    end = command.route[-1]
    steps = [distances(game.ship, Grid.parse(n), Mover.ALIEN, {})[end] for n in NEXUS]
    return steps[0], steps[1]


def test_c9_the_expert_alien_sabotages_the_nexus_farthest_from_the_toolkit() -> None:
    """With the ToolKit near 0-E3 it goes for 1-B10, with it near 1-B10 for 0-E3; the
    hard alien, which does not follow the ToolKit, goes the same way either time."""
    to_e3, to_b10 = _sabotage("haddad")
    assert to_b10 < to_e3
    to_e3, to_b10 = _sabotage("tanaka")
    assert to_e3 < to_b10
    assert _sabotage(None) == _sabotage("haddad")
