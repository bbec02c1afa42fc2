"""Substitutes without a moderator (the README's "People across games"): open-seat
calls, claims, approvals.

A seat's own player (``/game sub``), a moderator, an absence that asked for it, or
``sub_after`` missed phases in a row open a call. A member presses "Take this seat"
(the claim); another player of the seat's own side, or a moderator, approves: never the
other side (it would pick its opponent) nor the leaver (their seat is not theirs to give
away), so a side with no other player needs a moderator. The seat's side, the one who
offered, or a moderator may turn an offer down. Then the seat, its
crew members and its wait change hands in one guarded transaction; the leaver leaves
the game's seats (no new secret reaches them) and the newcomer gets their side's whole
private briefing: their view, their hand, and every private line their side has heard
(rebuilt from the command log, so exactly what the side was told, nothing more, and
worded in the newcomer's language).

Refused, changing nothing: claiming your own seat, claiming a seat at a game you already
play in, claiming any seat after sitting at the other side of this game (you know its
secrets), approving your own substitution, and approving by the other side or the leaver.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass

from bot.desk.attendance import Attendance
from bot.desk.keeper import Keeper
from bot.desk.seating import PLAYING, seat_refusal
from bot.desk.tables import Refusal, Table
from bot.language import N_
from bot.store import CommandRow, GameRow, PlayerRow, delete_player, people, put_player
from bot.store.people import SeatCall
from engine.board.ship import Ship
from engine.content import Content
from engine.events import Event
from engine.records.scenario import opening_game
from engine.state import Side


@dataclass(frozen=True, slots=True)
class Substitution:
    table: Table
    call: SeatCall
    leaver: int
    newcomer: int


def told_so_far(
    row: GameRow, rows: Sequence[CommandRow], ship: Ship, content: Content
) -> list[tuple[list[Event], str]]:
    """What each stored command told, in order, with the side that played it: the game
    replayed from its log, so a side's DMs can be chosen and worded again exactly as
    they were sent (``bot.present.events.heard_lines``), in their reader's language."""
    game = opening_game(row.seed, row.opening, ship, content)
    return [(game.play(Side(stored.side), stored.command), stored.side) for stored in rows]


