"""A store that fails at a chosen await, and the checks that follow one (issue 34).

:class:`Faults` wraps a real store (SQLite or PostgreSQL) in place: every await of the
database, a read (``_query``) or a transaction (``_transaction``), is counted, and the
one numbered :attr:`Faults.fail_at` raises the backend's own error for a lost
connection before it reaches the database, as a database restarting under the bot
does. :func:`every_await` plays one operation again and again from the same position,
failing it at its first await, then its second, and so on until it runs through; after
each failure :func:`mismatches` compares the desk's memory with the store (read by a
fresh desk) and replays the stored log from its opening.

The tests (``tests/bot/desk/test_store_faults.py``) and ``benchmarks/bench_reliability.py``
(its ``faults:`` line) share it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import asyncpg

from bot.desk import loading
from bot.desk.service import Desk, NotSaved, Table
from bot.desk.tables import PartlySaved
from bot.store import Store


class Injected(Exception):
    """Marks an error :class:`Faults` raised (as the cause of the backend's error)."""


class Faults:
    """Counts the awaits of ``store``'s database and fails the one numbered ``fail_at``."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.count = 0
        self.fail_at: int | None = None
        self.fired = False
        query, transaction = store._query, store._transaction

        async def counted_query(*args: Any, **kwargs: Any) -> Any:
            self._tick()
            return await query(*args, **kwargs)

        async def counted_transaction(*args: Any, **kwargs: Any) -> Any:
            self._tick()
            return await transaction(*args, **kwargs)

        store._query = counted_query  # type: ignore[method-assign]
        store._transaction = counted_transaction  # type: ignore[method-assign]

    def arm(self, fail_at: int | None) -> None:
        self.count, self.fail_at, self.fired = 0, fail_at, False

    def _tick(self) -> None:
        self.count += 1
        if self.fail_at is not None and self.count == self.fail_at:
            self.fired = True
            raise lost(self.store)


def lost(store: Store) -> BaseException:
    """The backend's own error for a connection lost mid-way."""
    if store.backend == "postgres":
        error: BaseException = asyncpg.exceptions.ConnectionDoesNotExistError(
            "connection was closed in the middle of operation"
        )
    else:
        error = sqlite3.OperationalError("disk I/O error")
    error.__cause__ = Injected()
    return error


@dataclass
class Tally:
    """What :func:`every_await` found."""

    injected: int = 0
    mismatches: list[str] = field(default_factory=list)
    unanswered: list[str] = field(default_factory=list)
    broken: list[str] = field(default_factory=list)


async def mismatches(desk: Desk, table: Table) -> tuple[list[str], list[str]]:
    """(memory that differs from the store, stored logs that do not replay) for
    ``table``: a fresh desk reads the store; the log replays from its opening."""
    fresh = Desk(desk.store, clock=desk.clock)
    await fresh.load()
    stored = fresh.tables.get(table.id)
    differs: list[str] = []
    if stored is None:
        return ([f"game {table.id} is not in the store"] if table.id in desk.tables else []), []
    if table.loaded or table.status == "lobby":
        await fresh.loaded(stored)
        mine = (table.row.with_(version=0), table.players, table.damaged_at)
        theirs = (stored.row.with_(version=0), stored.players, stored.damaged_at)
        if mine != theirs:
            differs.append(f"game {table.id}: its row or seats differ from the store's")
        if (table.game is None) != (stored.game is None):
            differs.append(f"game {table.id}: one side has a game, the other none")
        elif table.game is not None and stored.game is not None:
            if table.game.state != stored.game.state or table.length != stored.length:
                differs.append(
                    f"game {table.id}: memory at {table.length} commands, store at {stored.length}"
                )
            if [r.seq for r in table.recent] != [r.seq for r in stored.recent]:
                differs.append(f"game {table.id}: this phase's commands differ")
    return differs, await unreplayable(desk, stored)


async def unreplayable(desk: Desk, table: Table) -> list[str]:
    """The stored log replayed from its opening: [] when every command replays."""
    if table.row.status == "lobby":
        return []
    rows = await desk.store.commands(table.id)
    try:
        game = loading.opening_of(table.row.seed, table.row.opening, desk.ship, desk.content)
        for row in rows:
            loading.play_row(game, row)
    except loading.Damaged as damage:
        return [f"game {table.id}: the stored log stops replaying at {damage.seq}"]
    return []


Operation = Callable[[], Awaitable[object]]


async def every_await(
    desk: Desk, faults: Faults, table: Table, name: str, operation: Operation, tally: Tally
) -> object:
    """Run ``operation`` failing at its 1st, 2nd… await until it runs through (returning
    what it returned then). Each failure must be answered "not taken" (or, once part of
    it was stored, as saved), leave memory equal to the store, and a log that replays."""
    at = 1
    while True:
        faults.arm(at)
        try:
            result = await operation()
        except NotSaved as refusal:
            if not str(refusal).startswith("Your command was not taken"):
                tally.unanswered.append(f"{name} at await {at}: {refusal}")
        except PartlySaved:
            pass  # part was stored: the caller is told it stands (bot.client.failures)
        except Exception as error:
            tally.unanswered.append(f"{name} at await {at}: {type(error).__name__}")
        else:
            if not faults.fired:
                faults.arm(None)
                return result
            tally.unanswered.append(f"{name} at await {at}: failed and said nothing")
        fired = faults.fired
        faults.arm(None)
        if not fired:  # it failed by itself, with no fault: a position gone wrong
            tally.unanswered.append(f"{name} failed with no fault injected (await {at})")
            return None
        tally.injected += 1
        differs, broken = await mismatches(desk, table)
        tally.mismatches += [f"{name} at await {at}: {d}" for d in differs]
        tally.broken += [f"{name} at await {at}: {b}" for b in broken]
        at += 1
