"""Improvised devices that act on their own (G.2.2 Poison Bait, G.2.5 Ultrasonics),
and the crew's commands for them: ``switch`` (Ultrasonics on or off) and the
standing order ``drive`` (where Ultrasonics push the alien).

Both devices act as the alien phase begins (a phase hook), on each alien that is
on the board (a pipe-runner is unaffected) and has no Immunity (G.4). The game
never waits on the other side in mid-phase, so the crew's G.2.5 choice of route is
their standing order, and the bait's forced march takes a cheapest path.
"""

from __future__ import annotations

from itertools import pairwise

from engine.actions import spend, unit_label_list
from engine.board.geometry import Mover, cheapest_path, grid_range, reachable, steps_from
from engine.board.grid import Grid
from engine.commands import Command, Drive, Switch
from engine.content_models import Ability, GearKind
from engine.context import Ctx, Handler, PhaseHook
from engine.dice import Modifier, Term
from engine.efforts import Shown, show_ability
from engine.equipment.events import (
    AteBait,
    DriveOrder,
    Immune,
    Lured,
    Repelled,
    RepelledNoFarther,
    Switched,
)
from engine.errors import NotYourTurn, RuleError
from engine.events import Attempt, Effort
from engine.fighting.events import Death, EnergySpent
from engine.fighting.ferocity import resilience
from engine.fighting.injury import kill_alien, wound
from engine.moving.movement import Leg, affordable, walk
from engine.physiology import rules as physiology
from engine.state import Alien, GameState, Item, Phase, Side
from engine.turns import check_game_over, finish_unit
from engine.units import has_ability

# G.2.2 and G.2.5 give these numbers in the text; the content's Gear table has no
# field for them yet (reported to the lead), so they live here, named.
BAIT_MEAL_ACTIONS = 1  # G.2.2: "it must spend an action eating it"
OFF_DECK = 10**6  # another deck is beyond any range (C.4.1): as far as it gets


# --- the commands --------------------------------------------------------------------------
def switch(ctx: Ctx, side: Side, cmd: Switch) -> None:
    """G.2.5: the carrier switches Ultrasonics on (revealed) or off "as desired at no
    action cost": in either phase, by any carrier, done or not, and without taking over
    from the acting unit (C.2 orders the spending of actions; this spends none)."""
    _require_play(ctx)
    state = ctx.state
    mine = unit_label_list(ctx, side)
    if cmd.unit not in mine:
        raise NotYourTurn(f"'{cmd.unit}' is not one of your units", legal=mine)
    if not state.is_human(cmd.unit):
        raise RuleError("the alien cannot use gear", rule="E.3.1")
    held = sorted((i for i in state.items.values() if i.holder == cmd.unit), key=lambda i: i.id)
    item = next((i for i in held if i.id == cmd.item), None) or next(
        (i for i in held if i.kind.casefold() == cmd.item.casefold()), None
    )
    sonics = [i.id for i in held if i.kind == GearKind.ULTRASONICS]
    if item is None:
        raise RuleError(f"{ctx.name(cmd.unit)} carries no '{cmd.item}'", rule="G.2.5", legal=sonics)
    if item.kind != GearKind.ULTRASONICS:
        raise RuleError("only Ultrasonics are switched on and off", rule="G.2.5", legal=sonics)
    if item.active == cmd.on:
        raise RuleError(f"the Ultrasonics are already {'on' if cmd.on else 'off'}", rule="G.2.5")
    item.active = cmd.on
    ctx.say(Switched(who=ctx.who(cmd.unit), item=item.id, on=cmd.on))


def _require_play(ctx: Ctx) -> None:
    """Set-up done and the game not over: either side's phase will do."""
    if ctx.state.phase is Phase.OVER:
        raise RuleError("the game is over", rule="F")
    if ctx.state.phase is Phase.SETUP:
        raise NotYourTurn("the game is still being set up", rule="B.1")


def switches(state: GameState) -> list[Switch]:
    """Every switch the crew may make now, whatever the phase (G.2.5)."""
    return [
        Switch(holder, item.id, not item.active)
        for item in sorted(state.items.values(), key=lambda i: i.id)
        if item.kind == GearKind.ULTRASONICS
        and (holder := item.holder) is not None
        and holder in state.humans
    ]


def drive(ctx: Ctx, side: Side, cmd: Drive) -> None:
    """G.2.5: the crew's standing order for the route Ultrasonics drive the alien,
    given at any time; only the crew is told."""
    if side is not Side.CREW:
        raise NotYourTurn("the drive order is the crew's", rule="G.2.5")
    if ctx.state.phase is Phase.OVER:
        raise RuleError("the game is over", rule="F")
    if cmd.toward is not None and cmd.toward not in ctx.ship:
        raise RuleError(f"{cmd.toward} is not a grid of the ship", rule="C.4.1")
    ctx.state.drive_to = cmd.toward
    ctx.say(DriveOrder(toward=cmd.toward))


