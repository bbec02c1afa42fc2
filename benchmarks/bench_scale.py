"""Many stored games in one process: start-up, a cold game's first command, memory, undo.

    .venv/bin/python benchmarks/bench_scale.py [--games 10000]
    .venv/bin/python benchmarks/bench_scale.py --db postgresql://… | --start-server

Builds (once, cached under benchmarks/.cache keyed by the code version) a database of N
mid-game games of ~300 commands, written with the project's store in one transaction.
The games are played by random players (the engine's legal commands); to build fast, N
stored games share a few hundred distinct played games (same seed and commands, each in
its own channel with its own rows). The measurements run in a fresh process on a copy:

    ready after start: X s                      store opened, desk built, games indexed
    first command on a cold game p99: X ms     load from snapshot + play + commit
    rss with 10,000 games loaded: X MiB        every game in memory at once
    undo at 3,000 commands: X ms               median of 20 undos in a 3,000-command game
    full garbage collection with 10,000 games loaded: X ms CPU; after the bot's settle: X
                                               the pause a collection walking everything
                                               costs, and once the bot's hourly settle
                                               (bot.memory) froze what is loaded
    ready from process spawn: X s wall, X s CPU, … (importing bot.client.app X s CPU)
                                               a new process, as the bot starts: its
                                               imports, the store opened, the games
                                               indexed; bytecode cached, and not
    store: N KiB per game (…)                  this database's file, per game (written
                                               in one transaction: benchmarks/bench_store.py
                                               plays games as the bot writes them)

With ``--db postgresql://…`` the same figures are measured on PostgreSQL: the cached
SQLite database is copied into that database (which must be empty, and is written to by
the measurements) with ``quicksilver db copy``'s copy, checked, then measured in a fresh
process. ``--start-server`` does that on a throwaway server it starts and stops (the
distribution's PostgreSQL binaries, as the tests do).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import hashlib
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot import store as st  # noqa: E402
from bot.desk import loading  # noqa: E402
from bot.desk.service import Desk, Seat  # noqa: E402
from bot.memory import Settled, settle  # noqa: E402
from bot.store import CommandRow, GameRow, PlayerRow, Store, is_postgres, open_store  # noqa: E402
from bot.store.copy import copy_store  # noqa: E402
from engine.commands import Command, Move  # noqa: E402
from engine.dice import Rng  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.legal import legal_commands  # noqa: E402
from engine.random_player import choose  # noqa: E402
from engine.setup import waiting_on  # noqa: E402
from engine.state import Phase, Side  # noqa: E402

COMMANDS = 300  # per stored game
LONG = 3000  # the undo game
TEMPLATES = 200  # distinct played games at most
SAMPLES = 300  # cold games timed
ALIEN_USER, CREW_USER = 1, 2
CACHE = ROOT / "benchmarks" / ".cache"


@dataclass
class Played:
    """One random game: its seed, its stored rows and the command that comes next."""

    seed: int
    statements: list[st.Statement]  # with game id 0: replaced per stored game
    next_side: Side
    next_command: Command


def acting(game: Game) -> Side:
    if game.state.phase is Phase.SETUP:
        return waiting_on(game.state)[0]
    return Side.ALIEN if game.state.phase is Phase.ALIEN else Side.CREW


def undoable_move(game: Game) -> Command | None:
    """A crew move that takes back cleanly: no die, nothing revealed, same phase."""
    if acting(game) is not Side.CREW or game.state.phase is not Phase.CREW:
        return None
    for command in legal_commands(game.state, Side.CREW, game.ship, game.content):
        if not isinstance(command, Move):
            continue
        trial = Game(game.seed, game.ship, game.content, game.state.clone())
        trial.play(Side.CREW, command)
        if trial.can_undo(Side.CREW) is None and trial.state.phase is Phase.CREW:
            return command
    return None


def play(seed: int, length: int, *, undoable_end: bool = False) -> Played | None:
    """A random game of ``length`` commands still in progress (None if it ended), and
    the command that comes next (for the undo game: a crew move that can be undone)."""
    game, player = Game.new(seed), Rng(seed ^ 0x5CA1E)
    rows: list[st.Statement] = []
    newest = None
    while True:
        side = acting(game)
        if game.length >= length:
            nxt = undoable_move(game) if undoable_end else None
            if nxt is not None or not undoable_end:
                command = nxt or choose(game.state, side, game.ship, game.content, player)
                assert command is not None
                if newest is not None:  # what the phases' writes leave: the newest state
                    rows.append(st.set_snapshot_state(0, newest.seq, newest.state))
                return Played(seed, rows, side if not undoable_end else Side.CREW, command)
        command = choose(game.state, side, game.ship, game.content, player, patient=True)
        assert command is not None
        before = (game.state.turn, game.state.phase)
        seq = game.length
        game.play(side, command)
        if game.state.phase is Phase.OVER:
            return None
        user = ALIEN_USER if side is Side.ALIEN else CREW_USER
        rows.append(st.append_command(0, CommandRow(seq, side.value, command.notation(), user, 0)))
        if (game.state.turn, game.state.phase) != before:
            newest = loading.snapshot_row(game.state, game.length, 0.0)
            rows += st.put_snapshot(0, replace(newest, state=None))
            game.rebase(newest.state)


def for_game(game_id: int, statements: list[st.Statement]) -> list[st.Statement]:
    """The template's statements with its game id filled in (always the first value)."""
    return [(sql, (game_id, *params[1:])) for sql, params in statements]


