"""Moving units: walking, lifts, hatches (C.4), secretly when pipe-running (C.7)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import require_actions, spend
from engine.board.geometry import Mover, StepKind, cheapest_steps, grid_range, steps_from
from engine.board.grid import Grid
from engine.commands import Feint, Move, UseHatch, UseLift, Wait
from engine.context import Ctx
from engine.emergencies.functions import refuse_disabled
from engine.errors import RuleError
from engine.hiding.events import Call, Giveaway
from engine.hiding.piperun import declare, reveal_location, tally_on_entry, tell_alien_where
from engine.moving.events import Moved, Waited
from engine.noise.rules import alien_stepped, creep_cost, human_stepped
from engine.state import Fate, Side
from engine.turns import take_alien, take_unit


@dataclass(frozen=True, slots=True)
class Leg:
    start: Grid
    to: Grid
    cost: int
    kind: StepKind
    creep: bool = False  # N.5: a creeping crossing, one action more, declared "Move"


def mover_of(ctx: Ctx, unit_id: str) -> Mover:
    return Mover.HUMAN if ctx.state.is_human(unit_id) else Mover.ALIEN


def _leg(ctx: Ctx, unit_id: str, start: Grid, to: Grid) -> Leg | None:
    for step in steps_from(ctx.ship, start, mover_of(ctx, unit_id), ctx.state.doors):
        if step.to == to:
            return Leg(start, to, step.cost, step.kind)
    return None


def plan_route(ctx: Ctx, unit_id: str, route: tuple[Grid, ...]) -> list[Leg]:
    """Every single step of a move through ``route``'s waypoints, cheapest way."""
    here = ctx.state.unit_grid(unit_id)
    assert here is not None
    legs: list[Leg] = []
    for waypoint in route:
        if waypoint not in ctx.ship:
            raise RuleError(f"{waypoint} is not a grid of the ship", rule="C.4.1")
        steps = cheapest_steps(ctx.ship, here, waypoint, mover_of(ctx, unit_id), ctx.state.doors)
        if steps is None:
            raise RuleError(
                f"{ctx.name(unit_id)} cannot reach {waypoint} from {here}: "
                "walls or closed doors are in the way",
                rule="C.4.2, C.4.3",
            )
        for step in steps:
            legs.append(Leg(here, step.to, step.cost, step.kind))
            here = step.to
    if not legs:
        raise RuleError(f"{ctx.name(unit_id)} is already at {here}", rule="C.4.1")
    return legs


def check_stacking(ctx: Ctx, arrivals: list[str], grids: list[Grid]) -> None:
    """At most four human counters in a grid (C.6), checked in every grid the
    ``arrivals`` enter or may be stopped in; aliens stack freely."""
    limit = ctx.content.human_stats.per_grid
    # The counters of GameState.human_counters in each of these grids, in one pass.
    others = dict.fromkeys(grids, 0)
    for human in ctx.state.humans.values():
        if human.grid in others and human.fate is Fate.ABOARD and human.id not in arrivals:
            others[human.grid] += 1
    for grid in grids:
        if others[grid] + len(arrivals) > limit:
            raise RuleError(f"{grid} already holds {others[grid]} humans", rule="C.6")


def _step(ctx: Ctx, unit_id: str, leg: Leg) -> bool:
    """Make one step; False when the move must stop (it ran into a hidden alien)."""
    spend(ctx, unit_id, leg.cost)
    state = ctx.state
    if state.is_human(unit_id):
        state.human(unit_id).grid = leg.to
        if tally_on_entry(ctx, unit_id, leg.to):
            return False
        return human_stepped(ctx, unit_id, leg.start, leg.to)
    alien = state.alien(unit_id)
    alien.grid = leg.to
    alien.path.append(leg.to)
    if alien.pipe_running:
        if leg.creep:
            declare(ctx, alien, Call.MOVE)
        _declare_step(ctx, unit_id, leg)
        if not leg.creep:
            alien_stepped(ctx, alien, leg.start, leg.to)
    return True


