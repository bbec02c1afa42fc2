"""Sending, and nothing else: posts to a channel and DMs, cut to Discord's 2,000
characters a message (:func:`bot.present.texts.chunks`), pinging nobody unless told whom
(:mod:`bot.client.mentions`). A DM that cannot arrive (closed DMs) is noted at the desk,
so the bot can say so where it matters."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, Literal

import discord

from bot.client.host import Bot
from bot.client.mentions import NO_PINGS
from bot.desk.service import Table
from bot.present import texts

log = logging.getLogger("quicksilver.bot")

Edited = Literal["edited", "gone", "failed"]  # what became of an edit


async def channel_of(bot: Bot, channel_id: int) -> discord.abc.Messageable | None:
    channel = bot.get_channel(channel_id)
    if channel is None:
        try:
            channel = await bot.fetch_channel(channel_id)
        except discord.HTTPException:
            log.warning("channel %d is gone", channel_id)
            return None
    return channel if isinstance(channel, discord.abc.Messageable) else None


async def post(
    bot: Bot,
    channel_id: int,
    lines: list[str],
    *,
    mentions: discord.AllowedMentions = NO_PINGS,
    view: discord.ui.View | None = None,
) -> discord.Message | None:
    """Post ``lines`` to the channel; ``view`` goes under the last message."""
    channel = await channel_of(bot, channel_id)
    if channel is None or not lines:
        return None
    return await send(channel, texts.chunks(lines), mentions=mentions, view=view)


async def send(
    channel: discord.abc.Messageable,
    parts: Sequence[str],
    *,
    mentions: discord.AllowedMentions = NO_PINGS,
    view: discord.ui.View | None = None,
    files: Sequence[discord.File] = (),
) -> discord.Message | None:
    """Send ``parts`` (each already within Discord's limit), one message each; ``view``
    and ``files`` go with the last. Returns the last message."""
    last = None
    for index, part in enumerate(parts):
        extra: dict[str, Any] = {}
        if index == len(parts) - 1:
            if view is not None:
                extra["view"] = view
            if files:
                extra["files"] = list(files)
        last = await channel.send(part, allowed_mentions=mentions, **extra)
    return last


async def edit(
    bot: Bot,
    channel_id: int,
    message_id: int,
    text: str,
    *,
    view: discord.ui.View | None = None,
) -> Edited:
    """Edit one of the bot's messages to ``text`` (within Discord's limit) and ``view``
    (None takes its buttons away). An edit pings nobody."""
    message = bot.get_partial_messageable(channel_id).get_partial_message(message_id)
    try:
        await message.edit(content=text, view=view, allowed_mentions=NO_PINGS)
    except discord.NotFound:
        return "gone"
    except discord.HTTPException as err:
        log.warning("editing message %d failed: %s", message_id, err.status)
        return "failed"
    return "edited"


async def dm(
    bot: Bot,
    table: Table,
    user_id: int,
    lines: list[str],
    *,
    file: discord.File | None = None,
    view: discord.ui.View | None = None,
) -> bool:
    """DM a player; remember when their DMs are closed. True if it arrived."""
    try:
        user = bot.get_user(user_id) or await bot.fetch_user(user_id)
        parts = texts.chunks(lines) or ["​"]
        for chunk in parts[:-1]:
            await user.send(chunk, allowed_mentions=NO_PINGS)
        if file is not None and view is not None:
            await user.send(parts[-1], file=file, view=view, allowed_mentions=NO_PINGS)
        elif file is not None:
            await user.send(parts[-1], file=file, allowed_mentions=NO_PINGS)
        elif view is not None:
            await user.send(parts[-1], view=view, allowed_mentions=NO_PINGS)
        else:
            await user.send(parts[-1], allowed_mentions=NO_PINGS)
    except discord.Forbidden:
        await bot.desk.set_dm_ok(table, user_id, False)
        return False
    except discord.HTTPException as err:
        log.warning("DM to a player failed: %s", err.status)
        return False
    await bot.desk.set_dm_ok(table, user_id, True)
    return True
