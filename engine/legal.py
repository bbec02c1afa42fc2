"""Every legal command for a side: candidates filtered by the rules themselves.

There is one source of legality, :func:`engine.rules.apply`; this module only
proposes what a side might type and keeps what ``apply`` accepts. The bot's
autocomplete, error hints and the game-controlled players all use it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from engine import commands as c
from engine.board.geometry import Mover, grid_range, reachable, steps_from
from engine.board.grid import Grid
from engine.board.ship import (
    TAG_CARGO_HOLD,
    TAG_COMMAND_DECK,
    TAG_INFIRMARY,
    TAG_INFIRMARY_QUARANTINE,
    TAG_STORE,
    DoorKind,
    DoorState,
    RegionKind,
    Ship,
)
from engine.content import Content
from engine.content_models import Ability
from engine.context import Ctx
from engine.emergencies import rules as emergencies
from engine.equipment import devices, science
from engine.errors import GameError, RuleError
from engine.escape import sabotage
from engine.growing import growth
from engine.halon import rules as halon
from engine.noise.rules import creep_cost
from engine.rules import apply
from engine.setup import larva_grids
from engine.state import Condition, Fate, GameState, Phase, SetupStep, Side
from engine.units import held_abilities
from engine.variants import load_variants


def candidates(state: GameState, side: Side, ship: Ship, content: Content) -> list[c.Command]:
    """Commands worth trying for ``side`` now (a superset of the legal ones)."""
    if state.phase is Phase.OVER:
        return []
    if state.phase is Phase.SETUP:
        return list(_setup_candidates(state, side, ship, content))
    found = standing_orders(state, side) + free_acts(state, side)
    if (state.phase is Phase.ALIEN) != (side is Side.ALIEN):
        return found
    for unit_id in ready_units(state, side):
        found += unit_candidates(state, unit_id, ship)
    found.append(c.EndPhase())
    return list(dict.fromkeys(found))  # a ready carrier's switch is offered twice


def standing_orders(state: GameState, side: Side) -> list[c.Command]:
    """Orders a side may give at any time, for the phases it does not play (D.5, G.2.5)."""
    return _standing_orders(state, side) + raid_orders(state, side)


def raid_orders(state: GameState, side: Side) -> list[c.Command]:
    """R.3(d), R.5: the raids variant's orders: the bunker switched, and the damage
    order back to the default or led by one room or ability (a longer list is typed)."""
    table = state.raids
    if table is None or table.ended:
        return []
    if side is Side.CREW:
        bunker, named = table.crew_bunker, table.crew_damage
        first = [w for w in load_variants().raids.worlds if w not in table.rooms]
    else:
        bunker, named = table.alien_bunker, table.alien_damage
        first = list(dict.fromkeys(a for al in state.live_aliens() for a in al.abilities))
    orders: list[c.Command] = [c.SetOrder("bunker", not bunker)]
    if named:
        orders.append(c.SetOrder(c.RAID_DAMAGE, True))
    orders += [c.SetOrder(c.RAID_DAMAGE, True, (w,)) for w in first if [w] != named]
    return orders


def _standing_orders(state: GameState, side: Side) -> list[c.Command]:
    if side is Side.ALIEN:
        orders: list[c.Command] = [c.SetOrder("energy", not state.standing.spend_energy_on_seven)]
        if state.noise is not None:
            orders.append(c.SetOrder("ambush", not state.standing.ambush))
        return orders
    if state.drive_to is not None:
        return [c.Drive(None)]
    carriers = [h for h in state.live_humans() if h.grid is not None]
    return [c.Drive(carriers[0].grid)] if carriers else []


def free_acts(state: GameState, side: Side) -> list[c.Command]:
    """What a side may do in either phase at no action cost, by any of its units, done
    or not: switching carried Ultrasonics (G.2.5)."""
    return list(devices.switches(state)) if side is Side.CREW else []


def ready_units(state: GameState, side: Side) -> list[str]:
    if side is Side.CREW:
        units = [h.id for h in state.live_humans() if h.holder is None and h.actions > 0]
    else:
        units = [a.id for a in state.live_aliens() if a.actions > 0]
    return [u for u in units if u not in state.done_units]


def _creeps(
    state: GameState, unit_id: str, here: Grid, actions: int, ship: Ship
) -> Iterator[c.Command]:
    """N.5: a hidden alien may creep one step through a door that can hold noise, one
    action more (a longer creeping route can be typed; these are what the lists offer)."""
    for step in steps_from(ship, here, Mover.ALIEN, state.doors):
        extra = creep_cost(ship, here, step.to)
        if extra and step.cost + extra <= actions:
            yield c.Move(unit_id, (step.to,), creep=True)


def unit_candidates(state: GameState, unit_id: str, ship: Ship) -> list[c.Command]:
    return list(_unit_candidates(state, unit_id, ship))


def _unit_candidates(state: GameState, unit_id: str, ship: Ship) -> Iterator[c.Command]:
    """Plausible commands for one unit: cheap preconditions only; ``apply`` decides."""
    here = state.unit_grid(unit_id)
    if here is None:
        return
    human = state.is_human(unit_id)
    actions = state.human(unit_id).actions if human else state.alien(unit_id).actions
    mover = Mover.HUMAN if human else Mover.ALIEN
    for grid in sorted(reachable(ship, here, actions, mover, state.doors)):
        if grid != here:
            yield c.Move(unit_id, (grid,))
    if not human and state.noise is not None and state.alien(unit_id).pipe_running:
        yield from _creeps(state, unit_id, here, actions, ship)
    if ship.lift_at(here):
        yield from (c.UseLift(unit_id, d) for d in ("up", "down"))
    if ship.hatch_at(here):
        yield c.UseHatch(unit_id)
    yield from _door_candidates(state, unit_id, here, ship)
    yield from _item_candidates(state, unit_id, here)
    yield from _attack_candidates(state, unit_id, here, actions, ship)
    yield from _care_candidates(state, unit_id, here, ship)
    for module in (growth, sabotage, science, emergencies, halon):
        yield from module.candidates(state, unit_id, ship)
    yield from _raid_candidates(state, unit_id, human)
    if not human:
        yield from _alien_only(state, unit_id)
    elif state.pipe_runners():
        yield from (c.Search(unit_id, n) for n in range(1, actions + 1))
    yield c.EndUnit(unit_id)


def _raid_candidates(state: GameState, unit_id: str, human: bool) -> Iterator[c.Command]:
    """R.6, R.8: a contribution while the raids run; a repair of a raid's damage."""
    table = state.raids
    if table is None:
        return
    if not table.ended:
        yield c.Contribute(unit_id)
    if human and table.rooms:
        yield c.Repair(unit_id, "room")
    elif not human:
        yield from (c.Repair(unit_id, a.lower()) for a in table.abilities.get(unit_id, []))


