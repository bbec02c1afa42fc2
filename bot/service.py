"""The referee's desk: every channel's game, its seats, and what each command changes.

No discord imports: the Discord layer turns an :class:`Outcome` into messages. Commands
on one channel run one at a time (a lock per game); every accepted command is written to
the store in one transaction before anyone is told about it. Everything people read is
built from :func:`engine.views.view` and :func:`engine.views.events_for`, never from state.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from bot import store as st
from bot.store import CommandRow, GameRow, PlayerRow, SnapshotRow, Store
from engine.commands import Command, EndPhase, EndUnit, QuickSetup, parse
from engine.content import Content, load_content
from engine.dice import Rng
from engine.errors import GameError
from engine.events import Event
from engine.floorplan import default_ship
from engine.game import Game
from engine.legal import legal_commands
from engine.players import alien_ai, crew_ai, decide
from engine.setup import waiting_on
from engine.ship import Ship
from engine.state import Phase, Side
from engine.views import View, Viewer, events_for, view

log = logging.getLogger("quicksilver.bot")

PUBLIC_LOG_KEPT = 500


class Seat(StrEnum):
    ALIEN = "alien"
    CREW = "crew"
    SPECTATOR = "spectator"


class Refusal(Exception):
    """A command the desk turns down; nothing changed. ``str()`` is for the person."""


def event_line(event: Event) -> str:
    """One event for a person, with its roll and modifiers when it has one."""
    text = event.text
    if event.roll is not None and "d6" not in text:
        text += f" ({event.roll.describe()})"
    return text


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


@dataclass
class Table:
    """One channel's current game, in memory."""

    row: GameRow
    players: dict[int, PlayerRow]
    game: Game | None = None
    commands: list[CommandRow] = field(default_factory=list)
    public_log: list[str] = field(default_factory=list)
    since_map: list[str] = field(default_factory=list)
    snapshots: dict[int, SnapshotRow] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # the desk's: state and store
    channel_lock: asyncio.Lock = field(
        default_factory=asyncio.Lock
    )  # the bot's: a command and its posts

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def channel_id(self) -> int:
        return self.row.channel_id

    @property
    def status(self) -> str:
        return self.row.status

    @property
    def computer(self) -> Side | None:
        """The side the game itself plays, if any."""
        return Side(self.row.computer) if self.row.computer else None

    def held(self, side: Side) -> bool:
        """Whether someone (or the game) holds ``side``'s seat."""
        return self.computer is side or bool(self.seated(Seat(side.value)))

    def computer_to_move(self) -> bool:
        return self.computer is not None and self.computer in self.acting_sides()

    def seat_of(self, user_id: int) -> Seat | None:
        player = self.players.get(user_id)
        return Seat(player.seat) if player else None

    def side_of(self, user_id: int) -> Side | None:
        seat = self.seat_of(user_id)
        return Side(seat.value) if seat in (Seat.ALIEN, Seat.CREW) else None

    def seated(self, seat: Seat) -> list[PlayerRow]:
        return [p for p in self.players.values() if p.seat == seat.value]

    def alien_player(self) -> PlayerRow | None:
        found = self.seated(Seat.ALIEN)
        return found[0] if found else None

    def view_for(self, viewer: Viewer | str) -> View:
        assert self.game is not None
        return view(self.game.state, viewer, self.game.ship, self.game.content)

    def phase(self) -> Phase | None:
        return self.game.state.phase if self.game else None

    def stamp(self) -> str:
        """The phase as a short token ("setup", "3a", "3c", "over") for stale buttons."""
        if self.game is None:
            return self.row.status
        state_view = self.view_for(Viewer.SPECTATOR)
        if state_view.phase in ("setup", "over"):
            return state_view.phase
        return f"{state_view.turn}{state_view.phase[0]}"

    def acting_sides(self) -> list[Side]:
        if self.game is None or self.row.status != "playing":
            return []
        phase = self.game.state.phase
        if phase is Phase.SETUP:
            return list(waiting_on(self.game.state))
        if phase is Phase.ALIEN:
            return [Side.ALIEN]
        if phase is Phase.CREW:
            return [Side.CREW]
        return []

    def open_units(self, user_id: int) -> list[str]:
        """The crew player's living units still to act this crew phase."""
        if self.game is None or self.game.state.phase is not Phase.CREW:
            return []
        mine = set(self.units_of(user_id))
        return [
            line.id
            for line in self.view_for(Viewer.CREW).crew
            if line.id in mine and not line.done and _can_act(line.fate, line.condition)
        ]

    def units_of(self, user_id: int) -> tuple[str, ...]:
        player = self.players.get(user_id)
        if player is None:
            return ()
        if player.seat == Seat.ALIEN.value:
            return tuple(a.id for a in self.view_for(Viewer.ALIEN).aliens) if self.game else ()
        if player.seat != Seat.CREW.value:
            return ()
        orphans = self._unassigned()
        return player.units + orphans

    def _unassigned(self) -> tuple[str, ...]:
        """Living humans no crew player holds (after someone left): anyone's to command."""
        if self.game is None or self.game.state.phase is Phase.SETUP:
            return ()
        held = {u for p in self.seated(Seat.CREW) for u in p.units}
        return tuple(
            line.id
            for line in self.view_for(Viewer.CREW).crew
            if line.id not in held and _can_act(line.fate, line.condition)
        )

    def waiting_users(self) -> list[int]:
        """Whom the game waits for now."""
        users: list[int] = []
        for side in self.acting_sides():
            for player in self.seated(Seat(side.value)):
                crew_turn = side is Side.CREW and self.phase() is Phase.CREW
                if crew_turn and not self.open_units(player.user_id):
                    continue
                users.append(player.user_id)
        return users


