"""The computer at work for the absent: the game's own seat, and away players who asked
the computer to play their units (:mod:`bot.desk.stand_in`), move by move at the pace of
their public lines (:mod:`bot.client.pacing`), each move posted like a person's."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.client import delivery
from bot.client.pacing import Pacer
from bot.desk.tables import Refusal, Table

if TYPE_CHECKING:
    from bot.client.app import QuicksilverBot

log = logging.getLogger("quicksilver.bot")

STAND_IN_MOVES_MAX = 2000  # a safety stop for one run of stand-in moves


async def play_all(bot: QuicksilverBot, table: Table) -> None:
    """While the game waits on the game's own seat or on a stand-in, let them play, at
    the pace of their public lines (:mod:`bot.client.pacing`); call with the channel
    lock held."""
    pacer = Pacer()
    while await delivery.play_computer(bot, table, pacer) + await _play_stand_ins(
        bot, table, pacer
    ):
        pass


async def _play_stand_ins(bot: QuicksilverBot, table: Table, pacer: Pacer) -> int:
    played = 0
    while played < STAND_IN_MOVES_MAX and await bot.desk.stand_in_due(table):
        try:
            outcome = await bot.desk.stand_in_move(table)
        except Refusal:  # pragma: no cover - the players pick legal commands
            log.error("game %d: a stand-in move was refused", table.id)
            break
        if outcome is None:
            break
        played += 1
        await pacer.said_lines(outcome.said)
        await delivery._deliver(bot, table, outcome)
    return played
