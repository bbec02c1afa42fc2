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

    def reminder_due(self, now: float) -> bool:
        return (
            self.status == "playing"
            and self.remind_hours > 0
            and self.reminders_sent < self.remind_max
            and now - max(self.last_reminder, self.phase_since) >= self.remind_hours * 3600
        )

    def computer_may_move(self) -> bool:
        """Whether the side the game plays may be the one the game waits on (from the
        phase stamp: ``setup``, ``3a`` or ``3c``), without loading the game."""
        if not self.computer or self.status != "playing":
            return False
        return self.phase_key in ("", "setup") or self.phase_key.endswith(self.computer[0])


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
    state: str | None = None  # engine.snapshot text of the state at ``seq``


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


def insert_game(row: GameRow) -> Statement:
    """A whole game row, id included (bulk loads, copies)."""
    names = ", ".join(_GAME_COLUMNS)
    marks = ", ".join("?" for _ in _GAME_COLUMNS)
    return (
        f"INSERT INTO games ({names}) VALUES ({marks})",
        tuple(getattr(row, c) for c in _GAME_COLUMNS),
    )


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
        "INSERT OR REPLACE INTO snapshots (game_id, seq, turn, phase, map_message_id, at, state) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (game_id, snap.seq, snap.turn, snap.phase, snap.map_message_id, snap.at, snap.state),
    )


def put_newest_snapshot(game_id: int, snap: SnapshotRow) -> list[Statement]:
    """A new phase start: its row with the state, and older rows' states dropped (a load
    needs only the newest; older phases replay from the log)."""
    return [
        ("UPDATE snapshots SET state = NULL WHERE game_id = ? AND seq < ?", (game_id, snap.seq)),
        put_snapshot(game_id, snap),
    ]


def set_snapshot_state(game_id: int, seq: int, state: str | None) -> Statement:
    return (
        "UPDATE snapshots SET state = ? WHERE game_id = ? AND seq = ?",
        (state, game_id, seq),
    )


def set_map_message(game_id: int, seq: int, message_id: int) -> Statement:
    return (
        "UPDATE snapshots SET map_message_id = ? WHERE game_id = ? AND seq = ?",
        (message_id, game_id, seq),
    )


def add_public_lines(
    game_id: int, seq: int, lines: Iterable[str], *, summary: bool = True
) -> list[Statement]:
    return [
        (
            "INSERT INTO public_lines (game_id, seq, summary, text) VALUES (?, ?, ?, ?)",
            (game_id, seq, int(summary), line),
        )
        for line in lines
    ]


def truncate_public_lines(game_id: int, length: int) -> Statement:
    return ("DELETE FROM public_lines WHERE game_id = ? AND seq >= ?", (game_id, length))


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
        """Run ``statements`` as one transaction: all of them happen or none does.
        Runs of the same SQL go to the database together (a bulk load is one call)."""
        batch = list(statements)
        if not batch:
            return
        async with self._lock:
            await self._run("BEGIN IMMEDIATE")
            try:
                for sql, params in _runs(batch):
                    if len(params) == 1:
                        await self._run(sql, params[0])
                    else:
                        await self._db.executemany(sql, params)
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

    async def current_players(self) -> dict[int, list[PlayerRow]]:
        """The players of every channel's current game, by game id (one query)."""
        rows = await self._rows(
            "SELECT * FROM players WHERE game_id IN (SELECT MAX(id) FROM games "
            "WHERE status IN (?, ?, ?) GROUP BY channel_id) ORDER BY joined_at, user_id",
            ACTIVE,
        )
        found: dict[int, list[PlayerRow]] = {}
        for row in rows:
            found.setdefault(row["game_id"], []).append(_player(row))
        return found

    async def players(self, game_id: int) -> list[PlayerRow]:
        rows = await self._rows(
            "SELECT * FROM players WHERE game_id = ? ORDER BY joined_at, user_id", (game_id,)
        )
        return [_player(row) for row in rows]

    async def commands(self, game_id: int, start: int = 0) -> list[CommandRow]:
        """The game's commands from position ``start`` on."""
        rows = await self._rows(
            "SELECT seq, side, command, user_id, at FROM commands WHERE game_id = ? AND seq >= ? "
            "ORDER BY seq",
            (game_id, start),
        )
        return [CommandRow(r["seq"], r["side"], r["command"], r["user_id"], r["at"]) for r in rows]

    async def snapshots(self, game_id: int, *, newest: bool = False) -> list[SnapshotRow]:
        """Phase starts, oldest first (or only the newest one)."""
        order = "DESC LIMIT 1" if newest else ""
        rows = await self._rows(
            "SELECT seq, turn, phase, map_message_id, at, state FROM snapshots "
            f"WHERE game_id = ? ORDER BY seq {order}",
            (game_id,),
        )
        return [
            SnapshotRow(r["seq"], r["turn"], r["phase"], r["map_message_id"], r["at"], r["state"])
            for r in rows
        ]

    async def public_lines(self, game_id: int, count: int) -> list[str]:
        """The newest ``count`` public lines, oldest first."""
        rows = await self._rows(
            "SELECT text FROM public_lines WHERE game_id = ? ORDER BY id DESC LIMIT ?",
            (game_id, count),
        )
        return [str(r["text"]) for r in reversed(rows)]

    async def summary_lines(self, game_id: int, start: int) -> list[str]:
        """Public lines of the commands from ``start`` on: a phase's summary."""
        rows = await self._rows(
            "SELECT text FROM public_lines WHERE game_id = ? AND seq >= ? AND summary = 1 "
            "ORDER BY id",
            (game_id, start),
        )
        return [str(r["text"]) for r in rows]

    async def has_public_lines(self, game_id: int) -> bool:
        rows = await self._rows("SELECT 1 FROM public_lines WHERE game_id = ? LIMIT 1", (game_id,))
        return bool(rows)

    async def games_due(self, now: float) -> list[int]:
        """Games the clock must look at: a deadline passed, a reminder due, or a side the
        game plays (it may be waiting on it after a restart)."""
        rows = await self._rows(
            "SELECT id FROM games WHERE status = 'playing' AND ("
            "deadline_at <= ? OR computer != '' OR (remind_hours > 0 "
            "AND reminders_sent < remind_max "
            "AND MAX(last_reminder, phase_since) + remind_hours * 3600 <= ?)) ORDER BY id",
            (now, now),
        )
        return [int(r["id"]) for r in rows]

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


def _player(row: aiosqlite.Row) -> PlayerRow:
    return PlayerRow(
        user_id=row["user_id"],
        seat=row["seat"],
        units=tuple(u for u in row["units"].split(",") if u),
        dm_ok=bool(row["dm_ok"]),
        joined_at=row["joined_at"],
    )


def _runs(batch: list[Statement]) -> list[tuple[str, list[tuple[Any, ...]]]]:
    """Consecutive statements with the same SQL, grouped (their order kept)."""
    runs: list[tuple[str, list[tuple[Any, ...]]]] = []
    for sql, params in batch:
        if runs and runs[-1][0] == sql:
            runs[-1][1].append(params)
        else:
            runs.append((sql, [params]))
    return runs


def _split_sql(script: str) -> list[str]:
    """Statements of a migration file (no semicolons inside our literals)."""
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
