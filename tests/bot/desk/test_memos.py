"""The desk's memos give what they stand for, whatever the game does: each viewer's view
of a state (bot.desk.view_memo) is the view built afresh."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as hs

from bot.desk import view_memo
from engine.dice import Rng
from engine.game import Game
from engine.random_player import choose
from engine.setup import waiting_on
from engine.state import Phase, Side
from engine.views import Viewer, view


def acting(game: Game) -> Side:
    if game.state.phase is Phase.SETUP:
        return waiting_on(game.state)[0]
    return Side.ALIEN if game.state.phase is Phase.ALIEN else Side.CREW


def step(game: Game, player: Rng) -> None:
    """One random command."""
    side = acting(game)
    command = choose(game.state, side, game.ship, game.content, player, patient=True)
    assert command is not None
    game.play(side, command)


@settings(max_examples=6)
@given(seed=hs.integers(1, 5_000), commands=hs.integers(20, 80))
def test_a_state_s_remembered_view_is_the_view_built_afresh_for_every_viewer(seed, commands):
    game, player = Game.new(seed), Rng(seed)
    seen = []
    for _ in range(commands):
        if game.state.phase is Phase.OVER:
            break
        for viewer in Viewer:
            kept = view_memo.view_of(game.state, viewer, game.ship, game.content)
            assert kept == view(game.state, viewer, game.ship, game.content)
            assert view_memo.view_of(game.state, viewer, game.ship, game.content) is kept
        seen.append(game.state)
        step(game, player)
    for state in seen[:3]:  # long since pushed out of the memo by the later states
        assert view_memo.view_of(state, "crew", game.ship, game.content) == view(
            state, "crew", game.ship, game.content
        )
