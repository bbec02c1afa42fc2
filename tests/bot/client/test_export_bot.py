"""/game export through the bot: a finished game's script and GIF for anyone in
the channel; a game in play only as its public record, only for a moderator; twins that
differ only in the hidden alien's route export the same public record."""

from __future__ import annotations

import io
import sqlite3
from typing import Any

from PIL import Image

from engine import commands as c
from engine.board.geometry import Mover, reachable
from engine.legal import legal_commands
from engine.records.replay import replay_phases
from engine.records.script import read_script
from engine.state import Phase, Side
from tests.bot.client.test_full_game import play_to_the_end
from tests.bot.helpers import World, make_world, mirror, phase_of, seat_and_start


async def _export(world: World, who: Any) -> tuple[Any, dict[str, bytes]]:
    result = await who.slash(world.channel, "game export")
    assert result.acknowledged and result.response is not None
    files = {a.filename: await a.read() for a in result.response.attachments}
    return result.response, files


async def test_a_finished_game_exports_its_script_and_gif_to_anyone_in_the_channel(simcord_env):
    world = make_world(simcord_env)
    await seat_and_start(world)
    await play_to_the_end(world)
    game_id = world.table().id
    reply, files = await _export(world, world.stranger)
    assert reply.ephemeral and sorted(files) == [f"game-{game_id}.gif", f"game-{game_id}.qs"]
    script = files[f"game-{game_id}.qs"].decode()
    truth = mirror(world)
    assert read_script(script).game.state == truth.state  # `quicksilver script` plays it
    with Image.open(io.BytesIO(files[f"game-{game_id}.gif"])) as gif:
        assert gif.n_frames == len(replay_phases(truth))


async def test_a_game_in_play_exports_only_its_public_record_and_only_for_a_moderator(
    simcord_env,
):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien piperun")
    await world.alien.user.slash("alien pass")
    refused, files = await _export(world, world.crew[0])
    assert "still being played" in refused.content and files == {}
    reply, files = await _export(world, world.mod)
    game_id = world.table().id
    assert reply.ephemeral and sorted(files) == [f"game-{game_id}-public.gif", "public-record.txt"]
    text = files["public-record.txt"].decode()
    assert "== Turn 1 · Alien phase ==" in text and "vanishes behind the pipes" in text
    assert "piperun" not in text and f"seed {world.table().row.seed}" not in text
    with sqlite3.connect(world.bot.database) as db:
        logged = db.execute("SELECT action, user_id FROM mod_actions").fetchall()
    assert logged == [("export", world.mod.id)]


async def test_a_lobby_has_nothing_to_export(simcord_env):
    world = make_world(simcord_env)
    await world.crew[0].slash(world.channel, "game create")
    refused, files = await _export(world, world.mod)
    assert "has not started" in refused.content and files == {}


async def _hide_and_walk(world: World, pick: int, steps: int = 2) -> None:
    """Pipe-run, then ``steps`` moves of one action each, always the ``pick``-th open."""
    await world.alien.user.slash("alien piperun")
    for _ in range(steps):
        game = mirror(world)
        here = game.state.aliens["alien1"].grid
        near = reachable(game.ship, here, 1, Mover.ALIEN, game.state.doors)
        legal = legal_commands(game.state, Side.ALIEN, game.ship, game.content, unit="alien1")
        moves = [m for m in legal if isinstance(m, c.Move) and near.get(m.route[-1]) == 1]
        grid = str(moves[pick].route[-1])
        result = await world.alien.user.slash("alien move", grids=grid)
        assert not result.response.content.startswith("⚠️"), result.response.content
    await world.alien.user.slash("alien pass")
    assert phase_of(world) is Phase.CREW


async def test_twins_through_the_bot_export_identical_public_records(simcord_env):
    """The same seed and set-up in two servers; the hidden alien takes another way in
    each, one action a step. Everything a moderator exports is the same, but for the
    line naming the game."""
    first, second = (
        make_world(simcord_env, "first", crew=1),
        make_world(simcord_env, "second", crew=1),
    )
    for world in (first, second):
        await seat_and_start(world)
    await _hide_and_walk(first, 0)
    await _hide_and_walk(second, -1)
    routes = [mirror(w).state.aliens["alien1"].run_path for w in (first, second)]
    assert routes[0] != routes[1]
    exports = [await _export(w, w.mod) for w in (first, second)]
    texts = [files["public-record.txt"].decode().split("\n", 1)[1] for _, files in exports]
    assert texts[0] == texts[1]
    gifs = [
        files[f"game-{w.table().id}-public.gif"]
        for w, (_, files) in zip((first, second), exports, strict=True)
    ]
    assert gifs[0] == gifs[1]
