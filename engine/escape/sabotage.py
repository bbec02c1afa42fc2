"""Sabotage (C.9): damaged system nexuses, the critical countdown and its endings.

The alien damages a nexus with ``attack alienN nexus`` (:func:`engine.fighting.alien_attacks.
attack_nexus`); an Engineer repairs it with ``repair UNIT nexus``
(:func:`engine.equipment.repairs.repair_system`). This module turns the countdown markers and
carries out C.9.1-C.9.3 when one completes its rotation.

Gap 8: a marker revealed in the alien phase of turn T turns a quarter at the start of
the alien phases of turns T+1, T+2, T+3 and T+4; the fourth quarter completes the
rotation and the effect fires then, before the alien acts. The crew has the crew
phases of turns T to T+3 to repair it: "four turns or less" and "one complete
rotation" agree. Markers that complete together all have their effects at once
(docs/rules-decisions.md): a unit dies if any of them kills it.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.board.ship import Ship
from engine.commands import Attack, Command, Repair
from engine.content_models import GearKind, ShipSystem
from engine.context import Ctx, Handler, PhaseHook
from engine.equipment.repairs import NEXUS, repair
from engine.escape.events import Countdown, ShipDestroyed
from engine.fighting.events import Death
from engine.fighting.injury import kill_alien, kill_human
from engine.raids.military import volley_only
from engine.raids.rules import raid_target, repair_damage
from engine.state import Condition, GameState, Phase, Side
from engine.turns import check_game_over
from engine.units import carries


def _repair(ctx: Ctx, side: Side, cmd: Repair) -> None:
    """``repair``: a raid's damage (the raids variant, R.6), else what the alien broke."""
    if raid_target(ctx.state, cmd.target):
        repair_damage(ctx, side, cmd)
    else:
        repair(ctx, side, cmd)


HANDLERS: dict[type[Command], Handler] = {Repair: _repair}


def countdown(ctx: Ctx, phase: Phase) -> None:
    """C.9: at the beginning of each alien phase after its reveal, every critical
    marker turns 90° clockwise; a full rotation destroys the ship (gap 8). Every marker
    that completes its rotation in this phase has its effect."""
    if phase is not Phase.ALIEN:
        return
    state = ctx.state
    full = ctx.content.ship.critical_countdown_turns
    completed: list[ShipSystem] = []
    for grid in sorted(state.countdown):
        state.countdown[grid] += 1
        turned = state.countdown[grid]
        system = ShipSystem(state.nexus[grid])
        if turned < full:
            turn = Countdown(grid=grid, system=system.value, quarters=turned, left=full - turned)
            ctx.say(turn)
        else:
            completed.append(system)
    if completed:
        destroy(ctx, completed)


def destroy(ctx: Ctx, systems: list[ShipSystem]) -> None:
    """C.9.1-C.9.3: each completed system's effect on everyone still aboard, all at
    once: a unit dies if any of them kills it. Units in launched life pods are gone
    already and survive. Then the game ends."""
    state = ctx.state
    effects = [ctx.content.systems[s] for s in systems]
    state.ship_destroyed = [s.value for s in systems]
    for system, info in zip(systems, effects, strict=True):
        ctx.say(ShipDestroyed(system=system.value, rule=info.rule))
    if any(info.kills_humans for info in effects):
        for human in state.live_humans():
            # Only an alien's attack damages a nexus (C.9), so these deaths are its doing:
            # killed by an alien for F.1's Agent line; not so the raids' parting volley (R.7)
            kill_human(ctx, human, by_alien=not volley_only(state, state.ship_destroyed))
    deadly = [info for info in effects if info.kills_aliens]
    if deadly:
        for alien in state.live_aliens():
            kill_alien(ctx, alien, Death.SHIP_DESTROYED, rule=deadly[0].rule)
    check_game_over(ctx)


PHASE_HOOKS: list[PhaseHook] = [countdown]


def candidates(state: GameState, unit_id: str, ship: Ship) -> Iterator[Command]:
    """Plausible sabotage and repair commands for one unit (cheap preconditions only;
    :func:`engine.rules.apply` decides)."""
    _ = ship
    here = state.unit_grid(unit_id)
    if here is None:
        return
    if not state.is_human(unit_id):
        if here in state.nexus and here not in state.nexus_revealed:
            yield Attack(unit_id, NEXUS)
        return
    if not carries(state, unit_id, GearKind.TOOLKIT):
        return  # the Engineer skill and a Humoid patient are for apply to check
    if here in state.nexus_revealed and here in state.nexus:
        yield Repair(unit_id, NEXUS)
    for other in state.humans_in(here):
        if other.id != unit_id and other.condition is not Condition.WELL:
            yield Repair(unit_id, other.id)
