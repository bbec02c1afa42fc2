"""Interaction latency through the in-memory Discord (simcord): arrival → acknowledgement,
and arrival → the posted map image, per command.

    .venv/bin/python benchmarks/bench_bot.py
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

import simcord

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.client.app import QuicksilverBot
from engine.state import Phase
from tests.bot import helpers
from tests.bot.helpers import greedy_crew, make_world, mirror, seat_and_start


def _ms(values: list[float]) -> str:
    if not values:
        return "       -"
    return f"{statistics.median(values) * 1000:7.1f} (max {max(values) * 1000:6.1f})"


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        bot = QuicksilverBot(Path(tmp) / "bench.sqlite3", background=False)
        try:
            async with simcord.run(
                bot, settle_timeout=helpers.SETTLE_SECONDS, shard_count=1
            ) as env:
                world = make_world(env)
                await seat_and_start(world)
                for _ in range(3):
                    await world.crew[0].slash(world.channel, "game status")
                    await world.crew[0].slash(world.channel, "game map")
                    await world.crew[0].slash(world.channel, "game log")
                for _ in range(120):
                    phase = world.table().game.state.phase
                    if phase is Phase.OVER:
                        break
                    if phase is Phase.ALIEN:
                        await world.alien.user.slash("alien pass")
                        continue
                    command = greedy_crew(mirror(world))
                    unit = getattr(command, "unit", None)
                    actor = world.owner_of(unit) if unit else world.crew[0]
                    await actor.slash(world.channel, "game do", command=command.notation())
                acks: dict[str, list[float]] = defaultdict(list)
                images: dict[str, list[float]] = defaultdict(list)
                for name, seconds in bot.stopwatch.acks:
                    acks[name].append(seconds)
                for name, seconds in bot.stopwatch.images:
                    images[name].append(seconds)
        finally:
            await bot.close()  # simcord detaches the bot without closing its store
    print("bot latency through simcord, median ms (max): arrival → ack | arrival → map posted")
    for name in sorted(acks):
        count = len(acks[name])
        print(f"  /{name:<14} n={count:3d}  ack {_ms(acks[name])}  image {_ms(images[name])}")


if __name__ == "__main__":
    asyncio.run(main())
