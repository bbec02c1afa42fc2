"""The one road a command takes: played on a draft of its table, stored (with, when a
phase ends, the new phase's snapshot) in one transaction, and only then taken into
memory and reported as an :class:`~bot.desk.outcome.Outcome`. Whoever plays (a player,
the game's own seat, a stand-in, a deadline, a tutorial's script) comes through
:meth:`Referee.apply`.

Everything people read is built from :func:`engine.views.view` and
:func:`engine.views.events_for`, never from state; an outcome holds the events, and
the edge words them for each reader (:mod:`bot.present`).
"""

from __future__ import annotations

import logging

from bot.desk import incidents, loading, phase_memo, ratings
from bot.desk.attendance import Attendance
from bot.desk.deadlines import arm_deadline
from bot.desk.keeper import Keeper
from bot.desk.outcome import Outcome
from bot.desk.seating import deal
from bot.desk.tables import Refusal, Table, can_act, unit_of
from bot.language import N_
from bot.store import (
    CommandRow,
    GameRow,
    Statement,
    append_command,
    put_newest_snapshot,
)
from engine.commands import Command
from engine.errors import GameError
from engine.events import Event
from engine.state import Phase, Side
from engine.views import Viewer, events_for

log = logging.getLogger("quicksilver.bot")


class Referee:
    """Plays, stores and reports commands."""

    def __init__(self, keeper: Keeper, attendance: Attendance) -> None:
        self._keeper = keeper
        self._attendance = attendance

    async def apply(
        self,
        table: Table,
        side: Side,
        commands: list[Command],
        user_id: int | None,
        *,
        late: tuple[int, ...] = (),
        stand_in: int | None = None,
    ) -> Outcome:
        """Play ``commands``, store them (and the new phase's snapshot) in one
        transaction, then report; nothing changes if any is refused. ``late``: the
        players still waited on when the deadline ended the phase; ``stand_in``: the
        computer played for that away player (for their records).

        Everything is worked out on a draft of the table (its own copy of the game and
        seats), every read of the store included; the table takes the draft only once
        the store has taken the command (the desk's rule:
        :meth:`bot.desk.keeper.Keeper.hold`)."""
        draft = table.draft()
        game = draft.game
        assert game is not None
        before_len, before_stamp = game.length, draft.stamp()
        events: list[Event] = []
        said_events: list[Event] = []
        statements: list[Statement] = []
        try:
            for command in commands:
                step = game.play(side, command)
                phase_memo.note(game, step)
                events += step
                said_events += events_for(step, Viewer.SPECTATOR)
        except GameError as err:
            raise Refusal(err.describe()) from None
        now = self._keeper.clock()
        rows = [
            CommandRow(before_len + i, side.value, entry.command.notation(), user_id, now)
            for i, entry in enumerate(game.log[before_len - game.base :])
        ]
        new_phase = draft.stamp() != before_stamp
        statements += [append_command(table.id, r) for r in rows]
        held: list[Event] = []
        told: list[Event] = []  # the phase's public events, in the order the channel tells them
        if new_phase:  # the phase just ended: the alien's public lines are told now
            for _, entry, step in phase_memo.phase_events(game):
                public = events_for(step, Viewer.SPECTATOR)
                if entry.side is Side.ALIEN:
                    held += public
                else:
                    told += public

        row = table.row
        snap = None
        if new_phase:
            row = self._new_phase_row(draft, now)
            snap = loading.snapshot_row(game.state, game.length, now)
            statements += put_newest_snapshot(table.id, snap)
        from_setup = before_stamp == "setup" and game.state.phase is not Phase.SETUP
        if from_setup:
            living = [
                line.id
                for line in draft.view_for(Viewer.CREW).crew
                if can_act(line.fate, line.condition)
            ]
            statements += deal(draft, living)
        statements += await self._attendance.bookkeeping(
            draft, new_phase=new_phase, late=late, stand_in=stand_in, now=now
        )
        await self._keeper.commit(table, statements, row)
        draft.recent += rows
        if snap is not None:
            game.rebase(snap.state)
            draft.recent, draft.phase_seq = [], snap.seq
        table.adopt(draft)  # the store has it: now memory does too
        outcome = Outcome(table.id, table.channel_id, actor=user_id, actor_side=side)
        # The channel hears a phase once, when it ends (its digest: README, "Playing on
        # Discord"); meanwhile a command's public lines go to the person who played it
        # and to the crew's panels ("This phase so far").
        # Each side's DMs and the actor's reply are worded at the edge, for their reader.
        outcome.heard = [(list(events), side.value)]
        mine = Side.ALIEN.value if side is Side.ALIEN else Side.CREW.value
        outcome.reply_events = [*said_events, *(e for e in events if e.audience.value == mine)]
        outcome.reply = [] if outcome.reply_events else [N_("Done.")]
        outcome.undo_stamp = game.side_moves(side)
        outcome.said = len(said_events)
        outcome.unit = unit_of(commands[-1])
        if snap is not None:
            outcome.new_phase = True
            outcome.phase_events = told + held
            outcome.game_over = game.state.phase is Phase.OVER
            outcome.send_hands = before_stamp == "setup"
        if outcome.game_over:  # its result is stored: the ratings take it (README, "Ratings")
            await self._rate()
        if side is Side.ALIEN:
            log.info("game %d: the alien played a command", table.id)
        else:
            log.info("game %d: the crew played %s", table.id, ", ".join(c.verb for c in commands))
        return outcome

    def _new_phase_row(self, table: Table, now: float) -> GameRow:
        row = arm_deadline(table.row.with_(phase_key=table.stamp(), phase_since=now), now)
        if table.phase() is Phase.OVER:
            row = row.with_(status="over", deadline_at=None)
        return row

    async def _rate(self) -> None:
        """The ratings take the game that just ended (README, "Ratings"). They are derived rows,
        caught up at the next start or game end, so a store that fails here is logged
        and the command (already stored) stands."""
        try:
            await ratings.after_game(self._keeper.store)
        except Exception as err:
            incidents.record(err, "rating the games that ended")
