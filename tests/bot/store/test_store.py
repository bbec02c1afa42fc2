"""The store's contract, on both backends (SQLite, and a real PostgreSQL server the
tests start): numbered migrations, every operation, one transaction per command, the
per-game guard that serialises writers across processes, nothing lost to kill -9."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap

import pytest

from bot import store as st
from bot.store import CommandRow, Guard, PlayerRow, SnapshotRow, StaleGame, Takeback, open_store
from bot.store.schema import migrations


def test_both_backends_have_the_same_numbered_migrations():
    sqlite = [n for n, _ in migrations("sqlite")]
    postgres = [n for n, _ in migrations("postgres")]
    assert sqlite == sorted(set(sqlite)) and sqlite[0] == 1
    assert postgres == sqlite


async def test_migrations_are_numbered_and_run_once(store_target):
    newest = migrations("sqlite")[-1][0]
    store = await open_store(store_target)
    assert await store.schema_version() == newest
    assert await store.migrate() == newest
    await store.close()
    again = await open_store(store_target)
    assert await again.schema_version() == newest
    await again.close()


async def test_a_failed_transaction_changes_nothing(store_target):
    store = await open_store(store_target)
    row = await store.create_game(1, 1, "qs", 3, 9, 0.0)
    with pytest.raises(Exception, match=r"(?i)unique"):
        await store.commit(
            [
                st.append_command(row.id, CommandRow(0, "crew", "quick", 9, 0.0)),
                st.append_command(row.id, CommandRow(0, "crew", "dupe", 9, 0.0)),
                st.update_game(row.with_(status="playing")),
            ]
        )
    assert await store.commands(row.id) == []
    assert (await store.game(row.id)).status == "lobby"
    await store.close()


async def test_every_operation_reads_back_what_it_wrote(store_target):
    store = await open_store(store_target)
    big = 1_234_567_890_123_456_789  # Discord ids are 64-bit
    row = await store.create_game(big, big + 1, "qs", 2**31 - 1, big + 2, 10.5)
    other = await store.create_game(7, None, "other", 5, 9, 11.0)
    assert (row.id, other.id) == (1, 2)
    alice = PlayerRow(big + 3, "crew", ("ortiz", "kim"), True, 12.0)
    await store.commit(
        [
            st.put_player(row.id, alice),
            st.put_player(row.id, PlayerRow(44, "alien", (), False, 13.0)),
            st.update_game(row.with_(status="playing", phase_key="1:3a", deadline_at=99.0)),
            st.append_command(row.id, CommandRow(0, "crew", "quick", big + 3, 14.0)),
            st.append_command(row.id, CommandRow(1, "alien", "quick", None, 15.0)),
            *st.put_newest_snapshot(row.id, SnapshotRow(2, 1, "3a", 16.0, "state-2")),
            st.add_takeback(row.id, 0, big + 3, "move"),
            st.add_takeback(row.id, 1, big + 3, "search"),
            st.set_mod_role(big + 1, 77),
            st.mod_action(row.id, big, 5, "replace crew", 17.0),
        ]
    )
    await store.commit([st.put_player(row.id, alice.__class__(big + 3, "crew", ("kim",)))])
    await store.commit([st.set_mod_role(big + 1, 78)])
    game = await store.game(row.id)
    assert game is not None and (game.status, game.phase_key, game.deadline_at) == (
        "playing",
        "1:3a",
        99.0,
    )
    assert (game.channel_id, game.guild_id, game.seed) == (big, big + 1, 2**31 - 1)
    assert [g.id for g in await store.current_games()] == [row.id, other.id]
    seats = {p.user_id: p for p in (await store.current_players())[row.id]}
    assert seats[big + 3].units == ("kim",) and seats[44].dm_ok is False
    assert [(c.seq, c.user_id) for c in await store.commands(row.id)] == [(0, big + 3), (1, None)]
    assert [c.seq for c in await store.commands(row.id, 1)] == [1]
    newest = await store.snapshots(row.id, newest=True)
    assert newest == [SnapshotRow(2, 1, "3a", 16.0, "state-2")]
    assert await store.takebacks(row.id) == [
        Takeback(0, big + 3, "move"),
        Takeback(1, big + 3, "search"),
    ]
    assert await store.takebacks(other.id) == []
    assert await store.games_due(100.0) == [row.id] and await store.games_due(50.0) == []
    assert await store.mod_role(big + 1) == 78 and await store.mod_role(3) is None
    assert await store.mod_actions(big) == ["replace crew"]
    await store.commit([st.truncate_commands(row.id, 1), st.truncate_public_lines(row.id, 1)])
    assert len(await store.commands(row.id)) == 1
    assert await store.takebacks(row.id) == [Takeback(0, big + 3, "move")]
    await store.commit([st.delete_game(row.id)])
    assert await store.game(row.id) is None and await store.players(row.id) == []
    assert await store.commands(row.id) == [] and await store.snapshots(row.id) == []
    await store.close()


async def test_the_clock_looks_at_games_with_a_deadline_passed_or_a_side_the_game_plays(
    store_target,
):
    """Reminders are each player's own (tests/bot/store/test_people_store.py)."""
    store = await open_store(store_target)
    row = await store.create_game(1, 1, "qs", 3, 9, 0.0)
    played = await store.create_game(2, 1, "qs", 3, 9, 0.0)
    await store.commit(
        [
            st.update_game(row.with_(status="playing", deadline_at=100.0, remind_hours=1.0)),
            st.update_game(played.with_(status="playing", computer="alien:easy")),
        ]
    )
    assert await store.games_due(99.0) == [played.id]
    assert await store.games_due(100.0) == [row.id, played.id]
    await store.close()


