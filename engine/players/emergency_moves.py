"""What the hard players know of the ``emergencies`` variant (README, "Variants"; the
design's minimum, and a little more): a human on a terminal grid with three actions (or
facing a level 3 emergency) counteracts, the most advanced emergency first, committing
all but one of its actions; the nearest humans walk to close a compromised room's open
door and to the terminals, and wait there for a full try; the alien, with no face-down
nexus within its phase's reach and no human able to reach or search its grid, commits its
whole phase to smashing a wall. The hard crew's ToolKit routine already treats a
damaged critical system as urgent, so an emergency in a nexus room is repaired as a
countdown is (E.5)."""

from __future__ import annotations

from collections.abc import Callable

from engine import commands as c
from engine.board.geometry import Mover
from engine.board.grid import Grid
from engine.board.ship import DoorState, Ship
from engine.board_view import MarkerKind
from engine.content import Content
from engine.content_models import LifeStage
from engine.emergencies.rules import terminal_grids, wall_resilience
from engine.odds import chance
from engine.players.tactics import FAR, closer_move, distances
from engine.views import View

WALL_ACTIONS = 4  # the fewest actions the alien commits to a wall (1 + a boost of 3)
WORKERS = 3  # humans sent to the terminals while an emergency is active
FULL_TRY = 3  # actions a try waits for (1 + a boost of 2), unless the emergency is at level 3
CROWDED = 3  # occupied fields from which the ship is near collapse (E.2: a fifth breaks it)
HURRIED_TRY = 2  # actions a try waits for once the panel is crowded
TOOLKIT = "ToolKit"  # its carrier keeps to the hard crew's repair plan
SKILLED = 4  # steps an Engineer or Operations human may be farther and still go first
_REPAIRERS = {"Engineer", "Operations"}  # E.4: each adds its markers to the roll


def crew_duty(view: View, legal: list[c.Command], ship: Ship) -> c.Command | None:
    """The hard crew's emergency duties, before its own plan: counteract from a terminal
    (:func:`counteract_now`); close an open door of a compromised room (E.3.3); else walk
    the acting human (or, none acting, the first with a duty) toward its duty: the
    nearest able human to each compromised room's open door, and up to ``WORKERS`` more
    to the nearest terminal grids while an emergency is active."""
    if view.emergencies is None:
        return None
    found = counteract_now(view, legal) or _close_compromised(view, legal, ship)
    if found is not None:
        return found
    goals = _duties(view, ship)
    for unit, goal in goals.items():
        if view.active_unit not in ("", unit):
            continue
        step = closer_move(view, legal, ship, unit, goal)
        if step is not None:
            return step
        here = next(Grid.parse(h.grid) for h in view.crew if h.id == unit)
        if here == goal and c.EndUnit(unit) in legal:  # wait there for a full try
            return c.EndUnit(unit)
    return None


def _able(view: View) -> dict[str, Grid]:
    return {
        h.id: Grid.parse(h.grid)
        for h in view.crew
        if h.grid
        and h.fate == "aboard"
        and h.condition in ("well", "injured")
        and not h.done
        and TOOLKIT not in h.carrying
    }


def _open_compromised_doors(view: View, ship: Ship) -> list[tuple[str, str]]:
    """(room key, door id) of each open door of a compromised room."""
    rooms = sorted({room for room, _, critical in view.board.emergencies if critical})
    return [
        (room, door.id)
        for room in rooms
        for door in sorted(ship.doors.values(), key=lambda d: d.id)
        if room in door.regions and view.board.door_state(door.id) is DoorState.OPEN
    ]


def _close_compromised(view: View, legal: list[c.Command], ship: Ship) -> c.Command | None:
    doors = {door for _, door in _open_compromised_doors(view, ship)}
    for cmd in legal:
        if (
            isinstance(cmd, c.CloseDoor)
            and cmd.door in doors
            and view.active_unit in ("", cmd.unit)
        ):
            return cmd
    return None


