"""The bot's clock: deadlines, each person's pings (:mod:`bot.client.notify`), the side
the game plays, idle games.

Which games need the clock is a query over the games table, so a tick touches only
those games (loading them if they are not in memory), never every stored game.
"""

from __future__ import annotations

import logging

from bot.client import flow, notify, seat_calls
from bot.client.host import Bot
from bot.client.pacing import Pacer
from bot.desk import incidents
from bot.desk.service import Refusal, Table
from bot.store import GameRow

log = logging.getLogger("quicksilver.bot")

VERIFY_PER_TICK = 20  # games loaded from snapshots that each tick checks against replay


async def tick(bot: Bot, now: float) -> None:
    """Deadlines that passed end their phase (after any grace); a side the game plays
    moves if the game waits on it (after a restart, say); each person's reminders and
    held pings go out; idle games leave memory; a few snapshot-loaded games are checked
    against a full replay."""
    desk = bot.desk
    for game_id in await desk.store.games_due(now):
        table = desk.tables.get(game_id)  # only the games this process serves
        if table is None or not desk.serves(table) or not _needs_clock(table.row, now):
            continue
        try:
            await _tick_game(bot, table, now)
        except Refusal as refusal:
            log.warning(
                "game %d: the clock's move was not taken (%s)", game_id, type(refusal).__name__
            )
        except Exception as err:
            incidents.record(err, f"running the clock for game {game_id}")
    try:
        await _tick_people(bot, now)
    except Exception as err:
        incidents.record(err, "sending people's pings")
    desk.evict_idle(now)
    await desk.verify_some(VERIFY_PER_TICK)


async def _tick_people(bot: Bot, now: float) -> None:
    """The clock's part for people, in the games this process serves: each person's
    reminders and held pings, the computer standing in for away players, seat calls to
    post or withdraw."""
    desk = bot.desk
    for notice in await desk.clock_notices(now):
        await notify.send(bot, notice)
    for table in await desk.stand_in_games(now):
        await desk.loaded(table)
        async with table.channel_lock:
            await flow.play_turns(bot, table)
    to_post, withdrawn = await desk.calls_due(now)
    for call in to_post:
        await seat_calls.post_call(bot, call)
    for call in withdrawn:
        await seat_calls.announce_withdrawn(bot, call)


async def _tick_game(bot: Bot, table: Table, now: float) -> None:
    desk = bot.desk
    await desk.loaded(table)
    if table.damaged_at is not None:
        return  # nothing more is written to it: only a moderator's rollback
    async with table.channel_lock:
        if table.computer_to_move():
            await flow.play_computer(bot, table, Pacer())
        outcome = await desk.expire(table, now)
        if outcome is not None:
            await flow.deliver(bot, table, outcome)


def _needs_clock(row: GameRow, now: float) -> bool:
    """Whether the clock has anything to do for this game now (a game the bot plays a
    side of stays out of memory while it waits on a person)."""
    deadline = row.deadline_at is not None and row.deadline_at <= now
    return deadline or row.computer_may_move()
