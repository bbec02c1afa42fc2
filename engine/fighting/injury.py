"""Injury and death (D.5, G.3 Humoid, G.4 Venom) and units leaving play.

Every way a unit is hurt or removed goes through here, so the consequences are the
same whoever caused them: an injured unit drops everything, a second injury kills,
a unit out of play never acts again.
"""

from __future__ import annotations

from engine.content_models import Ability, Skill
from engine.context import Ctx
from engine.dice import Roll
from engine.efforts import show_ability, show_skill
from engine.fighting.events import Death, Died, EnergySpent, Injured
from engine.fighting.regeneration import absorb
from engine.reactions.events import Slain
from engine.reactions.marks import note_injury, slays
from engine.state import Alien, Condition, Fate, Human
from engine.units import has_ability, has_skill


def drop_all(ctx: Ctx, unit_id: str) -> list[str]:
    """D.5: gear, supplies and carried humans fall into the unit's grid."""
    state = ctx.state
    here = state.unit_grid(unit_id)
    dropped = state.carried_by(unit_id)
    for item in state.items.values():
        if item.holder == unit_id:
            item.holder, item.grid = None, here
    for body in state.humans.values():
        if body.holder == unit_id:
            body.holder, body.grid = None, here
    return dropped


def retire(ctx: Ctx, unit_id: str) -> None:
    """A unit that died or left the ship has no actions and is never the acting one."""
    state = ctx.state
    state.done_units.add(unit_id)
    if state.active_unit == unit_id:
        state.active_unit = None
    if state.is_human(unit_id):
        state.human(unit_id).actions = 0
    else:
        state.alien(unit_id).actions = 0


def resolve_hit(ctx: Ctx, target_id: str, roll: Roll, by: str | None) -> None:
    """Apply one attack roll (D.1). An alien hit by exactly the target number may burn
    an energy store instead of being injured (D.5); the total compared is the final
    one, resilience included (gap 11)."""
    if not roll.success or store_burnt(ctx, target_id, roll):
        return
    wound(ctx, target_id, by)


def store_burnt(ctx: Ctx, target_id: str, roll: Roll, *, bait: bool = False) -> bool:
    """D.5: an alien hit by exactly the target number burns an energy store instead of
    being injured, when its standing order says so and it has one."""
    state = ctx.state
    if (
        not state.is_human(target_id)
        and roll.total == roll.target
        and state.standing.spend_energy_on_seven
        and state.alien(target_id).energy > 0
    ):
        state.alien(target_id).energy -= 1  # the attacked unit's own store (D.5, C.10.1)
        ctx.say(EnergySpent(who=ctx.who(target_id), target=roll.target, bait=bait))
        return True
    return False


def wound(ctx: Ctx, target_id: str, by: str | None) -> None:
    """D.5: injure the unit, or kill it if it was already hurt. ``by`` is the unit
    that did it (None for accidents)."""
    if ctx.state.is_human(target_id):
        _wound_human(ctx, ctx.state.human(target_id), by)
        return
    if absorb(ctx, target_id):  # a Regeneration token instead (engine.fighting.regeneration)
        return
    _wound_alien(ctx, ctx.state.alien(target_id), by)


def _wound_human(ctx: Ctx, human: Human, by: str | None) -> None:
    alien = ctx.state.aliens.get(by) if by is not None else None
    if human.condition is not Condition.WELL:
        kill_human(ctx, human, by_alien=alien is not None)
        return
    if alien is not None and slays(ctx.state, alien.id):  # the reactions variant (W.3.8)
        ctx.say(Slain(who=ctx.who(human.id), by=ctx.who(alien.id)))
        kill_human(ctx, human, by_alien=True)
        return
    dropped = drop_all(ctx, human.id)
    human.condition = Condition.INJURED
    if alien is not None and has_ability(ctx.state, alien, Ability.VENOM):
        show_ability(ctx, Ability.VENOM)
        if has_skill(ctx.content, human, Skill.HUMOID):
            show_skill(ctx, human, Skill.HUMOID)  # G.3: ignores unconscious effects
        else:
            human.condition = Condition.UNCONSCIOUS
    ctx.say(
        Injured(
            who=ctx.who(human.id),
            grid=ctx.state.unit_grid(human.id),
            unconscious=human.condition is Condition.UNCONSCIOUS,
            dropped=len(dropped),
        )
    )


def kill_human(ctx: Ctx, human: Human, *, by_alien: bool) -> None:
    """D.5: the counter flips to its deceased side: a cadaver where it fell. A Humoid
    leaves no cadaver: it is removed from the game (G.3)."""
    hidden = ctx.state.hidden_carrier(human.id) is not None  # out of sight with it (C.7)
    grid = None if hidden else ctx.state.unit_grid(human.id)
    drop_all(ctx, human.id)
    human.condition = Condition.DECEASED
    human.killed_by_alien = by_alien
    retire(ctx, human.id)
    if has_skill(ctx.content, human, Skill.HUMOID):
        show_skill(ctx, human, Skill.HUMOID)
        human.fate, human.grid, human.holder = Fate.LOST, None, None
        ctx.say(Died(who=ctx.who(human.id), cause=Death.HUMOID, grid=grid))
        return
    ctx.say(Died(who=ctx.who(human.id), cause=Death.WOUNDS, grid=grid))


def _wound_alien(ctx: Ctx, alien: Alien, by: str | None) -> None:
    if alien.injured:
        kill_alien(ctx, alien, Death.SECOND_INJURY)
        return
    dropped = drop_all(ctx, alien.id)
    alien.injured = True
    if alien.pipe_running:
        alien.injured_when_hidden = True  # a wound is announced to all (D.5)
    grid = None if alien.pipe_running else alien.grid
    ctx.say(Injured(who=ctx.who(alien.id), grid=grid, dropped=len(dropped)))
    note_injury(ctx.state, alien.id, by)  # the reactions variant draws its card (W.2)


def kill_alien(
    ctx: Ctx, alien: Alien, how: Death, *, fate: Fate | None = None, rule: str = ""
) -> None:
    """D.5: a dead alien is removed from play, and the energy stores it carried with it
    (C.10.1: they cannot be dropped). ``rule``: the system's section, when the ship's
    destruction killed it."""
    grid = alien.grid
    who = ctx.who(alien.id)
    drop_all(ctx, alien.id)
    alien.dead = True
    alien.energy = 0
    alien.grid = None
    alien.stop_hiding()
    if fate is not None:
        alien.fate = fate
    retire(ctx, alien.id)
    ctx.say(Died(who=who, cause=how, grid=grid, rule=rule))
