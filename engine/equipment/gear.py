"""Gear (E.3) and lockers (E.2.6): picking up, dropping, handing over, unlocking.

Gear and supplies markers are face-down (C.3): public messages say only how many
markers moved (bodies are counters everyone sees), and the acting side alone is told
which. A crate a unit picks up is examined by that side and stays face-down to the
other. Carried things move with their carrier (``GameState.unit_grid``).
"""

from __future__ import annotations

from engine.actions import require_actions, spend
from engine.board.grid import Grid
from engine.board.ship import Feature
from engine.commands import Command, Drop, Give, OpenLocker, PickUp
from engine.consult import Secret, consult
from engine.content_models import Activity, GearKind, Skill
from engine.context import Ctx, Handler
from engine.efforts import Shown, action_cost
from engine.equipment.events import (
    GearMoved,
    GearNamed,
    GearTried,
    LockerHeld,
    LockerOpened,
    TacKitOpened,
    TooHeavy,
)
from engine.errors import RuleError
from engine.events import Audience, GearAction, Handling, Load, Marker
from engine.hiding.events import Giveaway
from engine.hiding.piperun import reveal_location
from engine.moving.movement import check_stacking
from engine.raids.military import require_room
from engine.setup import add_item
from engine.state import Condition, Fate, GameState, Human, Item, Side
from engine.turns import take_unit
from engine.units import (
    SUPPLIES,
    capacity,
    has_skill,
    is_worn,
    item_totage,
    reads_kind,
)

# E.2.6, E.3.6: "Opening a locker costs one action", for any unit; the G.1 table has no
# row for it (docs/rules-decisions.md: the alien may open a locker, not the TacKit).
LOCKER_COST = 1
TACKIT_SKILLS = (Skill.TACTICAL, Skill.COMMAND)  # E.3.6


def _side(ctx: Ctx, unit_id: str) -> Audience:
    return Audience.CREW if ctx.state.is_human(unit_id) else Audience.ALIEN


def _here(ctx: Ctx, unit_id: str) -> Grid:
    grid = ctx.state.unit_grid(unit_id)
    assert grid is not None
    return grid


# --- who may carry, and how much ------------------------------------------------------
def require_carrier(ctx: Ctx, unit_id: str) -> None:
    """D.5: an injured (or unconscious) unit may carry nothing."""
    state = ctx.state
    hurt = (
        state.human(unit_id).condition is not Condition.WELL
        if state.is_human(unit_id)
        else state.alien(unit_id).injured
    )
    if hurt:
        raise RuleError(f"{ctx.name(unit_id)} is hurt and may not carry anything", rule="D.5")


def check_load(
    ctx: Ctx,
    unit_id: str,
    items: list[Item],
    bodies: list[Human],
    losing: tuple[list[Item], list[Human]] = ([], []),
) -> bool:
    """E.3.1: at most so many things and so many dots; a body or a crate two dots, and
    armour a human wears counts neither. Refuses what the acting side can tell is too
    much; returns False when only the weight of face-down markers it cannot read
    (C.3) makes it so: the alien learns that by trying (gap 26)."""
    content, state = ctx.content, ctx.state
    lost_items, lost_bodies = losing
    worn_here = state.is_human(unit_id)
    carried = [i for i in state.items.values() if i.holder == unit_id and i not in lost_items]
    kept_bodies = [b for b in _carried_bodies(state, unit_id) if b not in lost_bodies]
    load = [*carried, *items]
    count = sum(1 for i in load if not (worn_here and is_worn(content, i)))
    count += len(kept_bodies) + len(bodies)
    body_dots = (len(bodies) + len(kept_bodies)) * content.human_stats.body_totage
    dots = sum(item_totage(content, i) for i in load) + body_dots
    most, most_dots = capacity(state, content, unit_id)
    reader = state.side_of(unit_id)
    known = sum(item_totage(content, i) for i in load if reads_kind(i, reader)) + body_dots
    if count > most or known > most_dots:
        raise RuleError(
            f"{ctx.name(unit_id)} would carry {count} things of {known} totage "
            f"dots; the limit is {most} things of {most_dots} dots",
            rule="E.3.1",
        )
    return dots <= most_dots


def _carried_bodies(state: GameState, unit_id: str) -> list[Human]:
    return [h for h in state.humans.values() if h.holder == unit_id]


