"""Setting up a game (B.1): the ship's markers, the crew's choices, the alien's."""

from __future__ import annotations

from collections import Counter

from engine.board.grid import Grid
from engine.board.ship import (
    TAG_AIRLOCK,
    TAG_CARGO_HOLD,
    TAG_INFIRMARY_QUARANTINE,
    TAG_LAB_QUARANTINE,
    TAG_LOADING_BAY,
    TAG_STORE,
    DoorKind,
    DoorState,
    Feature,
    RegionKind,
    Ship,
)
from engine.content import Content
from engine.content_models import Ability, LifeStage
from engine.context import Ctx
from engine.dice import Rng
from engine.errors import NotYourTurn, RuleError
from engine.events import (
    AbilityChosen,
    DeadRole,
    DiedOnThePlanet,
    InjuredInBeds,
    LarvaPlaced,
    Placed,
    RoleGear,
    RoleTaken,
    SkillDrawn,
    SuppliesStowed,
)
from engine.state import (
    Alien,
    Condition,
    Emergency,
    EmergencyState,
    GameState,
    HalonState,
    Human,
    Item,
    NoiseState,
    Phase,
    PhysiologyState,
    ReactionsState,
    SetupStep,
    Side,
)
from engine.units import SUPPLIES, held_abilities
from engine.variants import NoiseInfo, load_variants


def new_game(
    seed: int, ship: Ship, content: Content, variants: frozenset[str] = frozenset()
) -> GameState:
    """B.1.1: pods, shuffled nexus markers, stocked lockers, the Air Lock closed; the
    variants' tables. No variant draws a die here, so set-up's dice are the same whatever
    variants are chosen."""
    state = GameState(seed=seed, rng=Rng(seed), variants=variants)
    if "noise" in variants:
        state.noise = new_noise(load_variants().noise)
    if "emergencies" in variants:
        fields: list[Emergency | None] = [None] * load_variants().emergencies.fields
        state.emergencies = EmergencyState(fields=fields)  # the deck: as set-up ends (E.1)
    if "reactions" in variants:
        state.reactions = ReactionsState()  # the deck: as set-up ends (W.1)
    if "halon" in variants:
        state.halon = HalonState()  # charged; its tanks: as set-up ends (H.3)
    if "physiology" in variants:
        state.physiology = PhysiologyState()  # the cards: dealt as set-up ends (P.1)
    for info in content.humans:
        human_id = info.name.lower()
        state.humans[human_id] = Human(id=human_id, name=info.name)
    systems = state.rng.shuffled(list(content.systems))
    for grid, system in zip(ship.grids_with(Feature.NEXUS), systems, strict=True):
        state.nexus[grid] = system.value
    _stock_lockers(state, ship)
    for door in ship.doors.values():
        if door.kind in (DoorKind.AIRLOCK_INNER, DoorKind.AIRLOCK_OUTER):
            state.doors[door.id] = DoorState.CLOSED
    return state


def new_noise(info: NoiseInfo) -> NoiseState:
    """The ``noise`` bag filled, no marker placed yet (README, "Variants")."""
    return NoiseState(bag=sorted(map(str, info.bag)), reserve=list(map(str, info.reserve)))


def _stock_lockers(state: GameState, ship: Ship) -> None:
    lockers = set(ship.grids_with(Feature.LOCKER))
    for region in sorted(ship.regions.values(), key=lambda r: r.key):
        grid = next((g for g in sorted(region.grids) if g in lockers), None)
        for kit in region.locker:
            assert grid is not None
            add_item(state, kit, grid=grid, in_locker=True)


def add_item(state: GameState, kind: str, **where: object) -> Item:
    """A new marker. Its id is a neutral marker number (``gear4``, ``crate7``), never
    its kind: ids appear in commands typed where the other side can read them, and
    face-down gear must stay face-down (C.3; the dunsels exist to keep the alien
    guessing, E.3.9). Players may still name gear by kind; that is their choice."""
    family = "crate" if kind == SUPPLIES else "gear"
    taken = {i.id for i in state.items.values()}
    number = sum(1 for i in taken if i.startswith(family)) + 1
    while f"{family}{number}" in taken:
        number += 1
    item = Item(id=f"{family}{number}", kind=kind, **where)  # type: ignore[arg-type]
    state.items[item.id] = item
    return item


# --- the crew's choices (B.1.2) -------------------------------------------------
def require_setup_step(ctx: Ctx, step: SetupStep) -> None:
    state = ctx.state
    if state.phase is not Phase.SETUP:
        raise RuleError("set-up is over", rule="B.1")
    if state.setup is not step:
        raise RuleError(
            f"set-up is at the '{state.setup.value}' step, not '{step.value}'", rule="B.1.2"
        )


def require_side(side: Side, wanted: Side) -> None:
    if side is not wanted:
        raise NotYourTurn(f"that set-up choice belongs to the {wanted.value} player", rule="B.1")


def find_human(ctx: Ctx, human_id: str) -> Human:
    if human_id not in ctx.state.humans:
        raise RuleError(f"there is no human called '{human_id}'", legal=sorted(ctx.state.humans))
    return ctx.state.humans[human_id]