class Substitutes:
    """Open-seat calls and the seat changing hands."""

    def __init__(self, keeper: Keeper, attendance: Attendance) -> None:
        self._keeper = keeper
        self._attendance = attendance

    async def ask_sub(self, table: Table, user_id: int, by: int, is_mod: bool) -> SeatCall:
        if by != user_id and not is_mod:
            raise Refusal(N_("Only the seat's own player or a moderator can offer a seat."))
        async with self._keeper.hold(table):
            if table.status != "playing":
                raise Refusal(
                    N_("Substitutes take seats of a game in progress; in the lobby, `/game leave`.")
                )
            seat = table.seat_of(user_id)
            if seat not in PLAYING:
                raise Refusal(N_("That member has no seat at this game."))
            reason = "asked" if by == user_id else "mod"
            call = await self._call_for(table.id, user_id, seat.value, reason, self._keeper.clock())
        if call is None:
            raise Refusal(N_("That seat is already offered: see the call in the channel."))
        return call

    async def _call_for(
        self, game_id: int, user_id: int, side: str, reason: str, now: float
    ) -> SeatCall | None:
        """A new open-seat call for ``user_id``'s seat, unless one is live already."""
        if await people.has_live_call(self._keeper.store, game_id, user_id):
            return None
        call_id = await people.insert_call(self._keeper.store, game_id, user_id, side, reason, now)
        return await people.call(self._keeper.store, call_id)

    async def call_table(self, call_id: int) -> tuple[Table, SeatCall]:
        """A call and its game (a current one), or a refusal: the call belongs to the past."""
        call = await people.call(self._keeper.store, call_id)
        table = await self._keeper.find(call.game_id) if call is not None else None
        if call is None or table is None:
            raise Refusal(N_("That call belongs to the past: its game is no longer running."))
        return table, call

    async def _live_call(self, call_id: int) -> tuple[Table, SeatCall]:
        table, call = await self.call_table(call_id)
        if table.status != "playing":
            raise Refusal(N_("That call belongs to the past: its game is no longer running."))
        return table, call

    async def waiting_substitute(self, game_id: int, user_id: int) -> bool:
        """Whether ``user_id`` offered to take a seat of this game and waits for the
        players' approval (they may read the game from their DMs meanwhile)."""
        calls = await people.live_calls(self._keeper.store, game_id)
        return any(c.status == "claimed" and c.candidate == user_id for c in calls)

    async def claim_call_post(self, call_id: int) -> bool:
        """Whether this caller is the one to post the call (each call is posted once)."""
        return await people.claim_post(self._keeper.store, call_id)

    async def claim_seat(self, call_id: int, user_id: int) -> tuple[Table, SeatCall]:
        """``user_id`` offers to take the seat: the players then approve or refuse."""
        table, call = await self._live_call(call_id)
        async with self._keeper.hold(table):
            call = await self._reread(call)
            if call.status == "claimed":
                raise Refusal(
                    N_(
                        "<@{user}> has already offered to take this seat; the players are deciding."
                    ),
                    user=call.candidate,
                )
            await self._check_candidate(table, call, user_id)
            claimed = call.with_(status="claimed", candidate=user_id)
            await self._keeper.store.commit([people.update_call(claimed)])
        return table, claimed

    async def _reread(self, call: SeatCall) -> SeatCall:
        fresh = await people.call(self._keeper.store, call.id)
        if fresh is None or not fresh.live:
            raise Refusal(N_("This seat is no longer open."))
        return fresh

    async def _check_candidate(self, table: Table, call: SeatCall, user_id: int) -> None:
        if user_id == call.user_id:
            raise Refusal(
                N_(
                    "This is your own seat: withdraw the call instead (its Withdraw button, or "
                    "`/me back` after an absence)."
                )
            )
        refusal = await seat_refusal(self._keeper.store, table, user_id, call.side)
        if refusal is not None:
            raise Refusal(refusal)

    async def approve_sub(self, call_id: int, approver: int, is_mod: bool) -> Substitution:
        table, call = await self._live_call(call_id)
        async with self._keeper.hold(table):
            call = await self._reread(call)
            if call.status != "claimed" or call.candidate is None:
                raise Refusal(N_("Nobody has offered to take this seat yet."))
            if approver == call.candidate:
                raise Refusal(
                    N_(
                        "You cannot approve your own substitution: another player of that side "
                        "or a moderator must."
                    )
                )
            if approver == call.user_id:  # a moderator too: a loss is not handed off
                raise Refusal(
                    N_(
                        "You cannot approve who takes your own seat: another player of your side "
                        "or a moderator must."
                    )
                )
            if not is_mod and table.side_of(approver) is not Side(call.side):
                raise Refusal(
                    N_(
                        "Only the {side}'s other players or a moderator can approve a "
                        "substitute for a {side} seat."
                    ),
                    side=call.side,
                )
            now = self._keeper.clock()
            old = table.players.get(call.user_id)
            if old is None or old.seat != call.side:
                await self._keeper.store.commit(
                    [people.update_call(call.with_closed("withdrawn", now))]
                )
                raise Refusal(N_("That seat changed hands meanwhile; the call is closed."))
            await self._check_candidate(table, call, call.candidate)
            new = PlayerRow(call.candidate, old.seat, old.units, True, old.joined_at)
            filled = call.with_closed("filled", now).with_(approved_by=approver)
            await self._keeper.commit(
                table,
                [
                    delete_player(table.id, old.user_id),
                    put_player(table.id, new),
                    *self._attendance.seat_handed(
                        table, old.user_id, new.user_id, new.seat, ("sub", "sub"), now
                    ),
                    people.update_call(filled),
                ],
            )
            del table.players[old.user_id]
            table.players[new.user_id] = new
        return Substitution(table, filled, old.user_id, new.user_id)

    async def refuse_sub(self, call_id: int, by: int, is_mod: bool) -> tuple[Table, SeatCall]:
        """A player (or the one who offered) turns the offer down: the seat is open again."""
        table, call = await self._live_call(call_id)
        async with self._keeper.hold(table):
            call = await self._reread(call)
            if call.status != "claimed":
                raise Refusal(N_("Nobody has offered to take this seat yet."))
            allowed = is_mod or by == call.candidate or table.side_of(by) is Side(call.side)
            if not allowed:
                raise Refusal(
                    N_(
                        "Only the {side}'s players, the one who offered or a moderator can "
                        "turn an offer down."
                    ),
                    side=call.side,
                )
            reopened = call.with_(status="open", candidate=None)
            await self._keeper.store.commit([people.update_call(reopened)])
        return table, reopened

    async def withdraw_call(self, call_id: int, by: int, is_mod: bool) -> tuple[Table, SeatCall]:
        table, call = await self._live_call(call_id)
        if by != call.user_id and not is_mod:
            raise Refusal(N_("Only the seat's own player or a moderator can withdraw the call."))
        call = await self._reread(call)
        closed = call.with_closed("withdrawn", self._keeper.clock())
        await self._keeper.store.commit([people.update_call(closed)])
        return table, closed

    async def set_call_message(self, call_id: int, message_id: int) -> None:
        await self._keeper.store.commit(
            [("UPDATE seat_calls SET message_id = ? WHERE id = ?", (message_id, call_id))]
        )

    async def briefing(self, table: Table, user_id: int) -> list[tuple[list[Event], str]]:
        """What each command of this game told so far, with the side that played it
        (:func:`told_so_far`), for ``user_id``'s side to hear again; refused to anyone
        without a seat."""
        if table.side_of(user_id) is None:
            raise Refusal(N_("You have no seat at this game, so no side's secrets."))
        rows = await self._keeper.store.commands(table.id)
        return await asyncio.to_thread(
            told_so_far, table.row, rows, self._keeper.ship, self._keeper.content
        )

    async def calls_due(self, now: float) -> tuple[list[SeatCall], list[SeatCall]]:
        """For the clock, in the games this process serves: open calls not posted yet,
        and calls withdrawn now (their absence ended, or their game no longer runs)."""
        to_post, closing = [], []
        for call in await people.calls_to_post(self._keeper.store):
            table = self._keeper.tables.get(call.game_id)
            if table is not None and self._keeper.serves(table) and table.status == "playing":
                to_post.append(call)
            elif (
                self._keeper.serves(table) if table is not None else self._keeper.shards.everywhere
            ):
                closing.append(call)
        for call in await people.away_calls_ended(self._keeper.store, now):
            table = self._keeper.tables.get(call.game_id)
            if table is not None and self._keeper.serves(table):
                closing.append(call)
        withdrawn = [c.with_closed("withdrawn", now) for c in closing]
        await self._keeper.store.commit([people.update_call(c) for c in withdrawn])
        return to_post, [c for c in withdrawn if c.message_id is not None]
