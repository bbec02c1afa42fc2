"""The English catalogue: efforts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.present.catalogue.words import Name, gear_name, name, roll_text
from bot.present.locale import N_, _
from engine.events import (
    AbilityRevealed,
    Attempt,
    Effort,
    Event,
    GearRevealed,
    Means,
    Rolled,
    SkillRevealed,
)

_MEANS = {
    Means.AIDKIT: N_("with the AidKit"),
    Means.INFIRMARY: N_("in the Infirmary"),
    Means.SCIKIT: N_("with the SciKit"),
    Means.LAB: N_("in the Lab"),
}


def attempt_text(a: Attempt) -> str:
    """What the roll is for: "Hyun attacks the Larva with the Carbine"."""
    who = Name(a.who) if a.who else ""
    target = name(a.target) if a.target else ""
    means = _(_MEANS[a.means]) if a.means else ""
    match a.effort:
        case Effort.ATTACK | Effort.ATTACK_DOOR | Effort.ATTACK_NEXUS | Effort.BAIT:
            return _attack_attempt(a, who, target)
        case Effort.HEAL:
            return _("{who} heals {target} {means}").format(who=who, target=target, means=means)
        case Effort.HEAL_SELF:
            return _("{who} heals").format(who=who)
        case Effort.AUTOPSY:
            said = _("{who} autopsies {target} {means}")
            return said.format(who=who, target=target, means=means)
        case Effort.FABRICATE:
            return _("{who} fabricates an improvised device").format(who=who)
        case Effort.REPAIR_DOOR:
            return _("{who} repairs door {door}").format(who=who, door=a.door)
        case Effort.REPAIR_SYSTEM:
            said = _("{who} repairs the {system} at {grid}")
            return said.format(who=who, system=a.system, grid=a.grid)
        case Effort.REPAIR_ROOM:
            return _("{who} repairs the {room} the Opari damaged").format(who=who, room=a.system)
        case Effort.REPAIR_HUMOID:
            return _("{who} repairs {target}").format(who=who, target=target)
        case Effort.MUTATE:
            return _("{who} mutates").format(who=who)
        case Effort.SPAWN:
            return _("{who} spawns a Larva").format(who=who)
        case Effort.ATTACK_WALL | Effort.COMPROMISED:
            return _emergency_attempt(a, who, target)
        case Effort.PURGE:  # the halon variant (H.1)
            return _("{who} floods the {room} with halon").format(who=who, room=a.system)


def _attack_attempt(a: Attempt, who: str, target: str) -> str:
    """An attack's roll: on a unit (with a weapon, or bare), a door, a nexus, the Bait's."""
    if a.effort is Effort.ATTACK_DOOR:
        return _("{who} attacks door {door}").format(who=who, door=a.door)
    if a.effort is Effort.ATTACK_NEXUS:
        return _("{who} attacks the nexus at {grid}").format(who=who, grid=a.grid)
    if a.effort is Effort.BAIT:
        return _("The Poison Bait attacks {target}").format(target=target)
    if a.weapon:
        weapon = gear_name(a.weapon)
        return _("{who} attacks {target} with the {weapon}").format(
            who=who, target=target, weapon=weapon
        )
    return _("{who} attacks {target}").format(who=who, target=target)


def _emergency_attempt(a: Attempt, who: str, target: str) -> str:
    """The emergencies variant's rolls: a wall attack (E.2b), a compromised room (E.3.6)."""
    if a.effort is Effort.ATTACK_WALL:
        said = _("{who} attacks the wall on side {side} of {grid}")
        return said.format(who=who, side=a.door, grid=a.grid)
    return _("The compromised room attacks {target}").format(target=target)


def _rolled(e: Rolled) -> str:
    return f"{attempt_text(e.attempt)}: {roll_text(e.roll)}"


def _gear_revealed(e: GearRevealed) -> str:
    said = _("{who} uses the {gear}, now face up (C.3)")
    return said.format(who=Name(e.who), gear=gear_name(e.gear))


def _skill_revealed(e: SkillRevealed) -> str:
    shown = [_("role marker {role}").format(role=e.role)] if e.role else []
    shown += [_("skill marker {skill}").format(skill=e.skill)] if e.marker else []
    said = _("{who} uses {skill}: {shown} turned face-up (C.3, E.1)")
    return said.format(who=Name(e.who), skill=e.skill, shown=_(" and ").join(shown))


def _ability_revealed(e: AbilityRevealed) -> str:
    return _("The alien reveals its {ability} ability (C.3, G.4)").format(ability=e.ability)


SENTENCES: dict[type[Event], Callable[[Any], str]] = {
    Rolled: _rolled,
    GearRevealed: _gear_revealed,
    SkillRevealed: _skill_revealed,
    AbilityRevealed: _ability_revealed,
}
