"""Two bot processes on disjoint shard ranges share one real PostgreSQL server.

Each process (:mod:`tests.bot.shard_process`) is a real OS process running the bot on
its own in-memory Discord, with games in guilds on its own shards. One of them is
killed with SIGKILL in the middle of a stream of commands and started again; the store
must still hold every command either process acknowledged, in order, every game must
replay, and every write to a game must have come from the process serving its shard.
A third process started on shards a live one serves is refused before it touches
anything.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.desk.shards import shard_of
from bot.store import GameRow, Store, open_store
from bot.store.leases import held_leases
from engine.commands import parse
from engine.game import Game
from engine.state import Phase, Side

ROOT = Path(__file__).resolve().parents[3]
# Seconds for any one expected line: only a hang detector (a process that exits says so
# at once), generous enough that a busy machine never trips it.
WAIT = 600.0
SEEDS = {"0/2": (54, 57), "1/2": (64, 71)}  # every one lasts beyond the passes sent here

Line = dict[str, Any]


class BotProcess:
    """A ``tests.bot.shard_process`` child: orders go to its stdin; every JSON line it
    prints is kept (``lines``) and can be awaited (``until``)."""

    def __init__(self, database: str, shards: str, errors: Path, games: int) -> None:
        self.shards = shards
        self.errors = errors.open("w+")  # its log, shown when a wait fails
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.bot.shard_process", database, shards, str(games)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.errors,
            text=True,
        )
        self.lines: list[Line] = []
        self.orders: dict[int, Line] = {}
        self._fresh: queue.Queue[Line | None] = queue.Queue()
        self._sent = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for text in self.process.stdout:
            self._fresh.put(json.loads(text))
        self._fresh.put(None)

    def until(self, wanted: Callable[[Line], bool], what: str) -> Line:
        """The next line ``wanted`` accepts (every line before it is kept too)."""
        while True:
            try:
                line = self._fresh.get(timeout=WAIT)
            except queue.Empty:
                pytest.fail(f"{self.shards}: no {what} within {WAIT} s{self._tail()}")
            if line is None:
                pytest.fail(f"{self.shards}: exited before {what}{self._tail()}")
            self.lines.append(line)
            if wanted(line):
                return line

    def ready(self) -> Line:
        """Its first line: ``ready`` (with its worlds' ids) or ``taken``."""
        return self.until(lambda line: "ready" in line or "taken" in line, "ready line")

    @property
    def worlds(self) -> list[Line]:
        worlds: list[Line] = next(line["worlds"] for line in self.lines if "ready" in line)
        return worlds

    def send(self, world: int, slash: str, **options: Any) -> int:
        """A slash command from the world's crew player; its order number."""
        return self._order({"world": world, "slash": slash, "options": options})

    def _order(self, order: Line) -> int:
        assert self.process.stdin is not None
        self._sent += 1
        self.orders[self._sent] = order = {"n": self._sent, **order}
        self.process.stdin.write(json.dumps(order) + "\n")
        self.process.stdin.flush()
        return self._sent

    def acked(self, n: int) -> Line:
        line = self.until(lambda line: n in (line.get("ack"), line.get("refused")), f"ack {n}")
        assert "ack" in line, f"{self.shards}: order {self.orders[n]} refused: {line['reply']}"
        return line

    def acks(self) -> list[int]:
        return [line["ack"] for line in self.lines if "ack" in line]

    def stop(self) -> int:
        """End its input: the bot stops cleanly (its leases released)."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        code = self.process.wait(WAIT)
        self._drain()
        return code

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(WAIT)
        self._drain()

    def _drain(self) -> None:
        """Keep the lines printed before it ended (a pipe keeps them past a kill)."""
        while (line := self._fresh.get(timeout=WAIT)) is not None:
            self.lines.append(line)

    def game_in(self, world: int) -> int:
        """The id of the game this process created in ``world``'s channel."""
        channel = self.worlds[world]["channel"]
        return next(int(line["created"]) for line in self.lines if line.get("channel") == channel)

    def writes(self, key: str) -> Iterator[Line]:
        """Its reports of transactions: ``writing`` (begun) or ``wrote`` (committed)."""
        return (line[key] for line in self.lines if key in line)

    def _tail(self) -> str:
        self.errors.flush()
        self.errors.seek(0)
        return "\n" + self.errors.read()[-3000:]


def committed_crew_pass(line: Line) -> bool:
    return any(row[2:] == ["crew", "pass"] for row in line.get("wrote", {}).get("rows", []))


def lobby(bot: BotProcess, world: int, seed: int) -> list[int]:
    """The world's game from create to the end of set-up: the crew is the world's
    member, the game itself plays the alien (it moves as soon as it is its turn)."""
    return [
        bot.send(world, "game create", seed=seed),
        bot.send(world, "game computer", seat="alien"),
        bot.send(world, "game join", seat="crew"),
        bot.send(world, "game start"),
        bot.send(world, "game setup"),
    ]


def passes(bot: BotProcess, rounds: int) -> list[int]:
    """The crew passes in every world in turn; the game's alien answers each."""
    return [bot.send(world, "game pass") for _ in range(rounds) for world in range(2)]


Spawn = Callable[..., BotProcess]


@pytest.fixture
def spawn(pg_url: str, tmp_path: Path) -> Iterator[Spawn]:
    """Start bot processes on ``pg_url``: ``spawn("1/2", games=2)``. Any still running
    at the end of the test (it failed half-way) are killed."""
    started: list[BotProcess] = []

    def start(shards: str, games: int = 2) -> BotProcess:
        errors = tmp_path / f"process-{len(started)}-{shards.replace('/', 'of')}.log"
        started.append(BotProcess(pg_url, shards, errors, games))
        return started[-1]

    yield start
    for bot in started:
        if bot.process.poll() is None:
            bot.process.kill()
            bot.process.wait()
        bot.errors.close()


async def stored_game(url: str, game_id: int) -> GameRow:
    store = await open_store(url)
    try:
        row = await store.game(game_id)
    finally:
        await store.close()
    assert row is not None
    return row


async def dump(url: str) -> dict[str, list[str]]:
    """Every row of every table, to tell that nothing changed."""
    con = await asyncpg.connect(url)
    try:
        tables = await con.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        return {
            t["tablename"]: sorted(
                repr(tuple(r)) for r in await con.fetch(f'SELECT * FROM "{t["tablename"]}"')
            )
            for t in tables
        }
    finally:
        await con.close()


async def test_two_processes_on_disjoint_shards_lose_nothing_to_a_kill_9_and_never_cross(
    pg_url: str, spawn: Spawn
) -> None:
    first, second = spawn("0/2"), spawn("1/2")
    for bot in (first, second):
        assert "ready" in bot.ready(), bot.lines[-1]
    for bot in (first, second):
        orders = [
            n for world, seed in enumerate(SEEDS[bot.shards]) for n in lobby(bot, world, seed)
        ]
        for n in orders:
            bot.acked(n)

    # A stream of commands to both. The second process is killed (SIGKILL) in the
    # middle of its stream: its fourth order's crew pass is committed, not acknowledged,
    # and the game's alien is yet to answer it (or is answering).
    busy = passes(first, 2)
    stream = passes(second, 3)
    second.acked(stream[2])
    second.until(committed_crew_pass, "the fourth order's crew pass committed")
    second.kill()
    assert [n for n in stream if n not in second.acks()] == stream[3:]
    cut_off = second.game_in(second.orders[stream[3]]["world"])
    alien_to_answer = (await stored_game(pg_url, cut_off)).computer_may_move()
    for n in busy:
        first.acked(n)

    # While the second is down the first restarts: it indexes the games of its own
    # shards only, and its clock leaves the other shard's game (waiting on the side the
    # game plays) to the process that serves it.
    assert first.stop() == 0
    first_again = spawn("0/2")
    assert "ready" in first_again.ready() and first_again.worlds == first.worlds
    for n in passes(first_again, 1):
        first_again.acked(n)

    # Started again at once on the same shards: the dead process's lease is free, the
    # same worlds (guilds, channels) come back with its games in them, and its first
    # clock tick finishes the alien's answer the kill cut short.
    second_again = spawn("1/2")
    assert "ready" in second_again.ready() and second_again.worlds == second.worlds
    if alien_to_answer:  # as a rule: the kill comes well before the alien's answer
        # What it wrote before it was ready: that tick's moves, all in the cut-off game.
        answered = [row for w in second_again.writes("wrote") for row in w["rows"]]
        assert answered and all(row[0] == cut_off and row[2] == "alien" for row in answered)
    both = (first_again, second_again)
    for bot, orders in [(bot, passes(bot, 2)) for bot in both]:
        for n in orders:
            bot.acked(n)
    assert [bot.stop() for bot in both] == [0, 0]

    store = await open_store(pg_url)
    try:
        processes = {"0/2": [first, first_again], "1/2": [second, second_again]}
        await check_the_store(store, processes, killed=second.orders[stream[3]])
        assert await held_leases(store) == []  # both stopped cleanly, releasing their shards
    finally:
        await store.close()


async def check_the_store(
    store: Store, processes: dict[str, list[BotProcess]], killed: Line
) -> None:
    """Every acknowledged command is stored, in order; every game replays; every write
    to a game came from a process serving its shard (``processes``: every process that
    ran on each shard range)."""
    games = {row.id: row for row in await store.current_games()}
    owner = {g: f"{shard_of(row.guild_id, 2)}/2" for g, row in games.items()}
    assert Counter(owner.values()) == {"0/2": 2, "1/2": 2}
    for game_id, row in games.items():
        assert row.channel_id in [w["channel"] for w in processes[owner[game_id]][0].worlds]

    stored = {game_id: await store.commands(game_id) for game_id in games}
    for game_id, rows in stored.items():
        assert [r.seq for r in rows] == list(range(len(rows)))
        game = Game.replay(games[game_id].seed, [(Side(r.side), parse(r.command)) for r in rows])
        # Each waits on its crew: no alien answer was left half done by the kill.
        assert game.state.phase in (Phase.CREW, Phase.OVER), (game_id, game.state.phase)

    everything = {(g, r.seq, r.side, r.command) for g, rows in stored.items() for r in rows}
    for shards, bots in processes.items():
        begun = {tuple(row) for bot in bots for w in bot.writes("writing") for row in w["rows"]}
        committed = {tuple(row) for bot in bots for w in bot.writes("wrote") for row in w["rows"]}
        touched = {g for bot in bots for w in bot.writes("writing") for g in w["games"]}
        mine = {g for g, o in owner.items() if o == shards}
        assert touched <= mine, f"{shards} touched another process's game"
        assert committed <= everything, f"{shards} acknowledged writes that are not stored"
        stored_here = {row for row in everything if row[0] in mine}
        assert stored_here <= begun, f"a write to {shards}'s games came from elsewhere"

    # Every acknowledged pass is one crew 'pass' in its game, and so is the committed
    # pass of the order the kill cut off.
    cut_off_in = processes["1/2"][0].worlds[killed["world"]]["channel"]
    acked: Counter[int] = Counter()
    for bot in (bot for bots in processes.values() for bot in bots):
        channels = [w["channel"] for w in bot.worlds]
        for n in bot.acks():
            if bot.orders[n].get("slash") == "game pass":
                acked[channels[bot.orders[n]["world"]]] += 1
    for game_id, row in games.items():
        crew_passes = sum(1 for r in stored[game_id] if (r.side, r.command) == ("crew", "pass"))
        cut_off = row.channel_id == cut_off_in
        assert crew_passes == acked[row.channel_id] + cut_off, (game_id, crew_passes)


async def test_a_process_on_shards_a_live_one_serves_is_refused_and_changes_nothing(
    pg_url: str, spawn: Spawn
) -> None:
    serving = spawn("1/2", games=1)
    holder = serving.ready()["holder"]
    for n in lobby(serving, 0, SEEDS["1/2"][0]):
        serving.acked(n)
    before = await dump(pg_url)

    for third in [spawn(overlapping, games=1) for overlapping in ("1/2", "0-1/2")]:
        refused = third.ready()
        assert "taken" in refused, refused
        assert third.process.wait(WAIT) == 2
        message = refused["taken"]
        assert f"shard 1 of 2 by {holder}" in message and "Nothing was changed" in message
        assert "QUICKSILVER_SHARDS" in message
    assert await dump(pg_url) == before

    # The live process is untouched: it still serves its game.
    serving.acked(serving.send(0, "game pass"))
    assert serving.stop() == 0
