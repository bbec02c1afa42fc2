"""Finding a game (README, "Ratings and deadlines"): ``/game open`` lists the server's
open lobbies the person may see, and a new lobby is told by DM to whoever opted in
(``/me settings seats:``) and is a member of its server who may see its channel.

A button acts only on the game of the channel it is pressed in (README, "Secrets"), so
``/game open`` gives the lobby of the channel it was typed in its own Join buttons, and
every other lobby a link to its channel."""

from __future__ import annotations

import logging

import discord

from bot.client import access, answers, ui
from bot.client.host import Bot, Inter, bot_of
from bot.desk.finding import open_seats
from bot.desk.service import Table
from bot.present import finding as words
from bot.present.people import jump

log = logging.getLogger("quicksilver.bot")


def _may_see(bot: Bot, table: Table, member: discord.abc.User | None) -> bool:
    """Whether ``member`` may read the lobby's channel (a private game's stays unlisted)."""
    guild = bot.get_guild(table.row.guild_id or 0)
    channel = guild.get_channel(table.channel_id) if guild is not None else None
    if guild is None or channel is None or not isinstance(member, discord.Member):
        return False
    return channel.permissions_for(member).view_channel


async def show_open(interaction: Inter) -> None:
    access.require_guild(interaction)
    await answers.defer(interaction)
    bot = bot_of(interaction)
    lobbies = [
        t
        for t in bot.desk.open_lobbies(interaction.guild_id or 0)
        if _may_see(bot, t, interaction.user)
    ]
    await answers.reply(interaction, words.open_text(lobbies), view=_view(interaction, lobbies))


def _view(interaction: Inter, lobbies: list[Table]) -> discord.ui.View | None:
    view = discord.ui.View(timeout=None)
    for table in lobbies[: words.SHOWN_AT_MOST]:
        if table.channel_id == interaction.channel_id:
            for seat in open_seats(table):
                view.add_item(
                    ui.GameButton(
                        "join", table.id, "lobby", seat, label=f"Join {seat} here", emoji="🪑"
                    )
                )
        else:
            view.add_item(
                discord.ui.Button(
                    label=f"#{table.row.channel_name}"[:80],
                    style=discord.ButtonStyle.link,
                    url=jump(table.row.guild_id, table.channel_id),
                )
            )
    return view if view.children else None


async def tell_seat_alerts(bot: Bot, table: Table) -> None:
    """DM everyone who asked to hear of a lobby like ``table`` (and may see it)."""
    guild = bot.get_guild(table.row.guild_id or 0)
    if guild is None:
        return
    for user_id in await bot.desk.seat_alerts(table):
        try:
            member = guild.get_member(user_id) or await guild.fetch_member(user_id)
        except discord.NotFound:  # not a member of this server: not their lobby
            continue
        except discord.HTTPException:
            log.info("game %d: a seat alert's member could not be read", table.id)
            continue
        if not _may_see(bot, table, member):
            continue
        try:
            await member.send("\n".join(words.alert_text(table, guild.name)))
        except discord.HTTPException:  # closed DMs: /game open lists it for them
            log.info("game %d: a seat alert could not reach a member", table.id)
