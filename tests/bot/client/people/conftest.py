"""The bot with a clock the tests set: commands and ticks read the same
explicit time, so quiet hours, absences, grace and pauses are driven without sleeping."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
import pytest_asyncio

from bot.client.app import QuicksilverBot

START = datetime(2026, 1, 5, 12, 0, tzinfo=UTC).timestamp()  # a Monday noon, UTC


class Clock:
    """Now, as the test says."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def at(self, when: float) -> float:
        self.now = when
        return when


@pytest.fixture
def clock() -> Clock:
    return Clock(START)


@pytest.fixture(autouse=True)
def no_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUICKSILVER_AI_PACE", "0")  # the computer answers at once


@pytest_asyncio.fixture
async def simcord_bot(db_path: Path, clock: Clock) -> AsyncIterator[QuicksilverBot]:
    bot = QuicksilverBot(db_path, background=False, clock=clock)
    yield bot
    await bot.close()
