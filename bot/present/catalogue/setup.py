"""The English catalogue: set-up (B.1)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.present.locale import _
from engine.events import (
    AbilityChosen,
    DeadRole,
    DiedOnThePlanet,
    Event,
    InjuredInBeds,
    LarvaPlaced,
    Placed,
    RoleGear,
    RoleTaken,
    SkillDrawn,
    SuppliesStowed,
)


def _died_on_the_planet(e: DiedOnThePlanet) -> str:
    names = ", ".join(w.name for w in e.dead)
    return _("{names} died on the planet; their cadavers lie in quarantine (B.1.2)").format(
        names=names
    )


def _dead_role(e: DeadRole) -> str:
    return _("{who} held the role {role}").format(who=e.who.name, role=e.role)


def _injured_in_beds(e: InjuredInBeds) -> str:
    names = _(" and ").join(w.name for w in e.injured)
    return _("{names} lie injured in the Infirmary beds").format(names=names)


def _role_taken(e: RoleTaken) -> str:
    return _("{who} takes the role {role}").format(who=e.who.name, role=e.role)


def _skill_drawn(e: SkillDrawn) -> str:
    return _("{who} draws skill {skill}").format(who=e.who.name, skill=e.skill)


def _role_gear(e: RoleGear) -> str:
    said = _("{who} starts with a {gear}: the {role} (E.1)")
    return said.format(who=e.who.name, gear=e.gear, role=e.role)


def _placed(e: Placed) -> str:
    return _("{who} takes position at {grid}").format(who=e.who.name, grid=e.grid)


def _supplies_stowed(_e: SuppliesStowed) -> str:
    return _("Nine face-down supplies crates are stowed in the Cargo Hold and Store")


def _ability_chosen(e: AbilityChosen) -> str:
    return _("The alien's secret ability: {ability} (B.1.3)").format(ability=e.ability)


def _larva_placed(e: LarvaPlaced) -> str:
    return _("The Larva lurks at {grid} (B.1.3)").format(grid=e.grid)


SENTENCES: dict[type[Event], Callable[[Any], str]] = {
    DiedOnThePlanet: _died_on_the_planet,
    DeadRole: _dead_role,
    InjuredInBeds: _injured_in_beds,
    RoleTaken: _role_taken,
    SkillDrawn: _skill_drawn,
    RoleGear: _role_gear,
    Placed: _placed,
    SuppliesStowed: _supplies_stowed,
    AbilityChosen: _ability_chosen,
    LarvaPlaced: _larva_placed,
}
