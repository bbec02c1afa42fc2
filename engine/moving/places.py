"""Going to a room by its name (C.4): the nearest grid of each room a unit can reach.

The turn panels offer "→ Workshop 1-F6" for every room in reach, and the terminal
table takes ``move tanaka workshop``; both mean the room's grid that costs the fewest
actions to reach from where the unit stands (ties: the first grid in grid order), and
both find it here. Names are the ship's region names, read as
:meth:`engine.board.ship.Ship.regions_named` reads them.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine import commands as c
from engine.board.geometry import Mover, reachable
from engine.board.grid import Grid
from engine.board.ship import Ship
from engine.content import Content
from engine.errors import RoomNamed, RuleError
from engine.legal import legal_commands, refusal, summarize
from engine.state import GameState, Side


def nearest_in_each_room(ship: Ship, cheapest_first: Iterable[Grid]) -> dict[str, Grid]:
    """The first grid of ``cheapest_first`` in each region, by region key."""
    nearest: dict[str, Grid] = {}
    for grid in cheapest_first:
        nearest.setdefault(ship.cells[grid].region, grid)
    return nearest


def move_to_room(
    state: GameState, side: Side, ship: Ship, content: Content, named: RoomNamed
) -> c.Move:
    """The move ``named`` asks for (``move tanaka workshop``): to the nearest grid of
    the room the unit can reach by its legal moves. A name that is no room's, a room
    the unit stands in or cannot reach, or a unit that cannot move is refused, saying
    why and what is legal."""
    rooms = ship.regions_named(named.room)
    if not rooms:
        raise RuleError(
            f"'{named.room}' is neither a grid (deck-column-row, for example 1-F6) nor a "
            "room of the ship",
            legal=sorted({r.name for r in ship.regions.values()}),
        )
    unit, room = named.unit, rooms[0].name
    here = state.unit_grid(unit) if unit in state.humans or unit in state.aliens else None
    if here is None:
        raise RuleError(f"there is no unit '{unit}' on the ship to move")
    if ship.cells[here].region in {r.key for r in rooms}:
        raise RuleError(f"{unit} is already in the {room} (at {here})")
    legal = legal_commands(state, side, ship, content, unit)
    moves = [m for m in legal if isinstance(m, c.Move)]
    if not moves:
        refused = refusal(state, side, c.Move(unit, (min(rooms[0].grids),)), ship, content)
        raise refused or RuleError(f"{unit} cannot move now")
    costs = _costs(state, ship, unit, here)
    by_cost = sorted((m.route[-1] for m in moves), key=lambda g: (costs.get(g, 0), g))
    nearest = nearest_in_each_room(ship, by_cost)
    for region in rooms:
        if region.key in nearest:
            return c.Move(unit, (nearest[region.key],))
    raise RuleError(
        f"no grid of the {room} is in reach of {unit}'s actions left", legal=summarize(legal)
    )


def _costs(state: GameState, ship: Ship, unit: str, here: Grid) -> dict[Grid, int]:
    human = unit in state.humans
    budget = state.human(unit).actions if human else state.alien(unit).actions
    mover = Mover.HUMAN if human else Mover.ALIEN
    return reachable(ship, here, budget, mover, state.doors)
