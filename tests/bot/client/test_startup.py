"""Starting the bot: the slash commands go to Discord only when they changed
since the last sync (a hash kept in the store) or when told to (``--sync``); the clock
runs by itself (``discord.ext.tasks``) and closes with the bot."""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from pathlib import Path

import pytest
import simcord
from discord import app_commands

from bot.client.app import COMMANDS_KEY, QuicksilverBot
from bot.client.invite import invite_url
from bot.store.failures import SchemaTooNew
from bot.store.schema import migrations
from engine.state import Phase
from tests.bot import helpers
from tests.bot.helpers import make_world, phase_of, seat_and_start

NEWEST = migrations("sqlite")[-1][0]
README = Path(__file__).resolve().parents[3] / "README.md"
VIEW_CHANNEL = 1 << 10


async def test_the_bot_logs_its_invite_link_with_the_permissions_it_needs(
    simcord_env, db_path, caplog
):
    """README, "Running the Discord bot": the link is made from the application's own
    id once logged in, and asks for View Channels (without it the bot sees no channel)."""
    caplog.set_level(logging.INFO, logger="quicksilver.bot")
    await helpers.restart(simcord_env, db_path)
    app_id = simcord_env.backend.application_id
    said = [r.getMessage() for r in caplog.records if "invite me" in r.getMessage()]
    assert said == [f"invite me to a server: {invite_url(app_id)}"]
    assert f"client_id={app_id}&" in said[0]
    assert "permissions=343597501440" in said[0]
    assert 343597501440 & VIEW_CHANNEL


def test_the_readme_gives_the_same_permissions_as_the_bot():
    readme = README.read_text(encoding="utf-8")
    assert "343597501440" in readme and "343597500416" not in readme
    assert invite_url(1).replace("client_id=1", "client_id=<APP_ID>") in readme


async def test_slash_commands_are_synced_only_when_they_changed(simcord_env, db_path):
    first = simcord_env.bot
    assert first.synced and await first.desk.store.meta(COMMANDS_KEY) == first.tree.payload_hash()
    again = await helpers.restart(simcord_env, db_path)
    assert not again.synced
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)  # Discord kept the commands synced before
    forced = await helpers.restart(simcord_env, db_path, sync=True)  # quicksilver bot --sync
    assert forced.synced
    changed = QuicksilverBot(db_path, background=False)

    @app_commands.command(name="ping", description="a command added since")
    async def ping(interaction) -> None: ...

    changed.tree.add_command(ping)
    await helpers.restart_as(simcord_env, changed)
    assert changed.synced
    assert await changed.desk.store.meta(COMMANDS_KEY) == changed.tree.payload_hash()


@pytest.mark.simcord(shard_count=1)
async def test_the_clock_runs_by_itself_and_stops_with_the_bot(db_path):
    """A phase deadline passes: the bot's own clock loop ends the phase."""
    now = [1_000_000.0]
    bot = QuicksilverBot(db_path, clock=lambda: now[0])  # background: the loops start
    try:
        async with simcord.run(bot, settle_timeout=helpers.SETTLE_SECONDS, shard_count=1) as env:
            world = make_world(env, crew=1)
            await seat_and_start(world)
            await world.mod.slash(world.channel, "game deadline", hours=1.0)
            assert bot.ticker.is_running() and bot.heart.is_running()
            assert phase_of(world) is Phase.ALIEN
            now[0] += 3600 + 1
            await env.advance_time(61)
            assert phase_of(world) is Phase.CREW
            assert any("deadline has passed" in t for t in world.texts())
    finally:
        await bot.close()
    assert not bot.ticker.is_running() and not bot.heart.is_running()


@pytest.mark.simcord(shard_count=1)
async def test_the_bot_refuses_a_store_newer_than_its_code(tmp_path):
    """A newer Quicksilver's store, after a rollback of the code: the bot does not start
    on it (``quicksilver bot`` logs both versions and exits 2), and writes nothing."""
    path = tmp_path / "newer.sqlite3"
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute(f"PRAGMA user_version = {NEWEST + 1}")
    bot = QuicksilverBot(path, background=False)
    with pytest.raises(SchemaTooNew, match=f"version {NEWEST + 1}, newer than .* {NEWEST}"):
        async with simcord.run(bot, settle_timeout=helpers.SETTLE_SECONDS, shard_count=1):
            pass
    await bot.close()
    with contextlib.closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == NEWEST + 1
        assert db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0] == 0
