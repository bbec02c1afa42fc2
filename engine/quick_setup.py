"""Quick setup: every remaining set-up choice of one side made at random, legally."""

from __future__ import annotations

from engine.content_models import Ability
from engine.context import Ctx
from engine.setup import (
    assign_role,
    choose_ability,
    choose_dead,
    choose_injured,
    free_roles,
    larva_grids,
    place_human,
    place_larva,
    place_supplies,
    placement_problem,
)
from engine.ship import TAG_CARGO_HOLD, TAG_STORE
from engine.state import Condition, SetupStep, Side


def quick_setup(ctx: Ctx, side: Side) -> None:
    if side is Side.CREW:
        _crew(ctx)
    else:
        _alien(ctx)


def _crew(ctx: Ctx) -> None:
    state, rng = ctx.state, ctx.state.rng
    if state.setup is SetupStep.DEAD:
        choose_dead(ctx, tuple(h.id for h in rng.shuffled(list(state.humans.values()))[:4]))
    if state.setup is SetupStep.INJURED:
        well = [h.id for h in state.humans.values() if h.condition is Condition.WELL]
        choose_injured(ctx, tuple(rng.shuffled(well)[:2]))
    while state.setup is SetupStep.ROLES:
        unassigned = [h for h in state.humans.values() if h.role is None]
        assign_role(ctx, unassigned[0].id, rng.choice(free_roles(ctx)))
    grids = sorted(ctx.ship.cells)
    while state.setup is SetupStep.PLACE:
        human = next(h for h in state.humans.values() if h.grid is None)
        grid = rng.choice(grids)
        while placement_problem(ctx, human, grid) is not None:  # most grids are fine
            grid = rng.choice(grids)
        place_human(ctx, human.id, grid)
    if state.setup is SetupStep.SUPPLIES:
        hold = rng.shuffled(sorted(ctx.ship.region_tagged(TAG_CARGO_HOLD).grids))[:6]
        store = rng.shuffled(sorted(ctx.ship.region_tagged(TAG_STORE).grids))[:3]
        place_supplies(ctx, (*hold, *store))


def _alien(ctx: Ctx) -> None:
    state, rng = ctx.state, ctx.state.rng
    if not state.alien_secrets.abilities:
        choose_ability(ctx, rng.choice([a.value for a in Ability]))
    if not state.aliens:
        place_larva(ctx, rng.choice(larva_grids(ctx)))
