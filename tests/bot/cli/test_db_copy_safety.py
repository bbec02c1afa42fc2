"""``quicksilver db copy`` when things are not tidy: a source that is being
written during the copy is copied as one consistent snapshot, on both backends; a copy
that fails, or whose check finds a difference, leaves nothing behind, so a retry runs."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot import store as st
from bot.cli.main import main
from bot.store import Store, open_store
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore
from tests.bot.cli.test_db_cmd import _counts, _played


class Writer(threading.Thread):
    """Another process's writes to ``target``, one small transaction after another
    (a moderator's line, a new lobby), until told to stop."""

    def __init__(self, target: str) -> None:
        super().__init__(daemon=True)
        self.target, self.stop, self.commits = target, threading.Event(), 0
        self.wrote, self.ended = threading.Condition(), False

    def run(self) -> None:
        try:
            asyncio.run(self._write())
        finally:  # a writer that failed wakes whoever waits on it
            with self.wrote:
                self.ended = True
                self.wrote.notify_all()

    async def _write(self) -> None:
        store = await open_store(self.target)
        try:
            while not self.stop.is_set():
                game = await store.create_game(1000 + self.commits, 1, "new", 3, 5, 1.0)
                await store.commit([st.mod_action(game.id, 1000, 5, "write", 2.0)])
                with self.wrote:
                    self.commits += 1
                    self.wrote.notify_all()
                await asyncio.sleep(0)  # let the copy's thread in
        finally:
            await store.close()

    def another_commit(self) -> None:
        """Block until the writer commits once more after now (no clock: an event)."""
        with self.wrote:
            target = self.commits + 1
            self.wrote.wait_for(lambda: self.commits >= target or self.ended)


def _copy_while_written(
    source: str, destination: str, monkeypatch: pytest.MonkeyPatch
) -> tuple[int, int, int]:
    """The copy, with the writer committing while the copy's snapshot is open: each
    snapshot (Store.reading) waits for one more of the writer's commits before reading,
    so writes land during the copy however busy the machine is."""
    writer = Writer(source)
    writer.start()
    writer.another_commit()
    for backend in (SqliteStore, PostgresStore):
        monkeypatch.setattr(backend, "reading", _waiting(backend.reading, writer))
    before = writer.commits
    code = main(["db", "copy", source, destination])
    during = writer.commits - before
    writer.stop.set()
    writer.join()
    return code, during, writer.commits


def _waiting(reading: Any, writer: Writer) -> Any:
    @contextlib.asynccontextmanager
    async def wrapped(store: Store) -> AsyncIterator[None]:
        async with reading(store):
            await asyncio.to_thread(writer.another_commit)
            yield

    return wrapped


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_a_copy_of_a_store_being_written_is_one_consistent_snapshot(
    backend, tmp_path, request, capsys, monkeypatch
):
    """SQLite: one read transaction; PostgreSQL: one REPEATABLE READ transaction. Without
    them the check reads a store that moved on since the copy and fails."""
    played = tmp_path / "live.sqlite3"
    asyncio.run(_played(played))
    source, destination = str(played), str(tmp_path / "to.sqlite3")
    if backend == "postgres":  # the same store, copied to PostgreSQL first
        source = request.getfixturevalue("pg_url")
        assert main(["db", "copy", str(played), source]) == 0
    capsys.readouterr()
    code, during, _ = _copy_while_written(source, destination, monkeypatch)
    out, err = capsys.readouterr()
    assert during > 0, "the writer did not write during the copy"
    assert code == 0, err
    assert "every game replays identically" in out
    copied = asyncio.run(_counts(destination))
    new_games, new_lines = copied["games"] - 5, copied["mod_actions"] - 2
    assert new_games > 0 and new_games - new_lines in (0, 1)  # the writer's own order


def _orphan(path: Path, game_id: int) -> None:
    """A seat row whose game is gone (written with the foreign keys off)."""
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA foreign_keys = OFF")
        if game_id < 100:
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))
        db.execute(
            "INSERT INTO players (game_id, user_id, seat, units, dm_ok, joined_at) "
            "VALUES (?, 4242, 'crew', '', 1, 0.0)",
            (game_id,),
        )


def _tidy(path: Path) -> None:
    """Every row of a game that is gone, deleted."""
    with sqlite3.connect(path) as db:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        for table in tables:
            columns = {r[1] for r in db.execute(f"PRAGMA table_info({table})")}
            if "game_id" in columns:
                db.execute(f"DELETE FROM {table} WHERE game_id NOT IN (SELECT id FROM games)")


def test_a_failed_copy_leaves_nothing_behind_and_a_retry_runs(tmp_path, store_target, capsys):
    """A row the destination refuses (a seat of a deleted game) fails the load: a new
    SQLite file is removed again, a PostgreSQL database keeps no row."""
    source = tmp_path / "source.sqlite3"
    asyncio.run(_played(source))
    _orphan(source, 3)
    assert main(["db", "copy", str(source), store_target]) == 1
    assert "FOREIGN KEY" in capsys.readouterr().err.upper()
    _assert_left_empty(store_target)
    _tidy(source)
    assert main(["db", "copy", str(source), store_target]) == 0


def test_a_copy_whose_check_finds_a_difference_is_undone(tmp_path, store_target, capsys):
    """A seat of a game that never existed is not copied (the copy goes game by game):
    the check counts it missing, the copy is undone, and a retry runs once it is fixed."""
    source = tmp_path / "source.sqlite3"
    asyncio.run(_played(source))
    _orphan(source, 999)
    assert main(["db", "copy", str(source), store_target]) == 1
    err = capsys.readouterr().err
    assert "the copy differs from its source" in err and "players" in err
    _assert_left_empty(store_target)
    _tidy(source)
    assert main(["db", "copy", str(source), store_target]) == 0


def _assert_left_empty(target: str) -> None:
    if target.startswith("postgresql://"):
        assert set(asyncio.run(_counts(target)).values()) == {0}
    else:
        assert not Path(target).exists() and not Path(f"{target}-wal").exists()
