"""The advisor at the desk: a player's "Suggest", from their side's seat only (the
README's "Playing on Discord" and docs/rules-decisions.md, "The expert level and the
advisor").

The expert's choice for the asker's side among the asker's own legal commands
(:func:`bot.desk.tables.legal_for_player`), decided by an `expert` player that has read
the stored commands from that side's seat (:class:`~engine.players.memory.Memory`, as
the game's own seat does): its view, the legal commands and the public events, nothing
else. The advice is searched with a fixed iteration budget
(:data:`~engine.players.expert.advice.ADVICE`) and a generator seeded from public facts
only (the game's number, the turn, the phase and the asking side:
:func:`~engine.players.expert.advice.advice_rng`; never the log's length, which counts
the other side's commands), so twins the asker cannot tell apart get the same advice.

In set-up the advice is the expert's own set-up choice for the step (B.1.2, B.1.3).

The game's creator may switch hints off (``/game create … hints:off``); a side's first
hint marks the game (``hints_used``, and the side in ``hints_sides``): its record says
so, and that side, only, is not rated for the game (README, "Ratings and deadlines").
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict

from bot.desk.keeper import Keeper
from bot.desk.tables import Refusal, Table, legal_for_player
from bot.language import N_  # refusals a catalogue translates where they are read
from engine.commands import Command
from engine.errors import GameError
from engine.players.base import Player, legal_for
from engine.players.expert import Decision
from engine.players.expert.advice import ADVICE, advice_rng, advise
from engine.players.levels import caught_up
from engine.players.memory import Memory, remembered
from engine.state import Phase, Side

log = logging.getLogger("quicksilver.bot")

PARAMS = ADVICE  # the advisor's search: a fixed iteration budget (tests give a smaller one)
_MEMORIES: OrderedDict[tuple[int, Side], Memory] = OrderedDict()
_KEPT = 16


class Advisor:
    """The Suggest button's answers."""

    def __init__(self, keeper: Keeper) -> None:
        self._keeper = keeper

    async def suggest(self, table: Table, user_id: int) -> Decision | None:
        """The expert's choice for ``user_id``'s side now (None: nothing to choose);
        refused when hints are off, for a spectator, or when it is not their turn."""
        async with self._keeper.hold(table):
            if table.row.hints_off:
                raise Refusal(N_("Hints are switched off in this game by its creator."))
            side = table.side_of(user_id)
            game = table.game
            if side is None or game is None or table.status != "playing":
                raise Refusal(N_("Only the game's players may ask for a hint, while it is played."))
            if side not in table.acting_sides():
                raise Refusal(N_("A hint is for your side's own phase: nothing to weigh now."))
            legal = self._choices(table, user_id, side)
            player = await self._expert(table, side)
            rng = advice_rng(table.id, game.state, side)
            decision = await asyncio.to_thread(advise, player, side, game, legal, rng)
            if decision is not None and side.value not in table.row.hints_sides.split(","):
                await self._keeper.commit(table, [], table.row.with_hint_from(side.value))
            return decision

    def _choices(self, table: Table, user_id: int, side: Side) -> list[Command]:
        """The asker's own legal commands; in set-up the step's choices one by one (the
        expert plans its set-up from them, :mod:`engine.players.setup_plan`)."""
        game = table.game
        assert game is not None
        if game.state.phase is Phase.SETUP:
            return legal_for(game.state, side, game.ship, game.content, plans_setup=True)
        return legal_for_player(table, user_id)

    async def _expert(self, table: Table, side: Side) -> Player:
        """An expert of ``side`` caught up with the stored commands (or, should the store
        and the game differ, with the phase in memory: a wider belief)."""
        game = table.game
        assert game is not None
        rows = await self._keeper.store.commands(table.id)
        lines = [(Side(r.side), r.command) for r in rows]
        key = (table.id, side)
        old = _MEMORIES.pop(key, None)
        try:
            memory = await asyncio.to_thread(remembered, game, side, "expert", lines, old, PARAMS)
        except GameError as err:
            log.warning("game %d: the advisor's memory not rebuilt (%s)", table.id, err.rule)
            return caught_up(game, side, "expert", PARAMS)
        if len(lines) != game.length or memory.game.state != game.state:
            return caught_up(game, side, "expert", PARAMS)
        _MEMORIES[key] = memory
        while len(_MEMORIES) > _KEPT:
            _MEMORIES.popitem(last=False)
        return memory.player
