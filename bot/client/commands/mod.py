"""/mod: reset and roll back (each with a confirmation), replace or remove a player,
abort, pause and resume.

Moderators hold Manage Channels in the channel, or the role set with ``/mod role``.
Every moderator action is announced in the channel and written to ``mod_actions``.
"""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from bot.client import access, answers, courier, flow, moderation, notify, ui
from bot.client.answers import guard
from bot.client.commands.importing import import_command
from bot.client.host import Inter, bot_of
from bot.desk.service import Refusal, Table
from bot.language import N_
from bot.present import texts
from bot.present.rollback import rollback_lines
from engine.state import Phase

mod = app_commands.Group(
    name="mod",
    description="Moderator tools for this channel's game",
    allowed_contexts=app_commands.AppCommandContext(
        guild=True, dm_channel=False, private_channel=False
    ),
    allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
)


async def _mod_table(interaction: Inter) -> Table:
    """Acknowledged first (the moderator role and the game are read from the store)."""
    access.require_guild(interaction)
    await answers.defer(interaction)
    await access.require_mod(interaction)
    return await access.table_for(interaction)


@mod.command(name="reset", description="Delete this channel's game (asks for confirmation)")
async def reset(interaction: Inter) -> None:
    async with guard(interaction):
        table = await _mod_table(interaction)
        question = N_("Reset game {game}? Its whole log is deleted; this cannot be undone.")
        await answers.reply(
            interaction,
            [answers.said(interaction, question, game=table.id)],
            view=ui.confirm_view(
                "reset",
                table,
                "",
                str(interaction.user.id),
                label=answers.said(interaction, N_("Yes, reset")),
            ),
        )


@mod.command(name="rollback", description="Roll the game back to the start of an earlier phase")
async def rollback(
    interaction: Inter, turn: app_commands.Range[int, 1, 10_000], phase: Literal["alien", "crew"]
) -> None:
    """Asks first: what the rollback cannot take back, then a confirm button (any
    moderator may press it while the game has not moved on)."""
    async with guard(interaction):
        table = await _mod_table(interaction)
        bot = bot_of(interaction)
        shown = await bot.desk.rollback_shown(table, turn, Phase(phase))
        with answers.privately(interaction):
            warning = rollback_lines(shown, turn, Phase(phase))
        await answers.reply(
            interaction,
            warning,
            view=ui.confirm_view(
                "rollback",
                table,
                table.stamp(),
                f"{turn}-{phase}",
                label=answers.said(interaction, N_("Yes, roll back")),
            ),
        )


@mod.command(
    name="replace", description="Give a player's seat (and crew members) to another member"
)
async def replace(interaction: Inter, player: discord.User, by: discord.User) -> None:
    async with guard(interaction):
        table = await _mod_table(interaction)
        if by.bot:
            raise Refusal(N_("A bot cannot take a seat."))
        bot = bot_of(interaction)
        async with table.channel_lock:
            seat = await bot.desk.replace(table, player.id, by.id, interaction.user.id)
            await answers.reply(
                interaction,
                [
                    answers.said(
                        interaction,
                        N_("{member} now sits as {seat}."),
                        member=by.mention,
                        seat=seat,
                    )
                ],
            )
            await moderation.announce(
                interaction, table, f"gave {player.mention}'s {seat} seat to {by.mention}."
            )
            with await answers.for_person(bot, by.id):  # their hand, in their language
                hand = texts.hand_text(table, by.id) if table.game is not None else []
            if table.game is not None and not await courier.dm(bot, table, by.id, hand):
                await answers.reply(
                    interaction, [f"{by.mention}'s DMs are closed; they can use `/game hand`."]
                )


@mod.command(
    name="remove", description="Take a member's seat away (their crew members are shared out)"
)
async def remove(interaction: Inter, player: discord.User) -> None:
    async with guard(interaction):
        table = await _mod_table(interaction)
        bot = bot_of(interaction)
        async with table.channel_lock:
            seat = await bot.desk.remove(table, player.id, interaction.user.id)
            await answers.reply(
                interaction,
                [
                    answers.said(
                        interaction,
                        N_("{member} no longer sits as {seat}."),
                        member=player.mention,
                        seat=seat,
                    )
                ],
            )
            await moderation.announce(
                interaction, table, f"removed {player.mention} from the {seat} seat."
            )


@mod.command(name="abort", description="Stop this channel's game for good")
async def abort(interaction: Inter) -> None:
    async with guard(interaction):
        table = await _mod_table(interaction)
        bot = bot_of(interaction)
        async with table.channel_lock:
            await bot.desk.abort(table, interaction.user.id)
            await answers.reply(
                interaction, [answers.said(interaction, N_("Game {game} aborted."), game=table.id)]
            )
            await moderation.announce(
                interaction, table, f"aborted game {table.id}. `/game create` starts a new one."
            )


@mod.command(name="pause", description="Freeze every clock of this game: nobody plays meanwhile")
async def pause(interaction: Inter) -> None:
    async with guard(interaction):
        table = await _mod_table(interaction)
        await answers.defer(interaction)
        bot = bot_of(interaction)
        async with table.channel_lock:
            await bot.desk.pause(table, interaction.user.id)
            await answers.reply(
                interaction,
                [answers.said(interaction, N_("Game {game} is paused."), game=table.id)],
            )
            await moderation.announce(
                interaction,
                table,
                "paused the game: its deadline and reminders stand still and nobody plays "
                "until `/mod resume`.",
            )


@mod.command(name="resume", description="Start this game's clocks again after a pause")
async def resume(interaction: Inter) -> None:
    async with guard(interaction):
        table = await _mod_table(interaction)
        await answers.defer(interaction)
        bot = bot_of(interaction)
        async with table.channel_lock:
            row = await bot.desk.resume(table, interaction.user.id)
            when = (
                f" The deadline is {texts.timestamp(row.deadline_at)}." if row.deadline_at else ""
            )
            await answers.reply(
                interaction,
                [answers.said(interaction, N_("Game {game} runs again."), game=table.id)],
            )
            await moderation.announce(interaction, table, f"resumed the game.{when}")
            await notify.phase_start(bot, table)
            await flow.play_turns(bot, table)


@mod.command(
    name="role", description="Set (or clear) the role whose members moderate Quicksilver games"
)
async def role(interaction: Inter, role: discord.Role | None = None) -> None:
    async with guard(interaction):
        access.require_guild(interaction)
        await answers.defer(interaction)
        if not (interaction.permissions.manage_channels or interaction.permissions.administrator):
            raise Refusal(N_("Only members with Manage Channels can choose the moderator role."))
        bot = bot_of(interaction)
        assert interaction.guild_id is not None
        await bot.desk.set_mod_role(interaction.guild_id, role.id if role else None)
        text = f"set the moderator role to {role.name}" if role else "cleared the moderator role"
        await answers.reply(
            interaction, [answers.said(interaction, N_("Done: {what}."), what=text)]
        )
        await bot.desk.mod_log(None, interaction.channel_id or 0, interaction.user.id, text)


mod.add_command(import_command)
