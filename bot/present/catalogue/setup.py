"""The English catalogue: set-up (B.1)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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
    return f"{names} died on the planet; their cadavers lie in quarantine (B.1.2)"


def _dead_role(e: DeadRole) -> str:
    return f"{e.who.name} held the role {e.role}"


def _injured_in_beds(e: InjuredInBeds) -> str:
    return f"{' and '.join(w.name for w in e.injured)} lie injured in the Infirmary beds"


def _role_taken(e: RoleTaken) -> str:
    return f"{e.who.name} takes the role {e.role}"


def _skill_drawn(e: SkillDrawn) -> str:
    return f"{e.who.name} draws skill {e.skill}"


def _role_gear(e: RoleGear) -> str:
    return f"{e.who.name} starts with a {e.gear}: the {e.role} (E.1)"


def _placed(e: Placed) -> str:
    return f"{e.who.name} takes position at {e.grid}"


def _supplies_stowed(_: SuppliesStowed) -> str:
    return "Nine face-down supplies crates are stowed in the Cargo Hold and Store"


def _ability_chosen(e: AbilityChosen) -> str:
    return f"The alien's secret ability: {e.ability} (B.1.3)"


def _larva_placed(e: LarvaPlaced) -> str:
    return f"The Larva lurks at {e.grid} (B.1.3)"


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
