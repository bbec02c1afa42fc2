"""Random playouts: many seeded games of random legal commands, checked after every command.

Each command is applied twice from the same state (the game's move, then a replay of
it) and must give equal states; by induction the whole log replays to the state.
The games run on every core; how they ended is printed at the end of the run
(``tests/conftest.py``)."""

from __future__ import annotations

import multiprocessing
import os
from collections import Counter

import pytest

from engine.dice import Rng
from engine.game import Game
from engine.invariants import check_invariants
from engine.random_player import choose
from engine.rules import apply
from engine.setup import waiting_on
from engine.state import Phase, Side

GAMES = 200
TURN_CAP = 60
ENDINGS: Counter[str] = Counter()
VERBS: Counter[str] = Counter()


def _acting(game: Game) -> Side:
    if game.state.phase is Phase.SETUP:
        return waiting_on(game.state)[0]
    return Side.ALIEN if game.state.phase is Phase.ALIEN else Side.CREW


def play_random_game(seed: int, verbs: Counter[str]) -> Game:
    return play_on(Game.new(seed), verbs, TURN_CAP)


def play_on(game: Game, verbs: Counter[str], last_turn: int) -> Game:
    """Random legal commands, set-up included, until the end or ``last_turn``."""
    seed = game.seed
    player = Rng(seed ^ 0x5EED)
    while game.state.phase is not Phase.OVER and game.state.turn <= last_turn:
        side = _acting(game)
        command = choose(game.state, side, game.ship, game.content, player)
        assert command is not None, f"seed {seed}: {side} has no legal command"
        before = game.state
        game.play(side, command)
        verbs[command.verb] += 1
        again, _ = apply(before, side, command, game.ship, game.content)
        assert again == game.state, f"seed {seed}: replaying {command} gave another state"
        problems = check_invariants(game.state, game.ship, game.content)
        assert not problems, f"seed {seed} after {command}: {problems}"
    return game


def _one_game(seed: int) -> tuple[str, Counter[str]]:
    verbs: Counter[str] = Counter()
    game = play_random_game(seed, verbs)
    return game.state.result or f"turn cap ({TURN_CAP})", verbs


@pytest.fixture(scope="module")
def outcomes() -> list[tuple[str, Counter[str]]]:
    Game.new(0)  # build the ship's sight tables once, before the workers fork
    with multiprocessing.get_context("fork").Pool(os.cpu_count() or 1) as pool:
        return pool.map(_one_game, range(GAMES))


def test_random_legal_games_keep_every_invariant(
    outcomes: list[tuple[str, Counter[str]]],
) -> None:
    for ending, verbs in outcomes:
        ENDINGS[ending] += 1
        VERBS.update(verbs)
    assert sum(ENDINGS.values()) == GAMES


def test_replay_of_a_whole_random_game_equals_its_state() -> None:
    game = play_random_game(GAMES + 1, Counter())
    again = Game.replay(game.seed, [(e.side, e.command) for e in game.log])
    assert again.state == game.state
