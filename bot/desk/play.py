"""A running game's commands: a player's (checked, expanded, played), the game's own
seat's and a stand-in's, an undo, and a passed deadline; each played through the
referee (:mod:`bot.desk.referee`). Commands on one channel run one at a time (the
keeper's hold on the table).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

from bot.desk.attendance import Attendance
from bot.desk.computer_seat import computer_command, computer_seed, seat_level, setup_commands
from bot.desk.deadlines import Deadlines
from bot.desk.keeper import Keeper
from bot.desk.notes import Undone
from bot.desk.outcome import Outcome, after, merge
from bot.desk.referee import Referee
from bot.desk.stand_in import StandIns
from bot.desk.tables import Refusal, Seat, Table, damaged_text, unit_of
from bot.desk.tutorial import Tutorials
from bot.language import N_  # refusals a catalogue translates where they are read
from bot.store import (
    add_takeback,
    append_command,
    shift_public_lines,
    truncate_commands,
)
from engine.commands import Command, EndPhase, EndUnit, QuickSetup, Rekey, parse
from engine.dice import Rng
from engine.errors import GameError
from engine.state import Phase, Side

log = logging.getLogger("quicksilver.bot")


class Play:
    """What is played in a running game, by whom, and when a deadline ends a phase."""

    def __init__(
        self,
        keeper: Keeper,
        referee: Referee,
        attendance: Attendance,
        deadlines: Deadlines,
        tutorials: Tutorials,
        stand_ins: StandIns,
    ) -> None:
        self._keeper = keeper
        self._referee = referee
        self._attendance = attendance
        self._deadlines = deadlines
        self._tutorials = tutorials
        self._stand_ins = stand_ins

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
        async with self._keeper.hold(table):
            side = self._check_player(table, user_id)
            if as_side is not None and side is not as_side:
                raise _wrong_group(as_side, side)
            try:
                command = parse(text) if isinstance(text, str) else text
            except GameError as err:
                raise Refusal(err.describe()) from None
            if isinstance(command, Rekey):  # no player chooses the dice (README, "Seeds")
                raise Refusal(N_("Only the referee re-keys the dice, at a moderator's rollback."))
            if side is Side.ALIEN and not in_dm and not isinstance(command, QuickSetup):
                raise Refusal(N_("The alien plots in secret: give your orders in a DM with me."))
            commands = self._expand(table, user_id, side, command)
            caught = await self._tutorials.catch_up_lesson(table)
            self._tutorials.check_lesson(table, command)
            outcome = await self._referee.apply(table, side, commands, user_id)
            outcome = await self._tutorials.follow_lesson(table, outcome)
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
            if table.seat_of(user_id) is Seat.SPECTATOR:
                raise Refusal(N_("You are a spectator, so you cannot give orders here."))
            raise Refusal(N_("You are not playing in this game, so you cannot give orders here."))
        return side

    def _expand(self, table: Table, user_id: int, side: Side, command: Command) -> list[Command]:
        """Check the user may give ``command``; a crew player's ``pass`` ends only their units."""
        assert table.game is not None
        phase = table.game.state.phase
        mine = table.units_of(user_id)
        unit = unit_of(command)
        if side is Side.CREW and phase is not Phase.SETUP and unit is not None and unit not in mine:
            owner = next((p.user_id for p in table.seated(Seat.CREW) if unit in p.units), None)
            yours = ", ".join(mine) or "none"
            if owner:
                raise Refusal(
                    N_("'{unit}' is <@{user}>'s to command; yours: {yours}."),
                    unit=unit,
                    user=owner,
                    yours=yours,
                )
            raise Refusal(
                N_("'{unit}' is not yours to command; yours: {yours}."), unit=unit, yours=yours
            )
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
                    N_("Your units are all done; the phase ends when every crew player is done.")
                )
            return [EndUnit(u) for u in units]
        return [command]

    async def undo(self, table: Table, user_id: int, stamp: int | None = None) -> Outcome:
        """Take back the user's side's last command of this phase, if it is theirs.
        ``stamp``: the side's own command count the Undo button was made at (never the
        game's length, which counts the other side's commands: README, "Secrets"). The
        other side's commands given since stay, played again (:meth:`Game.undo`)."""
        async with self._keeper.hold(table):
            if table.damaged_at is not None:
                raise Refusal(damaged_text(table.id, table.damaged_in))
            if table.status != "playing" or table.game is None:
                raise Refusal(N_("There is nothing to undo: the game is not in progress."))
            side = table.side_of(user_id)
            if side is None:
                raise Refusal(N_("Only players can undo their own commands."))
            game = table.game
            if stamp is not None and stamp != game.side_moves(side):
                raise Refusal(N_("That button is stale: the game has moved on since."))
            reason = game.can_undo(side)
            if reason is not None:
                raise Refusal(N_("Cannot undo: {reason}."), reason=reason)
            last = table.own_rows(side)[-1]
            if last.user_id != user_id:
                raise Refusal(
                    N_(
                        "You can only undo your own last command, and your side's last one is "
                        "not yours."
                    )
                )
            outcome = Outcome(table.id, table.channel_id, actor=user_id, actor_side=side)
            verb = last.command.split()[0]
            outcome.reply = [Undone(None if side is Side.ALIEN else last.command)]
            # The alien's public lines wait for the phase's end, so its undo says nothing:
            # neither that it changed its mind nor how much it took back (README, "Secrets"). A
            # crew take-back is in the game's log; the channel hears the phase once.
            noted = [] if side is Side.ALIEN else [add_takeback(table.id, last.seq, user_id, verb)]
            later = [replace(r, seq=r.seq - 1) for r in table.recent if r.seq > last.seq]
            draft = table.draft()
            assert draft.game is not None
            draft.game.undo(side)
            draft.recent = [r for r in draft.recent if r.seq < last.seq] + later
            await self._keeper.commit(
                table,
                [
                    truncate_commands(table.id, last.seq),
                    *(append_command(table.id, r) for r in later),
                    shift_public_lines(table.id, last.seq),
                    *noted,
                    *self._attendance.waits_reopened(draft),
                ],
            )
            table.adopt(draft)
            return outcome

    async def computer_move(self, table: Table) -> Outcome | None:
        """One move of the side the game plays, if the game waits on it: decided from that
        side's view and the legal commands only, then stored and reported like anyone's."""
        async with self._keeper.hold(table):
            side = table.computer
            game = table.game
            if side is None or game is None or not table.computer_to_move():
                return None
            rng = Rng(computer_seed(table.row.seed, game.moment(side)))
            level = seat_level(table.row.computer)
            if game.state.phase is Phase.SETUP:
                commands = await asyncio.to_thread(setup_commands, game, side, level, rng)
            else:
                commands = [
                    await computer_command(self._keeper.store, table.id, game, level, side, rng)
                ]
            return await self._referee.apply(table, side, commands, None) if commands else None

    async def stand_in_move(self, table: Table) -> Outcome | None:
        """One move the computer plays for an away player the game waits on
        (:mod:`bot.desk.stand_in`), stored and reported like anyone's."""
        async with self._keeper.hold(table):
            found = await self._stand_ins.next_move(table)
            if found is None:
                return None
            side, commands, user = found
            return await self._referee.apply(table, side, commands, None, stand_in=user)

    async def expire(self, table: Table, now: float) -> Outcome | None:
        """The phase deadline passed: the acting side's remaining units stop."""
        async with self._keeper.hold(table):
            row = table.row
            if row.status != "playing" or row.deadline_at is None or row.deadline_at > now:
                return None
            assert table.game is not None
            extended = await self._deadlines.extend(table, now)
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
                step = await self._referee.apply(table, side, [command], None, late=late)
                outcome = merge(outcome, step)
            outcome.public.insert(0, note)
            outcome.reply = []
            return outcome


def _wrong_group(wanted: Side, side: Side) -> Refusal:
    if side is Side.ALIEN:
        message = N_(
            "`/{wanted}` gives the {wanted}'s orders, and you play the {side}: use "
            "`/{side} …` in a DM with me (or `/game do`)."
        )
    else:
        message = N_(
            "`/{wanted}` gives the {wanted}'s orders, and you play the {side}: use "
            "`/{side} …` in the game's channel (or `/game do`)."
        )
    return Refusal(message, wanted=wanted.value, side=side.value)
