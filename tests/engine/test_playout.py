"""Random playouts: many seeded games of random legal commands, checked after every command.

Each command is applied twice from the same state (the game's move, then a replay of
it) and must give equal states; by induction the whole log replays to the state. Besides
the 200 games from set-up, a batch starts from the positions in ``tests/scenarios`` where
every ability and device can come into play. The games run on every core; how they ended
and which commands and abilities they used is printed at the end of the run
(``tests/conftest.py``)."""

from __future__ import annotations

import multiprocessing
import os
from collections import Counter
from pathlib import Path

import pytest

from engine.commands import VERBS
from engine.content_models import Ability
from engine.dice import Rng
from engine.game import Game
from engine.invariants import check_invariants
from engine.random_player import choose
from engine.records.scenario import scenario_game
from engine.rules import apply
from engine.setup import waiting_on
from engine.state import Phase, Side

GAMES = 200
TURN_CAP = 60
SCENARIOS = sorted((Path(__file__).resolve().parents[1] / "scenarios").glob("*.txt"))
SCENARIO_RUNS = 16  # player seeds per scenario
SCENARIO_TURNS = 6
ENDINGS: Counter[str] = Counter()
VERBS_USED: Counter[str] = Counter()
ABILITIES_USED: Counter[str] = Counter()

Outcome = tuple[str, Counter[str], frozenset[str]]


def _acting(game: Game) -> Side:
    if game.state.phase is Phase.SETUP:
        return waiting_on(game.state)[0]
    return Side.ALIEN if game.state.phase is Phase.ALIEN else Side.CREW


def play_random_game(seed: int, verbs: Counter[str]) -> Game:
    return play_on(Game.new(seed), verbs, TURN_CAP, seed)


def play_on(
    game: Game, verbs: Counter[str], last_turn: int, player_seed: int, *, patient: bool = False
) -> Game:
    """Random legal commands, set-up included, until the end or ``last_turn``."""
    seed = game.seed
    player = Rng(player_seed ^ 0x5EED)
    while game.state.phase is not Phase.OVER and game.state.turn <= last_turn:
        side = _acting(game)
        command = choose(game.state, side, game.ship, game.content, player, patient=patient)
        assert command is not None, f"seed {seed}: {side} has no legal command"
        before = game.state
        game.play(side, command)
        verbs[command.verb] += 1
        again, _ = apply(before, side, command, game.ship, game.content)
        assert again == game.state, f"seed {seed}: replaying {command} gave another state"
        problems = check_invariants(game.state, game.ship, game.content)
        assert not problems, f"seed {seed} after {command}: {problems}"
    return game


def _outcome(game: Game, verbs: Counter[str], cap: str) -> Outcome:
    used = frozenset(str(a) for a in game.state.alien_secrets.revealed_abilities)
    return game.state.result or cap, verbs, used


def _one_game(seed: int) -> Outcome:
    verbs: Counter[str] = Counter()
    return _outcome(play_random_game(seed, verbs), verbs, f"turn cap ({TURN_CAP})")


def _one_scenario(job: tuple[int, int]) -> Outcome:
    scenario, player_seed = job
    verbs: Counter[str] = Counter()
    game = scenario_game(SCENARIOS[scenario].read_text(encoding="utf-8"))
    game = play_on(game, verbs, game.state.turn + SCENARIO_TURNS, player_seed, patient=True)
    return _outcome(game, verbs, "scenario turns played")


@pytest.fixture(scope="module")
def outcomes() -> tuple[list[Outcome], list[Outcome]]:
    Game.new(0)  # build the ship's sight tables once, before the workers fork
    jobs = [(s, p) for s in range(len(SCENARIOS)) for p in range(SCENARIO_RUNS)]
    with multiprocessing.get_context("fork").Pool(os.cpu_count() or 1) as pool:
        games = pool.map(_one_game, range(GAMES))
        scenarios = pool.map(_one_scenario, jobs)
    for _, verbs, used in games + scenarios:
        VERBS_USED.update(verbs)
        ABILITIES_USED.update(used)
    ENDINGS.update(ending for ending, _, _ in games)
    return games, scenarios


def test_random_legal_games_keep_every_invariant(
    outcomes: tuple[list[Outcome], list[Outcome]],
) -> None:
    games, scenarios = outcomes
    assert len(games) == GAMES
    assert len(scenarios) == len(SCENARIOS) * SCENARIO_RUNS


def test_random_play_uses_every_command(outcomes: tuple[list[Outcome], list[Outcome]]) -> None:
    assert sorted(set(VERBS) - set(VERBS_USED)) == []


def test_random_play_uses_every_alien_ability(
    outcomes: tuple[list[Outcome], list[Outcome]],
) -> None:
    assert sorted({a.value for a in Ability} - set(ABILITIES_USED)) == []


def test_replay_of_a_whole_random_game_equals_its_state() -> None:
    game = play_random_game(GAMES + 1, Counter())
    again = Game.replay(game.seed, [(e.side, e.command) for e in game.log])
    assert again.state == game.state
