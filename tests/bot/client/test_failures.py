"""Never silent: an unexpected failure gets a private answer with a reference
and the operator log the traceback under it, free of game text; forged, damaged and
stale presses each get an answer and change nothing.

The failures here are real: a table of the store dropped under the bot, a trigger that
makes the database refuse a write; nothing of the bot is mocked."""

from __future__ import annotations

import contextlib
import logging
import re
import sqlite3

import discord

from bot.client.panels.ids import PanelId
from bot.client.panels.press import PanelButton
from bot.client.ui import GameButton
from tests.bot.helpers import make_world, restart, seat_and_start, stored_commands
from tests.bot.panel_driver import Tapper, open_panel, select_named

REFERENCE = re.compile(
    r"^Something went wrong on our side; nothing was changed\. Reference: ([0-9a-f]{8})$"
)
NOT_TAKEN = re.compile(r"^⚠️ Your command was not taken: .* Reference: ([0-9a-f]{8})$")


def _said(result) -> str:
    return "\n".join(
        [result.response.content if result.response else ""] + [f.content for f in result.followups]
    )


def _sql(world, *statements: str) -> None:
    with contextlib.closing(sqlite3.connect(world.bot.database)) as db, db:
        for statement in statements:
            db.execute(statement)


def _incidents(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "quicksilver.incident"]


async def _pipe_running(world) -> str:
    """The alien pipe-runs and moves in secret; its secret grid."""
    await world.alien.user.slash("alien piperun")
    secret = world.table().game.state.alien("alien1").grid
    assert secret is not None
    return str(secret)


async def test_a_store_that_cannot_be_read_is_answered_not_taken_with_a_reference(
    simcord_env, caplog
):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    secret = await _pipe_running(world)
    _sql(world, "DROP TABLE public_lines")  # the store fails under the bot
    caplog.set_level(logging.INFO)
    result = await world.crew[0].slash(world.channel, "game log")
    said = result.followups[-1] if result.followups else result.response
    assert said.ephemeral
    reference = NOT_TAKEN.match(said.content)
    assert reference, said.content
    (logged,) = _incidents(caplog)
    text = logged.getMessage()
    assert f"reference {reference[1]}" in text and "/game log" in text
    assert "Traceback (most recent call last)" in text and "OperationalError" in text
    everything = "\n".join(r.getMessage() for r in caplog.records)
    assert secret not in everything and "no such table" not in everything
    errors = simcord_env.errors  # the tree's hook saw it (simcord records what reaches it)
    assert [type(getattr(e, "original", e)).__name__ for e in errors] == ["ReadFailed"]


async def test_an_unexpected_failure_is_answered_privately_with_a_reference(
    simcord_env, db_path, caplog
):
    """A seat the code does not know (a record written by hand): not the store's
    failure, so "something went wrong", with the reference the log carries."""
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    _sql(world, f"UPDATE players SET seat = 'wizard' WHERE user_id = {world.crew[0].id}")
    await restart(simcord_env, db_path)
    caplog.set_level(logging.INFO)
    result = await world.crew[0].slash(world.channel, "game hand")
    said = result.followups[-1] if result.followups else result.response
    assert said.ephemeral
    reference = REFERENCE.match(said.content)
    assert reference, said.content
    (logged,) = _incidents(caplog)
    assert f"reference {reference[1]}" in logged.getMessage()
    assert "ValueError" in logged.getMessage() and "wizard" not in logged.getMessage()
    assert [type(getattr(e, "original", e)).__name__ for e in simcord_env.errors] == ["ValueError"]


async def test_a_button_that_fails_unexpectedly_is_answered_too(simcord_env, caplog):
    """Buttons are dynamic items: discord.py only logs what they raise."""
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    world.bot.desk.evict_idle(10**12)  # out of memory: the next press loads it
    _sql(world, "DROP TABLE snapshots")
    maps = [m for m in world.messages() if any("qs:status" in str(r) for r in m.components)]
    result = await world.crew[0].click(maps[-1], label="Status")
    reference = NOT_TAKEN.match(_said(result).strip())  # the store failed: nothing changed
    assert reference, _said(result)
    assert any(f"reference {reference[1]}" in r.getMessage() for r in _incidents(caplog))


