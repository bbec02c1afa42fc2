"""A store that fails under a person's own commands: ``/me settings``,
``/me away`` and ``/game sub`` on a full disk or with PostgreSQL gone say the command
was not taken (nothing changed), never "something went wrong"; on SQLite and on the
PostgreSQL server the tests start, the store failing at each await in turn."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest
import pytest_asyncio

from bot.client.app import QuicksilverBot
from bot.store.failures import ReadFailed
from bot.store.postgres import PostgresStore
from tests.bot.helpers import make_world, seat_and_start
from tests.faults import Faults

UNEXPECTED = "Something went wrong on our side; nothing was changed"


@pytest_asyncio.fixture
async def simcord_bot(store_target: str, clock: Any) -> AsyncIterator[QuicksilverBot]:
    bot = QuicksilverBot(store_target, background=False, clock=clock)
    yield bot
    await bot.close()


def _said(result: Any) -> str:
    parts = [result.response] if result.response is not None else []
    return "\n".join(m.content for m in [*parts, *result.followups])


COMMANDS = (
    ("me settings", {"quiet": "23:00-07:00", "reminders": "6h"}),
    ("me away", {"until": "3d", "meanwhile": "sub"}),
    ("game sub", {}),
    ("me back", {}),
)


async def test_a_persons_commands_on_a_failing_store_are_not_taken(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    player = world.crew[0]
    faults = Faults(world.bot.desk.store)
    for name, options in COMMANDS:
        if name == "game sub":  # the absence's call stands in the way of a second
            await player.slash(world.channel, "me back")
        for at in range(1, 40):
            faults.arm(at)
            said = _said(await player.slash(world.channel, name, **options))
            fired = faults.fired
            faults.arm(None)
            assert said.strip() and UNEXPECTED not in said, (name, at, said)
            if not fired:
                break
            assert "not taken" in said or "after your command was saved" in said, (name, at, said)
        assert not fired, f"{name} never ran through"
    failures = {type(getattr(e, "original", e)).__name__ for e in simcord_env.errors}
    assert failures <= {"ReadFailed", "WriteFailed", "PartlySaved"}  # the tree's hook answered


@pytest.mark.parametrize("store_target", ["sqlite"], indirect=True)
async def test_a_full_disk_says_not_taken_to_me_settings(simcord_env):
    """A real full disk: the store's file may not grow (SQLite's max_page_count), and
    people keep saving their settings until one needs a page the disk no longer has."""
    world = make_world(simcord_env, crew=1)
    store = world.bot.desk.store
    await store._fetch("VACUUM")
    pages = (await store._fetch("PRAGMA page_count"))[0][0]
    await store._fetch(f"PRAGMA max_page_count = {pages}")
    said = ""
    for number in range(400):
        person = world.guild.add_member(simcord_env.create_user(f"person{number}"))
        said = _said(await person.slash(world.channel, "me settings", reminders="6h"))
        if "not taken" in said:
            break
    assert said.startswith("⚠️ Your command was not taken") and "Reference: " in said
    assert [type(getattr(e, "original", e)).__name__ for e in simcord_env.errors] == ["WriteFailed"]


async def test_asyncpgs_internal_client_error_is_the_store_failing():
    """asyncpg raises InternalClientError when its connection's state is broken midway."""
    assert asyncpg.InternalClientError in PostgresStore.failures

    class Broken(PostgresStore):
        async def _query(self, sql: str, params: Any = ()) -> Any:
            raise asyncpg.InternalClientError("the connection broke")

    store = Broken.__new__(Broken)
    with pytest.raises(ReadFailed):
        await store.game(1)
    assert sqlite3.Error  # the other backend's own failures stay its own
