"""The ``noise`` variant's rules N.1-N.4 (README, "Variants"): a human entering an empty
room rolls for noise on its doors; a second noise on a door is an encounter; a token
drawn from the bag may call the nearest hidden alien to ambush, and a surprise attack
follows when the token beats the human's alertness.

Every rule here is public but the call, which looks where the hidden aliens are
(:func:`engine.hiding.piperun.consult_hideouts`): "nothing answers" is information.
"""

from __future__ import annotations

from engine.board.geometry import Mover, cheapest_steps
from engine.board.grid import Grid
from engine.board.ship import DoorKind, Region, RegionKind, Ship
from engine.consult import Secret, consult
from engine.context import Ctx
from engine.errors import RuleError
from engine.fighting.alien_attacks import strike_grid
from engine.fighting.ferocity import alien_ferocity
from engine.hiding.events import Surfacing
from engine.hiding.piperun import consult_hideouts, end_run
from engine.noise.events import (
    AlienNoise,
    AmbushOrder,
    Encounter,
    NoiseHeard,
    NoiseRolled,
    NothingAnswers,
    SurpriseAttack,
    TokensReturned,
)
from engine.state import Alien, Condition, Fate, NoiseState
from engine.units import human_actions
from engine.variants import load_variants

BLANK = "Blank"
ALERT, ALERT_INJURED = 4, 2  # N.3: a human's alertness before the actions it spent
_NOISY_KINDS = (DoorKind.NORMAL, DoorKind.LARGE, DoorKind.AIRLOCK_INNER)


def room_doors(ship: Ship, region_key: str) -> tuple[str, ...]:
    """The doors of a room that can hold noise, in door-id order (numbered 1..k)."""
    doors = [d for d in ship.doors.values() if d.kind in _NOISY_KINDS]
    return tuple(sorted(d.id for d in doors if region_key in d.regions))


def human_stepped(ctx: Ctx, human_id: str, start: Grid, to: Grid) -> bool:
    """N.1 after one step of a human's move; False when the move must stop there (an
    ambush, as a tally stops a walker)."""
    table = ctx.state.noise
    room = ctx.ship.region_of(to)
    if table is None or room.kind is not RegionKind.ROOM:
        return True
    doors = room_doors(ctx.ship, room.key)
    if not doors or ctx.ship.region_of(start).key == room.key or _occupied(ctx, human_id, room):
        return True
    die = ctx.state.rng.d6()
    face = load_variants().noise.room_die[die - 1]
    door = "" if face == "silence" else doors[0] if face == "1" else doors[-1]
    marked = bool(door) and door not in table.markers
    if marked:
        table.markers.add(door)
    who = ctx.who(human_id)
    ctx.say(NoiseRolled(who=who, room=room.name, die=die, door=door, marked=marked))
    if not door or marked:
        return True
    return _encounter(ctx, table, human_id, room, doors)


def _occupied(ctx: Ctx, human_id: str, room: Region) -> bool:
    """Does the room hold another living human, or an alien in the open?"""
    state = ctx.state
    for human in state.humans.values():
        if human.id == human_id or human.fate is not Fate.ABOARD or not human.alive:
            continue
        if state.unit_grid(human.id) in room.grids:
            return True
    return any(a.grid in room.grids and not a.pipe_running for a in state.live_aliens())


def _encounter(
    ctx: Ctx, table: NoiseState, human_id: str, room: Region, doors: tuple[str, ...]
) -> bool:
    """N.2: clear the room's markers and draw a token; a number calls (N.3)."""
    table.markers.difference_update(doors)
    token = table.bag.pop(ctx.state.rng.below(len(table.bag)))
    who = ctx.who(human_id)
    if token == BLANK:
        table.markers.update(doors)
        added = table.reserve.pop(0) if not table.bag and table.reserve else ""
        table.bag = sorted([*table.bag, BLANK, *([added] if added else [])])
        ctx.say(Encounter(who=who, room=room.name, token=token, marked=doors, added=added))
        return True
    ctx.say(Encounter(who=who, room=room.name, token=token))
    table.aside.append(token)
    return _call(ctx, human_id, int(token))


