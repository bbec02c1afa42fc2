"""``quicksilver db migrate`` and ``quicksilver db copy``, against SQLite and a
real PostgreSQL server the tests start: a store moves from SQLite to PostgreSQL and back
with every row and every game's replay unchanged; a copy into a store that holds games
is refused and changes nothing; PostgreSQL hands out fresh ids after a copy."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from bot import store as st
from bot.cli.main import main
from bot.store import claims, open_store, waits
from bot.store import people as pp
from bot.store.copy import COPIED, LEFT_OUT, verify
from bot.store.schema import migrations
from tests.bot.stored_games import fresh_desk, play_games, replayed

NEWEST = migrations("sqlite")[-1][0]


def test_db_migrate_brings_a_new_store_to_the_newest_schema_and_says_so(store_target, capsys):
    assert main(["db", "migrate", "--db", store_target]) == 0
    assert f"schema version {NEWEST} (migrated from version 0)" in capsys.readouterr().out
    assert main(["db", "migrate", "--db", store_target]) == 0
    assert f"schema version {NEWEST} (already up to date)" in capsys.readouterr().out


def test_db_migrate_upgrades_an_older_sqlite_store_named_by_quicksilver_db(
    tmp_path, monkeypatch, capsys
):
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        for number, sql in migrations("sqlite")[:2]:
            db.executescript(sql)
            db.execute(f"PRAGMA user_version = {number}")
    monkeypatch.setenv("QUICKSILVER_DB", str(path))
    assert main(["db", "migrate"]) == 0
    assert f"schema version {NEWEST} (migrated from version 2)" in capsys.readouterr().out
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == NEWEST


def test_db_migrate_of_an_unreachable_server_is_a_clear_error(capsys):
    url = "postgresql://nobody:secret@127.0.0.1:1/nothing"
    assert main(["db", "migrate", "--db", url]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: cannot migrate postgresql://nobody@127.0.0.1:1/nothing")
    assert "secret" not in err


async def _played(path: Path) -> None:
    """Real games played through the desk, and every other table with rows."""
    store, desk = await fresh_desk(path)
    await play_games(desk, 4, 60)
    lobby = await desk.create(99, 1, "c99", 5, seed=3)
    await store.commit(
        [
            st.set_mod_role(1, 77),
            st.mod_action(lobby.id, 99, 5, "replace crew", 1.5),
            st.mod_action(None, 98, 5, "abort", 2.5),
            # the player as a person: a row in each of its tables
            pp.put_settings(
                pp.Settings(10, notify="dm", time_zone="Europe/Berlin", quiet_from=1380)
            ),
            waits.put_wait(waits.Wait(lobby.id, 77, "crew", 0, 1.0, remind_at=2.0)),
            pp.hold_ping(10, 1, "reminder", 3.0, 4.0),
            pp.open_seating(lobby.id, 77, "crew", 1.0, "sub"),
            pp.put_mark(lobby.id, 0, 77, "crew", "grace", 1, 2.0),
            pp.put_result(2, 5.0, 9, 12, "marginal-human", "crew"),
            pp.open_call(3, 20, "alien", "asked", 6.0),
            st.add_takeback(1, 4, 10, "move"),
            # fair play (migration 13): a claim of a stale game
            claims.put_claim(claims.Claim(4, "alien", 20, 12, 7.0, 8.0)),
            ("INSERT INTO forgotten (at) VALUES (?)", (7.0,)),  # someone /me forget made anonymous
        ]
    )
    await store.close()


def _rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    with sqlite3.connect(path) as db:
        return {
            t: db.execute(f"SELECT * FROM {t} ORDER BY {k}").fetchall() for t, k in COPIED.items()
        }


def test_db_copy_sqlite_to_postgresql_and_back_keeps_every_row_and_replay(tmp_path, pg_url, capsys):
    original, back = tmp_path / "original.sqlite3", tmp_path / "back.sqlite3"
    asyncio.run(_played(original))
    rows = _rows(original)
    games, commands = len(rows["games"]), len(rows["commands"])
    assert games == 5 and commands > 200 and all(rows.values())

    assert main(["db", "copy", str(original), pg_url]) == 0
    summary = f"copied {games} games, {commands} commands; every game replays identically"
    assert summary in capsys.readouterr().out
    assert main(["db", "copy", pg_url, str(back)]) == 0
    assert summary in capsys.readouterr().out

    assert _rows(back) == rows
    for game_id, *_ in rows["games"]:
        assert replayed(back, game_id).state == replayed(original, game_id).state


async def _tamper(pg_url: str) -> None:
    store = await open_store(pg_url)
    await store.commit([("DELETE FROM commands WHERE game_id = 2 AND seq = 0", ())])
    await store.close()


async def _verify(source: Path, pg_url: str) -> list[str]:
    src, dst = await open_store(source), await open_store(pg_url)
    report = await verify(src, dst)
    await src.close()
    await dst.close()
    return report.problems


def test_the_copy_check_finds_a_game_that_no_longer_replays_the_same(tmp_path, pg_url, capsys):
    original = tmp_path / "original.sqlite3"
    asyncio.run(_played(original))
    assert main(["db", "copy", str(original), pg_url]) == 0
    asyncio.run(_tamper(pg_url))
    problems = asyncio.run(_verify(original, pg_url))
    assert problems == [
        "commands: 240 rows in the source, 239 copied",
        "commands: rows differ (games 1 to 5)",
        "game 2 replays differently after the copy",
    ]


async def _counts(target: str) -> dict[str, int]:
    store = await open_store(target)
    found = {t: len(await store._fetch(f"SELECT * FROM {t}")) for t in COPIED}
    await store.close()
    return found


def test_db_copy_into_a_store_with_games_is_refused_and_changes_nothing(tmp_path, pg_url, capsys):
    original = tmp_path / "original.sqlite3"
    asyncio.run(_played(original))
    held = tmp_path / "held.sqlite3"

    async def one_game(target: str) -> None:
        store = await open_store(target)
        await store.create_game(7, 1, "seven", 7, 5, 0.0)
        await store.close()

    for target in (str(held), pg_url):
        asyncio.run(one_game(target))
        before = asyncio.run(_counts(target))
        assert main(["db", "copy", str(original), target]) == 1
        err = capsys.readouterr().err
        assert "the destination already holds rows (games 1)" in err
        assert "nothing was changed" in err
        assert asyncio.run(_counts(target)) == before


async def _new_rows_after_copy(target: str) -> tuple[int, list[int]]:
    store = await open_store(target)
    row = await store.create_game(500, 1, "new", 11, 5, 9.0)
    await store.commit(
        [st.add_takeback(row.id, 0, 5, "move"), st.mod_action(row.id, 500, 5, "x", 9.5)]
    )
    ids = [int(r["id"]) for r in await store._fetch("SELECT id FROM games ORDER BY id")]
    await store.close()
    return row.id, ids


def test_a_game_created_after_a_copy_gets_a_fresh_id(tmp_path, store_target):
    """On PostgreSQL the copy moves the identity sequences past the copied ids."""
    original = tmp_path / "original.sqlite3"
    asyncio.run(_played(original))
    assert main(["db", "copy", str(original), store_target]) == 0
    new_id, ids = asyncio.run(_new_rows_after_copy(store_target))
    assert new_id == max(ids[:-1]) + 1 == 6


async def _tables(target: str) -> set[str]:
    store = await open_store(target)
    found = set(await store.tables())
    await store.close()
    return found


def test_the_copy_covers_every_table_of_both_schemas(store_target):
    assert asyncio.run(_tables(store_target)) - set(LEFT_OUT) == set(COPIED)


def test_db_copy_of_a_missing_store_is_a_clear_error(tmp_path, capsys):
    assert main(["db", "copy", str(tmp_path / "none.sqlite3"), str(tmp_path / "b")]) == 1
    assert "error: no store at" in capsys.readouterr().err
    assert not (tmp_path / "b").exists()
