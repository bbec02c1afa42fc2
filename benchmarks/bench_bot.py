"""Interaction latency through the in-memory Discord (simcord): arrival → acknowledgement,
and arrival → the posted map image (the phase card a phase-ending command posts).

    .venv/bin/python benchmarks/bench_bot.py [--maps 200]

Games of random players (the engine's own, patient) are played through the bot by
people on simcord, one command at a time: the crew in the game's channel, the alien in
its DMs; each side gives a few commands a phase, then ends it. Games follow one another
(a fixed seed each) until at least ``--maps`` maps were posted. Printed per command:

    map posted: n=N  wall p50 X ms  p99 X ms  |  bot CPU p50 X ms  p99 X ms
    ack: n=N  wall p50 X ms  p99 X ms

Wall time runs from the interaction's arrival to the map's post (a busy machine
stretches it). The bot's CPU is this process's CPU time over the same span (every
thread: the drawing runs in one) less what simcord spent serving the bot's HTTP
requests (its in-memory Discord runs in this process too).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import simcord
from simcord.http import router

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.client.app import QuicksilverBot, Stopwatch
from engine.commands import Command, EndPhase
from engine.dice import Rng
from engine.random_player import choose
from engine.state import Phase, Side
from tests.bot import helpers
from tests.bot.helpers import World, make_world, seat_and_start

FIRST_SEED = 101
COMMANDS_PER_GAME = 400  # then the next game: the map count grows steadily
PER_PHASE = {Side.CREW: 4, Side.ALIEN: 2}  # commands a side gives a phase before ending it
# An ephemeral reply's buttons live 15 minutes (its interaction token's life). simcord's
# clock stands still unless told, and every live one slows its settling after each
# action (it looks at each timer): so the clock moves on by that much every few commands,
# as it would between a real game's commands.
EXPIRE_EVERY, TOKEN_LIFE = 8, 15 * 60 + 1


class SimcordCpu:
    """CPU time simcord's router spent serving the bot's requests (it runs in this
    process, synchronously, inside the bot's awaits)."""

    def __init__(self) -> None:
        self.spent = 0.0
        self._dispatch: Callable[..., Any] = router.dispatch

    def install(self) -> None:
        def timed(*args: Any, **kwargs: Any) -> Any:
            begin = time.thread_time()
            try:
                return self._dispatch(*args, **kwargs)
            finally:
                self.spent += time.thread_time() - begin

        router.dispatch = timed


class CpuStopwatch(Stopwatch):
    """The bot's stopwatch, with CPU time too: (name, wall, bot CPU) per posted map."""

    def __init__(self, simcord_cpu: SimcordCpu) -> None:
        super().__init__()
        self.simcord_cpu = simcord_cpu
        self.cpu_at: dict[int, tuple[float, float]] = {}
        self.maps: list[tuple[str, float, float]] = []

    def arrive(self, interaction: discord.Interaction[discord.Client]) -> None:
        super().arrive(interaction)
        self.cpu_at[interaction.id] = (time.process_time(), self.simcord_cpu.spent)

    def image(self, interaction_id: int | None, draw_seconds: float) -> None:
        before = len(self.images)
        super().image(interaction_id, draw_seconds)
        if len(self.images) > before and interaction_id in self.cpu_at:
            cpu, served = self.cpu_at[interaction_id]
            bot_cpu = time.process_time() - cpu - (self.simcord_cpu.spent - served)
            name, wall = self.images[-1]
            self.maps.append((name, wall, bot_cpu))


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (p99 of 120 values: the 119th smallest)."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(share * len(ordered) + 0.5)))
    return ordered[rank - 1]


def figures(values: list[float]) -> str:
    if not values:
        return "-"
    p50, p99 = percentile(values, 0.50) * 1000, percentile(values, 0.99) * 1000
    return f"p50 {p50:6.1f} ms  p99 {p99:6.1f} ms"


def actor_for(world: World, command: Command) -> Any:
    """Who of the crew gives ``command``: its unit's owner; the phase's end, a player
    with units still to act (with two crew players, each ends their own units)."""
    table = world.table()
    unit = getattr(command, "unit", None)
    if isinstance(unit, str):
        return world.owner_of(unit)
    if isinstance(command, EndPhase):
        for person in world.crew:
            if table.open_units(person.id):
                return person
    return world.crew[0]


async def play_game(world: World, seed: int, maps: Callable[[], int], wanted: int) -> None:
    """One game of random players through the bot, until it ends, the map count is
    reached or it has had its commands."""
    helpers.fix_seed(world, seed)
    await seat_and_start(world, seed)
    rng = Rng(seed ^ 0xB07)
    given, stamp = 0, ""
    for count in range(COMMANDS_PER_GAME):
        if count % EXPIRE_EVERY == 0:
            await world.env.advance_time(TOKEN_LIFE)
        table = world.table()
        game = table.game
        assert game is not None
        if game.state.phase is Phase.OVER or maps() >= wanted:
            return
        side = Side.ALIEN if game.state.phase is Phase.ALIEN else Side.CREW
        given = given + 1 if table.stamp() == stamp else 0
        stamp = table.stamp()
        command: Command | None = EndPhase()
        if given < PER_PHASE[side]:
            command = choose(game.state, side, game.ship, game.content, rng, patient=True)
        assert command is not None
        if side is Side.ALIEN:
            await world.alien.user.slash("game do", command=command.notation())
        else:
            actor = actor_for(world, command)
            await actor.slash(world.channel, "game do", command=command.notation())


async def run(wanted: int) -> CpuStopwatch:
    simcord_cpu = SimcordCpu()
    simcord_cpu.install()
    with tempfile.TemporaryDirectory() as tmp:
        bot = QuicksilverBot(Path(tmp) / "bench.sqlite3", background=False)
        stopwatch = CpuStopwatch(simcord_cpu)
        bot.stopwatch = stopwatch
        try:
            async with simcord.run(
                bot, settle_timeout=helpers.SETTLE_SECONDS, shard_count=1
            ) as env:
                seed = FIRST_SEED
                while len(stopwatch.maps) < wanted:
                    world = make_world(env, name=f"bench-{seed}")
                    await play_game(world, seed, lambda: len(stopwatch.maps), wanted)
                    print(f"(game {seed}: {len(stopwatch.maps)} maps so far)", flush=True)
                    seed += 1
        finally:
            await bot.close()  # simcord detaches the bot without closing its store
    return stopwatch


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", type=int, default=200, help="maps to collect (at least)")
    args = parser.parse_args()
    began_wall, began_cpu = time.perf_counter(), time.process_time()
    stopwatch = asyncio.run(run(args.maps))
    wall = [w for _, w, _ in stopwatch.maps]
    cpu = [c for _, _, c in stopwatch.maps]
    acks = [seconds for _, seconds in stopwatch.acks]
    print("bot latency through simcord, arrival → map posted (phase-ending commands)")
    print(f"map posted: n={len(wall)}  wall {figures(wall)}  |  bot CPU {figures(cpu)}")
    print(f"ack: n={len(acks)}  wall {figures(acks)}")
    spent_wall, spent_cpu = time.perf_counter() - began_wall, time.process_time() - began_cpu
    print(f"(run: {spent_wall:.1f} s wall, {spent_cpu:.1f} s CPU)")


if __name__ == "__main__":
    main()
