"""The hiding orders: the alien starts a pipe-run (C.7) and surfaces (C.7.2); a human
searches (C.8). What they set going, the hidden run and the search itself, is
:mod:`engine.hiding.piperun`.
"""

from __future__ import annotations

from engine.actions import require_actions, spend
from engine.commands import Search, StartPipeRun, Surface
from engine.content_models import Ability, Activity
from engine.context import Ctx
from engine.efforts import require_able, show_ability
from engine.errors import RuleError
from engine.hiding.events import PipeRun, Surfacing
from engine.hiding.piperun import end_run, pipe_run_cost, run_search
from engine.noise.rules import return_tokens
from engine.state import Side
from engine.turns import take_alien, take_unit
from engine.units import has_ability


def start_pipe_run(ctx: Ctx, side: Side, cmd: StartPipeRun) -> None:
    alien = take_alien(ctx, side, cmd.unit, "run the pipes", "C.7, G.1")
    if alien.pipe_running:
        raise RuleError(f"{ctx.name(alien.id)} is already pipe-running", rule="C.7")
    cost = pipe_run_cost(ctx, alien)
    require_actions(ctx, alien.id, cost, "starting a pipe-run", "C.7, G.5")
    spend(ctx, alien.id, cost)
    if has_ability(ctx.state, alien, Ability.AGILE):
        show_ability(ctx, Ability.AGILE)  # the cheaper run gives it away (C.3)
    alien.hide()
    assert alien.grid is not None
    ctx.say(PipeRun(who=ctx.who(alien.id), grid=alien.grid, cost=cost))
    return_tokens(ctx)


def surface(ctx: Ctx, side: Side, cmd: Surface) -> None:
    alien = take_alien(ctx, side, cmd.unit, "surface from a pipe-run", "C.7.2")
    if not alien.pipe_running:
        raise RuleError(f"{ctx.name(alien.id)} is not pipe-running", rule="C.7.2")
    end_run(ctx, alien, Surfacing.STOPS)


def search(ctx: Ctx, side: Side, cmd: Search) -> None:
    """C.8: "Searching is an activity performed by human units"; G.1 gives the alien
    no Search."""
    take_unit(ctx, side, cmd.unit)
    require_able(ctx, Activity.SEARCH, cmd.unit, rule="C.8, G.1")
    if not ctx.state.pipe_runners():
        raise RuleError("there is nothing to search for: no alien is pipe-running", rule="C.8")
    require_actions(ctx, cmd.unit, cmd.actions, f"searching {cmd.actions}", "C.8")
    run_search(ctx, cmd.unit, cmd.actions)
