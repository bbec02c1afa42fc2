"""The referee's desk: every channel's game, its seats, and what each command changes.

No discord imports: the Discord layer turns an :class:`Outcome` into messages. Commands
on one channel run one at a time (a lock per game); every accepted command is written to
the store in one transaction before anyone is told about it. Everything people read is
built from :func:`engine.views.view` and :func:`engine.views.events_for`, never from state.
Games come into memory on demand (:mod:`bot.desk.loading`); the clock lives in
:mod:`bot.client.timers`; the tables and the guarded writes in :mod:`bot.desk.base`;
moderators' actions in :mod:`bot.desk.moderation`; the player as a person across games
(waits, marks, absences, substitutes, pings) in :mod:`bot.desk.attendance`,
:mod:`bot.desk.people`, :mod:`bot.desk.subs`, :mod:`bot.desk.stand_in` and
:mod:`bot.desk.outbox`.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

from bot import store as st
from bot.desk import incidents, loading, phase_memo, ratings
from bot.desk.advisor import Advisor
from bot.desk.base import IDLE_MINUTES_DEFAULT, STALE
from bot.desk.computer_seat import (
    DEFAULT_LEVEL,
    computer_command,
    computer_seed,
    seat_level,
    seat_text,
    setup_commands,
)
from bot.desk.imports import Imports
from bot.desk.moderation import Moderation
from bot.desk.outbox import Outbox
from bot.desk.outcome import Outcome, after, merge
from bot.desk.seating import seat_refusal
from bot.desk.stand_in import StandIns
from bot.desk.subs import Substitutes
from bot.desk.tables import (
    NotLoaded,
    NotSaved,
    Refusal,
    Seat,
    Table,
    can_act,
    damaged_text,
)
from bot.desk.tutorial import Tutorials
from bot.present.events import heard_lines, log_lines
from bot.present.locale import N_  # refusals, said in the person's language (actions.refused)
from bot.store import IMPORTED, CommandRow, GameRow, PlayerRow
from bot.store.base import WriteFailed
from engine.commands import Command, EndPhase, EndUnit, QuickSetup, Rekey, parse
from engine.dice import Rng
from engine.errors import GameError
from engine.events import Event
from engine.game import Game
from engine.legal import legal_commands
from engine.state import Phase, Side
from engine.views import Viewer, events_for

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

log = logging.getLogger("quicksilver.bot")

SEEDED_NOTE = "🎲 Seeded game: secrets are predictable (a chosen seed, a script or a lesson)."


class Desk(Substitutes, Outbox, StandIns, Moderation, Imports, Tutorials, Advisor):
    """All tables; the one place games change."""

    # --- lobby ---------------------------------------------------------------------
    async def create(
        self,
        channel_id: int,
        guild_id: int | None,
        channel_name: str,
        user_id: int,
        seed: int | None = None,
        hints: bool = True,
    ) -> Table:
        """A lobby. Its seed is secret and drawn by :attr:`seeds`, unless a seed is given
        (a moderator's reproducible game, or the scripts' and tests' own): that game is
        ``seeded``, announced as predictable and kept out of any records. ``hints``
        False switches the advisor's Suggest button off (issue 26)."""
        current = self.table_in(channel_id)
        if current is not None and current.status in ("lobby", "playing"):
            raise Refusal(
                f"This channel already has a game ({current.status}). "
                "A moderator can `/mod abort` or `/mod reset` it."
            )
        seeded = seed is not None
        seed = seed if seed is not None else self.seeds()
        now = self.clock()
        try:
            row = await self.store.create_game(
                *(channel_id, guild_id, channel_name, seed, user_id, now),
                seeded=seeded,
                hints_off=not hints,
            )
        except WriteFailed as failed:
            raise NotSaved(incidents.record(failed, "creating a game")) from None
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
                refusal = await seat_refusal(self.store, table, user_id, seat.value)
                if refusal is not None:  # the one rule for every path that seats a person
                    raise Refusal(refusal)
                if seat is Seat.ALIEN and table.alien_player() is not None:
                    raise Refusal("The alien's seat is taken.")
                if table.computer is not None and table.computer.value == seat.value:
                    raise Refusal(f"The game itself plays the {seat.value} in this game.")
            elif current is not None:
                raise Refusal(f"You sit as {current.seat}; `/game leave` first to only watch.")
            player = PlayerRow(user_id, seat.value, (), True, self.clock())
            await self._commit(table, [st.put_player(table.id, player)])
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
            computer = seat_text(side, level) if side else ""
            await self._commit(table, [], table.row.with_(computer=computer))
            return before

    async def computer_move(self, table: Table) -> Outcome | None:
        """One move of the side the game plays, if the game waits on it: decided from that
        side's view and the legal commands only, then stored and reported like anyone's."""
        async with self._hold(table):
            side = table.computer
            game = table.game
            if side is None or game is None or not table.computer_to_move():
                return None
            rng = Rng(computer_seed(table.row.seed, game.moment(side)))
            if game.state.phase is Phase.SETUP:
                level = seat_level(table.row.computer)
                commands = await asyncio.to_thread(setup_commands, game, side, level, rng)
            else:
                commands = [await computer_command(self.store, table, side, rng)]
            return await self._apply(table, side, commands, None) if commands else None

    async def stand_in_move(self, table: Table) -> Outcome | None:
        """One move the computer plays for an away player the game waits on
        (:mod:`bot.desk.stand_in`), stored and reported like anyone's."""
        async with self._hold(table):
            found = await self._stand_in_next(table)
            if found is None:
                return None
            side, commands, user = found
            return await self._apply(table, side, commands, None, stand_in=user)

    async def set_dm_ok(self, table: Table, user_id: int, ok: bool) -> None:
        """Remember whether a player's DMs are open (bookkeeping: a store that does not
        take it is logged, and it is noted again at the next DM)."""
        player = table.players.get(user_id)
        if player is None or player.dm_ok == ok or table.damaged_at is not None:
            return
        updated = PlayerRow(player.user_id, player.seat, player.units, ok, player.joined_at)
        try:
            await self.store.commit([st.put_player(table.id, updated)])
        except WriteFailed as failed:
            incidents.record(failed, f"noting a player's DMs in game {table.id}")
            return
        table.players[user_id] = updated

    async def leave(self, table: Table, user_id: int) -> str:
        async with self._hold(table):
            player = table.players.get(user_id)
            if player is None:
                raise Refusal(N_("You have no seat in this game."))
            if table.status == "playing" and player.seat == Seat.ALIEN.value:
                raise Refusal(
                    "The alien cannot leave a game in progress; a moderator can `/mod replace` you."
                )
            statements = [st.delete_player(table.id, user_id)]
            statements += self._seat_left(table, user_id, "left", self.clock())
            draft = table.draft()
            del draft.players[user_id]
            if player.units:
                statements += self._deal(draft, player.units)
            await self._commit(table, statements)
            table.adopt(draft)
            return player.seat

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
            draft = table.draft()
            if table.row.kind == IMPORTED:
                game, outcome = await self._continue_imported(draft)
            else:
                game = Game.new(table.row.seed, self.ship, self.content)
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
            row = self._arm_deadline(draft.row.with_(phase_key=draft.stamp()), now)
            seats = await self._on_start(draft, now)
            await self._commit(table, [*self._deal_living(draft), *seats], row)
            table.adopt(draft)
            outcome.actor = user_id
            return outcome

    async def _rate(self) -> None:
        """The ratings take the game that just ended (README, "Ratings"). They are derived rows,
        caught up at the next start or game end, so a store that fails here is logged
        and the command (already stored) stands."""
        try:
            await ratings.after_game(self.store)
        except Exception as err:
            incidents.record(err, "rating the games that ended")

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
        self,
        table: Table,
        user_id: int,
        text: str | Command,
        *,
        in_dm: bool = False,
        as_side: Side | None = None,
    ) -> Outcome:
        """One command from a player: checked, applied, stored, and reported. ``as_side``:
        the command came through that side's own commands (``/crew``, ``/alien``), which
        act for that side only."""
        async with self._hold(table):
            side = self._check_player(table, user_id)
            if as_side is not None and side is not as_side:
                raise Refusal(_wrong_group(as_side, side))
            try:
                command = parse(text) if isinstance(text, str) else text
            except GameError as err:
                raise Refusal(err.describe()) from None
            if isinstance(command, Rekey):  # no player chooses the dice (README, "Seeds")
                raise Refusal("Only the referee re-keys the dice, at a moderator's rollback.")
            if side is Side.ALIEN and not in_dm and not isinstance(command, QuickSetup):
                raise Refusal(N_("The alien plots in secret: give your orders in a DM with me."))
            commands = self._expand(table, user_id, side, command)
            caught = await self.catch_up_lesson(table)
            self.check_lesson(table, command)
            outcome = await self._apply(table, side, commands, user_id)
            outcome = await self.follow_lesson(table, outcome)
            return outcome if caught is None else after(caught, outcome)

    def _check_player(self, table: Table, user_id: int) -> Side:
        if table.damaged_at is not None:
            raise Refusal(damaged_text(table.id, table.damaged_in))
        if table.status == "lobby":
            raise Refusal(
                N_("The game has not started yet: `/game start` when the seats are filled.")
            )
        if table.status != "playing" or table.game is None:
            raise Refusal(N_("This game is over."))
        if table.row.paused:
            raise Refusal(N_("A moderator has paused this game: nobody plays until `/mod resume`."))
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
        self,
        table: Table,
        side: Side,
        commands: list[Command],
        user_id: int | None,
        *,
        late: tuple[int, ...] = (),
        stand_in: int | None = None,
    ) -> Outcome:
        """Play ``commands``, store them with their public lines (and the new phase's
        snapshot) in one transaction, then report; nothing changes if any is refused.
        ``late``: the players still waited on when the deadline ended the phase;
        ``stand_in``: the computer played for that away player (for their records).

        Everything is worked out on a draft of the table (its own copy of the game and
        seats), every read of the store included; the table takes the draft only once
        the store has taken the command (the desk's rule: :meth:`DeskBase._hold`)."""
        draft = table.draft()
        game = draft.game
        assert game is not None
        before_len, before_stamp = game.length, draft.stamp()
        events: list[Event] = []
        said: list[str] = []
        said_events: list[Event] = []
        statements: list[st.Statement] = []
        try:
            for command in commands:
                seq = game.length
                step = game.play(side, command)
                phase_memo.note(game, step)
                events += step
                lines = log_lines(step)
                said += lines
                said_events += events_for(step, Viewer.SPECTATOR)
                if side is Side.CREW:  # the alien's wait for its phase's end (below)
                    statements += st.add_public_lines(table.id, seq, lines)
        except GameError as err:
            raise Refusal(err.describe()) from None
        now = self.clock()
        rows = [
            CommandRow(before_len + i, side.value, entry.command.notation(), user_id, now)
            for i, entry in enumerate(game.log[before_len - game.base :])
        ]
        new_phase = draft.stamp() != before_stamp
        statements += [st.append_command(table.id, r) for r in rows]
        held: list[Event] = []
        told: list[Event] = []  # the phase's public events, in the order the channel tells them
        if new_phase:  # the phase just ended: the alien's public lines are told now
            for seq, entry, step in phase_memo.phase_events(game):
                public = events_for(step, Viewer.SPECTATOR)
                if entry.side is Side.ALIEN:
                    held += public
                    statements += st.add_public_lines(table.id, seq, log_lines(public))
                else:
                    told += public

        row = table.row
        snap = None
        if new_phase:
            row = self._new_phase_row(draft, now)
            snap = loading.snapshot_row(game.state, game.length, now)
            statements += st.put_newest_snapshot(table.id, snap)
        from_setup = before_stamp == "setup" and game.state.phase is not Phase.SETUP
        if from_setup:
            living = [
                line.id
                for line in draft.view_for(Viewer.CREW).crew
                if can_act(line.fate, line.condition)
            ]
            statements += self._deal(draft, living)
        statements += await self._bookkeeping(
            draft, new_phase=new_phase, late=late, stand_in=stand_in, now=now
        )
        await self._commit(table, statements, row)
        draft.recent += rows
        if snap is not None:
            game.rebase(snap.state)
            draft.recent, draft.phase_seq = [], snap.seq
        table.adopt(draft)  # the store has it: now memory does too
        outcome = Outcome(table.id, table.channel_id, actor=user_id, actor_side=side)
        # The channel hears a phase once, when it ends (its digest, issue 23); meanwhile
        # a command's public lines go to the person who played it and to the crew's
        # panels ("This phase so far").
        outcome.alien_private = heard_lines(events, Side.ALIEN.value, side.value)
        outcome.crew_private = heard_lines(events, Side.CREW.value, side.value)
        own = outcome.alien_private if side is Side.ALIEN else outcome.crew_private
        outcome.reply = [*said, *own] or ["Done."]
        mine = Side.ALIEN.value if side is Side.ALIEN else Side.CREW.value
        outcome.reply_events = [*said_events, *(e for e in events if e.audience.value == mine)]
        outcome.undo_stamp = game.side_moves(side)
        outcome.said = len(said_events)
        outcome.unit = _unit_of(commands[-1])
        if snap is not None:
            outcome.new_phase = True
            outcome.phase_events = told + held
            outcome.game_over = game.state.phase is Phase.OVER
            outcome.send_hands = before_stamp == "setup"
        if outcome.game_over:  # its result is stored: the ratings take it (issue 25)
            await self._rate()
        if side is Side.ALIEN:
            log.info("game %d: the alien played a command", table.id)
        else:
            log.info("game %d: the crew played %s", table.id, ", ".join(c.verb for c in commands))
        return outcome

    def _new_phase_row(self, table: Table, now: float) -> GameRow:
        row = self._arm_deadline(table.row.with_(phase_key=table.stamp(), phase_since=now), now)
        if table.phase() is Phase.OVER:
            row = row.with_(status="over", deadline_at=None)
        return row

    async def undo(self, table: Table, user_id: int, stamp: int | None = None) -> Outcome:
        """Take back the user's side's last command of this phase, if it is theirs.
        ``stamp``: the side's own command count the Undo button was made at (never the
        game's length, which counts the other side's commands: README, "Secrets"). The
        other side's commands given since stay, played again (:meth:`Game.undo`)."""
        async with self._hold(table):
            if table.damaged_at is not None:
                raise Refusal(damaged_text(table.id, table.damaged_in))
            if table.status != "playing" or table.game is None:
                raise Refusal("There is nothing to undo: the game is not in progress.")
            side = table.side_of(user_id)
            if side is None:
                raise Refusal("Only players can undo their own commands.")
            game = table.game
            if stamp is not None and stamp != game.side_moves(side):
                raise Refusal("That button is stale: the game has moved on since.")
            reason = game.can_undo(side)
            if reason is not None:
                raise Refusal(f"Cannot undo: {reason}.")
            last = table.own_rows(side)[-1]
            if last.user_id != user_id:
                raise Refusal(
                    "You can only undo your own last command, and your side's last one is "
                    "not yours."
                )
            outcome = Outcome(table.id, table.channel_id, actor=user_id, actor_side=side)
            verb = last.command.split()[0]
            outcome.reply = [
                "Undone: your last command." if side is Side.ALIEN else f"Undone: `{last.command}`."
            ]
            # The alien's public lines wait for the phase's end, so its undo says nothing:
            # neither that it changed its mind nor how much it took back (issue 19). A
            # crew take-back is in the game's log; the channel hears the phase once.
            logged = [] if side is Side.ALIEN else [f"<@{user_id}> takes back `{verb}`."]
            later = [replace(r, seq=r.seq - 1) for r in table.recent if r.seq > last.seq]
            draft = table.draft()
            assert draft.game is not None
            draft.game.undo(side)
            draft.recent = [r for r in draft.recent if r.seq < last.seq] + later
            await self._commit(
                table,
                [
                    st.truncate_commands(table.id, last.seq),
                    *(st.append_command(table.id, r) for r in later),
                    st.shift_public_lines(table.id, last.seq),
                    *st.add_public_lines(table.id, last.seq, logged, summary=False),
                    *self._waits_reopened(draft),
                ],
            )
            table.adopt(draft)
            return outcome

    # --- referee and moderators ------------------------------------------------------
    async def expire(self, table: Table, now: float) -> Outcome | None:
        """The phase deadline passed: the acting side's remaining units stop."""
        async with self._hold(table):
            row = table.row
            if row.status != "playing" or row.deadline_at is None or row.deadline_at > now:
                return None
            assert table.game is not None
            extended = await self._extend(table, now)
            if extended is not None:
                return extended
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
            late = tuple(table.waiting_users())
            for side, command in commands:
                step = await self._apply(table, side, [command], None, late=late)
                outcome = merge(outcome, step)
            outcome.public.insert(0, note)
            outcome.reply = []
            return outcome


def _wrong_group(wanted: Side, side: Side) -> str:
    where = "in a DM with me" if side is Side.ALIEN else "in the game's channel"
    return (
        f"`/{wanted.value}` gives the {wanted.value}'s orders, and you play the "
        f"{side.value}: use `/{side.value} …` {where} (or `/game do`)."
    )


def _unit_of(command: Command) -> str | None:
    unit = getattr(command, "unit", None)
    return unit if isinstance(unit, str) else None
