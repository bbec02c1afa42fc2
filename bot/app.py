"""The Discord client: slash commands, persistent buttons, and the deadline/reminder clock."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from pathlib import Path

import discord
from discord import app_commands

from bot import replay, timers
from bot.commands_game import game
from bot.commands_mod import mod
from bot.commands_play import alien, crew
from bot.commands_replay import replay_command
from bot.commands_rules import rules
from bot.config import TOKEN_HELP, Config
from bot.panels.layout import PanelButton, PanelSelect
from bot.service import IDLE_MINUTES_DEFAULT, Desk
from bot.store import Store
from bot.ui import GameButton

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


class QuicksilverBot(discord.Client):
    def __init__(
        self,
        database: Path | str,
        *,
        background: bool = True,
        clock: Callable[[], float] = time.time,
        idle_minutes: float = IDLE_MINUTES_DEFAULT,
    ) -> None:
        intents = discord.Intents.default()
        intents.message_content = False  # never needed: everything is slash commands and buttons
        super().__init__(
            intents=intents,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.database = database
        self.background = background
        self.clock = clock
        self.idle_minutes = idle_minutes
        self.tree = Tree(self)
        if game.get_command(replay_command.name) is None:
            game.add_command(replay_command)
        for group in (game, crew, alien, mod):
            self.tree.add_command(group)
        self.tree.add_command(rules)
        self.stopwatch = Stopwatch()
        self._store: Store | None = None
        self._desk: Desk | None = None
        self._ticker: asyncio.Task[None] | None = None

    @property
    def desk(self) -> Desk:
        assert self._desk is not None, "the bot is not set up yet"
        return self._desk

    async def setup_hook(self) -> None:
        self._store = await Store.open(self.database)
        self._desk = Desk(self._store, clock=self.clock, idle_minutes=self.idle_minutes)
        indexed = await self._desk.load()
        log.info("%d game(s) in %s; each loads on its first use", indexed, self.database)
        self.add_dynamic_items(GameButton, replay.ReplayButton, PanelButton, PanelSelect)
        await self.tree.sync()
        if self.background:
            self._ticker = asyncio.create_task(self._tick_forever())

    async def close(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker
        await super().close()
        if self._store is not None:
            await self._store.close()
            self._store = None

    async def _tick_forever(self) -> None:
        await self.wait_until_ready()
        while not self.is_closed():
            try:
                await self.tick()
            except Exception:
                log.exception("the deadline clock failed; trying again next minute")
            await asyncio.sleep(TICK_SECONDS)

    async def tick(self, now: float | None = None) -> None:
        """One tick of the clock (:func:`bot.timers.tick`)."""
        await timers.tick(self, self.clock() if now is None else now)


def run(config: Config) -> int:
    """Run the bot until interrupted; a clear message when the token is refused."""
    logging.basicConfig(
        level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    bot = QuicksilverBot(config.database, idle_minutes=config.idle_minutes)
    try:
        bot.run(config.token, log_handler=None)
    except discord.LoginFailure:
        log.error("Discord refused the token in DISCORD_TOKEN. %s", TOKEN_HELP)
        return 2
    except discord.PrivilegedIntentsRequired:  # pragma: no cover - we ask for none
        log.error("Discord wants a privileged intent; this bot needs none.")
        return 2
    return 0