def _can_act(fate: str, condition: str) -> bool:
    return fate == "aboard" and condition != "deceased"


class Desk:
    """All tables; the one place games change."""

    def __init__(
        self,
        store: Store,
        *,
        ship: Ship | None = None,
        content: Content | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.ship = ship or default_ship()
        self.content = content or load_content()
        self.clock = clock
        self.tables: dict[int, Table] = {}  # by game id
        self.by_channel: dict[int, int] = {}  # channel id -> current game id

    # --- loading -------------------------------------------------------------------
    async def load(self) -> int:
        """Rebuild every current game by replaying its command log."""
        for row in await self.store.current_games():
            players = {p.user_id: p for p in await self.store.players(row.id)}
            table = Table(row, players)
            table.snapshots = {s.seq: s for s in await self.store.snapshots(row.id)}
            if row.status != "lobby":
                table.game = Game.new(row.seed, self.ship, self.content)
                for command in await self.store.commands(row.id):
                    try:
                        events = table.game.play(Side(command.side), command.command)
                    except GameError as err:
                        log.error(
                            "game %d: replay stopped at command %d: %s", row.id, command.seq, err
                        )
                        break
                    table.commands.append(command)
                    self._remember_public(table, events)
            self._register(table)
        return len(self.tables)

    def _register(self, table: Table) -> None:
        old = self.by_channel.get(table.channel_id)
        if old is not None and old != table.id:
            self.tables.pop(old, None)
        self.tables[table.id] = table
        self.by_channel[table.channel_id] = table.id

    def _remember_public(self, table: Table, events: Iterable[Event]) -> list[str]:
        lines = [event_line(e) for e in events_for(events, Viewer.SPECTATOR)]
        table.public_log.extend(lines)
        del table.public_log[:-PUBLIC_LOG_KEPT]
        table.since_map.extend(lines)
        return lines

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
        async with table.lock:
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
        self, table: Table, user_id: int, side: Side | None, is_mod: bool
    ) -> Side | None:
        """In the lobby, the creator or a moderator gives a side to the game (None: take
        it back). Returns the side the game held before."""
        async with table.lock:
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
            row = table.row.with_(computer=side.value if side else "")
            await self.store.commit([st.update_game(row)])
            table.row = row
            return before

    async def computer_move(self, table: Table) -> Outcome | None:
        """One move of the side the game plays, if the game waits on it: decided from that
        side's view and the legal commands only, then stored and reported like anyone's."""
        async with table.lock:
            side = table.computer
            game = table.game
            if side is None or game is None or not table.computer_to_move():
                return None
            if game.state.phase is Phase.SETUP:
                command: Command = QuickSetup()
            else:
                player = alien_ai if side is Side.ALIEN else crew_ai
                rng = Rng(computer_seed(table.row.seed, len(game.log)))
                command = decide(game.state, side, player, game.ship, game.content, rng)
            return await self._apply(table, side, [command], None)

    async def set_dm_ok(self, table: Table, user_id: int, ok: bool) -> None:
        player = table.players.get(user_id)
        if player is None or player.dm_ok == ok:
            return
        updated = PlayerRow(player.user_id, player.seat, player.units, ok, player.joined_at)
        await self.store.commit([st.put_player(table.id, updated)])
        table.players[user_id] = updated

    async def leave(self, table: Table, user_id: int) -> str:
        async with table.lock:
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
        async with table.lock:
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
        async with table.lock:
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
        game = table.game
        assert game is not None
        before_len = len(game.log)
        before_stamp = table.stamp()
        events: list[Event] = []
        try:
            for command in commands:
                events += game.play(side, command)
        except GameError as err:
            game_rebuild(game, before_len)
            raise Refusal(err.describe()) from None
        now = self.clock()
        rows = [
            CommandRow(before_len + i, side.value, entry.command.notation(), user_id, now)
            for i, entry in enumerate(game.log[before_len:])
        ]
        outcome = Outcome(table.id, table.channel_id, actor=user_id, actor_side=side)
        new_stamp = table.stamp()
        row = table.row
        statements: list[st.Statement] = [st.append_command(table.id, r) for r in rows]
        if new_stamp != before_stamp:
            row = row.with_(
                phase_key=new_stamp, phase_since=now, reminders_sent=0, last_reminder=now
            )
            row = self._arm_deadline(row, now)
            if game.state.phase is Phase.OVER:
                row = row.with_(status="over", deadline_at=None)
            snap = self._snapshot(table, now)
            statements.append(st.put_snapshot(table.id, snap))
        before_phase_setup = before_stamp == "setup"
        deal: list[st.Statement] = []
        if before_phase_setup and game.state.phase is not Phase.SETUP:
            living = [
                line.id
                for line in table.view_for(Viewer.CREW).crew
                if _can_act(line.fate, line.condition)
            ]
            deal = self._deal(table, living)
        try:
            await self.store.commit([*statements, *deal, st.update_game(row)])
        except Exception:
            game_rebuild(game, before_len)
            await self._reload_players(table)
            raise
        table.row = row
        table.commands += rows
        if new_stamp != before_stamp:
            table.snapshots[snap.seq] = snap
        outcome.public = self._remember_public(table, events)
        outcome.alien_private = [event_line(e) for e in events if e.audience.value == "alien"]
        outcome.crew_private = [event_line(e) for e in events if e.audience.value == "crew"]
        own = outcome.alien_private if side is Side.ALIEN else outcome.crew_private
        outcome.reply = [*outcome.public, *own] or ["Done."]
        outcome.undo_stamp = len(game.log)
        outcome.unit = _unit_of(commands[-1])
        if new_stamp != before_stamp:
            outcome.new_phase = True
            outcome.summary = list(table.since_map)
            table.since_map.clear()
            outcome.game_over = game.state.phase is Phase.OVER
            outcome.send_hands = before_phase_setup
        if side is Side.ALIEN:
            log.info("game %d: the alien played a command", table.id)
        else:
            log.info("game %d: the crew played %s", table.id, ", ".join(c.verb for c in commands))
        return outcome

    def _snapshot(self, table: Table, now: float) -> SnapshotRow:
        assert table.game is not None
        v = table.view_for(Viewer.SPECTATOR)
        return SnapshotRow(len(table.game.log), v.turn, v.phase, None, now)

    async def _reload_players(self, table: Table) -> None:
        table.players = {p.user_id: p for p in await self.store.players(table.id)}

    def _arm_deadline(self, row: GameRow, now: float) -> GameRow:
        if row.deadline_hours > 0:
            return row.with_(deadline_at=now + row.deadline_hours * 3600)
        return row.with_(deadline_at=None)

    async def record_map(self, table: Table, message_id: int) -> None:
        """Remember the map message posted for the phase that just began."""
        if not table.snapshots:
            return
        seq = max(table.snapshots)
        snap = table.snapshots[seq]
        updated = SnapshotRow(snap.seq, snap.turn, snap.phase, message_id, snap.at)
        await self.store.commit([st.put_snapshot(table.id, updated)])
        table.snapshots[seq] = updated

    async def undo(self, table: Table, user_id: int, stamp: int | None = None) -> Outcome:
        async with table.lock:
            if table.status != "playing" or table.game is None:
                raise Refusal("There is nothing to undo: the game is not in progress.")
            side = table.side_of(user_id)
            if side is None:
                raise Refusal("Only players can undo their own commands.")
            game = table.game
            if stamp is not None and stamp != len(game.log):
                raise Refusal("That button is stale: the game has moved on since.")
            if not table.commands or table.commands[-1].user_id != user_id:
                raise Refusal(
                    "You can only undo your own last command, and the last one is not yours."
                )
            reason = game.can_undo(side)
            if reason is not None:
                raise Refusal(f"Cannot undo: {reason}.")
            last = table.commands[-1]
            before_stamp = table.stamp()
            game.undo(side)
            if table.stamp() != before_stamp:  # pragma: no cover - engine never undoes a phase
                game_rebuild(game, len(table.commands))
                raise Refusal("Cannot undo across the start of a phase.")
            await self.store.commit([st.truncate_commands(table.id, last.seq)])
            table.commands.pop()
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
            table.public_log.append(outcome.public[0])
            return outcome

    # --- referee and moderators ------------------------------------------------------
    async def expire(self, table: Table, now: float) -> Outcome | None:
        """The phase deadline passed: the acting side's remaining units stop."""
        async with table.lock:
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

    async def reminders_due(self, now: float) -> list[tuple[Table, list[int]]]:
        due = []
        for table in list(self.tables.values()):
            row = table.row
            if (
                row.status != "playing"
                or row.remind_hours <= 0
                or row.reminders_sent >= row.remind_max
            ):
                continue
            last = max(row.last_reminder, row.phase_since)
            if now - last < row.remind_hours * 3600:
                continue
            async with table.lock:
                updated = row.with_(reminders_sent=row.reminders_sent + 1, last_reminder=now)
                await self.store.commit([st.update_game(updated)])
                table.row = updated
            due.append((table, table.waiting_users()))
        return due

    async def configure(self, table: Table, **changes: float | int) -> GameRow:
        async with table.lock:
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
        async with table.lock:
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
        async with table.lock:
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
        async with table.lock:
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
        async with table.lock:
            if table.game is None or table.status not in ("playing", "over"):
                raise Refusal("Only a started game can be rolled back.")
            game = table.game
            try:
                game.rollback(turn, phase)
            except GameError as err:
                starts = ", ".join(f"turn {t} {p.value}" for t, p, _ in game.phase_starts())
                raise Refusal(f"{err.describe()}. Phases to roll back to: {starts}.") from None
            length = len(game.log)
            now = self.clock()
            row = table.row.with_(
                status="playing", phase_key=table.stamp(), phase_since=now, reminders_sent=0
            )
            row = self._arm_deadline(row, now)
            await self.store.commit(
                [
                    st.truncate_commands(table.id, length),
                    st.truncate_snapshots(table.id, length),
                    st.update_game(row),
                    st.mod_action(
                        table.id, table.channel_id, mod_id, f"rollback {turn} {phase.value}", now
                    ),
                ]
            )
            table.row = row
            table.commands = table.commands[:length]
            table.snapshots = {s: snap for s, snap in table.snapshots.items() if s <= length}
            table.since_map.clear()
            self._rebuild_public_log(table)
            outcome = Outcome(table.id, table.channel_id, actor=mod_id, new_phase=True)
            outcome.summary = [
                f"A moderator rolled the game back to turn {turn}, {phase.value} phase."
            ]
            return outcome

    def _rebuild_public_log(self, table: Table) -> None:
        assert table.game is not None
        fresh = Game.new(table.row.seed, self.ship, self.content)
        table.public_log = []
        for entry in table.game.log:
            events = fresh.play(entry.side, entry.command)
            table.public_log += [event_line(e) for e in events_for(events, Viewer.SPECTATOR)]
        del table.public_log[:-PUBLIC_LOG_KEPT]

    async def replace(self, table: Table, old_id: int, new_id: int, mod_id: int) -> str:
        async with table.lock:
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
        async with table.lock:
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


def game_rebuild(game: Game, length: int) -> None:
    """Take ``game`` back to its first ``length`` commands (a refused batch, a failed write)."""
    while len(game.log) > length:
        kept = [(e.side, e.command) for e in game.log[:length]]
        fresh = Game.replay(game.seed, kept, game.ship, game.content)
        game.state, game.log = fresh.state, fresh.log
