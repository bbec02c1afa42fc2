"""Migration 11 on both backends: a store's public lines were English sentences, one an
event; the log is now the commands' replay, so the event lines go and each crew
take-back ("<@id> takes back `verb`.") becomes who took back which command."""

from __future__ import annotations

import pytest

from bot.store import Takeback, open_store
from bot.store import base as store_base
from bot.store import postgres as store_postgres
from bot.store import sqlite as store_sqlite

V10_GAME = (
    "INSERT INTO games (id, channel_id, guild_id, channel_name, seed, created_by, created_at) "
    "VALUES (1, 100, 1, 'c1', 5, 10, 0.0)"
)
V10_LINE = "INSERT INTO public_lines (game_id, seq, summary, text) VALUES (?, ?, ?, ?)"


@pytest.fixture
def version_10(monkeypatch: pytest.MonkeyPatch):
    """While in force, stores are opened (and migrated) up to version 10 only."""
    real = store_base.migrations

    def up_to_10(backend: str) -> list[tuple[int, str]]:
        return [(n, sql) for n, sql in real(backend) if n <= 10]

    for module in (store_base, store_sqlite, store_postgres):
        monkeypatch.setattr(module, "migrations", up_to_10)
    return monkeypatch


async def test_migration_11_keeps_the_take_backs_and_drops_the_event_lines(
    store_target, version_10
):
    old = await open_store(store_target)
    assert await old.schema_version() == 10
    await old.commit(
        [
            (V10_GAME, ()),
            (V10_LINE, (1, 0, 1, "Hyun moves from 1-F6 to 1-F7 (1 action).")),
            (V10_LINE, (1, 1, 0, "<@123456789012345678> takes back `search`.")),
            (V10_LINE, (1, 1, 1, "The alien vanishes into the pipes.")),
            (V10_LINE, (1, 3, 0, "<@42> takes back `move`.")),
        ]
    )
    await old.close()
    version_10.undo()
    store = await open_store(store_target)
    assert await store.schema_version() >= 11
    assert await store.takebacks(1) == [
        Takeback(1, 123456789012345678, "search"),
        Takeback(3, 42, "move"),
    ]
    assert "summary" not in await store.columns("public_lines")
    await store.close()
