"""What every effort shares: its price in actions (G.1), the actions committed to a
die roll (C.1), the skills and abilities it shows the other side (C.3, E.1), and the
Command bonus (G.3).

Costs and modifiers are worked out before anything changes, so a refused command
leaves the state as it was; what an effort reveals is collected in a :class:`Shown`
and made public only once the effort is really made.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.actions import require_actions, spend
from engine.board.geometry import grid_range
from engine.board.grid import Grid
from engine.content_models import Ability, Activity, Skill
from engine.context import Ctx
from engine.dice import Modifier, Roll, Term
from engine.errors import RuleError
from engine.events import AbilityRevealed, Attempt, GearRevealed, SkillRevealed
from engine.state import Condition, Human, Side
from engine.units import has_skill, skill_count

# G.3: "a +1 die roll boost". The content tables give no number for it, and gap 12
# says it never grows with more commanders.
COMMAND_BONUS = 1


def require_able(ctx: Ctx, activity: Activity, unit_id: str, rule: str = "G.1") -> None:
    """Refuse an act G.1 marks "-" for the unit's side (the alien never searches, the
    crew never mutates …), whatever else the position allows."""
    row = ctx.content.actions[activity]
    human = ctx.state.is_human(unit_id)
    if (row.human if human else row.alien) is None:
        side = "the crew" if human else "the alien"
        raise RuleError(f"{side} cannot {row.label.lower()}", rule=rule)


def action_cost(ctx: Ctx, activity: Activity, unit_id: str) -> int:
    """G.1's price of ``activity`` for the unit's side; refuses where that side cannot."""
    require_able(ctx, activity, unit_id)
    row = ctx.content.actions[activity]
    cost = row.human if ctx.state.is_human(unit_id) else row.alien
    if cost is None or cost == "X":
        raise ValueError(f"{activity} has no fixed cost")
    return cost


def boost_price(ctx: Ctx, unit_id: str, boost: int) -> int:
    """Actions it takes to add ``boost`` to a roll (G.1 "Boost one effort by one")."""
    return boost * action_cost(ctx, Activity.BOOST, unit_id)


def afford(ctx: Ctx, unit_id: str, cost: int, boost: int, doing: str, rule: str) -> None:
    """Refuse, changing nothing, unless the unit can pay the effort and its boost."""
    what = f"{doing} with +{boost}" if boost else doing
    require_actions(ctx, unit_id, cost + boost_price(ctx, unit_id, boost), what, rule)


def commit(ctx: Ctx, unit_id: str, cost: int, boost: int) -> list[Modifier]:
    """Spend the effort and the committed actions before the roll: they are used
    whatever the die shows (C.1). Returns the roll's "actions" modifier."""
    spend(ctx, unit_id, cost + boost_price(ctx, unit_id, boost))
    return [Modifier(Term.ACTIONS, boost)] if boost else []


@dataclass
class Shown:
    """Markers an effort uses, to turn face-up once it is made (C.3, E.1)."""

    skills: list[tuple[Human, Skill]] = field(default_factory=list)
    abilities: list[Ability] = field(default_factory=list)
    gear: list[tuple[str, str]] = field(default_factory=list)  # (carrier, gear kind)

    def skill(self, human: Human, skill: Skill) -> None:
        self.skills.append((human, skill))

    def item(self, carrier: str, kind: str) -> None:
        self.gear.append((carrier, kind))

    def ability(self, ability: Ability) -> None:
        self.abilities.append(ability)

    def reveal(self, ctx: Ctx) -> None:
        for human, skill in self.skills:
            show_skill(ctx, human, skill)
        for ability in self.abilities:
            show_ability(ctx, ability)
        for carrier, kind in dict.fromkeys(self.gear):
            show_gear(ctx, carrier, kind)


def show_gear(ctx: Ctx, carrier: str, kind: str) -> None:
    """C.3: gear used is turned face up, for everyone, for good. The carrier's first
    marker of that kind (by id) is the one used."""
    items = sorted(
        (i for i in ctx.state.items.values() if i.holder == carrier and i.kind == kind),
        key=lambda i: i.id,
    )
    if not items or Side.ALIEN.value in items[0].examined_by:
        return
    items[0].examined_by |= {Side.CREW.value, Side.ALIEN.value}
    ctx.say(GearRevealed(who=ctx.who(carrier), item=items[0].id, gear=kind))


def show_skill(ctx: Ctx, human: Human, skill: Skill) -> None:
    """Turn face-up the role and skill markers that give ``skill``: E.1 lets the
    alien know a role once its skill is used, C.3 a skill marker."""
    shown_role = ""
    role = ctx.content.role(human.role) if human.role else None
    if role is not None and role.skill is skill and "role" not in human.revealed:
        human.revealed.add("role")
        shown_role = role.name
    shown_marker = human.skill_marker == skill.value and "skill" not in human.revealed
    if shown_marker:
        human.revealed.add("skill")
    if shown_role or shown_marker:
        who = ctx.who(human.id)
        ctx.say(SkillRevealed(who=who, skill=skill.value, role=shown_role, marker=shown_marker))


def show_ability(ctx: Ctx, ability: Ability) -> None:
    """C.3: the alien reveals an ability marker when it uses it."""
    revealed = ctx.state.alien_secrets.revealed_abilities
    if ability in revealed:
        return
    revealed.add(ability)
    ctx.say(AbilityRevealed(ability=ability.value))


def skill_modifier(ctx: Ctx, human: Human, skill: Skill, shown: Shown) -> list[Modifier]:
    """C.1: add the number of ``skill`` markers the human holds."""
    count = skill_count(ctx.content, human, skill)
    if not count:
        return []
    shown.skill(human, skill)
    return [Modifier(Term.SKILL, count, skill.value)]


def commander_for(ctx: Ctx, human: Human) -> Human | None:
    """A conscious human with Command in the same or an adjacent grid, the acting
    human first (G.3). Adjacent means range 1: walls do not matter to a shout."""
    here = ctx.state.unit_grid(human.id)
    if here is None:
        return None
    near = [
        h
        for h in ctx.state.live_humans()
        if h.condition is not Condition.UNCONSCIOUS
        and has_skill(ctx.content, h, Skill.COMMAND)
        and _within_one(here, ctx.state.unit_grid(h.id))
    ]
    near.sort(key=lambda h: (h.id != human.id, h.id))
    return near[0] if near else None


def _within_one(here: Grid, there: Grid | None) -> bool:
    distance = None if there is None else grid_range(here, there)
    return distance is not None and distance <= 1


def command_modifier(ctx: Ctx, human: Human, shown: Shown) -> list[Modifier]:
    """G.3: +1 to any roll made near a commander; never more, however many (gap 12)."""
    commander = commander_for(ctx, human)
    if commander is None:
        return []
    shown.skill(commander, Skill.COMMAND)
    return [Modifier(Term.COMMAND, COMMAND_BONUS)]


def crew_effort(
    ctx: Ctx,
    human: Human,
    skill: Skill,
    activity: Activity,
    boost: int,
    attempt: Attempt,
    kits: tuple[str, ...] = (),
) -> Roll:
    """One skilled C.1 effort by a human (heal, repair …), made after every check:
    pay the activity and the boost, add the skill and Command, turn the ``kits`` used
    face up (C.3), announce, roll."""
    shown = Shown()
    for kit in kits:
        shown.item(human.id, kit)
    mods = commit(ctx, human.id, action_cost(ctx, activity, human.id), boost)
    mods += skill_modifier(ctx, human, skill, shown)
    mods += command_modifier(ctx, human, shown)
    shown.reveal(ctx)
    return ctx.roll(attempt, mods)