def _declare_step(ctx: Ctx, alien_id: str, leg: Leg) -> None:
    """C.7.3: "Move", "Lift B2", "Hatch C1", or the name of a human passed; and C.7.1:
    however it arrives, a pipe-runner entering a human's grid announces its location."""
    alien = ctx.state.alien(alien_id)
    humans = ctx.state.humans_in(leg.to)
    if leg.kind is StepKind.WALK:
        if humans:
            declare(ctx, alien, Call.HUMAN, human=ctx.who(humans[0].id))
            reveal_location(ctx, alien, Giveaway.PASSES, human=ctx.who(humans[0].id))
        else:
            declare(ctx, alien, Call.MOVE)
        return
    lift = ctx.ship.lift_at(leg.start) if leg.kind is StepKind.LIFT else None
    hatch = ctx.ship.hatch_at(leg.start) if lift is None else None
    ride = lift or hatch
    assert ride is not None
    call = Call.LIFT if lift is not None else Call.HATCH
    declare(ctx, alien, call, letter=ride.letter, deck=leg.start.deck)
    if humans:
        reveal_location(ctx, alien, Giveaway.COMES_OUT, human=ctx.who(humans[0].id))


def _check_not_closer(ctx: Ctx, unit_id: str, legs: list[Leg]) -> None:
    """G.2.5: an alien driven off by Ultrasonics may not come closer again this phase."""
    if ctx.state.is_human(unit_id):
        return
    origin = ctx.state.alien(unit_id).repelled_from
    if origin is None:
        return
    far = len(ctx.ship.cells)  # another deck is farther than anything on this one
    for leg in legs:
        before = grid_range(origin, leg.start)
        after = grid_range(origin, leg.to)
        if (far if after is None else after) < (far if before is None else before):
            raise RuleError(
                f"{ctx.name(unit_id)} may not come closer to the Ultrasonics at {origin} "
                f"this phase ({leg.to} is closer than {leg.start})",
                rule="G.2.5",
            )


def affordable(legs: list[Leg], budget: int) -> list[Leg]:
    """The first legs of a route whose costs fit in ``budget`` actions."""
    taken, spent = [], 0
    for leg in legs:
        if spent + leg.cost > budget:
            break
        taken.append(leg)
        spent += leg.cost
    return taken


def walk(ctx: Ctx, unit_id: str, legs: list[Leg], what: str, *, free: bool = False) -> None:
    """Check the whole move first (a refused move changes nothing), then make it.
    ``free``: a forced move the bot makes, announced as costing no action (the caller
    lends the actions it needs)."""
    _check_not_closer(ctx, unit_id, legs)
    for leg in legs:
        lift = ctx.ship.lift_at(leg.start) if leg.kind is StepKind.LIFT else None
        if lift is not None:  # the emergencies variant (E.3.5)
            refuse_disabled(ctx, f"lift-{lift.letter.lower()}", f"Lift {lift.letter}")
    total = sum(leg.cost for leg in legs)
    require_actions(ctx, unit_id, total, what, "C.4.1, G.1")
    if ctx.state.is_human(unit_id):
        check_stacking(ctx, [unit_id], [leg.to for leg in legs])
    start, reached = legs[0].start, legs[0].start
    done = 0
    for leg in legs:
        done += leg.cost
        reached = leg.to
        if not _step(ctx, unit_id, leg):
            break
    _announce_move(ctx, unit_id, start, 0 if free else done, reached)


def _announce_move(ctx: Ctx, unit_id: str, start: Grid, cost: int, reached: Grid) -> None:
    """The move as seen: where it ended, ``reached`` for a Humoid a surprise attack
    (the noise variant) took out of play on the way."""
    state = ctx.state
    grid = state.unit_grid(unit_id) or reached
    if state.is_human(unit_id) or not state.alien(unit_id).pipe_running:
        ctx.say(Moved(who=ctx.who(unit_id), start=start, grid=grid, cost=cost))
    else:
        tell_alien_where(ctx, state.alien(unit_id))


def move(ctx: Ctx, side: Side, cmd: Move) -> None:
    take_unit(ctx, side, cmd.unit)
    legs = plan_route(ctx, cmd.unit, cmd.route)
    if cmd.creep:
        legs = _creeping(ctx, cmd.unit, legs)
    walk(ctx, cmd.unit, legs, f"moving to {cmd.route[-1]}")


