"""The replay of a finished game: one step per phase, rebuilt from the command log,
the route only once the game is over; its animation; ``quicksilver replay``."""

from __future__ import annotations

import asyncio
import io
from itertools import pairwise
from pathlib import Path

import pytest
from PIL import Image

from bot.cli.main import main
from bot.store import CommandRow, append_command, open_store, update_game
from engine.errors import RuleError
from engine.game import Game
from engine.players import alien_ai, crew_ai
from engine.players.base import play_game
from engine.records.replay import phase_steps, replay_phases
from engine.state import Phase
from engine.views import Viewer, view
from render.animation import UPLOAD_LIMIT, animate_gif

SEED = 8  # the game-controlled sides finish this one in five turns


@pytest.fixture(scope="module")
def finished() -> Game:
    game = play_game(SEED, crew_ai, alien_ai)
    assert game.state.phase is Phase.OVER
    return game


def _phases_in_log(game: Game) -> list[tuple[int, Phase]]:
    marks: list[tuple[int, Phase]] = []
    for entry in game.log:
        if not marks or marks[-1] != (entry.turn, entry.phase):
            marks.append((entry.turn, entry.phase))
    return marks


def test_replay_has_one_step_per_phase_in_play_order(finished: Game) -> None:
    steps = replay_phases(finished)
    assert [(s.turn, s.phase) for s in steps] == _phases_in_log(finished)
    assert steps[0].title == "Set-up" and steps[1].title == "Turn 1 · Alien phase"
    assert [s.number for s in steps] == list(range(1, len(steps) + 1))
    assert steps[-1].view.phase == "over" and steps[-1].view.result == finished.state.result


def test_replay_draws_the_route_so_far_growing_phase_by_phase(finished: Game) -> None:
    routes = [s.view.board.path for s in replay_phases(finished)]
    for before, after in pairwise(routes):
        assert after[: len(before)] == before
    assert routes[-1] == tuple(g for a in finished.state.aliens.values() for g in a.path)
    assert len(routes[-1]) > len(routes[1]) > 0


def test_replay_shows_every_marker_face_up(finished: Game) -> None:
    board = replay_phases(finished)[1].view.board
    labels = {m.kind.value: m.label for m in board.markers}
    assert labels["supplies"].startswith("Supplies (")  # the crate's contents
    assert labels["nexus"] not in ("", "Nexus")  # the system under the marker


def test_a_game_in_progress_has_no_replay_and_shows_no_route(finished: Game) -> None:
    unfinished = Game.new(SEED)
    for entry in finished.log[:-1]:
        unfinished.play(entry.side, entry.command)
    with pytest.raises(RuleError, match="not over"):
        replay_phases(unfinished)
    for viewer in (Viewer.CREW, Viewer.SPECTATOR):
        assert view(unfinished.state, viewer, unfinished.ship, unfinished.content).board.path == ()


def test_animation_has_one_frame_per_phase_under_the_upload_limit(finished: Game) -> None:
    steps = replay_phases(finished)
    data = animate_gif([s.view.board for s in steps], finished.ship)
    assert len(data) < UPLOAD_LIMIT
    with Image.open(io.BytesIO(data)) as gif:
        assert gif.format == "GIF" and gif.n_frames == len(steps)


def test_a_forty_turn_animation_stays_under_the_upload_limit() -> None:
    game = play_game(22, None, None, turn_cap=40)  # random play lasts the forty turns
    steps = phase_steps(game)
    assert max(s.turn for s in steps) == 40
    data = animate_gif([s.view.board for s in steps], game.ship)
    assert len(data) < UPLOAD_LIMIT
    with Image.open(io.BytesIO(data)) as gif:
        assert gif.n_frames == len(steps) == 81


async def _save(db: Path, game: Game, status: str) -> int:
    store = await open_store(db)
    row = await store.create_game(0, None, "local:both", game.seed, 0, 0.0)
    rows = [
        append_command(row.id, CommandRow(seq, e.side.value, e.command.notation(), 0, 0.0))
        for seq, e in enumerate(game.log)
    ]
    await store.commit([*rows, update_game(row.with_(status=status))])
    await store.close()
    return row.id


def test_cli_writes_the_game_gif_and_one_phase_png(
    finished: Game, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = asyncio.run(_save(db, finished, "local-over"))
    gif = tmp_path / "game.gif"
    assert main(["replay", str(game_id), "--db", str(db), "--out", str(gif)]) == 0
    with Image.open(gif) as picture:
        assert picture.n_frames == len(replay_phases(finished))
    png = tmp_path / "frame.png"
    assert main(["replay", str(game_id), "--db", str(db), "--phase", "2", "--out", str(png)]) == 0
    assert png.read_bytes().startswith(b"\x89PNG")
    printed = capsys.readouterr().out
    assert f"2/{len(replay_phases(finished))}: Turn 1 · Alien phase" in printed


def test_cli_refuses_a_game_not_over_and_a_phase_out_of_range(
    finished: Game, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.sqlite3"
    playing = asyncio.run(_save(db, finished, "local"))
    out = tmp_path / "x.gif"
    assert main(["replay", str(playing), "--db", str(db), "--out", str(out)]) == 1
    assert "not over" in capsys.readouterr().err and not out.exists()
    over = asyncio.run(_save(db, finished, "local-over"))
    assert main(["replay", str(over), "--db", str(db), "--phase", "999", "--out", str(out)]) == 1
    assert "phases 1 to" in capsys.readouterr().err
    assert main(["replay", "12345", "--db", str(db), "--out", str(out)]) == 1
    assert "no game 12345" in capsys.readouterr().err
    missing = tmp_path / "missing.sqlite3"
    assert main(["replay", "1", "--db", str(missing), "--out", str(out)]) == 1
    assert "no database" in capsys.readouterr().err and not missing.exists()


def test_every_replay_message_fits_discord_with_its_digest(finished: Game, tmp_path: Path) -> None:
    from bot.desk.replay_log import load_replay
    from bot.present.replay import digest

    async def load() -> list[str]:
        db = tmp_path / "games.sqlite3"
        game_id = await _save(db, finished, "over")
        store = await open_store(db)
        try:
            found = await load_replay(store, game_id)
        finally:
            await store.close()
        return ["\n".join(digest(found, n)) for n in range(1, len(found.steps) + 1)]

    messages = asyncio.run(load())
    assert len(messages) == len(replay_phases(finished))
    assert all(len(m) <= 2000 for m in messages)
    assert "Under the nexus markers" in messages[0] and "🏁" in messages[-1]