# --- the alien phase begins ------------------------------------------------------------------
def devices_hook(ctx: Ctx, phase: Phase) -> None:
    """G.2.2 and G.2.5, for each alien as its phase begins. They never both act on one
    alien: the Ultrasonics' carrier is a human within six grids, which cancels the bait."""
    if phase is not Phase.ALIEN:
        return
    for alien in sorted(ctx.state.live_aliens(), key=lambda a: a.id):
        if alien.pipe_running or alien.grid is None:
            continue  # G.2.2, G.2.5: nothing works on a pipe-runner
        if not lure(ctx, alien):
            repel(ctx, alien)
        if ctx.state.phase is Phase.OVER:
            return
        if not alien.dead and alien.actions == 0:
            finish_unit(ctx, alien.id)


def _immune(ctx: Ctx, alien: Alien, device: GearKind) -> bool:
    """G.4: Immunity ignores the device, and shows itself doing so (C.3)."""
    if not has_ability(ctx.state, alien, Ability.IMMUNITY):
        return False
    show_ability(ctx, Ability.IMMUNITY)
    ctx.say(Immune(who=ctx.who(alien.id), device=device.value))
    return True


# --- G.2.2 Poison Bait ------------------------------------------------------------------------
def baits(ctx: Ctx) -> list[Item]:
    """Bait lying on the floor: bait still carried lures nobody (its carrier is near)."""
    return sorted(
        (
            i
            for i in ctx.state.items.values()
            if i.kind == GearKind.POISON_BAIT and i.holder is None and not i.in_locker
        ),
        key=lambda i: i.id,
    )


def _reach(ctx: Ctx, device: GearKind) -> int:
    """How far a device works: "within six grids" (G.2.2, G.2.5), from the data."""
    return ctx.content.gear[device].reach


def _within(a: Grid | None, b: Grid | None, reach: int) -> bool:
    if a is None or b is None:
        return False
    distance = grid_range(a, b)
    return distance is not None and distance <= reach


def luring_bait(ctx: Ctx, alien: Alien) -> tuple[Item, tuple[Grid, ...]] | None:
    """The bait that draws the alien and the cheapest way there, or None: the bait
    within six grids on its deck, no living human within six grids of either, and a
    way to walk there (closed doors stop the march). Of several, the cheapest to
    reach, then the first grid."""
    state, ship = ctx.state, ctx.ship
    humans = [state.unit_grid(h.id) for h in state.live_humans()]
    found: list[tuple[int, Grid, Item, tuple[Grid, ...]]] = []
    reach = _reach(ctx, GearKind.POISON_BAIT)
    for bait in baits(ctx):
        grid = bait.grid
        assert grid is not None and alien.grid is not None
        if not _within(alien.grid, grid, reach):
            continue
        if any(_within(h, alien.grid, reach) or _within(h, grid, reach) for h in humans):
            continue
        path = cheapest_path(ship, alien.grid, grid, Mover.ALIEN, state.doors)
        if path is None:
            continue
        found.append((len(path), grid, bait, path))
    if not found:
        return None
    _, _, bait, path = min(found, key=lambda f: (f[0], f[1]))
    return bait, path


def lure(ctx: Ctx, alien: Alien) -> bool:
    """G.2.2: the alien spends its actions walking to the bait and, once there,
    one action eating it. True if a bait drew it (or its Immunity ignored one)."""
    found = luring_bait(ctx, alien)
    if found is None:
        return False
    bait, path = found
    if _immune(ctx, alien, GearKind.POISON_BAIT):
        return True
    assert bait.grid is not None
    ctx.say(Lured(who=ctx.who(alien.id), bait=bait.id, grid=bait.grid))
    legs = affordable(_legs(ctx, path), alien.actions)
    if legs:
        walk(ctx, alien.id, legs, "the forced march to the bait")
    if alien.grid != bait.grid:
        spend(ctx, alien.id, alien.actions)  # every action goes to the march (G.2.2)
        return True
    if alien.actions >= BAIT_MEAL_ACTIONS:
        eat(ctx, alien, bait)
    return True


