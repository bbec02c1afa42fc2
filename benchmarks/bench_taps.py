"""Taps to play (issue 9): a crew unit's ordinary turn and an alien phase, driven
through the turn panels on the in-memory Discord (simcord), counting every interaction.

    .venv/bin/python benchmarks/bench_taps.py

Targets: ``crew unit turn: N taps`` at most 3 (Play, a destination, End: the unit's
leftover actions search, C.8); ``alien phase: N taps`` at most 8 (Play, Pipe-run,
five moves, End). No typing: every command comes from a panel.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

import simcord

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.client.app import QuicksilverBot
from engine.state import Phase
from tests.bot.helpers import make_world, phase_of, seat_and_start, stored_commands
from tests.bot.panel_driver import Tapper, alien_phase, open_panel, play_unit

CREW_TARGET = 3
ALIEN_TARGET = 8


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        bot = QuicksilverBot(Path(tmp) / "taps.sqlite3", background=False)
        try:
            async with simcord.run(bot, shard_count=1) as env:
                world = make_world(env, crew=1)
                await seat_and_start(world)
                alien = Tapper(world.alien.user)
                panel = await open_panel(alien, list(world.alien.user.dm_channel.history()))
                await alien_phase(alien, panel)
                assert phase_of(world) is Phase.CREW, "the alien phase did not end"
                crew = Tapper(world.crew[0])
                before = len(stored_commands(world))
                panel = await open_panel(crew, world.messages())
                await play_unit(crew, panel)
                played = stored_commands(world)[before:]
        finally:
            await bot.close()  # simcord detaches the bot without closing its store
    print(f"alien phase: {alien.taps} taps (target <= {ALIEN_TARGET}; {', '.join(alien.log)})")
    words = ", ".join(command for _, command, _ in played)
    print(f"crew unit turn: {crew.taps} taps (target <= {CREW_TARGET}; played: {words})")


if __name__ == "__main__":
    asyncio.run(main())
