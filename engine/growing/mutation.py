"""Spending energy stores (C.10, E.5, G.4, G.5): mutating, a Queen's spawn, Surge.

* Mutate (C.10): 1 action (+ committed actions) and a modified 7 with at least four
  energy stores. Success consumes the stores and the alien becomes the next life stage
  (its ferocity, resilience, pipe-run cost and carrying come from the content) and
  draws one random ability marker it does not hold, secretly (E.5, G.5). A Royal
  cannot grow: its success scores spores (F.1) instead of a stage or a marker.
* Spawn (G.1, G.4 Queen): the same effort, on a deceased human (not a Humoid, G.3) in
  the Queen's grid; success uses the cadaver up and puts a new Larva there, on the
  display, earning actions from the next alien phase (gap 18).
* Surge (G.4): burn one energy store for two more actions, once a turn.

While an alien pipe-runs it declares "Mutate"/"Spawn" and one "Bonus" per committed
action (C.7.3) and only the alien sees the roll, as with its healing.
"""

from __future__ import annotations

from engine.commands import Mutate, Spawn, Surge
from engine.content_models import Ability, Activity, LifeStage, Skill
from engine.context import Ctx
from engine.efforts import (
    Shown,
    action_cost,
    afford,
    boost_price,
    commit,
    require_able,
    show_ability,
)
from engine.errors import RuleError
from engine.events import Attempt, Audience, Effort
from engine.growing.events import (
    AbilityDrawn,
    AbilityLearned,
    Mutated,
    NoAbilityLeft,
    RoyalMutated,
    Shed,
    Spawned,
    Surged,
)
from engine.hiding.events import Call, Giveaway
from engine.hiding.piperun import declare, reveal_location
from engine.state import Alien, Condition, Fate, GameState, Human, Side
from engine.turns import take_unit
from engine.units import burden, capacity, has_ability, has_skill, held_abilities, stage


def require_ability(ctx: Ctx, alien: Alien, ability: Ability, doing: str) -> None:
    """Refuse unless the alien holds ``ability`` and may use it (G.4, D.5)."""
    if ability.value not in alien.abilities:
        raise RuleError(f"{doing} needs the {ability.value} ability", rule="G.4")
    if not has_ability(ctx.state, alien, ability):
        raise RuleError(
            f"{ctx.Name(alien.id)} is injured: an injured alien may not use its abilities",
            rule="D.5",
        )


def _alien(ctx: Ctx, side: Side, unit_id: str, doing: str, rule: str) -> Alien:
    take_unit(ctx, side, unit_id)
    if ctx.state.is_human(unit_id):
        raise RuleError(f"only the alien {doing}", rule=rule)
    return ctx.state.alien(unit_id)


def _alien_act(ctx: Ctx, side: Side, unit_id: str, activity: Activity, rule: str) -> Alien:
    """:func:`_alien` for an act of G.1's table that the crew may not do ("-")."""
    take_unit(ctx, side, unit_id)
    require_able(ctx, activity, unit_id, rule=rule)
    return ctx.state.alien(unit_id)


def bodies_here(state: GameState, alien: Alien, condition: Condition) -> list[Human]:
    """Humans in ``condition`` lying in the alien's grid or carried by it, by id: what it
    may eat (C.10.1) or, dead, spawn on (G.4)."""
    return sorted(
        (
            h
            for h in state.humans.values()
            if h.condition is condition
            and h.fate is Fate.ABOARD
            and (
                (h.holder is None and h.grid is not None and h.grid == alien.grid)
                or h.holder == alien.id
            )
        ),
        key=lambda h: h.id,
    )


def _require_energy(ctx: Ctx, alien: Alien, need: int, doing: str, rule: str) -> None:
    """C.10.1: the stores are carried by each alien unit; only its own count."""
    have = alien.energy
    if have < need:
        raise RuleError(
            f"{doing} needs {need} energy stores; {ctx.name(alien.id)} carries {have}",
            rule=rule,
        )


def _effort(ctx: Ctx, alien: Alien, activity: Activity, boost: int, effort: Effort) -> bool:
    """Pay the effort and its committed actions, declare them while pipe-running
    (C.7.3), roll; True on a success."""
    cost = action_cost(ctx, activity, alien.id)
    mods = commit(ctx, alien.id, cost, boost)
    audience = Audience.PUBLIC
    if alien.pipe_running:
        audience = Audience.ALIEN
        word = Call.MUTATE if effort is Effort.MUTATE else Call.SPAWN
        for call in [word] * cost + [Call.BONUS] * boost_price(ctx, alien.id, boost):
            declare(ctx, alien, call)
    roll = ctx.roll(Attempt(effort=effort, who=ctx.who(alien.id)), mods, audience=audience)
    return roll.success


# --- mutating (C.10, E.5, G.5) ------------------------------------------------------------
def mutate(ctx: Ctx, side: Side, cmd: Mutate) -> None:
    alien = _alien_act(ctx, side, cmd.unit, Activity.MUTATE, "C.10, G.1")
    need = ctx.content.alien_stats.mutate_energy
    _require_energy(ctx, alien, need, "mutating", "C.10")
    cost = action_cost(ctx, Activity.MUTATE, alien.id)
    afford(ctx, alien.id, cost, cmd.boost, "mutating", "C.10, C.1")
    if not _effort(ctx, alien, Activity.MUTATE, cmd.boost, Effort.MUTATE):
        return
    state = ctx.state
    alien.energy -= need
    grown = ctx.content.next_stage(stage(alien))
    if grown is None:
        state.royal_mutations += 1
        royal = RoyalMutated(
            who=ctx.who(alien.id), stores=need, royal_mutations=state.royal_mutations
        )
        ctx.say(royal)
        return
    before = ctx.who(alien.id)
    alien.stage = grown.value
    ctx.say(Mutated(who=before, stage=grown.value, stores=need))
    draw_ability(ctx, alien)
    _shed_excess(ctx, alien)


