"""The arithmetic of an attack roll (D.1, D.3, E.3.7-E.3.8, G.2, G.3, G.4): every
ferocity and resilience term as a named modifier, so the announced roll shows them
all (C.1). Pure: what a term reveals is noted in a :class:`Shown`, not revealed.
"""

from __future__ import annotations

from engine.content_models import Ability, Gear, GearKind
from engine.context import Ctx
from engine.dice import Modifier, Roll, Term
from engine.efforts import Shown, command_modifier
from engine.events import Attempt, Effort
from engine.fighting.injury import resolve_hit
from engine.reactions.marks import ferocity_terms, resilience_terms
from engine.state import Alien, Human
from engine.units import SUPPLIES, alien_abilities, has_ability, skill_count, skills_of, stage


def carried_gear(ctx: Ctx, unit_id: str) -> list[Gear]:
    """The gear a unit holds, one entry per marker, in item-id order."""
    items = sorted(
        (i for i in ctx.state.items.values() if i.holder == unit_id and i.kind != SUPPLIES),
        key=lambda i: i.id,
    )
    return [ctx.content.gear[GearKind(i.kind)] for i in items]


def weapons(ctx: Ctx, human: Human) -> list[Gear]:
    """The weapons a human carries (E.3.8, G.2.1), one entry per kind."""
    found = {g.id: g for g in carried_gear(ctx, human.id) if g.ranged}
    return list(found.values())


def crew_ferocity(
    ctx: Ctx, human: Human, weapon: Gear | None, target_id: str, melee: bool, shown: Shown
) -> list[Modifier]:
    """D.1: the human's ferocity, the weapon's, Tactical (and Cooking in the same grid),
    Command (G.3) and Toxic Ammo on firearms (G.2.4)."""
    mods = [Modifier(Term.FEROCITY, ctx.content.human_stats.ferocity, human.name)]
    if weapon is not None:
        mods.append(Modifier(Term.GEAR, weapon.ferocity, weapon.name))
        shown.item(human.id, weapon.id)
    for skill in dict.fromkeys(skills_of(ctx.content, human)):
        info = ctx.content.skills[skill]
        value = skill_count(ctx.content, human, skill) * (
            info.ferocity + (info.melee_ferocity if melee else 0)
        )
        if value:
            mods.append(Modifier(Term.SKILL, value, skill.value))
            shown.skill(human, skill)
    mods += command_modifier(ctx, human, shown)
    if weapon is not None and weapon.firearm:
        mods += _ammunition(ctx, human, target_id, shown)
    return mods


def _ammunition(ctx: Ctx, human: Human, target_id: str, shown: Shown) -> list[Modifier]:
    """G.2.4 Toxic Ammo, which an alien with Immunity ignores (G.4)."""
    extras = [g for g in carried_gear(ctx, human.id) if g.firearm_ferocity]
    if not extras:
        return []
    target = ctx.state.aliens.get(target_id)
    if target is not None and has_ability(ctx.state, target, Ability.IMMUNITY):
        shown.ability(Ability.IMMUNITY)
        return []
    used = list({g.id: g for g in extras}.values())
    for gear in used:
        shown.item(human.id, gear.id)
    return [Modifier(Term.GEAR, g.firearm_ferocity, g.name) for g in used]


def alien_ferocity(ctx: Ctx, alien: Alien) -> list[Modifier]:
    """D.1, G.5: the life stage's ferocity."""
    value = ctx.content.life_stages[stage(alien)].ferocity
    own = Modifier(Term.FEROCITY, value, alien.stage)
    return [own, *ferocity_terms(ctx.state, alien.id, value)]  # the reactions variant's


def resilience(ctx: Ctx, unit_id: str, shown: Shown) -> list[Modifier]:
    """D.1: the target's resilience, as negative terms: a human's own, Powerful (G.3)
    and worn Body Armour (E.3.7); an alien's life stage and Carapace (G.4)."""
    state, content = ctx.state, ctx.content
    if not state.is_human(unit_id):
        alien = state.alien(unit_id)
        base = content.life_stages[stage(alien)].resilience
        mods = [Modifier(Term.RESILIENCE, -base, alien.stage)]
        for ability in alien_abilities(state, alien):
            extra = content.abilities[ability].resilience
            if extra:
                mods.append(Modifier(Term.ABILITY, -extra, ability.value))
                shown.ability(ability)
        return mods + resilience_terms(state, alien.id, base)
    human = state.human(unit_id)
    mods = [Modifier(Term.RESILIENCE, -content.human_stats.resilience, human.name)]
    for skill in dict.fromkeys(skills_of(content, human)):
        extra = content.skills[skill].resilience * skill_count(content, human, skill)
        if extra:
            mods.append(Modifier(Term.SKILL, -extra, skill.value))
            shown.skill(human, skill)
    for gear in carried_gear(ctx, unit_id):
        if gear.resilience:
            mods.append(Modifier(Term.GEAR, -gear.resilience, gear.name))
            shown.item(unit_id, gear.id)
    return mods


def range_penalty(weapon: Gear | None, distance: int) -> list[Modifier]:
    """E.3.8, G.2.1: the target adds to its resilience per full range step (gap 9)."""
    if weapon is None or not weapon.ranged:
        return []
    penalty = weapon.range_penalty(distance)
    return [Modifier(Term.RANGE, -penalty, str(distance))] if penalty else []


def strike(
    ctx: Ctx, attacker_id: str, target_id: str, mods: list[Modifier], weapon: Gear | None = None
) -> Roll:
    """Roll one attack with every modifier announced and apply it (D.1, D.5)."""
    attempt = Attempt(
        effort=Effort.ATTACK,
        who=ctx.who(attacker_id),
        target=ctx.who(target_id),
        weapon=weapon.id.value if weapon is not None else "",
    )
    roll = ctx.roll(attempt, mods)
    resolve_hit(ctx, target_id, roll, attacker_id)
    return roll
