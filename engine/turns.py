"""A unit's turn (C.2): an order makes it the acting unit and finishes the one before it,
whose unspent actions search if an alien hides (C.8); and the end of the game (C, F).

The phases these turns make up are :mod:`engine.phases`; whose phase it is and paying
for actions, :mod:`engine.actions`.
"""

from __future__ import annotations

from engine.actions import require_phase, unit_label_list
from engine.commands import EndUnit
from engine.context import Ctx
from engine.errors import NotYourTurn, RuleError
from engine.events import Ending, GameOver, UnitDone
from engine.hiding.piperun import run_search
from engine.raids.military import game_ends
from engine.state import Alien, Condition, Fate, Phase, Side


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
        finish_unit(ctx, state.active_unit)
    state.active_unit = unit_id


def take_alien(ctx: Ctx, side: Side, unit_id: str, doing: str, rule: str) -> Alien:
    """:func:`take_unit` for an order only an alien can carry out (pipe-running and its
    feints): a human named for it is refused, saying what the order needs."""
    take_unit(ctx, side, unit_id)
    if ctx.state.is_human(unit_id):
        raise RuleError(f"only an alien can {doing}: {ctx.name(unit_id)} is a human", rule=rule)
    return ctx.state.alien(unit_id)


def finish_unit(ctx: Ctx, unit_id: str) -> None:
    """The unit is done (C.2). A human's unspent actions search if the alien hides (C.8)."""
    state = ctx.state
    if unit_id in state.done_units:
        return
    state.done_units.add(unit_id)
    if state.active_unit == unit_id:
        state.active_unit = None
    if state.is_human(unit_id):
        human = state.human(unit_id)
        if human.actions > 0 and state.pipe_runners() and human.holder is None:
            run_search(ctx, unit_id, human.actions, leftover=True)
        human.actions = 0
    else:
        state.alien(unit_id).actions = 0
    ctx.say(UnitDone(who=ctx.who(unit_id)))


def end_unit(ctx: Ctx, side: Side, cmd: EndUnit) -> None:
    require_phase(ctx, side)
    state = ctx.state
    mine = state.is_live_human(cmd.unit) if side is Side.CREW else cmd.unit in state.aliens
    if not mine:
        units = [h.id for h in state.live_humans()] if side is Side.CREW else list(state.aliens)
        raise RuleError(f"'{cmd.unit}' is not one of your units", legal=units)
    if cmd.unit in state.done_units:
        raise RuleError(f"{ctx.name(cmd.unit)} is already done this phase", rule="C.2")
    finish_unit(ctx, cmd.unit)
    check_game_over(ctx)


def side_finished(ctx: Ctx) -> bool:
    """True once the acting side has no unit left that could act."""
    state = ctx.state
    done = state.done_units
    if state.phase is Phase.CREW:
        return state.all_live_humans_done()
    return all(a.id in done for a in state.live_aliens())


def check_game_over(ctx: Ctx) -> bool:
    """C and F: one side dead or gone (F; C adds all survivors escaped: gap 7)."""
    state = ctx.state
    if state.phase is Phase.OVER:
        return True
    systems = ", ".join(state.ship_destroyed)
    if state.emergencies is not None and state.emergencies.collapsed:
        ending = Ending.COLLAPSE  # E.7
        state.result = "the Quicksilver breaks up"
    elif state.ship_destroyed:
        ending = Ending.SHIP_DESTROYED
        state.result = f"the Quicksilver is destroyed ({systems})"
    elif not state.any_live_human():
        ending = Ending.NO_HUMANS
        state.result = "no living human is left aboard"
    elif not state.live_aliens():
        ending = Ending.NO_ALIENS
        state.result = "no living alien is left aboard"
    else:
        return False
    state.phase = Phase.OVER
    state.active_unit = None
    for alien in state.aliens.values():
        alien.stop_hiding()
    game_ends(ctx)  # the raids variant's Greatest Admiral (R.9)
    ctx.say(GameOver(ending=ending, system=systems))
    return True
