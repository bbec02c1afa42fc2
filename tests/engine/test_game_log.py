"""A game is a seed plus its commands: replay, undo and rollback."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.commands import parse
from engine.errors import RuleError
from engine.events import OrderLapsed
from engine.game import Game
from engine.legal import legal_commands
from engine.records.scenario import scenario_game
from engine.records.script import read_script
from engine.state import Phase, Side
from tests.engine.test_knowledge import LEFT_BEHIND, WITHIN_REACH
from tests.games import quick_game, staged


def _acting(game: Game) -> Side:
    return Side.ALIEN if game.state.phase is Phase.ALIEN else Side.CREW


def random_playout(game: Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if game.state.phase is Phase.OVER:
            return
        side = _acting(game)
        options = legal_commands(game.state, side, game.ship, game.content)
        game.play(side, rng.choice(options))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 25), choice=st.randoms())
def test_replay_of_the_log_equals_the_state(seed: int, moves: int, choice: random.Random) -> None:
    game = quick_game(seed)
    random_playout(game, choice, moves)
    again = Game.replay(game.seed, [(e.side, e.command) for e in game.log])
    assert again.state == game.state
    assert again.log == game.log


LEVEL_GAMES = sorted((Path(__file__).parents[1] / "fixtures" / "level_games").glob("*.qs"))


@pytest.mark.parametrize("path", LEVEL_GAMES, ids=lambda p: p.stem)
def test_a_replay_ends_where_playing_the_lines_one_by_one_ends(path: Path) -> None:
    """Replay plays each line on the state itself, not a copy (Game._replay): the state
    and the log (each entry's undo mark, turn, phase, secret consulted) are play's."""
    played = read_script(path.read_text()).game
    again = Game.replay(played.seed, [(e.side, e.command) for e in played.log])
    assert again.state == played.state
    assert again.log == played.log


@pytest.mark.parametrize("path", LEVEL_GAMES[:4], ids=lambda p: p.stem)
def test_the_logs_events_replayed_are_the_events_play_gave(path: Path) -> None:
    """Game.events replays without copies: each command's events are play's."""
    played = read_script(path.read_text()).game
    again = Game(played.seed, played.ship, played.content, played.start_state())
    given = [again.play(e.side, e.command) for e in played.log]
    before = played.state.clone()
    assert played.events() == given
    assert played.state == before


def test_an_order_overtaken_by_a_leftover_search_replays_as_it_was_played() -> None:
    """C.8: the order that lapses is judged before the search and, in a replay too,
    played on a copy, since the lapse starts again from the state as it was."""
    game = scenario_game(LEFT_BEHIND.format(grid=WITHIN_REACH))
    events = game.play("crew", "search ortiz 2")
    assert any(isinstance(e, OrderLapsed) for e in events)
    after, log = game.state.clone(), list(game.log)
    game.play("crew", "end ortiz")
    game.truncate(game.length - 1)  # replayed from the scenario's start
    assert game.state == after and game.log == log
    assert game.events() == [events]


def test_a_line_a_replay_cannot_play_is_refused_as_play_refuses_it() -> None:
    game = quick_game(3)
    lines = [(e.side, e.command) for e in game.log]
    with pytest.raises(RuleError) as played:
        game.play("alien", "move alien 2-X12")
    with pytest.raises(RuleError) as replayed:
        Game.replay(game.seed, [*lines, (Side.ALIEN, parse("move alien 2-X12"))])
    assert replayed.value.describe() == played.value.describe()


def test_a_refused_command_changes_nothing_and_is_not_logged() -> None:
    game = quick_game(3)
    before, log = game.state.clone(), list(game.log)
    with pytest.raises(RuleError):
        game.play("alien", "move alien 2-X12")
    assert game.state == before and game.log == log


def test_undo_takes_back_a_sides_own_last_command() -> None:
    game = quick_game(3)
    game.play("alien", "piperun alien")
    before = game.state.clone()
    game.play("alien", "wait alien")
    assert game.state.alien("alien1").actions < before.alien("alien1").actions
    game.undo("alien")
    assert game.state == before


def test_a_command_that_ended_its_phase_is_not_taken_back() -> None:
    """C.2: the Larva's last action ends the alien's phase; a phase that is over is not
    played again (the bot starts the next one at once)."""
    game = quick_game(3)
    target = next(
        c
        for c in legal_commands(game.state, Side.ALIEN, game.ship, game.content)
        if c.verb == "move"
    )
    game.play("alien", target)
    assert game.state.phase is Phase.CREW
    with pytest.raises(RuleError, match="played nothing this phase"):
        game.undo("alien")


def test_undo_never_takes_back_the_other_sides_command() -> None:
    game = quick_game(3)
    game.play("alien", "piperun alien")
    with pytest.raises(RuleError, match="your side has played nothing this phase"):
        game.undo("crew")


def test_undo_is_refused_once_a_die_was_rolled_or_a_secret_revealed() -> None:
    game = Game.new(3)
    game.play("alien", "quick")
    with pytest.raises(RuleError, match="a die was rolled or something hidden"):
        game.undo("alien")  # quick setup drew at random


def test_a_moderator_rolls_back_to_the_start_of_an_earlier_phase() -> None:
    game = quick_game(4)
    start_of_turn_1 = game.state.clone()
    game.play("alien", "piperun alien")
    game.play("alien", "pass")
    game.play("crew", "pass")
    assert game.state.turn == 2
    game.rollback(1, Phase.ALIEN)
    assert game.state == start_of_turn_1


def test_the_log_reads_back_as_a_script() -> None:
    game = quick_game(4)
    game.play("alien", "piperun alien")
    assert game.script().splitlines() == [
        "seed 4",
        "crew: quick",
        "alien: quick",
        "alien: piperun alien1",
    ]


def test_undo_is_refused_once_a_crate_was_examined() -> None:
    """C.3: what a side learned by looking cannot be unlearned."""
    probe = quick_game(6)
    crate = next(i for i in probe.state.items.values() if i.kind == "Supplies")
    game = staged(6, crew={"hyun": str(crate.grid)}, alien="2-H8", phase=Phase.CREW)
    game.play("crew", f"examine hyun {crate.id}")
    with pytest.raises(RuleError, match="revealed"):
        game.undo("crew")


def test_a_rebased_game_undoes_within_its_phase_and_never_past_the_start() -> None:
    """Undo replays only the log since the phase start (kept as snapshot text)."""
    from engine.records import snapshot

    game = quick_game(3)
    length = len(game.log)
    game.rebase(snapshot.dump(game.state))
    assert game.length == length and game.log == []
    before = game.state.clone()
    side = _acting(game)
    move = next(
        c for c in legal_commands(game.state, side, game.ship, game.content) if c.verb == "move"
    )
    game.play(side, move)
    if game.can_undo(side) is None:
        game.undo(side)
        assert game.state == before and game.length == length
    assert str(game.can_undo(side)) == "your side has played nothing this phase"
