"""The ``emergencies`` variant's rules E.1-E.7 (README, "Variants"): the deck shuffled as
set-up ends; emergencies created face down by critical nexus damage, the alien's wall
attacks, compromised rooms left open and the decaying orbit; the start of round that
replaces the C.9 countdown; counteracting from the terminal grids; the ToolKit repair;
the collapse. Everything here is public but a face-down card, hidden from everyone
until it is turned up (docs/rules-decisions.md, "Variants: emergencies").
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.board.grid import Grid
from engine.board.ship import TAG_COMMAND_DECK, DoorState, Feature, Ship
from engine.commands import Attack, Command, Counteract
from engine.content_models import Skill
from engine.context import Ctx
from engine.dice import Modifier, Rng, Term, roll
from engine.efforts import Shown, afford, command_modifier, commit, skill_modifier
from engine.emergencies.events import (
    Cause,
    Counteracted,
    EmergencyCreated,
    EmergencyCritical,
    EmergencyResolved,
    EmergencyRose,
    EmergencyTurnedUp,
    ShipBreaksUp,
    WallSmashed,
)
from engine.emergencies.functions import function_of
from engine.errors import RuleError
from engine.events import Attempt, Effort
from engine.fighting.ferocity import alien_ferocity, resilience
from engine.fighting.injury import kill_human, resolve_hit
from engine.hiding.events import Surfacing
from engine.hiding.piperun import end_run
from engine.state import Emergency, EmergencyState, GameState, Phase, Side
from engine.turns import check_game_over, take_unit
from engine.variants import EmergenciesInfo, load_variants

SIDES = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}  # as doors are named
COUNTERACT_COST = 1  # E.4: one action, plus any committed
WALL_COST = 1  # E.2b: one action, plus any boost (C.1)
_CLOSED = (DoorState.CLOSED, DoorState.SEALED)


def info() -> EmergenciesInfo:
    return load_variants().emergencies


def wall_resilience() -> int:
    """E.2b: a wall's resilience (data/variants.toml)."""
    return info().wall_resilience


def card_room(ship: Ship, printed: str) -> str:
    """The region key of a card's printed room: a key as written (``2q``), or the one
    room of that name."""
    if printed in ship.regions:
        return printed
    found = [r.key for r in ship.regions.values() if r.name == printed]
    if len(found) != 1:
        raise ValueError(f"the card's room '{printed}' names no single room of the ship")
    return found[0]


def terminal_grids(ship: Ship) -> frozenset[Grid]:
    """E.4: the obstructed Command Deck grids and the nexus grids."""
    deck = ship.regions_tagged(TAG_COMMAND_DECK)
    ops = {g for room in deck for g in room.grids if ship.is_obstructed(g)}
    return frozenset(ops | set(ship.grids_with(Feature.NEXUS)))


def room_name(ctx: Ctx, key: str) -> str:
    return ctx.ship.regions[key].name


# --- E.1, E.2: the deck and new emergencies ------------------------------------------
def shuffle_deck(ctx: Ctx) -> None:
    """E.1: the cards shuffled from the game's dice as set-up ends (0.2's fixed order:
    raids, emergencies, physiology, reactions, noise)."""
    panel = ctx.state.emergencies
    if panel is not None and not panel.deck and not any(panel.fields):
        panel.deck = ctx.state.rng.shuffled(list(range(len(info().cards))))


def create(ctx: Ctx, cause: Cause, *, nexus: Grid | None = None, source: str = "") -> bool:
    """E.2: draw a card face down into the next empty field; with every field occupied
    the Quicksilver collapses (E.7). False once the game is over."""
    panel = ctx.state.emergencies
    assert panel is not None
    empty = [i for i, e in enumerate(panel.fields) if e is None]
    if not empty:
        collapse(ctx)
        return False
    if not panel.deck:  # every card drawn: those off the panel make a new deck
        on_panel = {e.card for e in panel.fields if e is not None}
        rest = [c for c in range(len(info().cards)) if c not in on_panel]
        panel.deck, panel.discard = ctx.state.rng.shuffled(rest), []
    card = panel.deck.pop(0)
    room = card_room(ctx.ship, info().cards[card].room)
    if nexus is not None:
        room = ctx.ship.region_of(nexus).key
    panel.fields[empty[0]] = Emergency(card=card, room=room, cause=cause.value, nexus=nexus)
    shown = room_name(ctx, room) if nexus is not None else ""
    ctx.say(EmergencyCreated(field=empty[0] + 1, cause=cause, room=shown, source=source))
    return True


