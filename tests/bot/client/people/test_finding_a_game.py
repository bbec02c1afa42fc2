"""Finding a game (README, "Ratings and deadlines"): people who opted in hear of a new
lobby with a seat for the side they like, `/game open` lists the lobbies a person may
see (with Join buttons for the one of their channel), and a lobby may ask for a minimum
reliability, refusing less reliable players with a friendly reason."""

from __future__ import annotations

from typing import Any

import discord

from bot.store import people as pp
from tests.bot.helpers import World, make_world, seat_and_start


def said(result: Any) -> str:
    parts = [result.response] if result.response is not None else []
    return "\n".join(m.content for m in [*parts, *result.followups])


def private_to(world: World) -> dict[Any, discord.PermissionOverwrite]:
    """A channel only the world's moderator (and the bot) may see."""
    return {
        world.guild.default_role: discord.PermissionOverwrite(view_channel=False),
        world.mod: discord.PermissionOverwrite(view_channel=True),
        world.guild.me: discord.PermissionOverwrite(view_channel=True),
    }


def alerts(member: Any) -> list[str]:
    channel = member.user.dm_channel
    texts = [m.content for m in channel.history()] if channel is not None else []
    return [t for t in texts if t.startswith("🪑 A new lobby")]


async def test_a_new_lobby_is_told_to_those_who_like_a_free_side_and_may_see_it(simcord_env, clock):
    world = make_world(simcord_env, crew=1)
    guild = world.guild
    fan = {s: guild.add_member(simcord_env.create_user(f"fan-{s}")) for s in pp.SEAT_ALERTS}
    for side, member in fan.items():
        await member.slash(world.channel, "me settings", seats=side)
    sleepy = guild.add_member(simcord_env.create_user("sleepy"))
    await sleepy.slash(
        world.channel, "me settings", seats="any", timezone="UTC", quiet="11:00-13:00"
    )
    elsewhere = simcord_env.create_guild().add_member(simcord_env.create_user("elsewhere"))
    await elsewhere.user.slash("me settings", seats="any")
    await world.crew[0].slash(world.channel, "game create")
    assert [len(alerts(fan[s])) for s in pp.SEAT_ALERTS] == [0, 1, 1, 1]
    assert alerts(sleepy) == [] and alerts(elsewhere) == [] and alerts(world.crew[0]) == []
    [text] = alerts(fan["alien"])
    assert f"#{world.channel.name}" in text and "alien seat free" in text
    assert f"/channels/{guild.id}/{world.channel.id}" in text

    hidden = guild.create_text_channel(  # a lobby in a channel they may not see: not told
        "hidden", overwrites=private_to(world)
    )
    await world.mod.slash(hidden, "game create")
    assert [len(alerts(fan[s])) for s in pp.SEAT_ALERTS] == [0, 1, 1, 1]


async def test_game_open_lists_the_lobbies_one_may_see_and_joins_from_its_own_channel(
    simcord_env, clock
):
    world = make_world(simcord_env, crew=1)
    guild = world.guild
    await world.crew[0].slash(world.channel, "game create")
    secret = guild.create_text_channel("secret", overwrites=private_to(world))
    await world.mod.slash(secret, "game create")
    started = make_world(simcord_env, "started", crew=1, guild=guild)
    await seat_and_start(started)
    listed = await world.stranger.slash(world.channel, "game open")
    text = said(listed)
    assert f"#{world.channel.name}" in text and "alien seat free" in text
    assert "#secret" not in text and "#started" not in text
    assert len(text) <= 2000 and listed.response.flags.ephemeral
    joined = await world.stranger.click(listed.response, label="Join alien here")
    assert "You sit as **alien**" in said(joined)
    assert world.table().alien_player().user_id == world.stranger.id
    elsewhere = await world.stranger.slash(started.channel, "game open")
    assert "alien seat free" not in said(elsewhere) and "crew seats free" in said(elsewhere)
    [[link]] = [row["components"] for row in elsewhere.response.components]
    assert link["label"] == f"#{world.channel.name}"  # a link: buttons act in their channel
    assert link["url"].endswith(f"/{world.guild.id}/{world.channel.id}") and "custom_id" not in link


async def test_a_lobby_asking_for_reliability_refuses_the_unreliable_and_seats_newcomers(
    simcord_env, clock
):
    world = make_world(simcord_env, crew=1)
    late = world.stranger
    await make_record(world, late.id, on_time=1, missed=2)
    created = await world.crew[0].slash(world.channel, "game create", min_reliability=80)
    assert "on time in at least 80%" in said(created)  # the lobby says what it asks
    refused = await late.slash(world.channel, "game join", seat="alien")
    assert "at least 80%" in said(refused) and "your record says 33%" in said(refused)
    assert world.table().alien_player() is None  # nothing changed
    newcomer = await world.alien.slash(world.channel, "game join", seat="alien")
    assert "You sit as **alien**" in said(newcomer)
    listed = await late.slash(world.channel, "game open")
    assert "asks 80% on time" in said(listed)


async def make_record(world: World, user_id: int, *, on_time: int, missed: int) -> None:
    """A finished earlier game in which ``user_id`` acted on time and missed phases."""
    store = world.bot.desk.store
    row = await store.create_game(1, world.guild.id, "old", 5, user_id, 0.0)
    marks = ["on_time"] * on_time + ["missed"] * missed
    await store.commit(
        [pp.put_mark(row.id, seq, user_id, "crew", mark, 0, 1.0) for seq, mark in enumerate(marks)]
    )