def game_row(game_id: int, seed: int, phase_key: str) -> GameRow:
    return GameRow(
        game_id, 10_000 + game_id, 1 + game_id % 50, f"table-{game_id}", seed, "playing",
        CREW_USER, 0.0, phase_key, time.time(),
    )  # fmt: skip


def seats(game_id: int) -> list[st.Statement]:
    return [
        st.put_player(game_id, PlayerRow(ALIEN_USER, Seat.ALIEN.value, (), True, 0.0)),
        st.put_player(game_id, PlayerRow(CREW_USER, Seat.CREW.value, (), True, 1.0)),
    ]


async def build(path: Path, games: int) -> None:
    """Write ``games`` stored games (and one long game, id games + 1) in one transaction."""
    templates: list[Played] = []
    seed = 0
    while len(templates) < min(games, TEMPLATES):
        seed += 1
        found = play(seed, COMMANDS)
        if found is not None:
            templates.append(found)
    long = None
    while long is None:
        seed += 1
        long = play(seed, LONG, undoable_end=True)
    statements: list[st.Statement] = []
    for game_id in range(1, games + 2):
        played = long if game_id == games + 1 else templates[(game_id - 1) % len(templates)]
        statements.append(st.insert_game(game_row(game_id, played.seed, "")))
        statements += seats(game_id)
        statements += for_game(game_id, played.statements)
    # Statements are grouped by SQL into bulk calls; order within a game is kept.
    statements.sort(key=lambda s: _ORDER.get(s[0].split(" (")[0].split(" SET")[0], 9))
    store = await open_store(path)
    try:
        await store.commit(statements)
    finally:
        await store.close()
    nexts = {t.seed: (t.next_side.value, t.next_command.notation()) for t in templates}
    nexts[long.seed] = (long.next_side.value, long.next_command.notation())
    path.with_suffix(".next").write_text(
        "\n".join(f"{s} {side} {cmd}" for s, (side, cmd) in nexts.items()) + "\n"
    )


_ORDER = {
    "INSERT INTO games": 0,
    "INSERT INTO players": 1,
    "INSERT INTO commands": 2,
    "INSERT INTO snapshots": 4,
    "INSERT INTO snapshot_states": 5,  # each game's newest state, after its phase rows
}


def code_version() -> str:
    digest = hashlib.sha256()
    for folder in ("engine", "bot", "data", "benchmarks"):
        for file in sorted((ROOT / folder).rglob("*")):
            if file.suffix in (".py", ".sql", ".toml", ".txt") and ".cache" not in file.parts:
                digest.update(file.read_bytes())
    return digest.hexdigest()[:12]


