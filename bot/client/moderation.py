"""A moderator's confirmed actions (the button under ``/mod reset`` and ``/mod rollback``
asks first; any moderator may confirm), and how a moderator's action is announced."""

from __future__ import annotations

from bot.client import answers, courier, flow
from bot.client.host import Inter, bot_of
from bot.desk.service import Refusal, Table
from bot.language import N_
from bot.present.rollback import rolled_back
from engine.state import Phase


async def announce(interaction: Inter, table: Table, text: str) -> None:
    """Every moderator action is said in the game's channel, with who took it."""
    await courier.post(
        bot_of(interaction),
        table.channel_id,
        [f"🛠️ Moderator {interaction.user.mention} {text}"],
    )


async def reset(interaction: Inter, table: Table) -> None:
    """The reset itself, once a moderator confirmed it: announced in the channel."""
    bot = bot_of(interaction)
    async with table.channel_lock:
        if table.status == "reset":
            raise Refusal(N_("That game was already reset."))
        await bot.desk.reset(table, interaction.user.id)
        await answers.reply(interaction, [answers.said(interaction, N_("The game is reset."))])
        await announce(
            interaction,
            table,
            f"reset this channel's game (game {table.id}). `/game create` starts a new one.",
        )


async def rollback(interaction: Inter, table: Table, turn: int, phase: Phase) -> None:
    """The rollback itself, once a moderator confirmed it: announced in the channel."""
    bot = bot_of(interaction)
    async with table.channel_lock:
        outcome = await bot.desk.rollback(table, turn, phase, interaction.user.id)
        answers.acted(interaction, outcome)
        with answers.privately(interaction):
            done = rolled_back(turn, phase)
        await answers.reply(interaction, [done])
        await announce(
            interaction,
            table,
            f"rolled the game back to the start of turn {turn}, {phase.value} phase; the dice "
            "are re-keyed from secure randomness.",
        )
        await flow.deliver(bot, table, outcome)
