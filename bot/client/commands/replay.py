"""/game replay: post the replay of a finished game of this channel (buttons and GIF).

A subcommand of ``/game``.
"""

from __future__ import annotations

from discord import app_commands

from bot.client import access, answers, courier, replay
from bot.client.answers import guard
from bot.client.host import Inter, bot_of
from bot.desk.replay_log import ReplayRefused, load_replay
from bot.desk.service import Refusal
from bot.language import N_


@app_commands.command(name="replay", description="Step through a finished game of this channel")
@app_commands.describe(number="the game's number (default: this channel's game)")
async def replay_command(
    interaction: Inter, number: app_commands.Range[int, 1] | None = None
) -> None:
    async with guard(interaction):
        access.require_guild(interaction)
        await answers.defer(interaction)
        bot = bot_of(interaction)
        channel_id = interaction.channel_id or 0
        if number is None:
            table = bot.desk.table_in(channel_id)
            if table is None:
                raise Refusal(N_("There is no game in this channel to replay."))
            number = table.id
        try:
            found = await load_replay(bot.desk.store, number)
        except ReplayRefused as refusal:
            raise Refusal(str(refusal)) from None
        if found.row.channel_id != channel_id:
            raise Refusal(N_("Game {game} was not played in this channel."), game=number)
        channel = await courier.channel_of(bot, channel_id)
        if channel is None:  # pragma: no cover - the interaction came from it
            raise Refusal(N_("I cannot post in this channel."))
        gif = await replay.animation_file(bot, number)
        view = replay.step_view(number, 0, len(found.steps), public=True)
        text = replay.cover_text(found)
        await courier.send(channel, [text], view=view, files=[gif] if gif is not None else [])
        await answers.reply(
            interaction,
            [
                answers.said(
                    interaction, N_("The replay of game {game} is posted below."), game=number
                )
            ],
        )
