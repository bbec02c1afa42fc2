"""The computer plays an away player's units (``/me away … while away: the computer
plays my units``, the README's "People across games"), at the `normal` level, or at
`expert` when they chose ``the computer plays my units (expert level)``, until they
are back.

It decides like the game's own seat (:mod:`bot.desk.computer_seat`): from the side's
view, the legal commands and the crew's belief rebuilt from the stored commands. For a
crew player who shares the crew with others, it plays only that player's units: the
legal commands are narrowed to theirs, and "end the phase" becomes "end my units" (C.2:
a unit that has begun acting finishes first, so while a teammate's unit acts it waits).
In set-up it makes the side's choices only when every player of the side is away with
the computer playing for them (set-up is one side's choices, not one player's).
Its moves are stored like anyone's, with no author (the referee), and excuse the
player's phase in their record.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict

from bot.desk import computer_seat
from bot.desk.computer_seat import computer_seed, setup_commands
from bot.desk.keeper import Keeper
from bot.desk.tables import Table
from bot.store import people, waits
from engine.commands import Command, EndPhase, EndUnit
from engine.dice import Rng
from engine.errors import GameError
from engine.legal import is_legal
from engine.players.base import legal_for
from engine.players.memory import Memory, remembered
from engine.state import Phase, Side
from engine.views import view

log = logging.getLogger("quicksilver.bot")

LEVELS = {"computer": "normal", "expert": "expert"}  # away mode: the level it plays at
_MEMORIES: OrderedDict[tuple[int, Side, str], Memory] = OrderedDict()
_KEPT = 16


class StandIns:
    """The computer standing in for away players."""

    def __init__(self, keeper: Keeper) -> None:
        self._keeper = keeper

    async def stand_in_due(self, table: Table) -> bool:
        """Whether the game waits on someone the computer plays for (a cheap look, after
        every command: a process holding every shard is the only one to write people's
        settings, and asks the store only after it wrote some)."""
        if table.status != "playing" or table.row.paused or not table.loaded:
            return False
        waiting = table.waiting_users()
        sole = self._keeper.shards.everywhere
        return bool(
            waiting
            and await waits.away_stand_ins(
                self._keeper.store, waiting, self._keeper.clock(), sole_writer=sole
            )
        )

    async def next_move(self, table: Table) -> tuple[Side, list[Command], int] | None:
        """The next move the computer plays for an away player the game waits on, as
        (side, commands, player), or None: nothing to play now. A move is one command,
        or in set-up the side's whole planned set-up at once. Call under the hold."""
        game = table.game
        if table.status != "playing" or table.row.paused or game is None:
            return None
        for user in await waits.away_stand_ins(
            self._keeper.store, table.waiting_users(), self._keeper.clock()
        ):
            side = table.side_of(user)
            commands = await self._stand_in_commands(table, user, side) if side else []
            if side is not None and commands:
                return side, commands, user
        return None

    async def _stand_in_commands(self, table: Table, user: int, side: Side) -> list[Command]:
        game = table.game
        assert game is not None
        rng = Rng(computer_seed(table.row.seed, game.moment(side)))
        mode = (await people.settings(self._keeper.store, user)).away_mode
        if game.state.phase is Phase.SETUP:
            mates = [p.user_id for p in table.players.values() if p.seat == side.value]
            away = await waits.away_stand_ins(self._keeper.store, mates, self._keeper.clock())
            if len(away) != len(mates):
                return []
            level = LEVELS.get(mode, "normal")
            return await asyncio.to_thread(setup_commands, game, side, level, rng)
        memory = await self._memory(table, side, LEVELS.get(mode, "normal"))
        legal = legal_for(game.state, side, game.ship, game.content)
        if side is Side.ALIEN:
            pool = legal
        else:
            mine = set(table.units_of(user))
            pool = [x for x in legal if getattr(x, "unit", None) in mine]
            if any(isinstance(x, EndPhase) for x in legal):
                pool += self._ends(table, user)
        if not pool:
            return []
        if memory is None:
            return [pool[-1]]
        seen = view(game.state, side.value, game.ship, game.content)
        choice = await asyncio.to_thread(memory.player, seen, pool, game.ship, game.content, rng)
        return [choice if choice in pool else pool[-1]]

    def _ends(self, table: Table, user: int) -> list[Command]:
        """The player's own "end the phase": end each of their units still to act (the
        whole phase when nobody else of the crew has units left)."""
        game = table.game
        assert game is not None
        others = [
            p.user_id
            for p in table.players.values()
            if p.seat == "crew" and p.user_id != user and table.open_units(p.user_id)
        ]
        if not others:
            return [EndPhase()]
        ends: list[Command] = [EndUnit(u) for u in table.open_units(user)]
        return [e for e in ends if is_legal(game.state, Side.CREW, e, game.ship, game.content)]

    async def _memory(self, table: Table, side: Side, level: str) -> Memory | None:
        """The side's remembering player, caught up with the stored commands (None: the
        store and the game disagree; the move is then a plain legal one)."""
        game = table.game
        assert game is not None
        rows = await self._keeper.store.commands(table.id)
        lines = [(Side(r.side), r.command) for r in rows]
        key = (table.id, side, level)
        old = _MEMORIES.pop(key, None)
        try:
            params = computer_seat.EXPERT
            memory = await asyncio.to_thread(remembered, game, side, level, lines, old, params)
        except GameError as err:
            log.warning("game %d: the stand-in's memory not rebuilt (%s)", table.id, err)
            return None
        if len(lines) != game.length or memory.game.state != game.state:
            return None
        _MEMORIES[key] = memory
        while len(_MEMORIES) > _KEPT:
            _MEMORIES.popitem(last=False)
        return memory