def eat(ctx: Ctx, alien: Alien, bait: Item) -> None:
    """G.2.2 as written (gap 10): an attack of ferocity 6 against the alien's
    resilience; failure injures it, success kills it. An exact 7 lets it burn an
    energy store (D.5), and then it is only injured."""
    state = ctx.state
    spend(ctx, alien.id, BAIT_MEAL_ACTIONS)
    del state.items[bait.id]
    who = ctx.who(alien.id)
    ctx.say(AteBait(who=who, grid=alien.grid))
    shown = Shown()
    gear = ctx.content.gear[GearKind.POISON_BAIT]
    mods = [Modifier(Term.GEAR, gear.effect_ferocity, gear.name), *resilience(ctx, alien.id, shown)]
    damage = physiology.bait_type(ctx)
    mods += physiology.roll_terms(physiology.turn_up(ctx, damage))  # P.2: as the bait attacks
    shown.reveal(ctx)
    roll = ctx.roll(Attempt(effort=Effort.BAIT, target=who), mods)
    if damage is not None:
        physiology.bait_harm(ctx, alien.id, roll, damage)  # P.3
    elif not roll.success:
        wound(ctx, alien.id, None)  # injured; a second injury kills (D.5)
    elif roll.total == roll.target and state.standing.spend_energy_on_seven and alien.energy > 0:
        alien.energy -= 1
        ctx.say(EnergySpent(who=who, target=roll.target, bait=True))
        wound(ctx, alien.id, None)
    else:
        kill_alien(ctx, alien, Death.POISON_BAIT)
    check_game_over(ctx)


# --- G.2.5 Ultrasonics ------------------------------------------------------------------------
def sonic_carrier(ctx: Ctx, alien: Alien) -> tuple[str, Grid, int] | None:
    """The nearest living human carrying switched-on Ultrasonics within six grids on
    the alien's deck: (human id, grid, range), or None. Ties: the first human id."""
    state = ctx.state
    near: list[tuple[int, str, Grid]] = []
    for item in state.items.values():
        if item.kind != GearKind.ULTRASONICS or not item.active or item.holder is None:
            continue
        if not state.is_human(item.holder):
            continue
        human = state.human(item.holder)
        grid = state.unit_grid(human.id)
        if not human.alive or grid is None or alien.grid is None:
            continue
        distance = grid_range(grid, alien.grid)
        if distance is not None and distance <= _reach(ctx, GearKind.ULTRASONICS):
            near.append((distance, human.id, grid))
    if not near:
        return None
    distance, human_id, grid = min(near)
    return human_id, grid, distance


def _far(origin: Grid, grid: Grid) -> int:
    distance = grid_range(origin, grid)
    return OFF_DECK if distance is None else distance


def retreat(ctx: Ctx, alien: Alien, origin: Grid, forced: int) -> list[Leg]:
    """The steps the crew's Ultrasonics make the alien take: each strictly farther
    from ``origin`` (another deck counts as farthest). Toward the crew's standing
    ``drive`` grid if one is set (least walking cost to it), otherwise as far as
    possible; ties go to the first grid. Stops early where no step is farther."""
    state, ship = ctx.state, ctx.ship
    assert alien.grid is not None
    goal = None
    if state.drive_to is not None:
        goal = reachable(ship, state.drive_to, 10**6, Mover.ALIEN, state.doors)
    here, spent = alien.grid, 0
    legs: list[Leg] = []
    while True:
        now = _far(origin, here)
        options = [
            s
            for s in steps_from(ship, here, Mover.ALIEN, state.doors)
            if _far(origin, s.to) > now and spent + s.cost <= forced
        ]
        if not options:
            return legs
        best = min(
            options,
            key=lambda s: (
                goal.get(s.to, OFF_DECK) if goal is not None else 0,
                -_far(origin, s.to),
                s.to,
            ),
        )
        legs.append(Leg(here, best.to, best.cost, best.kind))
        spent += best.cost
        here = best.to


def repel(ctx: Ctx, alien: Alien) -> bool:
    """G.2.5: the alien loses six minus its range to the carrier in actions, spent
    moving it away; an action that cannot take it farther is lost. True if it acted."""
    found = sonic_carrier(ctx, alien)
    if found is None:
        return False
    human_id, origin, distance = found
    forced = min(_reach(ctx, GearKind.ULTRASONICS) - distance, alien.actions)
    if forced <= 0:
        return False
    if _immune(ctx, alien, GearKind.ULTRASONICS):
        return True
    who = ctx.who(alien.id)
    ctx.say(Repelled(who=who, by=ctx.who(human_id), grid=alien.grid, actions=forced))
    alien.repelled_from = origin  # and for the rest of the phase, never closer (G.2.5)
    legs = retreat(ctx, alien, origin, forced)
    if legs:
        walk(ctx, alien.id, legs, "the retreat from the Ultrasonics")
    lost = forced - sum(leg.cost for leg in legs)
    if lost:
        spend(ctx, alien.id, lost)
        ctx.say(RepelledNoFarther(who=who, lost=lost))
    return True


# --- helpers ----------------------------------------------------------------------------------
def _legs(ctx: Ctx, path: tuple[Grid, ...]) -> list[Leg]:
    legs = []
    for a, b in pairwise(path):
        step = next(s for s in steps_from(ctx.ship, a, Mover.ALIEN, ctx.state.doors) if s.to == b)
        legs.append(Leg(a, b, step.cost, step.kind))
    return legs


HANDLERS: dict[type[Command], Handler] = {
    Switch: switch,
    Drive: drive,
}
PHASE_HOOKS: list[PhaseHook] = [devices_hook]
