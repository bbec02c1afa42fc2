"""The default backend: one SQLite file through aiosqlite, for one bot process.

WAL mode with full sync; ``PRAGMA user_version`` counts the migrations run. One
connection, so writes are serialised in-process by a lock and each is ``BEGIN
IMMEDIATE`` … ``COMMIT``.

aiosqlite runs each call on its connection's own thread, one hop there and back per
call (a statement, a fetch, a cursor's close). A command's transaction and each query
instead go there in one hop, as one function (:meth:`SqliteStore._transact`,
:meth:`SqliteStore._fetch_all`), queued the way aiosqlite queues its own calls
(``Connection._execute``): a command's commit took some twenty hops.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.store.base import Loader, Store, Then
from bot.store.guards import Guard, StaleGame
from bot.store.rows import Row
from bot.store.schema import migrations, split_sql
from bot.store.statements import Statement, runs

# aiosqlite's DEBUG lines quote every statement with its parameters: hidden commands,
# snapshots, the secret seed. A log is read by people too, so they never reach it.
logging.getLogger("aiosqlite").setLevel(logging.INFO)

T = TypeVar("T")


class SqliteStore(Store):
    backend = "sqlite"
    failures = (sqlite3.Error, OSError)

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._lock = asyncio.Lock()

    @classmethod
    async def connect(cls, path: Path | str) -> SqliteStore:
        db = await aiosqlite.connect(str(path), isolation_level=None)
        db.row_factory = aiosqlite.Row
        store = cls(db)
        try:
            for pragma in (
                "journal_mode = WAL",
                "synchronous = FULL",
                "foreign_keys = ON",
                "busy_timeout = 5000",
            ):
                await store._run(f"PRAGMA {pragma}")
            await store.migrate()
        except BaseException:
            await db.close()
            raise
        return store

    @classmethod
    async def version_at(cls, path: Path | str) -> int:
        """The schema version of the file at ``path`` as it is, without migrating it
        (0: no file yet)."""
        if not Path(path).exists():
            return 0
        store = cls(await aiosqlite.connect(str(path)))
        try:
            return await store.schema_version()
        finally:
            await store.close()

    async def _run(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self._db.execute(sql, tuple(params)) as cursor:
            return cursor.rowcount

    async def close(self) -> None:
        await self._db.close()

    async def _query(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._on_thread(self._fetch_all, sql, tuple(params)))

    def _fetch_all(self, sql: str, params: tuple[Any, ...]) -> list[sqlite3.Row]:
        """On the connection's thread: every row of one query."""
        cursor = self._db._conn.execute(sql, params)
        try:
            return cursor.fetchall()
        finally:
            cursor.close()

    async def schema_version(self) -> int:
        rows = await self._fetch("PRAGMA user_version")
        return int(rows[0][0]) if rows else 0

    async def migrate(self) -> int:
        current = await self.schema_version()
        self.refuse_newer(current)
        async with self._lock:
            for number, sql in migrations(self.backend):
                if number <= current:
                    continue
                await self._run("BEGIN IMMEDIATE")
                try:
                    for statement in split_sql(sql):
                        await self._run(statement)
                    await self._run(f"PRAGMA user_version = {number}")
                    await self._run("COMMIT")
                except BaseException:
                    await self._rollback()
                    raise
                current = number
        return current

    async def _transaction(
        self, batch: list[Statement], guard: Guard | None, then: Then | None = None
    ) -> int | None:
        async with self._lock:
            return await self._on_thread(self._transact, batch, guard, then)

    async def _on_thread(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` on the connection's thread, in aiosqlite's queue."""
        found: T = await self._db._execute(function, *args)  # type: ignore[no-untyped-call]
        return found

    def _transact(
        self, batch: list[Statement], guard: Guard | None, then: Then | None
    ) -> int | None:
        """On the connection's thread: the whole transaction (see :meth:`_transaction`).
        Anything raised rolls it back, unless SQLite already did (a full disk)."""
        db = self._db._conn
        db.execute("BEGIN IMMEDIATE")
        try:
            if guard is not None and db.execute(*guard.statement()).rowcount != 1:
                raise StaleGame(guard.game_id)
            new_id = _batch(db, batch)
            if then is not None and new_id is not None:
                _batch(db, then(new_id))
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        return new_id

    async def _rollback(self) -> None:
        """Roll back the open transaction, if SQLite has not already done so itself
        (it does on a full disk or an I/O error: a second ROLLBACK would fail with
        "cannot rollback - no transaction is active" and hide the real error)."""
        if self._db.in_transaction:
            await self._run("ROLLBACK")

    async def tables(self) -> list[str]:
        rows = await self._fetch(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name"
        )
        return [str(r["name"]) for r in rows]

    async def columns(self, table: str) -> list[str]:
        rows = await self._fetch("SELECT name FROM pragma_table_info(?) ORDER BY cid", (table,))
        return [str(r["name"]) for r in rows]

    @asynccontextmanager
    async def loading(self) -> AsyncIterator[Loader]:
        async def load(batch: list[Statement]) -> None:
            for sql, params in runs(batch):
                await self._db.executemany(sql, params)

        async with self._lock:
            await self._run("BEGIN IMMEDIATE")
            try:
                yield load
                await self._run("COMMIT")
            except BaseException:
                await self._rollback()
                raise

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[None]:
        """A read transaction on the one connection: in WAL mode its first read fixes
        the snapshot every later read of the block sees (writers go on meanwhile)."""
        async with self._lock:
            await self._run("BEGIN")
            try:
                await self._fetch("SELECT COUNT(*) FROM sqlite_master")
                yield
            finally:
                await self._rollback()


def _batch(db: sqlite3.Connection, batch: list[Statement]) -> int | None:
    """Run ``batch`` inside the open transaction; the first id a RETURNING gave."""
    new_id = None
    for sql, params in runs(batch):
        if " RETURNING " in sql:
            for one in params:
                rows = db.execute(sql, one).fetchall()
                if new_id is None and rows:
                    new_id = int(rows[0][0])
        elif len(params) == 1:
            db.execute(sql, params[0])
        else:
            db.executemany(sql, params)
    return new_id
