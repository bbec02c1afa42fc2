"""Stores the bot must refuse, and writes the database refuses, on both
backends: a schema newer than the code, targets that name no store, a full disk."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot import store as st
from bot.cli.main import main
from bot.config import Config, ConfigError
from bot.store import CommandRow, open_store, version_at
from bot.store.failures import SchemaTooNew, StoreRefused, WriteFailed
from bot.store.schema import migrations

NEWEST = migrations("sqlite")[-1][0]


async def _bump_schema(target: str) -> None:
    """What a newer Quicksilver leaves behind: one migration this code does not know."""
    store = await open_store(target)
    if store.backend == "sqlite":
        await store.commit([(f"PRAGMA user_version = {NEWEST + 1}", ())])
    else:
        await store.commit([("INSERT INTO schema_migrations (version) VALUES (?)", (NEWEST + 1,))])
    await store.close()


def test_a_store_newer_than_the_code_is_refused_naming_both_versions(store_target, capsys):
    asyncio.run(_bump_schema(store_target))
    with pytest.raises(SchemaTooNew) as refused:
        asyncio.run(open_store(store_target))
    text = str(refused.value)
    assert f"version {NEWEST + 1}" in text and f"version {NEWEST}" in text
    assert main(["db", "migrate", "--db", store_target]) == 1
    err = capsys.readouterr().err
    assert f"version {NEWEST + 1}, newer than this Quicksilver's version {NEWEST}" in err
    assert "already up to date" not in err
    assert asyncio.run(version_at(store_target)) == NEWEST + 1  # nothing was written


@pytest.mark.parametrize("target", ["", "  ", ":memory:", "mysql://root:hunter2@db/qs"])
def test_a_target_that_names_no_store_is_refused(target, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(StoreRefused, match=r"SQLite file path .* or a PostgreSQL URL"):
        asyncio.run(open_store(target))
    source = tmp_path / "source.sqlite3"
    sqlite3.connect(source).close()
    assert main(["db", "copy", str(source), target]) == 1
    err = capsys.readouterr().err
    assert "cannot copy: the destination" in err and "postgresql://" in err
    assert "copied" not in err and "hunter2" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["source.sqlite3"]
    env = {"DISCORD_TOKEN": "a.b.c", "QUICKSILVER_DB": target}
    if target.strip():
        with pytest.raises(ConfigError, match="QUICKSILVER_DB"):
            Config.from_env(env)


async def test_a_full_disk_refuses_the_write_whole_and_the_next_one_after_space_returns(tmp_path):
    """SQLite's page limit is a real full disk to SQLite: it gives up the transaction
    itself, and the error must be the disk's, not "cannot rollback"."""
    store = await open_store(tmp_path / "full.sqlite3")
    row = await store.create_game(1, 1, "qs", 3, 9, 0.0)
    pages = (await store._fetch("PRAGMA page_count"))[0][0]
    await store._fetch(f"PRAGMA max_page_count = {pages}")
    big = [st.append_command(row.id, CommandRow(n, "crew", "x" * 3000, 9, 0.0)) for n in range(20)]
    with pytest.raises(WriteFailed) as failed:
        await store.commit(big)
    assert isinstance(failed.value.__cause__, sqlite3.OperationalError)
    assert "full" in str(failed.value) and "rollback" not in str(failed.value)
    assert await store.commands(row.id) == []
    await store._fetch(f"PRAGMA max_page_count = {pages * 1000}")
    await store.commit(big)
    assert len(await store.commands(row.id)) == 20
    await store.close()


async def test_the_deployment_facts_are_kept_apart_from_the_games(store_target):
    store = await open_store(store_target)
    assert await store.meta("commands") is None
    await store.set_meta("commands", "abc")
    await store.set_meta("commands", "def")
    assert await store.meta("commands") == "def"
    await store.close()
