"""The English catalogue: efforts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.present.catalogue.words import Name, gear_name, name, roll_text
from bot.present.locale import _
from bot.present.plain import plain
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
    Means.AIDKIT: "with the AidKit",
    Means.INFIRMARY: "in the Infirmary",
    Means.SCIKIT: "with the SciKit",
    Means.LAB: "in the Lab",
}


def attempt_text(a: Attempt) -> str:
    """What the roll is for: "Hyun attacks the Larva with the Carbine"."""
    who = Name(a.who) if a.who else ""
    target = name(a.target) if a.target else ""
    means = _MEANS[a.means] if a.means else ""
    match a.effort:
        case Effort.ATTACK:
            if a.weapon:
                weapon = gear_name(a.weapon)
                return _("{who} attacks {target} with the {weapon}").format(
                    who=who, target=target, weapon=weapon
                )
            return _("{who} attacks {target}").format(who=who, target=target)
        case Effort.ATTACK_DOOR:
            return f"{who} attacks door {a.door}"
        case Effort.ATTACK_NEXUS:
            return f"{who} attacks the nexus at {a.grid}"
        case Effort.BAIT:
            return f"The Poison Bait attacks {target}"
        case Effort.HEAL:
            return f"{who} heals {target} {means}"
        case Effort.HEAL_SELF:
            return f"{who} heals"
        case Effort.AUTOPSY:
            return f"{who} autopsies {target} {means}"
        case Effort.FABRICATE:
            return f"{who} fabricates an improvised device"
        case Effort.REPAIR_DOOR:
            return f"{who} repairs door {a.door}"
        case Effort.REPAIR_SYSTEM:
            return f"{who} repairs the {a.system} at {a.grid}"
        case Effort.REPAIR_HUMOID:
            return f"{who} repairs {target}"
        case Effort.MUTATE:
            return f"{who} mutates"
        case Effort.SPAWN:
            return f"{who} spawns a Larva"


def _rolled(e: Rolled) -> str:
    return f"{attempt_text(e.attempt)}: {roll_text(e.roll)}"


def _gear_revealed(e: GearRevealed) -> str:
    said = _("{who} uses {item}: a {gear}, now face up (C.3)")
    return said.format(who=Name(e.who), item=plain(e.item), gear=e.gear)


def _skill_revealed(e: SkillRevealed) -> str:
    shown = [_("role marker {role}").format(role=e.role)] if e.role else []
    shown += [_("skill marker {skill}").format(skill=e.skill)] if e.marker else []
    said = _("{who} uses {skill}: {shown} turned face-up (C.3, E.1)")
    return said.format(who=Name(e.who), skill=e.skill, shown=_(" and ").join(shown))


def _ability_revealed(e: AbilityRevealed) -> str:
    return f"The alien reveals its {e.ability} ability (C.3, G.4)"


SENTENCES: dict[type[Event], Callable[[Any], str]] = {
    Rolled: _rolled,
    GearRevealed: _gear_revealed,
    SkillRevealed: _skill_revealed,
    AbilityRevealed: _ability_revealed,
}
