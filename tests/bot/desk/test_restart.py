"""A restart (a new bot on the same database) resumes every game, buttons included."""

from __future__ import annotations

from engine.state import Phase
from tests.bot import helpers
from tests.bot.helpers import create, make_world, mirror, phase_of, seat_and_start


async def test_restart_mid_game_resumes_with_buttons(simcord_env, db_path):
    world = make_world(simcord_env)
    await seat_and_start(world)
    await world.alien.user.slash("alien piperun")
    await world.alien.user.slash("alien wait")
    before = mirror(world)
    old_map = next(m for m in reversed(world.messages()) if m.attachments)
    await helpers.restart(simcord_env, db_path)
    after = mirror(world)
    assert not world.table().loaded  # ready without replaying anything
    table = await world.bot.desk.loaded(world.table())
    assert table.game is not None
    assert table.game.state == before.state
    assert len(await world.bot.desk.public_log(table)) > 0
    # The old map's button still answers after the restart.
    status = await world.crew[0].click(old_map, label="Status")
    assert "Alien phase" in status.response.content
    hand = await world.crew[0].click(old_map, label="My hand")
    assert "(yours)" in hand.response.content
    await world.alien.user.slash("alien pass")
    assert phase_of(world) is Phase.CREW
    # The set-up map's "Quick setup" button is stale now: a polite refusal, nothing changed.
    setup_map = next(m for m in world.messages() if m.attachments)
    length = world.table().length
    stale = await world.alien.click(setup_map, label="Quick setup (my side)")
    assert "moved on" in stale.response.content
    assert world.table().length == length
    assert after.state.turn == 1


async def test_restart_keeps_the_lobby(simcord_env, db_path):
    world = make_world(simcord_env)
    created = await create(world, world.crew[0], 5)
    await world.alien.slash(world.channel, "game join", seat="alien")
    await helpers.restart(simcord_env, db_path)
    joined = await world.crew[0].click(created.response, label="Join crew")
    assert "crew" in joined.response.content
    start = await world.crew[0].click(created.response, label="Start")
    assert start.acknowledged
    assert world.table().status == "playing"
