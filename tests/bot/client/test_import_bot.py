"""/mod import through the bot: moderators only; a bad line refuses the file
with its number; an unfinished script opens a lobby that continues where it stopped; a
finished game exported from one channel imports into another and exports the same."""

from __future__ import annotations

import sqlite3

from engine.state import Phase
from tests.bot.cli.test_import_cmd import MID_GAME
from tests.bot.client.test_full_game import play_to_the_end
from tests.bot.helpers import make_world, mirror, phase_of, seat_and_start


async def _import(world, who, text: str):
    result = await who.slash(world.channel, "mod import", file=("game.qs", text.encode()))
    assert result.acknowledged and result.response is not None
    return result.response


async def test_only_a_moderator_imports_and_a_bad_line_is_refused_by_its_number(simcord_env):
    world = make_world(simcord_env)
    refused = await _import(world, world.crew[0], MID_GAME)
    assert "Only moderators" in refused.content
    bad = await _import(
        world, world.mod, MID_GAME.replace("alien: pass", "alien: move alien1 9-Z9")
    )
    assert bad.content.startswith("⚠️ Nothing was imported: line 5: ")
    assert world.bot.desk.table_in(world.channel.id) is None


async def test_an_imported_lobby_is_seated_and_continues_where_its_script_stopped(simcord_env):
    world = make_world(simcord_env, crew=1)
    done = await _import(world, world.mod, MID_GAME)
    assert "Imported game 1 (a lobby, turn 1, crew phase)" in done.content
    texts = world.texts()
    assert any("imported game 1 from a script" in t and "**seeded**" in t for t in texts)
    lobby = next(m for m in reversed(world.messages()) if "continues it where" in m.content)
    await world.alien.click(lobby, label="Join alien")
    await world.crew[0].click(lobby, label="Join crew")
    shown = next(m for m in world.messages() if m.id == lobby.id).content  # edited in place
    assert "continues it where" in shown and f"<@{world.crew[0].id}>" in shown
    await world.crew[0].slash(world.channel, "game start")
    assert phase_of(world) is Phase.CREW and world.table().game.state.turn == 1
    assert "continues at turn 1, crew phase" in "\n".join(world.texts())
    hand = "\n".join(world.dm_texts(world.crew[0]))
    assert "(yours)" in hand  # the living crew are dealt, their hand sent
    passed = await world.crew[0].slash(world.channel, "game pass")
    assert "⚠️" not in passed.response.content
    assert phase_of(world) is Phase.ALIEN and world.table().game.state.turn == 2
    with sqlite3.connect(world.bot.database) as db:
        assert db.execute("SELECT seeded, kind FROM games").fetchall() == [(1, "imported")]


async def test_a_finished_game_exported_here_imports_there_and_exports_the_same(simcord_env):
    here = make_world(simcord_env, "here")
    await seat_and_start(here)
    await play_to_the_end(here)
    exported = await here.stranger.slash(here.channel, "game export")
    game_id = here.table().id
    script = await next(
        a for a in exported.response.attachments if a.filename.endswith(".qs")
    ).read()

    there = make_world(simcord_env, "there")
    done = await _import(there, there.mod, script.decode())
    assert "a finished game" in done.content
    assert any(m.content.startswith("🎞️ **Replay of game") for m in there.messages())
    assert there.table().status == "over" and mirror(there).state == mirror(here).state
    again = await there.stranger.slash(there.channel, "game export")
    new_id = there.table().id
    text = await next(a for a in again.response.attachments if a.filename.endswith(".qs")).read()
    assert new_id != game_id
    assert text.decode().split("\n", 3)[3] == script.decode().split("\n", 3)[3]


MARKDOWN = 'scenario\nseed 7\nturn 3 over\nresult "**won** by @everyone <@1> [a](b)"\nend\n'


async def test_free_text_from_a_script_keeps_no_markdown_or_mention_where_people_read_it(
    simcord_env,
):
    """A script's own words (its result) are shown as typed: no bold, no ping, no link."""
    world = make_world(simcord_env)
    said = await _import(world, world.mod, MARKDOWN)
    assert said.content.startswith("Imported game")
    status = await world.crew[0].slash(world.channel, "game status")
    text = (status.followups[-1] if status.followups else status.response).content
    line = next(x for x in text.splitlines() if x.startswith("Result:"))
    assert line == "Result: \\*\\*won\\*\\* by @\u200beveryone \\<@\u200b1> \\[a\\](b)"
