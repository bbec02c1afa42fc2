"""Deck close-ups for phones (issue 9): one deck of the presser's own map, at full scale.

The full map goes with every phase; under it and under "My map", one button per deck
sends that deck alone (:mod:`render.deck_crop`), drawn from the presser's view.
"""

from __future__ import annotations

import asyncio
import io

import discord

from bot.client import actions
from bot.client.ui import GameButton
from bot.desk.service import Refusal, Table
from engine.board.grid import deck_label
from render.deck_crop import render_deck_png


def deck_buttons(table: Table) -> list[GameButton]:
    """One "Deck 01" button per deck, top deck first."""
    if table.game is None:
        return []
    decks = sorted(table.game.ship.decks, reverse=True)
    return [
        GameButton("deck", table.id, "", str(n), label=deck_label(n), emoji="🔍") for n in decks
    ]


def deck_view(table: Table) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for button in deck_buttons(table):
        view.add_item(button)
    return view


async def show_deck(interaction: actions.Inter, table: Table, arg: str) -> None:
    """The presser's own view of one deck, only to them."""
    await actions.defer(interaction)
    if table.game is None:
        raise Refusal("The game has not started: there is no map yet.")
    if not arg.isdigit() or int(arg) not in table.game.ship.decks:
        raise Refusal("There is no such deck.")
    deck = int(arg)
    viewer = actions.viewer_of(table, interaction.user.id)
    board = table.view_for(viewer).board
    png = await asyncio.to_thread(render_deck_png, board, table.game.ship, deck)
    file = discord.File(io.BytesIO(png), filename=f"deck{deck}.png")
    caption = f"🔍 {deck_label(deck)}, your view ({viewer.value}) — game {table.id}"
    await actions.reply(interaction, [caption], file=file, view=deck_view(table))
