"""Set-up choices made at random, legally: ``quick`` for a side, and the random player.

``next_setup_command`` proposes a side's next set-up command from any generator; quick
setup plays those commands with the game's own dice, so it replays exactly.
"""

from __future__ import annotations

from engine import commands as c
from engine.board.ship import TAG_CARGO_HOLD, TAG_STORE
from engine.content_models import Ability
from engine.context import Ctx
from engine.dice import Rng
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
from engine.state import Condition, SetupStep, Side
from engine.units import held_abilities


def next_setup_command(ctx: Ctx, side: Side, rng: Rng) -> c.Command | None:
    """A random legal next set-up command for ``side``, or None when it is done."""
    if side is Side.ALIEN:
        return _next_alien(ctx, rng)
    return _next_crew(ctx, rng)


def _next_crew(ctx: Ctx, rng: Rng) -> c.Command | None:
    state = ctx.state
    humans = list(state.humans.values())
    if state.setup is SetupStep.DEAD:
        return c.ChooseDead(tuple(h.id for h in rng.shuffled(humans)[:4]))
    if state.setup is SetupStep.INJURED:
        well = [h.id for h in humans if h.condition is Condition.WELL]
        return c.ChooseInjured(tuple(rng.shuffled(well)[:2]))
    if state.setup is SetupStep.ROLES:
        unassigned = next(h for h in humans if h.role is None)
        return c.AssignRole(unassigned.id, rng.choice(free_roles(ctx)))
    if state.setup is SetupStep.PLACE:
        human = next(h for h in humans if h.grid is None)
        grids = ctx.ship.grids_in_order()
        grid = rng.choice(grids)
        while placement_problem(ctx, human, grid) is not None:  # most grids are fine
            grid = rng.choice(grids)
        return c.PlaceHuman(human.id, grid)
    if state.setup is SetupStep.SUPPLIES:
        hold = rng.shuffled(sorted(ctx.ship.region_tagged(TAG_CARGO_HOLD).grids))[:6]
        store = rng.shuffled(sorted(ctx.ship.region_tagged(TAG_STORE).grids))[:3]
        return c.PlaceSupplies((*hold, *store))
    return None


def _next_alien(ctx: Ctx, rng: Rng) -> c.Command | None:
    if not held_abilities(ctx.state):
        return c.ChooseAbility(rng.choice([a.value for a in Ability]))
    if not ctx.state.aliens:
        return c.PlaceLarva(rng.choice(larva_grids(ctx)))
    return None


def quick_setup(ctx: Ctx, side: Side) -> None:
    """Every remaining set-up choice of ``side``, drawn with the game's dice."""
    while (command := next_setup_command(ctx, side, ctx.state.rng)) is not None:
        _play_setup(ctx, command)


def _play_setup(ctx: Ctx, command: c.Command) -> None:
    match command:
        case c.ChooseDead(humans=humans):
            choose_dead(ctx, humans)
        case c.ChooseInjured(humans=humans):
            choose_injured(ctx, humans)
        case c.AssignRole(human=human, role=role):
            assign_role(ctx, human, role)
        case c.PlaceHuman(human=human, grid=grid):
            place_human(ctx, human, grid)
        case c.PlaceSupplies(grids=grids):
            place_supplies(ctx, grids)
        case c.ChooseAbility(ability=ability):
            choose_ability(ctx, ability)
        case c.PlaceLarva(grid=grid):
            place_larva(ctx, grid)