async def measure(target: str, next_file: Path, games: int) -> None:
    nexts = {}
    for line in next_file.read_text().splitlines():
        seed, side, command = line.split(" ", 2)
        nexts[int(seed)] = (Side(side), command)
    started = time.perf_counter()
    store = await open_store(target)
    try:
        await _measure(store, nexts, games, started)
    finally:
        await store.close()


async def _measure(
    store: Store, nexts: dict[int, tuple[Side, str]], games: int, started: float
) -> None:
    desk = Desk(store)
    await desk.load()
    ready = time.perf_counter() - started
    print(f"ready after start: {ready:.2f} s", flush=True)

    step = max(1, games // SAMPLES)
    times, cpu = [], []
    for game_id in range(1, games + 1, step):
        table = desk.tables[game_id]
        side, command = nexts[table.row.seed]
        user = ALIEN_USER if side is Side.ALIEN else CREW_USER
        begin, began = time.perf_counter(), time.process_time()
        await desk.loaded(table)
        await desk.play(table, user, command, in_dm=True)
        times.append(time.perf_counter() - begin)
        cpu.append(time.process_time() - began)
    print(
        f"first command on a cold game p99: {_p99(times) * 1000:.1f} ms "
        f"(CPU p99 {_p99(cpu) * 1000:.1f} ms, median {statistics.median(cpu) * 1000:.1f} ms)",
        flush=True,
    )

    long = await desk.loaded(desk.tables[games + 1])
    side, command = nexts[long.row.seed]
    undos = []
    for _ in range(20):
        await desk.play(long, CREW_USER, command)
        begin = time.perf_counter()
        await desk.undo(long, CREW_USER)
        undos.append(time.perf_counter() - begin)
    assert long.game is not None

    long.unload()
    for game_id in range(1, games + 1):
        await desk.loaded(desk.tables[game_id])
    gc.collect()
    rss = _rss_mib()
    loaded = sum(1 for t in desk.tables.values() if t.loaded)
    print(f"rss with {loaded:,} games loaded: {rss:.0f} MiB", flush=True)
    print(f"undo at {LONG:,} commands: {statistics.median(undos) * 1000:.1f} ms", flush=True)
    print(_collections(loaded), flush=True)


def _collections(loaded: int) -> str:
    """A full garbage collection's pause with every game in memory, as it would run on
    its own, then once the bot's hourly settle (bot.memory) has frozen them."""
    began = time.process_time()
    gc.collect()
    walking = time.process_time() - began
    settle(Settled(), time.time())
    began = time.process_time()
    gc.collect()
    settled = time.process_time() - began
    gc.unfreeze()
    return (
        f"full garbage collection with {loaded:,} games loaded: {walking * 1000:.0f} ms CPU; "
        f"after the bot's settle: {settled * 1000:.0f} ms CPU"
    )


def _p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98] if len(values) > 1 else values[0]


def _rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def copy_into(cached: Path, url: str) -> None:
    """The cached SQLite database copied into the PostgreSQL database at ``url``."""
    begin = time.perf_counter()
    src, dst = await open_store(cached), await open_store(url)
    try:
        report = await copy_store(src, dst)
    finally:
        await src.close()
        await dst.close()
    if report.problems:
        sys.exit(f"the copy into PostgreSQL differs: {report.summary()}")
    print(f"({report.summary()} in {time.perf_counter() - begin:.0f} s)", flush=True)


@contextlib.contextmanager
def database(args: argparse.Namespace) -> Iterator[str | None]:
    """The PostgreSQL database to measure on (None: SQLite)."""
    if not args.start_server:
        yield args.db
        return
    from tests import pg_server

    with pg_server.start() as server:
        print(f"(a throwaway PostgreSQL server on port {server.port})", flush=True)
        yield server.dsn