def quarantine_grids(ship: Ship) -> list[Grid]:
    regions = ship.regions_tagged(TAG_INFIRMARY_QUARANTINE) + ship.regions_tagged(
        TAG_LAB_QUARANTINE
    )
    return sorted(g for r in regions for g in r.grids if ship.is_obstructed(g))


def choose_dead(ctx: Ctx, humans: tuple[str, ...]) -> None:
    """Four humans died on the planet: random roles, cadavers in quarantine (B.1.2)."""
    require_setup_step(ctx, SetupStep.DEAD)
    dead = [find_human(ctx, h) for h in humans]
    if len({h.id for h in dead}) != len(dead):
        raise RuleError("name four different humans", rule="B.1.2")
    state, content = ctx.state, ctx.content
    roles = state.rng.shuffled([r.name for r in content.roles])
    for human, grid, role in zip(dead, quarantine_grids(ctx.ship), roles, strict=False):
        human.condition, human.grid, human.role = Condition.DECEASED, grid, role
    state.setup = SetupStep.INJURED
    ctx.say(DiedOnThePlanet(dead=tuple(ctx.who(h.id) for h in dead)))
    for human in dead:
        assert human.role is not None
        ctx.say(DeadRole(who=ctx.who(human.id), role=human.role))


def deal_skills(ctx: Ctx) -> None:
    """B.1.2: once every survivor has the role the crew chose, the skill markers are
    shuffled and placed at random, so no role is chosen knowing a skill."""
    state = ctx.state
    survivors = [h for h in state.humans.values() if h.condition is not Condition.DECEASED]
    skills = state.rng.shuffled(list(ctx.content.skill_marker_pool))
    for human, skill in zip(survivors, skills, strict=False):
        human.skill_marker = skill.value
        ctx.say(SkillDrawn(who=ctx.who(human.id), skill=skill.value))


def choose_injured(ctx: Ctx, humans: tuple[str, ...]) -> None:
    require_setup_step(ctx, SetupStep.INJURED)
    chosen = [find_human(ctx, h) for h in humans]
    if len({h.id for h in chosen}) != 2 or any(h.condition is not Condition.WELL for h in chosen):
        raise RuleError("name two different surviving humans", rule="B.1.2")
    for human, bed in zip(chosen, ctx.ship.grids_with(Feature.BED), strict=True):
        human.condition, human.grid = Condition.INJURED, bed
    ctx.state.setup = SetupStep.ROLES
    ctx.say(InjuredInBeds(injured=tuple(ctx.who(h.id) for h in chosen)))


def free_roles(ctx: Ctx) -> list[str]:
    taken = {h.role for h in ctx.state.humans.values()}
    return [r.name for r in ctx.content.roles if r.name not in taken]


def match_role(ctx: Ctx, text: str) -> str:
    """A role by name, ignoring case; a unique prefix will do ("chief eng")."""
    free = free_roles(ctx)
    wanted = text.casefold().strip()
    exact = [r for r in free if r.casefold() == wanted]
    matches = exact or [r for r in free if r.casefold().startswith(wanted)]
    if len(matches) != 1:
        raise RuleError(f"'{text}' is not one unassigned role", rule="B.1.2", legal=free)
    return matches[0]


def assign_role(ctx: Ctx, human_id: str, role_text: str) -> None:
    require_setup_step(ctx, SetupStep.ROLES)
    human = find_human(ctx, human_id)
    if human.condition is Condition.DECEASED or human.role is not None:
        unassigned = [h.id for h in ctx.state.humans.values() if h.role is None]
        raise RuleError(f"{human.name} already has a role", rule="B.1.2", legal=unassigned)
    human.role = match_role(ctx, role_text)
    ctx.say(RoleTaken(who=ctx.who(human.id), role=human.role))
    _issue_role_gear(ctx, human)
    if not free_roles(ctx):
        deal_skills(ctx)
        ctx.state.setup = SetupStep.PLACE


def _issue_role_gear(ctx: Ctx, human: Human) -> None:
    """The MCPO starts with a handgun, so everyone knows who the MCPO is (E.1, E.3.8)."""
    role = ctx.content.role(human.role or "")
    for kind in role.gear:
        if human.condition is Condition.INJURED:  # D.5: an injured unit carries nothing
            item = add_item(ctx.state, kind.value, grid=human.grid)
        else:
            item = add_item(ctx.state, kind.value, holder=human.id)
        human.revealed.add("role")
        ctx.say(RoleGear(who=ctx.who(human.id), gear=item.kind, role=role.name))


def placement_problem(ctx: Ctx, human: Human, grid: Grid) -> str | None:
    """Why ``human`` may not start at ``grid`` (B.1.2), or None."""
    ship, state = ctx.ship, ctx.state
    if grid not in ship:
        return f"{grid} is not a grid of the ship"
    region = ship.region_of(grid)
    if region.kind is RegionKind.POD or TAG_AIRLOCK in region.tags:
        return f"{region.name} is not a place to start"
    placed = [
        h
        for h in state.humans.values()
        if h.condition is Condition.WELL and h.grid is not None and h.id != human.id
    ]
    if sum(1 for h in placed if h.grid and h.grid.deck == grid.deck) >= 3:
        return f"Deck {grid.deck:02d} already has three crew"
    if any(h.grid and ship.region_of(h.grid).key == region.key for h in placed):
        return f"{region.name} already has a crew member"
    return None