def _creeping(ctx: Ctx, unit_id: str, legs: list[Leg]) -> list[Leg]:
    """N.5: a creeping pipe-runner pays one action more at each door that can hold
    noise, and rolls nothing there; only a hidden alien of the noise variant creeps."""
    if ctx.state.noise is None:
        raise RuleError("only the noise variant lets an alien creep", rule="C.7")
    if ctx.state.is_human(unit_id) or not ctx.state.alien(unit_id).pipe_running:
        raise RuleError(f"only a pipe-running alien creeps, not {ctx.name(unit_id)}", rule="C.7")
    crept: list[Leg] = []
    for leg in legs:
        extra = creep_cost(ctx.ship, leg.start, leg.to)
        crept.append(Leg(leg.start, leg.to, leg.cost + extra, leg.kind, creep=extra > 0))
    return crept


def use_lift(ctx: Ctx, side: Side, cmd: UseLift) -> None:
    take_unit(ctx, side, cmd.unit)
    here = ctx.state.unit_grid(cmd.unit)
    assert here is not None
    lift = ctx.ship.lift_at(here)
    if lift is None:
        raise RuleError(f"{here} is not a lift grid", rule="C.4.5")
    deck = here.deck + (1 if cmd.direction == "up" else -1)
    if deck not in lift.grids:
        raise RuleError(f"Lift {lift.letter} goes no further {cmd.direction}", rule="C.4.5")
    leg = _leg(ctx, cmd.unit, here, lift.grids[deck])
    assert leg is not None
    walk(ctx, cmd.unit, [leg], f"riding {lift.name_on(here.deck)}")


def use_hatch(ctx: Ctx, side: Side, cmd: UseHatch) -> None:
    take_unit(ctx, side, cmd.unit)
    here = ctx.state.unit_grid(cmd.unit)
    assert here is not None
    hatch = ctx.ship.hatch_at(here)
    if hatch is None:
        raise RuleError(f"{here} is not a hatch grid", rule="C.4.6")
    leg = _leg(ctx, cmd.unit, here, hatch.other_end(here))
    assert leg is not None
    direction = "up" if leg.kind is StepKind.HATCH_UP else "down"
    walk(ctx, cmd.unit, [leg], f"climbing {direction} through {hatch.name_on(here.deck)}")


def feint(ctx: Ctx, side: Side, cmd: Feint) -> None:
    """C.7.1: bang on a lift or hatch without using it, to mislead the crew."""
    alien = take_alien(ctx, side, cmd.unit, "feint", "C.7.1")
    if not alien.pipe_running:
        raise RuleError("only a pipe-running alien feints; the crew can see this one", rule="C.7.1")
    assert alien.grid is not None
    lift, hatch = ctx.ship.lift_at(alien.grid), ctx.ship.hatch_at(alien.grid)
    if lift is None and hatch is None:
        raise RuleError(f"{alien.grid} has no lift or hatch to bang on", rule="C.7.1")
    if lift is not None:  # the emergencies variant: a disabled lift is not feinted (E.3.5)
        refuse_disabled(ctx, f"lift-{lift.letter.lower()}", f"Lift {lift.letter}")
    require_actions(ctx, alien.id, 1, "a feint", "C.7.1")
    spend(ctx, alien.id, 1)
    ride = lift or hatch
    assert ride is not None
    declare(ctx, alien, Call.LIFT if lift else Call.HATCH, letter=ride.letter, deck=alien.grid.deck)


def wait(ctx: Ctx, side: Side, cmd: Wait) -> None:
    """Spend an action doing nothing; a pipe-runner declares it as "Move" (C.7.3)."""
    take_unit(ctx, side, cmd.unit)
    if ctx.state.is_human(cmd.unit):
        raise RuleError("a human who is done waiting just ends: end UNIT", rule="C.2")
    alien = ctx.state.alien(cmd.unit)
    require_actions(ctx, alien.id, 1, "waiting", "C.7.3")
    spend(ctx, alien.id, 1)
    if alien.pipe_running:
        declare(ctx, alien, Call.MOVE)
    else:
        ctx.say(Waited(who=ctx.who(alien.id)))
