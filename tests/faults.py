"""A store that fails at a chosen await, and the checks that follow one.

:class:`Faults` wraps a real store (SQLite or PostgreSQL) in place: every await of the
database, a read (``_query``) or a transaction (``_transaction``), is counted, and the
one numbered :attr:`Faults.fail_at` raises the backend's own error for a lost
connection before it reaches the database, as a database restarting under the bot
does. :func:`every_await` plays one operation again and again from the same position,
failing it at its first await, then its second, and so on until it runs through; after
each failure :func:`mismatches` compares the desk's memory with the store (read by a
fresh desk) and replays the stored log from its opening.

The desk's operations under test are :data:`SCENARIOS` (each builds its game on a fresh
store and fails each of its operations at every await); the tests
(``tests/bot/desk/test_store_faults.py``) and ``benchmarks/bench_reliability.py`` (its
``faults:`` line, which adds presses and commands through the bot) share them.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import asyncpg

from bot.desk import loading
from bot.desk.service import Desk, NotSaved, Seat, Table
from bot.desk.tables import PartlySaved
from bot.store import Store
from engine.legal import legal_commands
from engine.state import Phase, Side


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


# --- the desk's operations, each failed at every await ----------------------------------
ALIEN, CREW, MOD = 20, 10, 30
START = 1_800_000_000.0


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


@dataclass
class Setting:
    """A desk on a store whose awaits :class:`Faults` counts, its clock, and the tally."""

    desk: Desk
    faults: Faults
    clock: Clock
    tally: Tally

    @classmethod
    def on(cls, store: Store, tally: Tally | None = None) -> Setting:
        clock = Clock()
        return cls(
            Desk(store, clock=clock),
            Faults(store),
            clock,
            tally or Tally(),
        )

    async def check(self, table: Table, name: str, operation: Operation) -> object:
        return await every_await(self.desk, self.faults, table, name, operation, self.tally)

    async def lobby(self, channel: int = 1) -> Table:
        table = await self.desk.create(channel, 1, "qs", CREW, seed=54)
        await self.desk.join(table, ALIEN, Seat.ALIEN)
        await self.desk.join(table, CREW, Seat.CREW)
        return table

    async def playing(self, channel: int = 1) -> Table:
        table = await self.lobby(channel)
        await self.desk.start(table, CREW, False)
        await self.desk.play(table, CREW, "quick")
        await self.desk.play(table, ALIEN, "quick", in_dm=True)
        return table


def crew_move(table: Table) -> str:
    game = table.game
    assert game is not None
    moves = legal_commands(game.state, Side.CREW, game.ship, game.content)
    return next(x for x in moves if x.verb == "move").notation()


async def commands(s: Setting) -> None:
    """Start, set-up, the alien's pass (a phase's end), a move, its undo, the crew's pass."""
    table = await s.lobby()
    await s.check(table, "start", lambda: s.desk.start(table, CREW, False))
    await s.check(table, "crew set-up", lambda: s.desk.play(table, CREW, "quick"))
    await s.check(table, "alien set-up", lambda: s.desk.play(table, ALIEN, "quick", in_dm=True))
    await s.check(table, "alien pass", lambda: s.desk.play(table, ALIEN, "pass", in_dm=True))
    assert table.game is not None and table.game.state.phase is Phase.CREW
    move = crew_move(table)
    await s.check(table, "crew move", lambda: s.desk.play(table, CREW, move))
    await s.check(table, "undo", lambda: s.desk.undo(table, CREW))
    await s.check(table, "crew pass", lambda: s.desk.play(table, CREW, "pass"))


async def rollback(s: Setting) -> None:
    table = await s.playing()
    await s.desk.play(table, ALIEN, "pass", in_dm=True)
    await s.desk.play(table, CREW, "pass")
    await s.check(table, "rollback", lambda: s.desk.rollback(table, 1, Phase.ALIEN, MOD))


async def deadlines(s: Setting) -> None:
    """A deadline moved by a grace, then one that ends the phase."""
    table = await s.playing()
    await s.desk.configure(table, deadline_hours=1.0, grace_hours=1.0, graces=1)
    s.clock.now += 2 * 3600  # past the deadline: the alien uses its grace
    await s.check(table, "deadline (grace)", lambda: s.desk.expire(table, s.clock.now))
    s.clock.now += 2 * 3600  # past the moved deadline: the alien phase ends
    await s.check(table, "deadline", lambda: s.desk.expire(table, s.clock.now))


async def set_up_deadline(s: Setting) -> None:
    """Set-up completed by the clock: one command for each side still choosing."""
    table = await s.lobby()
    await s.desk.configure(table, deadline_hours=1.0)
    await s.desk.start(table, CREW, False)
    s.clock.now += 2 * 3600
    await s.check(table, "set-up deadline", lambda: s.desk.expire(table, s.clock.now))


async def stand_in(s: Setting) -> None:
    """A few of the computer's moves for an away crew player."""
    table = await s.playing()
    await s.desk.play(table, ALIEN, "pass", in_dm=True)
    await s.desk.go_away(CREW, "3d", "computer")
    for turn in range(3):
        moved = await s.check(table, f"stand-in {turn}", lambda: s.desk.stand_in_move(table))
        if moved is None:
            break


async def computer_seat(s: Setting) -> None:
    """A few moves of the side the game plays."""
    table = await s.desk.create(1, 1, "qs", CREW, seed=54)
    await s.desk.join(table, CREW, Seat.CREW)
    await s.desk.give_to_computer(table, CREW, Side.ALIEN, False, "easy")
    await s.desk.start(table, CREW, False)
    await s.desk.play(table, CREW, "quick")
    for turn in range(3):
        moved = await s.check(table, f"computer {turn}", lambda: s.desk.computer_move(table))
        if moved is None:
            break


SCENARIOS: dict[str, Callable[[Setting], Awaitable[None]]] = {
    "commands": commands,
    "rollback": rollback,
    "deadlines": deadlines,
    "set-up deadline": set_up_deadline,
    "stand-in": stand_in,
    "computer seat": computer_seat,
}