def _door_candidates(state: GameState, unit_id: str, here: Grid, ship: Ship) -> Iterator[c.Command]:
    ops = ship.is_obstructed(here) and TAG_COMMAND_DECK in ship.region_of(here).tags
    doors = ship.doors.values() if ops else ship.doors_at(here)
    for door in doors:
        yield c.OpenDoor(unit_id, door.id)
        yield c.CloseDoor(unit_id, door.id)
        if door.kind is DoorKind.POD:
            yield c.Launch(unit_id, door.id)
    if any(d.kind is DoorKind.AIRLOCK_INNER for d in ship.doors_at(here)):
        for spec in ("inner", "outer"):
            yield from (c.OpenDoor(unit_id, spec), c.CloseDoor(unit_id, spec))
    if ship.region_of(here).kind is RegionKind.POD:
        yield c.Launch(unit_id)
    if any(state.door_state(d.id) is DoorState.SMASHED for d in ship.doors_at(here)):
        yield c.Repair(unit_id)
    if any(i.in_locker and i.grid == here for i in state.items.values()):
        yield c.OpenLocker(unit_id)


def _infirmary_grids(ship: Ship) -> frozenset[Grid]:
    return ship.region_tagged(TAG_INFIRMARY).grids


def _infirmary_beds(ship: Ship) -> list[Grid]:
    """E.2.1: the obstructed Infirmary and Infirmary Quarantine grids a healer reaches."""
    rooms = (ship.region_tagged(TAG_INFIRMARY), ship.region_tagged(TAG_INFIRMARY_QUARANTINE))
    return sorted(g for room in rooms for g in room.grids if ship.is_obstructed(g))


def _care_candidates(state: GameState, unit_id: str, here: Grid, ship: Ship) -> Iterator[c.Command]:
    if not state.is_human(unit_id):
        if state.alien(unit_id).injured:
            yield c.Heal(unit_id)
        return
    wards = [g for g in _infirmary_beds(ship)] if here in _infirmary_grids(ship) else []
    for grid in [here, *wards]:
        for patient in state.humans_in(grid):
            if patient.condition in (Condition.INJURED, Condition.UNCONSCIOUS):
                yield c.Heal(unit_id, patient.id)


def _alien_only(state: GameState, unit_id: str) -> Iterator[c.Command]:
    alien = state.alien(unit_id)
    if alien.pipe_running:
        yield from (c.Surface(unit_id), c.Feint(unit_id))
    else:
        yield c.StartPipeRun(unit_id)
    yield c.Wait(unit_id)


