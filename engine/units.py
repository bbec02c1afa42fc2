"""Facts about units derived from state and content: skills, actions, burdens."""

from __future__ import annotations

from engine.board.grid import Grid
from engine.consult import Secret, consult
from engine.content import Content
from engine.content_models import Ability, GearKind, LifeStage, Skill
from engine.state import Alien, Condition, GameState, Human, Item, Side

SUPPLIES = "Supplies"


def skills_of(content: Content, human: Human) -> list[Skill]:
    """The role's skill and the skill marker (B.1.2); a skill may appear twice.
    Markers the alien has not seen are the crew's secret (C.3)."""
    if (human.role and "role" not in human.revealed) or (
        human.skill_marker and "skill" not in human.revealed
    ):
        consult(Secret.CREW_MARKERS, ("crew",))
    return _markers(content, human)


def _markers(content: Content, human: Human) -> list[Skill]:
    skills = []
    if human.role is not None:
        skills.append(content.role(human.role).skill)
    if human.skill_marker is not None:
        skills.append(Skill(human.skill_marker))
    return skills


def skill_count(content: Content, human: Human, skill: Skill) -> int:
    return skills_of(content, human).count(skill)


def has_skill(content: Content, human: Human, skill: Skill) -> bool:
    return skill in skills_of(content, human)


def human_actions(content: Content, human: Human) -> int:
    """Actions earned at the start of the crew phase (C.2, D.5, G.3 Athlete, G.4 Venom)."""
    if human.condition is Condition.UNCONSCIOUS and Skill.HUMOID not in _markers(content, human):
        return 0
    stats = content.human_stats
    # Read without consulting: the actions a human earns are the crew's secret too (G.3).
    earned = stats.actions + _markers(content, human).count(Skill.ATHLETE)
    if human.condition is Condition.INJURED:
        earned -= stats.injured_action_loss
    return max(earned, 0)


def alien_abilities(state: GameState, alien: Alien) -> list[Ability]:
    """Abilities this alien can use now: its own markers, none while injured (D.5), none
    the Opari damaged (the raids variant, R.5).
    Markers still face down, and a wound healed behind the pipes (C.7.3), are the alien's
    secret."""
    if alien.pipe_running and alien.injured_when_hidden:
        consult(Secret.HEALED, ("alien",))
    if any(a not in state.alien_secrets.revealed_abilities for a in alien.abilities):
        consult(Secret.ABILITIES, ("alien",))
    if alien.injured:
        return []
    damaged = state.raids.abilities.get(alien.id, ()) if state.raids is not None else ()
    return [Ability(a) for a in alien.abilities if a not in damaged]  # R.5: damaged


def held_abilities(state: GameState) -> list[str]:
    """Every ability marker the alien player holds: in hand (set-up) or with its units."""
    units = [a for alien in state.aliens.values() for a in alien.abilities]
    return [*state.alien_secrets.abilities, *units]


def has_ability(state: GameState, alien: Alien, ability: Ability) -> bool:
    return ability in alien_abilities(state, alien)


def stage(alien: Alien) -> LifeStage:
    return LifeStage(alien.stage)


def item_totage(content: Content, item: Item) -> int:
    """A marker's weight in dots (E.3.1): face-down gear's is the crew's secret (C.3)."""
    if item.kind != SUPPLIES:
        consult(Secret.GEAR, ("crew", *item.examined_by))
    return kind_totage(content, item.kind)


def kind_totage(content: Content, kind: str) -> int:
    """The weight in dots of a marker of ``kind`` (E.3.1): a supplies crate's, or its
    gear's, worn armour none (E.3.7)."""
    if kind == SUPPLIES:
        return content.supplies.totage
    gear = content.gear[GearKind(kind)]
    return 0 if gear.worn else (gear.totage or 0)


def is_worn(content: Content, item: Item) -> bool:
    return item.kind != SUPPLIES and content.gear[GearKind(item.kind)].worn


def reads_kind(item: Item, side: Side) -> bool:
    """Can ``side`` read what this marker is (C.3)? The crew knows its gear; the alien
    only what it has seen face up. A supplies crate always shows that it is one."""
    return side is Side.CREW or item.kind == SUPPLIES or side.value in item.examined_by


def burden(state: GameState, content: Content, unit_id: str) -> tuple[int, int]:
    """(items, totage dots) a unit carries; armour a human wears counts as neither
    (E.3.1, E.3.7). An alien wears nothing: every marker it holds counts."""
    human = state.is_human(unit_id)
    items = [
        i
        for i in state.items.values()
        if i.holder == unit_id and not (human and is_worn(content, i))
    ]
    bodies = [h for h in state.humans.values() if h.holder == unit_id]
    dots = sum(item_totage(content, i) for i in items)
    dots += len(bodies) * content.human_stats.body_totage
    return len(items) + len(bodies), dots


def capacity(state: GameState, content: Content, unit_id: str) -> tuple[int, int]:
    """(items, dots) a unit may carry (E.3.1)."""
    if state.is_human(unit_id):
        stats = content.human_stats
        return stats.carry_items, stats.carry_totage
    info = content.life_stages[stage(state.alien(unit_id))]
    return info.carry_items, info.carry_totage


def carries(state: GameState, unit_id: str, kind: GearKind) -> bool:
    return any(i.holder == unit_id and i.kind == kind for i in state.items.values())


def tended_grid(state: GameState, human: Human) -> Grid | None:
    """Where the crew can tend this human (heal, repair, autopsy): its own grid or its
    human carrier's. A body in an alien's clutches is out of the crew's reach, hidden
    or not, so the crew's options never hang on where a pipe-runner is (C.7, E.3.1)."""
    if human.holder is not None and human.holder in state.aliens:
        return None
    return state.unit_grid(human.id)