def _too_heavy(ctx: Ctx, unit_id: str, handling: Handling, items: list[Item], cost: int) -> None:
    """A lift that failed on the weight of face-down markers: the actions are spent,
    the markers stay, and the lifter's side learns only that they are too heavy."""
    spend(ctx, unit_id, cost)
    who = ctx.who(unit_id)
    ctx.say(GearTried(who=who, handling=handling, load=_load(ctx, items, [])))
    unread = tuple(Marker(i.id, crate=i.kind == SUPPLIES) for i in items)
    ctx.say(TooHeavy(audience=_side(ctx, unit_id), who=who, items=unread))
    _give_away(ctx, unit_id, Giveaway.TOUCHES, handling)


def _give_away(ctx: Ctx, unit_id: str, cause: Giveaway, handling: Handling) -> None:
    """C.7.1: a pipe-running alien handling markers shows where it is."""
    if not ctx.state.is_human(unit_id):
        alien = ctx.state.alien(unit_id)
        if alien.pipe_running:
            reveal_location(ctx, alien, cause, handling=handling)


# --- naming what moves -------------------------------------------------------------------
def _choose(
    ctx: Ctx,
    reader: Side,
    words: tuple[str, ...],
    items: list[Item],
    bodies: list[Human],
    where: str,
) -> tuple[list[Item], list[Human]]:
    """Items by id or by kind ("carbine" takes the next carbine of a kind ``reader``
    can read: face-down gear is named by id only, C.3), bodies by name."""
    chosen_items: list[Item] = []
    chosen_bodies: list[Human] = []
    legal = [i.id for i in items] + [b.id for b in bodies]
    for word in words:
        item = next((i for i in items if i.id == word and i not in chosen_items), None) or next(
            (
                i
                for i in items
                if i.kind.casefold() == word and i not in chosen_items and reads_kind(i, reader)
            ),
            None,
        )
        body = next((b for b in bodies if b.id == word and b not in chosen_bodies), None)
        if item is not None:
            chosen_items.append(item)
        elif body is not None:
            chosen_bodies.append(body)
        else:
            raise RuleError(_missing(ctx, word, where), rule="E.3.2", legal=legal)
    return chosen_items, chosen_bodies


def _missing(ctx: Ctx, word: str, where: str) -> str:
    state = ctx.state
    if word in state.aliens:
        return "an alien may not be carried (E.3.1)"
    human = state.humans.get(word)
    if human is not None and human.condition is Condition.WELL:
        return f"{human.name} is not hurt: an uninjured human may not be carried (E.3.1)"
    return f"there is no '{word}' {where}"


def _load(ctx: Ctx, items: list[Item], bodies: list[Human]) -> Load:
    """What the other side sees move: markers face-down, bodies by name."""
    gear = sum(1 for i in items if i.kind != SUPPLIES)
    return Load(gear, len(items) - gear, tuple(ctx.who(b.id) for b in bodies))


def _marker(item: Item, crew: bool) -> Marker:
    """A marker as the acting side knows it: the crew knows its gear's kinds (C.3); a
    supplies crate's kind only once that side examined it."""
    if item.supply:
        side = "crew" if crew else "alien"
        return Marker(item.id, item.supply if side in item.examined_by else None, crate=True)
    return Marker(item.id, item.kind if crew else None)


def _announce(
    ctx: Ctx, unit_id: str, handling: Handling, items: list[Item], bodies: list[Human], cost: int
) -> None:
    who = ctx.who(unit_id)
    ctx.say(GearMoved(who=who, handling=handling, load=_load(ctx, items, bodies), cost=cost))
    crew = ctx.state.is_human(unit_id)
    named = GearNamed(
        audience=_side(ctx, unit_id),
        who=who,
        handling=handling,
        items=tuple(_marker(i, crew) for i in items),
        bodies=tuple(ctx.who(b.id) for b in bodies),
    )
    ctx.say(named)
    _give_away(ctx, unit_id, Giveaway.MOVES, handling)


