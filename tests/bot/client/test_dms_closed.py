"""A player whose DMs are closed is told how to open them and can read their hand meanwhile."""

from __future__ import annotations

from tests.bot.helpers import create, make_world


async def test_dms_closed_on_join_explains_and_hand_works_ephemerally(simcord_env):
    world = make_world(simcord_env, crew=1)
    await create(world, world.crew[0], 54)
    dm = world.crew[0].user.dm_channel
    simcord_env.inject_error(
        "POST",
        f"/channels/{dm.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    joined = await world.crew[0].slash(world.channel, "game join", seat="crew")
    text = joined.response.content
    assert "Privacy Settings" in text and "/game hand" in text
    assert world.table().players[world.crew[0].id].dm_ok is False
    await world.alien.slash(world.channel, "game join", seat="alien")
    await world.crew[0].slash(world.channel, "game start")
    await world.crew[0].slash(world.channel, "game setup")
    await world.alien.user.slash("game setup")
    hand = await world.crew[0].slash(world.channel, "game hand")
    assert hand.ephemeral and "(yours)" in hand.response.content
    resend = await world.crew[0].slash(world.channel, "game hand", resend=True)
    assert "Privacy Settings" in "\n".join(f.content for f in resend.followups) + (
        resend.response.content if resend.response else ""
    )
