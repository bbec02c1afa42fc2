"""The store: games, seats, command logs, phase snapshots and public lines, in SQLite
(the default, one process) or PostgreSQL (several processes). ``Store.open(target)``
picks the backend from ``target``: a file path or a ``postgresql://`` URL."""

from bot.store.base import Guard, StaleGame, Store, is_postgres
from bot.store.rows import ACTIVE, IMPORTED, TUTORIAL, CommandRow, GameRow, PlayerRow, SnapshotRow
from bot.store.statements import (
    Statement,
    add_public_lines,
    append_command,
    delete_game,
    delete_player,
    drop_snapshot_states,
    insert_game,
    mod_action,
    put_newest_snapshot,
    put_player,
    put_snapshot,
    set_mod_role,
    set_snapshot_state,
    shift_public_lines,
    truncate_commands,
    truncate_public_lines,
    truncate_snapshots,
    update_game,
)

__all__ = [
    "ACTIVE",
    "IMPORTED",
    "TUTORIAL",
    "CommandRow",
    "GameRow",
    "Guard",
    "PlayerRow",
    "SnapshotRow",
    "StaleGame",
    "Statement",
    "Store",
    "add_public_lines",
    "append_command",
    "delete_game",
    "delete_player",
    "drop_snapshot_states",
    "insert_game",
    "is_postgres",
    "mod_action",
    "put_newest_snapshot",
    "put_player",
    "put_snapshot",
    "set_mod_role",
    "set_snapshot_state",
    "shift_public_lines",
    "truncate_commands",
    "truncate_public_lines",
    "truncate_snapshots",
    "update_game",
]
