"""The referee's desk: every channel's game, its seats, and what each command changes.

No discord imports: the Discord layer turns an :class:`Outcome` into messages. Commands
on one channel run one at a time (a lock per game); every accepted command is written to
the store in one transaction before anyone is told about it. Everything people read is
built from :func:`engine.views.view` and :func:`engine.views.events_for`, never from state.
Games come into memory on demand (:mod:`bot.loading`); the clock lives in :mod:`bot.timers`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field

from bot import loading
from bot import store as st
from bot.computer_seat import DEFAULT_LEVEL, computer_command, seat_text
from bot.store import CommandRow, GameRow, PlayerRow, Store
from bot.tables import NotLoaded, Refusal, Seat, Table, can_act, event_line
from engine.commands import Command, EndPhase, EndUnit, QuickSetup, parse
from engine.content import Content, load_content
from engine.dice import Rng
from engine.errors import GameError
from engine.events import Event
from engine.floorplan import default_ship
from engine.game import Game
from engine.legal import legal_commands
from engine.ship import Ship
from engine.state import Phase, Side
from engine.views import Viewer

__all__ = ["Desk", "NotLoaded", "Outcome", "Refusal", "Seat", "Table", "event_line"]

log = logging.getLogger("quicksilver.bot")

IDLE_MINUTES_DEFAULT = 30.0


@dataclass
class Outcome:
    """What one action changed, addressed to whoever may know it."""

    game_id: int
    channel_id: int
    reply: list[str] = field(default_factory=list)  # to the person who acted
    public: list[str] = field(default_factory=list)  # to the channel, now
    alien_private: list[str] = field(default_factory=list)  # DM to the alien player
    crew_private: list[str] = field(default_factory=list)  # DM to the crew players
    new_phase: bool = False  # post the new public map, summary and pings
    summary: list[str] = field(default_factory=list)  # public lines since the last map
    game_over: bool = False
    send_hands: bool = False  # set-up is done: deal every player their hand by DM
    actor: int | None = None
    actor_side: Side | None = None
    undo_stamp: int | None = None  # log length after the command (for an Undo button)
    unit: str | None = None  # the unit the command moved (for an End-unit button)
    interaction_id: int | None = None  # set by the Discord layer, for timings


class Desk:
    """All tables; the one place games change."""

    def __init__(
        self,
        store: Store,
        *,
        ship: Ship | None = None,
        content: Content | None = None,
        clock: Callable[[], float] = time.time,
        idle_minutes: float = IDLE_MINUTES_DEFAULT,
    ) -> None:
        self.store = store
        self.ship = ship or default_ship()
        self.content = content or load_content()
        self.clock = clock
        self.idle_seconds = idle_minutes * 60
        self.tables: dict[int, Table] = {}  # by game id; games load on demand
        self.by_channel: dict[int, int] = {}  # channel id -> current game id
        self._prefetching: set[asyncio.Task[Table]] = set()

    # --- loading -------------------------------------------------------------------
    async def load(self) -> int:
        """Index every channel's current game (rows and seats; no replay)."""
        for table in await loading.index(self.store):
            self._register(table)
        return len(self.tables)

    async def loaded(self, table: Table) -> Table:
        """``table`` with its game in memory: loaded now under the desk's lock if needed
        (a request arriving meanwhile waits for that load)."""
        table.used_at = self.clock()
        if not table.loaded:
            async with self._hold(table):
                pass
        return table

    def prefetch(self, table: Table) -> None:
        """Start loading ``table``'s game in the background."""
        task = asyncio.create_task(self.loaded(table))
        self._prefetching.add(task)
        task.add_done_callback(self._prefetching.discard)

    @contextlib.asynccontextmanager
    async def _hold(self, table: Table) -> AsyncIterator[None]:
        """The desk's lock on ``table``, its game loaded."""
        async with table.lock:
            if not table.loaded:
                await loading.load(self.store, table, self.ship, self.content)
            table.used_at = self.clock()
            yield

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
                        await loading.verify(self.store, table, self.ship, self.content)
                checked += 1
        return checked

    async def public_log(self, table: Table, count: int) -> list[str]:
        """The newest ``count`` public lines, from the store."""
        return await self.store.public_lines(table.id, count)

    def _register(self, table: Table) -> None:
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
            raise Refusal("There is no game in this channel. Start one with `/game create`.")
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
        """The game a command means: the channel's, the one named, or the user's only one."""
        if game_id is not None:
            table = self.tables.get(game_id)
            if table is None:
                raise Refusal(f"There is no current game #{game_id}.")
            return table
        if channel_id is not None:
            return self.require_table(channel_id)
        mine = [t for t in self.games_of(user_id) if t.status == "playing"] or self.games_of(
            user_id
        )
        if not mine:
            raise Refusal(
                "You are not playing in any game. Join one in its channel with `/game join`."
            )
        if len(mine) > 1:
            names = ", ".join(f"#{t.row.channel_name} (game {t.id})" for t in mine)
            raise Refusal(f"You play in several games ({names}): pick one with the `game` option.")
        return mine[0]

    # --- lobby ---------------------------------------------------------------------
    async def create(
        self,
        channel_id: int,
        guild_id: int | None,
        channel_name: str,
        user_id: int,
        seed: int | None,
    ) -> Table:
        current = self.table_in(channel_id)
        if current is not None and current.status in ("lobby", "playing"):
            raise Refusal(
                f"This channel already has a game ({current.status}). "
                "A moderator can `/mod abort` or `/mod reset` it."
            )
        seed = seed if seed is not None else random.SystemRandom().randrange(1, 2**31)
        now = self.clock()
        row = await self.store.create_game(channel_id, guild_id, channel_name, seed, user_id, now)
        table = Table(row, {})
        self._register(table)
        log.info("game %d created in channel %d", row.id, channel_id)
        return table

    async def join(self, table: Table, user_id: int, seat: Seat) -> PlayerRow:
        async with self._hold(table):
            current = table.players.get(user_id)
            if table.status not in ("lobby", "playing"):
                raise Refusal("This game is over; create a new one with `/game create`.")
            if current is not None and current.seat == seat.value:
                raise Refusal(f"You already sit as {seat.value}.")
            if seat is not Seat.SPECTATOR:
                if table.status != "lobby":
                    raise Refusal(
                        "The game has started; a moderator can seat you with `/mod replace`."
                    )
                if current is not None and current.seat != Seat.SPECTATOR.value:
                    raise Refusal(
                        f"You sit as {current.seat}; `/game leave` first to change sides."
                    )
                if seat is Seat.ALIEN and table.alien_player() is not None:
                    raise Refusal("The alien's seat is taken.")
                if table.computer is not None and table.computer.value == seat.value:
                    raise Refusal(f"The game itself plays the {seat.value} in this game.")
            elif current is not None:
                raise Refusal(f"You sit as {current.seat}; `/game leave` first to only watch.")
            player = PlayerRow(user_id, seat.value, (), True, self.clock())
            await self.store.commit([st.put_player(table.id, player)])
            table.players[user_id] = player
            return player

    async def give_to_computer(
        self,
        table: Table,
        user_id: int,
        side: Side | None,
        is_mod: bool,
        level: str = DEFAULT_LEVEL,
    ) -> Side | None:
        """In the lobby, the creator or a moderator gives a side to the game (None: take
        it back). Returns the side the game held before."""
        async with self._hold(table):
            if table.status != "lobby":
                raise Refusal("Seats can be given to the game only in the lobby.")
            if user_id != table.row.created_by and not is_mod:
                raise Refusal("Only the game's creator or a moderator can give a seat to the game.")
            before = table.computer
            if side is not None:
                if table.seated(Seat(side.value)):
                    raise Refusal(
                        f"People already sit as {side.value}; they must `/game leave` first."
                    )
                if before is not None and before is not side:
                    raise Refusal(
                        f"The game already plays the {before.value}; it plays one side at most."
                    )
                if before is side:
                    raise Refusal(f"The game already plays the {side.value}.")
            elif before is None:
                raise Refusal("The game holds no seat here.")
            row = table.row.with_(computer=seat_text(side, level) if side else "")
            await self.store.commit([st.update_game(row)])
            table.row = row
            return before

    async def computer_move(self, table: Table) -> Outcome | None:
        """One move of the side the game plays, if the game waits on it: decided from that
        side's view and the legal commands only, then stored and reported like anyone's."""
        async with self._hold(table):
            side = table.computer
            game = table.game
            if side is None or game is None or not table.computer_to_move():
                return None
            if game.state.phase is Phase.SETUP:
                command: Command = QuickSetup()
            else:
                rng = Rng(computer_seed(table.row.seed, game.length))
                command = await computer_command(self.store, table, side, rng)
            return await self._apply(table, side, [command], None)

    async def set_dm_ok(self, table: Table, user_id: int, ok: bool) -> None:
        player = table.players.get(user_id)
        if player is None or player.dm_ok == ok:
            return
        updated = PlayerRow(player.user_id, player.seat, player.units, ok, player.joined_at)
        await self.store.commit([st.put_player(table.id, updated)])
        table.players[user_id] = updated

    async def leave(self, table: Table, user_id: int) -> str:
        async with self._hold(table):
            player = table.players.get(user_id)
            if player is None:
                raise Refusal("You have no seat in this game.")
            if table.status == "playing" and player.seat == Seat.ALIEN.value:
                raise Refusal(
                    "The alien cannot leave a game in progress; a moderator can `/mod replace` you."
                )
            statements = [st.delete_player(table.id, user_id)]
            del table.players[user_id]
            if player.units:
                statements += self._deal(table, player.units)
            await self.store.commit(statements)
            return player.seat

    def _deal(self, table: Table, units: Iterable[str]) -> list[st.Statement]:
        """Hand ``units`` round-robin to the crew players holding fewest."""
        crew = table.seated(Seat.CREW)
        if not crew:
            return []
        held = {p.user_id: list(p.units) for p in crew}
        for unit in units:
            fewest = min(crew, key=lambda p: (len(held[p.user_id]), p.joined_at, p.user_id))
            held[fewest.user_id].append(unit)
        statements = []
        for player in crew:
            updated = PlayerRow(
                player.user_id,
                player.seat,
                tuple(held[player.user_id]),
                player.dm_ok,
                player.joined_at,
            )
            table.players[player.user_id] = updated
            statements.append(st.put_player(table.id, updated))
        return statements

    async def start(self, table: Table, user_id: int, is_mod: bool) -> Outcome:
        async with self._hold(table):
            if table.status != "lobby":
                raise Refusal("The game has already started.")
            if user_id not in table.players and user_id != table.row.created_by and not is_mod:
                raise Refusal(
                    "Only a seated player, the game's creator or a moderator can start it."
                )
            if not table.held(Side.ALIEN) or not table.held(Side.CREW):
                raise Refusal(
                    "A game needs an alien and at least one crew player to start "
                    "(`/game computer` gives a side to the game)."
                )
            now = self.clock()
            game = Game.new(table.row.seed, self.ship, self.content)
            row = table.row.with_(status="playing", phase_key="setup", phase_since=now)
            row = self._arm_deadline(row, now)
            await self.store.commit([st.update_game(row)])
            table.row, table.game = row, game
            outcome = Outcome(table.id, table.channel_id, actor=user_id, new_phase=True)
            outcome.public.append(
                "The game begins: set-up (B). Each side makes its choices with its commands, "
                "or `/game setup` for a quick setup of your side."
            )
            outcome.summary = ["Set-up: the crew and the alien make their choices (B.1)."]
            return outcome

    # --- playing -------------------------------------------------------------------
    def legal_for(self, table: Table, user_id: int, unit: str | None = None) -> list[Command]:
        """Legal commands this user may give now (their side, their units)."""
        side = table.side_of(user_id)
        if table.game is None or side is None or table.status != "playing":
            return []
        game = table.game
        mine = table.units_of(user_id)
        if unit is not None:
            if unit not in mine:
                return []
            return legal_commands(game.state, side, game.ship, game.content, unit=unit)
        found = legal_commands(game.state, side, game.ship, game.content)
        return [c for c in found if _unit_of(c) is None or _unit_of(c) in mine]

    async def play(
        self, table: Table, user_id: int, text: str | Command, *, in_dm: bool = False
    ) -> Outcome:
        """One command from a player: checked, applied, stored, and reported."""
        async with self._hold(table):
            side = self._check_player(table, user_id)
            try:
                command = parse(text) if isinstance(text, str) else text
            except GameError as err:
                raise Refusal(err.describe()) from None
            if side is Side.ALIEN and not in_dm and not isinstance(command, QuickSetup):
                raise Refusal("The alien plots in secret: give your orders in a DM with me.")
            commands = self._expand(table, user_id, side, command)
            return await self._apply(table, side, commands, user_id)

    def _check_player(self, table: Table, user_id: int) -> Side:
        if table.status == "lobby":
            raise Refusal("The game has not started yet: `/game start` when the seats are filled.")
        if table.status != "playing" or table.game is None:
            raise Refusal("This game is over.")
        side = table.side_of(user_id)
        if side is None:
            seat = table.seat_of(user_id)
            who = "a spectator" if seat is Seat.SPECTATOR else "not playing in this game"
            raise Refusal(f"You are {who}, so you cannot give orders here.")
        return side

    def _expand(self, table: Table, user_id: int, side: Side, command: Command) -> list[Command]:
        """Check the user may give ``command``; a crew player's ``pass`` ends only their units."""
        assert table.game is not None
        phase = table.game.state.phase
        mine = table.units_of(user_id)
        unit = _unit_of(command)
        if side is Side.CREW and phase is not Phase.SETUP and unit is not None and unit not in mine:
            owner = next((p.user_id for p in table.seated(Seat.CREW) if unit in p.units), None)
            whose = f"<@{owner}>'s" if owner else "not yours"
            raise Refusal(f"'{unit}' is {whose} to command; yours: {', '.join(mine) or 'none'}.")
        crew_players = table.seated(Seat.CREW)
        if (
            isinstance(command, EndPhase)
            and side is Side.CREW
            and phase is Phase.CREW
            and len(crew_players) > 1
        ):
            units = table.open_units(user_id)
            if not units:
                raise Refusal(
                    "Your units are all done; the phase ends when every crew player is done."
                )
            return [EndUnit(u) for u in units]
        return [command]

    async def _apply(
        self, table: Table, side: Side, commands: list[Command], user_id: int | None
    ) -> Outcome:
        """Play ``commands``, store them with their public lines (and the new phase's
        snapshot) in one transaction, then report; nothing changes if any is refused."""
        game = table.game
        assert game is not None
        before_len, before_stamp = game.length, table.stamp()
        events: list[Event] = []
        public: list[str] = []
        statements: list[st.Statement] = []
        try:
            for command in commands:
                seq = game.length
                step = game.play(side, command)
                events += step
                said = loading.public_lines(step)
                public += said
                statements += st.add_public_lines(table.id, seq, said)
        except GameError as err:
            game.truncate(before_len)
            raise Refusal(err.describe()) from None
        now = self.clock()
        rows = [
            CommandRow(before_len + i, side.value, entry.command.notation(), user_id, now)
            for i, entry in enumerate(game.log[before_len - game.base :])
        ]
        new_phase = table.stamp() != before_stamp
        statements += [st.append_command(table.id, r) for r in rows]
        row = table.row
        snap = None
        if new_phase:
            row = self._new_phase_row(table, now)
            snap = loading.snapshot_row(game.state, game.length, now)
            statements += st.put_newest_snapshot(table.id, snap)
        from_setup = before_stamp == "setup" and game.state.phase is not Phase.SETUP
        if from_setup:
            living = [
                line.id
                for line in table.view_for(Viewer.CREW).crew
                if can_act(line.fate, line.condition)
            ]
            statements += self._deal(table, living)
        try:
            await self.store.commit([*statements, st.update_game(row)])
        except Exception:
            game.truncate(before_len)
            await self._reload_players(table)
            raise
        table.row = row
        table.recent += rows
        outcome = Outcome(table.id, table.channel_id, actor=user_id, actor_side=side)
        outcome.public = public
        outcome.alien_private = [event_line(e) for e in events if e.audience.value == "alien"]
        outcome.crew_private = [event_line(e) for e in events if e.audience.value == "crew"]
        own = outcome.alien_private if side is Side.ALIEN else outcome.crew_private
        outcome.reply = [*outcome.public, *own] or ["Done."]
        outcome.undo_stamp = game.length
        outcome.unit = _unit_of(commands[-1])
        if snap is not None:
            outcome.new_phase = True
            outcome.summary = await self.store.summary_lines(table.id, table.phase_seq)
            outcome.game_over = game.state.phase is Phase.OVER
            outcome.send_hands = before_stamp == "setup"
            game.rebase(snap.state)
            table.recent, table.phase_seq = [], snap.seq
        if side is Side.ALIEN:
            log.info("game %d: the alien played a command", table.id)
        else:
            log.info("game %d: the crew played %s", table.id, ", ".join(c.verb for c in commands))
        return outcome

    def _new_phase_row(self, table: Table, now: float) -> GameRow:
        row = table.row.with_(
            phase_key=table.stamp(), phase_since=now, reminders_sent=0, last_reminder=now
        )
        row = self._arm_deadline(row, now)
        if table.phase() is Phase.OVER:
            row = row.with_(status="over", deadline_at=None)
        return row

    async def _reload_players(self, table: Table) -> None:
        table.players = {p.user_id: p for p in await self.store.players(table.id)}

    def _arm_deadline(self, row: GameRow, now: float) -> GameRow:
        if row.deadline_hours > 0:
            return row.with_(deadline_at=now + row.deadline_hours * 3600)
        return row.with_(deadline_at=None)

    async def record_map(self, table: Table, message_id: int) -> None:
        """Remember the map message posted for the phase that just began."""
        if table.phase_seq:
            await self.store.commit([st.set_map_message(table.id, table.phase_seq, message_id)])

    async def undo(self, table: Table, user_id: int, stamp: int | None = None) -> Outcome:
        async with self._hold(table):
            if table.status != "playing" or table.game is None:
                raise Refusal("There is nothing to undo: the game is not in progress.")
            side = table.side_of(user_id)
            if side is None:
                raise Refusal("Only players can undo their own commands.")
            game = table.game
            if stamp is not None and stamp != game.length:
                raise Refusal("That button is stale: the game has moved on since.")
            if not table.recent:
                raise Refusal("Cannot undo across the start of a phase.")
            if table.recent[-1].user_id != user_id:
                raise Refusal(
                    "You can only undo your own last command, and the last one is not yours."
                )
            reason = game.can_undo(side)
            if reason is not None:
                raise Refusal(f"Cannot undo: {reason}.")
            last = table.recent[-1]
            outcome = Outcome(table.id, table.channel_id, actor=user_id, actor_side=side)
            verb = last.command.split()[0]
            outcome.reply = [
                "Undone: your last command." if side is Side.ALIEN else f"Undone: `{last.command}`."
            ]
            outcome.public = [
                "The alien takes back its last action."
                if side is Side.ALIEN
                else f"<@{user_id}> takes back `{verb}`."
            ]
            await self.store.commit(
                [
                    st.truncate_commands(table.id, last.seq),
                    *st.add_public_lines(table.id, last.seq, outcome.public, summary=False),
                ]
            )
            game.undo(side)
            table.recent.pop()
            return outcome

    # --- referee and moderators ------------------------------------------------------
    async def expire(self, table: Table, now: float) -> Outcome | None:
        """The phase deadline passed: the acting side's remaining units stop."""
        async with self._hold(table):
            row = table.row
            if row.status != "playing" or row.deadline_at is None or row.deadline_at > now:
                return None
            assert table.game is not None
            sides = table.acting_sides()
            commands: list[tuple[Side, Command]] = []
            if table.game.state.phase is Phase.SETUP:
                commands = [(s, QuickSetup()) for s in sides]
            elif sides:
                commands = [(sides[0], EndPhase())]
            note = "⏰ The phase deadline has passed: " + (
                "set-up is completed at random for the side(s) still choosing."
                if table.game.state.phase is Phase.SETUP
                else f"the {sides[0].value} phase ends as if its remaining units had stopped."
            )
            outcome = Outcome(table.id, table.channel_id)
            for side, command in commands:
                step = await self._apply(table, side, [command], None)
                outcome = _merge(outcome, step)
            outcome.public.insert(0, note)
            outcome.reply = []
            return outcome

    async def remind(self, table: Table, now: float) -> list[int] | None:
        """If a reminder is due, count it sent and return whom the game waits for."""
        async with self._hold(table):
            row = table.row
            if not row.reminder_due(now):
                return None
            updated = row.with_(reminders_sent=row.reminders_sent + 1, last_reminder=now)
            await self.store.commit([st.update_game(updated)])
            table.row = updated
            return table.waiting_users()

    async def configure(self, table: Table, **changes: float | int) -> GameRow:
        async with self._hold(table):
            row = table.row.with_(**changes)
            if "deadline_hours" in changes and row.status == "playing":
                base = row.phase_since or self.clock()
                row = row.with_(
                    deadline_at=base + row.deadline_hours * 3600 if row.deadline_hours > 0 else None
                )
            if "remind_hours" in changes or "remind_max" in changes:
                row = row.with_(reminders_sent=0)
            await self.store.commit([st.update_game(row)])
            table.row = row
            return row

    async def assign(self, table: Table, unit: str, user_id: int) -> None:
        async with self._hold(table):
            if table.game is None or table.game.state.phase is Phase.SETUP:
                raise Refusal("Crew members are handed out when set-up is done.")
            target = table.players.get(user_id)
            if target is None or target.seat != Seat.CREW.value:
                raise Refusal("Crew members can only be given to a crew player.")
            unit = unit.lower()
            crew_ids = [line.id for line in table.view_for(Viewer.CREW).crew]
            if unit not in crew_ids:
                raise Refusal(f"There is no crew member '{unit}'. Crew: {', '.join(crew_ids)}.")
            statements = []
            for player in table.seated(Seat.CREW):
                units = tuple(u for u in player.units if u != unit)
                if player.user_id == user_id:
                    units += (unit,)
                updated = PlayerRow(
                    player.user_id, player.seat, units, player.dm_ok, player.joined_at
                )
                table.players[player.user_id] = updated
                statements.append(st.put_player(table.id, updated))
            await self.store.commit(statements)

    async def mod_log(
        self, table: Table | None, channel_id: int, user_id: int, action: str
    ) -> None:
        await self.store.commit(
            [st.mod_action(table.id if table else None, channel_id, user_id, action, self.clock())]
        )

    async def reset(self, table: Table, mod_id: int) -> None:
        async with self._hold(table):
            await self.store.commit(
                [
                    st.delete_game(table.id),
                    st.mod_action(None, table.channel_id, mod_id, "reset", self.clock()),
                ]
            )
            self.tables.pop(table.id, None)
            if self.by_channel.get(table.channel_id) == table.id:
                del self.by_channel[table.channel_id]
            table.row = table.row.with_(status="reset")

    async def abort(self, table: Table, mod_id: int) -> None:
        async with self._hold(table):
            if table.status not in ("lobby", "playing"):
                raise Refusal("This game is not running.")
            row = table.row.with_(status="aborted", deadline_at=None)
            await self.store.commit(
                [
                    st.update_game(row),
                    st.mod_action(table.id, table.channel_id, mod_id, "abort", self.clock()),
                ]
            )
            table.row = row
            self.tables.pop(table.id, None)
            self.by_channel.pop(table.channel_id, None)

    async def rollback(self, table: Table, turn: int, phase: Phase, mod_id: int) -> Outcome:
        """A moderator's rollback to a phase start: found on a full replay of the stored
        log (rare, so ground truth over speed), then the game reloads from that point."""
        async with self._hold(table):
            if table.game is None or table.status not in ("playing", "over"):
                raise Refusal("Only a started game can be rolled back.")
            rows = await self.store.commands(table.id)
            lines = [(Side(r.side), parse(r.command)) for r in rows]
            game = Game.replay(table.row.seed, lines, self.ship, self.content)
            try:
                game.rollback(turn, phase)
            except GameError as err:
                starts = ", ".join(f"turn {t} {p.value}" for t, p, _ in game.phase_starts())
                raise Refusal(f"{err.describe()}. Phases to roll back to: {starts}.") from None
            length = game.length
            table.game = game
            now = self.clock()
            row = table.row.with_(
                status="playing", phase_key=table.stamp(), phase_since=now, reminders_sent=0
            )
            row = self._arm_deadline(row, now)
            await self.store.commit(
                [
                    st.truncate_commands(table.id, length),
                    st.truncate_snapshots(table.id, length),
                    st.truncate_public_lines(table.id, length),
                    st.update_game(row),
                    st.mod_action(
                        table.id, table.channel_id, mod_id, f"rollback {turn} {phase.value}", now
                    ),
                ]
            )
            table.row = row
            table.unload()
            await loading.load(self.store, table, self.ship, self.content)
            outcome = Outcome(table.id, table.channel_id, actor=mod_id, new_phase=True)
            outcome.summary = [
                f"A moderator rolled the game back to turn {turn}, {phase.value} phase."
            ]
            return outcome

    async def replace(self, table: Table, old_id: int, new_id: int, mod_id: int) -> str:
        async with self._hold(table):
            old = table.players.get(old_id)
            if old is None or old.seat == Seat.SPECTATOR.value:
                raise Refusal("That member has no seat at this game.")
            taken = table.players.get(new_id)
            if taken is not None and taken.seat != Seat.SPECTATOR.value:
                raise Refusal("The new member already plays in this game.")
            new = PlayerRow(new_id, old.seat, old.units, True, old.joined_at)
            statements = [
                st.delete_player(table.id, old_id),
                st.put_player(table.id, new),
                st.mod_action(
                    table.id, table.channel_id, mod_id, f"replace {old.seat}", self.clock()
                ),
            ]
            # Commands keep their author; undo stays with whoever played them.
            await self.store.commit(statements)
            del table.players[old_id]
            table.players[new_id] = new
            return old.seat

    async def remove(self, table: Table, user_id: int, mod_id: int) -> str:
        async with self._hold(table):
            player = table.players.get(user_id)
            if player is None:
                raise Refusal("That member has no seat at this game.")
            statements = [
                st.delete_player(table.id, user_id),
                st.mod_action(
                    table.id, table.channel_id, mod_id, f"remove {player.seat}", self.clock()
                ),
            ]
            del table.players[user_id]
            statements += self._deal(table, player.units)
            await self.store.commit(statements)
            return player.seat

    async def set_mod_role(self, guild_id: int, role_id: int | None) -> None:
        await self.store.commit([st.set_mod_role(guild_id, role_id)])


def computer_seed(seed: int, length: int) -> int:
    """The game-played side's dice for the decision after ``length`` commands: from the
    game's seed, so a restart (or the same seed and moves) decides the same."""
    return (seed * 1_000_003 + length * 7_919 + 1) & ((1 << 64) - 1)


def _unit_of(command: Command) -> str | None:
    unit = getattr(command, "unit", None)
    return unit if isinstance(unit, str) else None


def _merge(first: Outcome, second: Outcome) -> Outcome:
    first.public += second.public
    first.alien_private += second.alien_private
    first.crew_private += second.crew_private
    first.new_phase = first.new_phase or second.new_phase
    first.summary += second.summary
    first.game_over = first.game_over or second.game_over
    first.send_hands = first.send_hands or second.send_hands
    return first
