"""The bot under test runs on simcord's in-memory Discord, with a fresh database each test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.client.app import QuicksilverBot
from bot.desk import advisor, computer_seat
from engine.players.expert import Budget, SearchParams
from tests.bot import helpers


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The bot is discord.py's sharded client; on simcord it runs one shard unless a
    test says otherwise with its own ``simcord`` marker. Every test waits for the bot to
    settle as long as it takes (:data:`tests.bot.helpers.SETTLE_SECONDS`): simcord's
    own limit is wall-clock time, and a busy machine is no failure."""
    for item in items:
        if "simcord_env" not in getattr(item, "fixturenames", ()):
            continue
        own = item.get_closest_marker("simcord")
        options = {"shard_count": 1, **(own.kwargs if own else {})}
        options.setdefault("settle_timeout", helpers.SETTLE_SECONDS)
        item.add_marker(pytest.mark.simcord(**options), append=False)


@pytest.fixture(autouse=True)
def small_expert_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The expert searches a few rollouts, with no time limit, in the bot's tests: the
    same answers on a busy machine, and no simcord settle timeout (the play budget is
    measured by benchmarks/bench_players.py)."""
    small = SearchParams(budget=Budget(iterations=4))
    monkeypatch.setattr(computer_seat, "EXPERT", small)
    monkeypatch.setattr(advisor, "PARAMS", small)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "quicksilver.sqlite3"


@pytest_asyncio.fixture
async def simcord_bot(db_path: Path) -> AsyncIterator[QuicksilverBot]:
    """The bot; after simcord detaches it, its database connection is closed, so no
    aiosqlite worker thread outlives the test (one left open keeps pytest from exiting),
    and so is every bot :func:`tests.bot.helpers.restart` started in its place."""
    bot = QuicksilverBot(db_path, background=False)
    yield bot
    for started in (bot, *helpers.STARTED):
        await started.close()
    helpers.STARTED.clear()