# --- the commands ---------------------------------------------------------------------------
def pick_up(ctx: Ctx, side: Side, cmd: PickUp) -> None:
    """E.3.2: any amount from the floor for one action: gear, crates, and hurt or dead
    humans (E.3.1), within the carrier's limits."""
    take_unit(ctx, side, cmd.unit)
    state = ctx.state
    here = _here(ctx, cmd.unit)
    require_carrier(ctx, cmd.unit)
    floor = sorted(
        (
            i
            for i in state.items.values()
            if i.grid == here and i.holder is None and not i.in_locker
        ),
        key=lambda i: i.id,
    )
    lying = [
        h
        for h in state.humans.values()
        if h.grid == here
        and h.holder is None
        and h.fate is Fate.ABOARD
        and h.condition is not Condition.WELL
    ]
    if any(i.grid == here and i.in_locker for i in state.items.values()) and not floor:
        raise RuleError("the kits here are still in the locker: unlock it first", rule="E.2.6")
    items, bodies = _choose(ctx, side, cmd.items, floor, lying, f"on the floor at {here}")
    fits = check_load(ctx, cmd.unit, items, bodies)
    cost = action_cost(ctx, Activity.PICK_UP, cmd.unit)
    require_actions(ctx, cmd.unit, cost, "picking up", "E.3.2, G.1")
    if not fits:
        _too_heavy(ctx, cmd.unit, Handling(GearAction.PICK_UP), items, cost)
        return
    spend(ctx, cmd.unit, cost)
    for item in items:
        item.grid, item.holder = None, cmd.unit
        if item.supply:  # the lifter looks inside (C.3)
            consult(Secret.CRATE, item.examined_by)
            item.examined_by.add(side.value)
    for body in bodies:
        body.grid, body.holder = None, cmd.unit
    _announce(ctx, cmd.unit, Handling(GearAction.PICK_UP), items, bodies, cost)


def drop(ctx: Ctx, side: Side, cmd: Drop) -> None:
    """E.3.2: free, into the carrier's grid."""
    take_unit(ctx, side, cmd.unit)
    state = ctx.state
    here = _here(ctx, cmd.unit)
    held = [state.items[i] for i in state.carried_by(cmd.unit) if i in state.items]
    bodies = [h for h in state.humans.values() if h.holder == cmd.unit]
    carried = f"carried by {ctx.name(cmd.unit)}"
    items, dropped = _choose(ctx, side, cmd.items, held, bodies, carried)
    check_stacking(ctx, [b.id for b in dropped], [here] if dropped else [])
    cost = action_cost(ctx, Activity.DROP, cmd.unit)
    spend(ctx, cmd.unit, cost)
    moved: list[Item | Human] = [*items, *dropped]
    for thing in moved:
        thing.grid, thing.holder = here, None
    _announce(ctx, cmd.unit, Handling(GearAction.DROP), items, dropped, cost)


def give(ctx: Ctx, side: Side, cmd: Give) -> None:
    """E.3.2: hand things to, or exchange them with, a willing unit of the same side in
    the same grid for one action; each must be able to carry what it ends up with."""
    take_unit(ctx, side, cmd.unit)
    here = _here(ctx, cmd.unit)
    _require_receiver(ctx, cmd.unit, cmd.to, here)
    items, given = _held(ctx, side, cmd.unit, cmd.items)
    back, returned = _held(ctx, side, cmd.to, cmd.back)
    fits = check_load(ctx, cmd.to, items, given, (back, returned))
    if cmd.back:
        fits = check_load(ctx, cmd.unit, back, returned, (items, given)) and fits
    cost = action_cost(ctx, Activity.PICK_UP, cmd.unit)
    doing = "exchanging gear" if cmd.back else "handing over gear"
    require_actions(ctx, cmd.unit, cost, doing, "E.3.2, G.1")
    receiver = ctx.who(cmd.to)
    if not fits:
        _too_heavy(ctx, cmd.unit, Handling(GearAction.GIVE, receiver), items, cost)
        return
    spend(ctx, cmd.unit, cost)
    handed: list[Item | Human] = [*items, *given]
    taken: list[Item | Human] = [*back, *returned]
    for thing in handed:
        thing.holder = cmd.to
    for thing in taken:
        thing.holder = cmd.unit
    handling = Handling(GearAction.GIVE, receiver)
    if cmd.back:
        handling = Handling(GearAction.EXCHANGE, receiver, _load(ctx, back, returned))
    _announce(ctx, cmd.unit, handling, items, given, cost)


