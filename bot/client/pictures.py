"""The game's pictures as Discord files: drawn off the event loop, each from the one view
its reader may see (``Table.view_for``), with alt text from the post it goes with."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence

import discord

from bot.desk.service import Table
from bot.present import texts
from engine.events import Event
from engine.views import Viewer
from render.board import render_png
from render.card import phase_card_png


async def map_file(
    table: Table, viewer: Viewer, name: str = "map.png", lines: Sequence[str] = ()
) -> discord.File:
    """The floorplan as ``viewer`` may see it, drawn off the event loop, with alt text
    from ``lines`` (the post it goes with)."""
    assert table.game is not None
    view = table.view_for(viewer)
    png = await asyncio.to_thread(render_png, view.board, table.game.ship)
    alt = texts.map_alt(view, viewer.value, lines)
    return discord.File(io.BytesIO(png), filename=name, description=alt)


async def phase_card_file(
    table: Table, events: Sequence[Event], lines: Sequence[str] = ()
) -> discord.File:
    """The picture posted when a phase ends (render.card): where its public ``events``
    happened, up close, and the ship small, drawn off the event loop from the
    spectator's view (whoever looks at the channel), with alt text from ``lines``."""
    assert table.game is not None
    view = table.view_for(Viewer.SPECTATOR)
    png = await asyncio.to_thread(phase_card_png, view.board, table.game.ship, events)
    alt = texts.map_alt(view, Viewer.SPECTATOR.value, lines)
    return discord.File(io.BytesIO(png), filename="map.png", description=alt)
