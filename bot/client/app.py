"""The bot itself, and the one module that knows its class (the composition root): it
registers the slash commands (:data:`bot.client.commands.registry.COMMANDS`), every
family of buttons and menus (:data:`DYNAMIC_ITEMS`) and what each game button does
(:data:`bot.client.buttons.BUTTONS`), opens the store and the desk, and runs the
deadline/reminder clock. Every other module of the client sees it as a
:class:`bot.client.host.Bot`.

It is discord.py's sharded client: one process serves the shards ``QUICKSILVER_SHARDS``
names (all of them when unset) and the games of those shards' guilds, holding a lease on
each shard in the shared store so a second process on the same shards is refused.

The slash commands are synced to Discord only when they changed: a hash of the payload
the sync would send is kept in the store (``bot_meta``), so the processes of a sharded
bot, and restarts, sync once per change (``quicksilver bot --sync`` forces it).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import discord
from aiohttp import web as web_server
from discord import app_commands
from discord.ext import tasks

from bot import memory
from bot.client import failures, notify, replay, timers
from bot.client.buttons import BUTTONS
from bot.client.commands.registry import COMMANDS
from bot.client.commands.stats import BoardButton
from bot.client.forgetting import ForgetButton
from bot.client.host import ButtonHandler, LobbyPost
from bot.client.invite import invite_url
from bot.client.panels.press import PanelButton, PanelSelect
from bot.client.seat_calls import SeatCallButton
from bot.client.translator import CatalogueTranslator
from bot.client.tutorial import LobbyButton
from bot.client.ui import DAMAGED, GameButton
from bot.config import TOKEN_HELP, Config
from bot.desk import incidents, leases, ratings
from bot.desk.service import IDLE_MINUTES_DEFAULT, Desk, Table
from bot.desk.shards import ShardSpec
from bot.present import locale as words
from bot.store import Store, open_store
from bot.store.failures import StoreRefused, watch_writes
from bot.web.reader import Reader
from bot.web.server import start_web
from bot.web.settings import WebSettings
from engine.board.ship import Ship
from render.warm import warm_up

log = logging.getLogger("quicksilver.bot")

# Every button and menu of ours, answered after any restart by its custom id's template.
DYNAMIC_ITEMS = (
    GameButton,
    replay.ReplayButton,
    PanelButton,
    PanelSelect,
    SeatCallButton,
    LobbyButton,
    BoardButton,
    ForgetButton,
)

TICK_SECONDS = 60.0
COMMANDS_KEY = "slash-commands-sha256"  # bot_meta: the payload last synced


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
        watch_writes()  # an error in this command says whether anything was saved
        return True

    async def on_error(
        self,
        interaction: discord.Interaction[discord.Client],
        error: app_commands.AppCommandError,
        /,
    ) -> None:
        """Whatever a command raised that was not a refusal: answered, never silent."""
        await failures.on_tree_error(interaction, error)

    def payload_hash(self) -> str:
        """A hash of what :meth:`sync` would send Discord now: the commands, and the
        catalogues their translations come from."""
        payload = [command.to_dict(self) for command in self.get_commands()]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode())
        for lang in words.languages():
            digest.update(lang.encode() + words.po_path(lang).read_bytes())
        return digest.hexdigest()


class QuicksilverBot(discord.AutoShardedClient):
    def __init__(
        self,
        database: Path | str,
        *,
        background: bool = True,
        clock: Callable[[], float] = time.time,
        idle_minutes: float = IDLE_MINUTES_DEFAULT,
        shards: ShardSpec | None = None,
        sync: bool = False,
        web: WebSettings | None = None,
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
        self.force_sync = sync
        self.synced = False  # whether this start sent the slash commands to Discord
        self.tree = Tree(self)
        for command in COMMANDS:
            self.tree.add_command(command)
        self.stopwatch = Stopwatch()
        self.buttons: Mapping[str, ButtonHandler] = BUTTONS  # what each game button does
        self.lobby_posts: dict[int, LobbyPost] = {}  # each open lobby's one message
        self._store: Store | None = None
        self._desk: Desk | None = None
        self._warming: asyncio.Task[None] | None = None
        self.web = web  # the web companion's settings: links, and its server in this process
        self._web_runner: web_server.AppRunner | None = None
        self.settled = memory.Settled()  # the garbage collector's last settle (bot.memory)

    @property
    def desk(self) -> Desk:
        assert self._desk is not None, "the bot is not set up yet"
        return self._desk

    async def setup_hook(self) -> None:
        self._store = await open_store(self.database)
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
        self._desk.on_damage = self._tell_damage
        self._warming = asyncio.create_task(self._warm_up(self._desk.ship))
        indexed = await self._desk.load()
        await ratings.after_game(self._store)  # games that ended while it was down
        log.info(
            "serving %s: %s in the %s store; each loads on its first use",
            self.shards_served.describe(),
            "1 game" if indexed == 1 else f"{indexed} games",
            self._store.backend,
        )
        if self.application_id is not None:  # known once logged in
            log.info("invite me to a server: %s", invite_url(self.application_id))
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.tree.set_translator(CatalogueTranslator())
        await self._sync_commands(self._store)
        if self.web is not None:
            reader = Reader(self._store, self._desk.ship, self._desk.content)
            self._web_runner = await start_web(self.web, reader, self.clock)
        if self.background:
            self.ticker.start()
            self.heart.start()

    async def _warm_up(self, ship: Ship) -> None:
        """Draw the ship's static pictures while the bot connects (render.warm), so that
        the first map after a restart costs what every later one does."""
        try:
            await asyncio.to_thread(warm_up, ship)
        except Exception as err:  # each is drawn on first use instead
            incidents.record(err, "drawing the ship's pictures ahead")
        if self.background:  # the process is the bot's own: leave a test run's collector be
            memory.settle(self.settled, self.clock())  # what start-up made, out of later walks

    async def _sync_commands(self, store: Store) -> None:
        """Send the slash commands to Discord if they changed since the last sync (any
        process's, kept in the store), or when told to (``quicksilver bot --sync``)."""
        digest = self.tree.payload_hash()
        if not self.force_sync and await store.meta(COMMANDS_KEY) == digest:
            log.info("slash commands unchanged since they were last synced: no sync")
            return
        await self.tree.sync()
        await store.set_meta(COMMANDS_KEY, digest)
        self.synced = True
        log.info("slash commands synced to Discord")

    async def on_interaction(self, interaction: discord.Interaction[discord.Client]) -> None:
        """A button or menu none of our dynamic items answers (its custom id is damaged or
        forged, so no template matches): say so instead of leaving Discord's "This
        interaction failed". The ones that match are answered by their items.

        Every interaction tells the desk the person's language (their Discord's), which
        words what others' presses send them alone (README, "Languages")."""
        self.desk.heard(interaction.user.id, words.language_of(interaction.locale.value))
        if interaction.type is not discord.InteractionType.component:
            return
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        if any(
            item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS
        ):
            return
        await failures.tell(interaction, f"⚠️ {DAMAGED}")

    async def _tell_damage(self, table: Table) -> None:
        await notify.tell_damage(self, table)

    async def close(self) -> None:
        """Stop the loops, leave Discord, give back the leases, close the store: the
        store is closed whatever fails before it (its worker thread, left open, keeps
        the process from exiting)."""
        try:
            if self._warming is not None:
                await self._warming
            for loop in (self.ticker, self.heart):
                task = loop.get_task()
                loop.cancel()
                if task is not None:
                    with contextlib.suppress(asyncio.CancelledError):
                        await task
            await super().close()
        finally:
            try:
                if self._web_runner is not None:
                    await self._web_runner.cleanup()
            finally:
                await self._close_store()

    async def _close_store(self) -> None:
        store, self._store = self._store, None
        if store is None:
            return
        try:
            await leases.release(store, self.holder)
        finally:
            await store.close()

    @tasks.loop(seconds=leases.HEARTBEAT_SECONDS)
    async def heart(self) -> None:
        """Renew this process's shard leases while it runs."""
        if self._store is None:
            return
        try:
            if not await leases.heartbeat(self._store, self.holder, self.clock()):
                log.error("this process no longer holds its shard leases")
        except Exception as err:
            incidents.record(err, "renewing the shard leases (trying again)")

    @tasks.loop(seconds=TICK_SECONDS)
    async def ticker(self) -> None:
        """The deadline clock, once a minute once the bot is ready."""
        try:
            await self.tick()
        except Exception as err:
            incidents.record(err, "running the clock (trying again next minute)")

    @ticker.before_loop
    async def _ready_first(self) -> None:
        await self.wait_until_ready()

    async def tick(self, now: float | None = None) -> None:
        """One tick of the clock (:func:`bot.client.timers.tick`)."""
        now = self.clock() if now is None else now
        await timers.tick(self, now)
        if self.background and self.settled.due(now):
            memory.settle(self.settled, now)
            log.info("memory settled in %.0f ms CPU", self.settled.cpu_seconds * 1000)


def run(config: Config) -> int:
    """Run the bot until interrupted; a clear message when the token is refused."""
    logging.basicConfig(
        level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    for chatty in ("discord.http", "discord.webhook.async_"):  # DEBUG quotes every payload:
        logging.getLogger(chatty).setLevel(max(config.log_level, logging.INFO))  # DMs too
    bot = QuicksilverBot(
        config.database,
        idle_minutes=config.idle_minutes,
        shards=config.shards,
        sync=config.sync,
        web=config.web,
    )
    try:
        bot.run(config.token, log_handler=None)
    except leases.ShardsTaken as taken:
        log.error("%s", taken)
        return 2
    except StoreRefused as refused:
        log.error("the store cannot be opened: %s", refused)
        return 2
    except discord.LoginFailure:
        log.error("Discord refused the token in DISCORD_TOKEN. %s", TOKEN_HELP)
        return 2
    except discord.PrivilegedIntentsRequired:  # pragma: no cover - we ask for none
        log.error("Discord wants a privileged intent; this bot needs none.")
        return 2
    return 0
