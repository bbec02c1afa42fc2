"""Random playouts: many seeded games of random legal commands, checked after every command.

The summary of how the games ended is printed at the end of the test run
(see ``tests/conftest.py``)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.dice import Rng
from engine.game import Game
from engine.invariants import check_invariants
from engine.random_player import choose
from engine.rules import apply
from engine.state import Phase, Side

GAMES = 200
TURN_CAP = 60
ENDINGS: Counter[str] = Counter()
VERBS: Counter[str] = Counter()


def _acting(game: Game) -> Side:
    return Side.ALIEN if game.state.phase is Phase.ALIEN else Side.CREW


def play_random_game(seed: int) -> Game:
    game = Game.new(seed)
    game.play("crew", "quick")
    game.play("alien", "quick")
    player = Rng(seed ^ 0x5EED)
    while game.state.phase is not Phase.OVER and game.state.turn <= TURN_CAP:
        side = _acting(game)
        command = choose(game.state, side, game.ship, game.content, player)
        assert command is not None, f"seed {seed}: {side} has no legal command"
        before = game.state
        game.play(side, command)
        VERBS[command.verb] += 1
        again, _ = apply(before, side, command, game.ship, game.content)
        assert again == game.state, f"seed {seed}: replaying {command} gave another state"
        problems = check_invariants(game.state, game.ship, game.content)
        assert not problems, f"seed {seed} after {command}: {problems}"
    return game


@pytest.mark.parametrize("block", range(10))
def test_random_legal_games_keep_every_invariant(block: int) -> None:
    for seed in range(block * GAMES // 10, (block + 1) * GAMES // 10):
        game = play_random_game(seed)
        ENDINGS[game.state.result or f"turn cap ({TURN_CAP})"] += 1


def test_replay_of_a_whole_random_game_equals_its_state() -> None:
    game = play_random_game(GAMES + 1)
    again = Game.replay(game.seed, [(e.side, e.command) for e in game.log])
    assert again.state == game.state
