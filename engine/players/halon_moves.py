"""What the hard players know of the ``halon`` variant (README, "Variants"; the design's
minimum): the hard crew purges a room once at least ``belief_share`` of its belief of a
hidden alien (or a visible alien) lies in it, none of its own people do and it can be
sealed this phase (a room, not a corridor, with at most two doors open); toward that, it
closes the room's open doors and walks a human to the panel, who waits there. The hard alien counts
every grid of a room whose doors are all closed as dangerous while the system is charged
(:func:`sealed_grids`, a term of its danger score)."""

from __future__ import annotations

from collections.abc import Mapping

from engine import commands as c
from engine.board.geometry import Mover
from engine.board.grid import Grid
from engine.board.ship import DoorState, Region, RegionKind, Ship
from engine.halon.rules import ops_grids
from engine.players.tactics import FAR, closer_move, distances
from engine.variants import load_variants
from engine.views import CrewLine, View

_SHUT = (DoorState.CLOSED, DoorState.SEALED)
PURGE_COST = 2  # H.1: the purge's own actions; the rest are committed to the roll
MAX_OPEN = 2  # open doors a room may have and still be sealed in one phase (rooms: 1-2)
PANEL_REACH = 2  # steps from the panel a human may stand and still purge next phase


def armed(view: View) -> bool:
    """The crew can purge now or after walking to the panel: charged, a purge left."""
    panel = view.halon
    return panel is not None and panel.charged and panel.left > 0


def _open_doors(view: View, ship: Ship, region: Region) -> list[str]:
    doors = sorted(d.id for d in ship.doors.values() if region.key in d.regions)
    return [d for d in doors if view.board.door_state(d) not in _SHUT]


def _smashed(view: View, ship: Ship, region: Region) -> bool:
    """A smashed door stays open until repaired (H.1): no sealing the room now."""
    doors = (d.id for d in ship.doors.values() if region.key in d.regions)
    return any(view.board.door_state(d) is DoorState.SMASHED for d in doors)


def sealed_grids(view: View, ship: Ship) -> frozenset[Grid]:
    """Every grid of a room or corridor whose doors are all shut, while the crew can
    purge next phase (charged, and a human within ``PANEL_REACH`` steps of the panel):
    the hard alien's extra danger (the design's minimum). A charge nobody stands by is
    no threat yet: fearing every shut room all game long left the alien idle."""
    if not armed(view) or not _manned(view, ship):
        return frozenset()
    rooms = [r for r in ship.regions.values() if r.kind is not RegionKind.POD]
    return frozenset(g for r in rooms if not _open_doors(view, ship, r) for g in r.grids)


def _manned(view: View, ship: Ship) -> bool:
    """A human who can reach the panel and still purge in the crew's next phase."""
    humans = [Grid.parse(h.grid) for h in _crew_aboard(view)]
    for grid in ops_grids(ship):
        walk = distances(ship, grid, Mover.HUMAN, view.board.doors)
        if any(walk.get(h, FAR) <= PANEL_REACH for h in humans):
            return True
    return False


def _crew_aboard(view: View) -> list[CrewLine]:
    return [
        h for h in view.crew if h.grid and h.fate == "aboard" and h.condition in ("well", "injured")
    ]


def target_room(view: View, ship: Ship, belief: Mapping[str, frozenset[Grid]]) -> Region | None:
    """The room to purge: one holding at least ``belief_share`` of a hidden alien's
    belief (a visible alien: its grid), no pod, no human of the crew in it."""
    share = load_variants().halon.belief_share
    crewed = {Grid.parse(h.grid) for h in view.crew if h.grid and h.fate == "aboard"}
    for alien in sorted(view.aliens, key=lambda a: a.id):
        if alien.dead:
            continue
        grids = belief.get(alien.id, frozenset()) if alien.hidden else frozenset()
        if not alien.hidden and alien.grid:
            grids = frozenset({Grid.parse(alien.grid)})
        if not grids:
            continue
        counts: dict[str, int] = {}
        for grid in grids:
            key = ship.region_of(grid).key
            counts[key] = counts.get(key, 0) + 1
        key, most = max(counts.items(), key=lambda kv: (kv[1], kv[0]))
        region = ship.regions[key]
        if (
            region.kind is not RegionKind.ROOM  # a corridor's 8-11 doors: no sealing it
            or len(_open_doors(view, ship, region)) > MAX_OPEN
            or most < share * len(grids)
            or _smashed(view, ship, region)
        ):
            continue
        if not crewed & region.grids:
            return region
    return None


