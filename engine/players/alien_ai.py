"""The game-controlled alien: it decides from the alien's View and the legal commands.

Priorities, after the game-controlled monster's turn (seed 003: stalk the closest lone
character, attack, then get away) and the alien targeting rules (seed 002):

1. hurt: heal itself (boosted), else get away from the humans and hide;
2. sabotage: attack a face-down nexus in its grid with enough boost to succeed (C.9);
3. grow: mutate (or spawn) once it holds four energy stores; forage a cadaver or a
   food crate in its grid (C.10);
4. kill: attack a lone human in reach; any human once no nexus is left or late in
   the game (it then hunts aggressively so the game ends);
5. move towards its goal: a lone human within 4, else the nearest face-down nexus,
   else food while it cannot mutate, else the nearest (lone first) human;
6. hide: pipe-run when it stops in the open (C.7), surface only to strike.
"""

from __future__ import annotations

from engine import commands as c
from engine.board.geometry import Mover
from engine.board.grid import Grid
from engine.board.ship import Ship
from engine.board_view import MarkerKind, MarkerView
from engine.content import Content
from engine.content_models import LifeStage
from engine.dice import Rng
from engine.players.tactics import (
    best_by_unit,
    distances,
    grid_of,
    markers,
    move_progress,
    nearest,
)
from engine.views import AlienLine, View


def view_markers(view: View) -> tuple[MarkerView, ...]:
    return view.board.markers


AGGRESSIVE_TURN = 20
_ALIVE = ("well", "injured", "unconscious")


def alien_ai(
    view: View, legal: list[c.Command], ship: Ship, content: Content, rng: Rng
) -> c.Command:
    mine = {a.id: a for a in view.aliens}
    return best_by_unit(legal, mine, lambda a: _Plan(view, a, ship, content).score, rng)


class _Plan:
    """One alien's reading of the board and its goal this decision."""

    def __init__(self, view: View, alien: AlienLine, ship: Ship, content: Content) -> None:
        self.view, self.alien, self.ship = view, alien, ship
        self.here = grid_of(alien.grid) or Grid(0, 0, 0)
        self.humans: dict[Grid, int] = {}
        for line in view.crew:
            grid = grid_of(line.grid)
            if grid is not None and line.condition in _ALIVE and line.fate == "aboard":
                self.humans[grid] = self.humans.get(grid, 0) + 1
        self.nexus = markers(view, MarkerKind.NEXUS)
        self.aggressive = not self.nexus or view.turn >= AGGRESSIVE_TURN
        stage = content.life_stages[LifeStage(alien.stage)]  # G.5, from the data
        self.need = max(0, 6 - stage.ferocity)
        agile = 1 if "Agile" in view.abilities else 0
        self.reserve = max(0, stage.pipe_run - agile)
        self.goal = self._goal()

    def _near(self, targets: list[Grid]) -> tuple[Grid | None, int]:
        return nearest(self.ship, self.here, targets, Mover.ALIEN, self.view.board.doors)

    def _goal(self) -> Grid | None:
        lone = [g for g, n in self.humans.items() if n == 1]
        prey, cost = self._near(lone)
        if prey is not None and cost <= 4:
            return prey
        if self.nexus and not self.aggressive:
            return self._near(self.nexus)[0]
        food = [
            m.grid
            for m in view_markers(self.view)
            if m.kind is MarkerKind.SUPPLIES and m.label in ("Supplies", "Supplies (food)")
        ]
        food += [grid for line in self.view.crew if (grid := _body(line.grid, line.condition))]
        if self.alien.energy < 4 and food and not self.aggressive:
            return self._near(food)[0]
        return prey or self._near(list(self.humans))[0] or self._near(self.nexus)[0]

    def score(self, cmd: c.Command) -> float:
        alien, hurt = self.alien, self.alien.injured
        match cmd:
            case c.Heal(boost=boost):
                return 96 + boost
            case c.Attack(target="nexus", boost=boost):
                if not self._can_hide_after(1 + boost):
                    return 15
                return 100 + min(boost, self.need) - 0.5 * max(0, boost - self.need)
            case c.Attack(target="door" | "wall" as what):  # a wall: the hard alien's choice
                return 25 if what == "door" and self.goal is not None and self._stuck() else -5
            case c.Attack(target=target, boost=boost):
                count = self.humans.get(Grid.parse(target), 0)
                if hurt or not self._can_hide_after(1 + boost):
                    return 15 if self.aggressive else 5
                return (80 if count == 1 or self.aggressive else 45) + boost
            case c.Mutate(boost=boost):
                return 90 + boost if self.alien.energy >= 4 else -5
            case c.Spawn(boost=boost):
                return 89 + boost if self.alien.energy >= 4 else -5
            case c.Forage(actions=actions):
                return 85 + actions
            case c.Surface():
                strike = self.here in self.nexus or self.humans.get(self.here, 0) > 0
                ready = self._can_hide_after(1 + min(self.need, 2))
                return 98 if strike and ready and not hurt else -1
            case c.Move(creep=True):  # N.5: an action more for silence, not worth it here
                return self._move_score(cmd) - 1
            case c.Move():
                return self._move_score(cmd)
            case c.StartPipeRun():
                return 20 if not alien.hidden else -5
            case c.EndUnit():
                return 10
            case c.Examine():
                return 3
        return -10

    def _can_hide_after(self, spent: int) -> bool:
        """Enough actions left after ``spent`` to vanish behind the pipes again (C.7)."""
        return self.alien.actions - spent >= self.reserve

    def _stuck(self) -> bool:
        return self._near([self.goal] if self.goal else [])[0] is None

    def _move_score(self, cmd: c.Move) -> float:
        if self.alien.injured:  # flee: away from the nearest human
            doors = self.view.board.doors
            before = nearest(self.ship, self.here, self.humans, Mover.ALIEN, doors)[1]
            after = nearest(self.ship, cmd.route[-1], self.humans, Mover.ALIEN, doors)[1]
            return 30 + (after - before) if after > before and before < 8 else -5
        gain = move_progress(cmd, self.here, self.goal, self.ship, Mover.ALIEN, self.view)
        if not self.alien.hidden:  # in the open: keep the actions to pipe-run again
            dest = cmd.route[-1]
            cost = distances(self.ship, dest, Mover.ALIEN, self.view.board.doors).get(self.here, 99)
            if not self._can_hide_after(cost) and self.humans.get(dest, 0) == 0:
                return -5
        return 30 + gain if gain > 0 else -5


def _body(grid: str, condition: str) -> Grid | None:
    return grid_of(grid) if condition == "deceased" else None
