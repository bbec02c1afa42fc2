"""Life pods (E.2.4) and the door commands (C.4.3, E.2.5, implemented in
:mod:`engine.moving.doors`).

A launch removes everyone aboard the pod from play alive (fate ESCAPED) and seals
the pod door for good. When both sides are aboard, the fight is settled first
(:mod:`engine.escape.podfight`, gap 20).
"""

from __future__ import annotations

from engine.actions import require_actions, spend
from engine.board.grid import Grid, GridParseError
from engine.board.ship import Door, DoorKind, DoorState, Region, RegionKind
from engine.commands import CloseDoor, Command, Launch, OpenDoor
from engine.content_models import Activity
from engine.context import Ctx, Handler
from engine.efforts import Shown
from engine.errors import RuleError
from engine.escape.events import HidingAboard, Launched, Launching
from engine.escape.podfight import settle_pod_fight
from engine.fighting.injury import retire
from engine.hiding.events import Giveaway
from engine.hiding.piperun import consult_hideouts
from engine.moving.doors import close_door, giveaway, open_door, reach_cost, set_door
from engine.state import Fate, Human, Side
from engine.turns import check_game_over, take_unit


def pods(ctx: Ctx) -> list[Region]:
    return sorted(
        (r for r in ctx.ship.regions.values() if r.kind is RegionKind.POD), key=lambda r: r.key
    )


def pod_door(ctx: Ctx, pod: Region) -> Door:
    return next(
        d for d in ctx.ship.doors.values() if d.kind is DoorKind.POD and pod.key in d.regions
    )


def pod_grid(pod: Region) -> Grid:
    """A life pod is a single grid (the map check in engine/board/brief.py makes sure)."""
    (grid,) = pod.grids
    return grid


def resolve_pod(ctx: Ctx, grid: Grid, spec: str) -> Region:
    """The pod ``spec`` names: "" the pod the unit is in or at the entrance of; its
    number ("3", "pod3"), its key ("13"), or one of its grids."""
    all_pods = pods(ctx)
    legal = [p.code for p in all_pods]
    if not spec:
        near = [p for p in all_pods if grid in pod_door(ctx, p).doorway_grids]
        if len(near) != 1:
            raise RuleError("name the life pod to launch", rule="E.2.4", legal=legal)
        return near[0]
    word = spec.removeprefix("lifepod").removeprefix("pod")
    for pod in all_pods:
        if word in (pod.code, pod.key):
            return pod
    try:
        at = Grid.parse(spec)
    except GridParseError:
        at = None
    if at is not None and at in ctx.ship and ctx.ship.region_of(at).kind is RegionKind.POD:
        return ctx.ship.region_of(at)
    raise RuleError(f"'{spec}' is not a life pod", rule="E.2.4", legal=legal)


def launch(ctx: Ctx, side: Side, cmd: Launch) -> None:
    """E.2.4: from inside the pod or its entrance grid for one action (a Clever alien
    too, G.4), or from the Command Deck with Operations for three (G.3)."""
    take_unit(ctx, side, cmd.unit)
    state = ctx.state
    here = state.unit_grid(cmd.unit)
    assert here is not None
    pod = resolve_pod(ctx, here, cmd.pod)
    door = pod_door(ctx, pod)
    if pod.key in state.launched_pods or state.door_state(door.id) is DoorState.SEALED:
        raise RuleError(f"{pod.name} has already been launched", rule="E.2.4")
    grid = pod_grid(pod)
    crew = crewmembers_aboard(ctx, grid)
    if len(crew) > ctx.content.ship.pod_capacity:
        raise RuleError(
            f"a life pod holds {ctx.content.ship.pod_capacity} crewmembers: "
            f"{len(crew)} are aboard {pod.name}",
            rule="E.2.4",
        )
    shown = Shown()
    cost = reach_cost(ctx, cmd.unit, door, Activity.POD_ADJACENT, Activity.POD_REMOTE, shown)
    require_actions(ctx, cmd.unit, cost, f"launching {pod.name}", "E.2.4, G.1")
    spend(ctx, cmd.unit, cost)
    shown.reveal(ctx)
    ctx.say(Launching(who=ctx.who(cmd.unit), pod=pod.name, key=pod.key, grid=grid, cost=cost))
    giveaway(ctx, cmd.unit, Giveaway.LAUNCHES, pod=pod.name)
    fire_pod(ctx, pod, door)
    check_game_over(ctx)


def crewmembers_aboard(ctx: Ctx, grid: Grid) -> list[Human]:
    """E.2.4's "up to four crewmembers": every living human in the pod, standing, lying
    or carried by a human (a body carried is gear for its carrier, E.3.1, but an injured
    or unconscious human is still a crewmember). A cadaver is a body, not a crewmember;
    a human in an alien's clutches is the alien's load, aboard with it as "any amount of
    … aliens" are (and a pipe-runner's load is out of sight, C.7)."""
    state = ctx.state
    return [h for h in state.humans_in(grid) if h.holder is None or state.is_human(h.holder)]


def fire_pod(ctx: Ctx, pod: Region, door: Door) -> None:
    """Everyone aboard leaves play alive, gear and all; the pod door seals (E.2.4)."""
    state = ctx.state
    grid = pod_grid(pod)
    consult_hideouts(ctx)
    for alien in state.live_aliens():
        if alien.grid == grid and alien.pipe_running:
            alien.stop_hiding()
            ctx.say(HidingAboard(who=ctx.who(alien.id), pod=pod.name, grid=grid))
    aboard = sorted(state.units_in(grid))
    settle_pod_fight(ctx, grid)
    gone = [i.id for i in state.items.values() if state.item_grid(i) == grid]
    for item_id in gone:
        del state.items[item_id]
    for unit_id in aboard:
        _leave_ship(ctx, unit_id)
    state.launched_pods[pod.key] = aboard
    set_door(ctx, door, DoorState.SEALED)
    survivors = tuple(ctx.who(u) for u in aboard if _escaped(ctx, u))
    ctx.say(Launched(pod=pod.name, grid=grid, aboard=survivors))


def _leave_ship(ctx: Ctx, unit_id: str) -> None:
    state = ctx.state
    if state.is_human(unit_id):
        human = state.human(unit_id)
        human.fate = Fate.ESCAPED if human.alive else Fate.LOST
        human.grid, human.holder = None, None
    else:
        alien = state.alien(unit_id)
        if not alien.dead:
            alien.fate = Fate.ESCAPED
        alien.grid = None
        alien.stop_hiding()
    retire(ctx, unit_id)


def _escaped(ctx: Ctx, unit_id: str) -> bool:
    if ctx.state.is_human(unit_id):
        return ctx.state.human(unit_id).fate is Fate.ESCAPED
    return ctx.state.alien(unit_id).fate is Fate.ESCAPED


HANDLERS: dict[type[Command], Handler] = {
    OpenDoor: open_door,
    CloseDoor: close_door,
    Launch: launch,
}
