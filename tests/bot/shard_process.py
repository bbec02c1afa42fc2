"""One bot process on some shards, over a shared database, for the two-process test:
``python -m tests.bot.shard_process DB SHARDS [GAMES]``.

It runs :class:`bot.client.app.QuicksilverBot` serving the shard range ``SHARDS`` (``1/2``) on
its own simcord world (simcord is in-memory, so every process has its own Discord),
with ``GAMES`` (default 2) guilds on its shards, one game channel in each. The world is
built the same way on every start, so a restarted process finds the same guild, channel
and member ids, and so its games in the shared store; worlds of different shard ranges
never share an id.

It reads one JSON order a line on stdin, ``{"n": 1, "world": 0, "slash": "game pass",
"options": {}}``, and gives that slash command as the world's crew player. Its clock
ticks once as it starts (as a started bot's does; the game's side moves if a game waits
on it), not in the background. It prints JSON lines on stdout:

- ``{"ready": ...}`` once it serves its shards (with its pid and its worlds' ids);
- ``{"taken": message}`` (exit 2) when another live process serves these shards;
- ``{"writing": ...}`` before and ``{"wrote": ...}`` after every transaction this
  process commits to the store: the games it touches and the command rows it appends
  (the test's record of which process touched which game);
- ``{"ack": n, ...}`` once the bot replied to order ``n`` and every write it caused
  is committed, or ``{"refused": n, ...}`` when the bot turned it down.

End of input stops the bot cleanly.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import sys
from collections.abc import Iterable
from typing import Any

import discord
import simcord

from bot.client.app import QuicksilverBot
from bot.desk import leases
from bot.desk.shards import ShardSpec, shard_of
from bot.store import GameRow, Guard, Statement, Store
from tests.bot import helpers

REFUSED = "⚠️"
GUILD_BASE = 100_000_000_000  # a snowflake's milliseconds (about 2026)
DAY = 86_400.0


def say(**line: Any) -> None:
    print(json.dumps(line), flush=True)


def games_touched(statement: Statement) -> set[int]:
    """The game ids one write names: a ``game_id`` column or condition, or a games
    row's ``id``."""
    sql, params = statement
    found: set[int] = set()
    insert = re.match(r"INSERT INTO (\w+) \(([^)]*)\)", sql)
    if insert is not None:
        columns = [name.strip() for name in insert[2].split(",")]
        key = "id" if insert[1] == "games" else "game_id"
        if key in columns:
            found.add(params[columns.index(key)])
    else:
        games_row = re.match(r"(UPDATE|DELETE FROM) games\b", sql) is not None
        for number, mark in enumerate(re.finditer(r"\?", sql)):
            before = sql[: mark.start()]
            if before.endswith("game_id = ") or (games_row and before.endswith(" id = ")):
                found.add(params[number])
    return {game for game in found if game is not None}


def record_writes() -> None:
    """Report every transaction this process commits: the games it touches and the
    command rows it appends, before it runs (``writing``: a kill may land before the
    report after it) and once it is committed (``wrote``); and every game it creates."""
    commit, create_game = Store.commit, Store.create_game

    async def reported(
        self: Store, statements: Iterable[Statement], guard: Guard | None = None
    ) -> None:
        batch = list(statements)
        games = set().union(*map(games_touched, batch)) | ({guard.game_id} if guard else set())
        rows = [list(params[:4]) for sql, params in batch if sql.startswith("INSERT INTO commands")]
        report = {"games": sorted(games), "rows": rows}
        say(writing=report)
        await commit(self, batch, guard)
        say(wrote=report)

    async def created(self: Store, *args: Any, **kwargs: Any) -> GameRow:
        row = await create_game(self, *args, **kwargs)
        say(created=row.id, guild=row.guild_id, channel=row.channel_id)
        return row

    Store.commit = reported  # type: ignore[method-assign]
    Store.create_game = created  # type: ignore[method-assign]


def guild_id(spec: ShardSpec, number: int) -> int:
    """A guild id Discord puts on this process's shards, the same on every start."""
    shard = spec.ids[number % len(spec.ids)]
    return ((GUILD_BASE + number) * spec.count + shard) << 22


async def build_worlds(env: Any, spec: ShardSpec, games: int) -> list[dict[str, Any]]:
    """``games`` guilds with a game channel and a crew player each. The virtual clock is
    moved on by a day per first shard first, so that ids simcord draws from it (members,
    channels) differ between shard ranges yet repeat on a restart."""
    await env.advance_time(DAY * (spec.ids[0] + 1))
    worlds = []
    for number in range(games):
        gid = guild_id(spec, number)
        guild = env.create_guild(f"guild {gid}", id=gid, shard_id=shard_of(gid, spec.count))
        channel = guild.create_text_channel(f"game-{number}")
        # A moderator (Manage Channels): the orders choose each game's seed.
        mods = guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
        crew = guild.add_member(env.create_user(f"crew {spec.ids[0]}-{number}"), roles=[mods])
        worlds.append({"guild": guild, "channel": channel, "crew": crew})
    return worlds


async def give(world: dict[str, Any], order: dict[str, Any]) -> None:
    result = await world["crew"].slash(world["channel"], order["slash"], **order["options"])
    reply = result.response.content if result.response is not None else ""
    if REFUSED in reply:
        say(refused=order["n"], reply=reply)
    else:
        say(ack=order["n"], channel=world["channel"].id, reply=reply[:200])


async def serve(database: str, spec: ShardSpec, games: int) -> int:
    # Each process here runs its own simulated Discord, which knows no commands until
    # this process syncs them: as ``quicksilver bot --sync`` (one real Discord would
    # keep the first process's sync, and the store's hash would skip the others').
    bot = QuicksilverBot(database, background=False, shards=spec, sync=True)
    try:
        async with simcord.run(bot, settle_timeout=helpers.SETTLE_SECONDS) as env:
            worlds = await build_worlds(env, spec, games)
            await bot.tick()  # the clock's first tick, as a started bot's ticker does
            say(
                ready=spec.describe(),
                pid=os.getpid(),
                holder=bot.holder,
                worlds=[
                    {"guild": w["guild"].id, "channel": w["channel"].id, "crew": w["crew"].id}
                    for w in worlds
                ],
            )
            for line in sys.stdin:
                order = json.loads(line)
                await give(worlds[order["world"]], order)
    except leases.ShardsTaken as taken:
        say(taken=str(taken))
        return 2
    finally:
        await bot.close()  # simcord detaches the bot without closing it: leases, pool
    return 0


def main(argv: list[str]) -> int:
    database, shards = argv[0], argv[1]
    games = int(argv[2]) if len(argv) > 2 else 2
    os.environ["QUICKSILVER_AI_PACE"] = "0"  # the game's side answers at once
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    record_writes()
    return asyncio.run(serve(database, ShardSpec.parse(shards), games))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
