"""The game-controlled crew: it decides from the crew's View and the legal commands.

Priorities, for each human in turn:

1. fight: attack a visible alien in reach with every spare action (D);
2. save the ship: an Engineer with a ToolKit repairs a damaged critical system (C.9);
3. heal the injured (Medical), autopsy cadavers (+1 each, F.1), fabricate devices;
4. arm up: open lockers and pick up gear lying where it stands (E.2.6, E.3);
5. move: to a damaged critical system (Engineers), to the ToolKit (Engineers without
   one), to a visible alien or fresh sighting when in a group of two or more, to a
   cadaver (Science), to an unopened locker, else to the nearest other human (groups);
6. flee: when two or fewer humans are left aboard late in the game, run for a life
   pod and launch it (E.2.4);
7. end the unit: its unspent actions search for a pipe-running alien (C.8).
"""

from __future__ import annotations

from engine import commands as c
from engine.board.geometry import Mover
from engine.board.grid import Grid
from engine.board.ship import RegionKind, Ship
from engine.board_view import MarkerKind
from engine.content import Content
from engine.dice import Rng
from engine.players.tactics import best_by_unit, grid_of, markers, move_progress, nearest
from engine.views import CrewLine, View

FLEE_TURN = 40


def crew_ai(
    view: View, legal: list[c.Command], ship: Ship, content: Content, rng: Rng
) -> c.Command:
    mine = {h.id: h for h in view.crew}
    critical = {s.value for s, info in content.systems.items() if info.critical}
    return best_by_unit(legal, mine, lambda h: _Plan(view, h, ship, critical).score, rng)


class _Plan:
    def __init__(self, view: View, me: CrewLine, ship: Ship, critical: set[str]) -> None:
        self.view, self.me, self.ship = view, me, ship
        self.here = grid_of(me.grid) or Grid(0, 0, 0)
        self.engineer = "Engineer" in me.skills
        self.toolkit = "ToolKit" in me.carrying
        self.living = [
            h for h in view.crew if h.fate == "aboard" and h.condition in ("well", "injured")
        ]
        self.aliens = [g for a in view.aliens if (g := grid_of(a.grid)) is not None]
        self.damaged = [
            m.grid
            for m in view.board.markers
            if m.kind is MarkerKind.NEXUS_DAMAGED and m.label in critical
        ]
        self.flee = (len(self.living) <= 2 and view.turn >= FLEE_TURN) or view.turn >= 75
        self.goal = self._goal()

    def _near(self, targets: list[Grid]) -> tuple[Grid | None, int]:
        return nearest(self.ship, self.here, targets, Mover.HUMAN, self.view.board.doors)

    def _goal(self) -> Grid | None:
        view, ship = self.view, self.ship
        if self.flee:
            pods = [g for r in ship.regions.values() if r.kind is RegionKind.POD for g in r.grids]
            launched = set(markers(view, MarkerKind.POD_LAUNCHED))
            return self._near([g for g in pods if g not in launched])[0]
        if self.damaged and self.engineer and self.toolkit:
            return self._near(self.damaged)[0]
        tools = [m.grid for m in view.board.markers if m.label == "ToolKit"]
        if self.engineer and not self.toolkit and tools:
            return self._near(tools)[0]
        others = [g for h in self.living if h.id != self.me.id and (g := grid_of(h.grid))]
        company = sum(1 for g in others if g == self.here)
        sightings = markers(view, MarkerKind.ALIEN_SIGHTING)
        if (self.aliens or sightings) and company >= 1:
            return self._near(self.aliens or sightings)[0]
        if "Science" in self.me.skills:
            bodies = [g for h in view.crew if h.condition == "deceased" and (g := grid_of(h.grid))]
            if bodies:
                return self._near(bodies)[0]
        lockers = markers(view, MarkerKind.LOCKER) + markers(view, MarkerKind.GEAR)
        if lockers and not self.me.carrying:
            return self._near(lockers)[0]
        return self._near([g for g in others if g != self.here])[0] if company == 0 else None

    def score(self, cmd: c.Command) -> float:
        match cmd:
            case c.Attack(boost=boost):
                return 100 + boost
            case c.Repair(target="nexus", boost=boost):
                return 95 + boost
            case c.Launch():
                return 99 if self.flee else -20
            case c.Heal(boost=boost):
                return 80 + boost
            case c.Autopsy(boost=boost):
                return 70 + boost
            case c.Fabricate(boost=boost):
                return 60 + boost
            case c.OpenLocker():
                return 55
            case c.PickUp(items=items):
                return 50 if not any(i in _crew_ids(self.view) for i in items) else -5
            case c.Give(items=items, to=to):
                return 45 if self._gives_toolkit(items, to) else -10
            case c.Move():
                gain = move_progress(cmd, self.here, self.goal, self.ship, Mover.HUMAN, self.view)
                return 30 + gain if gain > 0 else -5
            case c.EndUnit():
                return 10
            case c.Examine():
                return 5
        return -10

    def _gives_toolkit(self, items: tuple[str, ...], to: str) -> bool:
        _ = items
        other = next((h for h in self.view.crew if h.id == to), None)
        return (
            other is not None
            and not self.engineer
            and "ToolKit" in self.me.carrying
            and "Engineer" in other.skills
        )


def _crew_ids(view: View) -> set[str]:
    return {h.id for h in view.crew}