def _duties(view: View, ship: Ship) -> dict[str, Grid]:
    """Each duty's human and the grid it walks to, nearest first."""
    able, goals = _able(view), {}
    for room, door_id in _open_compromised_doors(view, ship):
        outside = [g for g in ship.doors[door_id].doorway_grids if ship.region_of(g).key != room]
        for grid in sorted(outside)[:1]:
            walk = distances(ship, grid, Mover.HUMAN, view.board.doors)
            free = [u for u in able if u not in goals]
            if free:
                goals[min(free, key=lambda u: (walk.get(able[u], FAR), u))] = grid
    panel = view.emergencies
    active = panel is not None and any(e and e.level and not e.critical for e in panel.fields)
    if active:
        doors = view.board.doors
        walks = {t: distances(ship, t, Mover.HUMAN, doors) for t in terminal_grids(ship)}
        nearest = {u: min((w.get(g, FAR), t) for t, w in walks.items()) for u, g in able.items()}
        skilled = {h.id: SKILLED * len(set(h.skills) & _REPAIRERS) for h in view.crew}
        ranked = sorted(
            (nearest[u][0] - skilled.get(u, 0), u)
            for u in able
            if u not in goals and _untried(view, u)
        )
        for _, unit in ranked if _crowded(view) else ranked[:WORKERS]:
            goals[unit] = nearest[unit][1]
    return goals


def counteract_now(view: View, legal: list[c.Command]) -> c.Command | None:
    """The acting human's counteract (or, with no human acting, the first able one's):
    the highest level first, then the nearest to resolved; all actions but one committed."""
    panel = view.emergencies
    if panel is None:
        return None
    actions = {h.id: h.actions or 0 for h in view.crew}
    enough = HURRIED_TRY if _crowded(view) else FULL_TRY
    options = [
        cmd
        for cmd in legal
        if isinstance(cmd, c.Counteract)
        and view.active_unit in ("", cmd.unit)
        and (actions[cmd.unit] >= enough or _level(view, cmd.field) >= 3)
    ]
    if not options:
        return None

    def urgency(cmd: c.Counteract) -> tuple[int, int, str]:
        line = panel.fields[cmd.field - 1]
        assert line is not None
        return (-line.level, line.points - line.needed, cmd.unit)

    chosen = min(options, key=lambda cmd: urgency(cmd))
    assert isinstance(chosen, c.Counteract)
    return c.Counteract(chosen.unit, chosen.field, max(0, actions[chosen.unit] - 1))


def _crowded(view: View) -> bool:
    """Near collapse: every hand to the terminals, and a try need not wait for a full
    boost."""
    panel = view.emergencies
    return panel is not None and sum(1 for f in panel.fields if f) >= CROWDED


def _level(view: View, field: int) -> int:
    panel = view.emergencies
    line = panel.fields[field - 1] if panel is not None else None
    return line.level if line is not None else 0


def _untried(view: View, unit: str) -> bool:
    """An active emergency this human has not tried yet (E.4: one try each)."""
    panel = view.emergencies
    return panel is not None and any(
        e and e.level and not e.critical and unit not in e.tried for e in panel.fields
    )


def wall_now(
    view: View,
    legal: list[c.Command],
    ship: Ship,
    content: Content,
    exposed: Callable[[Grid], int],
) -> c.Command | None:
    """The alien's wall attack with everything but the attack's own action committed,
    when no face-down nexus lies within its actions, its grid is not ``exposed`` (no
    human can walk into it or search it next phase: the hard alien's ``Danger``, since
    the attack leaves it in the open, C.7.2) and the roll can succeed at all (a life
    stage too weak for the wall spends its phase otherwise)."""
    if view.emergencies is None:
        return None
    walls = [cmd for cmd in legal if isinstance(cmd, c.Attack) and cmd.target == "wall"]
    for cmd in walls:
        alien = next((a for a in view.aliens if a.id == cmd.unit), None)
        if alien is None or not alien.grid or alien.actions < WALL_ACTIONS:
            continue
        if view.active_unit not in ("", alien.id):
            continue
        here = Grid.parse(alien.grid)
        if exposed(here) or _nexus_in_reach(view, ship, here, alien.actions):
            continue
        ferocity = content.life_stages[LifeStage(alien.stage)].ferocity
        if chance(ferocity + alien.actions - 1 - wall_resilience()) == 0:
            continue
        return c.Attack(cmd.unit, "wall", cmd.door, boost=alien.actions - 1)
    return None


def _nexus_in_reach(view: View, ship: Ship, here: Grid, actions: int) -> bool:
    walk = distances(ship, here, Mover.ALIEN, view.board.doors)
    intact = [m.grid for m in view.board.markers if m.kind is MarkerKind.NEXUS]
    return any(walk.get(g, FAR) <= actions for g in intact)
