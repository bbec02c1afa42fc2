"""Helpers both game-controlled players share: distances on the public floor plan,
reading a View, and picking the best-scored legal command."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TypeVar

from engine import commands as c
from engine.board.geometry import Mover, reachable
from engine.board.grid import Grid
from engine.board.ship import DoorState, Ship
from engine.board_view import MarkerKind
from engine.dice import Rng
from engine.views import View

U = TypeVar("U")

FAR = 10_000
_CACHE: dict[tuple[int, Grid, Mover, frozenset[tuple[str, str]]], dict[Grid, int]] = {}


def distances(
    ship: Ship, target: Grid, mover: Mover, doors: Mapping[str, DoorState]
) -> dict[Grid, int]:
    """Cost of walking from every grid to ``target`` (computed from the target: the
    floor plan's links are symmetric but for hatches, close enough for planning)."""
    key = (id(ship), target, mover, frozenset((k, v.value) for k, v in doors.items()))
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) > 4096:
            _CACHE.clear()
        found = reachable(ship, target, FAR, mover, doors)
        _CACHE[key] = found
    return found


def nearest(
    ship: Ship, here: Grid, targets: Iterable[Grid], mover: Mover, doors: Mapping[str, DoorState]
) -> tuple[Grid | None, int]:
    best: tuple[Grid | None, int] = (None, FAR)
    for target in sorted(set(targets)):
        cost = distances(ship, target, mover, doors).get(here, FAR)
        if cost < best[1]:
            best = (target, cost)
    return best


def grid_of(text: str) -> Grid | None:
    return Grid.parse(text) if text else None


def markers(view: View, kind: MarkerKind) -> list[Grid]:
    return [m.grid for m in view.board.markers if m.kind is kind]


def unit_of(cmd: c.Command) -> str | None:
    unit = getattr(cmd, "unit", None)
    return unit if isinstance(unit, str) else None


def move_progress(
    cmd: c.Command, here: Grid, goal: Grid | None, ship: Ship, mover: Mover, view: View
) -> int:
    """How much closer a Move brings its unit to ``goal`` (negative: farther)."""
    if goal is None or not isinstance(cmd, c.Move):
        return 0
    dist = distances(ship, goal, mover, view.board.doors)
    return dist.get(here, FAR) - dist.get(cmd.route[-1], FAR)


def closer_move(
    view: View, legal: list[c.Command], ship: Ship, unit: str, goal: Grid
) -> c.Move | None:
    """The human ``unit``'s legal walk (no creeping) that ends nearest ``goal``, if any
    brings it closer (ties: the smaller grid); the variants' duties walk by it."""
    walk = distances(ship, goal, Mover.HUMAN, view.board.doors)
    here = next(Grid.parse(h.grid) for h in view.crew if h.id == unit)
    moves = [m for m in legal if isinstance(m, c.Move) and m.unit == unit and not m.creep]
    closer = [m for m in moves if walk.get(m.route[-1], FAR) < walk.get(here, FAR)]
    return min(closer, key=lambda m: (walk.get(m.route[-1], FAR), str(m.route[-1])), default=None)


def best(legal: list[c.Command], score: Callable[[c.Command], float], rng: Rng) -> c.Command:
    """The highest-scored command; ties broken by the player's own generator."""
    scored = [(score(cmd), cmd) for cmd in legal]
    top = max(s for s, _ in scored)
    ties = [cmd for s, cmd in scored if s == top]
    return ties[rng.below(len(ties))] if len(ties) > 1 else ties[0]


def by_unit(
    mine: Mapping[str, U], plan_for: Callable[[U], Callable[[c.Command], float]]
) -> Callable[[c.Command], float]:
    """The score of a command when each unit scores its own commands with a plan made
    once per decision (on first use); passing the phase scores 9, anything else not of
    ``mine`` -10."""
    plans: dict[str, Callable[[c.Command], float]] = {}

    def score(cmd: c.Command) -> float:
        unit = unit_of(cmd)
        if unit is None or unit not in mine:
            return 9 if isinstance(cmd, c.EndPhase) else -10
        if unit not in plans:
            plans[unit] = plan_for(mine[unit])
        return plans[unit](cmd)

    return score


def best_by_unit(
    legal: list[c.Command],
    mine: Mapping[str, U],
    plan_for: Callable[[U], Callable[[c.Command], float]],
    rng: Rng,
) -> c.Command:
    """The best command scored :func:`by_unit`."""
    return best(legal, by_unit(mine, plan_for), rng)
