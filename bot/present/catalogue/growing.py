"""The English catalogue: growing (C.3, C.10, G.4, G.5)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.present.catalogue.words import Name, content, count, name
from bot.present.plain import plain
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
    return f"There is nothing to eat in {plain(e.crate)}: no actions spent (C.10.1)"


def _foraged(e: Foraged) -> str:
    what = f"{e.body.name}'s body" if e.body else "a food supplies crate"
    stores = count(e.stores, "energy store")
    return (
        f"{Name(e.who)} consumes {what}: {stores} (now {e.energy}); "
        "it is removed from the game (C.10.1)"
    )


def _examined(e: Examined) -> str:
    return f"{Name(e.who)} examines {plain(e.crate)} (C.3)"


def _crate_seen(e: CrateSeen) -> str:
    return f"{plain(e.crate)} holds {e.supply} (C.3)"


def _mutated(e: Mutated) -> str:
    return f"{Name(e.who)} mutates into a {e.stage}: {e.stores} energy stores consumed (C.10, G.5)"


def _royal_mutated(e: RoyalMutated) -> str:
    return (
        f"{Name(e.who)} mutates again, leaving spores and resin all over the ship: "
        f"{e.stores} energy stores consumed, one point to the alien (C.10, F.1; "
        f"{e.royal_mutations} so far)"
    )


def _ability_drawn(e: AbilityDrawn) -> str:
    return f"{Name(e.who)} draws a face-down ability marker (C.10, G.5)"


def _ability_learned(e: AbilityLearned) -> str:
    summary = content().abilities[Ability(e.ability)].summary
    return f"New secret ability for {name(e.who)}: {e.ability} - {summary} (G.4)"


def _no_ability_left(_: NoAbilityLeft) -> str:
    return "No ability markers are left to draw (G.5)"


def _shed(e: Shed) -> str:
    things = count(e.count, "thing")
    return f"{Name(e.who)} cannot carry so much as a {e.who.name} and drops {things} (E.3.1)"


def _spawned(e: Spawned) -> str:
    return (
        f"A new Larva ({e.who.id}) appears at {e.grid} from {e.host.name}'s body: "
        f"{e.stores} energy stores consumed and the body is gone; it acts from the next "
        "alien phase (G.4)"
    )


def _surged(e: Surged) -> str:
    return (
        f"{Name(e.who)} burns an energy store for {e.actions} more actions "
        f"(now {e.energy} stores) (G.4)"
    )


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