async def test_a_write_the_database_refuses_is_not_taken_and_the_log_keeps_the_secret(
    simcord_env, caplog
):
    """A trigger refuses every new command row: the alien's secret move is not taken, the
    alien is told so with a reference, and the log names neither the move nor its grid."""
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await _pipe_running(world)
    table = world.table()
    before, state = stored_commands(world), table.game.state
    _sql(
        world,
        "CREATE TRIGGER refuse BEFORE INSERT ON commands BEGIN SELECT RAISE(ABORT, 'nope'); END",
    )
    destination = next(
        str(x.route[-1])
        for x in world.bot.desk.legal_for(table, world.alien.id)
        if x.verb == "move"
    )
    result = await world.alien.user.slash("alien move", grids=destination)
    said = _said(result)
    assert said.startswith("⚠️ Your command was not taken") and "Reference: " in said
    reference = said.rsplit("Reference: ", 1)[1].strip()
    assert stored_commands(world) == before and table.game.state == state
    logged = "\n".join(r.getMessage() for r in _incidents(caplog))
    assert f"reference {reference}" in logged and "IntegrityError" in logged
    assert destination not in logged and "move" not in logged and "nope" not in logged
    _sql(world, "DROP TRIGGER refuse")
    again = _said(await world.alien.user.slash("alien move", grids=destination))
    assert "not taken" not in again and len(stored_commands(world)) == len(before) + 1


async def _forged(world, *items: discord.ui.Item) -> discord.Message:
    """A message of the bot's carrying buttons it never made (as a forged client would
    send their ids)."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    channel = world.bot.get_channel(world.channel.id)
    return await channel.send("forged", view=view)


async def test_forged_and_damaged_button_ids_are_answered_and_change_nothing(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    table, player = world.table(), world.crew[0]
    g, stamp = table.id, table.stamp()
    forged = [
        GameButton("join", g, "lobby", "wizard", label="bad seat"),
        GameButton("computer", g, "lobby", "martian", label="bad side"),
        GameButton("undo", g, "nxyz", label="bad undo"),
        GameButton("endunit", g, stamp, "-", label="bad unit"),
        GameButton("teleport", g, stamp, label="no such action"),
        PanelButton(PanelId("undo", g, player.id, stamp, "12x"), label="bad panel undo"),
        discord.ui.Button(label="no template", custom_id=f"qs:join:{g}"),
    ]
    before = (stored_commands(world), dict(table.players), table.row)
    for item in forged:  # one a message: a panel's answer redraws its message in place
        message = await _forged(world, item)
        label = item.item.label if isinstance(item, discord.ui.DynamicItem) else item.label
        said = _said(await player.click(message, label=label))
        assert "damaged or was not made by me" in said, (label, said)
    assert (stored_commands(world), dict(table.players), table.row) == before


async def test_stale_panel_choices_say_so_and_change_nothing(simcord_env):
    """The unit menu and a page turn of an old panel, and a press by a player who lost
    their seat, used to change nothing and say nothing."""
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    player = world.crew[0]
    first = await open_panel(Tapper(player), world.messages())
    units = select_named(first, "Unit")
    panel = await open_panel(Tapper(player), world.messages())
    for unit in units["options"]:  # a unit with more destinations than one menu holds
        chosen = await player.select(panel, [unit["value"]], custom_id=units["custom_id"])
        panel = chosen.response
        moves = select_named(panel, "Go to")
        pages = [o["value"] for o in moves["options"] if o["value"].startswith("page:")]
        if pages:
            break
    await player.slash(world.channel, "game pass")
    length = len(stored_commands(world))
    stale = [(first, units, units["options"][-1]["value"]), (panel, moves, pages[0])]
    for message, menu, value in stale:
        pressed = await player.select(message, [value], custom_id=menu["custom_id"])
        assert "moved on" in _said(pressed)
    substitute = world.guild.add_member(simcord_env.create_user("substitute"))
    await world.mod.slash(world.channel, "mod replace", player=player, by=substitute)
    pressed = await player.click(first, label="Refresh")
    assert "Only the game's players have a turn panel" in _said(pressed)
    assert len(stored_commands(world)) == length