def _item_candidates(state: GameState, unit_id: str, here: Grid) -> Iterator[c.Command]:
    others = [u for u in state.units_in(here) if u != unit_id]
    for item in state.items.values():
        if item.holder is None and item.grid == here and not item.in_locker:
            yield c.PickUp(unit_id, (item.id,))
        if item.holder == unit_id:
            yield c.Drop(unit_id, (item.id,))
            yield from (c.Give(unit_id, (item.id,), other) for other in others)
            yield from _exchanges(state, unit_id, item.id, others)
    for body in state.humans.values():
        lying_here = body.fate is Fate.ABOARD and body.holder is None and body.grid == here
        if body.id != unit_id and lying_here:
            yield c.PickUp(unit_id, (body.id,))
        if body.holder == unit_id:
            yield c.Drop(unit_id, (body.id,))


def _exchanges(state: GameState, unit_id: str, mine: str, others: list[str]) -> Iterator[c.Command]:
    """E.3.2: one of my markers for one of theirs."""
    for other in others:
        for theirs in state.carried_by(other):
            if theirs in state.items:
                yield c.Give(unit_id, (mine,), other, (theirs,))


def _attack_candidates(
    state: GameState, unit_id: str, here: Grid, actions: int, ship: Ship
) -> Iterator[c.Command]:
    boosts = range(0, max(actions, 1))
    if state.is_human(unit_id):
        for alien in state.live_aliens():
            if alien.grid is not None and not alien.pipe_running:
                yield from (c.Attack(unit_id, alien.id, boost=b) for b in boosts)
        return
    for grid in sorted({h.grid for h in state.live_humans() if h.grid is not None}):
        distance = grid_range(here, grid)
        if distance is not None and distance <= 2:
            yield from (c.Attack(unit_id, str(grid), boost=b) for b in boosts)
    for door in ship.doors_at(here):
        if state.door_state(door.id) is DoorState.CLOSED:
            yield c.Attack(unit_id, "door", door.id)


def _setup_candidates(
    state: GameState, side: Side, ship: Ship, content: Content
) -> Iterator[c.Command]:
    yield c.QuickSetup()
    if side is Side.ALIEN:
        if not held_abilities(state):
            yield from (c.ChooseAbility(a.value) for a in Ability)
        if not state.aliens:  # B.1.3: the Loading Bay, or a cadaver once the dead are chosen
            yield from (c.PlaceLarva(g) for g in larva_grids(Ctx(state, ship, content)))
        return
    if state.setup is SetupStep.PLACE:
        for human in state.humans.values():
            if human.grid is None:
                yield from (c.PlaceHuman(human.id, g) for g in ship.grids_in_order())


def is_legal(
    state: GameState, side: Side, command: c.Command, ship: Ship, content: Content
) -> bool:
    try:
        apply(state, side, command, ship, content)
    except GameError:
        return False
    return True


def refusal(
    state: GameState, side: Side, command: c.Command, ship: Ship, content: Content
) -> GameError | None:
    """Why ``side`` may not play ``command`` now, with what the same unit could do
    instead ("Legal: move hyun 1-C5, …"), or None if it may."""
    try:
        apply(state, side, command, ship, content)
    except GameError as err:
        return _with_hints(state, side, command, ship, content, err)
    return None


def _with_hints(
    state: GameState, side: Side, command: c.Command, ship: Ship, content: Content, err: GameError
) -> GameError:
    unit = getattr(command, "unit", None)
    if not isinstance(err, RuleError) or err.legal or unit not in _all_units(state):
        return err
    legal = legal_commands(state, side, ship, content, unit=unit)
    return RuleError(err.message, rule=err.rule, legal=summarize(legal))


def legal_commands(
    state: GameState, side: Side, ship: Ship, content: Content, unit: str | None = None
) -> list[c.Command]:
    """Every legal command for ``side`` (or for one of its units) in this position."""
    if unit is not None:
        pool = unit_candidates(state, unit, ship) if unit in _all_units(state) else []
    else:
        pool = candidates(state, side, ship, content)
    return [cmd for cmd in pool if is_legal(state, side, cmd, ship, content)]


def _all_units(state: GameState) -> set[str]:
    return set(state.humans) | set(state.aliens)


_TO = {"move": "to", "place": "at"}


