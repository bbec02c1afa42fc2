"""Levels of the game-controlled players: each decides from its side's view,
its side's events and the legal list only (C.3, C.7)."""

from __future__ import annotations

import pytest

from engine import commands as c
from engine.board.grid import Grid
from engine.dice import Rng
from engine.game import Game
from engine.legal import is_legal
from engine.players.base import acting_side, play_game
from engine.players.expert import Budget, SearchParams
from engine.players.levels import LEVELS, decide_at_level, player_for
from engine.players.memory import Memory, remembered
from engine.state import Phase, Side
from tests.games import quick_game

SEARCH = SearchParams(budget=Budget(iterations=8), narrow=200)  # the expert: no time limit


def _advance(game: Game, plies: int, level: str) -> None:
    rng = Rng(5)
    for _ in range(plies):
        if game.state.phase is Phase.OVER:
            return
        side = acting_side(game.state)
        game.play(side, decide_at_level(game, side, level, rng, SEARCH))


def _choice(game: Game, side: Side, level: str) -> c.Command:
    return decide_at_level(game, side, level, Rng(11), SEARCH)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_c3_crew_choice_ignores_alien_secrets_at_every_level(seed: int, level: str) -> None:
    game = quick_game(seed)
    _advance(game, 6 + seed * 5, level)
    if game.state.phase is not Phase.CREW:
        return
    before = _choice(game, Side.CREW, level)
    secrets = game.state.alien_secrets
    secrets.abilities = [a for a in ("Venom", "Carapace") if a not in secrets.revealed_abilities]
    for alien in game.state.aliens.values():
        if alien.pipe_running:  # C.7: where it hides is the alien's secret
            alien.grid = (
                Grid.parse("1-F6") if alien.grid != Grid.parse("1-F6") else Grid.parse("1-C5")
            )
    assert _choice(game, Side.CREW, level) == before


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_c3_alien_choice_ignores_crew_secrets_at_every_level(seed: int, level: str) -> None:
    game = quick_game(seed)
    _advance(game, seed * 3, level)
    if game.state.phase is not Phase.ALIEN:
        game.play("crew", "pass")
    before = _choice(game, Side.ALIEN, level)
    state = game.state
    state.crew_secrets.blueprints = ["Flame Caster", "Scanners"]
    for item in state.items.values():
        if item.in_locker:
            item.kind = "Dunsel"
    assert _choice(game, Side.ALIEN, level) == before


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_levels_play_only_legal_commands_to_the_end(level: str) -> None:
    game = play_game(3, player_for(Side.CREW, level), player_for(Side.ALIEN, level), turn_cap=15)
    assert game.state.turn > 1 or game.state.phase is Phase.OVER


def test_unknown_level_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="easy, normal, hard"):
        player_for(Side.CREW, "nightmare")


def test_decide_at_level_is_legal() -> None:
    game = quick_game(2)
    _advance(game, 10, "hard")
    side = acting_side(game.state)
    cmd = _choice(game, side, "hard")
    assert is_legal(game.state, side, cmd, game.ship, game.content)


def _lines(game: Game) -> list[tuple[Side, str]]:
    return [(e.side, e.command.notation()) for e in game.log]


def test_a_memory_fed_the_command_list_knows_what_a_player_that_watched_knows() -> None:
    """A caller holding only the current phase (the bot) hands the full stored list to a
    Memory: its belief is the one a player watching the whole game built (C.7)."""
    watcher = player_for(Side.CREW, "hard")
    game = play_game(6, watcher, player_for(Side.ALIEN, "easy"), turn_cap=6)
    memory = Memory(6, Side.CREW, "hard", game.ship, game.content)
    assert memory.follow(_lines(game)[:40]) and memory.follow(_lines(game))
    inner = getattr(watcher, "inner", watcher)
    assert memory.game.state == game.state
    assert memory.player.belief.where == inner.belief.where  # type: ignore[attr-defined]


def test_a_memory_whose_past_was_rewritten_is_rebuilt_from_the_list() -> None:
    game = quick_game(2)
    _advance(game, 12, "easy")
    lines = _lines(game)
    old = remembered(game, Side.ALIEN, "hard", lines, None)
    rewritten = [*lines[:-1], (Side.ALIEN, "examine 1-A1")]
    assert not old.follow(rewritten)
    assert remembered(game, Side.ALIEN, "hard", lines, old).lines == lines
