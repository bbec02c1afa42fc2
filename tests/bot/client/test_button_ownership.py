"""A button acts only on its own game.

Its custom id names the game; a tampered client can send any. So a press counts only
for the game of the channel it was pressed in or, in a DM, for a game the presser sits
at; anything else is refused with a clear answer and shows nothing of the other game.
"""

from __future__ import annotations

import copy
from typing import Any

from simcord.actors import _dispatch_actor_interaction, _visible_message
from simcord.backend import serializers
from simcord.builders import ChannelHandle
from simcord.enums import InteractionType

from bot.client.panels import ids
from tests.bot.helpers import World, make_world, seat_and_start
from tests.bot.panel_driver import buttons

REFUSED = "⚠️ That game cannot be reached from here"


async def forge(actor: Any, message: Any, custom_id: str) -> Any:
    """Press the first button of ``message`` as a tampered client could: with a custom id
    of the presser's choosing, on a copy of the message that carries it."""
    stored = _visible_message(actor, message)
    payload = copy.deepcopy(dict(serializers.message_payload(actor._env.backend, stored)))
    button = next(c for row in payload["components"] for c in row.get("components", [row]))
    button["custom_id"] = custom_id
    channel = ChannelHandle(
        actor._env, getattr(actor, "guild", None), actor._env.backend.get_channel(stored.channel_id)
    )
    return await _dispatch_actor_interaction(
        actor,
        InteractionType.MESSAGE_COMPONENT,
        channel,
        {"custom_id": custom_id, "component_type": 2},
        extra={"message": payload},
        source_message_id=stored.id,
    )


async def two_games(env: Any) -> tuple[World, World]:
    first = make_world(env, "ship-a", crew=1)
    second = make_world(env, "ship-b", crew=1, guild=first.guild)
    await seat_and_start(first, seed=54)
    await seat_and_start(second, seed=7)
    return first, second


def _with_buttons(world: World) -> Any:
    return next(m for m in reversed(world.messages()) if buttons(m))


async def test_a_button_of_another_channels_game_is_refused(simcord_env):
    first, second = await two_games(simcord_env)
    other = first.table().id
    press = await forge(second.crew[0], _with_buttons(second), f"qs:status:{other}:")
    assert press.response.content.startswith(REFUSED)
    assert first.channel.name not in press.response.content
    own = await forge(second.crew[0], _with_buttons(second), f"qs:status:{second.table().id}:")
    assert own.response.content.startswith("**Turn 1")  # its own game still answers


async def test_a_panel_of_another_channels_game_is_refused(simcord_env):
    first, second = await two_games(simcord_env)
    table, user = first.table(), first.crew[0]
    forged = ids.PanelId(ids.FRESH, table.id, user.id, table.stamp()).text()
    stranger = second.crew[0]
    press = await forge(
        stranger, _with_buttons(second), forged.replace(str(user.id), str(stranger.id))
    )
    said = press.followups[-1].content  # a panel press is acknowledged before it is judged
    assert said.startswith(REFUSED)
    assert "panel" not in said


async def test_in_a_dm_only_a_game_the_presser_sits_at_answers(simcord_env):
    first, second = await two_games(simcord_env)
    alien = second.alien.user  # sits only at the second game
    ping = next(m for m in reversed(list(alien.dm_channel.history())) if buttons(m))
    refused = await forge(alien, ping, f"qs:map:{first.table().id}:")
    assert refused.response.content.startswith(REFUSED)
    assert not refused.response.attachments  # no map of the other game
    own = await forge(alien, ping, f"qs:hand:{second.table().id}:")
    assert own.response.content.startswith("👾 **Your alien**")


async def test_a_replay_button_of_another_channels_game_is_refused(simcord_env):
    from tests.bot.client.test_full_game import play_to_the_end

    over = make_world(simcord_env, "ship-over")
    await seat_and_start(over)
    await play_to_the_end(over)
    elsewhere = make_world(simcord_env, "ship-else", crew=1, guild=over.guild)
    await seat_and_start(elsewhere, seed=7)
    forged = f"qsr:{over.table().id}:1:next:p"
    press = await forge(elsewhere.crew[0], _with_buttons(elsewhere), forged)
    answers = [press.response, *press.followups]
    assert any(m.content.startswith(REFUSED) for m in answers), [m.content for m in answers]
    assert not any(m.attachments for m in answers)  # nothing of the finished game
