"""The ``halon`` variant's rules H.1-H.3 (README, "Variants"; docs/rules-decisions.md,
"Variants: halon"): the Halon Tanks placed as set-up ends; the purge from the Command
Deck of a room whose every door is closed, which tallies and injures whatever is in it;
the recharge with a tank carried there. Everything here is public. A successful purge
reads where every hidden alien is (so it cannot be undone); a refusal reads nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.actions import require_actions, spend
from engine.board.grid import Grid
from engine.board.ship import TAG_COMMAND_DECK, DoorState, Region, RegionKind, Ship
from engine.commands import Command, Purge, Recharge
from engine.content_models import Ability, GearKind, Skill
from engine.context import Ctx
from engine.efforts import Shown, afford, command_modifier, commit, show_ability, skill_modifier
from engine.errors import RuleError
from engine.events import Attempt, Effort
from engine.fighting.injury import wound
from engine.halon.events import HalonImmune, HalonTanksStowed, Purged, PurgeFailed, Recharged
from engine.hiding.events import Surfacing
from engine.hiding.piperun import consult_hideouts, end_run
from engine.setup import add_item
from engine.state import Alien, GameState, HalonState, Human, Side
from engine.turns import take_unit
from engine.units import has_ability
from engine.variants import HalonInfo, load_variants

_SHUT = (DoorState.CLOSED, DoorState.SEALED)  # a smashed door is open (H.1)


def info() -> HalonInfo:
    return load_variants().halon


# --- set-up (H.3) -----------------------------------------------------------------------
def set_up(ctx: Ctx) -> None:
    """As set-up ends: the Halon Tank markers, face up, at their grids. No die is drawn,
    so they come after every variant's shuffle (0.2's order is untouched)."""
    if ctx.state.halon is None:
        return
    grids = tuple(Grid.parse(g) for g in info().tanks)
    for grid in grids:
        tank = add_item(ctx.state, GearKind.HALON_TANK.value, grid=grid)
        tank.examined_by = {Side.CREW.value, Side.ALIEN.value}  # face up, not secret
    ctx.say(HalonTanksStowed(grids=grids))


# --- where, and which room ----------------------------------------------------------------
_OPS: dict[int, frozenset[Grid]] = {}


def ops_grids(ship: Ship) -> frozenset[Grid]:
    """H.1, H.2: the obstructed Command Deck grids, where the panel is worked."""
    found = _OPS.get(id(ship))
    if found is None:
        deck = ship.regions_tagged(TAG_COMMAND_DECK)
        found = frozenset(g for room in deck for g in room.grids if ship.is_obstructed(g))
        _OPS[id(ship)] = found
    return found


def room_word(ship: Ship, region: Region) -> str:
    """How a command names a room: its name, or its key where two rooms share the name
    (``2q``, the Deck 02 Head)."""
    return region.name if len(ship.regions_named(region.name)) == 1 else region.key


def named_room(ship: Ship, word: str) -> Region:
    """The room or corridor ``word`` names (a name in any case, or a key); refuses a
    name no room has, one two rooms share, and a life pod."""
    region = ship.regions.get(word.lower())
    found = [region] if region is not None else ship.regions_named(word)
    if not found:
        names = sorted({room_word(ship, r) for r in ship.regions.values()})
        raise RuleError(f"'{word}' is no room of the ship", rule="H.1", legal=names)
    if len(found) > 1:
        keys = [r.key for r in found]
        raise RuleError(
            f"two rooms are called the {found[0].name}: name one by its key", rule="H.1", legal=keys
        )
    if found[0].kind is RegionKind.POD:
        raise RuleError("a life pod cannot be flooded with halon", rule="H.1")
    return found[0]


def open_doors(state: GameState, ship: Ship, region: Region) -> list[str]:
    """H.1: the room's doors that are not closed or sealed (a smashed door is open; the
    Air Lock needs both of its doors shut), in id order. None: the room is sealed."""
    doors = sorted(d.id for d in ship.doors.values() if region.key in d.regions)
    return [d for d in doors if state.door_state(d) not in _SHUT]


def room_grids(ship: Ship, region: Region) -> frozenset[Grid]:
    return frozenset(region.grids)


# --- H.1 the purge ------------------------------------------------------------------------
def _panel(ctx: Ctx, doing: str) -> HalonState:
    panel = ctx.state.halon
    if panel is None:
        raise RuleError(f"{doing} needs the halon variant", rule="H")
    return panel


def _at_panel(ctx: Ctx, side: Side, unit_id: str, doing: str) -> Human:
    """The acting human, on an obstructed Command Deck grid."""
    take_unit(ctx, side, unit_id)
    state = ctx.state
    if not state.is_human(unit_id):
        raise RuleError(f"only the crew works the fire suppression system ({doing})", rule="H.1")
    human = state.human(unit_id)
    terminals = ops_grids(ctx.ship)
    if state.unit_grid(human.id) not in terminals:
        raise RuleError(
            f"{human.name} must stand on an obstructed Command Deck grid to work the fire "
            "suppression system",
            rule="H.1",
            legal=[str(g) for g in sorted(terminals)],
        )
    return human


def _purges_left(panel: HalonState) -> int:
    return max(0, info().max_purges - panel.purges)


def purge(ctx: Ctx, side: Side, cmd: Purge) -> None:
    """H.1: 2 actions and committed ones; 7+ with Operations, Command and committed
    actions. A failure keeps the charge. A success spends it, tallies and injures every
    alien in the room (Immunity shrugs it off), injures every human in it, and says so
    when nothing was there."""
    panel = _panel(ctx, "a purge")
    human = _at_panel(ctx, side, cmd.unit, "a purge")
    if not _purges_left(panel):
        raise RuleError(
            f"the fire suppression system has flooded {panel.purges} times: no purge is left",
            rule="H",
        )
    if not panel.charged:
        raise RuleError(
            "the fire suppression system is empty: recharge it with a Halon Tank", rule="H.2"
        )
    region = named_room(ctx.ship, cmd.room)
    _require_sealed(ctx, region)
    afford(ctx, human.id, info().purge_cost, cmd.boost, "a purge", "H.1, C.1")
    shown = Shown()
    mods = commit(ctx, human.id, info().purge_cost, cmd.boost)
    mods += skill_modifier(ctx, human, Skill.OPERATIONS, shown)
    mods += command_modifier(ctx, human, shown)
    shown.reveal(ctx)
    who = ctx.who(human.id)
    attempt = Attempt(effort=Effort.PURGE, who=who, system=region.name)
    if not ctx.roll(attempt, mods).success:
        ctx.say(PurgeFailed(who=who, room=region.name))
        return
    panel.charged = False
    panel.purges += 1
    _flood(ctx, human, region, panel)


def _require_sealed(ctx: Ctx, region: Region) -> None:
    """H.1: every door closed or sealed; the refusal names the open ones. It looks at
    nothing hidden: doors are public."""
    found = open_doors(ctx.state, ctx.ship, region)
    if not found:
        return
    smashed = [d for d in found if ctx.state.door_state(d) is DoorState.SMASHED]
    words = ", ".join(f"{d} (smashed)" if d in smashed else d for d in found)
    door = "door" if len(found) == 1 else "doors"
    verb = "is" if len(found) == 1 else "are"
    raise RuleError(
        f"the {region.name} is not sealed: {door} {words} {verb} open", rule="H.1", legal=found
    )


def _flood(ctx: Ctx, human: Human, region: Region, panel: HalonState) -> None:
    """H.1(a)-(c), in that order: the aliens tallied, then hurt; then the humans."""
    state = ctx.state
    grids = room_grids(ctx.ship, region)
    consult_hideouts(ctx)  # whatever it finds, even nothing, tells where a hidden alien is
    caught = sorted((a for a in state.live_aliens() if a.grid in grids), key=lambda a: a.id)
    who = ctx.who(human.id)
    found = tuple(ctx.who(a.id) for a in caught)
    left = _purges_left(panel)
    ctx.say(Purged(who=who, room=region.name, key=region.key, found=found, left=left))
    for alien in caught:
        if alien.pipe_running:
            end_run(ctx, alien, Surfacing.HALON, who)
        _halon_on(ctx, alien)
    inside = [h for h in state.live_humans() if state.unit_grid(h.id) in grids]
    for victim in sorted(inside, key=lambda h: h.id):
        if victim.alive:  # not killed meanwhile with its carrier
            wound(ctx, victim.id, None)  # an injured human dies, not by the alien (F.1)


def _halon_on(ctx: Ctx, alien: Alien) -> None:
    """H.1(a): one injury through D.5 (a second kills), unless Immunity: it turns face up
    and the alien suffers nothing (as G.4's poisons). Halon has no damage type."""
    if has_ability(ctx.state, alien, Ability.IMMUNITY):
        show_ability(ctx, Ability.IMMUNITY)
        ctx.say(HalonImmune(who=ctx.who(alien.id)))
        return
    wound(ctx, alien.id, None)


# --- H.2 recharging -----------------------------------------------------------------------
def recharge(ctx: Ctx, side: Side, cmd: Recharge) -> None:
    """H.2: a human carrying a Halon Tank on an obstructed Command Deck grid spends an
    action: the tank leaves play and the system is charged. Refused while charged."""
    panel = _panel(ctx, "recharging")
    human = _at_panel(ctx, side, cmd.unit, "a recharge")
    if panel.charged:
        raise RuleError("the fire suppression system is already charged", rule="H.2")
    if not _purges_left(panel):
        raise RuleError(
            f"the fire suppression system has flooded {panel.purges} times: no purge is left",
            rule="H",
        )
    tanks = sorted(
        i.id
        for i in ctx.state.items.values()
        if i.holder == human.id and i.kind == GearKind.HALON_TANK
    )
    if not tanks:
        raise RuleError(f"{human.name} carries no Halon Tank", rule="H.2")
    require_actions(ctx, human.id, info().recharge_cost, "a recharge", "H.2")
    spend(ctx, human.id, info().recharge_cost)
    del ctx.state.items[tanks[0]]
    panel.charged = True
    ctx.say(Recharged(who=ctx.who(human.id), item=tanks[0]))


# --- the legal lists ----------------------------------------------------------------------
def sealed_rooms(state: GameState, ship: Ship) -> list[Region]:
    """Every room and corridor (no life pod) whose doors are all shut now, by key."""
    return [
        r
        for r in sorted(ship.regions.values(), key=lambda r: r.key)
        if r.kind is not RegionKind.POD and not open_doors(state, ship, r)
    ]


def candidates(state: GameState, unit_id: str, ship: Ship) -> Iterator[Command]:
    """Plausible commands of the variant for one unit (cheap preconditions only;
    :func:`engine.rules.apply` decides): at the panel, a purge of each sealed room while
    charged, or a recharge while empty."""
    panel = state.halon
    if (
        panel is None
        or not state.is_human(unit_id)
        or state.unit_grid(unit_id) not in ops_grids(ship)
    ):
        return
    if panel.charged:
        yield from (Purge(unit_id, room_word(ship, r)) for r in sealed_rooms(state, ship))
    else:
        yield Recharge(unit_id)