def crew_purge(
    view: View, legal: list[c.Command], ship: Ship, belief: Mapping[str, frozenset[Grid]]
) -> c.Command | None:
    """The hard crew's halon play, before its own plan: purge the target room when it is
    sealed and a human stands at the panel (every action but the purge's committed);
    else close its open doors and walk the nearest humans to them and to the panel."""
    if not armed(view):
        return None
    room = target_room(view, ship, belief)
    if room is None:
        return None
    actions = {h.id: h.actions or 0 for h in view.crew}
    mine = [cmd for cmd in legal if view.active_unit in ("", getattr(cmd, "unit", ""))]
    for cmd in mine:
        if (
            isinstance(cmd, c.Purge)
            and cmd.room in (room.name, room.key)
            and actions[cmd.unit] >= PURGE_COST
        ):
            return c.Purge(cmd.unit, cmd.room, actions[cmd.unit] - PURGE_COST)
    open_doors = set(_open_doors(view, ship, room))
    closing = [d for d in mine if isinstance(d, c.CloseDoor) and d.door in open_doors]
    at_panel = {h.id for h in view.crew if h.grid and Grid.parse(h.grid) in ops_grids(ship)}
    if closing:  # from a doorway; the panel's human keeps its actions for the purge
        return min(closing, key=lambda d: (getattr(d, "unit", "") in at_panel, d.notation()))
    step = _walk(view, legal, ship, _goals(view, ship, room, open_doors))
    if step is not None:
        return step
    waiting = [c.EndUnit(u) for u in sorted(at_panel) if view.active_unit in ("", u)]
    return next((w for w in waiting if w in legal), None)  # the panel's human waits there


def _able(view: View) -> dict[str, Grid]:
    return {
        h.id: Grid.parse(h.grid)
        for h in view.crew
        if h.grid and h.fate == "aboard" and h.condition in ("well", "injured") and not h.done
    }


def _goals(view: View, ship: Ship, room: Region, doors: set[str]) -> dict[str, Grid]:
    """The nearest free human to each open door's doorway outside the room, and one to
    the nearest panel grid."""
    able, goals = _able(view), {}
    for door_id in sorted(doors):
        outside = [g for g in ship.doors[door_id].doorway_grids if g not in room.grids]
        if not outside:
            continue
        walk = distances(ship, min(outside), Mover.HUMAN, view.board.doors)
        free = [u for u in able if u not in goals]
        if free:
            goals[min(free, key=lambda u: (walk.get(able[u], FAR), u))] = min(outside)
    panel = sorted(ops_grids(ship))
    if not any(grid in panel for grid in able.values()):
        free = [u for u in able if u not in goals]
        walks = {g: distances(ship, g, Mover.HUMAN, view.board.doors) for g in panel}
        ranked = sorted((min((w.get(able[u], FAR), g) for g, w in walks.items()), u) for u in free)
        if ranked:
            (_, grid), unit = ranked[0]
            goals[unit] = grid
    return goals


def _walk(
    view: View, legal: list[c.Command], ship: Ship, goals: dict[str, Grid]
) -> c.Command | None:
    """A step of the acting human (or, none acting, the first with a goal) toward its
    goal; a human already there waits for the others."""
    for unit, goal in goals.items():
        if view.active_unit in ("", unit):
            step = closer_move(view, legal, ship, unit, goal)
            if step is not None:
                return step
    return None
