"""Which game an interaction means, and whether the person may reach it: the channel's
own game, or in DMs one they have a part in; the server's moderators.

A refusal says one thing whether a game does not exist, has ended or belongs elsewhere
(:data:`ELSEWHERE`), so a press cannot probe for other channels' games.
"""

from __future__ import annotations

from collections.abc import Iterable

import discord

from bot.client.host import Inter, bot_of
from bot.desk.service import Refusal, Seat, Table
from bot.present.locale import N_
from bot.store import GameRow
from engine.views import Viewer

ELSEWHERE = N_(
    "That game cannot be reached from here: it has ended, it is another channel's, or, "
    "in DMs, it is one you have no part in. Use the game's own channel."
)


def in_dm(interaction: Inter) -> bool:
    return interaction.guild is None


async def table_for(interaction: Inter, game_id: int | None = None) -> Table:
    """The game the interaction means, loaded (a cold game loads in milliseconds): the
    channel's own, or in DMs the one named (if the person may reach it: see
    :func:`may_reach`) or the person's only game."""
    desk = bot_of(interaction).desk
    if not in_dm(interaction):
        return await desk.loaded(desk.require_table(interaction.channel_id or 0))
    await desk.adopt_games_of(interaction.user.id)
    if game_id is not None:
        table = await desk.find(game_id)
        if table is None or not await may_reach(interaction, table):
            raise Refusal(ELSEWHERE)
        return await desk.loaded(table)
    return await desk.loaded(desk.pick_game(interaction.user.id, None, None))


async def table_by_id(interaction: Inter, game_id: int) -> Table:
    """The game a button's custom id names, if the press may reach it (:func:`here`);
    one refusal whether the game does not exist, has ended or belongs elsewhere."""
    table = await bot_of(interaction).desk.find(game_id)
    if table is None:
        raise Refusal(ELSEWHERE)
    await here(interaction, table.row, table.players)
    return await bot_of(interaction).desk.loaded(table)


async def here(interaction: Inter, row: GameRow, players: Iterable[int]) -> None:
    """A button acts only on the game it was pressed for: the game of the channel it was
    pressed in or, in a DM, a game the presser may reach (:func:`may_reach`). Its custom
    id names the game, and a forged one could name any other. ``players``: who sits at
    it (a finished game's, read from the store)."""
    if in_dm(interaction):
        if await _reaches(interaction, row, players):
            return
    elif interaction.channel_id == row.channel_id:
        return
    raise Refusal(ELSEWHERE)


async def may_reach(interaction: Inter, table: Table) -> bool:
    """Who a game answers outside its channel (in DMs): its seated players (spectators
    included), its substitutes-in-waiting (someone who offered to take a seat and waits
    for approval) and its server's moderators. See the README, "Private games"."""
    return await _reaches(interaction, table.row, table.players)


async def _reaches(interaction: Inter, row: GameRow, players: Iterable[int]) -> bool:
    user = interaction.user.id
    if user in set(players):
        return True
    if await bot_of(interaction).desk.waiting_substitute(row.id, user):
        return True
    return await moderates(interaction, row.guild_id, row.channel_id)


async def moderates(interaction: Inter, guild_id: int | None, channel_id: int) -> bool:
    """Whether the person is a moderator of the server ``guild_id`` (Manage Channels in
    the game's channel, or the server's moderator role), wherever they are now."""
    bot = bot_of(interaction)
    guild = bot.get_guild(guild_id) if guild_id else None
    if guild is None:
        return False
    member = guild.get_member(interaction.user.id)
    if member is None:
        try:
            member = await guild.fetch_member(interaction.user.id)
        except discord.HTTPException:  # not a member of that server
            return False
    channel = guild.get_channel_or_thread(channel_id)
    if channel is not None:
        perms = channel.permissions_for(member)
        if perms.manage_channels or perms.administrator:
            return True
    role_id = await bot.desk.store.mod_role(guild.id)
    return role_id is not None and any(r.id == role_id for r in member.roles)


async def is_mod(interaction: Inter) -> bool:
    """Manage Channels in this channel, or the server's configured moderator role."""
    if interaction.guild is None:
        return False
    perms = interaction.permissions
    if perms.manage_channels or perms.administrator:
        return True
    role_id = await bot_of(interaction).desk.store.mod_role(interaction.guild.id)
    user = interaction.user
    return (
        role_id is not None
        and isinstance(user, discord.Member)
        and any(r.id == role_id for r in user.roles)
    )


async def require_mod(interaction: Inter) -> None:
    if not await is_mod(interaction):
        raise Refusal(
            N_("Only moderators (Manage Channels, or the server's moderator role) can do that.")
        )


def require_guild(interaction: Inter) -> None:
    if in_dm(interaction):
        raise Refusal(N_("Use this in the game's channel, not in DMs."))


def viewer_of(table: Table, user_id: int) -> Viewer:
    seat = table.seat_of(user_id)
    return (
        {Seat.ALIEN: Viewer.ALIEN, Seat.CREW: Viewer.CREW}.get(seat, Viewer.SPECTATOR)
        if seat
        else Viewer.SPECTATOR
    )
