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

from collections.abc import Callable
from dataclasses import replace

from engine import commands as c
from engine.board.geometry import Mover, grid_range, visible_grids
from engine.board.grid import Grid
from engine.board.ship import Ship
from engine.content import Content
from engine.content_models import LifeStage
from engine.dice import Rng
from engine.players.alien_ai import _Plan
from engine.players.belief import BeliefKeeper
from engine.players.emergency_moves import wall_now
from engine.players.halon_moves import sealed_grids
from engine.players.hard_crew import bunker_order
from engine.players.tactics import FAR, best, by_unit, distances
from engine.state import Side
from engine.views import AlienLine, View

PERIL = 4  # points a move loses per point of danger where it ends
SEARCH_REACH = 6  # a human's actions (4) plus a Scanner (2): the next search's reach
DETOUR = 2  # steps the alien will go beyond the nearest nexus for a less guarded one
WALK_REACH = 5  # a human's actions (4, an Athlete 5): the grids it can walk into
SEALED = 3  # the halon variant: a grid of a sealed room is as exposed as one a human walks into
NARROW = 40  # a belief this small makes the crew hunt (see hard_crew): time to feint


class HardAlien(BeliefKeeper):
    """An alien player with a memory: make a fresh one for every game."""

    side = Side.ALIEN

    def __init__(self, careful: bool = True, taught: bool = True) -> None:
        self.belief = None
        self.careful = careful  # `hard` weighs every human's reach; `normal` only its sight
        self.taught = taught  # False: ignores the variants (the benchmark's null arm)

    def __call__(
        self, view: View, legal: list[c.Command], ship: Ship, content: Content, rng: Rng
    ) -> c.Command:
        if self.taught:  # the variants' moves (the untaught arm plays without them)
            move = self._variant_move(view, legal, ship, content)
            if move is not None:
                return move
        return best(legal, self.scorer(view, ship, content), rng)

    def _variant_move(
        self, view: View, legal: list[c.Command], ship: Ship, content: Content
    ) -> c.Command | None:
        """A standing order (noise's ambush, raids' bunker), a wall to smash (emergencies)
        or a contribution (raids), where the variant is on and the moment is right."""
        order = ambush_order(view) or bunker_order(view)
        if order is not None and order in legal:
            return order
        wall = wall_now(view, legal, ship, content, Danger(view, ship))
        if wall is not None:
            return wall
        return contribution(view, legal)

    def scorer(self, view: View, ship: Ship, content: Content) -> Callable[[c.Command], float]:
        """How this decision scores each command (the highest is played), as
        :meth:`HardCrew.scorer <engine.players.hard_crew.HardCrew.scorer>`."""
        mine = {a.id: a for a in view.aliens}
        planner = self.planner(view, ship, content)
        return by_unit(mine, lambda a: planner(a).score)

    def planner(self, view: View, ship: Ship, content: Content) -> Callable[[AlienLine], _HardPlan]:
        """Each alien's plan this decision, as :meth:`HardCrew.planner
        <engine.players.hard_crew.HardCrew.planner>`."""
        watched = _watched(view, ship)
        danger: Callable[[Grid], int] = (
            Danger(view, ship, self.taught) if self.careful else lambda g: int(g in watched)
        )
        known = self.belief.grids if self.belief is not None else (lambda _: frozenset())

        def plan(a: AlienLine) -> _HardPlan:
            suspected = len(known(a.id))
            return _HardPlan(view, a, ship, content, watched, suspected, danger, self.taught)

        return plan


def contribution(view: View, legal: list[c.Command]) -> c.Contribute | None:
    """The raids variant: an alien holding more than ``RICH`` energy stores gives one to
    the war effort (R.8)."""
    if view.raids is None or view.raids.ended:
        return None
    for alien in view.aliens:
        gift = c.Contribute(alien.id)
        if alien.energy > RICH and gift in legal:
            return gift
    return None


RICH = 4  # the raids variant: energy stores the hard alien keeps before contributing


def ambush_order(view: View) -> c.SetOrder | None:
    """The noise variant's standing order to give now, if any: answer the crew's calls
    (N.3) while every living alien is well and at least a Hunter, a match for a human
    taken by surprise; not while one is hurt or a Larva."""
    if view.noise is None or view.noise.ambush is None:
        return None
    living = [a for a in view.aliens if not a.dead]
    wanted = all(not a.injured and a.stage != LifeStage.LARVA for a in living)
    return None if wanted == view.noise.ambush else c.SetOrder("ambush", wanted)


class Danger:
    """How exposed a grid is to the crew's next phase: a human who can walk into it
    tallies the alien (C.7.2), one who sees it within its actions can search it (C.8); with
    the halon variant, a room with every door shut can be flooded (H.1)."""

    def __init__(self, view: View, ship: Ship, taught: bool = True) -> None:
        self.ship, self.doors = ship, view.board.doors
        # the halon variant: a room with every door shut can be flooded (H.1)
        self.sealed = sealed_grids(view, ship) if taught else frozenset()
        self.humans = [
            Grid.parse(h.grid)
            for h in view.crew
            if h.grid and h.fate == "aboard" and h.condition in ("well", "injured")
        ]
        self._memo: dict[Grid, int] = {}

    def __call__(self, grid: Grid) -> int:
        found = self._memo.get(grid)
        if found is None:
            found = SEALED if grid in self.sealed else 0
            walk = distances(self.ship, grid, Mover.HUMAN, self.doors)
            for human in self.humans:
                if walk.get(human, FAR) <= WALK_REACH:
                    found += 3
                elif (grid_range(human, grid) or FAR) <= SEARCH_REACH and grid in visible_grids(
                    self.ship, human, self.doors
                ):
                    found += 1
            self._memo[grid] = found
        return found


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
        danger: Callable[[Grid], int],
        taught: bool = True,
    ) -> None:
        self.watched, self.danger = watched, danger
        self.taught = taught  # creeps (N.5) when the crew is close; False: never
        self.careful = isinstance(danger, Danger)
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
        if isinstance(cmd, c.Move) and cmd.creep:  # N.5: silence, when the crew is close
            plain = self.score(replace(cmd, creep=False))
            wanted = self.taught and self.alien.hidden and self.narrow
            return plain + 1 if wanted else plain - 1  # untaught: never, even on a tie
        hidden, base = self.alien.hidden, super().score(cmd)
        danger = self.danger
        match cmd:
            case c.Move() if hidden and self.alien.injured:
                safer = danger(self.here) - danger(cmd.route[-1])
                return 40 + 5 * safer if safer > 0 else base
            case c.StartPipeRun() if self.alien.injured and self.careful and danger(self.here):
                return 60  # hurt in the open: vanish first (C.7), then get away
            case c.Heal(boost=boost) if danger(self.here) > 0:
                return 50 + boost  # get away first, heal where nobody comes
            case c.Move() if hidden:
                dest = cmd.route[-1]
                if base < 20 and danger(dest) < danger(self.here):
                    return 18 - PERIL * danger(dest)  # slip away before the crew phase
                return base - PERIL * danger(dest)
            case c.EndUnit() if hidden:
                return base - PERIL * danger(self.here)
            case c.Feint():
                useful = hidden and self.narrow and self.here not in self.watched
                return 12 if useful else -5
        return base