def summarize(commands: list[c.Command], shown: int = 4) -> list[str]:
    """Legal commands as a short hint: many moves (or set-up placements) of one unit
    fold into one entry."""
    lines: list[str] = []
    grids: dict[tuple[str, str], list[str]] = {}
    for cmd in commands:
        if isinstance(cmd, c.Move) and not cmd.creep:
            grids.setdefault(("move", cmd.unit), []).append(str(cmd.route[-1]))
        elif isinstance(cmd, c.PlaceHuman):
            grids.setdefault(("place", cmd.human), []).append(str(cmd.grid))
        else:
            lines.append(cmd.notation())
    folded = [
        f"{verb} {unit} {found[0]}"
        if len(found) == 1
        else f"{verb} {unit} {_TO[verb]} one of {len(found)} grids ({', '.join(found[:shown])} …)"
        for (verb, unit), found in grids.items()
    ]
    return folded + lines


def setup_choices(state: GameState, side: Side, ship: Ship, content: Content) -> list[str]:
    """The crew's set-up choices at this step that are too many to list one by one
    (B.1.2): each as its command's form and what may fill it in, as ``legal`` shows
    them beside the commands it does list (``quick``, the alien's abilities and grids,
    the crew's placements)."""
    if state.phase is not Phase.SETUP or side is not Side.CREW:
        return []
    humans = [h for h in state.humans.values() if h.condition is Condition.WELL]
    names = ", ".join(h.id for h in humans)
    if state.setup is SetupStep.DEAD:
        return [f"{c.ChooseDead.usage}: four of {names} (B.1.2)"]
    if state.setup is SetupStep.INJURED:
        return [f"{c.ChooseInjured.usage}: two of {names} (B.1.2)"]
    if state.setup is SetupStep.ROLES:
        waiting = ", ".join(h.id for h in state.humans.values() if h.role is None)
        taken = {h.role for h in state.humans.values()}
        roles = ", ".join(r.name for r in content.roles if r.name not in taken)
        return [f"{c.AssignRole.usage}: HUMAN one of {waiting}; ROLE one of {roles} (B.1.2)"]
    if state.setup is SetupStep.SUPPLIES:
        hold = sorted(ship.region_tagged(TAG_CARGO_HOLD).grids)
        store = sorted(ship.region_tagged(TAG_STORE).grids)
        return [
            f"supplies GRID×9: {content.setup.supplies_in_cargo_hold} of the Cargo Hold's "
            f"grids ({hold[0]} to {hold[-1]}) and {content.setup.supplies_in_store} of the "
            f"Store's ({store[0]} to {store[-1]}), all different (B.1.2)"
        ]
    return []


@dataclass(frozen=True, slots=True)
class SetupPick:
    """A crew set-up step that names several things at once (B.1.2): ``count`` of
    ``among`` (humans' ids, or grids for the crates), in ``areas`` of ``among`` with
    how many each must hold (the crates: six in the Cargo Hold, three in the Store).
    The command is ``verb`` and the names; :func:`is_legal` has the last word."""

    verb: str
    count: int
    among: tuple[str, ...]
    areas: tuple[tuple[str, int, tuple[str, ...]], ...] = ()


def setup_pick(state: GameState, side: Side, ship: Ship, content: Content) -> SetupPick | None:
    """The crew's step that picks several at once, for menus (``setup_choices`` says
    the same in words); None at any other step."""
    if state.phase is not Phase.SETUP or side is not Side.CREW:
        return None
    well = tuple(h.id for h in state.humans.values() if h.condition is Condition.WELL)
    if state.setup is SetupStep.DEAD:
        return SetupPick(c.ChooseDead.verb, c.ChooseDead.count, well)
    if state.setup is SetupStep.INJURED:
        return SetupPick(c.ChooseInjured.verb, c.ChooseInjured.count, well)
    if state.setup is SetupStep.SUPPLIES:
        hold = tuple(str(g) for g in sorted(ship.region_tagged(TAG_CARGO_HOLD).grids))
        store = tuple(str(g) for g in sorted(ship.region_tagged(TAG_STORE).grids))
        areas = (
            (ship.region_tagged(TAG_CARGO_HOLD).name, content.setup.supplies_in_cargo_hold, hold),
            (ship.region_tagged(TAG_STORE).name, content.setup.supplies_in_store, store),
        )
        return SetupPick(c.PlaceSupplies.verb, sum(a[1] for a in areas), hold + store, areas)
    return None


def role_choices(state: GameState, side: Side, ship: Ship, content: Content) -> list[c.Command]:
    """The roles the next survivor without one may take (B.1.2), each a legal command:
    the crew chooses roles one survivor at a time."""
    if (
        state.phase is not Phase.SETUP
        or side is not Side.CREW
        or state.setup is not SetupStep.ROLES
    ):
        return []
    waiting = next((h for h in state.humans.values() if h.role is None), None)
    if waiting is None:
        return []
    taken = {h.role for h in state.humans.values()}
    found = (c.AssignRole(waiting.id, r.name) for r in content.roles if r.name not in taken)
    return [x for x in found if is_legal(state, side, x, ship, content)]
