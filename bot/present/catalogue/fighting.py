"""The English catalogue: fighting (D)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.present.catalogue.words import Name, content
from bot.present.locale import _
from engine.content_models import ShipSystem
from engine.events import (
    Event,
)
from engine.fighting.events import (
    AlienAttacked,
    Death,
    Died,
    DoorSmashed,
    EnergySpent,
    Healed,
    Injured,
    NexusDamaged,
)


def _alien_attacked(e: AlienAttacked) -> str:
    victims = ", ".join(w.name for w in e.victims)
    return _("{who} attacks {grid}: {victims} (D.2)").format(
        who=Name(e.who), grid=e.grid, victims=victims
    )


def _door_smashed(e: DoorSmashed) -> str:
    return f"Door {e.door} is smashed open (D.2)"


def _nexus_damaged(e: NexusDamaged) -> str:
    head = f"The nexus at {e.grid} is damaged: it is the {e.system}"
    if not e.critical:
        return f"{head}, which is not critical: no effect (C.9, {e.rule})"
    effect = content().systems[ShipSystem(e.system)].effect
    return (
        f"{head}! Repair it within {e.turns} turns, before the start of the alien phase of "
        f"turn {e.deadline_turn} (C.9, {e.rule}: {effect})"
    )


def _energy_spent(e: EnergySpent) -> str:
    if e.bait:
        return (
            f"{Name(e.who)} burns an energy store on the exact {e.target}: "
            "injured, not killed (D.5, G.2.2)"
        )
    return f"{Name(e.who)} burns an energy store to shrug off the exact {e.target} (D.5)"


def _injured(e: Injured) -> str:
    drops = ""
    if e.dropped:
        drops = f" and drops {'one thing' if e.dropped == 1 else f'{e.dropped} things'}"
    if e.who.alien:
        said = _("{who} is injured: no abilities until healed (D.5)").format(who=Name(e.who))
        return said + drops
    how = "falls unconscious (G.4 Venom)" if e.unconscious else "is injured (D.5)"
    return f"{Name(e.who)} {how}{drops}"


def _died(e: Died) -> str:
    how = {
        Death.WOUNDS: "dies (D.5)",
        Death.HUMOID: "is destroyed and removed from the game (G.3)",
        Death.SECOND_INJURY: "dies of its second injury (D.5)",
        Death.POISON_BAIT: "is killed by the Poison Bait (G.2.2)",
        Death.BLOWN_OUT: _("is blown out and burns up falling to the planet (E.2.5)"),
        Death.BLOWN_OUT_HIDDEN: (
            "is blown out from behind the pipes and burns up falling to the planet (E.2.5)"
        ),
        Death.SHIP_DESTROYED: f"dies with the Quicksilver ({e.rule})",
    }[e.cause]
    return f"{Name(e.who)} {how}"


def _healed(e: Healed) -> str:
    if e.repaired:
        return f"{Name(e.who)} is repaired and healed (G.3)"
    return f"{Name(e.who)} is healed (D.5)"


SENTENCES: dict[type[Event], Callable[[Any], str]] = {
    AlienAttacked: _alien_attacked,
    DoorSmashed: _door_smashed,
    NexusDamaged: _nexus_damaged,
    EnergySpent: _energy_spent,
    Injured: _injured,
    Died: _died,
    Healed: _healed,
}
