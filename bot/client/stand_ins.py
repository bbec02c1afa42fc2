"""The computer at work for the absent: the game's own seat, and away players who asked
the computer to play their units (:mod:`bot.desk.stand_in`), move by move at the game's
pace, each move posted like a person's."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from bot.client import delivery
from bot.config import ai_pace
from bot.desk.tables import Refusal, Table

if TYPE_CHECKING:
    from bot.client.app import QuicksilverBot

log = logging.getLogger("quicksilver.bot")

STAND_IN_MOVES_MAX = 2000  # a safety stop for one run of stand-in moves


async def play_all(bot: QuicksilverBot, table: Table) -> None:
    """While the game waits on the game's own seat or on a stand-in, let them play;
    call with the channel lock held."""
    while await delivery.play_computer(bot, table) + await _play_stand_ins(bot, table):
        pass


async def _play_stand_ins(bot: QuicksilverBot, table: Table) -> int:
    played = 0
    while played < STAND_IN_MOVES_MAX and await bot.desk.stand_in_due(table):
        pace = ai_pace()
        if pace > 0:
            await asyncio.sleep(pace)
        try:
            outcome = await bot.desk.stand_in_move(table)
        except Refusal:  # pragma: no cover - the players pick legal commands
            log.error("game %d: a stand-in move was refused", table.id)
            break
        if outcome is None:
            break
        played += 1
        await delivery._deliver(bot, table, outcome)
    return played
