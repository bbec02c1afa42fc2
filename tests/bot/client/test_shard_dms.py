"""The alien plots in DMs, and Discord delivers DMs to shard 0 only: the
process holding shard 0 serves them for games on other processes' shards, from the
shared store, and posts to those games' channels over Discord's REST API."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.client.app import QuicksilverBot
from bot.desk.service import Desk, Seat
from bot.desk.shards import ShardSpec
from bot.store import open_store
from tests.bot.helpers import make_world

pytestmark = pytest.mark.simcord(shard_count=2)


@pytest_asyncio.fixture
async def simcord_bot(db_path: Path) -> AsyncIterator[QuicksilverBot]:
    """The process holding shard 0 of 2."""
    bot = QuicksilverBot(db_path, background=False, shards=ShardSpec.parse("0/2"))
    yield bot
    await bot.close()


async def test_a_dm_for_a_game_on_another_shard_is_served_and_posted_to_its_channel(
    simcord_env, db_path
):
    world = make_world(simcord_env, "far-ship", crew=1, guild=simcord_env.create_guild(shard_id=1))
    # shard 1's process:
    other = Desk(await open_store(db_path), shards=ShardSpec.parse("1/2"))
    table = await other.create(world.channel.id, world.guild.id, "far-ship", world.crew[0].id, 54)
    await other.join(table, world.alien.id, Seat.ALIEN)
    await other.join(table, world.crew[0].id, Seat.CREW)
    await other.start(table, world.crew[0].id, False)
    await other.play(table, world.crew[0].id, "quick")
    bot = world.bot
    assert table.id not in bot.desk.tables  # shard 1's game: not indexed by shard 0

    reply = await world.alien.user.slash("game setup")

    assert reply.response is not None
    served = bot.desk.tables[table.id]
    assert not bot.desk.serves(served)  # served for the DM, but its clock runs elsewhere
    stored = [c.command for c in await other.store.commands(table.id)]
    assert stored[-1] == "quick" and len(stored) == 2
    assert any("turn 1" in text.lower() for text in world.texts())  # the new phase, posted
    await other.loaded(table)
    assert table.game is not None and table.game.length == 2  # the owner reads it again
    await other.store.close()
