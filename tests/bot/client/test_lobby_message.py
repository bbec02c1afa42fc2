"""The lobby is one message edited in place, and a game reaches its first phase in three
channel posts: the lobby, the set-up post (the game begins, its map and the ping of
whom set-up waits on, B.1) and turn 1's map (README, "The lobby")."""

from __future__ import annotations

from typing import Any

import discord

from bot.client import lobby
from bot.client.app import QuicksilverBot
from tests.bot.helpers import World, create, make_world, seat_and_start

TURN_1 = "Turn 1 ·"


def posts(world: World) -> list[discord.Message]:
    """The channel's messages everyone sees (not the answers only their person sees)."""
    return [m for m in world.messages() if not (m.flags and m.flags.ephemeral)]


def lobby_edits(world: World, message: discord.Message) -> list[Any]:
    """The bot's edits of ``message`` (its REST calls on the in-memory Discord)."""
    path = f"/channels/{world.channel.id}/messages/{message.id}"
    return [r for r in world.env.backend.http_requests if r.method == "PATCH" and r.path == path]


def pinged(world: World, message: discord.Message) -> set[int]:
    """Whom the bot let ``message`` ping (the allowed mentions it was sent with)."""
    for request in world.env.backend.http_requests:
        body = request.json or {}
        if request.method == "POST" and body.get("content") == message.content:
            return {int(u) for u in body.get("allowed_mentions", {}).get("users", [])}
    raise AssertionError("the message was not sent by the bot")


async def test_a_game_reaches_turn_1_in_three_channel_posts(simcord_env):
    world = make_world(simcord_env, crew=2)
    await seat_and_start(world)
    seen = posts(world)
    upto = next(i for i, m in enumerate(seen) if m.content.startswith(f"🗺️ **{TURN_1}"))
    before_turn_1 = seen[: upto + 1]
    assert len(before_turn_1) == 3, [m.content[:60] for m in before_turn_1]
    lobby_post, setup_post, _ = before_turn_1
    assert "Welcome aboard" in lobby_post.content and "(playing)" in lobby_post.content
    assert not lobby_post.components  # a started game's lobby offers no buttons
    assert "The game begins: set-up (B)" in setup_post.content
    assert setup_post.attachments  # the ship, for the crew's places
    # Discord pings on a new message, never on an edit: the set-up post pings whom the
    # set-up waits on (both sides, B.1).
    waiting = {world.alien.id, *(p.id for p in world.crew)}
    assert all(f"<@{u}>" in setup_post.content for u in waiting)
    assert pinged(world, setup_post) == waiting
    assert any(TURN_1 in m.content and "your move" in m.content for m in seen[upto + 1 :])


async def test_joins_the_games_seat_and_leaves_edit_the_lobby_instead_of_posting(simcord_env):
    world = make_world(simcord_env, crew=1)
    await create(world, world.crew[0], 7)
    [message] = posts(world)
    edits = len(lobby_edits(world, message))
    steps = [
        (world.alien, "game join", {"seat": "alien"}, f"<@{world.alien.id}>"),
        (world.crew[0], "game join", {"seat": "crew"}, f"<@{world.crew[0].id}>"),
        (world.spectator, "game join", {"seat": "spectator"}, f"<@{world.spectator.id}>"),
        (world.alien, "game leave", {}, "Alien: *empty*"),
        (world.crew[0], "game computer", {"seat": "alien"}, "🤖 *the game*"),
    ]
    for actor, command, options, shown in steps:
        await actor.slash(world.channel, command, **options)
        assert [m.id for m in posts(world)] == [message.id]  # nothing new in the channel
        now = posts(world)[0]
        assert shown in now.content and "Welcome aboard" in now.content
        assert now.components  # the lobby's buttons stay while it is open
        edits += 1
        assert len(lobby_edits(world, message)) == edits  # one edit a change


async def test_the_lobby_is_edited_only_when_its_words_change(simcord_env):
    world = make_world(simcord_env, crew=1)
    await create(world, world.crew[0], 7)
    await world.alien.slash(world.channel, "game join", seat="alien")
    [message] = posts(world)
    edits = len(lobby_edits(world, message))
    await lobby.show(world.bot, world.table())  # nothing changed since the last edit
    assert len(lobby_edits(world, message)) == edits


async def test_after_a_restart_a_lobby_button_edits_the_lobby_it_was_pressed_on(
    simcord_env, db_path
):
    world = make_world(simcord_env, crew=1)
    await create(world, world.crew[0], 7)
    [message] = posts(world)
    await simcord_env.restart_bot(QuicksilverBot(db_path, background=False))
    await world.alien.click(message, label="Join alien")
    [now] = posts(world)
    assert now.id == message.id and f"<@{world.alien.id}>" in now.content
    assert "Welcome aboard" in now.content  # the welcome above the seats is kept
    assert lobby_edits(world, message)
    await world.crew[0].slash(world.channel, "game join", seat="crew")  # typed: same message
    assert [m.id for m in posts(world)] == [message.id]
    assert f"<@{world.crew[0].id}>" in posts(world)[0].content


async def test_a_start_typed_after_a_restart_adds_no_post_for_the_lobby(simcord_env, db_path):
    world = make_world(simcord_env, crew=1)
    await create(world, world.crew[0], 7)
    await world.alien.slash(world.channel, "game join", seat="alien")
    await world.crew[0].slash(world.channel, "game join", seat="crew")
    await simcord_env.restart_bot(QuicksilverBot(db_path, background=False))
    await world.crew[0].slash(world.channel, "game start")
    lobby_post, setup_post = posts(world)  # the lobby as it was, then the set-up post
    assert "(lobby)" in lobby_post.content
    assert "The game begins: set-up (B)" in setup_post.content


async def test_a_deleted_lobby_is_posted_afresh_at_the_next_change(simcord_env):
    world = make_world(simcord_env, crew=1)
    await create(world, world.crew[0], 7)
    [message] = posts(world)
    await (
        world.bot.get_partial_messageable(world.channel.id).get_partial_message(message.id).delete()
    )
    await world.alien.slash(world.channel, "game join", seat="alien")
    [again] = posts(world)
    assert again.id != message.id and f"<@{world.alien.id}>" in again.content
    assert again.components  # its buttons: the lobby is open
    await world.crew[0].slash(world.channel, "game join", seat="crew")
    assert [m.id for m in posts(world)] == [again.id]  # that new message is the one edited
