"""Pipe-running (C.7) and searching (C.8): the hidden-movement half of the game.

The orders that start a run, end it and search are :mod:`engine.hiding.orders`.
While an alien pipe-runs, its grid lives only in the state: the rules tell the
alien where it went, and tell everyone only the C.7.3 declaration of each action
and the C.7.1 reveals.
"""

from __future__ import annotations

from engine.actions import spend
from engine.board.geometry import grid_range, has_los, visible_within
from engine.board.grid import Grid
from engine.consult import Secret, consult
from engine.content_models import Ability, GearKind
from engine.context import Ctx
from engine.efforts import show_gear
from engine.emergencies.functions import disabling
from engine.events import Handling, Who
from engine.hiding.events import (
    Call,
    Declared,
    Giveaway,
    HiddenAt,
    Searched,
    Sighted,
    Surfaced,
    Surfacing,
)
from engine.state import Alien
from engine.units import has_ability, stage


def pipe_run_cost(ctx: Ctx, alien: Alien) -> int:
    """The life stage's cost (G.5), one less with Agile (G.4)."""
    cost = ctx.content.life_stages[stage(alien)].pipe_run
    if has_ability(ctx.state, alien, Ability.AGILE):
        cost -= ctx.content.abilities[Ability.AGILE].pipe_run_discount
    return max(cost, 0)


def declare(
    ctx: Ctx, alien: Alien, call: Call, *, human: Who | None = None, letter: str = "", deck: int = 0
) -> None:
    """Announce one pipe-running action with a C.7.3 term; the state keeps the word
    called ("Move", "Hyun", "Lift B2") for the phase's record."""
    if call is Call.HUMAN:
        assert human is not None
        word = human.name
    elif call in (Call.LIFT, Call.HATCH):
        word = f"{call.value} {letter}{deck}"  # as the ship names them (Lift.name_on)
    else:
        word = call.value
    ctx.state.declarations.append(word)
    ctx.say(Declared(who=ctx.who(alien.id), call=call, human=human, letter=letter, deck=deck))


def reveal_location(
    ctx: Ctx,
    alien: Alien,
    cause: Giveaway,
    *,
    human: Who | None = None,
    door: str = "",
    pod: str = "",
    handling: Handling | None = None,
) -> None:
    """A C.7.1 giveaway: everyone learns the grid; the pipe-run goes on."""
    assert alien.grid is not None
    ctx.state.sightings.append(alien.grid)
    sighted = Sighted(
        grid=alien.grid, cause=cause, human=human, door=door, pod=pod, handling=handling
    )
    ctx.say(sighted)


def end_run(ctx: Ctx, alien: Alien, how: Surfacing, by: Who | None = None) -> None:
    """C.7.2: the counter goes back on the display where the pencil line ends."""
    alien.stop_hiding()
    assert alien.grid is not None
    ctx.say(Surfaced(who=ctx.who(alien.id), grid=alien.grid, how=how, by=by))


def search_range(ctx: Ctx, human_id: str, actions: int) -> int:
    """Actions spent, +2 for a Scanner (C.8, G.2.3); nothing while an emergency
    disables the sensors (the emergencies variant, E.3.5)."""
    scanners = sum(
        1 for i in ctx.state.items.values() if i.holder == human_id and i.kind == GearKind.SCANNER
    )
    if scanners and disabling(ctx.state, "sensors") is not None:
        scanners = 0
    return actions + scanners * ctx.content.gear[GearKind.SCANNER].search_range


def searched_grids(ctx: Ctx, origin: Grid, reach: int) -> set[Grid]:
    return visible_within(ctx.ship, origin, reach, ctx.state.doors)


def run_search(ctx: Ctx, human_id: str, actions: int, *, leftover: bool = False) -> None:
    """Spend ``actions`` searching; tally every pipe-runner in range and sight (C.8, D.4)."""
    state = ctx.state
    origin = state.unit_grid(human_id)
    assert origin is not None
    reach = search_range(ctx, human_id, actions)
    spend(ctx, human_id, actions)
    if reach > actions:
        show_gear(ctx, human_id, GearKind.SCANNER)  # the Scanner's reach shows it (C.3)
    covered = searched_grids(ctx, origin, reach)
    state.searched |= covered
    consult_hideouts(ctx)
    found = [
        a
        for a in state.pipe_runners()
        if a.grid is not None
        and _within(grid_range(origin, a.grid), reach)
        and has_los(ctx.ship, origin, a.grid, state.doors)
    ]
    searcher = ctx.who(human_id)
    ctx.say(
        Searched(
            who=searcher,
            origin=origin,
            reach=reach,
            found=bool(found),
            leftover=leftover,
            grids=tuple(sorted(covered)),
        )
    )
    for alien in found:
        end_run(ctx, alien, Surfacing.TALLIED, searcher)


def _within(distance: int | None, reach: int) -> bool:
    """In range: on the same deck (None is another deck) and no farther than ``reach``;
    the searcher's own grid is distance 0, always searched (C.8)."""
    return distance is not None and distance <= reach


def consult_hideouts(ctx: Ctx) -> None:
    """A rule looks where the hidden aliens are: whatever it finds, even nothing, tells
    the acting side something (C.7.2, C.8), unless it is the alien's."""
    if ctx.state.pipe_runners():
        consult(Secret.HIDDEN_ALIEN, ("alien",))


def tally_on_entry(ctx: Ctx, human_id: str, grid: Grid) -> bool:
    """A human entering a pipe-runner's grid tallies it (C.7.2). True if it did."""
    runners = ctx.state.pipe_runners()
    if not runners:
        return False
    consult(Secret.HIDDEN_ALIEN, ("alien",))  # as consult_hideouts: runners are hidden
    found = [a for a in runners if a.grid == grid]
    for alien in found:
        end_run(ctx, alien, Surfacing.WALKED_INTO, ctx.who(human_id))
    return bool(found)


def tell_alien_where(ctx: Ctx, alien: Alien) -> None:
    assert alien.grid is not None
    ctx.say(HiddenAt(who=ctx.who(alien.id), grid=alien.grid))
