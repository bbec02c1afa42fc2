"""Game-controlled players: honest (view and legal list only), legal, games end, strong."""

from __future__ import annotations

import pytest

from engine import commands as c
from engine.content_models import Outcome
from engine.dice import Rng
from engine.game import Game
from engine.legal import is_legal
from engine.players import alien_ai, crew_ai, decide, play_game
from engine.players.base import Player, acting_side
from engine.score import score
from engine.state import Phase, Side
from tests.games import quick_game

HUMAN = {Outcome.DECISIVE_HUMAN, Outcome.MARGINAL_HUMAN}
ALIEN = {Outcome.DECISIVE_ALIEN, Outcome.MARGINAL_ALIEN}


def _advance(game: Game, plies: int) -> None:
    """Play the AIs against each other for a few commands from a quick set-up."""
    rng = Rng(5)
    for _ in range(plies):
        if game.state.phase is Phase.OVER:
            return
        side = acting_side(game.state)
        player = alien_ai if side is Side.ALIEN else crew_ai
        game.play(side, decide(game.state, side, player, game.ship, game.content, rng))


def _choice(game: Game, side: Side, player: Player) -> c.Command:
    return decide(game.state, side, player, game.ship, game.content, Rng(11))


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_alien_choice_ignores_crew_secrets(seed: int) -> None:
    game = quick_game(seed)
    _advance(game, seed * 3)
    if game.state.phase is not Phase.ALIEN:
        game.play("crew", "pass")
    before = _choice(game, Side.ALIEN, alien_ai)
    state = game.state
    state.crew_secrets.blueprints = ["Flame Caster", "Scanners"]
    roles = [h.role for h in state.humans.values() if h.role and "role" not in h.revealed]
    for human, role in zip(
        (h for h in state.humans.values() if h.role and "role" not in h.revealed),
        reversed(roles),
        strict=True,
    ):
        human.role = role
    for item in state.items.values():
        if item.in_locker:
            item.kind = "Dunsel"
    assert _choice(game, Side.ALIEN, alien_ai) == before


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_crew_choice_ignores_alien_secrets(seed: int) -> None:
    game = quick_game(seed)
    game.play("alien", "pass")
    _advance(game, seed)
    if game.state.phase is not Phase.CREW:
        return
    before = _choice(game, Side.CREW, crew_ai)
    shown = game.state.alien_secrets.revealed_abilities
    larva = game.state.alien("alien1")
    larva.abilities = [a for a in ("Venom", "Carapace") if a not in shown]
    assert _choice(game, Side.CREW, crew_ai) == before


@pytest.mark.parametrize("seed", [7, 8])
def test_ais_only_play_legal_commands(seed: int) -> None:
    game = quick_game(seed)
    rng = Rng(seed)
    for _ in range(150):
        if game.state.phase is Phase.OVER:
            break
        side = acting_side(game.state)
        player = alien_ai if side is Side.ALIEN else crew_ai
        command = decide(game.state, side, player, game.ship, game.content, rng)
        assert is_legal(game.state, side, command, game.ship, game.content), command
        game.play(side, command)


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_ai_vs_ai_games_end_within_the_cap(seed: int) -> None:
    game = play_game(seed, crew_ai, alien_ai, turn_cap=80)
    assert game.state.phase is Phase.OVER, f"seed {seed} capped at turn {game.state.turn}"


def test_ai_alien_beats_random_crew() -> None:
    wins = 0
    for seed in range(1, 11):
        game = play_game(seed, None, alien_ai, turn_cap=80)
        wins += score(game.state, game.content).outcome in ALIEN
    assert wins >= 8


def test_ai_crew_beats_random_alien() -> None:
    wins = 0
    for seed in range(1, 9):
        game = play_game(seed, crew_ai, None, turn_cap=80)
        wins += score(game.state, game.content).outcome in HUMAN
    assert wins >= 7
