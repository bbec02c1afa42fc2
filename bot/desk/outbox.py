"""What the clock and a new phase owe people (the README's "People across games"):
decisions only, no discord.

At a phase start, :meth:`Outbox.plan_phase_pings` says how each person the game waits on
is told (and each teammate who asked to hear of their side's phase starts); a ping in
quiet hours becomes a held row. Each clock tick, :meth:`Outbox.clock_notices` takes the
reminders that came due and the held rows released, and folds them into
:class:`Notice`s: one per game for a channel ping, one per person for a DM. Only the
games this process serves are touched, and nothing here loads a game: a tick reads a
few indexed rows and writes once.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from bot.desk import night, notices
from bot.desk.keeper import Keeper
from bot.desk.notices import GameNote, Notice
from bot.desk.tables import Table
from bot.store import Statement, people, waits

HELD_LONGER_THAN = 60.0  # a ping released this long after it was queued was held


@dataclass
class PhasePings:
    """How each person hears of a new phase: ``turn`` (it waits on them) and ``phase``
    (their side's phase starts), each user to ``channel`` or ``dm``."""

    turn: dict[int, str] = field(default_factory=dict)
    phase: dict[int, str] = field(default_factory=dict)

    def by(self, how: str) -> list[int]:
        return [u for u, h in self.turn.items() if h == how]


def _by_user(held: list[people.HeldPing]) -> dict[int, list[people.HeldPing]]:
    found: dict[int, list[people.HeldPing]] = defaultdict(list)
    for ping in held:
        found[ping.user_id].append(ping)
    return found


class Outbox:
    """The pings a phase start and the clock owe people."""

    def __init__(self, keeper: Keeper) -> None:
        self._keeper = keeper

    async def plan_phase_pings(self, table: Table, now: float) -> PhasePings:
        waiting = table.waiting_users()
        sides = {side.value for side in table.acting_sides()}
        side_players = [p.user_id for p in table.players.values() if p.seat in sides]
        others = [u for u in side_players if u not in waiting]
        settings = await people.settings_of(self._keeper.store, [*waiting, *others])
        plan, held = PhasePings(), []
        for users, kind, into in ((waiting, "turn", plan.turn), (others, "phase", plan.phase)):
            for user in users:
                mine = settings[user]
                if kind == "phase" and mine.notify_when != "phase":
                    continue
                route = notices.route(mine, now)
                if route.how == notices.HOLD:
                    assert route.release_at is not None
                    held.append(people.hold_ping(user, table.id, kind, now, route.release_at))
                elif route.how != notices.NONE:
                    into[user] = route.how
        await self._keeper.store.commit(held)
        return plan

    async def clock_notices(self, now: float) -> list[Notice]:
        """The pings due now in the games this process serves: reminders that came due
        and held rows released, folded per person (a reminder in quiet hours is held).
        A few indexed reads and one write; no game is loaded."""
        reminders = [
            w
            for w in await waits.reminders_due(self._keeper.store, now)
            if self._serves_game(w.game_id)
        ]
        held = [h for h in await people.held_due(self._keeper.store, now) if self._mine(h.game_id)]
        await self._plan_last_calls()
        calls = [
            w
            for w in await waits.last_calls_due(self._keeper.store, now)
            if self._serves_game(w.game_id)
        ]
        if not reminders and not held and not calls:
            return []
        persons = {w.user_id for w in [*reminders, *calls]} | {h.user_id for h in held}
        settings = await people.settings_of(self._keeper.store, persons)
        statements: list[Statement] = []
        due: dict[int, list[people.HeldPing]] = defaultdict(list)
        for kind, due_waits in (("reminder", reminders), ("last_call", calls)):
            for wait in due_waits:
                if kind == "reminder":
                    statements.append(self._next_reminder(wait, settings[wait.user_id], now))
                else:
                    statements.append(waits.last_call_sent(wait.game_id, wait.user_id))
                route = notices.route(settings[wait.user_id], now)
                if route.how == notices.HOLD:
                    assert route.release_at is not None
                    statements.append(
                        people.hold_ping(wait.user_id, wait.game_id, kind, now, route.release_at)
                    )
                elif route.how != notices.NONE:
                    due[wait.user_id].append(
                        people.HeldPing(0, wait.user_id, wait.game_id, kind, now, now)
                    )
        for user, rows in _by_user(held).items():
            route = notices.route(settings[user], now)
            ids = [h.id for h in rows]
            if route.how == notices.HOLD:
                assert route.release_at is not None
                statements.append(people.rehold(ids, route.release_at))
                continue
            statements.append(people.drop_held(ids))
            if route.how != notices.NONE:
                due[user] += rows
        found = await self._fold(due, settings, now)
        await self._keeper.store.commit(statements)
        return found

    async def _plan_last_calls(self) -> None:
        """Each new open wait of a game this process serves (and each of a game whose
        deadline moved) gets its last call planned: :mod:`bot.desk.night`. None is owed
        without a deadline, nor before the wait began (the turn's own ping said it)."""
        found = [
            (w, d)
            for w, d in await waits.last_calls_to_plan(self._keeper.store)
            if self._mine(w.game_id)
        ]
        if not found:
            return
        settings = await people.settings_of(self._keeper.store, {w.user_id for w, _ in found})
        statements = []
        for wait, deadline in found:
            at = night.last_call_at(settings[wait.user_id], deadline) if deadline else None
            if at is not None and at <= wait.since:
                at = None
            statements.append(waits.plan_last_call(wait.game_id, wait.user_id, deadline or 0.0, at))
        await self._keeper.store.commit(statements)

    def _next_reminder(self, wait: waits.Wait, mine: people.Settings, now: float) -> Statement:
        row = self._keeper.tables[wait.game_id].row
        hours = notices.cadence_hours(mine, row.remind_hours)
        sent = wait.reminders + 1
        nxt = now + hours * 3600 if hours > 0 and sent < row.remind_max else None
        return waits.set_remind_at(wait.game_id, wait.user_id, nxt, sent)

    async def _fold(
        self,
        due: dict[int, list[people.HeldPing]],
        settings: dict[int, people.Settings],
        now: float,
    ) -> list[Notice]:
        """One notice per game (channel) or per person (DM), for the games that still
        run and, but for a phase start, still wait on the person."""
        games = sorted({h.game_id for rows in due.values() for h in rows})
        open_ = await waits.open_waits_in(self._keeper.store, games) if games else set()
        found: list[Notice] = []
        for user, rows in due.items():
            notes = self._notes(rows, open_)
            if not notes:
                continue
            was_held = any(h.release_at - h.held_at > HELD_LONGER_THAN for h in rows)
            if notices.route(settings[user], now).how == notices.DM:
                found.append(Notice(user, notices.DM, tuple(notes), was_held))
            else:
                found += [Notice(user, notices.CHANNEL, (note,), was_held) for note in notes]
        return found

    def _mine(self, game_id: int) -> bool:
        """Whether this process answers for the game's pings (its shard is ours; a game
        no longer current anywhere is dropped by whichever process sees it first)."""
        table = self._keeper.tables.get(game_id)
        return self._keeper.serves(table) if table is not None else self._keeper.shards.everywhere

    def _notes(self, rows: list[people.HeldPing], waits: set[tuple[int, int]]) -> list[GameNote]:
        """One note per game still worth a ping: running, and (but for a phase start)
        still waiting on the person."""
        kinds: dict[int, set[str]] = defaultdict(set)
        for held in rows:
            table = self._keeper.tables.get(held.game_id)
            if table is None or table.status != "playing" or table.row.paused:
                continue
            if held.kind != "phase" and (held.game_id, held.user_id) not in waits:
                continue
            kinds[held.game_id].add(held.kind)
        notes = []
        for game_id, found in kinds.items():
            row = self._keeper.tables[game_id].row
            notes.append(
                GameNote(
                    game_id,
                    row.guild_id,
                    row.channel_id,
                    row.channel_name,
                    row.phase_key,
                    row.deadline_at,
                    notices.first_kind(found),
                )
            )
        return notes

    def _serves_game(self, game_id: int) -> bool:
        """A running (not paused) game of this process's shards."""
        table = self._keeper.tables.get(game_id)
        return (
            table is not None
            and self._keeper.serves(table)
            and table.status == "playing"
            and not table.row.paused
        )

    async def stand_in_games(self, now: float) -> list[Table]:
        """Games this process serves that wait on someone the computer plays for."""
        return [
            self._keeper.tables[g]
            for g in await waits.stand_in_games(self._keeper.store, now)
            if self._serves_game(g)
        ]
