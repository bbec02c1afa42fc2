"""The lobby: open one, take or leave a seat, give a side to the game, start.

Each handler acknowledges first (:mod:`bot.client.answers`), acts at the desk under the
channel's lock, answers the person, and tells the channel.
"""

from __future__ import annotations

from bot.client import access, answers, courier, flow, ui
from bot.client.host import Inter, bot_of
from bot.desk.computer_seat import DEFAULT_LEVEL
from bot.desk.service import Refusal, Seat, Table
from bot.present import texts, welcome
from bot.present.locale import _
from engine.state import Side


async def create(interaction: Inter, seed: int | None, hints: bool = True) -> None:
    """A lobby with a secret seed; a moderator may choose one (a reproducible game,
    announced to everyone as predictable and kept out of any records)."""
    access.require_guild(interaction)
    if seed is not None and not await access.is_mod(interaction):
        raise Refusal(
            "Only moderators can choose a seed: a chosen seed gives every hidden marker and "
            "die away. Leave it out and the game's seed is secret."
        )
    bot = bot_of(interaction)
    current = bot.desk.table_in(interaction.channel_id or 0)  # in memory: answered privately
    if current is not None and current.status in ("lobby", "playing"):
        raise Refusal(
            f"This channel already has a game ({current.status}). "
            "A moderator can `/mod abort` or `/mod reset` it."
        )
    await answers.defer(interaction, ephemeral=False)
    channel = interaction.channel
    name = getattr(channel, "name", "") or str(interaction.channel_id)
    table = await bot.desk.create(
        interaction.channel_id or 0,
        interaction.guild_id,
        name,
        interaction.user.id,
        seed,
        hints,
    )
    pace = await welcome.pace_line(bot.desk.store, interaction.guild_id)
    lines = [*welcome.welcome_lines(pace), texts.lobby_text(table)]
    await answers.reply(interaction, lines, ephemeral=False, view=ui.lobby_view(table))


async def join(interaction: Inter, seat: Seat, table: Table | None = None) -> None:
    access.require_guild(interaction)
    await answers.defer(interaction)
    bot = bot_of(interaction)
    table = table or await access.table_for(interaction)
    async with table.channel_lock:
        await bot.desk.join(table, interaction.user.id, seat)
        with answers.privately(interaction):  # the reply and the DM: theirs alone
            lines = [
                _("You sit as **{seat}** in game {game}.").format(seat=seat.value, game=table.id)
            ]
            greeting = [
                _("Your secret notes for game {game} in #{channel} will arrive here.").format(
                    game=table.id, channel=table.row.channel_name
                )
            ]
            sent, help_ = (
                _("I sent you a DM: your secret notes will arrive there."),
                _(texts.DM_HELP),
            )
        if seat is not Seat.SPECTATOR:
            dm_sent = await courier.dm(bot, table, interaction.user.id, greeting)
            lines.append(sent if dm_sent else help_)
        await answers.reply(interaction, lines)
        await courier.post(
            bot,
            table.channel_id,
            [f"{interaction.user.mention} joins as {texts.SEAT_WORDS[seat.value]}."],
        )


async def computer(
    interaction: Inter, side: Side | None, table: Table | None = None, level: str = DEFAULT_LEVEL
) -> None:
    """Give a side to the game (or take it back, ``None``), in the lobby, at ``level``."""
    access.require_guild(interaction)
    await answers.defer(interaction)
    bot = bot_of(interaction)
    table = table or await access.table_for(interaction)
    mod = await access.is_mod(interaction)
    async with table.channel_lock:
        before = await bot.desk.give_to_computer(table, interaction.user.id, side, mod, level)
        who = interaction.user.mention
        if side is not None:
            await answers.reply(
                interaction, [f"The game now plays the **{side.value}** ({level})."]
            )
            text = f"🤖 {who} gives the {texts.SEAT_WORDS[side.value]} seat to the game ({level})."
        else:
            assert before is not None
            await answers.reply(interaction, [f"The {before.value} seat is open again."])
            text = f"{who} takes the {texts.SEAT_WORDS[before.value]} seat back from the game."
        await courier.post(bot, table.channel_id, [text])


async def leave(interaction: Inter) -> None:
    access.require_guild(interaction)
    await answers.defer(interaction)
    bot = bot_of(interaction)
    table = await access.table_for(interaction)
    async with table.channel_lock:
        seat = await bot.desk.leave(table, interaction.user.id)
        await answers.reply(interaction, [f"You left your {seat} seat."])
        await courier.post(
            bot, table.channel_id, [f"{interaction.user.mention} leaves the {seat} seat."]
        )


async def start(interaction: Inter, table: Table | None = None) -> None:
    access.require_guild(interaction)
    await answers.defer(interaction)
    bot = bot_of(interaction)
    table = table or await access.table_for(interaction)
    mod = await access.is_mod(interaction)
    async with table.channel_lock:
        outcome = await bot.desk.start(table, interaction.user.id, mod)
        answers.acted(interaction, outcome)
        await answers.reply(interaction, ["The game is on: set-up begins."])
        await flow.deliver(bot, table, outcome)
        alien = table.alien_player()
        if alien is not None:
            with flow.to_person(outcome, alien.user_id):
                welcome_dm = [
                    _("👾 Game {game} in #{channel}: you are the alien.").format(
                        game=table.id, channel=table.row.channel_name
                    ),
                    _(
                        "Set-up: `/alien ability`, `/alien larva`, "
                        "or `/alien quick` for both at random."
                    ),
                    _("Standing order for an exact 7 (D.5): `/alien order on|off`."),
                ]
            await courier.dm(bot, table, alien.user_id, welcome_dm)
