"""QUICKSILVER_SHARDS and the shard leases: which guilds a process serves,
and a second live process on the same shards is refused with a clear error."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from bot.config import Config, ConfigError
from bot.desk import leases
from bot.desk.shards import ShardSpec, ShardSpecError, shard_of
from bot.store import open_store

TOKEN = "a.b.c"


def test_shard_spec_reads_a_range_one_shard_or_nothing():
    assert ShardSpec.parse("0-3/8") == ShardSpec((0, 1, 2, 3), 8)
    assert ShardSpec.parse(" 5 / 8 ") == ShardSpec((5,), 8)
    assert ShardSpec.parse(None).everywhere and ShardSpec.parse("").everywhere
    assert ShardSpec.parse("2-3/4").describe() == "shards 2-3 of 4"


@pytest.mark.parametrize("text", ["8/8", "3-1/8", "0-3", "a/8", "0/0", "-1/4"])
def test_a_bad_shard_range_is_refused_with_the_format(text):
    with pytest.raises(ShardSpecError, match="FIRST-LAST/COUNT"):
        ShardSpec.parse(text)
    with pytest.raises(ConfigError, match="QUICKSILVER_SHARDS"):
        Config.from_env({"DISCORD_TOKEN": TOKEN, "QUICKSILVER_SHARDS": text})


def test_a_guild_is_served_by_the_process_holding_its_discord_shard():
    guild = (123456789 << 22) | 77  # Discord: shard = (guild_id >> 22) % count
    spec = ShardSpec.parse(f"{123456789 % 4}/4")
    assert shard_of(guild, 4) == 123456789 % 4 and spec.serves_guild(guild)
    assert not ShardSpec.parse(f"{(123456789 + 1) % 4}/4").serves_guild(guild)
    assert ShardSpec.parse("0/4").gets_dms and not ShardSpec.parse("1-3/4").gets_dms
    assert ShardSpec.everything().serves_guild(guild)


def test_the_database_may_be_a_postgresql_url():
    url = "postgresql://qs@db.example:5432/quicksilver"
    config = Config.from_env({"DISCORD_TOKEN": TOKEN, "QUICKSILVER_DB": url})
    assert config.database == url and config.shards.everywhere


async def test_a_second_live_process_on_the_same_shards_is_refused(store_target):
    store = await open_store(store_target)
    await leases.claim(store, ShardSpec.parse("0-1/4"), "host-a:1", 100.0)
    with pytest.raises(leases.ShardsTaken) as refused:
        await leases.claim(store, ShardSpec.parse("1-2/4"), "host-b:2", 110.0)
    assert "shard 1 of 4 by host-a:1" in str(refused.value)
    assert "QUICKSILVER_SHARDS" in str(refused.value)
    assert [lease.holder for lease in await leases.leases(store)] == ["host-a:1", "host-a:1"]
    await leases.claim(store, ShardSpec.parse("2-3/4"), "host-b:2", 110.0)  # disjoint: fine
    with pytest.raises(leases.ShardsTaken, match="every shard"):
        await leases.claim(store, ShardSpec.everything(), "host-c:3", 110.0)
    await store.close()


async def test_a_lease_is_free_after_a_clean_stop_or_a_silent_holder(store_target):
    store = await open_store(store_target)
    spec = ShardSpec.parse("0/2")
    await leases.claim(store, spec, "host-a:1", 100.0)
    assert await leases.heartbeat(store, "host-a:1", 150.0)
    with pytest.raises(leases.ShardsTaken):
        await leases.claim(store, spec, "host-b:2", 150.0 + leases.LEASE_SECONDS - 1)
    await leases.claim(store, spec, "host-b:2", 150.0 + leases.LEASE_SECONDS)
    assert not await leases.heartbeat(store, "host-a:1", 400.0)  # it lost the lease
    await leases.release(store, "host-b:2")
    await leases.claim(store, spec, "host-c:3", 401.0)
    await store.close()


async def test_a_killed_process_on_this_machine_leaves_its_lease_free_at_once(store_target):
    """kill -9 skips the clean stop: the lease names a pid that no longer runs here, so
    the restarted process takes it over without waiting for the heartbeat to age."""
    store = await open_store(store_target)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    holder = f"{leases.this_process().rpartition(':')[0]}:{dead.pid}"
    await leases.claim(store, ShardSpec.parse("0/2"), holder, 100.0)
    await leases.claim(store, ShardSpec.parse("0/2"), leases.this_process(), 101.0)
    alive = f"{leases.this_process().rpartition(':')[0]}:{os.getppid()}"
    await leases.claim(store, ShardSpec.parse("1/2"), alive, 102.0)
    with pytest.raises(leases.ShardsTaken):
        await leases.claim(store, ShardSpec.parse("1/2"), leases.this_process(), 103.0)
    await store.close()
