"""``/game resign`` (with its confirm button) and ``/game claim`` on Discord: the desk's
endings (:mod:`bot.desk.endings`), told in the channel with the reveal of any game's
end."""

from __future__ import annotations

from bot.client import access, answers, courier, flow, mentions, ui
from bot.client.host import Inter, bot_of
from bot.desk.endings import Ending
from bot.desk.service import Refusal, Table
from bot.language import N_
from bot.present import endings as words


async def ask_resign(interaction: Inter, game_id: int | None) -> None:
    """The question first, only to the asker, with a confirm button."""
    await answers.defer(interaction)
    table = await access.table_for(interaction, game_id)
    side = table.side_of(interaction.user.id)
    if table.status != "playing" or side is None:
        raise Refusal(N_("Only a player of a game being played can resign it for their side."))
    with answers.privately(interaction):
        ask, label = words.resign_ask(side.value), words.resign_label()
    view = ui.confirm_view("resign", table, table.stamp(), side.value, label=label)
    await answers.reply(interaction, [ask], view=view)


async def resign(interaction: Inter, table: Table) -> None:
    """The confirmed resignation: the game ends, and everyone sees its end."""
    bot = bot_of(interaction)
    async with table.channel_lock:
        ending = await bot.desk.resign(table, interaction.user.id)
        await answers.reply(
            interaction, [answers.said(interaction, N_("You resigned. The game is over."))]
        )
        await _tell_end(interaction, table, ending)


async def claim(interaction: Inter, game_id: int | None) -> None:
    await answers.defer(interaction)
    table = await access.table_for(interaction, game_id)
    bot = bot_of(interaction)
    async with table.channel_lock:
        answer = await bot.desk.claim(table, interaction.user.id)
        if answer.ending is not None:
            await answers.reply(
                interaction, [answers.said(interaction, N_("Claim granted. The game is over."))]
            )
            await _tell_end(interaction, table, answer.ending)
            return
        if answer.opened:  # the silent side is pinged first, in the channel
            line = words.claim_opened(answer, interaction.user.mention, table.id)
            pings = mentions.users([*answer.silent])
            await courier.post(bot, table.channel_id, [line], mentions=pings)
        with answers.privately(interaction):
            await answers.reply(interaction, [words.claim_waits(answer)])


async def _tell_end(interaction: Inter, table: Table, ending: Ending) -> None:
    bot = bot_of(interaction)
    line = words.headline(ending, interaction.user.mention)
    await courier.post(bot, table.channel_id, [line])
    await flow.post_result(bot, table)
