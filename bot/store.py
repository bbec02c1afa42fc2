"""The per-channel store (aiosqlite): games, players, command logs and phase snapshots.

Numbered SQL migrations live in ``bot/migrations``; ``PRAGMA user_version`` records how
many have run. The database runs in WAL mode with full sync, and every change a command
makes (its log row and the game's metadata) is written in one transaction, so a restart
or ``kill -9`` at any moment loses no committed command.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields, replace
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

Statement = tuple[str, tuple[Any, ...]]

ACTIVE = ("lobby", "playing", "over")


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    channel_id: int
    guild_id: int | None
    channel_name: str
    seed: int
    status: str
    created_by: int
    created_at: float
    phase_key: str = ""
    phase_since: float = 0.0
    deadline_hours: float = 0.0
    deadline_at: float | None = None
    remind_hours: float = 0.0
    remind_max: int = 3
    reminders_sent: int = 0
    last_reminder: float = 0.0
    computer: str = ""  # the side the game plays ('' none, 'alien' or 'crew')

    def with_(self, **changes: Any) -> GameRow:
        return replace(self, **changes)


_GAME_COLUMNS = tuple(f.name for f in fields(GameRow))


@dataclass(frozen=True, slots=True)
class PlayerRow:
    user_id: int
    seat: str
    units: tuple[str, ...] = ()
    dm_ok: bool = True
    joined_at: float = 0.0


@dataclass(frozen=True, slots=True)
class CommandRow:
    seq: int
    side: str
    command: str
    user_id: int | None
    at: float


@dataclass(frozen=True, slots=True)
class SnapshotRow:
    seq: int
    turn: int
    phase: str
    map_message_id: int | None
    at: float


def migrations() -> list[tuple[int, str]]:
    """(number, SQL) for every file named like ``0001_name.sql``, in order."""
    found = []
    for entry in resources.files("bot.migrations").iterdir():
        match = re.fullmatch(r"(\d+)_\w+\.sql", entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    return sorted(found)


# --- statements: built here, run by Store.commit in one transaction --------------
def update_game(row: GameRow) -> Statement:
    columns = [c for c in _GAME_COLUMNS if c != "id"]
    sets = ", ".join(f"{c} = ?" for c in columns)
    return (f"UPDATE games SET {sets} WHERE id = ?", (*(getattr(row, c) for c in columns), row.id))


def put_player(game_id: int, player: PlayerRow) -> Statement:
    return (
        "INSERT OR REPLACE INTO players (game_id, user_id, seat, units, dm_ok, joined_at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (
            game_id,
            player.user_id,
            player.seat,
            ",".join(player.units),
            int(player.dm_ok),
            player.joined_at,
        ),
    )


def delete_player(game_id: int, user_id: int) -> Statement:
    return ("DELETE FROM players WHERE game_id = ? AND user_id = ?", (game_id, user_id))


def append_command(game_id: int, row: CommandRow) -> Statement:
    return (
        "INSERT INTO commands (game_id, seq, side, command, user_id, at) VALUES (?, ?, ?, ?, ?, ?)",
        (game_id, row.seq, row.side, row.command, row.user_id, row.at),
    )


def truncate_commands(game_id: int, length: int) -> Statement:
    return ("DELETE FROM commands WHERE game_id = ? AND seq >= ?", (game_id, length))


def truncate_snapshots(game_id: int, length: int) -> Statement:
    return ("DELETE FROM snapshots WHERE game_id = ? AND seq > ?", (game_id, length))


def put_snapshot(game_id: int, snap: SnapshotRow) -> Statement:
    return (
        "INSERT OR REPLACE INTO snapshots (game_id, seq, turn, phase, map_message_id, at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (game_id, snap.seq, snap.turn, snap.phase, snap.map_message_id, snap.at),
    )


def delete_game(game_id: int) -> Statement:
    return ("DELETE FROM games WHERE id = ?", (game_id,))


def mod_action(
    game_id: int | None, channel_id: int, user_id: int, action: str, at: float
) -> Statement:
    return (
        "INSERT INTO mod_actions (game_id, channel_id, user_id, action, at) VALUES (?, ?, ?, ?, ?)",
        (game_id, channel_id, user_id, action, at),
    )


def set_mod_role(guild_id: int, role_id: int | None) -> Statement:
    return (
        "INSERT OR REPLACE INTO guild_settings (guild_id, mod_role_id) VALUES (?, ?)",
        (guild_id, role_id),
    )


class Store:
    """One aiosqlite connection; writes are serialized and each is one transaction."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str) -> Store:
        db = await aiosqlite.connect(str(path), isolation_level=None)
        db.row_factory = aiosqlite.Row
        store = cls(db)
        for pragma in (
            "journal_mode = WAL",
            "synchronous = FULL",
            "foreign_keys = ON",
            "busy_timeout = 5000",
        ):
            await store._run(f"PRAGMA {pragma}")
        await store.migrate()
        return store

    async def _run(self, sql: str, params: tuple[Any, ...] = ()) -> None:
        async with self._db.execute(sql, params):
            pass

    async def close(self) -> None:
        await self._db.close()

    async def schema_version(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> int:
        """Run the migrations not yet applied, each in its own transaction."""
        current = await self.schema_version()
        async with self._lock:
            for number, sql in migrations():
                if number <= current:
                    continue
                await self._run("BEGIN IMMEDIATE")
                try:
                    for statement in _split_sql(sql):
                        await self._run(statement)
                    await self._run(f"PRAGMA user_version = {number}")
                    await self._run("COMMIT")
                except BaseException:
                    await self._run("ROLLBACK")
                    raise
                current = number
        return current

    async def commit(self, statements: Iterable[Statement]) -> None:
        """Run ``statements`` as one transaction: all of them happen or none does."""
        batch = list(statements)
        if not batch:
            return
        async with self._lock:
            await self._run("BEGIN IMMEDIATE")
            try:
                for sql, params in batch:
                    await self._run(sql, params)
                await self._run("COMMIT")
            except BaseException:
                await self._run("ROLLBACK")
                raise

    async def create_game(
        self,
        channel_id: int,
        guild_id: int | None,
        channel_name: str,
        seed: int,
        created_by: int,
        at: float,
        creator_seat: PlayerRow | None = None,
    ) -> GameRow:
        async with self._lock:
            await self._run("BEGIN IMMEDIATE")
            try:
                cursor = await self._db.execute(
                    "INSERT INTO games (channel_id, guild_id, channel_name, seed, status, "
                    "created_by, created_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?)",
                    (channel_id, guild_id, channel_name, seed, created_by, at),
                )
                game_id = cursor.lastrowid
                await cursor.close()
                assert game_id is not None
                if creator_seat is not None:
                    sql, params = put_player(game_id, creator_seat)
                    await self._run(sql, params)
                await self._run("COMMIT")
            except BaseException:
                await self._run("ROLLBACK")
                raise
        return GameRow(game_id, channel_id, guild_id, channel_name, seed, "lobby", created_by, at)

    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[aiosqlite.Row]:
        async with self._db.execute(sql, tuple(params)) as cursor:
            return list(await cursor.fetchall())

    async def current_games(self) -> list[GameRow]:
        """Each channel's current game: its newest one that was not aborted."""
        rows = await self._rows(
            "SELECT * FROM games WHERE id IN (SELECT MAX(id) FROM games "
            "WHERE status IN (?, ?, ?) GROUP BY channel_id) ORDER BY id",
            ACTIVE,
        )
        return [GameRow(**{c: row[c] for c in _GAME_COLUMNS}) for row in rows]

    async def game(self, game_id: int) -> GameRow | None:
        rows = await self._rows("SELECT * FROM games WHERE id = ?", (game_id,))
        return GameRow(**{c: rows[0][c] for c in _GAME_COLUMNS}) if rows else None

    async def players(self, game_id: int) -> list[PlayerRow]:
        rows = await self._rows(
            "SELECT * FROM players WHERE game_id = ? ORDER BY joined_at, user_id", (game_id,)
        )
        return [
            PlayerRow(
                user_id=row["user_id"],
                seat=row["seat"],
                units=tuple(u for u in row["units"].split(",") if u),
                dm_ok=bool(row["dm_ok"]),
                joined_at=row["joined_at"],
            )
            for row in rows
        ]

    async def commands(self, game_id: int) -> list[CommandRow]:
        rows = await self._rows(
            "SELECT seq, side, command, user_id, at FROM commands WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [CommandRow(r["seq"], r["side"], r["command"], r["user_id"], r["at"]) for r in rows]

    async def snapshots(self, game_id: int) -> list[SnapshotRow]:
        rows = await self._rows(
            "SELECT seq, turn, phase, map_message_id, at FROM snapshots WHERE game_id = ? "
            "ORDER BY seq",
            (game_id,),
        )
        return [
            SnapshotRow(r["seq"], r["turn"], r["phase"], r["map_message_id"], r["at"]) for r in rows
        ]

    async def mod_role(self, guild_id: int) -> int | None:
        rows = await self._rows(
            "SELECT mod_role_id FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        value = rows[0]["mod_role_id"] if rows else None
        return int(value) if value is not None else None

    async def mod_actions(self, channel_id: int) -> list[str]:
        rows = await self._rows(
            "SELECT action FROM mod_actions WHERE channel_id = ? ORDER BY id", (channel_id,)
        )
        return [str(r["action"]) for r in rows]


def _split_sql(script: str) -> list[str]:
    """Statements of a migration file (no semicolons inside our literals)."""
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
