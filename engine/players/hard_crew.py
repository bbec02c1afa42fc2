"""The `hard` game-controlled crew: today's crew (``crew_ai``) steered by the belief.

It remembers the public events (:class:`~engine.players.belief.Belief`) and so:

- searches (C.8) only where a search covers grids the alien may be in, the more the better;
- walks the humans towards the belief's grids while the alien hides (a step into its grid
  tallies it, C.7.2), two or more together;
- keeps an Engineer with the ToolKit within a few steps of the unrevealed nexus grids, and
  sends it at once to a damaged critical system (today's crew already does that part).
"""

from __future__ import annotations

from engine import commands as c
from engine.board_view import MarkerKind
from engine.content import Content
from engine.dice import Rng
from engine.geometry import grid_range, visible_grids
from engine.grid import Grid
from engine.players.belief import Belief, BeliefKeeper
from engine.players.crew_ai import _Plan
from engine.players.tactics import best_by_unit, markers
from engine.ship import Ship
from engine.state import Side
from engine.views import CrewLine, View

ENGINEER_LEASH = 4  # steps an Engineer with the ToolKit keeps from the nearest nexus
HUNT_SIZE = 40  # a belief this small is worth walking into


class HardCrew(BeliefKeeper):
    """A crew player with a memory: make a fresh one for every game."""

    side = Side.CREW

    def __init__(self, hunt: bool = True) -> None:
        self.belief = None
        self.hunt = hunt  # `normal` only aims its searches; `hard` also walks to the belief

    def __call__(
        self, view: View, legal: list[c.Command], ship: Ship, content: Content, rng: Rng
    ) -> c.Command:
        if self.belief is None:
            self.belief = Belief(ship)
            self.belief.observe([], view)
        mine = {h.id: h for h in view.crew}
        critical = {s.value for s, info in content.systems.items() if info.critical}
        hidden = {a.id for a in view.aliens if a.hidden}
        suspects = frozenset().union(*(self.belief.grids(a) for a in hidden)) if hidden else None
        return best_by_unit(
            legal,
            mine,
            lambda h: _HardPlan(view, h, ship, critical, suspects, self.hunt).score,
            rng,
        )


class _HardPlan(_Plan):
    def __init__(
        self,
        view: View,
        me: CrewLine,
        ship: Ship,
        critical: set[str],
        suspects: frozenset[Grid] | None,
        hunt: bool,
    ) -> None:
        self.suspects, self.hunt = suspects, hunt
        super().__init__(view, me, ship, critical)

    def _goal(self) -> Grid | None:
        base = super()._goal()
        if self.flee or (self.damaged and self.engineer and self.toolkit):
            return base
        if self.engineer and self.toolkit:
            nexus = markers(self.view, MarkerKind.NEXUS)
            near, cost = self._near(nexus)
            if near is not None and cost > ENGINEER_LEASH:
                return near
        if self.hunt and self.suspects and len(self.suspects) <= HUNT_SIZE and self._company():
            return self._near(list(self.suspects))[0] or base
        return base

    def _company(self) -> bool:
        """Someone else alive stands here: only groups go hunting (a lone human is prey)."""
        return any(h.id != self.me.id and h.grid == self.me.grid for h in self.living)

    def _covered(self, actions: int) -> int:
        if not self.suspects:
            return 0
        seen = visible_grids(self.ship, self.here, self.view.board.doors)
        return sum(
            1
            for g in self.suspects
            if g in seen and g != self.here and (grid_range(self.here, g) or 0) <= actions
        )

    def score(self, cmd: c.Command) -> float:
        match cmd:
            case c.Search(actions=actions):
                covered = self._covered(actions)
                return 40 + covered - 0.1 * actions if covered else -5
            case c.Move() if self.suspects and cmd.route[-1] in self.suspects:
                return max(super().score(cmd), 35)
        return super().score(cmd)