async def test_a_guarded_commit_from_a_stale_copy_is_refused_and_writes_nothing(store_target):
    """Two processes' stores on one database: the second writer of the same version is
    refused with StaleGame and none of its statements land."""
    first = await open_store(store_target)
    second = await open_store(store_target)
    row = await first.create_game(1, 1, "qs", 3, 9, 0.0)
    assert await first.game_version(row.id) == 0
    await first.commit(
        [st.append_command(row.id, CommandRow(0, "crew", "a", 9, 0.0))], Guard(row.id, 0)
    )
    with pytest.raises(StaleGame):
        await second.commit(
            [st.append_command(row.id, CommandRow(1, "crew", "b", 9, 0.0))], Guard(row.id, 0)
        )
    assert [c.command for c in await second.commands(row.id)] == ["a"]
    assert await second.game_version(row.id) == 1
    await second.commit(
        [st.append_command(row.id, CommandRow(1, "crew", "b", 9, 0.0))], Guard(row.id, 1)
    )
    assert [c.command for c in await first.commands(row.id)] == ["a", "b"]
    with pytest.raises(StaleGame):
        await first.commit([], Guard(404, 0))  # a game that is gone
    await first.close()
    await second.close()


async def test_racing_writers_to_one_game_commit_one_at_a_time(store_target):
    """Eight writers race for each of twenty versions: exactly one wins each round, and
    the log has no gap and no duplicate."""
    stores = [await open_store(store_target) for _ in range(2)]
    row = await stores[0].create_game(1, 1, "qs", 3, 9, 0.0)
    for version in range(20):

        async def write(n: int, version: int = version) -> bool:
            command = CommandRow(version, "crew", f"w{n}", n, 0.0)
            try:
                await stores[n % 2].commit(
                    [st.append_command(row.id, command)], Guard(row.id, version)
                )
            except StaleGame:
                return False
            return True

        wins = await asyncio.gather(*(write(n) for n in range(8)))
        assert sum(wins) == 1
    assert [c.seq for c in await stores[1].commands(row.id)] == list(range(20))
    assert await stores[0].game_version(row.id) == 20
    for store in stores:
        await store.close()


SCRIPT = textwrap.dedent(
    """
    import asyncio, sys
    from bot.store import CommandRow, Guard, append_command, open_store, update_game

    async def main(target):
        store = await open_store(target)
        row = await store.create_game(1, 1, "qs", 3, 9, 0.0)
        for seq in range(100000):
            command = CommandRow(seq, "crew", f"wait {seq}", 9, 0.0)
            await store.commit([append_command(row.id, command),
                                update_game(row.with_(phase_key=str(seq)))], Guard(row.id, seq))
            print(seq, flush=True)

    asyncio.run(main(sys.argv[1]))
    """
)


async def test_kill_9_of_a_writer_loses_no_committed_command(store_target):
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, store_target],
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
    store = await open_store(store_target)
    rows = await store.commands(1)
    assert len(rows) >= committed + 1
    assert [r.seq for r in rows] == list(range(len(rows)))
    game = await store.game(1)
    assert game is not None and int(game.phase_key) == len(rows) - 1 == game.version - 1
    await store.close()
