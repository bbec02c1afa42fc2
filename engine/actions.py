"""Whose phase it is, a side's units, and paying for actions (C.2).

Which unit is acting, and its finish, is :mod:`engine.turns`.
"""

from __future__ import annotations

from engine.context import Ctx
from engine.errors import NotYourTurn, RuleError
from engine.state import Phase, Side


def acting_side(ctx: Ctx) -> Side | None:
    phase = ctx.state.phase
    if phase is Phase.ALIEN:
        return Side.ALIEN
    if phase is Phase.CREW:
        return Side.CREW
    return None


def require_phase(ctx: Ctx, side: Side) -> None:
    state = ctx.state
    if state.phase is Phase.OVER:
        raise RuleError("the game is over", rule="F")
    if state.phase is Phase.SETUP:
        raise NotYourTurn("the game is still being set up", rule="B.1")
    if acting_side(ctx) is not side:
        raise NotYourTurn(
            f"it is the {state.phase.value} phase of turn {state.turn}; wait for your phase",
            rule="C",
        )


def unit_label_list(ctx: Ctx, side: Side) -> list[str]:
    if side is Side.CREW:
        return [h.id for h in ctx.state.live_humans()]
    return [a.id for a in ctx.state.live_aliens()]


def actions_left(ctx: Ctx, unit_id: str) -> int:
    if ctx.state.is_human(unit_id):
        return ctx.state.human(unit_id).actions
    return ctx.state.alien(unit_id).actions


def require_actions(ctx: Ctx, unit_id: str, cost: int, doing: str, rule: str) -> None:
    """Refuse, changing nothing, when the unit cannot pay ``cost`` for ``doing``."""
    left = actions_left(ctx, unit_id)
    if cost > left:
        plural = "" if left == 1 else "s"
        raise RuleError(
            f"{ctx.name(unit_id)} has {left} action{plural} left; {doing} costs {cost}",
            rule=rule,
        )


def spend(ctx: Ctx, unit_id: str, cost: int) -> None:
    if ctx.state.is_human(unit_id):
        ctx.state.human(unit_id).actions -= cost
    else:
        ctx.state.alien(unit_id).actions -= cost
