"""The `hard` game-controlled alien: today's alien (``alien_ai``) that plays against
what the crew can deduce.

It keeps the crew's own belief (:class:`~engine.players.belief.Belief`, fed the public
events only) and so, while it pipe-runs:

- rather than end its phase in a grid some human can search next (C.8: range of a
  human's actions, plus a Scanner, and line of sight), slips out to one none can;
- feints (C.7.1) with spare actions on a lift or hatch when the crew's belief of it is
  narrow, widening it;
- goes to sabotage the face-down nexus the crew can reach least in time (C.9).
"""

from __future__ import annotations

from engine import commands as c
from engine.content import Content
from engine.dice import Rng
from engine.geometry import Mover, grid_range, visible_grids
from engine.grid import Grid
from engine.players.alien_ai import _Plan
from engine.players.belief import BeliefKeeper
from engine.players.tactics import FAR, best_by_unit, distances
from engine.ship import Ship
from engine.state import Side
from engine.views import AlienLine, View

SEARCH_REACH = 6  # a human's actions (4) plus a Scanner (2): the next search's reach
DETOUR = 2  # steps the alien will go beyond the nearest nexus for a less guarded one
NARROW = 40  # a belief this small makes the crew hunt (see hard_crew): time to feint


class HardAlien(BeliefKeeper):
    """An alien player with a memory: make a fresh one for every game."""

    side = Side.ALIEN

    def __call__(
        self, view: View, legal: list[c.Command], ship: Ship, content: Content, rng: Rng
    ) -> c.Command:
        mine = {a.id: a for a in view.aliens}
        watched = _watched(view, ship)
        known = self.belief.grids if self.belief is not None else (lambda _: frozenset())

        def plan(a: AlienLine) -> _HardPlan:
            return _HardPlan(view, a, ship, content, watched, len(known(a.id)))

        return best_by_unit(legal, mine, lambda a: plan(a).score, rng)


def _watched(view: View, ship: Ship) -> frozenset[Grid]:
    """Grids some living human can search next crew phase (in range and sight)."""
    out: set[Grid] = set()
    for line in view.crew:
        if not line.grid or line.fate != "aboard" or line.condition not in ("well", "injured"):
            continue
        here = Grid.parse(line.grid)
        seen = visible_grids(ship, here, view.board.doors)
        out |= {g for g in seen if (grid_range(here, g) or 0) <= SEARCH_REACH}
    return frozenset(out)


class _HardPlan(_Plan):
    def __init__(
        self,
        view: View,
        alien: AlienLine,
        ship: Ship,
        content: Content,
        watched: frozenset[Grid],
        suspected: int,
    ) -> None:
        self.watched = watched
        self.narrow = 0 < suspected <= NARROW  # the crew has it nearly pinned down
        super().__init__(view, alien, ship, content)

    def _goal(self) -> Grid | None:
        """Of the face-down nexus grids no more than ``DETOUR`` steps beyond the nearest,
        the one the crew can cover least in time: the most steps the nearest human
        needs beyond the alien's own (C.9)."""
        base = super()._goal()
        if base not in self.nexus or len(self.nexus) < 2:
            return base
        doors = self.view.board.doors
        mine = {
            n: distances(self.ship, n, Mover.ALIEN, doors).get(self.here, FAR) for n in self.nexus
        }
        closest = min(mine.values())

        def lead(target: Grid) -> int:
            theirs = min(
                (distances(self.ship, target, Mover.HUMAN, doors).get(h, FAR) for h in self.humans),
                default=FAR,
            )
            return min(theirs, 30) - mine[target]

        near = sorted(n for n, cost in mine.items() if cost <= closest + DETOUR)
        return max(near, key=lead)

    def score(self, cmd: c.Command) -> float:
        hidden, base = self.alien.hidden, super().score(cmd)
        match cmd:
            case c.Move() if hidden and not self.alien.injured:
                safe = cmd.route[-1] not in self.watched
                if self.here in self.watched and safe and base < 20:
                    return 18  # slip out of sight before the crew phase
                return base
            case c.Feint():
                useful = hidden and self.narrow and self.here not in self.watched
                return 12 if useful else -5
            case c.EndUnit() if hidden and self.here in self.watched:
                return 8
        return base
