"""The advisor's reasons (engine/players/expert/reasons.py): in play every suggestion
names its plan's goal, for the unit it moves, at a place of the ship."""

from __future__ import annotations

from engine import commands as c
from engine.dice import Rng
from engine.game import Game
from engine.players.base import acting_side, decide, show
from engine.players.expert import Decision
from engine.players.expert.advice import advise_at_table
from engine.players.expert.reasons import Goal
from engine.players.levels import player_for
from engine.players.tactics import unit_of
from engine.state import Phase, Side


def _advised(seed: int, turns: int, every: int = 6) -> list[tuple[Game, Decision | None]]:
    """Advice for the acting side at every ``every``-th command of a game the `hard`
    players play (set-up left out)."""
    game = Game.new(seed)
    players = {s: player_for(s, "hard") for s in Side}
    rngs = {s: Rng(seed + n) for n, s in enumerate(Side)}
    found: list[tuple[Game, Decision | None]] = []
    played = 0
    while game.state.phase is not Phase.OVER and game.state.turn <= turns:
        side = acting_side(game.state)
        if game.state.phase is not Phase.SETUP and played % every == 0:
            found.append((game, advise_at_table(game, side, seed)))
        command = decide(game.state, side, players[side], game.ship, game.content, rngs[side])
        show(game, players.values(), game.play(side, command))
        played += 1
    return found


def test_every_suggestion_in_play_names_its_goal_unit_and_place() -> None:
    advised = _advised(2, turns=4, every=4)
    assert len(advised) >= 8
    rooms = {r.name for r in advised[0][0].ship.regions.values()}
    goals = set()
    for _, decision in advised:
        assert decision is not None
        command, reason = decision.command, decision.plan
        if reason is None:  # only a search explained by the belief it covers (C.8)
            assert isinstance(command, c.Search) and decision.possible
            continue
        assert reason.unit == unit_of(command)
        assert reason.place in rooms
        goals.add(reason.goal)
    assert len(goals) >= 3  # not one sentence for everything
    assert goals <= set(Goal)
