"""A phase's deadline: set from the game's hours per phase, moved when it passes for an
away player or a grace, and stood still by a moderator's pause.

When a deadline passes (:meth:`Deadlines.extend`) inside the quiet hours of a player it
waits on, it first moves to when they wake (:mod:`bot.desk.night`); an away player it
waits on then has it moved by the time they were away during the phase (capped by the game's
``away_cap_hours``); then each late player with a grace left uses one and the deadline
moves by ``grace_hours`` (announced and counted); only then does the phase end as before.
A moderator's pause freezes every clock: the deadline's time left is kept, reminders
move on by the time the game stood still, and nobody may play meanwhile.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.desk import night, notices
from bot.desk.keeper import Keeper
from bot.desk.outcome import Outcome
from bot.desk.tables import Refusal, Table
from bot.language import N_
from bot.store import GameRow, Statement, mod_action, people, waits


def timestamp(at: float, style: str = "f") -> str:
    return f"<t:{int(at)}:{style}>"


def arm_deadline(row: GameRow, now: float) -> GameRow:
    """``row`` with its phase deadline set from ``now`` (none: the game has no hours per
    phase); paused, it keeps the time left instead."""
    seconds = row.deadline_hours * 3600 if row.deadline_hours > 0 else None
    if row.paused:  # a paused game's clock stands still: it keeps the time left
        return row.with_(deadline_at=None, paused_left=seconds)
    return row.with_(deadline_at=now + seconds if seconds is not None else None)


class Deadlines:
    """A running game's deadline moved for absence and grace, and its clocks paused."""

    def __init__(self, keeper: Keeper) -> None:
        self._keeper = keeper

    async def extend(self, table: Table, now: float) -> Outcome | None:
        """A passed deadline moves on, once for an away player and then once a grace,
        before the phase ends (call under the game's hold). None: nothing moves it."""
        row = table.row
        assert row.deadline_at is not None
        late = [
            w for w in await waits.waits_of_game(self._keeper.store, table.id) if w.done_at is None
        ]
        if not late:
            return None
        settings = await people.settings_of(self._keeper.store, [w.user_id for w in late])
        slept = await self._sleep(table, late, settings, now)
        if slept is not None:
            return slept
        moved, statements, lines = 0.0, [], []
        for wait in late:
            mine = settings[wait.user_id]
            if wait.excused or mine.away_until is None or mine.away_mode in people.STAND_IN_MODES:
                continue
            away = min(mine.away_until, now) - max(mine.away_since or 0.0, row.phase_since)
            if away <= 0:
                continue
            moved = max(moved, min(away, row.away_cap_hours * 3600))
            statements.append(waits.excuse_wait(table.id, wait.user_id))
            lines.append(f"<@{wait.user_id}> is away")
        if moved > 0:
            return await self._move_deadline(
                table, moved, now, statements, "⏳ " + "; ".join(lines)
            )
        return await self._grace(table, [w for w in late if not w.excused], now)

    async def _sleep(
        self,
        table: Table,
        late: list[waits.Wait],
        settings: dict[int, people.Settings],
        now: float,
    ) -> Outcome | None:
        """The deadline passes while someone it waits on is quiet: it moves to when they
        are all awake, plus a last call's lead, capped per person and phase by the away
        cap. None: nobody is quiet (or the cap is spent)."""
        sleepers = [
            w
            for w in late
            if night.asleep(settings[w.user_id], now)
            and not (
                settings[w.user_id].away_at(now)
                and settings[w.user_id].away_mode in people.STAND_IN_MODES
            )
        ]
        if not sleepers:
            return None
        deadline = table.row.deadline_at
        assert deadline is not None
        room = table.row.away_cap_hours * 3600 - max(w.slept for w in sleepers)
        target = min(night.moved_deadline([settings[w.user_id] for w in sleepers], now), now + room)
        if target <= now:
            return None
        statements = [waits.add_slept(table.id, w.user_id, target - now) for w in sleepers]
        return await self._move_deadline(
            table,
            target - deadline,
            now,
            statements,
            "🌙 Quiet hours of a player this phase waits on",
        )

    async def _grace(self, table: Table, late: list[waits.Wait], now: float) -> Outcome | None:
        row = table.row
        if row.grace_hours <= 0 or row.graces <= 0 or not late:
            return None
        used = await waits.graces_used(self._keeper.store, table.id, [w.user_id for w in late])
        charged = [w.user_id for w in late if used[w.user_id] < row.graces]
        if not charged:
            return None
        statements = [waits.charge_grace(table.id, u) for u in charged]
        statements += await self._queue(table.id, charged, "grace", now)
        counts = ", ".join(f"<@{u}> (grace {used[u] + 1} of {row.graces})" for u in charged)
        return await self._move_deadline(
            table, row.grace_hours * 3600, now, statements, f"⏳ Grace for {counts}"
        )

    async def _move_deadline(
        self, table: Table, seconds: float, now: float, statements: list[Statement], why: str
    ) -> Outcome:
        deadline = table.row.deadline_at
        assert deadline is not None
        moved = deadline + seconds if deadline + seconds > now else now + seconds
        statements = [*statements, waits.replan_last_calls(table.id)]
        await self._keeper.commit(table, statements, table.row.with_(deadline_at=moved))
        outcome = Outcome(table.id, table.channel_id)
        outcome.public = [
            f"{why}: the phase deadline moves to {timestamp(moved)} ({timestamp(moved, 'R')})."
        ]
        return outcome

    async def _queue(
        self, game_id: int, users: Sequence[int], kind: str, now: float
    ) -> list[Statement]:
        """Pings for ``users`` through the outbox: now, or when their quiet hours end."""
        statements = []
        for user, mine in (await people.settings_of(self._keeper.store, users)).items():
            route = notices.route(mine, now)
            if route.how != notices.NONE:
                statements.append(
                    people.hold_ping(user, game_id, kind, now, route.release_at or now)
                )
        return statements

    # --- pause ---------------------------------------------------------------------
    async def pause(self, table: Table, mod_id: int) -> GameRow:
        async with self._keeper.hold(table):
            row = table.row
            if row.status != "playing":
                raise Refusal(N_("Only a game in progress can be paused."))
            if row.paused:
                raise Refusal(N_("This game is already paused; `/mod resume` starts its clocks."))
            now = self._keeper.clock()
            left = row.deadline_at - now if row.deadline_at is not None else None
            paused = row.with_(paused_at=now, paused_left=left, deadline_at=None)
            log = mod_action(table.id, table.channel_id, mod_id, "pause", now)
            await self._keeper.commit(table, [log], paused)
            return table.row

    async def resume(self, table: Table, mod_id: int) -> GameRow:
        async with self._keeper.hold(table):
            row = table.row
            if row.status != "playing" or row.paused_at is None:
                raise Refusal(N_("This game is not paused."))
            now = self._keeper.clock()
            stood = now - row.paused_at
            left = row.paused_left
            resumed = row.with_(
                paused_at=None,
                paused_left=None,
                deadline_at=now + max(left, 60.0) if left is not None else None,
            )
            await self._keeper.commit(
                table,
                [
                    waits.shift_reminders(table.id, stood),
                    waits.replan_last_calls(table.id),
                    mod_action(table.id, table.channel_id, mod_id, "resume", now),
                ],
                resumed,
            )
            return table.row
