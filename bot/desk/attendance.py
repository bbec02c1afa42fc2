"""Who a game waits on, and how each phase went for each player (the README's "People
across games").

Every command ends with :meth:`Attendance.bookkeeping`, whose statements join the
command's own transaction: the ``waits`` rows say whom the game waits on now (a crew
player whose units are all done is done); when a phase ends, each player it waited on
gets a mark (on time, within a grace, missed, or excused while away), the next phase's
waits are written with each player's own reminder cadence, and a finished game gets its
result (F.1). The history of who sat at which side is kept in ``seatings``. The
deadlines themselves, their grace and a moderator's pause are :mod:`bot.desk.deadlines`'.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.desk import notices
from bot.desk.keeper import Keeper
from bot.desk.records import winner_of
from bot.desk.tables import Seat, Table
from bot.store import GameRow, Statement, people, waits
from engine.score import final_score
from engine.state import Phase

SIDES = (Seat.ALIEN.value, Seat.CREW.value)


class Attendance:
    """Waits, marks, results and seatings, and the reminders of the waits."""

    def __init__(self, keeper: Keeper) -> None:
        self._keeper = keeper

    # --- bookkeeping, in each command's transaction ----------------------------------
    async def on_start(self, table: Table, now: float) -> list[Statement]:
        """The game starts: every seated player's seating, and set-up waits on them all."""
        seated = [p for p in table.players.values() if p.seat in SIDES]
        statements = [
            people.open_seating(table.id, p.user_id, p.seat, now, "joined") for p in seated
        ]
        return statements + await self._new_waits(
            table, [(p.user_id, p.seat) for p in seated], 0, now
        )

    async def _new_waits(
        self, table: Table, users: Sequence[tuple[int, str]], phase_seq: int, now: float
    ) -> list[Statement]:
        settings = await people.settings_of(self._keeper.store, [u for u, _ in users])
        statements = []
        for user, side in users:
            hours = notices.cadence_hours(settings[user], table.row.remind_hours)
            first = now + hours * 3600 if hours > 0 and table.row.remind_max > 0 else None
            statements.append(
                waits.put_wait(waits.Wait(table.id, user, side, phase_seq, now, first))
            )
        return statements

    async def bookkeeping(
        self,
        table: Table,
        *,
        new_phase: bool,
        late: tuple[int, ...],
        stand_in: int | None,
        now: float,
    ) -> list[Statement]:
        """After a command (``table`` already in its new state): the waits, and at a
        phase's end the marks, the next waits, the result and any seat to open."""
        waiting = table.waiting_users()
        excuse = (
            [waits.excuse_wait(table.id, stand_in, stood_in=True)] if stand_in is not None else []
        )
        if not new_phase:
            return [*excuse, waits.waits_done_except(table.id, waiting, now)]
        statements = [waits.delete_waits(table.id)]
        missed = []
        for wait in await waits.waits_of_game(self._keeper.store, table.id):
            stood_in = wait.stood_in or wait.user_id == stand_in
            excused = wait.excused or stood_in
            missing = wait.user_id in late
            mark = (
                people.STOOD_IN
                if stood_in
                else "away"
                if excused
                else "missed"
                if missing
                else "grace"
                if wait.graces
                else "on_time"
            )
            statements.append(
                people.put_mark(
                    table.id, wait.phase_seq, wait.user_id, wait.side, mark, wait.graces, now
                )
            )
            if mark == "missed":
                missed.append(wait.user_id)
        game = table.game
        assert game is not None
        if game.state.phase is Phase.OVER:
            score = final_score(game.state, game.content)
            assert score is not None
            winner = winner_of(score.outcome)
            statements.append(
                people.put_result(
                    table.id, now, game.state.turn, score.total, score.outcome.value, winner
                )
            )
            return statements
        users = [(u, seat.value) for u in waiting if (seat := table.seat_of(u)) is not None]
        statements += await self._new_waits(table, users, game.length, now)
        return statements + await self._seats_to_open(table, missed, now)

    async def _seats_to_open(self, table: Table, missed: list[int], now: float) -> list[Statement]:
        """A player who missed ``sub_after`` phases in a row: their seat is offered."""
        count = table.row.sub_after
        if count <= 0 or not missed:
            return []
        calls = {c.user_id for c in await people.live_calls(self._keeper.store, table.id)}
        statements = []
        for user in missed:
            earlier = await people.recent_marks(self._keeper.store, table.id, user, count - 1)
            seat = table.seat_of(user)
            in_a_row = len(earlier) == count - 1 and all(m == "missed" for m in earlier)
            if in_a_row and user not in calls and seat is not None:
                statements.append(people.open_call(table.id, user, seat.value, "missed", now))
        return statements

    async def on_rollback(self, table: Table, length: int, now: float) -> list[Statement]:
        """A moderator's rollback to game length ``length``: the phases from there on
        are played again, so their marks go; the game waits on the phase's players."""
        users = [(u, seat.value) for u in table.waiting_users() if (seat := table.seat_of(u))]
        return [
            people.truncate_marks(table.id, length),
            people.drop_result(table.id),
            waits.delete_waits(table.id),
            *await self._new_waits(table, users, length, now),
        ]

    def waits_reopened(self, table: Table) -> list[Statement]:
        """After an undo: whoever the game waits on again is waited on again."""
        return waits.waits_reopen(table.id, table.waiting_users())

    def seat_handed(
        self, table: Table, old: int, new: int, side: str, how: tuple[str, str], now: float
    ) -> list[Statement]:
        """A started game's seat changes hands (``how``: why the old went, how the new
        came): the history, and the seat's place in the phase (its wait)."""
        went, came = how
        if table.status == "lobby":
            return []
        return [
            people.close_seating(table.id, old, now, went),
            people.open_seating(table.id, new, side, now, came),
            waits.hand_wait(table.id, old, new),
        ]

    def seat_left(self, table: Table, user_id: int, went: str, now: float) -> list[Statement]:
        """A started game's player leaves their seat (left, removed, replaced, sub)."""
        if table.status == "lobby":
            return []
        return [
            people.close_seating(table.id, user_id, now, went),
            waits.delete_wait(table.id, user_id),
        ]

    # --- reminders ------------------------------------------------------------------
    async def refresh_reminders(
        self, game_id: int | None = None, user_id: int | None = None
    ) -> None:
        """A cadence changed (the game's, or a person's own): the open waits it governs
        get their next reminder from it."""
        await self._keeper.store.commit(await self.reminders(game_id=game_id, user_id=user_id))

    async def reminders(
        self,
        game_id: int | None = None,
        user_id: int | None = None,
        mine: people.Settings | None = None,
    ) -> list[Statement]:
        """The statements that give the open waits of a game (or a person) their next
        reminder by the cadences in force; ``mine``: the person's new settings, not yet
        stored (they are written in the same transaction)."""
        if user_id is not None:
            open_ = await waits.open_waits_of_user(self._keeper.store, user_id)
        else:
            assert game_id is not None
            open_ = [
                w
                for w in await waits.waits_of_game(self._keeper.store, game_id)
                if w.done_at is None
            ]
        settings = await people.settings_of(self._keeper.store, [w.user_id for w in open_])
        if mine is not None:
            settings[mine.user_id] = mine
        statements = []
        now = self._keeper.clock()
        for wait in open_:
            row = await self._row_of(wait.game_id)
            if row is None:
                continue
            hours = notices.cadence_hours(settings[wait.user_id], row.remind_hours)
            more = hours > 0 and wait.reminders < row.remind_max
            nth = wait.since + hours * 3600 * (wait.reminders + 1)
            nxt = max(nth, now) if more else None
            statements.append(waits.set_remind_at(wait.game_id, wait.user_id, nxt, wait.reminders))
        return statements

    async def _row_of(self, game_id: int) -> GameRow | None:
        table = self._keeper.tables.get(game_id)
        return table.row if table is not None else await self._keeper.store.game(game_id)
