"""What /game export writes: a finished game's script replays it exactly; the
public record of a game in play is what a spectator has seen, and twins (games that
differ only in the hidden alien's route) have identical public records."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from bot.desk.replay_log import GameReplay
from bot.present import export
from bot.store import CommandRow, GameRow
from engine import commands as c
from engine.board.geometry import Mover, reachable
from engine.game import Game
from engine.legal import legal_commands
from engine.records.replay import replay_phases
from engine.records.scenario import opening_game
from engine.records.scenario_writer import write_scenario
from engine.records.script import read_script
from engine.state import Phase, Side
from engine.views import Viewer, events_for
from render.animation import animate_gif
from tests.bot.desk.test_openings import ALIEN_TURN, BLOW_OUT, CREW_TURN, OPENING
from tests.bot.helpers import SEED, greedy_crew

ROW = GameRow(3, 30, 1, "quicksilver", SEED, "playing", 10, 0.0)


def _rows(game: Game) -> list[CommandRow]:
    return [
        CommandRow(i, e.side.value, e.command.notation(), None, 0.0) for i, e in enumerate(game.log)
    ]


def _twin(seed: int, pick: int, steps: int) -> Game | None:
    """Set-up at random, then the alien pipe-runs and takes ``steps`` moves of one action,
    never into a human's grid (C.7.1 would announce it), always the ``pick``-th of those
    open to it: twins differ only in the hidden route."""
    game = Game.new(seed)
    game.play("crew", "quick")
    game.play("alien", "quick")
    game.play("alien", "piperun alien1")
    for _ in range(steps):
        legal = legal_commands(game.state, Side.ALIEN, game.ship, game.content, unit="alien1")
        here = game.state.aliens["alien1"].grid
        near = reachable(game.ship, here, 1, Mover.ALIEN, game.state.doors)
        crowded = {h.grid for h in game.state.humans.values()}  # entering one is public
        moves = [
            m
            for m in legal
            if isinstance(m, c.Move) and near.get(m.route[-1]) == 1 and m.route[-1] not in crowded
        ]
        if len(moves) < 2:
            return None
        game.play("alien", moves[pick % len(moves)])
    if game.state.phase is Phase.ALIEN:
        game.play("alien", "pass")
    if game.state.phase is not Phase.CREW or not game.state.pipe_runners():
        return None  # the route met a human: it is not hidden any more
    return game


def _record(game: Game) -> export.PublicRecord:
    row = replace(ROW, seed=game.seed)
    return export.public_record(row, _rows(game), game.ship, game.content)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(1, 10_000), steps=hs.integers(1, 4))
def test_twins_that_differ_only_in_the_hidden_route_export_the_same_public_record(seed, steps):
    first, second = _twin(seed, 0, steps), _twin(seed, -1, steps)
    if first is None or second is None:
        return
    routes = [g.state.aliens["alien1"].run_path for g in (first, second)]
    assert routes[0] != routes[1]  # real twins: the secret differs
    records = _record(first), _record(second)
    assert records[0].text == records[1].text
    assert records[0].boards == records[1].boards
    assert animate_gif(records[0].boards, first.ship) == animate_gif(records[1].boards, first.ship)


def test_a_planted_leak_makes_the_twins_public_records_differ(monkeypatch):
    """The twins test can fail: the referee's events in place of the spectator's show."""
    first, second = _twin(SEED, 0, 3), _twin(SEED, -1, 3)
    assert first is not None and second is not None
    monkeypatch.setattr(export, "events_for", lambda events, _who: events_for(events, "referee"))
    assert _record(first).text != _record(second).text


def test_the_public_record_names_no_command_and_no_seed_and_shows_each_phase():
    game = _twin(SEED, 0, 3)
    assert game is not None
    record = _record(game)
    assert "Alien: Move" in record.text  # the declarations everybody heard (C.7.3)
    hidden = [e.command.notation() for e in game.log if e.command.verb == "move"]
    assert len(hidden) == 3 and not any(notation in record.text for notation in hidden)
    route = game.state.aliens["alien1"].run_path[1:]
    assert not any(str(grid) in record.text for grid in route)
    assert str(SEED) not in record.text
    assert [line for line in record.text.splitlines() if line.startswith("==")] == [
        "== Set-up ==",
        "== Turn 1 · Alien phase ==",
    ]
    assert [b.title for b in record.boards] == [
        "Public record 1/2 · Set-up",
        "Public record 2/2 · Turn 1 · Alien phase",
    ]
    assert all(b.viewer == Viewer.SPECTATOR.value for b in record.boards)
    assert record.title == "Turn 1 · Crew phase"


def _finished(game: Game, row: GameRow) -> GameReplay:
    return GameReplay(row, game, tuple(replay_phases(game)))


def test_a_finished_games_script_replays_it_to_the_same_end():
    game = Game.new(SEED)
    game.play("crew", "quick")
    game.play("alien", "quick")
    while game.state.phase is not Phase.OVER:
        side = Side.ALIEN if game.state.phase is Phase.ALIEN else Side.CREW
        game.play(side, c.EndPhase() if side is Side.ALIEN else greedy_crew(game))
    text = export.game_script(_finished(game, replace(ROW, status="over")))
    assert text.startswith("# Quicksilver game 3 in #quicksilver: Game over after turn")
    assert f"\nseed {SEED}\ncrew: quick\n" in text
    again = read_script(text)
    assert again.game.state == game.state and again.scenario == ""


def test_a_finished_scenario_games_script_starts_with_its_opening():
    game = opening_game(7, OPENING)
    for command in CREW_TURN:
        game.play("crew", command)
    for command in ALIEN_TURN:
        game.play("alien", command)
    for command in BLOW_OUT:
        game.play("crew", command)
    row = replace(ROW, status="over", opening=OPENING, seed=7)
    text = export.game_script(_finished(game, row))
    assert OPENING in text and "seed 7\ncrew:" not in text
    again = read_script(text)
    assert again.game.state == game.state
    assert again.scenario == write_scenario(opening_game(7, OPENING).state)


def test_the_public_record_of_a_game_with_nothing_played_says_so():
    game = Game.new(SEED)
    record = export.public_record(ROW, [], game.ship, game.content)
    assert "Nothing has been played yet." in record.text and record.boards == ()
