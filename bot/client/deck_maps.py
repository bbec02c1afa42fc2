"""Close-ups for phones: the presser's own view, zoomed.

The full map goes with every phase; under it and under "My map", a *Close-up* button
sends the surroundings of the presser's acting unit, and one button per deck sends
that deck, both at twice the map's scale with every name in full
(:mod:`render.zoom`). The turn panel has a *Close-up* button too. Each is drawn from
the presser's own view only (``Table.view_for``), so a crew player's close-up is the
same wherever the hidden alien is; the picture carries its alt text.
"""

from __future__ import annotations

import asyncio
import io

import discord

from bot.client import access, answers, ui
from bot.client.host import Inter
from bot.desk.service import Refusal, Table
from bot.language import N_
from bot.present.texts import phase_title
from engine.board.grid import deck_label
from engine.board_view import UnitView
from engine.commands import whole
from engine.views import View
from render.zoom import CloseUp, close_up, deck_window, focus_window


def _file(picture: CloseUp, name: str) -> discord.File:
    return discord.File(io.BytesIO(picture.png()), filename=name, description=picture.alt)


async def show_deck(interaction: Inter, table: Table, arg: str) -> None:
    """The presser's own view of one deck, only to them."""
    await answers.defer(interaction)
    if table.game is None:
        raise Refusal(N_("The game has not started: there is no map yet."))
    deck = whole(arg, digits=2)
    if deck is None or deck not in table.game.ship.decks:
        raise Refusal(N_("There is no such deck."))
    viewer = access.viewer_of(table, interaction.user.id)
    shown = table.view_for(viewer)
    title = f"{deck_label(deck)} · {phase_title(shown)}"
    window = deck_window(table.game.ship, deck)
    picture = await asyncio.to_thread(close_up, shown.board, table.game.ship, window, title)
    caption = f"🔍 {deck_label(deck)}, your view ({viewer.value}) — game {table.id}"
    file = _file(picture, f"deck{deck}.png")
    await answers.reply(interaction, [caption], file=file, view=ui.deck_view(table))


async def show_focus(interaction: Inter, table: Table, arg: str = "") -> None:
    """The surroundings of the presser's unit (``arg``, else the one acting, else their
    first on the board; a spectator follows the acting unit), only to them."""
    await answers.defer(interaction)
    if table.game is None:
        raise Refusal(N_("The game has not started: there is no map yet."))
    viewer = access.viewer_of(table, interaction.user.id)
    shown = table.view_for(viewer)
    unit = focus_unit(shown, table.units_of(interaction.user.id), arg)
    if unit is None:
        raise Refusal(
            N_("There is no unit on the board to look at yet: the deck buttons show it all.")
        )
    title = f"{unit.label} at {unit.grid} · {phase_title(shown)}"
    window = focus_window(table.game.ship, unit.grid)
    picture = await asyncio.to_thread(close_up, shown.board, table.game.ship, window, title)
    caption = f"🔎 Around {unit.label} ({unit.grid}), your view ({viewer.value}) — game {table.id}"
    file = _file(picture, f"closeup-{unit.grid}.png")
    await answers.reply(interaction, [caption], file=file, view=ui.deck_view(table))


def focus_unit(shown: View, mine: tuple[str, ...], wanted: str = "") -> UnitView | None:
    """The unit a close-up centres on, among those ``shown`` puts on the board: the one
    asked for, else the presser's acting unit, else their first, else the acting unit,
    else (a spectator between units) the first unit the view shows."""
    on_board = {u.id: u for u in shown.board.units}
    order = [wanted, *(u for u in mine if u == shown.active_unit), *mine, shown.active_unit]
    order += list(on_board)
    return next((on_board[u] for u in order if u in on_board), None)