def collapse(ctx: Ctx) -> None:
    """E.7: the ship breaks up: every human aboard dies, not by the alien; the aliens
    live; the game is over."""
    panel = ctx.state.emergencies
    assert panel is not None
    panel.collapsed = True
    ctx.say(ShipBreaksUp())
    for human in ctx.state.live_humans():
        kill_human(ctx, human, by_alien=False)
    check_game_over(ctx)


def nexus_damaged(ctx: Ctx, grid: Grid) -> None:
    """E.2a: a critical nexus damaged makes an emergency in its room; no countdown."""
    create(ctx, Cause.NEXUS, nexus=grid)


def redeal_face_down(state: GameState, ship: Ship, rng: Rng) -> None:
    """A twin's panel (engine.secrecy): the deck shuffled and each face-down card swapped
    for one of it, a damaged nexus's room kept: nobody may tell the two apart."""
    panel = state.emergencies
    if panel is None:
        return
    for emergency in panel.fields:
        if emergency is None or emergency.level or emergency.critical or not panel.deck:
            continue
        at = rng.below(len(panel.deck))
        emergency.card, panel.deck[at] = panel.deck[at], emergency.card
        if emergency.nexus is None:
            emergency.room = card_room(ship, info().cards[emergency.card].room)
    panel.deck = rng.shuffled(panel.deck)


# --- E.3: the start of every alien phase ---------------------------------------------
def start_of_round(ctx: Ctx, phase: Phase) -> None:
    """E.3, in place of the C.9 countdown, steps 1-6 in order."""
    panel = ctx.state.emergencies
    if phase is not Phase.ALIEN or panel is None:
        return
    # Step 3 looks at the rooms compromised before this start of round: the crew has a
    # phase to seal a room step 1 compromises (the design's escalation case).
    before = compromised_rooms(panel)
    _escalate(ctx, panel)
    for room in [r for r in _open_compromised(ctx, panel) if r in before]:  # step 3
        if not create(ctx, Cause.COMPROMISED, source=room_name(ctx, room)):
            return
    if ctx.state.turn >= info().decay_from_turn and not create(ctx, Cause.DECAY):  # step 4
        return
    for number, emergency in enumerate(panel.fields, start=1):  # step 5
        if emergency is not None and emergency.level == 0 and not emergency.critical:
            emergency.level = 1
            card = info().cards[emergency.card]
            room = room_name(ctx, emergency.room)
            ctx.say(
                EmergencyTurnedUp(
                    field=number, room=room, function=card.function, needed=card.points
                )
            )
    _compromised_attacks(ctx, panel)  # step 6
    check_game_over(ctx)


def _escalate(ctx: Ctx, panel: EmergencyState) -> None:
    """E.3.1 and E.3.2: level 3 goes critical; every other active emergency rises."""
    for number, emergency in enumerate(panel.fields, start=1):
        if emergency is None or emergency.critical or emergency.level == 0:
            continue
        room = room_name(ctx, emergency.room)
        if emergency.level >= 3:
            emergency.critical = True
            function = function_of(emergency)
            ctx.say(EmergencyCritical(field=number, room=room, function=function))
        else:
            emergency.level += 1
            ctx.say(EmergencyRose(field=number, room=room, level=emergency.level))


def compromised_rooms(panel: EmergencyState) -> list[str]:
    """The compromised rooms' keys, each once, in field order."""
    return list(dict.fromkeys(e.room for e in panel.fields if e is not None and e.critical))


def is_secure(ctx: Ctx, room: str) -> bool:
    """E.3.3: every door of the room closed (a smashed door is open)."""
    doors = [d for d in ctx.ship.doors.values() if room in d.regions]
    return all(ctx.state.door_state(d.id) in _CLOSED for d in doors)


