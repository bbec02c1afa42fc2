"""Memory changes only after the store has taken the change, on both backends.

A real store (SQLite, and the PostgreSQL server the tests start) fails at each await of
an operation in turn, as a database restarting under the bot does: the first await, the
second, … until the operation runs through. Each time the person is told the command was
not taken, the desk's memory equals what a fresh desk reads from the store, and the
stored log replays from its opening. The operations: a command (one that ends a phase,
whose bookkeeping reads the waits and the waiting people's settings, included), the end
of a phase, an undo, a moderator's rollback, a deadline ending a phase (and one moved by
a grace), the computer standing in for an away player, the game's own seat, and the start.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from bot.store import open_store
from tests.faults import SCENARIOS, Setting, mismatches


@pytest_asyncio.fixture
async def setting(store_target: str) -> AsyncIterator[Setting]:
    store = await open_store(store_target)
    yield Setting.on(store)
    await store.close()


@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
async def test_a_store_failing_at_each_await_changes_nothing_and_is_told(setting, scenario):
    await SCENARIOS[scenario](setting)
    tally = setting.tally
    assert tally.injected > 0
    assert tally.unanswered == []
    assert tally.mismatches == []
    assert tally.broken == []
    for table in setting.desk.tables.values():  # and the game reached its next position
        differs, broken = await mismatches(setting.desk, table)
        assert differs == [] and broken == []
