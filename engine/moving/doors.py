"""Doors (C.4.3, D.2) and the Air Lock (E.2.5): naming a door, reaching its controls,
opening and closing it, and what opening the Air Lock's outer door does.

Opening and closing share one path: a human in a doorway grid (or, for the Air Lock,
at the Air Lock Controls), a Clever alien as if human (G.4), or an Operations human
in an obstructed Command Deck grid for three actions (G.3).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.actions import require_actions, spend
from engine.board.grid import Grid, GridParseError
from engine.board.ship import TAG_AIRLOCK, TAG_COMMAND_DECK, Door, DoorKind, DoorState, Ship
from engine.commands import CloseDoor, OpenDoor
from engine.content_models import Ability, Activity, Skill
from engine.context import Ctx
from engine.efforts import Shown, action_cost, require_able
from engine.emergencies.functions import refuse_disabled
from engine.errors import RuleError
from engine.fighting.events import Death
from engine.fighting.injury import kill_alien, kill_human
from engine.hiding.events import Giveaway
from engine.hiding.piperun import consult_hideouts, reveal_location
from engine.moving.events import BlownOut, BlowOutCause, DoorWorked, LostToSpace, MarkersLost
from engine.raids.military import require_ability, require_room
from engine.state import Fate, Side
from engine.turns import check_game_over, take_unit
from engine.units import has_ability, has_skill

DIRECTIONS = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
AIRLOCK_KINDS = {"inner": DoorKind.AIRLOCK_INNER, "outer": DoorKind.AIRLOCK_OUTER}


# --- naming a door -----------------------------------------------------------------
def airlock_door(ship: Ship, kind: DoorKind) -> Door:
    return next(d for d in ship.doors.values() if d.kind is kind)


def other_airlock_door(ship: Ship, door: Door) -> Door | None:
    """The Air Lock's other door, for the interlock (E.2.5); None for other doors."""
    pair = {
        DoorKind.AIRLOCK_INNER: DoorKind.AIRLOCK_OUTER,
        DoorKind.AIRLOCK_OUTER: DoorKind.AIRLOCK_INNER,
    }
    return airlock_door(ship, pair[door.kind]) if door.kind in pair else None


def airlock_controls(ship: Ship) -> Grid:
    """E.2.5: the "Air Lock Controls" grid, outside the inner door."""
    inner = airlock_door(ship, DoorKind.AIRLOCK_INNER)
    return next(g for g in sorted(inner.doorway_grids) if not _in_airlock(ship, g))


def _in_airlock(ship: Ship, grid: Grid) -> bool:
    return TAG_AIRLOCK in ship.region_of(grid).tags


def doors_here(ship: Ship, grid: Grid) -> list[Door]:
    """Doors a unit on ``grid`` works by hand: its doorways', and at the Air Lock
    Controls both Air Lock doors (E.2.5)."""
    found = ship.doors_at(grid)
    if grid == airlock_controls(ship):
        found += [d for d in ship.doors.values() if d.kind in AIRLOCK_KINDS.values()]
    return sorted({d.id: d for d in found}.values(), key=lambda d: d.id)


def resolve_door(
    ctx: Ctx, grid: Grid, spec: str, wanted: Callable[[Door], bool] | None = None
) -> Door:
    """The door ``spec`` names for a unit on ``grid``: "" the one door here (the one
    ``wanted`` picks when there are several), n/e/s/w the door on that side,
    inner/outer the Air Lock's, a door id, or a doorway grid of one door."""
    ship = ctx.ship
    here = doors_here(ship, grid)
    if not spec:
        return _only_door(grid, here, wanted)
    if spec in DIRECTIONS:
        return _door_on_side(ship, grid, spec)
    if spec in AIRLOCK_KINDS:
        return airlock_door(ship, AIRLOCK_KINDS[spec])
    if spec in ship.doors:
        return ship.doors[spec]
    return _door_at_grid(ship, spec, here)


def _only_door(grid: Grid, here: list[Door], wanted: Callable[[Door], bool] | None) -> Door:
    choices = [d for d in here if wanted is None or wanted(d)]
    if len(choices) == 1:
        return choices[0]
    if len(here) == 1:
        return here[0]
    if not here:
        raise RuleError(f"{grid} is not a doorway grid: name the door", rule="C.4.3")
    raise RuleError(
        f"{grid} is a doorway of several doors: say which", rule="C.4.3", legal=[d.id for d in here]
    )