def place_human(ctx: Ctx, human_id: str, grid: Grid) -> None:
    require_setup_step(ctx, SetupStep.PLACE)
    human = find_human(ctx, human_id)
    if human.condition is not Condition.WELL:
        raise RuleError(f"{human.name} is not one of the six to place", rule="B.1.2")
    problem = placement_problem(ctx, human, grid)
    if problem:
        raise RuleError(problem, rule="B.1.2")
    human.grid = grid
    ctx.say(Placed(who=ctx.who(human.id), grid=grid))
    if all(h.grid is not None for h in ctx.state.humans.values()):
        ctx.state.setup = SetupStep.SUPPLIES


def supplies_problem(ship: Ship, grids: tuple[Grid, ...], content: Content) -> str | None:
    if len(set(grids)) != len(grids):
        return "put each crate in a different grid"
    where = Counter(_supply_area(ship, g) for g in grids)
    need = {
        TAG_CARGO_HOLD: content.setup.supplies_in_cargo_hold,
        TAG_STORE: content.setup.supplies_in_store,
    }
    if dict(where) != need:
        return "six crates go in Cargo Hold grids and three in Store grids"
    return None


def _supply_area(ship: Ship, grid: Grid) -> str | None:
    if grid not in ship:
        return None
    tags = ship.region_of(grid).tags
    return next((t for t in (TAG_CARGO_HOLD, TAG_STORE) if t in tags), None)


def place_supplies(ctx: Ctx, grids: tuple[Grid, ...]) -> None:
    require_setup_step(ctx, SetupStep.SUPPLIES)
    problem = supplies_problem(ctx.ship, grids, ctx.content)
    if problem:
        raise RuleError(problem, rule="B.1.2")
    kinds = ctx.state.rng.shuffled(list(ctx.content.supply_pool))
    for grid, kind in zip(grids, kinds, strict=True):
        add_item(ctx.state, SUPPLIES, grid=grid, supply=kind.value)
    ctx.state.setup = SetupStep.DONE
    ctx.say(SuppliesStowed())


# --- the alien's choices (B.1.3) -------------------------------------------------
def choose_ability(ctx: Ctx, text: str) -> None:
    if ctx.state.phase is not Phase.SETUP:
        raise RuleError("set-up is over", rule="B.1.3")
    held = held_abilities(ctx.state)
    if held:
        raise RuleError(f"the alien already chose {held[0]}", rule="B.1.3")
    choices = [a.value for a in Ability]
    found = [a for a in choices if a.casefold() == text.casefold().strip()]
    if not found:
        raise RuleError(f"'{text}' is not an alien ability", rule="G.4", legal=choices)
    larva = ctx.state.aliens.get("alien1")
    (larva.abilities if larva else ctx.state.alien_secrets.abilities).append(found[0])
    ctx.say(AbilityChosen(ability=found[0]))


def larva_grids(ctx: Ctx) -> list[Grid]:
    """The Loading Bay, or a cadaver's grid once the dead are chosen (B.1.3)."""
    bay = ctx.ship.region_tagged(TAG_LOADING_BAY).grids
    cadavers = {h.grid for h in ctx.state.humans.values() if h.condition is Condition.DECEASED}
    return sorted(set(bay) | {g for g in cadavers if g is not None})


def place_larva(ctx: Ctx, grid: Grid) -> None:
    if ctx.state.phase is not Phase.SETUP:
        raise RuleError("set-up is over", rule="B.1.3")
    if ctx.state.aliens:
        raise RuleError("the Larva is already placed", rule="B.1.3")
    if grid not in larva_grids(ctx):
        raise RuleError(
            f"the Larva starts in the Loading Bay or on a cadaver, not {grid}", rule="B.1.3"
        )
    alien = Alien(id="alien1", stage=LifeStage.LARVA.value, grid=grid, path=[grid])
    alien.energy = ctx.content.alien_stats.start_energy  # B.1.3 "an energy store marker"
    hand = ctx.state.alien_secrets.abilities
    alien.abilities, hand[:] = list(hand), []  # the Larva takes the chosen marker (G.5)
    ctx.state.aliens[alien.id] = alien
    ctx.say(LarvaPlaced(who=ctx.who(alien.id), grid=grid))


def setup_complete(state: GameState) -> bool:
    return state.setup is SetupStep.DONE and bool(state.aliens) and bool(held_abilities(state))


def waiting_on(state: GameState) -> list[Side]:
    """Sides with set-up choices left to make."""
    sides = []
    if state.setup is not SetupStep.DONE:
        sides.append(Side.CREW)
    if not state.aliens or not held_abilities(state):
        sides.append(Side.ALIEN)
    return sides
