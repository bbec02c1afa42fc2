"""The desk's keeper: its tables (which games this process serves, in memory or
not), finding the game a command means, and the one way a game is written: under its
lock, after a freshness check, in one transaction guarded by the game's version (so a
game is serialised across processes on a shared store)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable

from bot.desk import incidents, loading, public_log
from bot.desk.public_log import LogItem
from bot.desk.shards import ShardSpec
from bot.desk.tables import (
    Memo,
    NotSaved,
    PartlySaved,
    Refusal,
    Seat,
    Stale,
    Table,
    damaged_text,
)
from bot.language import N_
from bot.store import ACTIVE, GameRow, Guard, StaleGame, Statement, Store, update_game
from bot.store.failures import StoreFailed, WriteFailed, writes_taken
from engine.board.floorplan import default_ship
from engine.board.ship import Ship
from engine.content import Content, load_content

log = logging.getLogger("quicksilver.bot")

IDLE_MINUTES_DEFAULT = 30.0
STALE = (
    "This game was changed by another bot process at the same moment, so your action "
    "was not taken. Nothing is lost: look at the game again and retry."
)


def secret_seed() -> int:
    """A live game's seed: 63 bits from the operating system's secure randomness (the
    store keeps it as a signed 64-bit integer), too many to find by replaying the public
    dice; secret until the game is over, and no player chooses it."""
    return secrets.randbelow(2**63 - 1) + 1


class Keeper:
    """All tables this process knows, and the guarded road to the store; and what
    every part of the desk shares: the store, the ship and content, the clock, the
    source of seeds and the shards served."""

    def __init__(
        self,
        store: Store,
        *,
        ship: Ship | None = None,
        content: Content | None = None,
        clock: Callable[[], float] = time.time,
        idle_minutes: float = IDLE_MINUTES_DEFAULT,
        shards: ShardSpec | None = None,
        seeds: Callable[[], int] = secret_seed,
    ) -> None:
        self.store = store
        self.seeds = seeds  # where a live game's seed comes from (tests fix it)
        self.shards = shards or ShardSpec.everything()
        self.ship = ship or default_ship()
        self.content = content or load_content()
        self.clock = clock
        self.idle_seconds = idle_minutes * 60
        self.tables: dict[int, Table] = {}  # by game id; games load on demand
        self.by_channel: dict[int, int] = {}  # channel id -> current game id
        self._prefetching: set[asyncio.Task[Table]] = set()
        # Told (once a process) when a game's stored record turns out damaged: the bot
        # posts it to the game's channel and its moderators.
        self.on_damage: Callable[[Table], Awaitable[None]] | None = None

    # --- loading -------------------------------------------------------------------
    async def load(self) -> int:
        """Index every current game of the guilds this process serves (rows and seats;
        no replay)."""
        for table in await loading.index(self.store):
            if self.serves(table):
                self.register(table)
        return len(self.tables)

    def serves(self, table: Table) -> bool:
        """Whether this process serves ``table``'s channel (its guild is on one of our
        shards): only then do its clock, deadlines and the game-played side run here."""
        return self.shards.serves_guild(table.row.guild_id)

    async def adopt_games_of(self, user_id: int) -> None:
        """Bring in ``user_id``'s games on other processes' shards: their DMs reach only
        the process holding shard 0, which serves them from the shared store (every
        write guarded by the game's version, so their owner reloads before its next)."""
        if self.shards.everywhere:
            return
        for row in await self.store.current_games_of(user_id):
            if row.id not in self.tables:
                players = {p.user_id: p for p in await self.store.players(row.id)}
                self.register(Table(row, players))

    async def find(self, game_id: int) -> Table | None:
        """The current game ``game_id``: in memory, or (another shard's, pressed from a
        DM) read from the store."""
        table = self.tables.get(game_id)
        if table is None and not self.shards.everywhere:
            row = await self.store.game(game_id)
            if row is not None and row.status in ACTIVE:
                table = Table(row, {p.user_id: p for p in await self.store.players(game_id)})
                self.register(table)
        return table

    async def loaded(self, table: Table) -> Table:
        """``table`` with its game in memory: loaded now under the desk's lock if needed
        (a request arriving meanwhile waits for that load). With several processes on
        the store, another may have written the game: its version is checked first."""
        table.used_at = self.clock()
        if not table.loaded or not self.shards.everywhere:
            async with self.hold(table):
                pass
        return table

    def prefetch(self, table: Table) -> None:
        """Start loading ``table``'s game in the background."""
        task = asyncio.create_task(self.loaded(table))
        self._prefetching.add(task)
        task.add_done_callback(self._prefetching.discard)

    @contextlib.asynccontextmanager
    async def hold(self, table: Table) -> AsyncIterator[None]:
        """The desk's lock on ``table``, its game loaded, and the desk's one rule: memory
        holds only what the store has taken. Whatever the work inside raises, the table
        is put back as it was before it (and read again from the store whenever that
        may not be the store's: something was written meanwhile, the write was refused
        as stale, the store failed); a store that could not be read or written becomes
        :class:`NotSaved` ("not taken"), unless something was written first. A process
        serving every shard holds them all by lease, so no other process writes its
        games: it skips the version read (its guarded commit still refuses a stale copy).
        """
        async with table.lock:
            before = writes_taken()
            try:
                await self._ready(table)
                memo = table.memo()
                try:
                    yield
                except BaseException as err:
                    await self._settle(table, memo, err, wrote=writes_taken() != before)
                    raise
            except (StoreFailed, NotSaved, Stale) as failed:
                if writes_taken() != before:  # what was taken stands: not "nothing changed"
                    raise PartlySaved(f"game {table.id}: the store failed midway") from failed
                if isinstance(failed, Refusal):
                    raise
                raise NotSaved(incidents.record(failed, f"working on game {table.id}")) from None

    async def _ready(self, table: Table) -> None:
        """``table`` fresh (another process may have written it) and its game in memory."""
        if not self.shards.everywhere:
            await self._check_fresh(table)
        if not table.loaded:
            await loading.load(self.store, table, self.ship, self.content)
            await self._report_damage(table)
        table.used_at = self.clock()

    async def _settle(self, table: Table, memo: Memo, err: BaseException, *, wrote: bool) -> None:
        """After a failure inside :meth:`hold`: memory as it was, then read again from the
        store unless nothing can have changed there (a refusal before any write). Never
        raises: a store that cannot be read leaves the game to load on its next use."""
        table.recall(memo)
        plain_refusal = isinstance(err, Refusal) and not isinstance(err, Stale | NotSaved)
        if plain_refusal and not wrote:
            return
        if isinstance(err, Exception):
            await self._restore(table)
        else:  # cancelled: no time to read; the next use loads it
            table.unload()

    async def _check_fresh(self, table: Table) -> None:
        """Another process may have written this game since it was read here (the
        alien's DMs reach only the process holding shard 0): if its version moved on,
        read its row and seats again and drop the game from memory, to reload."""
        version = await self.store.game_version(table.id)
        if version is None:
            self.forget(table)
            raise Refusal(N_("This game is no longer running."))
        if version != table.row.version:
            row = await self.store.game(table.id)
            assert row is not None
            table.row = row
            await self._reload_players(table)
            table.unload()

    async def commit(
        self,
        table: Table,
        statements: Iterable[Statement],
        row: GameRow | None = None,
        *,
        repair: bool = False,
    ) -> None:
        """Write ``statements`` (and ``row``) in one transaction, only if nobody else
        wrote the game since this process read it: each game is serialised across
        processes. Nothing is written to a game whose record is damaged, except a
        moderator's ``repair`` (a rollback to before the damage, a reset, an abort).
        A refused write raises (:class:`Stale`, :class:`NotSaved`, a refusal of the
        damaged record) with nothing written, and :meth:`hold` puts memory back."""
        if table.damaged_at is not None and not repair:
            raise Refusal(damaged_text(table.id, table.damaged_in))
        batch = [*statements, *([update_game(row)] if row is not None else [])]
        guard = Guard(table.id, table.row.version)
        try:
            await self.store.commit(batch, guard)
        except StaleGame:
            log.warning("game %d: refused a write from a stale copy; reloading", table.id)
            raise Stale(STALE) from None
        except WriteFailed as failed:
            raise NotSaved(incidents.record(failed, f"saving game {table.id}")) from None
        table.row = (row or table.row).with_(version=guard.version + 1)

    async def _restore(self, table: Table) -> None:
        """The table as the store holds it: its row, its seats and its game. A store that
        cannot be read either leaves the game out of memory, to load on its next use."""
        table.unload()
        try:
            row = await self.store.game(table.id)
            if row is None:
                self.forget(table)
                return
            table.row = row
            await self._reload_players(table)
            await loading.load(self.store, table, self.ship, self.content)
        except Exception as err:
            incidents.record(err, f"reading game {table.id} again after a refused write")
        await self._report_damage(table)

    async def _report_damage(self, table: Table) -> None:
        """Tell :attr:`on_damage` of a damaged record, once a process; never fails."""
        if table.damaged_at is None:
            table.damage_told = False
            return
        if table.damage_told or self.on_damage is None:
            return
        table.damage_told = True
        try:
            await self.on_damage(table)
        except Exception as err:
            incidents.record(err, f"telling game {table.id}'s channel of its damaged record")

    def forget(self, table: Table) -> None:
        self.tables.pop(table.id, None)
        if self.by_channel.get(table.channel_id) == table.id:
            del self.by_channel[table.channel_id]

    def evict_idle(self, now: float) -> int:
        """Drop the games nobody needed for the idle time; they reload on demand."""
        idle = loading.idle(list(self.tables.values()), now, self.idle_seconds)
        for table in idle:
            table.unload()
        if idle:
            log.info("%d idle game(s) left memory", len(idle))
        return len(idle)

    async def verify_some(self, count: int) -> int:
        """Check up to ``count`` games loaded from snapshots against a full replay."""
        checked = 0
        for table in list(self.tables.values()):
            if checked >= count:
                break
            if table.loaded and not table.verified:
                async with table.lock:
                    if table.loaded and not table.verified:
                        await self._verify(table)
                checked += 1
        return checked

    async def _verify(self, table: Table) -> None:
        """One game's check against a full replay (a damaged record is told, once); a
        store that fails meanwhile leaves the game to load again, and is logged: the
        clock goes on with the other games."""
        try:
            await loading.verify(self.store, table, self.ship, self.content)
        except Exception as err:
            table.unload()
            incidents.record(err, f"checking game {table.id} against its replay")
            return
        await self._report_damage(table)

    async def public_log(self, table: Table) -> list[LogItem]:
        """The game's public log, oldest first (:mod:`bot.desk.public_log`)."""
        return await public_log.read(self.store, table, self.ship, self.content)

    def register(self, table: Table) -> None:
        old = self.by_channel.get(table.channel_id)
        if old is not None and old != table.id:
            self.tables.pop(old, None)
        self.tables[table.id] = table
        self.by_channel[table.channel_id] = table.id

    # --- finding tables ------------------------------------------------------------
    def table_in(self, channel_id: int) -> Table | None:
        game_id = self.by_channel.get(channel_id)
        return self.tables.get(game_id) if game_id is not None else None

    def require_table(self, channel_id: int) -> Table:
        table = self.table_in(channel_id)
        if table is None:
            raise Refusal(N_("There is no game in this channel. Start one with `/game create`."))
        return table

    def games_of(
        self, user_id: int, seats: Iterable[Seat] = (Seat.ALIEN, Seat.CREW)
    ) -> list[Table]:
        wanted = {s.value for s in seats}
        return [
            t
            for t in self.tables.values()
            if t.status in ("lobby", "playing", "over")
            and user_id in t.players
            and t.players[user_id].seat in wanted
        ]

    def pick_game(self, user_id: int, channel_id: int | None, game_id: int | None) -> Table:
        """The game a command means: the channel's, the one named (if the user sits at
        it: the one refusal whether or not it exists), or the user's only one."""
        if game_id is not None:
            table = self.tables.get(game_id)
            if table is None or user_id not in table.players:
                raise Refusal(N_("You have no seat at a current game #{game}."), game=game_id)
            return table
        if channel_id is not None:
            return self.require_table(channel_id)
        mine = [t for t in self.games_of(user_id) if t.status == "playing"] or self.games_of(
            user_id
        )
        mine = [t for t in mine if not t.row.tutorial] or mine  # a tutorial gives way
        if not mine:
            raise Refusal(
                N_("You are not playing in any game. Join one in its channel with `/game join`.")
            )
        if len(mine) > 1:
            names = ", ".join(f"#{t.row.channel_name} (game {t.id})" for t in mine)
            raise Refusal(
                N_("You play in several games ({games}): pick one with the `game` option."),
                games=names,
            )
        return mine[0]

    async def _reload_players(self, table: Table) -> None:
        table.players = {p.user_id: p for p in await self.store.players(table.id)}
