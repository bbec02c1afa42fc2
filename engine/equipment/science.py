"""Crew science (E.2.2, E.3.5, E.4, G.2, G.3 Science): autopsies draw blueprints,
blueprints become improvised devices. The devices' effects are in
:mod:`engine.equipment.devices` (Poison Bait, Ultrasonics, the Switch and Drive commands);
the Flame Caster and Toxic Ammo are attack terms (:mod:`engine.fighting.combat`,
:mod:`engine.fighting.ferocity`), the Scanner a search term (:mod:`engine.hiding.piperun`).

Blueprints are the crew's secret (C.3): the draw is told to the crew only, and a
fabrication is announced without naming the device; the new marker lies face-down
until it is used.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from engine.board.grid import Grid
from engine.board.ship import TAG_LAB, TAG_LAB_QUARANTINE, Ship
from engine.commands import Autopsy, Command, Fabricate, Switch
from engine.content_models import Activity, Blueprint, GearKind, Skill
from engine.context import Ctx, Handler, PhaseHook
from engine.efforts import action_cost, afford, crew_effort
from engine.equipment import devices
from engine.equipment.events import (
    Autopsied,
    AutopsyFailed,
    BlueprintDrawn,
    BlueprintLearned,
    DeviceMade,
    Fabricated,
    FabricationFailed,
    NoBlueprintLeft,
)
from engine.errors import RuleError
from engine.events import Attempt, Effort, Means
from engine.physiology import rules as physiology
from engine.raids.military import require_room
from engine.setup import add_item
from engine.state import Condition, Fate, GameState, Human, Item, Side
from engine.turns import take_unit
from engine.units import SUPPLIES, carries, has_skill, tended_grid

AUTOPSY_TABLES = (TAG_LAB, TAG_LAB_QUARANTINE)  # E.2.2: where the Lab reaches a cadaver


# --- autopsy (E.2.2, E.3.5, E.4.1) -----------------------------------------------------------
def autopsy(ctx: Ctx, side: Side, cmd: Autopsy) -> None:
    """E.2.2: one action (+ committed actions, Science markers, Command); success
    removes the cadaver from play, counts for F.1 and draws a blueprint (E.4.1)."""
    take_unit(ctx, side, cmd.unit)
    state = ctx.state
    if not state.is_human(cmd.unit):
        raise RuleError("the alien does not autopsy", rule="G.1")
    scientist = state.human(cmd.unit)
    if not has_skill(ctx.content, scientist, Skill.SCIENCE):
        raise RuleError(f"{scientist.name} has no Science skill", rule="E.2.2, G.3")
    cadaver = _cadaver(ctx, scientist, cmd.cadaver)
    means = autopsy_means(ctx, scientist, cadaver)
    if means is None:
        raise RuleError(
            f"{scientist.name} needs a SciKit in {cadaver.name}'s grid, or to be in the Lab "
            f"with {cadaver.name} lying on an obstructed Lab or Lab Quarantine grid",
            rule="E.2.2, E.3.5",
        )
    if means is Means.LAB:
        require_room(state, "Lab", "no autopsy in the room")
    cost = action_cost(ctx, Activity.AUTOPSY, scientist.id)
    afford(ctx, scientist.id, cost, cmd.boost, "an autopsy", "E.2.2, C.1")
    studied = physiology.study_choice(ctx, cmd.study)  # P.4, checked before the roll
    who, body = ctx.who(scientist.id), ctx.who(cadaver.id)
    roll = crew_effort(
        ctx,
        scientist,
        Skill.SCIENCE,
        Activity.AUTOPSY,
        cmd.boost,
        Attempt(effort=Effort.AUTOPSY, who=who, target=body, means=means),
        kits=(GearKind.SCIKIT.value,) if means is Means.SCIKIT else (),
    )
    if not roll.success:
        ctx.say(AutopsyFailed(who=who, cadaver=body))
        return
    grid = state.unit_grid(cadaver.id)
    cadaver.fate, cadaver.grid, cadaver.holder = Fate.LOST, None, None
    state.autopsies += 1
    ctx.say(Autopsied(who=who, cadaver=body, grid=grid))
    _draw_blueprint(ctx)
    physiology.study(ctx, studied)


def _cadaver(ctx: Ctx, scientist: Human, word: str) -> Human:
    """The cadaver named, or the only one the scientist can reach."""
    state = ctx.state
    if not word:
        near = [h for h in cadavers(state) if autopsy_means(ctx, scientist, h)]
        if len(near) != 1:
            raise RuleError("name the cadaver to autopsy", rule="E.2.2", legal=[h.id for h in near])
        return near[0]
    body = state.humans.get(word)
    if body is None or body.fate is not Fate.ABOARD or not body.on_board:
        raise RuleError(f"'{word}' is not a cadaver aboard", rule="E.2.2")
    if body.alive:
        raise RuleError(f"{body.name} is alive: only a cadaver is autopsied", rule="E.2.2")
    if has_skill(ctx.content, body, Skill.HUMOID):
        raise RuleError(
            f"{body.name} was a Humoid: a deceased Humoid is removed from the game", rule="G.3"
        )
    return body


def cadavers(state: GameState) -> list[Human]:
    """Deceased humans still on the ship (lying or carried)."""
    return [
        h
        for h in state.humans.values()
        if h.condition is Condition.DECEASED and h.fate is Fate.ABOARD and h.on_board
    ]


def autopsy_means(ctx: Ctx, scientist: Human, cadaver: Human) -> Means | None:
    """How the scientist can autopsy the cadaver: with the SciKit, in the Lab, or not
    at all (E.2.2, E.3.5, G.3)."""
    state, ship = ctx.state, ctx.ship
    here, there = state.unit_grid(scientist.id), tended_grid(state, cadaver)
    if here is None or there is None:
        return None
    if here == there and carries(state, scientist.id, GearKind.SCIKIT):
        return Means.SCIKIT
    if (
        TAG_LAB in ship.region_of(here).tags
        and cadaver.holder is None
        and ship.is_obstructed(there)
        and any(tag in ship.region_of(there).tags for tag in AUTOPSY_TABLES)
    ):
        return Means.LAB
    return None


def undrawn_devices(ctx: Ctx) -> list[GearKind]:
    """E.4.1's face-down pile: the ID markers neither held as blueprints nor already
    built (a built device's marker stays used even once the device is gone), in
    content order."""
    state = ctx.state
    out = Counter(GearKind(b) for b in state.crew_secrets.blueprints)
    out.update(GearKind(d) for d in state.crew_secrets.fabricated)
    pile: list[GearKind] = []
    for device in ctx.content.device_pool:
        if out[device]:
            out[device] -= 1
        else:
            pile.append(device)
    return pile


def _draw_blueprint(ctx: Ctx) -> None:
    """E.4.1: a random marker from the pile, seen by the crew only (C.3). The pile
    holds one marker per device; every successful autopsy before this one drew one."""
    state = ctx.state
    pile = undrawn_devices(ctx)
    drawn_before = state.autopsies - 1
    if not pile or drawn_before >= len(ctx.content.device_pool):
        ctx.say(NoBlueprintLeft())
        return
    device = state.rng.choice(pile)
    state.crew_secrets.blueprints.append(device.value)
    ctx.say(BlueprintDrawn())
    ctx.say(BlueprintLearned(device=device.value))


# --- fabrication (E.4.2, G.2) ----------------------------------------------------------------
def fabricate(ctx: Ctx, side: Side, cmd: Fabricate) -> None:
    """E.4.2: the blueprint's skill, its supplies carried, an obstructed grid of its
    room; one action (+ committed actions, the skill's markers, Command). Success
    consumes the crate and the blueprint and lays the device in the grid."""
    take_unit(ctx, side, cmd.unit)
    state = ctx.state
    if not state.is_human(cmd.unit):
        raise RuleError("the alien does not fabricate", rule="G.1")
    maker = state.human(cmd.unit)
    device = device_named(ctx, cmd.device)
    blueprint = ctx.content.blueprints[device]
    name = ctx.content.gear[device].name
    if device.value not in state.crew_secrets.blueprints:
        raise RuleError(
            f"the crew holds no {name} blueprint",
            rule="E.4.1",
            legal=sorted(b.lower() for b in state.crew_secrets.blueprints),
        )
    if not has_skill(ctx.content, maker, blueprint.skill):
        raise RuleError(f"a {name} needs {blueprint.skill.value} skill", rule="E.4.2, G.2")
    here = state.unit_grid(maker.id)
    assert here is not None
    if blueprint.room.value not in ctx.ship.region_of(here).tags or not ctx.ship.is_obstructed(
        here
    ):
        raise RuleError(
            f"a {name} is fabricated in an obstructed grid of the "
            f"{ctx.ship.region_tagged(blueprint.room.value).name}",
            rule="E.4.2, G.2",
        )
    require_room(state, ctx.ship.region_of(here).name, f"no {name} fabrication")
    crate = _crate(ctx, maker, blueprint)
    cost = action_cost(ctx, Activity.FABRICATE, maker.id)
    afford(ctx, maker.id, cost, cmd.boost, "fabrication", "E.4.2, C.1")
    who = ctx.who(maker.id)
    attempt = Attempt(effort=Effort.FABRICATE, who=who)
    roll = crew_effort(ctx, maker, blueprint.skill, Activity.FABRICATE, cmd.boost, attempt)
    if not roll.success:
        ctx.say(FabricationFailed(who=who))
        return
    del state.items[crate.id]
    state.crew_secrets.blueprints.remove(device.value)
    state.crew_secrets.fabricated.append(device.value)
    made = add_item(state, device.value, grid=here)
    ctx.say(Fabricated(who=who, grid=here, marker=made.id))
    assert crate.supply is not None
    made_secret = DeviceMade(
        who=who,
        grid=here,
        marker=made.id,
        device=device.value,
        crate=crate.id,
        supply=crate.supply,
    )
    ctx.say(made_secret)


def device_named(ctx: Ctx, word: str) -> GearKind:
    """A device by kind or name, spaces, dashes and case ignored ("flamecaster")."""
    wanted = _squash(word)
    for device in ctx.content.blueprints:
        if wanted in (_squash(device.value), _squash(ctx.content.gear[device].name)):
            return device
    raise RuleError(
        f"'{word}' is not an improvised device",
        rule="G.2",
        legal=[d.value.lower() for d in ctx.content.blueprints],
    )


def _squash(text: str) -> str:
    return text.replace(" ", "").replace("-", "").replace("_", "").casefold()


def _crate(ctx: Ctx, maker: Human, blueprint: Blueprint) -> Item:
    """E.4.2: the fabricating human carries the supplies (the first such crate)."""
    crates = sorted(
        (
            i
            for i in ctx.state.items.values()
            if i.holder == maker.id and i.kind == SUPPLIES and i.supply == blueprint.supplies.value
        ),
        key=lambda i: i.id,
    )
    if not crates:
        raise RuleError(
            f"{maker.name} must be carrying a {blueprint.supplies.value} supplies crate",
            rule="E.4.2",
        )
    return crates[0]


# --- wiring -----------------------------------------------------------------------------------
def candidates(state: GameState, unit_id: str, ship: Ship) -> Iterator[Command]:
    """Plausible part-2 commands for one human (cheap preconditions; apply decides):
    autopsies of reachable cadavers, fabrication while carrying a crate in an
    obstructed grid, switching carried Ultrasonics. ``Drive`` is a side-level standing
    order (engine.legal offers it)."""
    if not state.is_human(unit_id):
        return
    human = state.human(unit_id)
    here = state.unit_grid(unit_id)
    if here is None:
        return
    boosts = range(0, max(human.actions, 1))
    for body in cadavers(state):
        if _near_enough(state, ship, here, body):
            yield from (Autopsy(unit_id, body.id, b) for b in boosts)
            for kind in physiology.studyable(state)[1:]:  # P.4: the first is the default
                yield from (Autopsy(unit_id, body.id, b, kind.lower()) for b in boosts)
    carried = [i for i in state.items.values() if i.holder == unit_id]
    if ship.is_obstructed(here) and any(i.kind == SUPPLIES for i in carried):
        for device in dict.fromkeys(state.crew_secrets.blueprints):
            yield from (Fabricate(unit_id, device.lower(), b) for b in boosts)
    for item in sorted(carried, key=lambda i: i.id):
        if item.kind == GearKind.ULTRASONICS:
            yield Switch(unit_id, item.id, not item.active)


def _near_enough(state: GameState, ship: Ship, here: Grid, body: Human) -> bool:
    there = state.unit_grid(body.id)
    if there is None:
        return False
    if there == here:
        return True
    return TAG_LAB in ship.region_of(here).tags and any(
        tag in ship.region_of(there).tags for tag in AUTOPSY_TABLES
    )


HANDLERS: dict[type[Command], Handler] = {
    Autopsy: autopsy,
    Fabricate: fabricate,
    **devices.HANDLERS,
}
PHASE_HOOKS: list[PhaseHook] = [*devices.PHASE_HOOKS]
