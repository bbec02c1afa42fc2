"""Playing a command of the game, from a slash command, ``/game do`` or a button: the
person's answer (with undo, end-unit and end-phase buttons), then what the outcome lets
everyone know (:func:`bot.client.flow.deliver`)."""

from __future__ import annotations

from bot.client import access, answers, flow, ui
from bot.client.host import Inter, bot_of
from bot.desk.service import Refusal, Table
from bot.language import N_
from engine.commands import EndPhase, QuickSetup
from engine.state import Phase, Side


async def play(
    interaction: Inter,
    text: str,
    game_id: int | None = None,
    table: Table | None = None,
    as_side: Side | None = None,
) -> None:
    """Play ``text`` for the person; ``as_side``: it came through that side's command
    group (``/crew``, ``/alien``), which acts for that side only."""
    await answers.defer(interaction)
    table = table or await access.table_for(interaction, game_id)
    with answers.voice(interaction, table):
        await _play(interaction, text, table, as_side)


async def _play(interaction: Inter, text: str, table: Table, as_side: Side | None) -> None:
    bot = bot_of(interaction)
    async with table.channel_lock:
        outcome = await bot.desk.play(
            table, interaction.user.id, text, in_dm=access.in_dm(interaction), as_side=as_side
        )
        answers.acted(interaction, outcome)
        side = table.side_of(interaction.user.id)
        can_undo = table.game is not None and side is not None and table.game.can_undo(side) is None
        with answers.privately(interaction):  # the reply is the actor's alone: its buttons too
            view = ui.action_view(
                table,
                outcome.undo_stamp if can_undo else None,
                outcome.unit if table.status == "playing" else None,
                show_pass=table.status == "playing" and side in table.acting_sides(),
            )
        await answers.reply(interaction, answers.reply_for(interaction, outcome), view=view)
        await flow.deliver(bot, table, outcome)


async def undo(
    interaction: Inter,
    game_id: int | None = None,
    *,
    stamp: int | None = None,
    table: Table | None = None,
) -> None:
    await answers.defer(interaction)
    bot = bot_of(interaction)
    table = table or await access.table_for(interaction, game_id)
    async with table.channel_lock:
        outcome = await bot.desk.undo(table, interaction.user.id, stamp)
        await answers.reply(interaction, answers.reply_for(interaction, outcome))
        await flow.deliver(bot, table, outcome)


async def quick_setup(
    interaction: Inter, game_id: int | None = None, table: Table | None = None
) -> None:
    await answers.defer(interaction)
    table = table or await access.table_for(interaction, game_id)
    if table.game is None or table.game.state.phase is not Phase.SETUP:
        raise Refusal(N_("Set-up is over."))
    await play(interaction, QuickSetup().notation(), table=table)


async def end_phase(
    interaction: Inter, game_id: int | None = None, table: Table | None = None
) -> None:
    await play(interaction, EndPhase().notation(), game_id, table=table)