def _door_on_side(ship: Ship, grid: Grid, side: str) -> Door:
    dcol, drow = DIRECTIONS[side]
    beyond = grid.shifted(dcol, drow)
    door = ship.door_between(grid, beyond)
    if door is None and beyond not in ship:
        door = ship.space_door_at(grid)
    if door is None:
        raise RuleError(
            f"there is no door on the {side} side of {grid}",
            rule="C.4.3",
            legal=[d.id for d in doors_here(ship, grid)],
        )
    return door


def _door_at_grid(ship: Ship, spec: str, here: list[Door]) -> Door:
    legal = [d.id for d in here] or sorted(ship.doors)
    try:
        grid = Grid.parse(spec)
    except GridParseError:
        raise RuleError(f"'{spec}' is not a door", rule="C.4.3", legal=legal) from None
    found = ship.doors_at(grid) if grid in ship else []
    if len(found) != 1:
        raise RuleError(f"'{spec}' does not name one door", rule="C.4.3", legal=legal)
    return found[0]


# --- reaching the controls ------------------------------------------------------------
def reach_cost(
    ctx: Ctx, unit_id: str, door: Door, by_hand: Activity, remote: Activity, shown: Shown
) -> int:
    """Actions to work ``door`` (or launch its pod) from where the unit stands, or a
    refusal saying where it must be (C.4.3, E.2.4, E.2.5, G.1, G.3, G.4)."""
    state = ctx.state
    here = state.unit_grid(unit_id)
    assert here is not None
    if not state.is_human(unit_id):
        require_ability(state, state.alien(unit_id), Ability.CLEVER.value)
        if not has_ability(state, state.alien(unit_id), Ability.CLEVER):
            raise RuleError(
                "the alien works doors and pods only with the Clever ability, "
                "and never while injured",
                rule="C.4.3, G.4, D.5",
            )
        shown.ability(Ability.CLEVER)
    if door in doors_here(ctx.ship, here):
        if door not in ctx.ship.doors_at(here):  # the emergencies variant (E.3.5)
            refuse_disabled(ctx, "doors", "the Air Lock Controls")
        return action_cost(ctx, by_hand, unit_id)
    if _ops_grid(ctx, here):
        require_able(ctx, remote, unit_id, rule="G.1, G.3")  # the alien never works Ops
        if has_skill(ctx.content, state.human(unit_id), Skill.OPERATIONS):
            pods = remote is Activity.POD_REMOTE  # the emergencies variant (E.3.5)
            refuse_disabled(ctx, "pods" if pods else "doors", "Operations' remote control")
            shown.skill(state.human(unit_id), Skill.OPERATIONS)
            return action_cost(ctx, remote, unit_id)
    grids = ", ".join(str(g) for g in sorted(door.doorway_grids))
    raise RuleError(
        f"{ctx.name(unit_id)} must stand in a doorway grid of {door.id} ({grids}), "
        "or work it with Operations from the Command Deck",
        rule="C.4.3, G.3",
    )


def _ops_grid(ctx: Ctx, here: Grid) -> bool:
    """G.3: an obstructed Command Deck grid, where Operations works any door or pod;
    refused, naming the cause, while the Opari's damage stops it (raids variant, R.4)."""
    region = ctx.ship.region_of(here)
    ops = TAG_COMMAND_DECK in region.tags and ctx.ship.is_obstructed(here)
    if ops:
        require_room(ctx.state, region.name, "no Operations actions")
    return ops


# --- opening and closing ----------------------------------------------------------------
def check_workable(ctx: Ctx, door: Door, opening: bool) -> None:
    """Refuse a door that cannot be opened (or closed) now."""
    now = ctx.state.door_state(door.id)
    if now is DoorState.SEALED:
        raise RuleError(f"{door.id} sealed when its life pod launched", rule="C.4.3")
    if now is DoorState.SMASHED:
        raise RuleError(
            f"{door.id} is smashed: it stays open until an Engineer repairs it", rule="D.2"
        )
    if door.kind is DoorKind.POD and not opening:
        raise RuleError("the doors in front of life pods may not be closed", rule="C.4.3")
    if now is (DoorState.OPEN if opening else DoorState.CLOSED):
        raise RuleError(f"{door.id} is already {now.value}", rule="C.4.3")
    other = other_airlock_door(ctx.ship, door)
    if opening and other and ctx.state.door_state(other.id) is not DoorState.CLOSED:
        raise RuleError("both Air Lock doors never stand open: close the other first", rule="E.2.5")


