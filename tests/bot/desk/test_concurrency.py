"""Commands on one channel are serialized; the desk stays consistent with its store."""

from __future__ import annotations

import asyncio

from bot.desk.service import Desk, Refusal, Seat
from bot.store import open_store
from engine.commands import parse
from engine.game import Game
from engine.state import Phase, Side


async def _started_desk(tmp_path):
    store = await open_store(tmp_path / "c.sqlite3")
    desk = Desk(store)
    table = await desk.create(1, 1, "qs", 10, seed=54)
    await desk.join(table, 20, Seat.ALIEN)
    await desk.join(table, 10, Seat.CREW)
    await desk.start(table, 10, False)
    await desk.play(table, 10, "quick")
    await desk.play(table, 20, "quick", in_dm=True)
    return store, desk, table


async def test_concurrent_commands_on_one_channel_are_serialized(tmp_path):
    store, desk, table = await _started_desk(tmp_path)
    await desk.play(table, 20, "pass", in_dm=True)
    assert table.game.state.phase is Phase.CREW
    units = table.units_of(10)
    results = await asyncio.gather(
        *(desk.play(table, 10, f"end {u}") for u in units), return_exceptions=True
    )
    assert not [r for r in results if isinstance(r, Exception) and not isinstance(r, Refusal)]
    stored = await store.commands(table.id)
    assert len(stored) == table.length
    assert [r.seq for r in stored] == list(range(len(stored)))
    lines = [(Side(r.side), parse(r.command)) for r in stored]
    assert Game.replay(table.row.seed, lines).state == table.game.state
    await store.close()


async def test_concurrent_presses_of_the_same_action_apply_once(tmp_path):
    store, desk, table = await _started_desk(tmp_path)
    results = await asyncio.gather(
        *(desk.play(table, 20, "pass", in_dm=True) for _ in range(5)), return_exceptions=True
    )
    applied = [r for r in results if not isinstance(r, Exception)]
    assert len(applied) == 1
    assert all(isinstance(r, Refusal) for r in results if isinstance(r, Exception))
    stored = await store.commands(table.id)
    assert len(stored) == table.length
    await store.close()


async def test_many_channels_side_by_side(tmp_path):
    store = await open_store(tmp_path / "m.sqlite3")
    desk = Desk(store)

    async def one(channel: int) -> None:
        table = await desk.create(channel, 1, f"c{channel}", 1000 + channel, seed=channel)
        await desk.join(table, 1000 + channel, Seat.ALIEN)
        await desk.join(table, 5, Seat.CREW)  # one person in every game
        await desk.start(table, 5, False)
        await desk.play(table, 5, "quick")
        await desk.play(table, 1000 + channel, "quick", in_dm=True)
        await desk.play(table, 1000 + channel, "pass", in_dm=True)

    await asyncio.gather(*(one(ch) for ch in range(1, 9)))
    assert len(desk.games_of(5)) == 8
    fresh = Desk(store)
    assert await fresh.load() == 8
    for table in fresh.tables.values():
        await fresh.loaded(table)
        assert table.game.state == desk.tables[table.id].game.state
    await store.close()
