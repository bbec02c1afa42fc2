"""Repairs (D.2, E.2.3, E.3.4): an Engineer with a ToolKit mends what the alien broke.

Every repair is the same effort (:func:`require_mechanic` then
:func:`engine.efforts.crew_effort` with Engineer): a smashed door (D.2), a damaged
system nexus (C.9) or an injured Humoid (G.3, gap 21). :func:`repair` picks the target.
"""

from __future__ import annotations

from engine.board.grid import Grid
from engine.board.ship import DoorState
from engine.commands import Repair
from engine.content_models import Activity, GearKind, ShipSystem, Skill
from engine.context import Ctx
from engine.dice import Roll
from engine.efforts import action_cost, afford, crew_effort, show_skill
from engine.emergencies.rules import nexus_repaired
from engine.equipment.events import DoorRepaired, NexusRepaired
from engine.errors import RuleError
from engine.events import Attempt, Effort
from engine.fighting.events import Healed
from engine.moving.doors import other_airlock_door, resolve_door, set_door
from engine.state import Condition, Human, Side
from engine.turns import take_unit
from engine.units import carries, has_skill, tended_grid

NEXUS = "nexus"


def repair(ctx: Ctx, side: Side, cmd: Repair) -> None:
    """``repair UNIT [DOOR|nexus|HUMOID]``: a door spec, the nexus in the Engineer's
    grid, or a Humoid by id. With no target the Engineer mends the smashed door beside
    it, or else the damaged system in its grid."""
    if cmd.target == NEXUS:
        repair_system(ctx, side, cmd)
    elif cmd.target in ctx.state.humans:
        repair_humoid(ctx, side, cmd)
    elif not cmd.target and _only_a_system_here(ctx, cmd.unit):
        repair_system(ctx, side, cmd)
    else:
        repair_door(ctx, side, cmd)


def _only_a_system_here(ctx: Ctx, unit_id: str) -> bool:
    state = ctx.state
    here = state.unit_grid(unit_id) if unit_id in state.humans else None
    if here is None or here not in state.nexus_revealed:
        return False
    return not any(state.door_state(d.id) is DoorState.SMASHED for d in ctx.ship.doors_at(here))


def require_mechanic(ctx: Ctx, unit_id: str) -> Human:
    """Only an Engineer carrying a ToolKit repairs (E.3.4, G.3)."""
    if not ctx.state.is_human(unit_id):
        raise RuleError("the alien does not repair", rule="G.1")
    human = ctx.state.human(unit_id)
    if not has_skill(ctx.content, human, Skill.ENGINEER):
        raise RuleError(f"{human.name} has no Engineer skill", rule="E.3.4, G.3")
    if not carries(ctx.state, human.id, GearKind.TOOLKIT):
        raise RuleError(f"{human.name} needs a ToolKit to repair", rule="E.3.4")
    return human


def repair_door(ctx: Ctx, side: Side, cmd: Repair) -> None:
    """D.2: repair a smashed door from one of its doorway grids and leave it open or
    closed; an Air Lock door is left open only while the other one is closed (E.2.5)."""
    take_unit(ctx, side, cmd.unit)
    human = require_mechanic(ctx, cmd.unit)
    state = ctx.state
    here = state.unit_grid(human.id)
    assert here is not None
    door = resolve_door(
        ctx, here, cmd.target, lambda d: state.door_state(d.id) is DoorState.SMASHED
    )
    if here not in door.doorway_grids:
        raise RuleError(
            f"{human.name} must be in a doorway grid of {door.id}",
            rule="D.2",
            legal=[str(g) for g in sorted(door.doorway_grids)],
        )
    if state.door_state(door.id) is not DoorState.SMASHED:
        raise RuleError(f"{door.id} is not smashed", rule="D.2")
    leave = DoorState.CLOSED if cmd.leave == "closed" else DoorState.OPEN
    other = other_airlock_door(ctx.ship, door)
    if leave is DoorState.OPEN and other and state.door_state(other.id) is not DoorState.CLOSED:
        raise RuleError(
            "both Air Lock doors may not stand open: leave this one closed", rule="E.2.5"
        )
    who = ctx.who(human.id)
    attempt = Attempt(effort=Effort.REPAIR_DOOR, who=who, door=door.id)
    roll = _repair_effort(ctx, human, cmd.boost, "D.2, C.1", attempt)
    if roll.success:
        set_door(ctx, door, leave)
        ctx.say(DoorRepaired(who=who, door=door.id, closed=leave is DoorState.CLOSED))


