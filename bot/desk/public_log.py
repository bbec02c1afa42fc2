"""A game's public log, as everyone may read it (``/game log``): what the channel was
told, command by command, and the crew's take-backs.

It is made from the stored commands by replay, the ground truth, and worded by whoever
shows it, in the reader's language; the store keeps only what no replay shows, the
take-backs (:class:`bot.store.Takeback`). The alien's commands are told once their
phase has ended, as the channel hears them (C.7.3): a phase under way shows the crew's
commands alone."""

from __future__ import annotations

from dataclasses import dataclass

from bot.desk.loading import Damaged, opening_of, play_marked
from bot.desk.tables import Table
from bot.store import Store, Takeback
from engine.board.ship import Ship
from engine.content import Content
from engine.events import Event
from engine.state import Phase, Side
from engine.views import Viewer, events_for


@dataclass(frozen=True, slots=True)
class Told:
    """The public events of the command at ``seq``."""

    seq: int
    events: tuple[Event, ...]


LogItem = Told | Takeback


@dataclass(frozen=True, slots=True)
class _Played:
    seq: int
    side: Side
    mark: tuple[int, Phase]  # the (turn, phase) it was played in
    events: list[Event]


async def read(store: Store, table: Table, ship: Ship, content: Content) -> list[LogItem]:
    """Every item of the game's public log, oldest first; a damaged record's log stops
    where its replay does."""
    played, now = await _replayed(store, table, ship, content)
    told = [
        Told(p.seq, tuple(events_for(p.events, Viewer.SPECTATOR)))
        for p in played
        if not (p.side is Side.ALIEN and p.mark == now)  # its phase under way: told at its end
    ]
    notes = await store.takebacks(table.id)
    # a take-back at seq s came after the commands before s and before those from s on
    items: list[LogItem] = [t for t in told if t.events] + notes
    return sorted(items, key=lambda item: (item.seq, isinstance(item, Told)))


async def _replayed(
    store: Store, table: Table, ship: Ship, content: Content
) -> tuple[list[_Played], tuple[int, Phase]]:
    """Each stored command that replays, and the (turn, phase) the game is in after them."""
    try:
        game = opening_of(table.row.seed, table.row.opening, ship, content)
    except Damaged:
        return [], (0, Phase.SETUP)
    played = []
    try:
        for row, mark, events in play_marked(game, await store.commands(table.id)):
            played.append(_Played(row.seq, Side(row.side), mark, events))
    except Damaged:
        pass  # a damaged record's log stops where its replay does
    return played, (game.state.turn, game.state.phase)
