"""Shard leases in the store (``shard_leases``): which process serves which shards, and
when it was last heard from (:mod:`bot.desk.leases` decides who may take one)."""

from __future__ import annotations

from bot.store.base import Store


async def held_leases(store: Store) -> list[tuple[int, int, str, float]]:
    """Every lease: (shard count, shard id, holder, last heartbeat)."""
    rows = await store._fetch(
        "SELECT shard_count, shard_id, holder, heartbeat_at FROM shard_leases "
        "ORDER BY shard_count, shard_id"
    )
    return [(int(r[0]), int(r[1]), str(r[2]), float(r[3])) for r in rows]


async def take_lease(
    store: Store, key: tuple[int, int], holder: str, seen: str | None, now: float
) -> bool:
    """Hold shard ``key`` for ``holder`` if it is free or still held by ``seen``
    (compare and swap: a process that claimed it meanwhile wins)."""
    taken = await store._write(
        [
            (
                "INSERT INTO shard_leases (shard_count, shard_id, holder, heartbeat_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (shard_count, shard_id) DO UPDATE SET "
                "holder = excluded.holder, heartbeat_at = excluded.heartbeat_at "
                "WHERE shard_leases.holder = ? RETURNING shard_id",
                (*key, holder, now, seen or ""),
            )
        ],
        None,
    )
    return taken is not None


async def renew_leases(store: Store, holder: str, now: float) -> bool:
    """Renew ``holder``'s leases; False if it holds none any more."""
    renewed = await store._write(
        [
            (
                "UPDATE shard_leases SET heartbeat_at = ? WHERE holder = ? RETURNING shard_id",
                (now, holder),
            )
        ],
        None,
    )
    return renewed is not None


async def drop_leases(store: Store, holder: str) -> None:
    await store.commit([("DELETE FROM shard_leases WHERE holder = ?", (holder,))])
