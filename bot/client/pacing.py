"""The pace of the game-played side and of the computer standing in for an away player:
set by what they say in public, never by how many commands they take.

A pipe-runner declares "Move" for a step, for each grid of a longer move and for a wait
(C.7.3), so two steps and one two-grid move sound the same. Were the game's own alien to
sleep the pace before each command, its phase would last the pace times its command
count, and a crew watching the clock would learn how its moves were split. So a run of
the computer's moves waits, after each command, until it has lasted the pace for every
public line said so far: its wall-clock follows its public declarations, its thinking
included while that fits in the time (README, "Secrets").

:data:`CLOCK` and :data:`SLEEP` are the time this module reads and waits by; tests put a
virtual clock in their place and count the time waited, never measuring real time.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot.config import ai_pace

CLOCK: Callable[[], float] = time.monotonic
SLEEP: Callable[[float], Awaitable[None]] = asyncio.sleep


@dataclass
class Pacer:
    """One run of the computer's moves, from its start."""

    pace: float = field(default_factory=ai_pace)  # seconds a public line
    said: int = 0  # public lines said so far in this run
    start: float = field(default_factory=lambda: CLOCK())

    async def said_lines(self, lines: int) -> None:
        """``lines`` more public lines were said: wait until the run has lasted the pace
        for each of them (nothing for a command nobody else hears)."""
        self.said += lines
        wait = self.start + self.pace * self.said - CLOCK()
        if self.pace > 0 and wait > 0:
            await SLEEP(wait)