def _held(
    ctx: Ctx, side: Side, unit_id: str, words: tuple[str, ...]
) -> tuple[list[Item], list[Human]]:
    """The named things ``unit_id`` carries (none named, none chosen)."""
    if not words:
        return [], []
    state = ctx.state
    held = [state.items[i] for i in state.carried_by(unit_id) if i in state.items]
    bodies = [h for h in state.humans.values() if h.holder == unit_id]
    return _choose(ctx, side, words, held, bodies, f"carried by {ctx.name(unit_id)}")


def _require_receiver(ctx: Ctx, giver: str, to: str, here: Grid) -> None:
    state = ctx.state
    mine = (
        [h.id for h in state.live_humans()]
        if state.is_human(giver)
        else [a.id for a in state.live_aliens()]
    )
    mates = [u for u in mine if u != giver and state.unit_grid(u) == here]
    if to not in mates:
        raise RuleError(f"'{to}' is not a unit of your side in {here}", rule="E.3.2", legal=mates)
    if state.is_human(to) and state.human(to).holder is not None:
        raise RuleError(f"{ctx.name(to)} is being carried", rule="E.3.1")
    require_carrier(ctx, to)


def open_locker(ctx: Ctx, side: Side, cmd: OpenLocker) -> None:
    """E.2.6: one action, by any unit (the alien too: E.2.6 names no side); the kits lie
    in the grid, named to the crew, face-down to the alien. The TacKit opens only for a
    human with Tactical or Command and becomes its gear (E.3.6). A pipe-runner opening
    a locker shows its grid (C.7.1)."""
    take_unit(ctx, side, cmd.unit)
    unit = cmd.unit
    here = _here(ctx, unit)
    if ctx.ship.cell(here).feature is not Feature.LOCKER:
        raise RuleError(f"there is no locker at {here}", rule="E.2.6")
    inside = sorted(
        (i for i in ctx.state.items.values() if i.grid == here and i.in_locker), key=lambda i: i.id
    )
    if not inside:
        raise RuleError(f"the locker at {here} is already open", rule="E.2.6")
    shown = Shown()
    if any(i.kind == GearKind.TACKIT for i in inside):
        require_room(ctx.state, ctx.ship.region_of(here).name, "no opening the TacKit")
        _tackit_opener(ctx, unit, shown)
    require_actions(ctx, unit, LOCKER_COST, "opening a locker", "E.2.6")
    spend(ctx, unit, LOCKER_COST)
    shown.reveal(ctx)
    room = ctx.ship.region_of(here).name
    for item in inside:
        if item.kind == GearKind.TACKIT:
            _unpack_tackit(ctx, item, here, unit)
        else:
            item.in_locker = False
    kits = [i for i in inside if i.kind != GearKind.TACKIT]
    if kits:
        who = ctx.who(unit)
        ctx.say(LockerOpened(who=who, grid=here, room=room, load=_load(ctx, kits, [])))
        held = tuple(_marker(i, crew=True) for i in kits)
        ctx.say(LockerHeld(who=who, grid=here, room=room, items=held))
    if not ctx.state.is_human(unit) and ctx.state.alien(unit).pipe_running:
        reveal_location(ctx, ctx.state.alien(unit), Giveaway.UNLOCKS)


def _tackit_opener(ctx: Ctx, unit: str, shown: Shown) -> None:
    human = ctx.state.human(unit) if ctx.state.is_human(unit) else None
    skill = next(
        (s for s in TACKIT_SKILLS if human is not None and has_skill(ctx.content, human, s)),
        None,
    )
    if human is None or skill is None:
        raise RuleError(
            "only a human with Tactical or Command skill opens the TacKit", rule="E.3.6, E.2.6"
        )
    shown.skill(human, skill)


def _unpack_tackit(ctx: Ctx, tackit: Item, here: Grid, unit: str) -> None:
    """E.3.6: flip the TacKit to its Body Armour side and add the firearms."""
    del ctx.state.items[tackit.id]
    made = [
        add_item(ctx.state, kind.value, grid=here)
        for kind in ctx.content.gear[GearKind.TACKIT].contents
    ]
    ctx.say(TacKitOpened(who=ctx.who(unit), grid=here, gear=tuple(i.kind for i in made)))


HANDLERS: dict[type[Command], Handler] = {
    PickUp: pick_up,
    Drop: drop,
    Give: give,
    OpenLocker: open_locker,
}