def cached_database(games: int) -> Path:
    """The SQLite database of ``games`` stored games, built once per code version."""
    CACHE.mkdir(parents=True, exist_ok=True)
    cached = CACHE / f"scale-{games}-{code_version()}.sqlite3"
    if not cached.exists():
        for old in CACHE.glob(f"scale-{games}-*"):
            old.unlink()
        building = cached.with_suffix(".building")
        building.unlink(missing_ok=True)
        begin = time.perf_counter()
        asyncio.run(build(building, games))
        building.with_suffix(".next").rename(cached.with_suffix(".next"))
        building.rename(cached)
        print(f"(built {games:,} games in {time.perf_counter() - begin:.0f} s)", flush=True)
    return cached


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--db", help="an empty postgresql:// database to measure on")
    parser.add_argument(
        "--start-server", action="store_true", help="measure on a throwaway PostgreSQL server"
    )
    parser.add_argument("--measure", help=argparse.SUPPRESS)
    parser.add_argument("--next", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure is not None:
        asyncio.run(measure(args.measure, args.next, args.games))
        return
    if args.db is not None and not is_postgres(args.db):
        parser.error("--db takes a postgresql:// URL (without it the figures are SQLite's)")
    cached = cached_database(args.games)
    command = [sys.executable, __file__, "--games", str(args.games), "--next"]
    command.append(str(cached.with_suffix(".next")))
    with database(args) as url:
        if url is not None:
            asyncio.run(copy_into(cached, url))
            subprocess.run([*command, "--measure", url], check=True)
            return
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "scale.sqlite3"
        shutil.copy(cached, copy)
        subprocess.run([*command, "--measure", str(copy)], check=True)
        shutil.copy(cached, copy)
        spawned(str(copy))
    size = cached.stat().st_size / (args.games + 1) / 1024
    print(f"store: {size:.0f} KiB per game ({args.games:,} games of {COMMANDS} commands, "
          "written in one transaction)", flush=True)  # fmt: skip


# The bot's start in a new process, up to its games indexed (bot.client.app's setup_hook
# does the same after its imports, besides claiming shards and talking to Discord).
SPAWNED = """
import asyncio, sys, time
began = time.process_time()
import bot.client.app
from bot.desk.service import Desk
from bot.store import open_store
imported = time.process_time() - began

async def ready(target):
    store = await open_store(target)
    desk = Desk(store)
    indexed = await desk.load()
    print(f"{indexed} {imported}", flush=True)
    await store.close()

asyncio.run(ready(sys.argv[1]))
"""


def spawned(target: str) -> None:
    """Print how long a new process takes to be ready (:data:`SPAWNED`), twice: with its
    bytecode cached, as an installed bot starts (a throwaway cache, filled by a first
    start that is not counted), and compiling its sources, as a process that may not
    write bytecode does (PYTHONDONTWRITEBYTECODE, set on this machine)."""
    with tempfile.TemporaryDirectory() as cache:
        cached = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        cached["PYTHONPYCACHEPREFIX"] = cache
        _spawn(target, cached)  # fills the cache
        wall, cpu, indexed, imported = _spawn(target, cached)
        print(
            f"ready from process spawn: {wall:.2f} s wall, {cpu:.2f} s CPU, {indexed:,} games "
            f"indexed (importing bot.client.app {imported:.2f} s CPU; bytecode cached)",
            flush=True,
        )
    plain = {k: v for k, v in os.environ.items() if k != "PYTHONPYCACHEPREFIX"}
    plain["PYTHONDONTWRITEBYTECODE"] = "1"
    wall, cpu, _, imported = _spawn(target, plain)
    print(
        f"ready from process spawn compiling its sources: {wall:.2f} s wall, {cpu:.2f} s CPU "
        f"(importing bot.client.app {imported:.2f} s CPU)",
        flush=True,
    )


def _spawn(target: str, env: dict[str, str]) -> tuple[float, float, int, float]:
    """(wall time from spawn to its word, its CPU time, games indexed, import CPU time)
    of one new process; CPU time is every thread's, as the system counts it."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    begin = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-c", SPAWNED, target],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    indexed, imported = child.stdout.readline().split()
    wall = time.perf_counter() - begin
    child.wait()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, int(indexed), float(imported)


if __name__ == "__main__":
    main()
