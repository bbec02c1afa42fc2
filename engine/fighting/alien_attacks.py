"""The alien's attacks (D.2): a whole grid at once, a closed door, or a system nexus.

An attack ends a pipe-run before it is resolved (C.7.2), so the crew sees the alien
where it strikes from.
"""

from __future__ import annotations

from engine.board.geometry import grid_range, has_los
from engine.board.grid import Grid, GridParseError
from engine.board.ship import DoorKind, DoorState
from engine.commands import Attack
from engine.content_models import Ability, Activity, ShipSystem
from engine.context import Ctx
from engine.dice import Modifier, Term
from engine.efforts import Shown, action_cost, afford, commit
from engine.emergencies.rules import nexus_damaged
from engine.errors import RuleError
from engine.events import Attempt, Effort
from engine.fighting.events import AlienAttacked, DoorSmashed, NexusDamaged
from engine.fighting.ferocity import alien_ferocity, resilience, strike
from engine.hiding.events import Surfacing
from engine.hiding.piperun import end_run
from engine.moving.doors import blow_out, resolve_door, set_door
from engine.moving.events import BlowOutCause
from engine.reactions.marks import spend_rage
from engine.state import Alien, Human
from engine.units import alien_abilities


def alien_attack(ctx: Ctx, alien: Alien, cmd: Attack) -> None:
    """D.2: one ferocity for the grid, one roll per crew member in it against that
    member's resilience; the alien's own grid, or with Acid Spit any grid within two
    in sight (G.4)."""
    if cmd.weapon:
        raise RuleError("the alien can carry gear but never use it", rule="E.3.1")
    if cmd.target == "nexus":
        attack_nexus(ctx, alien, cmd)
        return
    grid = _target_grid(ctx, alien, cmd.target)
    victims = crew_at(ctx, grid)
    if not victims:
        raise RuleError(
            f"there is no crew at {grid} to attack",
            rule="D.2",
            legal=[str(g) for g in grids_in_reach(ctx, alien)],
        )
    shown = Shown()
    if grid != alien.grid:
        _check_spit(ctx, alien, grid, shown)
    cost = action_cost(ctx, Activity.ATTACK, alien.id)
    afford(ctx, alien.id, cost, cmd.boost, "an attack", "D.2, C.1")
    if alien.pipe_running:
        end_run(ctx, alien, Surfacing.ATTACKS)
    ferocity = alien_ferocity(ctx, alien) + commit(ctx, alien.id, cost, cmd.boost)
    shown.reveal(ctx)
    strike_grid(ctx, alien, grid, ferocity)


def strike_grid(ctx: Ctx, alien: Alien, grid: Grid, ferocity: list[Modifier]) -> None:
    """D.2: one roll of ``ferocity`` against each crew member in ``grid``."""
    victims = crew_at(ctx, grid)
    victims_seen = tuple(ctx.who(h.id) for h in victims)
    ctx.say(AlienAttacked(who=ctx.who(alien.id), grid=grid, victims=victims_seen))
    for human in victims:
        defence = Shown()
        mods = ferocity + resilience(ctx, human.id, defence)
        defence.reveal(ctx)
        strike(ctx, alien.id, human.id, mods)
    spend_rage(ctx.state, alien.id)  # the reactions variant: Rage! lasts one attack (W.3.3)


def crew_at(ctx: Ctx, grid: Grid) -> list[Human]:
    """Every living crew member in the grid, carried ones included (D.2)."""
    return sorted(ctx.state.humans_in(grid), key=lambda h: h.id)


def spit_range(ctx: Ctx, alien: Alien) -> int:
    """How far the alien attacks at full strength: 0, or 2 with Acid Spit (G.4)."""
    reaches = [ctx.content.abilities[a].attack_range for a in alien_abilities(ctx.state, alien)]
    return max(reaches, default=0)


def grids_in_reach(ctx: Ctx, alien: Alien) -> list[Grid]:
    """Grids with crew the alien could attack now."""
    assert alien.grid is not None
    reach = spit_range(ctx, alien)
    found = set()
    for human in ctx.state.live_humans():
        there = ctx.state.unit_grid(human.id)
        if there is None:
            continue
        distance = grid_range(alien.grid, there)
        if (
            distance is not None
            and distance <= reach
            and (has_los(ctx.ship, alien.grid, there, ctx.state.doors))
        ):
            found.add(there)
    return sorted(found)


def _target_grid(ctx: Ctx, alien: Alien, word: str) -> Grid:
    """A grid, or a crew member standing for the grid it is in."""
    if word in ctx.state.humans:
        grid = ctx.state.unit_grid(word)
        if grid is None or not ctx.state.human(word).on_board:
            raise RuleError(f"{ctx.state.human(word).name} is not on the ship", rule="D.2")
        return grid
    try:
        grid = Grid.parse(word)
    except GridParseError:
        raise RuleError(
            f"the alien attacks a grid, a crew member or a door, not '{word}'",
            rule="D.2",
            legal=[str(g) for g in grids_in_reach(ctx, alien)],
        ) from None
    if grid not in ctx.ship:
        raise RuleError(f"{grid} is not a grid of the ship", rule="D.2")
    return grid