def work_door(ctx: Ctx, side: Side, unit_id: str, spec: str, opening: bool) -> None:
    take_unit(ctx, side, unit_id)
    state = ctx.state
    here = state.unit_grid(unit_id)
    assert here is not None
    wanted = DoorState.CLOSED if opening else DoorState.OPEN
    door = resolve_door(ctx, here, spec, lambda d: state.door_state(d.id) is wanted)
    check_workable(ctx, door, opening)
    shown = Shown()
    cost = reach_cost(ctx, unit_id, door, Activity.DOOR_ADJACENT, Activity.DOOR_REMOTE, shown)
    verb = "opening" if opening else "closing"
    require_actions(ctx, unit_id, cost, f"{verb} {door.id}", "C.4.3, G.1")
    spend(ctx, unit_id, cost)
    shown.reveal(ctx)
    set_door(ctx, door, DoorState.OPEN if opening else DoorState.CLOSED)
    ctx.say(DoorWorked(who=ctx.who(unit_id), door=door.id, opening=opening, cost=cost))
    giveaway(ctx, unit_id, Giveaway.OPENS if opening else Giveaway.CLOSES, door=door.id)
    if opening and door.kind is DoorKind.AIRLOCK_OUTER:
        blow_out(ctx, BlowOutCause.OPENED, by=unit_id)
    check_game_over(ctx)


def giveaway(ctx: Ctx, unit_id: str, cause: Giveaway, *, door: str = "", pod: str = "") -> None:
    """C.7.1: a pipe-running alien working a door or pod shows where it is."""
    if not ctx.state.is_human(unit_id):
        alien = ctx.state.alien(unit_id)
        if alien.pipe_running and alien.grid is not None:
            reveal_location(ctx, alien, cause, door=door, pod=pod)


def set_door(ctx: Ctx, door: Door, now: DoorState) -> None:
    if now is DoorState.OPEN:
        ctx.state.doors.pop(door.id, None)
    else:
        ctx.state.doors[door.id] = now


def open_door(ctx: Ctx, side: Side, cmd: OpenDoor) -> None:
    work_door(ctx, side, cmd.unit, cmd.door, opening=True)


def close_door(ctx: Ctx, side: Side, cmd: CloseDoor) -> None:
    work_door(ctx, side, cmd.unit, cmd.door, opening=False)


# --- the Air Lock ------------------------------------------------------------------------
def blow_out(ctx: Ctx, cause: BlowOutCause, by: str) -> None:
    """E.2.5: everything inside the Air Lock is blown into space: humans die, the alien
    burns up in the planet's atmosphere, gear is lost. Hidden aliens too. ``by`` opened
    or smashed the outer door: when it is an alien, the humans it blows out are killed
    by an alien (F.1's Agent line); when a human, by the crew's own hand."""
    state, ship = ctx.state, ctx.ship
    by_alien = not state.is_human(by)
    room = ship.region_tagged(TAG_AIRLOCK).grids
    ctx.say(BlownOut(cause=cause))
    consult_hideouts(ctx)
    for grid in sorted(room):
        for alien in [a for a in state.live_aliens() if a.grid == grid]:
            how = Death.BLOWN_OUT_HIDDEN if alien.pipe_running else Death.BLOWN_OUT
            kill_alien(ctx, alien, how, fate=Fate.LOST)
        for human in state.humans_in(grid, alive=False):
            _space_human(ctx, human.id, by_alien=by_alien)
    lost = [i.id for i in state.items.values() if state.item_grid(i) in room]
    for item_id in lost:
        del state.items[item_id]
    if lost:
        ctx.say(MarkersLost(count=len(lost)))


def _space_human(ctx: Ctx, human_id: str, *, by_alien: bool) -> None:
    human = ctx.state.human(human_id)
    if human.alive:
        kill_human(ctx, human, by_alien=by_alien)
    if human.fate is Fate.ABOARD:
        human.fate = Fate.LOST
        ctx.say(LostToSpace(who=ctx.who(human.id)))
    human.grid, human.holder = None, None
