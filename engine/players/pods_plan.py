"""The `normal` and `hard` crew's way out: when the ship is lost, to the life pods.

C.9: a damaged critical system destroys the ship (and kills the humans aboard) unless an
Engineer with the ToolKit repairs it in time. When, by the crew's own view, no well
Engineer can bring the ToolKit there and keep an action for the repair before the
countdown's last crew phase ends, the ship is lost: F.1 scores +1 for every human alive in
a launched life pod (E.2.4) and nothing for the humans who die aboard, so every human
but the Agent makes for the nearest life pod with a seat left (a pod holds four, E.2.4)
and launches it from inside once everyone bound for it is aboard, or in the last crew
phase. The Agent stays aboard: it costs 4 points unless an alien kills it, and the crash
of a ship the alien sabotaged counts as the alien's kill (F.1, gap 22).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from engine.board.geometry import Mover
from engine.board.grid import Grid
from engine.board.ship import RegionKind, Ship
from engine.board_view import MarkerKind
from engine.players.tactics import FAR, distances, grid_of, markers
from engine.views import CrewLine, View

ACTIONS = 4  # a human's actions in a crew phase (an Athlete's fifth is not counted)
TOOLKIT = "ToolKit"


@dataclass(frozen=True, slots=True)
class Escape:
    """Who goes to which life pod, and whether this is the last crew phase to launch in."""

    pods: Mapping[str, Grid]  # human id: the pod grid it is bound for
    leaving: frozenset[str]  # who must start for its pod now to launch in time
    last_chance: bool


def _able(line: CrewLine) -> bool:
    return bool(line.grid) and line.fate == "aboard" and line.condition in ("well", "injured")


def _alive(line: CrewLine) -> bool:
    return line.fate == "aboard" and line.condition in ("well", "injured", "unconscious")


def phases_left(deadline: int, turn: int) -> int:
    """Crew phases left to repair in, this one included (the last is ``deadline``)."""
    return max(0, deadline - turn + 1)


def repairable(view: View, ship: Ship, grid: Grid, deadline: int, toolkit: Grid | None) -> bool:
    """C.9: some well Engineer can have the ToolKit at ``grid`` with an action left to
    repair before the countdown ends. Hopeful on purpose (the crew gives up only a ship
    that is surely lost): doors are taken as open (a human opens one on its way), picking
    the ToolKit up is not counted, and the Engineer may fetch it or meet at the damage
    whoever brings it: its carrier, or the well human nearest it (E.3.2: one action to
    give it)."""
    if toolkit is None:
        return False
    budget = ACTIONS * phases_left(deadline, view.turn)
    to_grid = distances(ship, grid, Mover.HUMAN, {})
    to_kit = distances(ship, toolkit, Mover.HUMAN, {})
    well = [h for h in view.crew if _able(h) and h.condition == "well"]
    carried = any(TOOLKIT in h.carrying for h in well)
    fetch = min((to_kit.get(Grid.parse(h.grid), FAR) for h in well), default=FAR)
    brought = (0 if carried else fetch) + to_grid.get(toolkit, FAR) + 1  # and given
    for line in well:
        if "Engineer" not in line.skills:
            continue
        here = Grid.parse(line.grid)
        walk = to_kit.get(here, FAR) + to_grid.get(toolkit, FAR)
        if TOOLKIT in line.carrying:
            walk = to_grid.get(here, FAR)
        elif brought <= budget:
            walk = min(walk, to_grid.get(here, FAR))
        if walk + 1 <= budget:
            return True
    return False


def ship_lost(
    view: View,
    ship: Ship,
    damaged: list[Grid],
    deadlines: Mapping[Grid, int],
    toolkit: Grid | None,
) -> bool:
    """Some damaged critical system nobody can repair in time (C.9), by the crew's view;
    a countdown whose end the crew has not read is taken as the full four turns."""
    return any(
        not repairable(view, ship, g, deadlines.get(g, view.turn + 3), toolkit) for g in damaged
    )


def escape_plan(view: View, ship: Ship, capacity: int, phases: int) -> Escape:
    """Every living human but the Agent, nearest first, to the nearest unlaunched pod
    with a seat left (E.2.4, C.6); a hurt human another carries takes a seat beside its
    carrier (E.2.4 counts it among the four). A human starts for it only in the last crew phase
    that still gets it there with an action to launch (``phases`` are left, this one
    included): until then it hunts on, as the alien's death (F) ends the game before the
    ship is lost and scores far more than a pod."""
    launched = set(markers(view, MarkerKind.POD_LAUNCHED))
    pods = sorted(
        g
        for r in ship.regions.values()
        if r.kind is RegionKind.POD
        for g in r.grids
        if g not in launched
    )
    maps = {p: distances(ship, p, Mover.HUMAN, view.board.doors) for p in pods}
    humans = [h for h in view.crew if _able(h) and not h.carried_by and "Agent" not in h.skills]
    riders = Counter(h.carried_by for h in view.crew if h.carried_by and _alive(h))
    pairs = sorted((maps[p].get(Grid.parse(h.grid), FAR), h.id, p) for h in humans for p in pods)
    seats = {p: capacity for p in pods}
    chosen: dict[str, Grid] = {}
    leaving: set[str] = set()
    for cost, who, pod in pairs:
        taken = 1 + riders[who]
        if who in chosen or seats[pod] < taken or cost >= FAR:
            continue
        chosen[who] = pod
        seats[pod] -= taken
        if -(-(cost + 1) // ACTIONS) >= phases:  # phases to walk there and launch
            leaving.add(who)
    return Escape(chosen, frozenset(leaving), phases <= 1)


def ready_to_launch(view: View, escape: Escape, pod: Grid) -> bool:
    """Everyone bound for ``pod`` stands in it; in the last crew phase, everyone who can
    still come this phase (a unit not yet done) has come."""
    bound = {who for who, p in escape.pods.items() if p == pod}
    out = [h for h in view.crew if h.id in bound and grid_of(h.grid) != pod]
    return all(h.done or not _able(h) for h in out) if escape.last_chance else not out
