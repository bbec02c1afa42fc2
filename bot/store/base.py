"""The store's contract: one interface, two backends (:mod:`bot.store.sqlite`, the
default, and :mod:`bot.store.postgres` for several processes on one database).

Every read is written once, in the SQL both backends share (here: games, seats, command
logs, snapshots, take-backs; the rest in the modules beside it); a backend supplies
only how to fetch rows, how to run a batch of writes as one transaction, and its
numbered migrations (``bot/store/migrations/<backend>/0001_name.sql``). Every change a
command makes is one transaction, so a restart or ``kill -9`` loses no committed
command. A guard (:mod:`bot.store.guards`) makes a commit conditional on the game being
as its writer last saw it, which serialises each game across processes. Which backend a
target names is the package's choice (:func:`bot.store.open_store`,
:mod:`bot.store.targets`): this contract knows neither backend.
"""

from __future__ import annotations

import abc
from collections.abc import Awaitable, Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

from bot.store.failures import ReadFailed, SchemaTooNew, WriteFailed, write_taken
from bot.store.guards import Guard
from bot.store.packing import unpack
from bot.store.rows import (
    ACTIVE,
    GAMES,
    GAMES_JOINED,
    PLAYERS,
    REMIND_HOURS,
    REMIND_MAX,
    CommandRow,
    GameRow,
    PlayerRow,
    Row,
    SnapshotRow,
    Takeback,
    game_row,
    player_row,
)
from bot.store.schema import migrations
from bot.store.statements import Statement

Loader = Callable[[list[Statement]], Awaitable[None]]
"""Runs a batch of statements inside a :meth:`Store.loading` transaction."""

Then = Callable[[int], list[Statement]]
"""The statements that follow a new row in its own transaction, made from its id."""


