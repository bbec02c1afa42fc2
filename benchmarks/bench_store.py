"""What a game costs the store: games of 300 commands played through the desk, as the
bot plays them (one transaction a command, phase snapshots, waits and marks; the games
at once, a command of each in turn), then the store's size on disk.

    .venv/bin/python benchmarks/bench_store.py [--games 8] [--commands 300]
    .venv/bin/python benchmarks/bench_store.py --start-server   # PostgreSQL too

Prints, for SQLite (the file after a checkpoint of its write-ahead log, less the empty
store's, per game) and with ``--start-server`` for PostgreSQL (the tables' and indexes'
size after VACUUM FULL, less the empty store's, per game: the rows each update left
behind are space autovacuum gives to later rows, not data kept):

    store: N KiB per game (sqlite, 300-command games)
      snapshots X KiB, commands X KiB, …            each table and its indexes, per game

The games are random players' (the engine's own, patient), with seeds whose game lasts
the commands asked for.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sqlite3
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.desk.service import Desk, Seat  # noqa: E402
from bot.store import open_store  # noqa: E402
from engine.commands import Command  # noqa: E402
from engine.dice import Rng  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.random_player import choose  # noqa: E402
from engine.setup import waiting_on  # noqa: E402
from engine.state import Phase, Side  # noqa: E402

ALIEN, CREW = 2, 1
KIB = 1024


def acting(game: Game) -> Side:
    if game.state.phase is Phase.SETUP:
        return waiting_on(game.state)[0]
    return Side.ALIEN if game.state.phase is Phase.ALIEN else Side.CREW


def script(seed: int, length: int) -> list[tuple[Side, Command]] | None:
    """The commands a random game of ``seed`` plays (None: it ends before ``length``)."""
    game, player = Game.new(seed), Rng(seed ^ 0x570)
    lines = []
    while len(lines) < length:
        if game.state.phase is Phase.OVER:
            return None
        side = acting(game)
        command = choose(game.state, side, game.ship, game.content, player, patient=True)
        assert command is not None
        game.play(side, command)
        lines.append((side, command))
    return lines


def scripts(games: int, length: int) -> list[tuple[int, list[tuple[Side, Command]]]]:
    found, seed = [], 0
    while len(found) < games:
        seed += 1
        lines = script(seed, length)
        if lines is not None:
            found.append((seed, lines))
    return found


async def play(target: str, games: list[tuple[int, list[tuple[Side, Command]]]]) -> None:
    """The games through the desk, each in its own channel, all at once as a bot plays
    them: one command of each game in turn."""
    store = await open_store(target)
    try:
        desk = Desk(store)
        tables = []
        for channel, (seed, _) in enumerate(games, start=1):
            table = await desk.create(channel, 1, f"c{channel}", CREW, seed=seed)
            await desk.join(table, ALIEN, Seat.ALIEN)
            await desk.join(table, CREW, Seat.CREW)
            await desk.start(table, CREW, False)
            tables.append(table)
        for step in range(max(len(lines) for _, lines in games)):
            for table, (_, lines) in zip(tables, games, strict=True):
                if step < len(lines):
                    side, command = lines[step]
                    user = ALIEN if side is Side.ALIEN else CREW
                    await desk.play(table, user, command, in_dm=True)
    finally:
        await store.close()


def sqlite_sizes(path: Path) -> tuple[int, dict[str, int]]:
    """The file's size (its write-ahead log checkpointed into it), and each table's
    pages with its indexes' (SQLite's dbstat)."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        tables = {}
        owners = dict(db.execute("SELECT name, tbl_name FROM sqlite_master WHERE rootpage > 0"))
        with contextlib.suppress(sqlite3.OperationalError):  # no dbstat: file size only
            for name, size in db.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name"):
                owner = owners.get(name, name)
                tables[owner] = tables.get(owner, 0) + int(size)
    return path.stat().st_size, tables


async def postgres_sizes(url: str) -> tuple[int, dict[str, int]]:
    import asyncpg

    con = await asyncpg.connect(url)
    try:
        await con.execute("VACUUM FULL")
        rows = await con.fetch(
            "SELECT relname, pg_total_relation_size(oid) AS size FROM pg_class "
            "WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace"
        )
    finally:
        await con.close()
    tables = {str(r["relname"]): int(r["size"]) for r in rows}
    return sum(tables.values()), tables


def report(backend: str, empty: tuple[int, dict[str, int]], full: tuple[int, dict[str, int]],
           games: int, length: int) -> None:  # fmt: skip
    total = (full[0] - empty[0]) / games / KIB
    print(f"store: {total:.0f} KiB per game ({backend}, {length}-command games)", flush=True)
    grown = {t: (size - empty[1].get(t, 0)) / games / KIB for t, size in full[1].items()}
    shown = sorted(((t, k) for t, k in grown.items() if k >= 0.05), key=lambda x: -x[1])
    print("  " + ", ".join(f"{t} {k:.1f} KiB" for t, k in shown), flush=True)


async def measure_postgres(url: str, games: list[tuple[int, list[tuple[Side, Command]]]],
                           length: int) -> None:  # fmt: skip
    store = await open_store(url)
    await store.close()
    empty = await postgres_sizes(url)
    await play(url, games)
    report("postgresql", empty, await postgres_sizes(url), len(games), length)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--commands", type=int, default=300)
    parser.add_argument(
        "--start-server", action="store_true", help="also on a throwaway PostgreSQL server"
    )
    args = parser.parse_args()
    games = scripts(args.games, args.commands)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "store.sqlite3"
        asyncio.run(_open_and_close(str(path)))
        empty = sqlite_sizes(path)
        begin, cpu = time.perf_counter(), time.process_time()
        asyncio.run(play(str(path), games))
        wall, cpu = time.perf_counter() - begin, time.process_time() - cpu
        report("sqlite", empty, sqlite_sizes(path), len(games), args.commands)
        commands = len(games) * args.commands
        print(
            f"  (played {commands:,} commands through the desk: {wall / commands * 1000:.1f} ms "
            f"wall, {cpu / commands * 1000:.1f} ms CPU a command)",
            flush=True,
        )
    if args.start_server:
        with _server() as url:
            asyncio.run(measure_postgres(url, games, args.commands))


async def _open_and_close(target: str) -> None:
    store = await open_store(target)
    await store.close()


@contextlib.contextmanager
def _server() -> Iterator[str]:
    from tests import pg_server

    with pg_server.start() as server:
        yield pg_server.create_database(server)


if __name__ == "__main__":
    main()
