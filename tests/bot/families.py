"""Every family of our buttons and menus on a real message of the bot, for the
tests that press them all (``tests/bot/client/test_every_family.py``) and the benchmark's
fuzz of their custom ids (``benchmarks/bench_reliability.py``). :data:`CASES` names each
family as the bot registers it (``bot.client.app.DYNAMIC_ITEMS``)."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.client.tutorial import LobbyButton
from tests.bot.client.test_full_game import play_to_the_end
from tests.bot.helpers import World, seat_and_start
from tests.bot.panel_driver import components

TABLES = ("games", "players", "commands", "snapshots", "snapshot_states", "seat_calls", "ratings")
TABLES += ("user_settings", "forgotten")


@dataclass
class Case:
    """A family's button on a real message: who presses it, and where (a select's value)."""

    message: Any
    custom_id: str
    presser: Any
    value: str | None = None


def said(result: Any) -> str:
    parts = [result.response] if result.response is not None else []
    return "\n".join(m.content for m in [*parts, *result.followups])


def custom_id_of(message: Any, prefix: str) -> str:
    return next(c["custom_id"] for c in components(message) if c["custom_id"].startswith(prefix))


def rows(world: World) -> dict[str, list[Any]]:
    with contextlib.closing(sqlite3.connect(world.bot.database)) as db:
        return {t: db.execute(f"SELECT * FROM {t} ORDER BY 1").fetchall() for t in TABLES}


async def _map_button(world: World) -> Case:
    await seat_and_start(world)
    maps = [m for m in world.messages() if any("qs:status" in str(r) for r in m.components)]
    return Case(maps[-1], custom_id_of(maps[-1], "qs:status:"), world.crew[0])


async def _panel(world: World, select: bool) -> Case:
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    maps = [m for m in world.messages() if any("qs:play" in str(r) for r in m.components)]
    opened = await world.crew[0].click(maps[-1], custom_id=custom_id_of(maps[-1], "qs:play:"))
    panel = opened.followups[-1] if opened.followups else opened.response
    if select:
        menu = next(c for c in components(panel) if c["type"] == 3)
        return Case(panel, menu["custom_id"], world.crew[0], menu["options"][0]["value"])
    return Case(panel, custom_id_of(panel, "qp:fresh:"), world.crew[0])


async def _seat_call(world: World) -> Case:
    await seat_and_start(world)
    await world.crew[0].slash(world.channel, "game sub")
    call = next(m for m in reversed(world.messages()) if m.content.startswith("🪑"))
    return Case(call, custom_id_of(call, "qsc:take:"), world.stranger)


async def _board(world: World) -> Case:
    result = await world.crew[0].slash(world.channel, "stats server")
    board = result.followups[-1] if result.followups else result.response
    side = next(c for c in components(board) if c["custom_id"].endswith(":side:p"))
    return Case(board, side["custom_id"], world.crew[0])


async def _replay(world: World) -> Case:
    await seat_and_start(world)
    await play_to_the_end(world)
    cover = next(m for m in reversed(world.messages()) if m.content.startswith("🎞️"))
    return Case(cover, custom_id_of(cover, "qsr:"), world.spectator)


async def _lobby(world: World) -> Case:
    """The tutorial's last word carries Open a lobby, in the learner's thread."""
    await world.crew[0].slash(world.channel, "game tutorial", side="crew")
    thread = world.channel.threads[-1]
    view = discord.ui.View(timeout=None)
    view.add_item(LobbyButton(world.channel.id))
    message = await world.bot.get_channel(thread.id).send("🎓 You are ready.", view=view)
    return Case(message, custom_id_of(message, "qt:lobby:"), world.crew[0])


async def _forget(world: World) -> Case:
    """A finished game's player asks to be forgotten: the warning's confirm button."""
    asked = await world.stranger.slash(world.channel, "me forget")
    message = asked.followups[-1] if asked.followups else asked.response
    return Case(message, custom_id_of(message, "qf:forget:"), world.stranger)


CASES: dict[str, Callable[[World], Awaitable[Case]]] = {
    "GameButton": _map_button,
    "PanelButton": lambda w: _panel(w, select=False),
    "PanelSelect": lambda w: _panel(w, select=True),
    "SeatCallButton": _seat_call,
    "BoardButton": _board,
    "ReplayButton": _replay,
    "LobbyButton": _lobby,
    "ForgetButton": _forget,
}


async def press(case: Case, message: Any = None, custom_id: str | None = None) -> Any:
    """Press (or choose from) ``case``'s component, or the one ``custom_id`` names."""
    message, custom_id = message or case.message, custom_id or case.custom_id
    if case.value is not None:
        return await case.presser.select(message, [case.value], custom_id=custom_id)
    return await case.presser.click(message, custom_id=custom_id)


async def copy_to(world: World, case: Case, channel_id: int, custom_id: str) -> Any:
    """``case``'s component posted by the bot in ``channel_id`` under ``custom_id`` (a
    forged or damaged copy)."""
    component = next(c for c in components(case.message) if c["custom_id"] == case.custom_id)
    view = discord.ui.View(timeout=None)
    if component["type"] == 3:
        options = [
            discord.SelectOption(label=o["label"], value=o["value"]) for o in component["options"]
        ]
        view.add_item(discord.ui.Select(custom_id=custom_id, options=options))
    else:
        view.add_item(discord.ui.Button(label="copy", custom_id=custom_id))
    return await world.bot.get_channel(channel_id).send("a copy", view=view)
