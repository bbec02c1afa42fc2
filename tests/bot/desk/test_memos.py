"""The desk's two memos give what they stand for, whatever the game does: each viewer's
view of a state (bot.desk.view_memo) is the view built afresh, and a phase's events as
played (bot.desk.phase_memo) are the phase's replay, the ground truth; where the memo
does not hold an entry (an undo rebuilt the log, it fell out), the phase is replayed."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as hs

from bot.desk import loading, phase_memo, view_memo
from engine.commands import Move
from engine.dice import Rng
from engine.game import Game
from engine.legal import legal_commands
from engine.random_player import choose
from engine.setup import waiting_on
from engine.state import Phase, Side
from engine.views import Viewer, view


def acting(game: Game) -> Side:
    if game.state.phase is Phase.SETUP:
        return waiting_on(game.state)[0]
    return Side.ALIEN if game.state.phase is Phase.ALIEN else Side.CREW


def step(game: Game, player: Rng) -> None:
    """One random command, noted as the desk notes it."""
    side = acting(game)
    command = choose(game.state, side, game.ship, game.content, player, patient=True)
    assert command is not None
    phase_memo.note(game, game.play(side, command))


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


@settings(max_examples=6)
@given(seed=hs.integers(1, 5_000), commands=hs.integers(30, 120))
def test_a_phase_s_noted_events_are_its_replay_at_every_phase_end(seed, commands):
    game, player = Game.new(seed), Rng(seed ^ 7)
    ends = 0
    for _ in range(commands):
        if game.state.phase is Phase.OVER:
            break
        stamp = (game.state.turn, game.state.phase)
        step(game, player)
        if (game.state.turn, game.state.phase) != stamp:
            assert phase_memo.phase_events(game) == loading.replay_phase(game)
            game.rebase()
            ends += 1
    assert ends > 0 or game.length < 5


def test_after_an_undo_the_phase_is_replayed_and_its_events_are_the_replay_s(monkeypatch):
    game, player = Game.new(3), Rng(3)
    while game.state.phase is not Phase.CREW:
        step(game, player)
    game.rebase()
    start = game.state
    for first in _crew_moves(game):  # a move that leaves its unit another one
        phase_memo.note(game, game.play(Side.CREW, first))
        if _crew_moves(game, first.unit):
            break
        game.state, game.log = start, []
    phase_memo.note(game, game.play(Side.CREW, _crew_moves(game, first.unit)[0]))
    game.undo(Side.CREW)  # a new log: its entries were never noted
    assert len(game.log) == 1
    replays = []
    real = phase_memo.replay_phase
    monkeypatch.setattr(phase_memo, "replay_phase", lambda g: replays.append(1) or real(g))
    assert phase_memo.phase_events(game) == loading.replay_phase(game)
    assert replays == [1]


def test_the_noted_events_are_used_when_every_entry_was_noted(monkeypatch):
    game, player = Game.new(3), Rng(4)
    for _ in range(6):
        step(game, player)
    expected = loading.replay_phase(game)
    monkeypatch.setattr(phase_memo, "replay_phase", lambda g: [])  # not called
    assert phase_memo.phase_events(game) == expected


def _crew_moves(game: Game, unit: str | None = None) -> list[Move]:
    found = legal_commands(game.state, Side.CREW, game.ship, game.content, unit=unit)
    return [c for c in found if isinstance(c, Move)]
