"""The Discord client: slash commands, persistent buttons, and the deadline/reminder clock.

It is discord.py's sharded client: one process serves the shards ``QUICKSILVER_SHARDS``
names (all of them when unset) and the games of those shards' guilds, holding a lease on
each shard in the shared store so a second process on the same shards is refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.client import replay, timers
from bot.client.commands.export import export_command
from bot.client.commands.game import game
from bot.client.commands.importing import import_command
from bot.client.commands.me import me
from bot.client.commands.mod import mod
from bot.client.commands.play import alien, crew
from bot.client.commands.replay import replay_command
from bot.client.commands.rules import rules
from bot.client.commands.tutorial import tutorial_command
from bot.client.panels.layout import PanelButton, PanelSelect
from bot.client.seat_calls import SeatCallButton
from bot.client.tutorial import LobbyButton
from bot.client.ui import GameButton
from bot.config import TOKEN_HELP, Config
from bot.desk import leases
from bot.desk.service import IDLE_MINUTES_DEFAULT, Desk
from bot.desk.shards import ShardSpec
from bot.store import Store

log = logging.getLogger("quicksilver.bot")

TICK_SECONDS = 60.0


class Stopwatch:
    """Time from an interaction arriving to its acknowledgement, and to its posted map."""

    def __init__(self) -> None:
        self.arrived: dict[int, tuple[str, float]] = {}
        self.acks: list[tuple[str, float]] = []
        self.images: list[tuple[str, float]] = []

    def arrive(self, interaction: discord.Interaction[discord.Client]) -> None:
        name = interaction.command.qualified_name if interaction.command else "button"
        self.arrived[interaction.id] = (name, time.perf_counter())
        if len(self.arrived) > 1000:
            self.arrived.pop(next(iter(self.arrived)))

    def ack(self, interaction: discord.Interaction[discord.Client]) -> None:
        if interaction.id in self.arrived:
            name, at = self.arrived[interaction.id]
            self.acks.append((name, time.perf_counter() - at))

    def image(self, interaction_id: int | None, _draw_seconds: float) -> None:
        if interaction_id is not None and interaction_id in self.arrived:
            name, at = self.arrived[interaction_id]
            self.images.append((name, time.perf_counter() - at))


class Tree(app_commands.CommandTree[discord.Client]):
    async def interaction_check(self, interaction: discord.Interaction[discord.Client], /) -> bool:
        stopwatch = getattr(self.client, "stopwatch", None)
        if isinstance(stopwatch, Stopwatch):
            stopwatch.arrive(interaction)
        return True


class QuicksilverBot(discord.AutoShardedClient):
    def __init__(
        self,
        database: Path | str,
        *,
        background: bool = True,
        clock: Callable[[], float] = time.time,
        idle_minutes: float = IDLE_MINUTES_DEFAULT,
        shards: ShardSpec | None = None,
    ) -> None:
        intents = discord.Intents.default()
        intents.message_content = False  # never needed: everything is slash commands and buttons
        self.shards_served = shards or ShardSpec.everything()
        sharding: dict[str, Any] = {}  # none: as many shards as Discord recommends
        if not self.shards_served.everywhere:
            sharding = {
                "shard_count": self.shards_served.count,
                "shard_ids": list(self.shards_served.ids),
            }
        super().__init__(
            intents=intents,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **sharding,
        )
        self.holder = leases.this_process()
        self.database = database
        self.background = background
        self.clock = clock
        self.idle_minutes = idle_minutes
        self.tree = Tree(self)
        extras: list[app_commands.Command[Any, ..., Any]] = [
            replay_command,
            export_command,
            tutorial_command,
        ]
        for extra in extras:
            if game.get_command(extra.name) is None:
                game.add_command(extra)
        if mod.get_command(import_command.name) is None:
            mod.add_command(import_command)
        for group in (game, crew, alien, mod, me):
            self.tree.add_command(group)
        self.tree.add_command(rules)
        self.stopwatch = Stopwatch()
        self._store: Store | None = None
        self._desk: Desk | None = None
        self._ticker: asyncio.Task[None] | None = None
        self._heart: asyncio.Task[None] | None = None

    @property
    def desk(self) -> Desk:
        assert self._desk is not None, "the bot is not set up yet"
        return self._desk

    async def setup_hook(self) -> None:
        self._store = await Store.open(self.database)
        try:
            await leases.claim(self._store, self.shards_served, self.holder, self.clock())
        except leases.ShardsTaken:
            await self._store.close()
            self._store = None
            raise
        self._desk = Desk(
            self._store,
            clock=self.clock,
            idle_minutes=self.idle_minutes,
            shards=self.shards_served,
        )
        indexed = await self._desk.load()
        log.info(
            "serving %s: %d game(s) in the %s store; each loads on its first use",
            self.shards_served.describe(),
            indexed,
            self._store.backend,
        )
        self.add_dynamic_items(
            GameButton,
            replay.ReplayButton,
            PanelButton,
            PanelSelect,
            SeatCallButton,
            LobbyButton,
        )
        await self.tree.sync()
        if self.background:
            self._ticker = asyncio.create_task(self._tick_forever())
            self._heart = asyncio.create_task(self._heartbeat_forever())

    async def close(self) -> None:
        for task in (self._ticker, self._heart):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        await super().close()
        if self._store is not None:
            await leases.release(self._store, self.holder)
            await self._store.close()
            self._store = None

    async def _heartbeat_forever(self) -> None:
        """Renew this process's shard leases while it runs."""
        while not self.is_closed() and self._store is not None:
            try:
                if not await leases.heartbeat(self._store, self.holder, self.clock()):
                    log.error("this process no longer holds its shard leases")
            except Exception:
                log.exception("renewing the shard leases failed; trying again")
            await asyncio.sleep(leases.HEARTBEAT_SECONDS)

    async def _tick_forever(self) -> None:
        await self.wait_until_ready()
        while not self.is_closed():
            try:
                await self.tick()
            except Exception:
                log.exception("the deadline clock failed; trying again next minute")
            await asyncio.sleep(TICK_SECONDS)

    async def tick(self, now: float | None = None) -> None:
        """One tick of the clock (:func:`bot.client.timers.tick`)."""
        await timers.tick(self, self.clock() if now is None else now)


def run(config: Config) -> int:
    """Run the bot until interrupted; a clear message when the token is refused."""
    logging.basicConfig(
        level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    for chatty in ("discord.http", "discord.webhook.async_"):  # DEBUG quotes every payload:
        logging.getLogger(chatty).setLevel(max(config.log_level, logging.INFO))  # DMs too
    bot = QuicksilverBot(config.database, idle_minutes=config.idle_minutes, shards=config.shards)
    try:
        bot.run(config.token, log_handler=None)
    except leases.ShardsTaken as taken:
        log.error("%s", taken)
        return 2
    except discord.LoginFailure:
        log.error("Discord refused the token in DISCORD_TOKEN. %s", TOKEN_HELP)
        return 2
    except discord.PrivilegedIntentsRequired:  # pragma: no cover - we ask for none
        log.error("Discord wants a privileged intent; this bot needs none.")
        return 2
    return 0
