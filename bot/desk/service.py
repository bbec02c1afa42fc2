"""The referee's desk: every channel's game, its seats, and what each command changes.

No discord imports: the Discord layer turns an :class:`Outcome` into messages, and no
words of its own for what happened either: an outcome holds typed events for each
audience and names the parts of a lesson that are due (:mod:`bot.desk.notes`), and the
edge words them in each reader's language (:mod:`bot.present`). Commands on one channel
run one at a time (a lock per game); every accepted command is written to the store in
one transaction before anyone is told about it.

:class:`Desk` is the face the client and the command line use; it holds no logic of its
own. Each part of the work is a collaborator with its own narrow reach, made here with
only what it needs:

- the keeper (:mod:`bot.desk.keeper`): the tables in memory, loading them, finding the
  one a command means, and the one guarded road to the store (``hold``, ``commit``);
- the lobby (:mod:`bot.desk.lobby`): a game's creation, seats and start;
- play (:mod:`bot.desk.play`) and the referee (:mod:`bot.desk.referee`): the commands of
  a running game, and the one road each takes to the store and back as an outcome;
- attendance (:mod:`bot.desk.attendance`) and deadlines (:mod:`bot.desk.deadlines`):
  whom a game waits on and how each phase went, and its clocks;
- people (:mod:`bot.desk.people`), substitutes (:mod:`bot.desk.subs`), the outbox
  (:mod:`bot.desk.outbox`) and the stand-ins (:mod:`bot.desk.stand_in`): the player as
  a person across games;
- the endings (:mod:`bot.desk.endings`): a side's resignation, a claim of a stale game;
- moderation, imports, tutorials and the advisor (:mod:`bot.desk.moderation`,
  :mod:`bot.desk.imports`, :mod:`bot.desk.tutorial`, :mod:`bot.desk.advisor`).
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Iterable

from bot.desk import finding
from bot.desk.advisor import Advisor
from bot.desk.attendance import Attendance
from bot.desk.computer_seat import DEFAULT_LEVEL
from bot.desk.deadlines import Deadlines
from bot.desk.endings import ClaimAnswer, Ending, Endings
from bot.desk.imports import Imports, Prepared
from bot.desk.keeper import IDLE_MINUTES_DEFAULT, STALE, Keeper, secret_seed
from bot.desk.lobby import Lobby
from bot.desk.moderation import Moderation
from bot.desk.notices import Notice
from bot.desk.outbox import Outbox, PhasePings
from bot.desk.outcome import Outcome
from bot.desk.people import Absence, People
from bot.desk.play import Play
from bot.desk.public_log import LogItem
from bot.desk.records import Record
from bot.desk.referee import Referee
from bot.desk.shards import ShardSpec
from bot.desk.stand_in import StandIns
from bot.desk.subs import Substitutes, Substitution
from bot.desk.tables import NotLoaded, NotSaved, Refusal, Seat, Table, legal_for_player
from bot.desk.tutorial import Tutorials
from bot.store import GameRow, PlayerRow, Store
from bot.store.people import MyGame, SeatCall, Settings
from engine.board.ship import Ship
from engine.commands import Command
from engine.content import Content
from engine.events import Event
from engine.players.expert import Decision
from engine.records.rollback import Shown
from engine.records.script import Say
from engine.state import Phase, Side

__all__ = [
    "IDLE_MINUTES_DEFAULT",
    "STALE",
    "Desk",
    "NotLoaded",
    "NotSaved",
    "Outcome",
    "Refusal",
    "Seat",
    "Table",
]


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
        shards: ShardSpec | None = None,
        seeds: Callable[[], int] = secret_seed,
    ) -> None:
        keeper = Keeper(
            store,
            ship=ship,
            content=content,
            clock=clock,
            idle_minutes=idle_minutes,
            shards=shards,
            seeds=seeds,
        )
        attendance = Attendance(keeper)
        deadlines = Deadlines(keeper)
        referee = Referee(keeper, attendance)
        imports = Imports(keeper)
        tutorials = Tutorials(keeper, referee)
        stand_ins = StandIns(keeper)
        self._keeper = keeper
        self._attendance = attendance
        self._deadlines = deadlines
        self._imports = imports
        self._tutorials = tutorials
        self._stand_ins = stand_ins
        self._lobby = Lobby(keeper, attendance, imports)
        self._play = Play(keeper, referee, attendance, deadlines, tutorials, stand_ins)
        self._moderation = Moderation(keeper, attendance)
        self._people = People(keeper, attendance)
        self._subs = Substitutes(keeper, attendance)
        self._outbox = Outbox(keeper)
        self._advisor = Advisor(keeper)
        self._endings = Endings(keeper)

    # --- what every part shares, held by the keeper -----------------------------------
    @property
    def store(self) -> Store:
        return self._keeper.store

    @property
    def ship(self) -> Ship:
        return self._keeper.ship

    @property
    def content(self) -> Content:
        return self._keeper.content

    @property
    def shards(self) -> ShardSpec:
        return self._keeper.shards

    @property
    def clock(self) -> Callable[[], float]:
        return self._keeper.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self._keeper.clock = clock

    @property
    def seeds(self) -> Callable[[], int]:
        """Where a live game's seed comes from (tests fix it)."""
        return self._keeper.seeds

    @seeds.setter
    def seeds(self, seeds: Callable[[], int]) -> None:
        self._keeper.seeds = seeds

    @property
    def on_damage(self) -> Callable[[Table], Awaitable[None]] | None:
        """Told (once a process) when a game's stored record turns out damaged."""
        return self._keeper.on_damage

    @on_damage.setter
    def on_damage(self, tell: Callable[[Table], Awaitable[None]] | None) -> None:
        self._keeper.on_damage = tell

    @property
    def idle_seconds(self) -> float:
        return self._keeper.idle_seconds

    @property
    def tables(self) -> dict[int, Table]:
        """By game id; games load on demand."""
        return self._keeper.tables

    @property
    def by_channel(self) -> dict[int, int]:
        """Channel id -> its current game's id."""
        return self._keeper.by_channel

    # --- the tables (the keeper's) ------------------------------------------------------
    async def load(self) -> int:
        return await self._keeper.load()

    def serves(self, table: Table) -> bool:
        return self._keeper.serves(table)

    async def adopt_games_of(self, user_id: int) -> None:
        await self._keeper.adopt_games_of(user_id)

    async def find(self, game_id: int) -> Table | None:
        return await self._keeper.find(game_id)

    async def loaded(self, table: Table) -> Table:
        return await self._keeper.loaded(table)

    def prefetch(self, table: Table) -> None:
        self._keeper.prefetch(table)

    def evict_idle(self, now: float) -> int:
        return self._keeper.evict_idle(now)

    async def verify_some(self, count: int) -> int:
        return await self._keeper.verify_some(count)

    async def public_log(self, table: Table) -> list[LogItem]:
        return await self._keeper.public_log(table)

    def table_in(self, channel_id: int) -> Table | None:
        return self._keeper.table_in(channel_id)

    def require_table(self, channel_id: int) -> Table:
        return self._keeper.require_table(channel_id)

    def games_of(
        self, user_id: int, seats: Iterable[Seat] = (Seat.ALIEN, Seat.CREW)
    ) -> list[Table]:
        return self._keeper.games_of(user_id, seats)

    def pick_game(self, user_id: int, channel_id: int | None, game_id: int | None) -> Table:
        return self._keeper.pick_game(user_id, channel_id, game_id)

    # --- lobbies, seats and the start (the lobby's) -------------------------------------
    async def create(
        self,
        channel_id: int,
        guild_id: int | None,
        channel_name: str,
        user_id: int,
        seed: int | None = None,
        hints: bool = True,
        variants: frozenset[str] = frozenset(),
        min_reliability: int = 0,
    ) -> Table:
        return await self._lobby.create(
            *(channel_id, guild_id, channel_name, user_id),
            seed=seed,
            hints=hints,
            variants=variants,
            min_reliability=min_reliability,
        )

    def open_lobbies(self, guild_id: int) -> list[Table]:
        return finding.open_lobbies(self._keeper, guild_id)

    async def seat_alerts(self, table: Table) -> list[int]:
        return await finding.seat_alerts(self._keeper, table)

    async def join(self, table: Table, user_id: int, seat: Seat) -> PlayerRow:
        return await self._lobby.join(table, user_id, seat)

    async def give_to_computer(
        self,
        table: Table,
        user_id: int,
        side: Side | None,
        is_mod: bool,
        level: str = DEFAULT_LEVEL,
    ) -> Side | None:
        return await self._lobby.give_to_computer(table, user_id, side, is_mod, level)

    async def set_dm_ok(self, table: Table, user_id: int, ok: bool) -> None:
        await self._lobby.set_dm_ok(table, user_id, ok)

    async def leave(self, table: Table, user_id: int) -> str:
        return await self._lobby.leave(table, user_id)

    async def start(self, table: Table, user_id: int, is_mod: bool) -> Outcome:
        return await self._lobby.start(table, user_id, is_mod)

    # --- a running game (play's) ---------------------------------------------------------
    def legal_for(self, table: Table, user_id: int, unit: str | None = None) -> list[Command]:
        """Legal commands this user may give now (their side, their units)."""
        return legal_for_player(table, user_id, unit)

    async def play(
        self,
        table: Table,
        user_id: int,
        text: str | Command,
        *,
        in_dm: bool = False,
        as_side: Side | None = None,
    ) -> Outcome:
        return await self._play.play(table, user_id, text, in_dm=in_dm, as_side=as_side)

    async def undo(self, table: Table, user_id: int, stamp: int | None = None) -> Outcome:
        return await self._play.undo(table, user_id, stamp)

    async def computer_move(self, table: Table) -> Outcome | None:
        return await self._play.computer_move(table)

    async def stand_in_move(self, table: Table) -> Outcome | None:
        return await self._play.stand_in_move(table)

    async def stand_in_due(self, table: Table) -> bool:
        return await self._stand_ins.stand_in_due(table)

    async def expire(self, table: Table, now: float) -> Outcome | None:
        return await self._play.expire(table, now)

    # --- a running game's clocks (deadlines') ------------------------------------------
    async def pause(self, table: Table, mod_id: int) -> GameRow:
        return await self._deadlines.pause(table, mod_id)

    async def resume(self, table: Table, mod_id: int) -> GameRow:
        return await self._deadlines.resume(table, mod_id)

    async def refresh_reminders(
        self, game_id: int | None = None, user_id: int | None = None
    ) -> None:
        await self._attendance.refresh_reminders(game_id, user_id)

    # --- tutorials (the tutorials') -----------------------------------------------------
    async def open_tutorial(
        self, channel_id: int, guild_id: int | None, name: str, user_id: int, side: Side
    ) -> tuple[Table, Outcome, list[Table]]:
        return await self._tutorials.open_tutorial(channel_id, guild_id, name, user_id, side)

    def check_lesson(self, table: Table, command: Command) -> None:
        self._tutorials.check_lesson(table, command)

    async def follow_lesson(self, table: Table, outcome: Outcome) -> Outcome:
        return await self._tutorials.follow_lesson(table, outcome)

    async def catch_up_lesson(self, table: Table) -> Outcome | None:
        return await self._tutorials.catch_up_lesson(table)

    # --- a game recreated from a script (imports') --------------------------------------
    async def import_game(
        self,
        channel_id: int,
        guild_id: int | None,
        channel_name: str,
        user_id: int,
        text: str,
        *,
        say: Say,
    ) -> tuple[Table, Prepared]:
        return await self._imports.import_game(
            channel_id, guild_id, channel_name, user_id, text, say=say
        )

    # --- moderators and a game's settings (moderation's) --------------------------------
    async def configure(self, table: Table, **changes: float | int) -> GameRow:
        return await self._moderation.configure(table, **changes)

    async def assign(
        self, table: Table, unit: str, user_id: int, by: int, is_mod: bool
    ) -> int | None:
        return await self._moderation.assign(table, unit, user_id, by, is_mod)

    async def mod_log(
        self, table: Table | None, channel_id: int, user_id: int, action: str
    ) -> None:
        await self._moderation.mod_log(table, channel_id, user_id, action)

    async def reset(self, table: Table, mod_id: int) -> None:
        await self._moderation.reset(table, mod_id)

    async def abort(self, table: Table, mod_id: int) -> None:
        await self._moderation.abort(table, mod_id)

    async def rollback_shown(self, table: Table, turn: int, phase: Phase) -> Shown:
        return await self._moderation.rollback_shown(table, turn, phase)

    async def rollback(self, table: Table, turn: int, phase: Phase, mod_id: int) -> Outcome:
        return await self._moderation.rollback(table, turn, phase, mod_id)

    async def replace(self, table: Table, old_id: int, new_id: int, mod_id: int) -> str:
        return await self._moderation.replace(table, old_id, new_id, mod_id)

    async def remove(self, table: Table, user_id: int, mod_id: int) -> str:
        return await self._moderation.remove(table, user_id, mod_id)

    async def set_mod_role(self, guild_id: int, role_id: int | None) -> None:
        await self._moderation.set_mod_role(guild_id, role_id)

    # --- an honest end (the endings') ----------------------------------------------------
    async def resign(self, table: Table, user_id: int) -> Ending:
        return await self._endings.resign(table, user_id)

    async def claim(self, table: Table, user_id: int) -> ClaimAnswer:
        return await self._endings.claim(table, user_id)

    # --- the Suggest button (the advisor's) ---------------------------------------------
    async def suggest(self, table: Table, user_id: int) -> Decision | None:
        return await self._advisor.suggest(table, user_id)

    # --- a person across their games (people's) -----------------------------------------
    async def my_settings(self, user_id: int) -> Settings:
        return await self._people.my_settings(user_id)

    async def change_settings(
        self,
        user_id: int,
        *,
        notify: str | None = None,
        notify_when: str | None = None,
        reminders: str | None = None,
        time_zone: str | None = None,
        quiet: str | None = None,
        language: str | None = None,
        seat_alert: str | None = None,
        stats: str | None = None,
    ) -> Settings:
        return await self._people.change_settings(
            user_id,
            notify=notify,
            notify_when=notify_when,
            reminders=reminders,
            time_zone=time_zone,
            quiet=quiet,
            language=language,
            seat_alert=seat_alert,
            stats=stats,
        )

    def heard(self, user_id: int, language: str) -> None:
        self._people.heard(user_id, language)

    async def language_of(self, user_id: int) -> str:
        return await self._people.language_of(user_id)

    async def go_away(
        self, user_id: int, until: str, mode: str, note: str = "", public: bool = False
    ) -> Absence:
        return await self._people.go_away(user_id, until, mode, note, public)

    async def come_back(self, user_id: int) -> Absence:
        return await self._people.come_back(user_id)

    async def my_games(self, user_id: int) -> list[MyGame]:
        return await self._people.my_games(user_id)

    async def record(self, user_id: int) -> Record:
        return await self._people.record(user_id)

    async def forget(self, user_id: int) -> int:
        return await self._people.forget(user_id)

    # --- substitutes (the substitutes') -------------------------------------------------
    async def ask_sub(self, table: Table, user_id: int, by: int, is_mod: bool) -> SeatCall:
        return await self._subs.ask_sub(table, user_id, by, is_mod)

    async def call_table(self, call_id: int) -> tuple[Table, SeatCall]:
        return await self._subs.call_table(call_id)

    async def waiting_substitute(self, game_id: int, user_id: int) -> bool:
        return await self._subs.waiting_substitute(game_id, user_id)

    async def claim_call_post(self, call_id: int) -> bool:
        return await self._subs.claim_call_post(call_id)

    async def claim_seat(self, call_id: int, user_id: int) -> tuple[Table, SeatCall]:
        return await self._subs.claim_seat(call_id, user_id)

    async def approve_sub(self, call_id: int, approver: int, is_mod: bool) -> Substitution:
        return await self._subs.approve_sub(call_id, approver, is_mod)

    async def refuse_sub(self, call_id: int, by: int, is_mod: bool) -> tuple[Table, SeatCall]:
        return await self._subs.refuse_sub(call_id, by, is_mod)

    async def withdraw_call(self, call_id: int, by: int, is_mod: bool) -> tuple[Table, SeatCall]:
        return await self._subs.withdraw_call(call_id, by, is_mod)

    async def set_call_message(self, call_id: int, message_id: int) -> None:
        await self._subs.set_call_message(call_id, message_id)

    async def briefing(self, table: Table, user_id: int) -> list[tuple[list[Event], str]]:
        return await self._subs.briefing(table, user_id)

    async def calls_due(self, now: float) -> tuple[list[SeatCall], list[SeatCall]]:
        return await self._subs.calls_due(now)

    # --- pings (the outbox's) -----------------------------------------------------------
    async def plan_phase_pings(self, table: Table, now: float) -> PhasePings:
        return await self._outbox.plan_phase_pings(table, now)

    async def clock_notices(self, now: float) -> list[Notice]:
        return await self._outbox.clock_notices(now)

    async def stand_in_games(self, now: float) -> list[Table]:
        return await self._outbox.stand_in_games(now)