def set_ambush(ctx: Ctx, on: bool) -> None:
    """N.3: the alien's standing order ``order ambush on|off``, seen by the alien only."""
    if ctx.state.noise is None:
        raise RuleError("there is no ambush order without the noise variant", rule="D.5")
    ctx.state.standing.ambush = on
    ctx.say(AmbushOrder(on=on))


def _call(ctx: Ctx, human_id: str, token: int) -> bool:
    """N.3: the nearest pipe-runner within reach ambushes the human (ties: lowest id),
    if the alien's standing order lets it: silence never says which held it back."""
    consult_hideouts(ctx)
    state = ctx.state
    grid = state.unit_grid(human_id)
    assert grid is not None
    reach = load_variants().noise.reach
    answering: list[tuple[int, str, Alien, list[Grid]]] = []
    for alien in state.pipe_runners():
        assert alien.grid is not None
        steps = cheapest_steps(ctx.ship, alien.grid, grid, Mover.ALIEN, state.doors)
        cost = 0 if steps is None else sum(s.cost for s in steps)
        if steps is not None and cost <= reach:
            answering.append((cost, alien.id, alien, [s.to for s in steps]))
    if answering:
        consult(Secret.AMBUSH, ("alien",))
    if not answering or not state.standing.ambush:
        ctx.say(NothingAnswers(who=ctx.who(human_id)))
        return True
    _, _, alien, route = min(answering, key=lambda a: (a[0], a[1]))
    alien.path += route
    alien.grid = grid
    end_run(ctx, alien, Surfacing.AMBUSHES, ctx.who(human_id))
    _surprise(ctx, alien, human_id, grid, token)
    return False


def _surprise(ctx: Ctx, alien: Alien, human_id: str, grid: Grid, token: int) -> None:
    """N.3: a surprise attack when the token beats the human's alertness: the public
    base (4, or 2 injured) less the actions it spent this phase, never its true count."""
    human = ctx.state.human(human_id)
    base = ALERT_INJURED if human.condition is Condition.INJURED else ALERT
    spent = human_actions(ctx.content, human) - human.actions
    alertness = max(0, base - spent)
    if token <= alertness:
        return
    ctx.say(
        SurpriseAttack(
            who=ctx.who(alien.id), victim=ctx.who(human_id), token=token, alertness=alertness
        )
    )
    strike_grid(ctx, alien, grid, alien_ferocity(ctx, alien))


def creep_cost(ship: Ship, start: Grid, to: Grid) -> int:
    """N.5: the actions a creeping step costs beyond its own: 1 through a door that
    can hold noise, 0 elsewhere (a lift or hatch is announced anyway, C.7.1)."""
    door = ship.door_between(start, to)
    return 1 if door is not None and door.kind in _NOISY_KINDS else 0


def alien_stepped(ctx: Ctx, alien: Alien, start: Grid, to: Grid) -> None:
    """N.5: a pipe-runner crossing a door that can hold noise rolls a die only the alien
    sees; on a noisy face the door is heard when the phase ends (N.6)."""
    table = ctx.state.noise
    door = ctx.ship.door_between(start, to)
    if table is None or not alien.pipe_running or door is None or door.kind not in _NOISY_KINDS:
        return
    die = ctx.state.rng.d6()
    noisy = die in load_variants().noise.alien_noisy
    if noisy:
        table.heard.add(door.id)
    ctx.say(AlienNoise(who=ctx.who(alien.id), door=door.id, die=die, noisy=noisy))


def phase_heard(ctx: Ctx) -> None:
    """N.6: as the alien phase ends, each door heard that has no marker gets one, all
    told at once in door-id order."""
    table = ctx.state.noise
    if table is None or not table.heard:
        return
    new = tuple(sorted(table.heard - table.markers))
    table.markers |= table.heard
    table.heard = set()
    if new:
        ctx.say(NoiseHeard(doors=new))


def return_tokens(ctx: Ctx) -> None:
    """N.4: an alien starts a pipe-run: the tokens set aside go back into the bag."""
    table = ctx.state.noise
    if table is None or not table.aside:
        return
    returned = tuple(table.aside)
    table.bag, table.aside = sorted([*table.bag, *returned]), []
    ctx.say(TokensReturned(tokens=returned))
