"""What moderators (and a game's settings) change: deadlines and reminders, who commands
which crew member, reset, abort, rollback, replacing or removing a player, the
moderator role; each logged in ``mod_actions``."""

from __future__ import annotations

import bot.store
from bot.desk import loading
from bot.desk.attendance import Attendance
from bot.desk.deadlines import arm_deadline
from bot.desk.keeper import Keeper
from bot.desk.outcome import Outcome
from bot.desk.seating import deal, seat_refusal
from bot.desk.tables import Refusal, Seat, Table
from bot.desk.tutorial import lesson_of, lesson_opening
from bot.language import N_
from bot.store import (
    CommandRow,
    GameRow,
    PlayerRow,
    SnapshotRow,
    append_command,
    delete_game,
    delete_player,
    drop_snapshot_states,
    mod_action,
    put_newest_snapshot,
    put_player,
    set_snapshot_state,
    truncate_commands,
    truncate_public_lines,
    truncate_snapshots,
    waits,
)
from engine.commands import Rekey
from engine.errors import GameError
from engine.game import Game
from engine.records import snapshot
from engine.records.rollback import Shown, shown_since
from engine.state import Phase, Side
from engine.views import Viewer


class Moderation:
    """The moderators' and settings' side of the desk."""

    def __init__(self, keeper: Keeper, attendance: Attendance) -> None:
        self._keeper = keeper
        self._attendance = attendance

    async def configure(self, table: Table, **changes: float | int) -> GameRow:
        async with self._keeper.hold(table):
            row = table.row.with_(**changes)
            if "deadline_hours" in changes and row.status == "playing":
                base = row.phase_since or self._keeper.clock()
                row = row.with_(
                    deadline_at=base + row.deadline_hours * 3600 if row.deadline_hours > 0 else None
                )
            if row.paused_at is not None and "deadline_hours" in changes:  # clocks stand still
                left = row.deadline_at - row.paused_at if row.deadline_at is not None else None
                row = row.with_(paused_left=left, deadline_at=None)
            moved = row.deadline_at != table.row.deadline_at
            await self._keeper.commit(
                table, [waits.replan_last_calls(table.id)] if moved else [], row
            )
        if "remind_hours" in changes or "remind_max" in changes:
            await self._attendance.refresh_reminders(game_id=table.id)
        return table.row

    async def assign(
        self, table: Table, unit: str, user_id: int, by: int, is_mod: bool
    ) -> int | None:
        """Hand crew member ``unit`` to crew player ``user_id``, at ``by``'s request.

        Who may: the player who holds the unit (handing it on), a moderator (any unit),
        and any crew player for a unit nobody holds (left behind by a player who left).
        Returns who held it before (None: nobody)."""
        async with self._keeper.hold(table):
            if table.game is None or table.game.state.phase is Phase.SETUP:
                raise Refusal(N_("Crew members are handed out when set-up is done."))
            target = table.players.get(user_id)
            if target is None or target.seat != Seat.CREW.value:
                raise Refusal(N_("Crew members can only be given to a crew player."))
            unit = unit.lower()
            crew_ids = [line.id for line in table.view_for(Viewer.CREW).crew]
            if unit not in crew_ids:
                raise Refusal(
                    N_("There is no crew member '{unit}'. Crew: {crew}."),
                    unit=unit,
                    crew=", ".join(crew_ids),
                )
            if not is_mod and table.seat_of(by) is not Seat.CREW:
                raise Refusal(N_("Only crew players and moderators can hand out crew members."))
            holder = next((p.user_id for p in table.seated(Seat.CREW) if unit in p.units), None)
            if holder == user_id:
                raise Refusal(N_("{unit} already answers to <@{user}>."), unit=unit, user=user_id)
            if not is_mod and holder is not None and holder != by:
                raise Refusal(
                    N_("{unit} answers to <@{user}>: only they or a moderator can hand it on."),
                    unit=unit,
                    user=holder,
                )
            updated = {
                p.user_id: PlayerRow(
                    p.user_id,
                    p.seat,
                    tuple(u for u in p.units if u != unit)
                    + ((unit,) if p.user_id == user_id else ()),
                    p.dm_ok,
                    p.joined_at,
                )
                for p in table.seated(Seat.CREW)
            }
            await self._keeper.commit(table, [put_player(table.id, p) for p in updated.values()])
            table.players.update(updated)
            return holder

    async def mod_log(
        self, table: Table | None, channel_id: int, user_id: int, action: str
    ) -> None:
        await self._keeper.store.commit(
            [
                mod_action(
                    table.id if table else None, channel_id, user_id, action, self._keeper.clock()
                )
            ]
        )

    async def reset(self, table: Table, mod_id: int) -> None:
        async with self._keeper.hold(table):
            await self._keeper.commit(
                table,
                [
                    delete_game(table.id),
                    mod_action(None, table.channel_id, mod_id, "reset", self._keeper.clock()),
                ],
                repair=True,
            )
            self._keeper.forget(table)
            table.row = table.row.with_(status="reset")

    async def abort(self, table: Table, mod_id: int) -> None:
        async with self._keeper.hold(table):
            if table.status not in ("lobby", "playing"):
                raise Refusal(N_("This game is not running."))
            row = table.row.with_(status="aborted", deadline_at=None)
            await self._keeper.commit(
                table,
                [
                    mod_action(table.id, table.channel_id, mod_id, "abort", self._keeper.clock()),
                    waits.delete_waits(table.id),
                ],
                row,
                repair=True,
            )
            self._keeper.tables.pop(table.id, None)
            self._keeper.by_channel.pop(table.channel_id, None)

    async def rollback_shown(self, table: Table, turn: int, phase: Phase) -> Shown:
        """What rolling back to turn ``turn``'s ``phase`` phase cannot take back (a hidden
        alien found since, a marker turned up, a crate looked at, the dice seen), for the
        moderator to read before confirming; nothing changes (README, "Secrets")."""
        async with self._keeper.hold(table):
            _, game = await self._replayed_to_roll_back(table)
            try:
                return shown_since(game, turn, phase)
            except GameError as err:
                if _starts_now(game) == (turn, phase):  # nothing played since it began
                    return Shown()
                raise Refusal(_no_phase(err, game)) from None

    async def rollback(self, table: Table, turn: int, phase: Phase, mod_id: int) -> Outcome:
        """A moderator's rollback to a phase start: found on a full replay of the stored
        log (rare, so ground truth over speed), everything read and worked out before
        memory changes; memory takes the rolled-back game once the store has it. The
        dice are re-keyed there from secure randomness (a ``rekey`` command in the log,
        the referee's, so a replay rolls the same dice): the rolls of the phases played
        again never come out as they did. A tutorial keeps its dice: its lesson is
        scripted on them, and its only opponent is the script (docs/rules-decisions.md).

        A damaged record comes back this way: the rollback goes to a phase before the
        damage (a command that no longer replays or is missing), and a tutorial whose
        opening no longer reads gets it rebuilt from its lesson (see the README,
        "Never silent")."""
        async with self._keeper.hold(table):
            opening, game = await self._replayed_to_roll_back(table)
            snapshots = {s.seq for s in await self._keeper.store.snapshots(table.id)}
            try:
                game.rollback(turn, phase)
            except GameError as err:
                if _starts_now(game) != (turn, phase):  # else: already at that phase's start
                    raise Refusal(_no_phase(err, game)) from None
            length = game.length
            draft = table.draft()
            draft.game, draft.recent, draft.phase_seq = game, [], length
            now = self._keeper.clock()
            side = Side.ALIEN if phase is Phase.ALIEN else Side.CREW  # the phase's own
            rekey = Rekey(self._keeper.seeds()) if lesson_of(table) is None else None
            rekeyed = (
                []
                if rekey is None
                else [CommandRow(length, side.value, rekey.notation(), None, now)]
            )
            row = table.row.with_(
                status="playing", phase_key=draft.stamp(), phase_since=now, opening=opening
            )
            row = arm_deadline(row, now)
            state = snapshot.dump(game.state)
            turn_now, phase_now = loading.phase_of(game.state)
            statements = [
                *await self._attendance.on_rollback(draft, length, now),
                truncate_commands(table.id, length),
                truncate_snapshots(table.id, length),
                truncate_public_lines(table.id, length),
                mod_action(
                    table.id, table.channel_id, mod_id, f"rollback {turn} {phase.value}", now
                ),
            ]
            if length in snapshots:  # the phase start's row stays; the state is new
                statements += [
                    drop_snapshot_states(table.id, length),
                    set_snapshot_state(table.id, length, state),
                ]
            else:
                snap = SnapshotRow(length, turn_now, phase_now, now, state)
                statements += put_newest_snapshot(table.id, snap)
            statements += [append_command(table.id, r) for r in rekeyed]
            await self._keeper.commit(table, statements, row, repair=True)
            game.rebase(state)
            if rekey is not None:
                game.play(side, rekey)
            draft.recent = rekeyed
            table.adopt(draft)
            table.damaged_at, table.damage_told, table.verified = None, False, True
            outcome = Outcome(table.id, table.channel_id, actor=mod_id, new_phase=True)
            outcome.summary = [
                f"A moderator rolled the game back to turn {turn}, {phase.value} phase"
                + ("." if rekey is None else "; the dice are re-keyed from secure randomness.")
            ]
            return outcome

    async def _replayed_to_roll_back(self, table: Table) -> tuple[str, Game]:
        """The opening a rollback replays from, and the whole stored game replayed from it
        (up to any damage), after the checks that it may be rolled back at all. Call
        under the hold."""
        if table.status == "over":  # its final reveal showed every secret (README, "Secrets")
            raise Refusal(
                N_(
                    "This game is over and its final reveal showed every secret, the seed "
                    "included: it cannot be rolled back. `/game create` starts a new one."
                )
            )
        if table.status != "playing":
            raise Refusal(N_("Only a started game can be rolled back."))
        opening, game = self._rollback_start(table)
        for stored in await self._keeper.store.commands(table.id):  # only what still replays
            try:
                loading.play_row(game, stored)
            except loading.Damaged:
                break
        return opening, game

    def _rollback_start(self, table: Table) -> tuple[str, Game]:
        """The opening a rollback replays from, and its game: the game's own or, where
        that no longer reads, a tutorial's rebuilt from its lesson. Any other game whose
        opening is damaged cannot be rebuilt here: its script was the only copy."""
        seed, opening = table.row.seed, table.row.opening
        try:
            return opening, loading.opening_of(
                seed, opening, self._keeper.ship, self._keeper.content
            )
        except loading.Damaged:
            rebuilt = lesson_opening(table, self._keeper.ship, self._keeper.content)
        if rebuilt is None:
            raise Refusal(
                N_(
                    "Game {game}'s opening no longer reads, and an imported game's opening "
                    "was its script: `/mod abort` it and `/mod import` the script again."
                ),
                game=table.id,
            )
        return rebuilt, loading.opening_of(seed, rebuilt, self._keeper.ship, self._keeper.content)

    async def replace(self, table: Table, old_id: int, new_id: int, mod_id: int) -> str:
        async with self._keeper.hold(table):
            old = table.players.get(old_id)
            if old is None or old.seat == Seat.SPECTATOR.value:
                raise Refusal(N_("That member has no seat at this game."))
            refusal = await seat_refusal(self._keeper.store, table, new_id, old.seat)
            if refusal is not None:  # the rule every path that seats a person follows
                raise Refusal(refusal)
            new = PlayerRow(new_id, old.seat, old.units, True, old.joined_at)
            now = self._keeper.clock()
            statements = [
                delete_player(table.id, old_id),
                put_player(table.id, new),
                mod_action(table.id, table.channel_id, mod_id, f"replace {old.seat}", now),
                *self._attendance.seat_handed(
                    table, old_id, new_id, old.seat, ("replaced", "mod"), now
                ),
            ]
            # Commands keep their author; undo stays with whoever played them.
            await self._keeper.commit(table, statements)
            del table.players[old_id]
            table.players[new_id] = new
            return old.seat

    async def remove(self, table: Table, user_id: int, mod_id: int) -> str:
        async with self._keeper.hold(table):
            player = table.players.get(user_id)
            if player is None:
                raise Refusal(N_("That member has no seat at this game."))
            now = self._keeper.clock()
            statements = [
                delete_player(table.id, user_id),
                mod_action(table.id, table.channel_id, mod_id, f"remove {player.seat}", now),
            ]
            if player.seat != Seat.SPECTATOR.value:
                statements += self._attendance.seat_left(table, user_id, "removed", now)
            draft = table.draft()
            del draft.players[user_id]
            statements += deal(draft, player.units)
            await self._keeper.commit(table, statements)
            table.adopt(draft)
            return player.seat

    async def set_mod_role(self, guild_id: int, role_id: int | None) -> None:
        await self._keeper.store.commit([bot.store.set_mod_role(guild_id, role_id)])


def _starts_now(game: Game) -> tuple[int, Phase] | None:
    """The phase ``game`` stands at the start of, with no command played in it yet (as
    a record damaged at its phase's first command leaves it), or None."""
    now = (game.state.turn, game.state.phase)
    if game.log and (game.log[-1].turn, game.log[-1].phase) == now:
        return None
    return now


def _no_phase(err: GameError, game: Game) -> str:
    """The refusal of a phase that cannot be rolled back to, listing those that can."""
    starts = [f"turn {t} {p.value}" for t, p, _ in game.phase_starts()]
    here = _starts_now(game)
    starts += [f"turn {here[0]} {here[1].value}"] if here else []
    return f"{err.describe()}. Phases to roll back to: {', '.join(starts)}."
