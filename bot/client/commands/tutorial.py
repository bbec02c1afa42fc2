"""/game tutorial: a short guided game against the computer, in a private thread
(a subcommand of ``/game``; :mod:`bot.client.tutorial` says how it runs)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.client import access, answers, flow
from bot.client.answers import guard
from bot.client.host import Inter, bot_of
from bot.desk.service import Refusal
from bot.present.locale import N_, _, speaking
from engine.state import Side

NO_THREAD = N_(
    "I cannot open a private thread here: I need *Create Private Threads* and *Send "
    "Messages in Threads* in this channel. Ask a moderator, or try another channel."
)


@app_commands.command(
    name="tutorial", description="A short guided game against the computer, in a private thread"
)
@app_commands.describe(side="the side you learn: crew (hunt the alien) or alien (hide and grow)")
@app_commands.choices(side=[app_commands.Choice(name=s, value=s) for s in ("crew", "alien")])
async def tutorial_command(interaction: Inter, side: app_commands.Choice[str]) -> None:
    """The thread is the learner's alone: it speaks their language (as do its refusals)."""
    with speaking(answers.language(interaction)):
        await _open(interaction, side)


async def _open(interaction: Inter, side: app_commands.Choice[str]) -> None:
    async with guard(interaction):
        access.require_guild(interaction)
        await answers.defer(interaction)
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise Refusal(
                _(
                    "Use `/game tutorial` in one of the server's text channels: I open a "
                    "private thread for you there."
                )
            )
        user = interaction.user
        try:
            thread = await channel.create_thread(
                name=_("Tutorial ({side}): {name}").format(side=side.value, name=user.display_name)[
                    :100
                ],
                type=discord.ChannelType.private_thread,
                invitable=False,
                auto_archive_duration=1440,
            )
            await thread.add_user(user)
        except discord.Forbidden:
            raise Refusal(_(NO_THREAD)) from None
        bot = bot_of(interaction)
        table, outcome, closed = await bot.desk.open_tutorial(
            thread.id, interaction.guild_id, thread.name, user.id, Side(side.value)
        )
        async with table.channel_lock:
            await flow.deliver(bot, table, outcome)
        ready = _("📘 Your tutorial is ready in {thread}: only you and I are in it.")
        lines = [ready.format(thread=thread.mention)]
        if closed:
            where = ", ".join(f"<#{t.channel_id}>" for t in closed)
            lines.append(_("Your unfinished tutorial ({where}) is closed.").format(where=where))
        await answers.reply(interaction, lines)