def _open_compromised(ctx: Ctx, panel: EmergencyState) -> list[str]:
    return [room for room in compromised_rooms(panel) if not is_secure(ctx, room)]


def _compromised_attacks(ctx: Ctx, panel: EmergencyState) -> None:
    """E.3.6: each living human in a compromised room suffers an attack of
    ``compromised_ferocity`` against its resilience; deaths are not the alien's. A human
    carried behind the pipes is out of the room's reach (where it is is hidden)."""
    state = ctx.state
    for room in compromised_rooms(panel):
        grids = ctx.ship.regions[room].grids
        for human in sorted(state.live_humans(), key=lambda h: h.id):
            grid = state.unit_grid(human.id)
            if grid not in grids or state.hidden_carrier(human.id) is not None:
                continue
            shown = Shown()
            hazard = [Modifier(Term.HAZARD, info().compromised_ferocity, room_name(ctx, room))]
            mods = hazard + resilience(ctx, human.id, shown)
            shown.reveal(ctx)
            attempt = Attempt(effort=Effort.COMPROMISED, target=ctx.who(human.id), grid=grid)
            resolve_hit(ctx, human.id, ctx.roll(attempt, mods), None)


# --- E.4: counteracting ----------------------------------------------------------------
def points_for(total: int) -> int:
    """E.4: 1, 2 or 3 points at the thresholds, none below the first."""
    return sum(1 for threshold in info().thresholds if total >= threshold)


def counteract(ctx: Ctx, side: Side, cmd: Counteract) -> None:
    """E.4: a human on a terminal grid rolls d6 + Engineer + Operations + Command +
    committed actions; the points stay with the emergency until they resolve it. Each
    human tries each emergency once."""
    take_unit(ctx, side, cmd.unit)
    state = ctx.state
    panel = state.emergencies
    if panel is None:
        raise RuleError("there are no emergencies without the emergencies variant", rule="C.9")
    if not state.is_human(cmd.unit):
        raise RuleError("only the crew counteracts emergencies", rule="E.4")
    human = state.human(cmd.unit)
    here = state.unit_grid(human.id)
    terminals = terminal_grids(ctx.ship)
    if here not in terminals:
        raise RuleError(
            f"{human.name} must stand on a terminal grid to counteract",
            rule="E.4",
            legal=[str(g) for g in sorted(terminals)],
        )
    emergency = _counteractable(ctx, panel, cmd.field, human.id)
    afford(ctx, human.id, COUNTERACT_COST, cmd.boost, "counteracting", "E.4, C.1")
    shown = Shown()
    mods = commit(ctx, human.id, COUNTERACT_COST, cmd.boost)
    mods += skill_modifier(ctx, human, Skill.ENGINEER, shown)
    mods += skill_modifier(ctx, human, Skill.OPERATIONS, shown)
    mods += command_modifier(ctx, human, shown)
    shown.reveal(ctx)
    rolled = roll(state.rng, mods)
    points = points_for(rolled.total)
    emergency.tried.add(human.id)
    emergency.points += points
    needed = info().cards[emergency.card].points
    room = room_name(ctx, emergency.room)
    ctx.say(
        Counteracted(
            who=ctx.who(human.id),
            field=cmd.field,
            room=room,
            roll=rolled,
            points=points,
            total=min(emergency.points, needed),
            needed=needed,
        )
    )
    if emergency.points >= needed:
        resolve(ctx, cmd.field)


def _counteractable(ctx: Ctx, panel: EmergencyState, field: int, human_id: str) -> Emergency:
    active = [
        str(n)
        for n, e in enumerate(panel.fields, start=1)
        if e is not None and e.level and not e.critical and human_id not in e.tried
    ]
    emergency = panel.fields[field - 1] if field <= len(panel.fields) else None
    if emergency is None:
        raise RuleError(f"field {field} holds no emergency", rule="E.4", legal=active)
    if emergency.critical:
        raise RuleError(
            f"emergency {field} went critical: its room is compromised and no repair is possible",
            rule="E.3.1",
            legal=active,
        )
    if emergency.level == 0:
        raise RuleError(
            f"emergency {field} is not yet active: it turns up at the start of the next "
            "alien phase",
            rule="E.3.5",
            legal=active,
        )
    if human_id in emergency.tried:
        raise RuleError(
            f"{ctx.name(human_id)} has already tried emergency {field}: one try each",
            rule="E.4",
            legal=active,
        )
    return emergency


