"""The store: games, seats, command logs, phase snapshots and take-backs, in SQLite
(the default, one process) or PostgreSQL (several processes). :func:`open_store` picks
the backend from its target, a file path or a ``postgresql://`` URL: the choice is made
here, in the package, so the contract both backends follow (:mod:`bot.store.base`)
imports neither of them."""

from pathlib import Path

from bot.store.base import Store
from bot.store.guards import Guard, StaleGame
from bot.store.postgres import PostgresStore
from bot.store.rows import (
    ACTIVE,
    IMPORTED,
    TUTORIAL,
    CommandRow,
    GameRow,
    PlayerRow,
    SnapshotRow,
    Takeback,
)
from bot.store.sqlite import SqliteStore
from bot.store.statements import (
    Statement,
    add_takeback,
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
from bot.store.targets import check_target, is_postgres

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
    "Takeback",
    "add_takeback",
    "append_command",
    "delete_game",
    "delete_player",
    "drop_snapshot_states",
    "insert_game",
    "is_postgres",
    "mod_action",
    "open_store",
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
    "version_at",
]


async def open_store(target: Path | str) -> Store:
    """The store at ``target``: a ``postgresql://`` URL or an SQLite file path; migrated
    to the newest schema. :class:`~bot.store.failures.StoreRefused` for a target that names
    no store, or a store whose schema is newer than this code
    (:class:`~bot.store.failures.SchemaTooNew`)."""
    check_target(target)
    if is_postgres(target):
        return await PostgresStore.connect(str(target))
    return await SqliteStore.connect(target)


async def version_at(target: Path | str) -> int:
    """The schema version of the store at ``target`` as it is, without migrating it
    (0: a new file or an empty database)."""
    check_target(target)
    if is_postgres(target):
        return await PostgresStore.version_at(str(target))
    return await SqliteStore.version_at(target)