def _repair_effort(ctx: Ctx, human: Human, boost: int, rule: str, attempt: Attempt) -> Roll:
    """One repair: an action plus those committed, Engineer skills and Command (C.1, E.3.4)."""
    afford(ctx, human.id, action_cost(ctx, Activity.REPAIR, human.id), boost, "a repair", rule)
    kits = (GearKind.TOOLKIT.value,)
    return crew_effort(ctx, human, Skill.ENGINEER, Activity.REPAIR, boost, attempt, kits)


def damaged_systems(ctx: Ctx) -> list[Grid]:
    """Grids whose nexus marker lies face-up, damaged and not yet repaired (C.9)."""
    return sorted(g for g in ctx.state.nexus if g in ctx.state.nexus_revealed)


def repair_system(ctx: Ctx, side: Side, cmd: Repair) -> None:
    """C.9, E.3.4, G.1: an Engineer with a ToolKit in the damaged system's grid rolls a
    modified 7+ (Engineer skills, committed actions, Command). A success ends the
    danger: the marker is removed from play (and from the map)."""
    take_unit(ctx, side, cmd.unit)
    human = require_mechanic(ctx, cmd.unit)
    if cmd.leave != "open":
        raise RuleError("only a repaired door is left open or closed", rule="D.2")
    state = ctx.state
    here = state.unit_grid(human.id)
    assert here is not None
    damaged = [str(g) for g in damaged_systems(ctx)]
    if here not in state.nexus:
        raise RuleError(
            f"there is no system nexus at {here}: the Engineer must reach the damaged system",
            rule="C.9, E.3.4",
            legal=damaged,
        )
    if here not in state.nexus_revealed:
        raise RuleError(
            f"the nexus at {here} is not damaged: there is nothing to repair",
            rule="C.9",
            legal=damaged,
        )
    system = ShipSystem(state.nexus[here])
    who = ctx.who(human.id)
    attempt = Attempt(effort=Effort.REPAIR_SYSTEM, who=who, grid=here, system=system.value)
    roll = _repair_effort(ctx, human, cmd.boost, "C.9, C.1", attempt)
    if not roll.success:
        return
    del state.nexus[here]
    state.nexus_revealed.discard(here)
    ended = state.countdown.pop(here, None) is not None
    ctx.say(NexusRepaired(who=who, grid=here, system=system.value, danger_over=ended))
    nexus_repaired(ctx, here)  # E.5, with the emergencies variant


def repair_humoid(ctx: Ctx, side: Side, cmd: Repair) -> None:
    """G.3, gap 21: "the Humoid is healed by a successful repair effort directed against
    it": the same effort as any repair, so an Engineer with a ToolKit in the Humoid's
    grid, 7+ with Engineer skills, committed actions and Command. Never Medical."""
    take_unit(ctx, side, cmd.unit)
    human = require_mechanic(ctx, cmd.unit)
    if cmd.leave != "open":
        raise RuleError("only a repaired door is left open or closed", rule="D.2")
    state = ctx.state
    patient = state.human(cmd.target)
    if patient not in state.live_humans():
        raise RuleError(f"{patient.name} is not a living crew member aboard", rule="G.3")
    if patient.id == human.id:
        raise RuleError("the Engineer and the Humoid are two units", rule="G.3")
    if not has_skill(ctx.content, patient, Skill.HUMOID):
        raise RuleError(
            f"{patient.name} is not a Humoid: Medical personnel heal humans",
            rule="G.3, D.5",
        )
    if patient.condition is Condition.WELL:
        raise RuleError(f"{patient.name} is not injured", rule="G.3")
    here, there = state.unit_grid(human.id), tended_grid(state, patient)
    if here is None or here != there:
        raise RuleError(
            f"{human.name} must be in {patient.name}'s grid to repair it",
            rule="G.3, E.3.4",
            legal=[str(there)] if there else [],
        )
    show_skill(ctx, patient, Skill.HUMOID)
    attempt = Attempt(
        effort=Effort.REPAIR_HUMOID, who=ctx.who(human.id), target=ctx.who(patient.id)
    )
    roll = _repair_effort(ctx, human, cmd.boost, "G.3, C.1", attempt)
    if roll.success:
        patient.condition = Condition.WELL
        ctx.say(Healed(who=ctx.who(patient.id), repaired=True))
