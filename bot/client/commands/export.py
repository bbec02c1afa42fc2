"""/game export: a game of this channel to keep (a subcommand of ``/game``).

A finished game: its script (``game-N.qs``, the command language) and its replay's GIF,
for anyone in the channel. A game in play: only its public record (what a spectator has
seen, as text and one map a phase), and only for a moderator; the whole game waits until
it is over, so nothing hidden leaks. The answer is private to the person who asked.
"""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands

from bot import store as st
from bot.client import access, answers
from bot.client.answers import guard
from bot.client.host import Inter, bot_of
from bot.client.mentions import NO_PINGS
from bot.desk.replay_log import FINISHED, ReplayRefused, load_replay
from bot.desk.service import Refusal
from bot.language import N_
from bot.present.export import game_script, public_record, script_name
from bot.store import GameRow
from render.animation import animate_gif

QUIET = "the picture is larger than this server's upload limit, so it is left out"


@app_commands.command(
    name="export", description="A game of this channel as a script and its replay (finished)"
)
@app_commands.describe(number="the game's number (default: this channel's game)")
async def export_command(
    interaction: Inter, number: app_commands.Range[int, 1] | None = None
) -> None:
    async with guard(interaction):
        access.require_guild(interaction)
        await answers.defer(interaction)
        row = await _game_of_channel(interaction, number)
        if row.status in FINISHED:
            lines, files = await _finished(interaction, row)
        elif row.status == "lobby":
            raise Refusal(
                N_("Game {game} has not started: there is nothing to export yet."), game=row.id
            )
        else:
            if not await access.is_mod(interaction):
                raise Refusal(
                    N_(
                        "Game {game} is still being played: its whole game is exported once "
                        "it is over. A moderator can export its public record now."
                    ),
                    game=row.id,
                )
            lines, files = await _public(interaction, row)
        await interaction.followup.send(
            "\n".join(lines), files=files, ephemeral=True, allowed_mentions=NO_PINGS
        )


async def _game_of_channel(interaction: Inter, number: int | None) -> GameRow:
    bot = bot_of(interaction)
    channel_id = interaction.channel_id or 0
    if number is None:
        table = bot.desk.table_in(channel_id)
        if table is None:
            raise Refusal(N_("There is no game in this channel to export."))
        number = table.id
    row = await bot.desk.store.game(number)
    if row is None or row.channel_id != channel_id:
        raise Refusal(N_("Game {game} was not played in this channel."), game=number)
    return row


def _fits(interaction: Inter, data: bytes) -> bool:
    return len(data) < interaction.filesize_limit


async def _finished(interaction: Inter, row: GameRow) -> tuple[list[str], list[discord.File]]:
    """The whole game: its script and its replay's GIF."""
    try:
        replay = await load_replay(bot_of(interaction).desk.store, row.id)
    except ReplayRefused as refusal:
        raise Refusal(str(refusal)) from None
    script = game_script(replay).encode("utf-8")
    files = [discord.File(io.BytesIO(script), filename=script_name(row))]
    lines = [
        f"📦 **Game {row.id}**: the whole game as a script ({len(replay.game.log)} commands; "
        "`quicksilver script` plays it, `/mod import` recreates it)"
    ]
    gif = await asyncio.to_thread(replay.gif)
    if _fits(interaction, gif):
        alt = f"Game {row.id} replayed phase by phase, every secret shown"
        files.append(discord.File(io.BytesIO(gif), filename=f"game-{row.id}.gif", description=alt))
        steps = len(replay.steps)
        lines[0] += f" and its replay, {steps} phase{'' if steps == 1 else 's'}."
    else:
        lines.append(f"The replay's GIF is not attached: {QUIET}.")
    return lines, files


async def _public(interaction: Inter, row: GameRow) -> tuple[list[str], list[discord.File]]:
    """The public record of a game in play: text and the spectator's maps."""
    desk = bot_of(interaction).desk
    commands = await desk.store.commands(row.id)
    record = await asyncio.to_thread(public_record, row, commands, desk.ship, desk.content)
    files = [discord.File(io.BytesIO(record.text.encode("utf-8")), filename=record.filename)]
    lines = [
        f"📦 **Game {row.id}**, still in play ({record.title}): its public record, what a "
        "spectator has seen and nothing more (no hidden command, no secret)."
    ]
    if record.boards:
        gif = await asyncio.to_thread(animate_gif, record.boards, desk.ship)
        if _fits(interaction, gif):
            alt = f"Game {row.id} so far, phase by phase, as everyone has seen it"
            name = f"game-{row.id}-public.gif"
            files.append(discord.File(io.BytesIO(gif), filename=name, description=alt))
        else:
            lines.append(f"The maps' GIF is not attached: {QUIET}.")
    now = desk.clock()
    await desk.store.commit(
        [st.mod_action(row.id, row.channel_id, interaction.user.id, "export", now)]
    )
    return lines, files
