"""The writes a command makes, as (SQL, parameters), run by ``Store.commit`` in one
transaction. The SQL is the dialect SQLite and PostgreSQL share (``?`` marks a
parameter; the PostgreSQL backend numbers them), so both backends run the same writes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.store.packing import pack
from bot.store.rows import GAME_COLUMNS, CommandRow, GameRow, PlayerRow, SnapshotRow

Statement = tuple[str, tuple[Any, ...]]

# The version is the guard's (Store.commit), never written from a row.
_UPDATED_COLUMNS = tuple(c for c in GAME_COLUMNS if c not in ("id", "version"))


def _value(row: GameRow, column: str) -> Any:
    """A row's column as stored: flags as 0 or 1 (both backends keep INTEGER)."""
    value = getattr(row, column)
    return int(value) if isinstance(value, bool) else value


def update_game(row: GameRow) -> Statement:
    sets = ", ".join(f"{c} = ?" for c in _UPDATED_COLUMNS)
    values = tuple(_value(row, c) for c in _UPDATED_COLUMNS)
    return (f"UPDATE games SET {sets} WHERE id = ?", (*values, row.id))


def insert_game(row: GameRow) -> Statement:
    """A whole game row, id included (bulk loads, copies)."""
    names = ", ".join(GAME_COLUMNS)
    marks = ", ".join("?" for _ in GAME_COLUMNS)
    return (
        f"INSERT INTO games ({names}) VALUES ({marks})",
        tuple(_value(row, c) for c in GAME_COLUMNS),
    )


def put_player(game_id: int, player: PlayerRow) -> Statement:
    return (
        "INSERT INTO players (game_id, user_id, seat, units, dm_ok, joined_at) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO UPDATE SET "
        "seat = excluded.seat, units = excluded.units, dm_ok = excluded.dm_ok, "
        "joined_at = excluded.joined_at",
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
    """The phase starts after game length ``length`` go (and their state with them)."""
    return ("DELETE FROM snapshots WHERE game_id = ? AND seq > ?", (game_id, length))


def put_snapshot(game_id: int, snap: SnapshotRow) -> list[Statement]:
    """A phase start's row, and its state if it holds one (which replaces the game's
    state: a game keeps its newest one only)."""
    row: Statement = (
        "INSERT INTO snapshots (game_id, seq, turn, phase, at) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (game_id, seq) DO UPDATE SET "
        "turn = excluded.turn, phase = excluded.phase, at = excluded.at",
        (game_id, snap.seq, snap.turn, snap.phase, snap.at),
    )
    state = [] if snap.state is None else [set_snapshot_state(game_id, snap.seq, snap.state)]
    return [row, *state]


def put_newest_snapshot(game_id: int, snap: SnapshotRow) -> list[Statement]:
    """A new phase start: its row with the state, and older rows' states dropped (a load
    needs only the newest; older phases replay from the log)."""
    return [drop_snapshot_states(game_id, snap.seq), *put_snapshot(game_id, snap)]


def drop_snapshot_states(game_id: int, seq: int) -> Statement:
    """Older phase starts than ``seq`` keep no state (a load needs only the newest)."""
    return ("DELETE FROM snapshot_states WHERE game_id = ? AND seq < ?", (game_id, seq))


def set_snapshot_state(game_id: int, seq: int, state: str | None) -> Statement:
    """The state at the phase start ``seq`` (which must be stored), compressed
    (:mod:`bot.store.packing`); None: that phase start keeps none."""
    if state is None:
        return ("DELETE FROM snapshot_states WHERE game_id = ? AND seq = ?", (game_id, seq))
    return (
        "INSERT INTO snapshot_states (game_id, seq, state) VALUES (?, ?, ?) "
        "ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq, state = excluded.state",
        (game_id, seq, pack(state)),
    )


def add_takeback(game_id: int, seq: int, user_id: int, verb: str) -> Statement:
    """The crew's take-back of its command at ``seq`` (a ``verb`` command), for the
    public log: the one part of it that no replay of the commands shows."""
    return (
        "INSERT INTO public_lines (game_id, seq, user_id, verb) VALUES (?, ?, ?, ?)",
        (game_id, seq, user_id, verb),
    )


def shift_public_lines(game_id: int, seq: int) -> Statement:
    """The take-backs after ``seq`` one place down: the command at
    ``seq`` was taken back and those after it moved down (an undo over the other side's
    commands given since)."""
    return (
        "UPDATE public_lines SET seq = seq - 1 WHERE game_id = ? AND seq > ?",
        (game_id, seq),
    )


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
        "INSERT INTO guild_settings (guild_id, mod_role_id) VALUES (?, ?) "
        "ON CONFLICT (guild_id) DO UPDATE SET mod_role_id = excluded.mod_role_id",
        (guild_id, role_id),
    )


def placeholders(values: Sequence[object]) -> str:
    """``?, ?, ?``: one SQL parameter a value (both backends read ``?``)."""
    return ", ".join("?" for _ in values)


def runs(batch: list[Statement]) -> list[tuple[str, list[tuple[Any, ...]]]]:
    """Consecutive statements with the same SQL, grouped (their order kept), so a bulk
    load goes to the database in one call."""
    grouped: list[tuple[str, list[tuple[Any, ...]]]] = []
    for sql, params in batch:
        if grouped and grouped[-1][0] == sql:
            grouped[-1][1].append(params)
        else:
            grouped.append((sql, [params]))
    return grouped
