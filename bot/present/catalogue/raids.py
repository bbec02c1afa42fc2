"""The ``raids`` variant's events in words (README, "Variants"; docs/rules-decisions.md,
"Variants: raids"). Every strength is shown with what it is made of, as a roll is."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.present.catalogue.words import Name
from bot.present.locale import _
from engine.events import Event
from engine.raids.events import (
    AbilityDamaged,
    AbilityDamagedName,
    AdmiralDecided,
    Contributed,
    EmpireDefeated,
    RaidBegins,
    RaidCards,
    RaidDefence,
    RaidOrder,
    RaidRepaired,
    Repulsed,
    RoomDamaged,
)


def _paid(paid: str) -> str:
    """What a side paid, as people name it: never a crate's id (README, "Secrets")."""
    return _("an energy store") if paid == "energy" else _("a supplies crate")


def side_name(side: str) -> str:
    return {"crew": _("the crew"), "alien": _("the alien"), "both": _("both sides")}[side]


def _begins(e: RaidBegins) -> str:
    said = _(
        "Opari raid! Military: crew {crew} ({gunners} gunners, {helms} at the helm), "
        "alien {alien}; repulse value {repulse}"
    )
    return said.format(
        crew=e.crew, gunners=e.gunners, helms=e.helms, alien=e.alien, repulse=e.repulse
    )


def _repulsed(e: Repulsed) -> str:
    said = _(
        "The Opari are repulsed: {crew} + {alien} = {total} ≥ {repulse}. The raids are over; "
        "Greatest Admiral: {admiral}"
    )
    total = e.crew + e.alien
    return said.format(
        crew=e.crew, alien=e.alien, total=total, repulse=e.repulse, admiral=side_name(e.admiral)
    )


def _cards(e: RaidCards) -> str:
    said = _("Raid cards: {crew} against the crew, {alien} against the alien")
    text = said.format(crew=e.crew_card, alien=e.alien_card)
    if e.tie:
        text += _(" (equal Military: the tie order chose, and now swaps)")
    if e.reshuffled:
        text += _(" (the wave-3 discard was shuffled into a new deck)")
    return text


def _defence(e: RaidDefence) -> str:
    parts = [_("Military {military}").format(military=e.military)]
    if e.bunker:
        paid = _paid(e.paid)
        parts.append(_("+{bunker} bunker ({paid})").format(bunker=e.bunker, paid=paid))
    total = e.military + e.bunker
    head = " ".join(parts) + f" = {total}"
    against = _("card {card}: strength {strength}").format(card=e.card, strength=e.strength)
    if e.defended:
        said = _("{side}: {head} > {against}: defended, +{awards} awards")
        return said.format(side=side_name(e.side), head=head, against=against, awards=e.awards)
    said = _("{side}: {head}, not more than {against}: the defence fails")
    return said.format(side=side_name(e.side), head=head, against=against)


def _room(e: RoomDamaged) -> str:
    if not e.room:
        return _("Every room the Opari can damage already is")
    return _("The Opari damage the {room} until it is repaired").format(room=e.room)


def _ability(e: AbilityDamaged) -> str:
    if e.none or e.who is None:
        return _("The alien has no ability left for the Opari to damage")
    if e.ability:
        said = _("The Opari damage the {who}'s {ability} until it is repaired")
        return said.format(who=e.who.name, ability=e.ability)
    return _("The Opari damage one face-down ability of the {who}").format(who=e.who.name)


def _ability_name(e: AbilityDamagedName) -> str:
    return _("(yours: {ability} is damaged)").format(ability=e.ability)


def _defeat(e: EmpireDefeated) -> str:
    if not e.system:
        return _("Empire defeat: the raids end; the parting volley finds no system left to hit")
    said = _("Empire defeat: the raids end, and the Opari's parting volley damages the {system}")
    return said.format(system=e.system)


def _contributed(e: Contributed) -> str:
    paid = _paid(e.paid)
    said = _(
        "{who} contributes {paid} to the war effort: repulse value {repulse}, war chips {chips}"
    )
    return said.format(who=Name(e.who), paid=paid, repulse=e.repulse, chips=e.chips)


def _repaired(e: RaidRepaired) -> str:
    what = e.room or e.ability or _("a face-down ability")
    if e.paid == "energy":
        said = _("{who} repairs {what} with an energy store")
    elif e.paid:
        said = _("{who} repairs the {what} with {paid}")
    else:
        said = _("{who} repairs the {what}")
    return said.format(who=Name(e.who), what=what, paid=_paid(e.paid))


def _order(e: RaidOrder) -> str:
    if e.bunker is not None:
        on = _("on") if e.bunker else _("off")
        return _("Standing order: bunker {on}").format(on=on)
    named = ", ".join(e.targets) or _("the default order")
    return _("Standing order: the Opari damage first {named}").format(named=named)


def _admiral(e: AdmiralDecided) -> str:
    said = _(
        "Greatest Admiral, as the game ends with the raids running: {admiral} "
        "(crew {crew}, alien {alien})"
    )
    return said.format(admiral=side_name(e.admiral), crew=e.crew, alien=e.alien)


SENTENCES: dict[type[Event], Callable[[Any], str]] = {
    RaidBegins: _begins,
    Repulsed: _repulsed,
    RaidCards: _cards,
    RaidDefence: _defence,
    RoomDamaged: _room,
    AbilityDamaged: _ability,
    AbilityDamagedName: _ability_name,
    EmpireDefeated: _defeat,
    Contributed: _contributed,
    RaidRepaired: _repaired,
    RaidOrder: _order,
    AdmiralDecided: _admiral,
}
