"""A channel's game from its lobby to its start, and its seats: creating a lobby, joining
and leaving, giving a side to the game itself, starting, and whether a player's DMs
are open. Every seat follows the one rule of :func:`bot.desk.seating.seat_refusal`.
"""

from __future__ import annotations

import logging

from bot.desk import finding, incidents
from bot.desk.attendance import Attendance
from bot.desk.computer_seat import DEFAULT_LEVEL, seat_level, seat_text
from bot.desk.deadlines import arm_deadline
from bot.desk.imports import Imports
from bot.desk.keeper import Keeper
from bot.desk.outcome import Outcome
from bot.desk.seating import deal, deal_living, seat_refusal
from bot.desk.tables import NotSaved, Refusal, Seat, Table
from bot.language import N_  # refusals a catalogue translates where they are read
from bot.store import IMPORTED, PlayerRow, delete_player, put_player
from bot.store.failures import WriteFailed
from engine.records.scenario import opening_game, setup_opening
from engine.state import Side

log = logging.getLogger("quicksilver.bot")

SEEDED_NOTE = "🎲 Seeded game: secrets are predictable (a chosen seed, a script or a lesson)."


class Lobby:
    """Lobbies, seats and the start of a game."""

    def __init__(self, keeper: Keeper, attendance: Attendance, imports: Imports) -> None:
        self._keeper = keeper
        self._attendance = attendance
        self._imports = imports

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
        """A lobby. Its seed is secret and drawn by :attr:`seeds`, unless a seed is given
        (a moderator's reproducible game, or the scripts' and tests' own): that game is
        ``seeded``, announced as predictable and kept out of any records. ``hints``
        False switches the advisor's Suggest button off (README, "Playing on Discord").
        ``variants`` (already checked playable) are kept as the game's opening, so the
        game starts and replays with them (README, "Variants"); ``min_reliability``
        (percent) keeps less reliable players from its seats (README, "Ratings and
        deadlines")."""
        if not 0 <= min_reliability <= 100:
            raise Refusal(N_("A minimum reliability is a percentage, from 0 to 100."))
        current = self._keeper.table_in(channel_id)
        if current is not None and current.status in ("lobby", "playing"):
            raise Refusal(
                N_(
                    "This channel already has a game ({status}). A moderator can "
                    "`/mod abort` or `/mod reset` it."
                ),
                status=current.status,
            )
        seeded = seed is not None
        seed = seed if seed is not None else self._keeper.seeds()
        now = self._keeper.clock()
        try:
            row = await self._keeper.store.create_game(
                *(channel_id, guild_id, channel_name, seed, user_id, now),
                seeded=seeded,
                opening=setup_opening(variants),
                hints_off=not hints,
                min_reliability=min_reliability,
            )
        except WriteFailed as failed:
            raise NotSaved(incidents.record(failed, "creating a game")) from None
        table = Table(row, {})
        self._keeper.register(table)
        log.info("game %d created in channel %d", row.id, channel_id)
        return table

    async def join(self, table: Table, user_id: int, seat: Seat) -> PlayerRow:
        async with self._keeper.hold(table):
            current = table.players.get(user_id)
            if table.status not in ("lobby", "playing"):
                raise Refusal(N_("This game is over; create a new one with `/game create`."))
            if current is not None and current.seat == seat.value:
                raise Refusal(N_("You already sit as {seat}."), seat=seat.value)
            if seat is not Seat.SPECTATOR:
                if table.status != "lobby":
                    raise Refusal(
                        N_("The game has started; a moderator can seat you with `/mod replace`.")
                    )
                if current is not None and current.seat != Seat.SPECTATOR.value:
                    raise Refusal(
                        N_("You sit as {seat}; `/game leave` first to change sides."),
                        seat=current.seat,
                    )
                refusal = await seat_refusal(self._keeper.store, table, user_id, seat.value)
                if refusal is not None:  # the one rule for every path that seats a person
                    raise Refusal(refusal)
                refusal = await finding.reliability_refusal(self._keeper.store, table, user_id)
                if refusal is not None:
                    raise Refusal(refusal)
                if seat is Seat.ALIEN and table.alien_player() is not None:
                    raise Refusal(N_("The alien's seat is taken."))
                if table.computer is not None and table.computer.value == seat.value:
                    raise Refusal(
                        N_("The game itself plays the {side} in this game."), side=seat.value
                    )
            elif current is not None:
                raise Refusal(
                    N_("You sit as {seat}; `/game leave` first to only watch."), seat=current.seat
                )
            player = PlayerRow(user_id, seat.value, (), True, self._keeper.clock())
            await self._keeper.commit(table, [put_player(table.id, player)])
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
        it back), or changes the level it plays its side at. Returns the side the game
        held before."""
        async with self._keeper.hold(table):
            if table.status != "lobby":
                raise Refusal(N_("Seats can be given to the game only in the lobby."))
            if user_id != table.row.created_by and not is_mod:
                raise Refusal(
                    N_("Only the game's creator or a moderator can give a seat to the game.")
                )
            before = table.computer
            if side is not None:
                if table.seated(Seat(side.value)):
                    raise Refusal(
                        N_("People already sit as {side}; they must `/game leave` first."),
                        side=side.value,
                    )
                if before is not None and before is not side:
                    raise Refusal(
                        N_("The game already plays the {side}; it plays one side at most."),
                        side=before.value,
                    )
                if before is side and seat_level(table.row.computer) == level:
                    raise Refusal(
                        N_("The game already plays the {side} ({level})."),
                        side=side.value,
                        level=level,
                    )
            elif before is None:
                raise Refusal(N_("The game holds no seat here."))
            computer = seat_text(side, level) if side else ""
            await self._keeper.commit(table, [], table.row.with_(computer=computer))
            return before

    async def set_dm_ok(self, table: Table, user_id: int, ok: bool) -> None:
        """Remember whether a player's DMs are open (bookkeeping: a store that does not
        take it is logged, and it is noted again at the next DM)."""
        player = table.players.get(user_id)
        if player is None or player.dm_ok == ok or table.damaged_at is not None:
            return
        updated = PlayerRow(player.user_id, player.seat, player.units, ok, player.joined_at)
        try:
            await self._keeper.store.commit([put_player(table.id, updated)])
        except WriteFailed as failed:
            incidents.record(failed, f"noting a player's DMs in game {table.id}")
            return
        table.players[user_id] = updated

    async def leave(self, table: Table, user_id: int) -> str:
        async with self._keeper.hold(table):
            player = table.players.get(user_id)
            if player is None:
                raise Refusal(N_("You have no seat in this game."))
            if table.status == "playing" and player.seat == Seat.ALIEN.value:
                raise Refusal(
                    N_(
                        "The alien cannot leave a game in progress: `/game resign` concedes it, "
                        "`/game sub` offers your seat, or a moderator can `/mod replace` you."
                    )
                )
            if table.status == "playing" and len(table.seated(Seat(player.seat))) == 1:
                raise Refusal(
                    N_(
                        "You are your side's last player: `/game resign` concedes the game, "
                        "or `/game sub` offers your seat to a substitute."
                    )
                )
            statements = [delete_player(table.id, user_id)]
            statements += self._attendance.seat_left(table, user_id, "left", self._keeper.clock())
            draft = table.draft()
            del draft.players[user_id]
            if player.units:
                statements += deal(draft, player.units)
            await self._keeper.commit(table, statements)
            table.adopt(draft)
            return player.seat

    async def start(self, table: Table, user_id: int, is_mod: bool) -> Outcome:
        async with self._keeper.hold(table):
            if table.status != "lobby":
                raise Refusal(N_("The game has already started."))
            if user_id not in table.players and user_id != table.row.created_by and not is_mod:
                raise Refusal(
                    N_("Only a seated player, the game's creator or a moderator can start it.")
                )
            if not table.held(Side.ALIEN) or not table.held(Side.CREW):
                raise Refusal(
                    N_(
                        "A game needs an alien and at least one crew player to start "
                        "(`/game computer` gives a side to the game)."
                    )
                )
            now = self._keeper.clock()
            draft = table.draft()
            if table.row.kind == IMPORTED:
                game, outcome = await self._imports.continue_imported(draft)
            else:
                keeper = self._keeper
                game = opening_game(table.row.seed, table.row.opening, keeper.ship, keeper.content)
                outcome = Outcome(table.id, table.channel_id, new_phase=True)
                outcome.public.append(
                    "The game begins: set-up (B). Each side makes its choices with its "
                    "commands, or `/game setup` for a quick setup of your side."
                )
                outcome.summary = ["Set-up: the crew and the alien make their choices (B.1)."]
            if table.row.seeded:
                outcome.public.append(SEEDED_NOTE)
            draft.game = game
            draft.row = table.row.with_(status="playing", phase_since=now)
            row = arm_deadline(draft.row.with_(phase_key=draft.stamp()), now)
            seats = await self._attendance.on_start(draft, now)
            await self._keeper.commit(table, [*deal_living(draft), *seats], row)
            table.adopt(draft)
            outcome.actor = user_id
            return outcome
