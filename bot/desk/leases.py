"""Shard leases: at most one live process serves each shard.

A process claims its shards at start-up and renews them every
``HEARTBEAT_SECONDS``. A second process claiming a shard that is held and alive is
refused with :class:`ShardsTaken` (a misconfigured ``QUICKSILVER_SHARDS``), before it
touches any game. A lease is free again when its holder stops cleanly, when its
heartbeat is older than ``LEASE_SECONDS``, or at once when its holder was a process on
this machine that no longer exists (a restart after ``kill -9``).
"""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass

from bot.desk.shards import ShardSpec
from bot.store import Store
from bot.store.leases import drop_leases, held_leases, renew_leases, take_lease

LEASE_SECONDS = 120.0
HEARTBEAT_SECONDS = 30.0


class ShardsTaken(RuntimeError):
    """Another live process serves (some of) these shards; the message names it."""


@dataclass(frozen=True, slots=True)
class Lease:
    count: int
    shard: int
    holder: str
    heartbeat_at: float


def this_process() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def _gone(holder: str) -> bool:
    """Whether ``holder`` was a process on this machine that no longer runs."""
    host, _, pid = holder.rpartition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


def _blocks(lease: Lease | None, holder: str, now: float) -> bool:
    if lease is None or lease.holder == holder:
        return False
    return now - lease.heartbeat_at < LEASE_SECONDS and not _gone(lease.holder)


async def claim(store: Store, spec: ShardSpec, holder: str, now: float) -> None:
    """Hold every shard of ``spec`` for ``holder``, or hold none and raise ShardsTaken."""
    held = {(lease.count, lease.shard): lease for lease in await leases(store)}
    overlapping = [
        lease for lease in held.values() if _overlaps(lease, spec) and _blocks(lease, holder, now)
    ]
    if overlapping:
        raise ShardsTaken(_refusal(overlapping, spec, now))
    for key in spec.lease_keys():
        seen = held.get(key)
        if not await take_lease(store, key, holder, seen.holder if seen else None, now):
            await release(store, holder)
            raise ShardsTaken(
                f"Another process claimed shard {key[1]} of {key[0]} at the same moment."
            )


def _overlaps(lease: Lease, spec: ShardSpec) -> bool:
    """Whether a held lease covers shards this spec wants (a whole-bot lease, or the
    same shard under the same count, or a whole-bot spec against any lease)."""
    if lease.count == 0 or spec.everywhere:
        return True
    return lease.count == spec.count and lease.shard in spec.ids


def _refusal(found: list[Lease], spec: ShardSpec, now: float) -> str:
    who = ", ".join(
        f"{'every shard' if lease.count == 0 else f'shard {lease.shard} of {lease.count}'} "
        f"by {lease.holder} (heard from {now - lease.heartbeat_at:.0f} s ago)"
        for lease in found
    )
    return (
        f"This process was to serve {spec.describe()}, but another live process serves "
        f"{who}. Give each process its own QUICKSILVER_SHARDS range (same COUNT for all), "
        f"or stop the other one. Nothing was changed."
    )


async def heartbeat(store: Store, holder: str, now: float) -> bool:
    """Renew ``holder``'s leases; False if it holds none any more."""
    return await renew_leases(store, holder, now)


async def release(store: Store, holder: str) -> None:
    await drop_leases(store, holder)


async def leases(store: Store) -> list[Lease]:
    return [Lease(*row) for row in await held_leases(store)]
