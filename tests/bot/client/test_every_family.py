"""Every button and menu family of ours goes through one wrapper (issue 34): whatever a
press meets, it is answered, and a press from a foreign channel is refused.

The families are read from the bot's own registry (``bot.client.app.DYNAMIC_ITEMS``),
so a new one without a case here fails. For each, a real message of the bot carries the
button (the map's, a turn panel, a seat call, a leaderboard, a replay, the tutorial's
Open a lobby), and:

- the store fails at each await of the press in turn (a real SQLite store, its
  connection failing as a lost one does; the game out of memory, so the press reads it)
  and every press is still answered: acknowledged, with words, nothing escaping to
  discord.py;
- a copy of it pressed in another server's channel is refused, the store unchanged.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord
import pytest

from bot.client import app, failures
from bot.client.tutorial import LobbyButton
from tests.bot.client.test_full_game import play_to_the_end
from tests.bot.helpers import World, make_world, seat_and_start
from tests.bot.panel_driver import components
from tests.faults import Faults

TABLES = ("games", "players", "commands", "snapshots", "seat_calls", "ratings", "user_settings")


@dataclass
class Case:
    """A family's button on a real message: who presses it, and where (a select's value)."""

    message: Any
    custom_id: str
    presser: Any
    value: str | None = None


def _said(result: Any) -> str:
    parts = [result.response] if result.response is not None else []
    return "\n".join(m.content for m in [*parts, *result.followups])


def _custom_id(message: Any, prefix: str) -> str:
    return next(c["custom_id"] for c in components(message) if c["custom_id"].startswith(prefix))


def _rows(world: World) -> dict[str, list[Any]]:
    with contextlib.closing(sqlite3.connect(world.bot.database)) as db:
        return {t: db.execute(f"SELECT * FROM {t} ORDER BY 1").fetchall() for t in TABLES}


async def _map_button(world: World) -> Case:
    await seat_and_start(world)
    maps = [m for m in world.messages() if any("qs:status" in str(r) for r in m.components)]
    return Case(maps[-1], _custom_id(maps[-1], "qs:status:"), world.crew[0])


async def _panel(world: World, select: bool) -> Case:
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    maps = [m for m in world.messages() if any("qs:play" in str(r) for r in m.components)]
    opened = await world.crew[0].click(maps[-1], custom_id=_custom_id(maps[-1], "qs:play:"))
    panel = opened.followups[-1] if opened.followups else opened.response
    if select:
        menu = next(c for c in components(panel) if c["type"] == 3)
        return Case(panel, menu["custom_id"], world.crew[0], menu["options"][0]["value"])
    return Case(panel, _custom_id(panel, "qp:fresh:"), world.crew[0])


async def _seat_call(world: World) -> Case:
    await seat_and_start(world)
    await world.crew[0].slash(world.channel, "game sub")
    call = next(m for m in reversed(world.messages()) if m.content.startswith("🪑"))
    return Case(call, _custom_id(call, "qsc:take:"), world.stranger)


async def _board(world: World) -> Case:
    result = await world.crew[0].slash(world.channel, "stats server")
    board = result.followups[-1] if result.followups else result.response
    side = next(c for c in components(board) if c["custom_id"].endswith(":side:p"))
    return Case(board, side["custom_id"], world.crew[0])


async def _replay(world: World) -> Case:
    await seat_and_start(world)
    await play_to_the_end(world)
    cover = next(m for m in reversed(world.messages()) if m.content.startswith("🎞️"))
    return Case(cover, _custom_id(cover, "qsr:"), world.spectator)


async def _lobby(world: World) -> Case:
    """The tutorial's last word carries Open a lobby, in the learner's thread."""
    await world.crew[0].slash(world.channel, "game tutorial", side="crew")
    thread = world.channel.threads[-1]
    view = discord.ui.View(timeout=None)
    view.add_item(LobbyButton(world.channel.id))
    message = await world.bot.get_channel(thread.id).send("🎓 You are ready.", view=view)
    return Case(message, _custom_id(message, "qt:lobby:"), world.crew[0])


CASES: dict[str, Callable[[World], Awaitable[Case]]] = {
    "GameButton": _map_button,
    "PanelButton": lambda w: _panel(w, select=False),
    "PanelSelect": lambda w: _panel(w, select=True),
    "SeatCallButton": _seat_call,
    "BoardButton": _board,
    "ReplayButton": _replay,
    "LobbyButton": _lobby,
}


def test_every_family_goes_through_the_one_wrapper():
    """Each registered dynamic item is an Answered, and says where it may be pressed."""
    names = {item.__name__ for item in app.DYNAMIC_ITEMS}
    assert names == set(CASES), "a family without a case here"
    for item in app.DYNAMIC_ITEMS:
        assert issubclass(item, failures.Answered), item.__name__
        assert item.reached is not failures.Answered.reached, item.__name__
        assert item.act is not failures.Answered.act, item.__name__
        assert item.callback is failures.Answered.callback, item.__name__


async def _press(case: Case, message: Any = None, custom_id: str | None = None) -> Any:
    message, custom_id = message or case.message, custom_id or case.custom_id
    if case.value is not None:
        return await case.presser.select(message, [case.value], custom_id=custom_id)
    return await case.presser.click(message, custom_id=custom_id)


@pytest.mark.parametrize("family", sorted(CASES))
async def test_every_press_is_answered_when_the_store_fails_at_any_await(simcord_env, family):
    world = make_world(simcord_env, crew=1)
    case = await CASES[family](world)
    faults = Faults(world.bot.desk.store)
    for at in range(1, 60):
        world.bot.desk.evict_idle(10**12)  # out of memory: the press reads the store
        faults.arm(at)
        result = await _press(case)
        fired = faults.fired
        faults.arm(None)
        said = _said(result)
        assert result.acknowledged and said.strip(), f"{family}: silent at await {at}"
        if fired and "Reference: " not in said:
            assert said.startswith(("⚠️", "⌛")) or "not taken" in said, (family, at, said)
        if not fired:
            break
    else:
        raise AssertionError(f"{family}: still failing after 60 awaits")
    assert at > 1, f"{family}: the press never reached the store"
    assert simcord_env.errors == []  # nothing escaped the wrapper to discord.py


@pytest.mark.parametrize("family", sorted(CASES))
async def test_every_family_refuses_a_press_from_another_servers_channel(simcord_env, family):
    world = make_world(simcord_env, crew=1)
    case = await CASES[family](world)
    other = simcord_env.create_guild()
    elsewhere = other.create_text_channel("elsewhere")
    outsider = other.add_member(simcord_env.create_user("outsider"))
    custom_id = case.custom_id
    if custom_id.startswith("qp:"):  # a panel made out to the outsider: their own id
        parts = custom_id.split(":")
        parts[3] = str(outsider.id)
        custom_id = ":".join(parts)
    component = next(c for c in components(case.message) if c["custom_id"] == case.custom_id)
    view = discord.ui.View(timeout=None)
    if component["type"] == 3:
        options = [
            discord.SelectOption(label=o["label"], value=o["value"]) for o in component["options"]
        ]
        view.add_item(discord.ui.Select(custom_id=custom_id, options=options))
    else:
        view.add_item(discord.ui.Button(label="copy", custom_id=custom_id))
    copy = await world.bot.get_channel(elsewhere.id).send("a copy", view=view)
    before = _rows(world)
    forged = Case(copy, custom_id, outsider, case.value)
    result = await _press(forged)
    said = (result.followups[-1] if result.followups else result.response).content
    assert said.startswith("⚠️"), (family, said)
    assert "Reference" not in said, (family, said)  # refused, not failed
    assert _rows(world) == before
