"""Repairs (D.2, E.2.3, E.3.4): an Engineer with a ToolKit mends what the alien broke.

Part 1 repairs smashed doors. Every repair is the same effort (:func:`require_mechanic`
then :func:`engine.efforts.crew_effort` with Engineer), so system nexuses (C.9) and the
Humoid (G.3) slot in as further targets.
"""

from __future__ import annotations

from engine.actions import take_unit
from engine.commands import Repair
from engine.content_models import Activity, GearKind, Skill
from engine.context import Ctx
from engine.doors import other_airlock_door, resolve_door, set_door
from engine.efforts import action_cost, afford, crew_effort
from engine.errors import RuleError
from engine.ship import DoorState
from engine.state import Human, Side
from engine.units import carries, has_skill


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
    afford(
        ctx,
        human.id,
        action_cost(ctx, Activity.REPAIR, human.id),
        cmd.boost,
        "a repair",
        "D.2, C.1",
    )
    roll = crew_effort(
        ctx,
        human,
        Skill.ENGINEER,
        Activity.REPAIR,
        cmd.boost,
        f"{human.name} repairs door {door.id}",
    )
    if roll.success:
        set_door(ctx, door, leave)
        ctx.say("door", f"Door {door.id} is repaired and left {leave.value} (D.2)", unit=human.id)
