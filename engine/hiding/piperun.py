"""Pipe-running (C.7) and searching (C.8): the hidden-movement half of the game.

While an alien pipe-runs, its grid lives only in the state: the rules tell the
alien where it went, and tell everyone only the C.7.3 declaration of each action
and the C.7.1 reveals.
"""

from __future__ import annotations

from engine.actions import require_actions, spend, take_alien, take_unit
from engine.board.geometry import grid_range, has_los, visible_grids
from engine.board.grid import Grid
from engine.commands import Search, StartPipeRun, Surface
from engine.consult import Secret, consult
from engine.content_models import Ability, GearKind
from engine.context import Ctx
from engine.efforts import show_ability, show_gear
from engine.errors import RuleError
from engine.events import Audience
from engine.state import Alien, Side
from engine.units import has_ability, stage


def pipe_run_cost(ctx: Ctx, alien: Alien) -> int:
    """The life stage's cost (G.5), one less with Agile (G.4)."""
    cost = ctx.content.life_stages[stage(alien)].pipe_run
    if has_ability(ctx.state, alien, Ability.AGILE):
        cost -= ctx.content.abilities[Ability.AGILE].pipe_run_discount
    return max(cost, 0)


def declare(ctx: Ctx, alien: Alien, word: str) -> None:
    """Announce one pipe-running action with a C.7.3 term."""
    ctx.state.declarations.append(word)
    ctx.say("declared", f"Alien: {word}", unit=alien.id)


def reveal_location(ctx: Ctx, alien: Alien, why: str) -> None:
    """A C.7.1 giveaway: everyone learns the grid; the pipe-run goes on."""
    assert alien.grid is not None
    ctx.state.sightings.append(alien.grid)
    ctx.say(
        "sighted", f"The alien gives itself away at {alien.grid}: {why} (C.7.1)", grid=alien.grid
    )


def end_run(ctx: Ctx, alien: Alien, how: str) -> None:
    """C.7.2: the counter goes back on the display where the pencil line ends."""
    alien.stop_hiding()
    ctx.say(
        "surfaced",
        f"{ctx.Name(alien.id)} is at {alien.grid}: {how} (C.7.2)",
        grid=alien.grid,
        unit=alien.id,
    )


def start_pipe_run(ctx: Ctx, side: Side, cmd: StartPipeRun) -> None:
    alien = take_alien(ctx, side, cmd.unit, "run the pipes", "C.7")
    if alien.pipe_running:
        raise RuleError(f"{ctx.name(alien.id)} is already pipe-running", rule="C.7")
    cost = pipe_run_cost(ctx, alien)
    require_actions(ctx, alien.id, cost, "starting a pipe-run", "C.7, G.5")
    spend(ctx, alien.id, cost)
    if has_ability(ctx.state, alien, Ability.AGILE):
        show_ability(ctx, Ability.AGILE)  # the cheaper run gives it away (C.3)
    alien.hide()
    ctx.say(
        "pipe-run",
        f"{ctx.Name(alien.id)} vanishes behind the pipes at "
        f"{alien.grid} ({cost} action{'s' if cost != 1 else ''}) (C.7)",
        grid=alien.grid,
        unit=alien.id,
    )


def surface(ctx: Ctx, side: Side, cmd: Surface) -> None:
    alien = take_alien(ctx, side, cmd.unit, "surface from a pipe-run", "C.7.2")
    if not alien.pipe_running:
        raise RuleError(f"{ctx.name(alien.id)} is not pipe-running", rule="C.7.2")
    end_run(ctx, alien, "the alien stops its pipe-run")


def search_range(ctx: Ctx, human_id: str, actions: int) -> int:
    """Actions spent, +2 for a Scanner (C.8, G.2.3)."""
    scanners = sum(
        1 for i in ctx.state.items.values() if i.holder == human_id and i.kind == GearKind.SCANNER
    )
    return actions + scanners * ctx.content.gear[GearKind.SCANNER].search_range


def searched_grids(ctx: Ctx, origin: Grid, reach: int) -> set[Grid]:
    seen = visible_grids(ctx.ship, origin, ctx.state.doors)
    return {g for g in seen if (grid_range(origin, g) or 0) <= reach}


def run_search(ctx: Ctx, human_id: str, actions: int, *, leftover: bool = False) -> None:
    """Spend ``actions`` searching; tally every pipe-runner in range and sight (C.8, D.4)."""
    state = ctx.state
    origin = state.unit_grid(human_id)
    assert origin is not None
    reach = search_range(ctx, human_id, actions)
    spend(ctx, human_id, actions)
    if reach > actions:
        show_gear(ctx, human_id, GearKind.SCANNER)  # the Scanner's reach shows it (C.3)
    state.searched |= searched_grids(ctx, origin, reach)
    consult_hideouts(ctx)
    found = [
        a
        for a in state.pipe_runners()
        if a.grid is not None
        and _within(grid_range(origin, a.grid), reach)
        and has_los(ctx.ship, origin, a.grid, state.doors)
    ]
    name = state.human(human_id).name
    how = "with leftover actions " if leftover else ""
    if not found:
        ctx.say(
            "searched",
            f"{name} searches {how}{reach} grid{'s' if reach != 1 else ''} "
            f"from {origin}: nothing found (C.8)",
            grid=origin,
            unit=human_id,
        )
        return
    ctx.say(
        "searched",
        f"{name} searches {how}{reach} from {origin} and spots the alien!",
        grid=origin,
        unit=human_id,
    )
    for alien in found:
        end_run(ctx, alien, f"tallied by {name}'s search")


def _within(distance: int | None, reach: int) -> bool:
    """In range: on the same deck (None is another deck) and no farther than ``reach``;
    the searcher's own grid is distance 0, always searched (C.8)."""
    return distance is not None and distance <= reach


def search(ctx: Ctx, side: Side, cmd: Search) -> None:
    take_unit(ctx, side, cmd.unit)
    if not ctx.state.pipe_runners():
        raise RuleError("there is nothing to search for: no alien is pipe-running", rule="C.8")
    require_actions(ctx, cmd.unit, cmd.actions, f"searching {cmd.actions}", "C.8")
    run_search(ctx, cmd.unit, cmd.actions)


def consult_hideouts(ctx: Ctx) -> None:
    """A rule looks where the hidden aliens are: whatever it finds, even nothing, tells
    the acting side something (C.7.2, C.8), unless it is the alien's."""
    if ctx.state.pipe_runners():
        consult(Secret.HIDDEN_ALIEN, ("alien",))


def tally_on_entry(ctx: Ctx, human_id: str, grid: Grid) -> bool:
    """A human entering a pipe-runner's grid tallies it (C.7.2). True if it did."""
    consult_hideouts(ctx)
    runners = [a for a in ctx.state.pipe_runners() if a.grid == grid]
    name = ctx.state.human(human_id).name
    for alien in runners:
        end_run(ctx, alien, f"{name} walks right into it")
    return bool(runners)


def tell_alien_where(ctx: Ctx, alien: Alien) -> None:
    ctx.tell(
        Audience.ALIEN,
        "secret-position",
        f"{ctx.Name(alien.id)} is at {alien.grid} (secret)",
        grid=alien.grid,
        unit=alien.id,
    )
