"""The alien grows (C.3, C.10.1, G.4): foraging for energy stores and examining crates.

Mutating, spawning and Surge spend what foraging gathers; they live in
:mod:`engine.growing.mutation`. This module wires all of them into the rules and offers their
plausible commands to :mod:`engine.legal`.

* Foraging (C.10.1): an alien in the grid of a cadaver, a food crate or (with Venom, G.4)
  an unconscious human spends 1-4 actions, one energy store each; the source is removed
  from the game however many were taken. A pipe-runner declares "Forage" per action
  (C.7.3) and gives its grid away (C.7.1).
* Examining (C.3): a unit in a crate's grid looks at it, free and without a roll; only
  its side learns the kind.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from engine.actions import require_actions, require_phase, spend, unit_label_list
from engine.board.grid import Grid
from engine.board.ship import Ship
from engine.commands import Command, Examine, Forage, Mutate, Spawn, Surge
from engine.content_models import Ability, Skill, SupplyKind
from engine.context import Ctx, Handler, PhaseHook
from engine.efforts import show_ability
from engine.errors import RuleError
from engine.events import Audience
from engine.fighting.injury import kill_human
from engine.growing.events import CrateSeen, Examined, Foraged, NothingToEat
from engine.growing.mutation import bodies_here, mutate, spawn, surge
from engine.hiding.events import Call, Giveaway
from engine.hiding.piperun import declare, reveal_location
from engine.state import Alien, Condition, Fate, GameState, Human, Item, Side
from engine.turns import take_unit
from engine.units import SUPPLIES, alien_abilities, has_skill

FOOD = SupplyKind.FOOD.value


# --- what lies in a grid --------------------------------------------------------------------
def floor_crates(state: GameState, grid: Grid) -> list[Item]:
    """Supplies crates lying in ``grid`` (not in a locker, not carried), by id."""
    return sorted(
        (
            i
            for i in state.items.values()
            if i.kind == SUPPLIES and i.holder is None and i.grid == grid and not i.in_locker
        ),
        key=lambda i: i.id,
    )


def _reachable_crates(state: GameState, alien: Alien) -> list[Item]:
    """Crates the alien can eat: lying in its grid or carried by itself (C.10.1)."""
    assert alien.grid is not None
    carried = [i for i in state.items.values() if i.kind == SUPPLIES and i.holder == alien.id]
    return floor_crates(state, alien.grid) + sorted(carried, key=lambda i: i.id)


def _known_inedible(item: Item) -> bool:
    """The alien has looked at this crate and it holds no food."""
    return Side.ALIEN.value in item.examined_by and item.supply != FOOD


@dataclass(frozen=True)
class _Source:
    body: Human | None = None
    crate: Item | None = None

    @property
    def id(self) -> str:
        if self.body is not None:
            return self.body.id
        assert self.crate is not None
        return self.crate.id


def _sources(state: GameState, alien: Alien) -> list[_Source]:
    """Everything the alien might forage here, in the order a bare ``forage`` tries."""
    found = [_Source(body=h) for h in bodies_here(state, alien, Condition.DECEASED)]
    found += [_Source(body=h) for h in bodies_here(state, alien, Condition.UNCONSCIOUS)]
    found += [_Source(crate=i) for i in _reachable_crates(state, alien) if not _known_inedible(i)]
    return found


# --- foraging (C.10.1, G.3, G.4 Venom) --------------------------------------------------
def forage(ctx: Ctx, side: Side, cmd: Forage) -> None:
    take_unit(ctx, side, cmd.unit)
    state = ctx.state
    if state.is_human(cmd.unit):
        raise RuleError("only the alien forages for energy stores", rule="C.10.1")
    alien = state.alien(cmd.unit)
    most = ctx.content.alien_stats.forage_actions
    if cmd.actions > most:
        raise RuleError(
            f"the alien spends up to {most} actions gaining energy stores from one source",
            rule="C.10.1",
        )
    source = _source(ctx, alien, cmd.target)
    if source.crate is not None:
        crate = source.crate
        if Side.ALIEN.value not in crate.examined_by:
            _look(ctx, alien, crate)  # C.3: free; the crate may turn out not to be food
            if crate.supply != FOOD:
                ctx.say(NothingToEat(who=ctx.who(alien.id), crate=crate.id))
                return
        elif crate.supply != FOOD:
            raise RuleError(f"{crate.id} holds no food", rule="C.10.1")
    body = source.body
    if body is not None:
        _check_body(ctx, alien, body)
    require_actions(ctx, alien.id, cmd.actions, f"foraging {cmd.actions}", "C.10.1")
    spend(ctx, alien.id, cmd.actions)
    if alien.pipe_running:
        for _ in range(cmd.actions):
            declare(ctx, alien, Call.FORAGE)
    alien.energy += cmd.actions  # carried by this alien (C.10.1)
    eaten = ctx.who(body.id) if body is not None else None
    if body is not None:
        _consume_body(ctx, alien, body)
    else:
        assert source.crate is not None
        del state.items[source.crate.id]
    if alien.pipe_running:
        reveal_location(ctx, alien, Giveaway.CONSUMES, human=eaten)
    ctx.say(
        Foraged(
            who=ctx.who(alien.id),
            grid=alien.grid,
            stores=cmd.actions,
            energy=alien.energy,
            body=eaten,
        )
    )


def _source(ctx: Ctx, alien: Alien, word: str) -> _Source:
    """The cadaver, unconscious human or crate named, or the only one here."""
    state = ctx.state
    here = _sources(state, alien)
    legal = [s.id for s in here]
    if not word:
        if len(here) != 1:
            what = "name what to forage" if here else f"there is nothing to forage at {alien.grid}"
            raise RuleError(what, rule="C.10.1", legal=legal)
        return here[0]
    found = next((s for s in here if s.id == word), None)
    if found is not None:
        return found
    item = state.items.get(word)
    if item is not None and item.kind == SUPPLIES and item in _reachable_crates(state, alien):
        return _Source(crate=item)  # a crate the alien already knows holds no food
    human = state.humans.get(word)
    if human is not None and human.on_board and state.unit_grid(human.id) == alien.grid:
        if human.holder is not None and human.holder != alien.id:
            raise RuleError(
                f"{ctx.name(human.holder)} is carrying {human.name}: the alien eats only "
                "what lies in its grid or what it carries",
                rule="C.10.1",
                legal=legal,
            )
        raise RuleError(
            f"{human.name} is {human.condition.value}: the alien consumes a deceased human "
            "(or, with Venom, an unconscious one)",
            rule="C.10.1, G.4",
            legal=legal,
        )
    raise RuleError(
        f"there is no cadaver or supplies crate '{word}' at the alien's grid",
        rule="C.10.1",
        legal=legal,
    )


def _check_body(ctx: Ctx, alien: Alien, body: Human) -> None:
    if body.condition is Condition.UNCONSCIOUS:
        if Ability.VENOM not in alien_abilities(ctx.state, alien):
            raise RuleError(
                f"{body.name} is unconscious, not dead: only an alien using Venom consumes "
                "an unconscious human, and never while injured",
                rule="G.4, D.5",
            )
    elif has_skill(ctx.content, body, Skill.HUMOID):
        raise RuleError(f"{body.name} was a Humoid and gives no energy", rule="G.3")


def _consume_body(ctx: Ctx, alien: Alien, body: Human) -> None:
    """Remove the body from the game; an unconscious human is killed first (gap 19)."""
    if body.condition is Condition.UNCONSCIOUS:
        show_ability(ctx, Ability.VENOM)
        kill_human(ctx, body, by_alien=True)
    body.fate, body.grid, body.holder = Fate.LOST, None, None


# --- examining supplies (C.3) --------------------------------------------------------------
def examine(ctx: Ctx, side: Side, cmd: Examine) -> None:
    """C.3: free, no roll, in the side's own phase, by any of its units in the crate's
    grid (even one that is done or has no actions left); the acting unit stays acting."""
    require_phase(ctx, side)
    state = ctx.state
    mine = unit_label_list(ctx, side)
    if cmd.unit not in mine:
        raise RuleError(f"'{cmd.unit}' is not one of your units", legal=mine)
    here = state.unit_grid(cmd.unit)
    if state.is_human(cmd.unit):
        human = state.human(cmd.unit)
        if human.holder is not None or human.condition is Condition.UNCONSCIOUS:
            raise RuleError(f"{human.name} cannot look at anything now", rule="C.3, G.4")
    assert here is not None
    crates = floor_crates(state, here)
    unseen = [c for c in crates if side.value not in c.examined_by]
    if not cmd.crate:
        if len(unseen) != 1:
            what = "name the crate to examine" if unseen else f"no unexamined crate lies at {here}"
            raise RuleError(what, rule="C.3", legal=[c.id for c in unseen])
        crate = unseen[0]
    else:
        found = next((c for c in crates if c.id == cmd.crate), None)
        if found is None:
            raise RuleError(
                f"there is no supplies crate '{cmd.crate}' lying at {here}",
                rule="C.3",
                legal=[c.id for c in unseen],
            )
        if side.value in found.examined_by:
            raise RuleError(f"your side has already examined {found.id}", rule="C.3")
        crate = found
    if not state.is_human(cmd.unit):
        _look(ctx, state.alien(cmd.unit), crate)
        return
    crate.examined_by.add(side.value)
    ctx.say(Examined(who=ctx.who(cmd.unit), grid=here, crate=crate.id))
    ctx.say(_seen(crate, Audience.CREW))


def _look(ctx: Ctx, alien: Alien, crate: Item) -> None:
    """The alien looks at a crate; a pipe-runner gives its grid away (C.3, C.7.1)."""
    crate.examined_by.add(Side.ALIEN.value)
    if alien.pipe_running:
        reveal_location(ctx, alien, Giveaway.EXAMINES)
    else:
        ctx.say(Examined(who=ctx.who(alien.id), grid=alien.grid, crate=crate.id))
    ctx.say(_seen(crate, Audience.ALIEN))


def _seen(crate: Item, side: Audience) -> CrateSeen:
    assert crate.supply is not None
    return CrateSeen(audience=side, crate=crate.id, supply=crate.supply)


# --- wiring -----------------------------------------------------------------------------------
HANDLERS: dict[type[Command], Handler] = {
    Forage: forage,
    Examine: examine,
    Mutate: mutate,
    Spawn: spawn,
    Surge: surge,
}
# Nothing of growth fires at a phase start: begin_phase already resets Surge (G.4)
# and gives a spawned Larva its actions (gap 18).
PHASE_HOOKS: list[PhaseHook] = []


def candidates(state: GameState, unit_id: str, ship: Ship) -> Iterator[Command]:
    """Plausible growth commands for one unit (cheap preconditions; apply decides)."""
    _ = ship
    here = state.unit_grid(unit_id)
    if here is None:
        return
    side = Side.CREW if state.is_human(unit_id) else Side.ALIEN
    for crate in floor_crates(state, here):
        if side.value not in crate.examined_by:
            yield Examine(unit_id, crate.id)
    if side is Side.CREW:
        return
    alien = state.alien(unit_id)
    usable = alien_abilities(state, alien)
    for source in _sources(state, alien):
        body = source.body
        if (
            body is not None
            and body.condition is Condition.UNCONSCIOUS
            and (Ability.VENOM not in usable)
        ):
            continue
        yield from (Forage(unit_id, n, source.id) for n in range(1, alien.actions + 1))
    if alien.energy <= 0:
        return
    boosts = range(0, max(alien.actions, 1))
    yield from (Mutate(unit_id, b) for b in boosts)
    if Ability.QUEEN in usable:
        for host in bodies_here(state, alien, Condition.DECEASED):
            yield from (Spawn(unit_id, host.id, b) for b in boosts)
    if Ability.SURGE in usable and not state.surge_used:
        yield Surge(unit_id)
