"""The English catalogue: growing (C.3, C.10, G.4, G.5)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.present.catalogue.words import Name, content, name
from bot.present.locale import _, ngettext
from engine.content_models import Ability
from engine.events import (
    Event,
)
from engine.growing.events import (
    AbilityDrawn,
    AbilityLearned,
    CrateSeen,
    Examined,
    Foraged,
    Mutated,
    NoAbilityLeft,
    NothingToEat,
    RoyalMutated,
    Shed,
    Spawned,
    Surged,
)


def _nothing_to_eat(e: NothingToEat) -> str:
    return _("There is nothing to eat in the supplies crate: no actions spent (C.10.1)")


def _stores(n: int) -> str:
    return ngettext("{n} energy store", "{n} energy stores", n).format(n=n)


def _foraged(e: Foraged) -> str:
    if e.body:
        said = _(
            "{who} consumes {body}'s body: {stores} (now {energy}); it is removed from the "
            "game (C.10.1)"
        )
    else:
        said = _(
            "{who} consumes a food supplies crate: {stores} (now {energy}); it is removed "
            "from the game (C.10.1)"
        )
    body = e.body.name if e.body else ""
    return said.format(who=Name(e.who), body=body, stores=_stores(e.stores), energy=e.energy)


def _examined(e: Examined) -> str:
    return _("{who} examines a supplies crate (C.3)").format(who=Name(e.who))


def _crate_seen(e: CrateSeen) -> str:
    return _("The supplies crate holds {supply} (C.3)").format(supply=e.supply)


def _mutated(e: Mutated) -> str:
    said = _("{who} mutates into a {stage}: {stores} consumed (C.10, G.5)")
    return said.format(who=Name(e.who), stage=e.stage, stores=_stores(e.stores))


def _royal_mutated(e: RoyalMutated) -> str:
    said = _(
        "{who} mutates again, leaving spores and resin all over the ship: {stores} "
        "consumed, one point to the alien (C.10, F.1; {count} so far)"
    )
    return said.format(who=Name(e.who), stores=_stores(e.stores), count=e.royal_mutations)


def _ability_drawn(e: AbilityDrawn) -> str:
    return _("{who} draws a face-down ability marker (C.10, G.5)").format(who=Name(e.who))


def _ability_learned(e: AbilityLearned) -> str:
    summary = content().abilities[Ability(e.ability)].summary
    said = _("New secret ability for {who}: {ability} - {summary} (G.4)")
    return said.format(who=name(e.who), ability=e.ability, summary=summary)


def _no_ability_left(_e: NoAbilityLeft) -> str:
    return _("No ability markers are left to draw (G.5)")


def _shed(e: Shed) -> str:
    things = ngettext("{n} thing", "{n} things", e.count).format(n=e.count)
    said = _("{who} cannot carry so much as a {stage} and drops {things} (E.3.1)")
    return said.format(who=Name(e.who), stage=e.who.name, things=things)


def _spawned(e: Spawned) -> str:
    said = _(
        "{who}, a new Larva, appears at {grid} from {host}'s body: {stores} consumed and "
        "the body is gone; it acts from the next alien phase (G.4)"
    )
    return said.format(who=Name(e.who), grid=e.grid, host=e.host.name, stores=_stores(e.stores))


def _surged(e: Surged) -> str:
    said = _("{who} burns an energy store for {actions} more actions (now {energy}) (G.4)")
    return said.format(who=Name(e.who), actions=e.actions, energy=_stores(e.energy))


SENTENCES: dict[type[Event], Callable[[Any], str]] = {
    NothingToEat: _nothing_to_eat,
    Foraged: _foraged,
    Examined: _examined,
    CrateSeen: _crate_seen,
    Mutated: _mutated,
    RoyalMutated: _royal_mutated,
    AbilityDrawn: _ability_drawn,
    AbilityLearned: _ability_learned,
    NoAbilityLeft: _no_ability_left,
    Shed: _shed,
    Spawned: _spawned,
    Surged: _surged,
}