def _check_spit(ctx: Ctx, alien: Alien, grid: Grid, shown: Shown) -> None:
    assert alien.grid is not None
    reach = spit_range(ctx, alien)
    if not reach:
        raise RuleError(
            "without Acid Spit the alien attacks only its own grid",
            rule="D.2, G.4",
            legal=[str(alien.grid)],
        )
    distance = grid_range(alien.grid, grid)
    if distance is None or distance > reach:
        raise RuleError(f"{grid} is out of reach: Acid Spit reaches {reach} grids", rule="G.4")
    if not has_los(ctx.ship, alien.grid, grid, ctx.state.doors):
        raise RuleError(f"the alien has no line of sight to {grid}", rule="D.4")
    shown.ability(Ability.ACID_SPIT)


def attack_door(ctx: Ctx, alien: Alien, cmd: Attack) -> None:
    """D.2: a closed door has resilience 6; a success smashes it, and a smashed door
    is open. Smashing the Air Lock's outer door vents the Air Lock (E.2.5)."""
    here = alien.grid
    assert here is not None
    state = ctx.state
    door = resolve_door(ctx, here, cmd.door, lambda d: state.door_state(d.id) is DoorState.CLOSED)
    if here not in door.doorway_grids:
        raise RuleError(
            f"the alien must be in a doorway grid of {door.id} to attack it",
            rule="D.2",
            legal=[str(g) for g in sorted(door.doorway_grids)],
        )
    if state.door_state(door.id) is not DoorState.CLOSED:
        raise RuleError(f"{door.id} is {state.door_state(door.id).value}, not closed", rule="D.2")
    cost = action_cost(ctx, Activity.ATTACK_DOOR, alien.id)
    afford(ctx, alien.id, cost, cmd.boost, "attacking a door", "D.2, C.1")
    if alien.pipe_running:
        end_run(ctx, alien, Surfacing.ATTACKS_DOOR)
    mods = alien_ferocity(ctx, alien) + commit(ctx, alien.id, cost, cmd.boost)
    mods.append(Modifier(Term.DOOR, -ctx.content.ship.closed_door_resilience))
    who = ctx.who(alien.id)
    roll = ctx.roll(Attempt(effort=Effort.ATTACK_DOOR, who=who, door=door.id), mods)
    spend_rage(ctx.state, alien.id)  # the reactions variant: Rage! lasts one attack (W.3.3)
    if not roll.success:
        return
    set_door(ctx, door, DoorState.SMASHED)
    ctx.say(DoorSmashed(who=who, door=door.id))
    if door.kind is DoorKind.AIRLOCK_OUTER:
        blow_out(ctx, BlowOutCause.SMASHED, by=alien.id)


def attack_nexus(ctx: Ctx, alien: Alien, cmd: Attack) -> None:
    """D.2, C.9, G.1: one action against the face-down nexus marker in the alien's own
    grid (resilience 0; Acid Spit reaches units, not markers). A success flips it
    face-up for both sides; a critical system's countdown starts at 0 (C.9)."""
    here = alien.grid
    assert here is not None
    state = ctx.state
    intact = sorted(g for g in state.nexus if g not in state.nexus_revealed)
    if here not in state.nexus:
        raise RuleError(
            f"there is no system nexus at {here}: the alien attacks the nexus in its own grid",
            rule="C.9, D.2",
            legal=[str(g) for g in intact],
        )
    if here in state.nexus_revealed:
        raise RuleError(
            f"the {state.nexus[here]} nexus at {here} is already damaged",
            rule="C.9",
            legal=[str(g) for g in intact],
        )
    cost = action_cost(ctx, Activity.ATTACK_NEXUS, alien.id)
    afford(ctx, alien.id, cost, cmd.boost, "attacking a nexus", "D.2, C.1")
    if alien.pipe_running:
        end_run(ctx, alien, Surfacing.ATTACKS_NEXUS)
    mods = alien_ferocity(ctx, alien) + commit(ctx, alien.id, cost, cmd.boost)
    mods.append(Modifier(Term.NEXUS, -ctx.content.ship.nexus_resilience))
    attempt = Attempt(effort=Effort.ATTACK_NEXUS, who=ctx.who(alien.id), grid=here)
    roll = ctx.roll(attempt, mods)
    spend_rage(ctx.state, alien.id)  # the reactions variant (W.3.3)
    if roll.success:
        damage_nexus(ctx, here)


def damage_nexus(ctx: Ctx, grid: Grid) -> None:
    """C.9, D.5: the marker is flipped face-up; a critical system starts its countdown
    (rotated 0 quarter turns); a non-critical one has no effect (C.9.4)."""
    state = ctx.state
    system = ShipSystem(state.nexus[grid])
    info = ctx.content.systems[system]
    state.nexus_revealed.add(grid)
    if not info.critical:
        ctx.say(NexusDamaged(grid=grid, system=system.value, critical=False, rule=info.rule))
        return
    if state.emergencies is not None:  # E.2a: an emergency in its room, no countdown
        ctx.say(NexusDamaged(grid=grid, system=system.value, critical=True, rule=info.rule))
        nexus_damaged(ctx, grid)
        return
    state.countdown[grid] = 0
    turns = ctx.content.ship.critical_countdown_turns
    damaged = NexusDamaged(
        grid=grid,
        system=system.value,
        critical=True,
        rule=info.rule,
        turns=turns,
        deadline_turn=state.turn + turns,
    )
    ctx.say(damaged)
