"""Whose turn it is, which unit is acting, and paying for actions (C.2)."""

from __future__ import annotations

from engine.context import Ctx
from engine.errors import NotYourTurn, RuleError
from engine.state import Alien, Condition, Fate, Phase, Side


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


def _is_mine(ctx: Ctx, side: Side, unit_id: str) -> bool:
    """Is ``unit_id`` in :func:`unit_label_list` (asked without building the list)?"""
    if side is Side.CREW:
        return ctx.state.is_live_human(unit_id)
    alien = ctx.state.aliens.get(unit_id)
    return alien is not None and not alien.dead and alien.fate is Fate.ABOARD


def take_unit(ctx: Ctx, side: Side, unit_id: str) -> None:
    """Make ``unit_id`` the acting unit; any other active unit is done (C.2)."""
    require_phase(ctx, side)
    state = ctx.state
    if not _is_mine(ctx, side, unit_id):
        mine = unit_label_list(ctx, side)
        raise NotYourTurn(f"'{unit_id}' is not one of your units", legal=mine)
    if unit_id in state.done_units:
        raise RuleError(
            f"{ctx.name(unit_id)} has finished this phase: once a player leaves a unit, it is done",
            rule="C.2",
        )
    if side is Side.CREW:
        human = state.human(unit_id)
        if human.holder is not None:
            raise RuleError(f"{human.name} is being carried and cannot act", rule="E.3.1")
        if human.condition is Condition.UNCONSCIOUS and human.actions == 0:
            raise RuleError(f"{human.name} is unconscious", rule="G.4")
    if state.active_unit not in (None, unit_id) and not ctx.defer_finish:
        from engine.turns import finish_unit

        finish_unit(ctx, state.active_unit)
    state.active_unit = unit_id


def take_alien(ctx: Ctx, side: Side, unit_id: str, doing: str, rule: str) -> Alien:
    """:func:`take_unit` for an order only an alien can carry out (pipe-running and its
    feints): a human named for it is refused, saying what the order needs."""
    take_unit(ctx, side, unit_id)
    if ctx.state.is_human(unit_id):
        raise RuleError(f"only an alien can {doing}: {ctx.name(unit_id)} is a human", rule=rule)
    return ctx.state.alien(unit_id)


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


def on_board(ctx: Ctx, unit_id: str) -> bool:
    state = ctx.state
    if state.is_human(unit_id):
        return state.human(unit_id).fate is Fate.ABOARD
    return state.alien(unit_id).fate is Fate.ABOARD and not state.alien(unit_id).dead
