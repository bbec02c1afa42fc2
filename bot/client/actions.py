"""What the bot does for an interaction: shared by slash commands and buttons.

Every handler acknowledges within Discord's 3 seconds (:mod:`bot.client.answers`), then
runs the desk under the channel's lock, answers the person, and posts what the outcome
lets others know. A refusal is answered by :func:`bot.client.answers.guard`; anything
else by :mod:`bot.client.failures`.
"""

from __future__ import annotations

import logging

from bot.client import access, answers, delivery, ui
from bot.client.host import Inter, bot_of
from bot.desk.computer_seat import DEFAULT_LEVEL
from bot.desk.service import Refusal, Seat, Table
from bot.present import texts, welcome
from bot.present.locale import _
from engine.commands import EndPhase, QuickSetup
from engine.state import Phase, Side
from engine.views import Viewer

log = logging.getLogger("quicksilver.bot")


# --- lobby -------------------------------------------------------------------------
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
            dm_sent = await delivery.dm(bot, table, interaction.user.id, greeting)
            lines.append(sent if dm_sent else help_)
        await answers.reply(interaction, lines)
        await delivery.post(
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
        await delivery.post(bot, table.channel_id, [text])


async def leave(interaction: Inter) -> None:
    access.require_guild(interaction)
    await answers.defer(interaction)
    bot = bot_of(interaction)
    table = await access.table_for(interaction)
    async with table.channel_lock:
        seat = await bot.desk.leave(table, interaction.user.id)
        await answers.reply(interaction, [f"You left your {seat} seat."])
        await delivery.post(
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
        await delivery.deliver(bot, table, outcome)
        alien = table.alien_player()
        if alien is not None:
            with delivery.to_person(outcome, alien.user_id):
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
            await delivery.dm(bot, table, alien.user_id, welcome_dm)


# --- playing -------------------------------------------------------------------------
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
        view = ui.action_view(
            table,
            outcome.undo_stamp if can_undo else None,
            outcome.unit if table.status == "playing" else None,
            show_pass=table.status == "playing" and side in table.acting_sides(),
        )
        await answers.reply(interaction, answers.reply_for(interaction, outcome), view=view)
        await delivery.deliver(bot, table, outcome)


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
        await answers.reply(interaction, outcome.reply)
        await delivery.deliver(bot, table, outcome)


async def quick_setup(
    interaction: Inter, game_id: int | None = None, table: Table | None = None
) -> None:
    await answers.defer(interaction)
    table = table or await access.table_for(interaction, game_id)
    if table.game is None or table.game.state.phase is not Phase.SETUP:
        raise Refusal("Set-up is over.")
    await play(interaction, QuickSetup().notation(), table=table)


async def end_phase(
    interaction: Inter, game_id: int | None = None, table: Table | None = None
) -> None:
    await play(interaction, EndPhase().notation(), game_id, table=table)


# --- reading -------------------------------------------------------------------------


async def show_map(
    interaction: Inter, game_id: int | None = None, table: Table | None = None
) -> None:
    await answers.defer(interaction)
    table = table or await access.table_for(interaction, game_id)
    if table.game is None:
        raise Refusal("The game has not started: there is no map yet.")
    viewer = access.viewer_of(table, interaction.user.id)
    if viewer is Viewer.ALIEN and not access.in_dm(interaction):
        viewer = Viewer.ALIEN  # ephemeral: only the alien sees this answer
    file = await delivery.map_file(table, viewer)
    with answers.privately(interaction):
        title = texts.phase_title(table.view_for(viewer))
        caption = _("🗺️ Your view ({viewer}) — game {game}, {title}; one deck up close:").format(
            viewer=viewer.value, game=table.id, title=title
        )
    from bot.client.deck_maps import deck_view

    await answers.reply(interaction, [caption], file=file, view=deck_view(table))


async def show_hand(
    interaction: Inter,
    game_id: int | None = None,
    *,
    resend: bool = False,
    table: Table | None = None,
) -> None:
    await answers.defer(interaction)
    table = table or await access.table_for(interaction, game_id)
    bot = bot_of(interaction)
    with answers.privately(interaction):  # the DM too answers this person's own command
        lines = texts.hand_text(table, interaction.user.id)
        sent, help_ = _("Sent to your DMs."), _(texts.DM_HELP)
    if not resend:
        await answers.reply(interaction, lines)
        return
    if table.seat_of(interaction.user.id) in (Seat.ALIEN, Seat.CREW) and await delivery.dm(
        bot, table, interaction.user.id, lines
    ):
        await answers.reply(interaction, [sent])
    else:
        await answers.reply(interaction, [help_, *lines])


async def show_status(
    interaction: Inter, game_id: int | None = None, table: Table | None = None
) -> None:
    await answers.defer(interaction)
    table = table or await access.table_for(interaction, game_id)
    with answers.privately(interaction):
        status = texts.status_text(table)
    await answers.reply(interaction, [status])


async def show_log(interaction: Inter, count: int, game_id: int | None = None) -> None:
    await answers.defer(interaction)
    table = await access.table_for(interaction, game_id)
    shown = await bot_of(interaction).desk.public_log(table, max(1, min(count, 100)))
    with answers.privately(interaction):  # the heading; the stored lines are the channel's English
        lines = texts.log_text(table, shown)
    await answers.reply(interaction, lines)
