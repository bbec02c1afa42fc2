"""Where a search pays, and what it weighs there.

Most decisions of a game are errands the `hard` heuristics do well and fast (fetch the
ToolKit, walk to the station, pick up gear); the expert leaves them to `hard`. It
searches only where the other side's secret or the dice decide the outcome:

- the crew: when a human is about to search or end while the alien hides and the
  belief is narrow enough for a search to matter (C.8), and when it can attack an
  alien (D); the candidates are the `hard` choice, the searches that cover the most
  weight, ending the unit, stepping into the likeliest grid (C.7.2), other attacks;
- the alien: when one of its units hides or can strike: where to end its phase away
  from the searches to come (C.7, C.8), whether to surface and attack (D), which human.

Each function returns the candidates, the `hard` choice first, or ``[]``: no search.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import commands as c
from engine.board.geometry import grid_range, visible_grids
from engine.board.grid import Grid
from engine.board.ship import Ship
from engine.players.expert.params import SearchParams
from engine.players.expert.sampling import Hidden
from engine.players.tactics import unit_of
from engine.views import View


def covered(view: View, ship: Ship, cmd: c.Search, possible: frozenset[Grid]) -> set[Grid]:
    """The grids the belief holds that this search looks into (C.8: in sight, within
    the actions spent, the searcher's own grid always)."""
    line = next(h for h in view.crew if h.id == cmd.unit)
    here = Grid.parse(line.grid)
    seen = visible_grids(ship, here, view.board.doors)
    return {
        g
        for g in possible
        if g == here or (g in seen and (grid_range(here, g) or 0) <= cmd.actions)
    }


def crew_candidates(
    view: View,
    legal: list[c.Command],
    hard: c.Command,
    ship: Ship,
    hidden: Hidden | None,
    params: SearchParams,
) -> list[c.Command]:
    size = params.candidates
    unit = unit_of(hard)
    mine = [cmd for cmd in legal if unit_of(cmd) == unit and cmd != hard]
    if isinstance(hard, c.Attack) or any(isinstance(m, c.Attack) for m in mine):
        attacks = [
            m for m in mine if isinstance(m, c.Attack) and m.target not in ("door", "nexus", "wall")
        ]
        if attacks or isinstance(hard, c.Attack):
            ends = [m for m in mine if isinstance(m, c.EndUnit)]
            return [hard, *sorted(attacks, key=_boost)[: size - 2], *ends][:size]
    if hidden is None or not isinstance(hard, c.Search | c.EndUnit):
        return []
    possible = {g for grids, _ in hidden.table.values() for g in grids}
    if not possible or len(possible) > params.narrow:
        return []
    chance: Callable[[set[Grid]], float] = lambda gs: sum(  # noqa: E731
        hidden.share(a, gs) for a in hidden.table
    )
    searches = [m for m in mine if isinstance(m, c.Search)]
    searches.sort(key=lambda m: (-chance(covered(view, ship, m, frozenset(possible))), m.actions))
    steps = [m for m in mine if isinstance(m, c.Move) and m.route[-1] in possible]
    steps.sort(key=lambda m: (-chance({m.route[-1]}), len(m.route)))
    ends = [m for m in mine if isinstance(m, c.EndUnit)]
    found: list[c.Command] = [hard, *searches[:2], *ends, *steps[:1]]
    return found[:size]


def alien_candidates(
    view: View,
    legal: list[c.Command],
    hard: c.Command,
    danger: Callable[[Grid], int],
    size: int,
) -> list[c.Command]:
    unit = unit_of(hard)
    me = next((a for a in view.aliens if a.id == unit), None)
    if me is None:
        return []
    mine = [cmd for cmd in legal if unit_of(cmd) == unit and cmd != hard]
    humans = {h.id for h in view.crew}
    strikes = [m for m in mine if isinstance(m, c.Attack) and _at_human(m, humans)]
    if not me.hidden and not strikes and not isinstance(hard, c.Attack):
        return []
    if me.hidden and not isinstance(hard, c.Move | c.EndUnit | c.Surface | c.Attack):
        return []
    surface = [m for m in mine if isinstance(m, c.Surface)]
    strikes.sort(key=lambda m: (-m.boost, m.target))
    moves = [m for m in mine if isinstance(m, c.Move)]
    moves.sort(key=lambda m: (danger(m.route[-1]), len(m.route), m.route))
    ends = [m for m in mine if isinstance(m, c.EndUnit)]
    return [hard, *surface, *strikes[:1], *ends, *moves[:2]][:size]


def _boost(cmd: c.Attack) -> tuple[int, str]:
    return (cmd.boost, cmd.target)


def _at_human(cmd: c.Attack, humans: set[str]) -> bool:
    if cmd.target in humans:
        return True
    try:
        Grid.parse(cmd.target)
    except ValueError:
        return False
    return True
