"""/mod import: a game recreated from a script file (a subcommand of ``/mod``).

The attachment is read, checked line by line and stored as this channel's new game
(:mod:`bot.desk.imports`: seeded, a lobby to seat and start or a finished game to replay);
a line that does not apply refuses the whole file with its number. Announced in the
channel as any moderator's action.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.client import access, answers, courier, replay, ui
from bot.client.answers import guard
from bot.client.host import Inter, LobbyPost, bot_of
from bot.desk.imports import SCRIPT_LIMIT, decode
from bot.desk.service import Refusal
from bot.language import N_
from bot.present import texts
from bot.present.events import script_line
from engine.records.script import ScriptError


@app_commands.command(name="import", description="Recreate a game from a script file")
@app_commands.describe(file="a script of the command language, as /game export writes it")
async def import_command(interaction: Inter, file: discord.Attachment) -> None:
    async with guard(interaction):
        access.require_guild(interaction)
        await answers.defer(interaction)
        await access.require_mod(interaction)
        if file.size > SCRIPT_LIMIT:
            raise Refusal(
                N_("That file is too large for a script (at most {most} KiB)."),
                most=SCRIPT_LIMIT // 1024,
            )
        text = decode(await file.read())
        bot = bot_of(interaction)
        channel_id = interaction.channel_id or 0
        name = getattr(interaction.channel, "name", "") or str(channel_id)
        try:
            table, prepared = await bot.desk.import_game(
                channel_id, interaction.guild_id, name, interaction.user.id, text, say=script_line
            )
        except ScriptError as err:
            raise Refusal(f"Nothing was imported: {err}.") from None
        what = "a finished game" if prepared.over else "a lobby"
        await answers.reply(
            interaction,
            [f"Imported game {table.id} ({what}, {prepared.title}) from {file.filename}."],
        )
        await courier.post(
            bot,
            channel_id,
            [
                f"🛠️ Moderator {interaction.user.mention} imported game {table.id} from a script: "
                f"{len(prepared.commands)} commands, {prepared.title}. It is **seeded**: its "
                "dice were known to whoever had the file, so it counts in no record."
            ],
        )
        if prepared.over:
            await replay.post_replay(bot, channel_id, table.id)
        else:
            head = ["`/game start` continues it where its script stopped, not from set-up."]
            lines = [*head, texts.lobby_text(table)]
            message = await courier.post(bot, channel_id, lines, view=ui.lobby_view(table))
            if message is not None:  # the lobby's one message, edited as seats are taken
                bot.lobby_posts[table.id] = LobbyPost.of(message, head)