class Store(abc.ABC):
    """Games, seats, command logs, phase snapshots and take-backs."""

    backend: str = ""
    failures: tuple[type[BaseException], ...] = (OSError,)
    """The exceptions by which a backend says a read or a write did not happen."""
    settings_written: int = 0
    """How many transactions of this store object wrote people's settings: what this
    process knows of them is current while it is unchanged, if no other process writes
    (:func:`bot.store.waits.away_stand_ins`)."""

    # --- what a backend supplies ------------------------------------------------
    async def _fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Rows of one query; :class:`ReadFailed` when the database cannot answer."""
        try:
            return await self._query(sql, params)
        except self.failures as err:
            raise ReadFailed(f"the {self.backend} store could not be read: {err}") from err

    @abc.abstractmethod
    async def _query(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Rows of one query, as the database answers it."""

    @abc.abstractmethod
    async def _transaction(
        self, batch: list[Statement], guard: Guard | None, then: Then | None = None
    ) -> int | None:
        """Run ``batch`` as one transaction, after ``guard`` if given (StaleGame if it
        fails), and then, in the same transaction, the statements ``then`` makes of the
        first value a ``RETURNING`` statement gave back (a new row's id). That value is
        returned (None if no such statement returned a row)."""

    @abc.abstractmethod
    async def schema_version(self) -> int:
        """How many migrations have run."""

    @abc.abstractmethod
    async def migrate(self) -> int:
        """Run the migrations not yet applied; the schema version after."""

    @abc.abstractmethod
    async def close(self) -> None: ...

    @abc.abstractmethod
    def reading(self) -> AbstractAsyncContextManager[None]:
        """One consistent snapshot for every read inside the block, however much others
        write meanwhile (SQLite: one read transaction; PostgreSQL: one REPEATABLE READ,
        READ ONLY transaction on one connection). Nothing may be written inside it."""

    def newest_known(self) -> int:
        """The newest schema version this code knows (its last migration)."""
        return migrations(self.backend)[-1][0]

    def refuse_newer(self, found: int) -> None:
        """Refuse a store a newer Quicksilver wrote (:class:`SchemaTooNew`)."""
        if found > self.newest_known():
            raise SchemaTooNew(found, self.newest_known())

    # --- whole-store jobs (quicksilver db copy) ----------------------------------------
    @abc.abstractmethod
    async def tables(self) -> list[str]:
        """The names of every table the schema holds, bookkeeping tables included."""

    @abc.abstractmethod
    async def columns(self, table: str) -> list[str]:
        """``table``'s column names, in their order."""

    @abc.abstractmethod
    def loading(self) -> AbstractAsyncContextManager[Loader]:
        """One transaction for a load too big for one list of statements: every call of
        the loader runs its batch inside it; it commits when the block ends and rolls
        back (nothing written) if the block raises."""

    def identity_catch_up(self, tables: Iterable[str]) -> list[Statement]:
        """Statements that move the ``id`` generators of ``tables`` past the ids a load
        wrote explicitly, so later inserts get fresh ones. SQLite's AUTOINCREMENT
        follows explicit ids by itself: nothing to do."""
        return []

    # --- writes ------------------------------------------------------------------
    async def commit(self, statements: Iterable[Statement], guard: Guard | None = None) -> None:
        """Run ``statements`` as one transaction: all of them happen or none does.
        With a guard, only if the game is still at the guard's version."""
        batch = list(statements)
        if batch or guard is not None:
            await self._write(batch, guard)

    async def _write(
        self, batch: list[Statement], guard: Guard | None, then: Then | None = None
    ) -> int | None:
        """:meth:`_transaction`, with the database's refusals as :class:`WriteFailed`."""
        refusals: tuple[type[BaseException], ...] = (ReadFailed, *self.failures)
        try:
            found = await self._transaction(batch, guard, then)
        except refusals as err:
            raise WriteFailed(f"the {self.backend} store did not take the write: {err}") from err
        write_taken()
        if any("user_settings" in sql for sql, _ in batch):
            self.settings_written += 1
        return found

    # --- the deployment's own facts (bot_meta) -------------------------------------
    async def meta(self, key: str) -> str | None:
        rows = await self._fetch("SELECT value FROM bot_meta WHERE key = ?", (key,))
        return str(rows[0]["value"]) if rows else None

    async def set_meta(self, key: str, value: str) -> None:
        await self.commit(
            [
                (
                    "INSERT INTO bot_meta (key, value) VALUES (?, ?) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    (key, value),
                )
            ]
        )

    async def create_game(
        self,
        channel_id: int,
        guild_id: int | None,
        channel_name: str,
        seed: int,
        created_by: int,
        at: float,
        *,
        status: str = "lobby",
        seeded: bool = False,
        opening: str = "",
        kind: str = "",
        hints_off: bool = False,
        min_reliability: int = 0,
        then: Then | None = None,
    ) -> GameRow:
        """A new game row (a lobby, unless told otherwise); ``opening`` is the scenario
        its log begins at ('' for set-up from the seed). ``then``: what else is written
        with it, in the same transaction (its seats, its log), made from its new id."""
        insert: Statement = (
            "INSERT INTO games (channel_id, guild_id, channel_name, seed, status, "
            "created_by, created_at, seeded, opening, kind, hints_off, remind_hours, "
            "remind_max, min_reliability) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "RETURNING id",
            (
                *(channel_id, guild_id, channel_name, seed, status, created_by, at),
                *(int(seeded), opening, kind, int(hints_off), REMIND_HOURS, REMIND_MAX),
                min_reliability,
            ),
        )
        game_id = await self._write([insert], None, then)
        assert game_id is not None
        return GameRow(
            game_id,
            channel_id,
            guild_id,
            channel_name,
            seed,
            status,
            created_by,
            at,
            seeded=seeded,
            opening=opening,
            kind=kind,
            hints_off=hints_off,
            min_reliability=min_reliability,
        )

    # --- reads -------------------------------------------------------------------
    async def current_games(self) -> list[GameRow]:
        """Each channel's current game: its newest one that was not aborted."""
        rows = await self._fetch(
            f"SELECT {GAMES} FROM games WHERE id IN (SELECT MAX(id) FROM games "
            "WHERE status IN (?, ?, ?) GROUP BY channel_id) ORDER BY id",
            ACTIVE,
        )
        return [game_row(row) for row in rows]

    async def game(self, game_id: int) -> GameRow | None:
        rows = await self._fetch(f"SELECT {GAMES} FROM games WHERE id = ?", (game_id,))
        return game_row(rows[0]) if rows else None

    async def game_version(self, game_id: int) -> int | None:
        """The game's version (None: it is gone); a cheap staleness check."""
        rows = await self._fetch("SELECT version FROM games WHERE id = ?", (game_id,))
        return int(rows[0]["version"]) if rows else None

    async def current_games_of(self, user_id: int) -> list[GameRow]:
        """The current games ``user_id`` has a seat at (any shard's)."""
        rows = await self._fetch(
            f"SELECT {GAMES_JOINED} FROM games JOIN players ON players.game_id = games.id "
            "WHERE players.user_id = ? AND games.id IN (SELECT MAX(id) FROM games "
            "WHERE status IN (?, ?, ?) GROUP BY channel_id) ORDER BY games.id",
            (user_id, *ACTIVE),
        )
        return [game_row(row) for row in rows]

    async def current_players(self) -> dict[int, list[PlayerRow]]:
        """The players of every channel's current game, by game id (one query)."""
        rows = await self._fetch(
            f"SELECT {PLAYERS} FROM players WHERE game_id IN (SELECT MAX(id) FROM games "
            "WHERE status IN (?, ?, ?) GROUP BY channel_id) ORDER BY joined_at, user_id",
            ACTIVE,
        )
        found: dict[int, list[PlayerRow]] = {}
        for row in rows:
            found.setdefault(row[0], []).append(player_row(row))
        return found

    async def players(self, game_id: int) -> list[PlayerRow]:
        rows = await self._fetch(
            f"SELECT {PLAYERS} FROM players WHERE game_id = ? ORDER BY joined_at, user_id",
            (game_id,),
        )
        return [player_row(row) for row in rows]

    async def commands(self, game_id: int, start: int = 0) -> list[CommandRow]:
        """The game's commands from position ``start`` on."""
        rows = await self._fetch(
            "SELECT seq, side, command, user_id, at FROM commands WHERE game_id = ? AND seq >= ? "
            "ORDER BY seq",
            (game_id, start),
        )
        return [CommandRow(r["seq"], r["side"], r["command"], r["user_id"], r["at"]) for r in rows]

    async def snapshots(self, game_id: int, *, newest: bool = False) -> list[SnapshotRow]:
        """Phase starts, oldest first (or only the newest one)."""
        order = "DESC LIMIT 1" if newest else ""
        rows = await self._fetch(
            "SELECT s.seq, s.turn, s.phase, s.at, k.state FROM snapshots AS s "
            "LEFT JOIN snapshot_states AS k ON k.game_id = s.game_id AND k.seq = s.seq "
            f"WHERE s.game_id = ? ORDER BY s.seq {order}",
            (game_id,),
        )
        return [
            SnapshotRow(r["seq"], r["turn"], r["phase"], r["at"], unpack(r["state"])) for r in rows
        ]

    async def takebacks(self, game_id: int) -> list[Takeback]:
        """The crew's take-backs in the game, in order (the public log's own lines)."""
        rows = await self._fetch(
            "SELECT seq, user_id, verb FROM public_lines WHERE game_id = ? ORDER BY id",
            (game_id,),
        )
        return [Takeback(int(r["seq"]), r["user_id"], str(r["verb"])) for r in rows]

    async def phase_times(self, guild_id: int, count: int) -> list[tuple[int, float]]:
        """(game id, when) of the newest ``count`` phase starts of the server's ordinary
        games (not tutorials or imports): how long its phases take (the lobby's welcome)."""
        rows = await self._fetch(
            "SELECT snapshots.game_id, snapshots.at FROM snapshots "
            "JOIN games ON games.id = snapshots.game_id "
            "WHERE games.guild_id = ? AND games.kind = '' "
            "ORDER BY snapshots.at DESC LIMIT ?",
            (guild_id, count),
        )
        return [(int(r["game_id"]), float(r["at"])) for r in rows]

    async def games_due(self, now: float) -> list[int]:
        """Games the clock must look at: a deadline passed, or a side the game plays (it
        may be waiting on it after a restart). Reminders are each player's own
        (:mod:`bot.store.people`)."""
        rows = await self._fetch(
            "SELECT id FROM games WHERE status = 'playing' AND deadline_at <= ? UNION "
            "SELECT id FROM games WHERE status = 'playing' AND computer > '' ORDER BY id",
            (now,),
        )
        return [int(r["id"]) for r in rows]

    async def mod_role(self, guild_id: int) -> int | None:
        rows = await self._fetch(
            "SELECT mod_role_id FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        value = rows[0]["mod_role_id"] if rows else None
        return int(value) if value is not None else None

    async def mod_actions(self, channel_id: int) -> list[str]:
        rows = await self._fetch(
            "SELECT action FROM mod_actions WHERE channel_id = ? ORDER BY id", (channel_id,)
        )
        return [str(r["action"]) for r in rows]