def draw_ability(ctx: Ctx, alien: Alien) -> None:
    """C.10, G.5: the unit draws one random ability marker from those the alien player
    does not hold, seen only by the alien player."""
    held = held_abilities(ctx.state)
    pile = [a for a in ctx.content.abilities if a.value not in held]
    if not pile:
        ctx.say(NoAbilityLeft())
        return
    drawn = ctx.state.rng.choice(pile)
    alien.abilities.append(drawn.value)
    who = ctx.who(alien.id)
    ctx.say(AbilityDrawn(who=who))
    ctx.say(AbilityLearned(who=who, ability=drawn.value))


def _shed_excess(ctx: Ctx, alien: Alien) -> None:
    """E.3.1: an alien carrying more than its new stage allows drops the excess in its
    grid, free (E.3.2): carried bodies first, then markers from the last id back."""
    state, content = ctx.state, ctx.content
    dropped: list[str] = []
    most_items, most_dots = capacity(state, content, alien.id)
    for thing in reversed(state.carried_by(alien.id)):
        items, dots = burden(state, content, alien.id)
        if items <= most_items and dots <= most_dots:
            break
        held = state.items.get(thing) or state.humans[thing]
        held.holder, held.grid = None, alien.grid
        dropped.append(thing)
    if dropped:
        grid = None if alien.pipe_running else alien.grid
        ctx.say(Shed(who=ctx.who(alien.id), grid=grid, count=len(dropped)))


# --- spawning (G.1, G.4 Queen; gap 18) -------------------------------------------------------
def spawn(ctx: Ctx, side: Side, cmd: Spawn) -> None:
    alien = _alien_act(ctx, side, cmd.unit, Activity.SPAWN, "G.4, G.1")
    require_ability(ctx, alien, Ability.QUEEN, "spawning a Larva")
    need = ctx.content.alien_stats.spawn_energy
    _require_energy(ctx, alien, need, "spawning a Larva", "G.1, G.4")
    host = _host(ctx, alien, cmd.cadaver)
    cost = action_cost(ctx, Activity.SPAWN, alien.id)
    afford(ctx, alien.id, cost, cmd.boost, "spawning", "G.4, C.1")
    shown = Shown()
    shown.ability(Ability.QUEEN)
    shown.reveal(ctx)
    if not _effort(ctx, alien, Activity.SPAWN, cmd.boost, Effort.SPAWN):
        return
    state = ctx.state
    alien.energy -= need
    host.fate, host.grid, host.holder = Fate.LOST, None, None  # used up, as a meal is
    grid = alien.grid
    assert grid is not None
    larva = Alien(id=_next_id(ctx), stage=LifeStage.LARVA.value, grid=grid, path=[grid])
    state.aliens[larva.id] = larva
    state.done_units.add(larva.id)  # it earns actions from the next alien phase (gap 18)
    if alien.pipe_running:
        reveal_location(ctx, alien, Giveaway.SPAWNS)
    ctx.say(Spawned(who=ctx.who(larva.id), grid=grid, host=ctx.who(host.id), stores=need))
    draw_ability(ctx, larva)  # G.5: a Larva holds one ability; a new one draws it (gap 28)


def _host(ctx: Ctx, alien: Alien, word: str) -> Human:
    """The cadaver the Larva is spawned on (gap 18): a deceased human lying in the
    Queen's grid or carried by it (G.4 "in the same grid as the Queen"; B.1.3 a Larva
    starts on one), never a Humoid (G.3 "It may not be used by the alien to Spawn")."""
    here = bodies_here(ctx.state, alien, Condition.DECEASED)
    hosts = [h for h in here if not has_skill(ctx.content, h, Skill.HUMOID)]
    legal = [h.id for h in hosts]
    if not word:
        if len(hosts) == 1:
            return hosts[0]
        where = f"{ctx.name(alien.id)}'s grid, {alien.grid}"
        what = "name the cadaver to spawn on" if hosts else f"there is no cadaver in {where}"
        raise RuleError(f"{what}: a Larva is spawned on a deceased human", rule="G.4", legal=legal)
    found = next((h for h in here if h.id == word), None)
    if found is None:
        raise RuleError(
            f"there is no cadaver '{word}' in {ctx.name(alien.id)}'s grid", rule="G.4", legal=legal
        )
    if found not in hosts:
        raise RuleError(f"{found.name} was a Humoid: it may not be used to Spawn", rule="G.3")
    return found


def _next_id(ctx: Ctx) -> str:
    """alien2, alien3 …: one more than the highest number ever used."""
    numbers = [int(a[len("alien") :]) for a in ctx.state.aliens if a[len("alien") :].isdigit()]
    return f"alien{max(numbers, default=0) + 1}"


# --- Surge (G.4) -----------------------------------------------------------------------------
def surge(ctx: Ctx, side: Side, cmd: Surge) -> None:
    alien = _alien(ctx, side, cmd.unit, "surges", "G.4")
    require_ability(ctx, alien, Ability.SURGE, "surging")
    state = ctx.state
    if state.surge_used:
        raise RuleError(
            "Surge works once a turn: only one energy store may be burned each turn", rule="G.4"
        )
    _require_energy(ctx, alien, 1, "a surge", "G.4")
    gain = ctx.content.abilities[Ability.SURGE].surge_actions
    alien.energy -= 1
    state.surge_used = True
    alien.actions += gain
    show_ability(ctx, Ability.SURGE)
    ctx.say(Surged(who=ctx.who(alien.id), actions=gain, energy=alien.energy))