def resolve(ctx: Ctx, field: int, *, toolkit: bool = False) -> None:
    """E.4, E.5: the card is discarded, its field freed and its function restored."""
    panel = ctx.state.emergencies
    assert panel is not None
    emergency = panel.fields[field - 1]
    assert emergency is not None
    panel.fields[field - 1] = None
    panel.discard.append(emergency.card)
    function = function_of(emergency) if emergency.level else ""
    room = room_name(ctx, emergency.room)
    ctx.say(EmergencyResolved(field=field, room=room, function=function, toolkit=toolkit))


def nexus_repaired(ctx: Ctx, grid: Grid) -> None:
    """E.5: an Engineer's ToolKit repair of a damaged critical nexus resolves that
    nexus's emergency at once, if it has not gone critical."""
    panel = ctx.state.emergencies
    if panel is None:
        return
    for number, emergency in enumerate(panel.fields, start=1):
        if emergency is not None and emergency.nexus == grid and not emergency.critical:
            resolve(ctx, number, toolkit=True)


def candidates(state: GameState, unit_id: str, ship: Ship) -> Iterator[Command]:
    """Plausible commands of the variant for one unit (cheap preconditions only;
    :func:`engine.rules.apply` decides): a human on a terminal grid counteracts each
    turned-up emergency it has not tried; an alien attacks each wall beside it."""
    panel = state.emergencies
    here = state.unit_grid(unit_id)
    if panel is None or here is None:
        return
    if not state.is_human(unit_id):
        yield from (Attack(unit_id, "wall", side) for side in walls_at(ship, here))
        return
    if here not in terminal_grids(ship):
        return
    for number, e in enumerate(panel.fields, start=1):
        if e is not None and e.level and not e.critical and unit_id not in e.tried:
            yield Counteract(unit_id, number)


# --- E.2b: the alien's wall attack -------------------------------------------------------
def walls_at(ship: Ship, grid: Grid) -> list[str]:
    """The sides of ``grid`` with a wall the alien may attack: no door, and another
    region of the ship beyond (never the hull)."""
    here = ship.region_of(grid)
    found = []
    for side, (dcol, drow) in SIDES.items():
        beyond = grid.shifted(dcol, drow)
        if beyond not in ship or ship.door_between(grid, beyond) is not None:
            continue
        if ship.region_of(beyond).key != here.key:
            found.append(side)
    return found


def attack_wall(ctx: Ctx, side: Side, cmd: Attack) -> None:
    """E.2b: ``attack ALIEN wall SIDE``: one action (and any boost) against the wall's
    resilience; a success creates an emergency. Like every attack it ends a pipe-run."""
    state = ctx.state
    if state.emergencies is None:
        raise RuleError("walls are attacked only in the emergencies variant", rule="D.2")
    if state.is_human(cmd.unit):
        raise RuleError("only the alien attacks walls", rule="E.2")
    alien = state.alien(cmd.unit)
    here = alien.grid
    assert here is not None
    walls = walls_at(ctx.ship, here)
    if cmd.door not in walls:
        raise RuleError(
            f"there is no wall to attack on side '{cmd.door or '?'}' of {here}",
            rule="E.2",
            legal=walls,
        )
    if cmd.weapon:
        raise RuleError("the alien can carry gear but never use it", rule="E.3.1")
    afford(ctx, alien.id, WALL_COST, cmd.boost, "attacking a wall", "E.2, C.1")
    if alien.pipe_running:
        end_run(ctx, alien, Surfacing.ATTACKS)
    mods = alien_ferocity(ctx, alien) + commit(ctx, alien.id, WALL_COST, cmd.boost)
    mods.append(Modifier(Term.WALL, -wall_resilience()))
    who = ctx.who(alien.id)
    attempt = Attempt(effort=Effort.ATTACK_WALL, who=who, grid=here, door=cmd.door)
    if ctx.roll(attempt, mods).success:
        ctx.say(WallSmashed(who=who, grid=here, side=cmd.door))
        create(ctx, Cause.WALL)
