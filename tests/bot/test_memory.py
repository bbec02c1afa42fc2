"""The garbage collector's settle (bot/memory.py): what start-up and each hour leave
alive is frozen out of later collections, and cyclic garbage is still freed."""

from __future__ import annotations

import gc
import weakref

from bot.memory import SETTLE_EVERY, Settled, settle


class _Node:
    def __init__(self) -> None:
        self.other: _Node | None = None


def _garbage_cycle() -> weakref.ref[_Node]:
    a, b = _Node(), _Node()
    a.other, b.other = b, a
    return weakref.ref(a)


def test_settle_freezes_what_is_alive_out_of_later_collections() -> None:
    kept = [_Node() for _ in range(100)]
    try:
        settle(Settled(), 0.0)
        assert gc.get_freeze_count() >= len(kept)
        assert all(not any(o is k for o in gc.get_objects()) for k in kept[:3])
    finally:
        gc.unfreeze()


def test_settle_frees_a_cycle_made_garbage_while_frozen() -> None:
    """A cycle frozen while alive, dropped later, waits for the next settle (which
    unfreezes first), and not longer."""
    a, b = _Node(), _Node()
    a.other, b.other = b, a
    dead = weakref.ref(a)
    try:
        settle(Settled(), 0.0)
        del a, b
        gc.collect()
        assert dead() is not None  # frozen: the collections on their own skip it
        settle(Settled(), 1.0)
        assert dead() is None
    finally:
        gc.unfreeze()


def test_a_cycle_made_after_a_settle_is_collected_as_usual() -> None:
    try:
        settle(Settled(), 0.0)
        dead = _garbage_cycle()
        gc.collect()
        assert dead() is None
    finally:
        gc.unfreeze()


def test_the_clock_settles_hourly() -> None:
    record = Settled()
    assert record.due(0.0)
    settle(record, 100.0)
    gc.unfreeze()
    assert not record.due(100.0 + SETTLE_EVERY - 1)
    assert record.due(100.0 + SETTLE_EVERY)
    assert record.cpu_seconds >= 0.0
