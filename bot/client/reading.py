"""Reading the game, only to the person who asks: their map, their hand, the status,
the public log."""

from __future__ import annotations

from bot.client import access, answers, browser, courier, pictures, ui
from bot.client.host import Inter, bot_of
from bot.desk.service import Refusal, Seat, Table
from bot.language import N_
from bot.present import texts
from bot.present.locale import _
from engine.views import Viewer


async def show_map(
    interaction: Inter, game_id: int | None = None, table: Table | None = None
) -> None:
    await answers.defer(interaction)
    table = table or await access.table_for(interaction, game_id)
    if table.game is None:
        raise Refusal(N_("The game has not started: there is no map yet."))
    viewer = access.viewer_of(table, interaction.user.id)
    if viewer is Viewer.ALIEN and not access.in_dm(interaction):
        viewer = Viewer.ALIEN  # ephemeral: only the alien sees this answer
    file = await pictures.map_file(table, viewer)
    with answers.privately(interaction):
        title = texts.phase_title(table.view_for(viewer))
        caption = _("🗺️ Your view ({viewer}) — game {game}, {title}; one deck up close:").format(
            viewer=viewer.value, game=table.id, title=title
        )
        view = ui.deck_view(table)
        button = browser.game_button(bot_of(interaction), table, viewer, interaction.user.id)
        if button is not None:
            view.add_item(button)
    await answers.reply(interaction, [caption], file=file, view=view)


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
    if table.seat_of(interaction.user.id) in (Seat.ALIEN, Seat.CREW) and await courier.dm(
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
        status = texts.status_text(table, table.side_of(interaction.user.id))
    await answers.reply(interaction, [status])


async def show_log(interaction: Inter, count: int, game_id: int | None = None) -> None:
    await answers.defer(interaction)
    table = await access.table_for(interaction, game_id)
    items = await bot_of(interaction).desk.public_log(table)
    with answers.privately(interaction):
        lines = texts.log_text(table, items, max(1, min(count, 100)))
    await answers.reply(interaction, lines)
