"""The English catalogue: fighting (D)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.present.catalogue.words import Name, content
from bot.present.locale import N_, _, ngettext
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
    return _("Door {door} is smashed open (D.2)").format(door=e.door)


def _nexus_damaged(e: NexusDamaged) -> str:
    if not e.critical:
        said = _(
            "The nexus at {grid} is damaged: it is the {system}, which is not critical: no "
            "effect (C.9, {rule})"
        )
        return said.format(grid=e.grid, system=e.system, rule=e.rule)
    if not e.turns:  # the emergencies variant: an emergency, no countdown (E.2a)
        said = _("The nexus at {grid} is damaged: it is the {system}: an emergency in its room")
        return said.format(grid=e.grid, system=e.system)
    effect = content().systems[ShipSystem(e.system)].effect
    said = _(
        "The nexus at {grid} is damaged: it is the {system}! Repair it within {turns}, "
        "before the start of the alien phase of turn {turn} (C.9, {rule}: {effect})"
    )
    turns = ngettext("{n} turn", "{n} turns", e.turns).format(n=e.turns)
    return said.format(
        grid=e.grid, system=e.system, turns=turns, turn=e.deadline_turn, rule=e.rule, effect=effect
    )


def _energy_spent(e: EnergySpent) -> str:
    if e.bait:
        said = _(
            "{who} burns an energy store on the exact {target}: injured, not killed (D.5, G.2.2)"
        )
    else:
        said = _("{who} burns an energy store to shrug off the exact {target} (D.5)")
    return said.format(who=Name(e.who), target=e.target)


def _injured(e: Injured) -> str:
    if e.who.alien:
        said = _("{who} is injured: no abilities until healed (D.5)")
    elif e.unconscious:
        said = _("{who} falls unconscious (G.4 Venom)")
    else:
        said = _("{who} is injured (D.5)")
    said = said.format(who=Name(e.who))
    if e.dropped:
        drops = ngettext("and drops one thing", "and drops {n} things", e.dropped)
        said += " " + drops.format(n=e.dropped)
    return said


_DEATHS = {
    Death.WOUNDS: N_("{who} dies (D.5)"),
    Death.HUMOID: N_("{who} is destroyed and removed from the game (G.3)"),
    Death.SECOND_INJURY: N_("{who} dies of its second injury (D.5)"),
    Death.POISON_BAIT: N_("{who} is killed by the Poison Bait (G.2.2)"),
    Death.BLOWN_OUT: N_("{who} is blown out and burns up falling to the planet (E.2.5)"),
    Death.BLOWN_OUT_HIDDEN: N_(
        "{who} is blown out from behind the pipes and burns up falling to the planet (E.2.5)"
    ),
    Death.SHIP_DESTROYED: N_("{who} dies with the Quicksilver ({rule})"),
}


def _died(e: Died) -> str:
    return _(_DEATHS[e.cause]).format(who=Name(e.who), rule=e.rule)


def _healed(e: Healed) -> str:
    if e.repaired:
        return _("{who} is repaired and healed (G.3)").format(who=Name(e.who))
    return _("{who} is healed (D.5)").format(who=Name(e.who))


SENTENCES: dict[type[Event], Callable[[Any], str]] = {
    AlienAttacked: _alien_attacked,
    DoorSmashed: _door_smashed,
    NexusDamaged: _nexus_damaged,
    EnergySpent: _energy_spent,
    Injured: _injured,
    Died: _died,
    Healed: _healed,
}
