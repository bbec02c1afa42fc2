"""The PostgreSQL backend (asyncpg), for several bot processes on one database.

The SQL is the same as SQLite's (:mod:`bot.store.statements`); ``?`` marks become
``$1``, ``$2``… here. A pool of connections serves the process; each write batch is one
transaction. ``schema_migrations`` records the migrations run, and a transaction-scoped
advisory lock lets only one process migrate at a time.
"""

from __future__ import annotations

import contextvars
import functools
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.store.base import Loader, Store, Then
from bot.store.guards import Guard, StaleGame
from bot.store.rows import Row
from bot.store.schema import migrations, split_sql
from bot.store.statements import Statement, runs

MIGRATION_LOCK = 0x5153_0001  # advisory lock key: one migrator at a time ("QS", 1)
SCHEMA_MIGRATIONS = (
    "CREATE TABLE IF NOT EXISTS schema_migrations "
    "(version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
)


@functools.lru_cache(maxsize=256)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1``, ``$2``… (our SQL has no ``?`` literals)."""
    count = 0

    def number(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    return re.sub(r"\?", number, sql)


class PostgresStore(Store):
    backend = "postgres"
    # InternalClientError: the client's own state broken (a connection lost mid-way).
    failures = (
        asyncpg.PostgresError,
        asyncpg.InterfaceError,
        asyncpg.InternalClientError,
        OSError,
    )

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool
        # The connection a reading() block pins its snapshot to (per task).
        self._pinned: contextvars.ContextVar[PoolConnectionProxy | None] = contextvars.ContextVar(
            "pinned", default=None
        )

    @classmethod
    async def connect(cls, url: str, *, max_size: int = 10) -> PostgresStore:
        pool = await asyncpg.create_pool(url, min_size=1, max_size=max_size)
        store = cls(pool)
        try:
            await store.migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    @classmethod
    async def version_at(cls, url: str) -> int:
        """The schema version of the database at ``url`` as it is, without migrating it
        (0: an empty database)."""
        store = cls(await asyncpg.create_pool(url, min_size=1))
        try:
            return await store.schema_version()
        finally:
            await store.close()

    async def close(self) -> None:
        await self._pool.close()

    async def _query(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        pinned = self._pinned.get()
        if pinned is not None:
            return list(await pinned.fetch(numbered(sql), *params))
        async with self._pool.acquire() as con:
            return list(await con.fetch(numbered(sql), *params))

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[None]:
        """Every read of the block on one connection, in one REPEATABLE READ transaction:
        one snapshot of the database, whatever other processes commit meanwhile."""
        async with (
            self._pool.acquire() as con,
            con.transaction(isolation="repeatable_read", readonly=True),
        ):
            token = self._pinned.set(con)
            try:
                yield
            finally:
                self._pinned.reset(token)

    async def schema_version(self) -> int:
        async with self._pool.acquire() as con:
            exists = await con.fetchval("SELECT to_regclass('schema_migrations') IS NOT NULL")
            if not exists:
                return 0
            return int(
                await con.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
            )

    async def migrate(self) -> int:
        self.refuse_newer(await self.schema_version())
        async with self._pool.acquire() as con:
            for number, sql in migrations(self.backend):
                async with con.transaction():
                    await con.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                    await con.execute(SCHEMA_MIGRATIONS)
                    done = await con.fetchval(
                        "SELECT 1 FROM schema_migrations WHERE version = $1", number
                    )
                    if done:
                        continue
                    for statement in split_sql(sql):
                        await con.execute(statement)
                    await con.execute("INSERT INTO schema_migrations (version) VALUES ($1)", number)
        return await self.schema_version()

    async def _transaction(
        self, batch: list[Statement], guard: Guard | None, then: Then | None = None
    ) -> int | None:
        async with self._pool.acquire() as con, con.transaction():
            if guard is not None:
                check, values = guard.statement()
                if await con.execute(numbered(check), *values) != "UPDATE 1":
                    raise StaleGame(guard.game_id)
            new_id = await _batch(con, batch)
            if then is not None and new_id is not None:
                await _batch(con, then(new_id))
        return new_id

    async def tables(self) -> list[str]:
        rows = await self._fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = "
            "current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name"
        )
        return [str(r["table_name"]) for r in rows]

    async def columns(self, table: str) -> list[str]:
        rows = await self._fetch(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = "
            "current_schema() AND table_name = ? ORDER BY ordinal_position",
            (table,),
        )
        return [str(r["column_name"]) for r in rows]

    @asynccontextmanager
    async def loading(self) -> AsyncIterator[Loader]:
        async with self._pool.acquire() as con, con.transaction():

            async def load(batch: list[Statement]) -> None:
                for sql, params in runs(batch):
                    if len(params) == 1:
                        await con.execute(numbered(sql), *params[0])
                    else:
                        await con.executemany(numbered(sql), params)

            yield load

    def identity_catch_up(self, tables: Iterable[str]) -> list[Statement]:
        """``setval`` each identity past its table's largest id (the next one is max + 1)."""
        return [
            (
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)",
                (),
            )
            for table in tables
        ]


async def _batch(con: PoolConnectionProxy, batch: list[Statement]) -> int | None:
    """Run ``batch`` inside ``con``'s open transaction; the first id a RETURNING gave."""
    new_id = None
    for sql, params in runs(batch):
        if " RETURNING " in sql:
            for one in params:
                found = await con.fetchval(numbered(sql), *one)
                if new_id is None and found is not None:
                    new_id = int(found)
        elif len(params) == 1:
            await con.execute(numbered(sql), *params[0])
        else:
            await con.executemany(numbered(sql), params)
    return new_id
