"""kill -9 while games load (rebuilding broken snapshots) and leave memory: nothing is
lost, and every game still loads to exactly its full replay."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap

from bot.store.packing import pack
from tests.bot.stored_games import fresh_desk, play_games, replayed

CHURN = textwrap.dedent(
    """
    import asyncio, sys
    from bot.desk.service import Desk
    from bot.store import open_store

    async def main(path):
        store = await open_store(path)
        desk = Desk(store, idle_minutes=0.001)
        await desk.load()
        loads = 0
        while True:
            for table in list(desk.tables.values()):
                await desk.loaded(table)
                await desk.verify_some(1)
                desk.evict_idle(desk.clock() + 60)
                loads += 1
                print(loads, flush=True)

    asyncio.run(main(sys.argv[1]))
    """
)


def _break_snapshots(path):
    """Every newest snapshot stale (another schema): each load must rebuild and write."""
    with sqlite3.connect(path) as db:
        db.execute("UPDATE snapshot_states SET state = ?", (pack("quicksilver-state 0 0\n{}"),))


async def test_kill_9_mid_load_and_mid_eviction_loses_nothing(tmp_path):
    path = tmp_path / "k.sqlite3"
    store, desk = await fresh_desk(path)
    await play_games(desk, 6, 30)
    expected = {t.id: t.game.state.clone() for t in desk.tables.values()}
    await store.close()
    with sqlite3.connect(path) as db:
        counts = dict(db.execute("SELECT game_id, COUNT(*) FROM commands GROUP BY game_id"))
    for kill_after in (1, 3, 8):  # mid-way through rebuilding; after; in later rounds
        _break_snapshots(path)
        proc = subprocess.Popen(
            [sys.executable, "-c", CHURN, str(path)], stdout=subprocess.PIPE, text=True
        )
        assert proc.stdout is not None
        for line in proc.stdout:
            if int(line) > kill_after:
                break
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        store, desk = await fresh_desk(path)
        for table in desk.tables.values():
            await desk.loaded(table)
            assert table.game.state == expected[table.id] == replayed(path, table.id).state
            assert table.length == counts[table.id]
        await store.close()
