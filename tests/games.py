"""Games for tests: a quick-set-up game, then pieces put exactly where a rule bites."""

from __future__ import annotations

from engine.board.grid import Grid
from engine.context import Ctx
from engine.dice import Rng
from engine.game import Game
from engine.phases import begin_phase
from engine.state import Condition, Phase


def quick_game(seed: int = 1) -> Game:
    game = Game.new(seed)
    game.play("crew", "quick")
    game.play("alien", "quick")
    return game


def staged(
    seed: int = 1,
    *,
    crew: dict[str, str] | None = None,
    alien: str | None = None,
    phase: Phase = Phase.ALIEN,
    pipe_running: bool = False,
) -> Game:
    """A quick game with the named humans moved to grids, every other living human
    parked out of the way in the Engines, the alien moved, and ``phase`` begun fresh.
    Humans are named by id ("hyun"); the game's survivors are re-rolled as needed
    so the named ones are alive and well."""
    game = quick_game(seed)
    state = game.state
    crew = crew or {}
    parking = iter(sorted(g for g in game.ship.cells if game.ship.region_of(g).name == "Engines"))
    for human in state.humans.values():
        if human.condition is Condition.DECEASED and human.id not in crew:
            continue
        human.holder = None
        if human.id in crew:
            human.condition = Condition.WELL
            human.grid = Grid.parse(crew[human.id])
            if human.role is None:
                human.role = "Captain"
        elif human.condition is not Condition.DECEASED:
            human.grid = next(parking)
            human.condition = Condition.WELL
    for item in state.items.values():
        if item.holder is not None:
            item.holder, item.grid = None, Grid.parse("0-W5")
    if alien is not None:
        grid = Grid.parse(alien)
        larva = state.alien("alien1")
        larva.grid, larva.path = grid, [grid]
        larva.run_start = 0 if pipe_running else None
    ctx = Ctx(state, game.ship, game.content)
    if phase is Phase.CREW:
        state.turn = 1
    begin_phase(ctx, phase)
    return game


def seed_rolling(first: int) -> int:
    """A generator seed whose first d6 is ``first``."""
    return next(s for s in range(10_000) if Rng(s).d6() == first)
