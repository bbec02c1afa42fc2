"""The ``physiology`` variant's events in words (docs/rules-decisions.md, "Variants:
physiology"), and the Regeneration tokens' (a pool other variants share). Card and type
names are the data's, as they are (they name things, like gear)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.present.catalogue.words import Name, name
from bot.present.locale import _, ngettext
from engine.events import Event
from engine.fighting.regeneration import TokensGained, TokenSpent
from engine.physiology.events import (
    CardSeen,
    CardStudied,
    CardTurnedUp,
    HarmChanged,
    MarkerMutated,
    SensitivityRolled,
)


def _turned_up(e: CardTurnedUp) -> str:
    said = _("The {damage} damage card turns face up: {card} (P.2)")
    return said.format(damage=e.damage, card=e.card)


def _studied(e: CardStudied) -> str:
    return _("The crew studied the {damage} card (P.4)").format(damage=e.damage)


def _seen(e: CardSeen) -> str:
    said = _("Your study shows the {damage} card: {card}; it stays face down for the alien")
    return said.format(damage=e.damage, card=e.card)


def _harm(e: HarmChanged) -> str:
    if e.harm == 0:
        said = _("{card} to {damage}: the hit does not injure {who}")
    else:
        said = _("{card} to {damage}: the hit deals {who} {harm} injuries")
    return said.format(card=e.card, damage=e.damage, who=name(e.who), harm=e.harm)


def _sensitivity(e: SensitivityRolled) -> str:
    if e.die % 2 == 0:
        said = _("Sensitivity: die {die}, even: {who} suffers one more injury")
    else:
        said = _("Sensitivity: die {die}, odd: no more injury")
    return said.format(die=e.die, who=Name(e.who))


def _mutated(e: MarkerMutated) -> str:
    said = _("Mutagenic: {who} loses its {ability} marker and draws a new one face down")
    return said.format(who=Name(e.who), ability=e.ability)


def _gained(e: TokensGained) -> str:
    said = ngettext(
        "{who} gains {n} Regeneration token ({pool} in the pool)",
        "{who} gains {n} Regeneration tokens ({pool} in the pool)",
        e.count,
    )
    return said.format(who=Name(e.who), n=e.count, pool=e.pool)


def _spent(e: TokenSpent) -> str:
    said = _("{who} spends a Regeneration token instead of an injury ({pool} left)")
    return said.format(who=Name(e.who), pool=e.pool)


SENTENCES: dict[type[Event], Callable[[Any], str]] = {
    CardTurnedUp: _turned_up,
    CardStudied: _studied,
    CardSeen: _seen,
    HarmChanged: _harm,
    SensitivityRolled: _sensitivity,
    MarkerMutated: _mutated,
    TokensGained: _gained,
    TokenSpent: _spent,
}
