"""Where the ToolKit may be, as the alien can follow it from public events.

The set-up puts the ToolKit, alone, in the Workshop's locker (B.1.1), and everyone sees
a locker opened, gear picked up, handed over and dropped, counted but face-down (C.3,
E.3.2), and a human who is hurt drop what it carried (D.5). So without seeing a single
face-down marker the alien can keep the short list of humans who may carry the ToolKit
and the grids where it may lie. A repair (C.9) needs the ToolKit, so the nexus to
sabotage is the one it can reach least in time.
"""

from __future__ import annotations

from engine.board.grid import Grid
from engine.board.ship import Feature, Ship
from engine.equipment.events import GearMoved, LockerOpened
from engine.events import Event, GearAction
from engine.fighting.events import Died, Injured
from engine.players.tactics import grid_of
from engine.views import View

TOOLKIT = "ToolKit"


class ToolKitTrail:
    """The humans who may carry the ToolKit and the grids where it may lie."""

    def __init__(self, ship: Ship) -> None:
        self.holders: set[str] = set()
        self.lying: set[Grid] = set()
        self.locker = next(
            (g for g in ship.grids_with(Feature.LOCKER) if TOOLKIT in ship.region_of(g).locker),
            None,
        )
        self.opened = False

    def observe(self, events: list[Event], view: View) -> None:
        where = {h.id: grid_of(h.grid) for h in view.crew}
        for event in events:
            match event:
                case LockerOpened(grid=grid) if grid == self.locker and not self.opened:
                    self.opened = True
                    self.lying.add(grid)
                case GearMoved(who=who, handling=handling):
                    self._moved(who.id, handling.action, handling.to, where)
                case Injured(who=who, dropped=dropped) if who.id in self.holders and dropped:
                    self._dropped(who.id, where)
                case Died(who=who) if who.id in self.holders:
                    self._dropped(who.id, where)

    def _moved(
        self, who: str, action: GearAction, to: object, where: dict[str, Grid | None]
    ) -> None:
        grid = where.get(who)
        if action is GearAction.PICK_UP and grid in self.lying:
            self.holders.add(who)
            self.lying.discard(grid)
        elif action in (GearAction.GIVE, GearAction.EXCHANGE) and who in self.holders:
            receiver = getattr(to, "id", None)
            if receiver:
                self.holders.add(receiver)
        elif action is GearAction.DROP and who in self.holders and grid is not None:
            self.lying.add(grid)

    def _dropped(self, who: str, where: dict[str, Grid | None]) -> None:
        self.holders.discard(who)
        grid = where.get(who)
        if grid is not None:
            self.lying.add(grid)

    def grids(self, view: View) -> set[Grid]:
        """Every grid the ToolKit may be in now: its locker until it is opened."""
        if not self.opened:
            return {self.locker} if self.locker is not None else set()
        carried = {grid_of(h.grid) for h in view.crew if h.id in self.holders}
        return {g for g in carried if g is not None} | self.lying
