"""The store: numbered migrations, WAL, one transaction per command, nothing lost to kill -9."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap

import pytest

from bot.store import CommandRow, Store, append_command, migrations, update_game


async def test_migrations_are_numbered_and_run_once(tmp_path):
    numbers = [n for n, _ in migrations()]
    assert numbers == sorted(set(numbers)) and numbers[0] == 1
    store = await Store.open(tmp_path / "s.sqlite3")
    assert await store.schema_version() == numbers[-1]
    assert await store.migrate() == numbers[-1]
    await store.close()
    again = await Store.open(tmp_path / "s.sqlite3")
    assert await again.schema_version() == numbers[-1]
    await again.close()


async def test_a_failed_transaction_changes_nothing(tmp_path):
    store = await Store.open(tmp_path / "t.sqlite3")
    row = await store.create_game(1, 1, "qs", 3, 9, 0.0)
    with pytest.raises(sqlite3.IntegrityError):
        await store.commit(
            [
                append_command(row.id, CommandRow(0, "crew", "quick", 9, 0.0)),
                append_command(row.id, CommandRow(0, "crew", "dupe", 9, 0.0)),
                update_game(row.with_(status="playing")),
            ]
        )
    assert await store.commands(row.id) == []
    assert (await store.game(row.id)).status == "lobby"
    await store.close()


SCRIPT = textwrap.dedent(
    """
    import asyncio, sys
    from bot.store import CommandRow, Store, append_command, update_game

    async def main(path):
        store = await Store.open(path)
        row = await store.create_game(1, 1, "qs", 3, 9, 0.0)
        for seq in range(100000):
            command = CommandRow(seq, "crew", f"wait {seq}", 9, 0.0)
            await store.commit([append_command(row.id, command),
                                update_game(row.with_(phase_key=str(seq)))])
            print(seq, flush=True)

    asyncio.run(main(sys.argv[1]))
    """
)


async def test_kill_9_loses_no_committed_command(tmp_path):
    path = tmp_path / "k.sqlite3"
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, str(path)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=os.getcwd(),
    )
    assert proc.stdout is not None
    committed = -1
    for line in proc.stdout:
        committed = int(line)
        if committed >= 40:
            break
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    store = await Store.open(path)
    rows = await store.commands(1)
    assert len(rows) >= committed + 1
    assert [r.seq for r in rows] == list(range(len(rows)))
    game = await store.game(1)
    assert game is not None and int(game.phase_key) == len(rows) - 1
    await store.close()
