"""The ``halon`` variant's events in words (README, "Variants")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.present.catalogue.words import Name, name
from bot.present.locale import _, ngettext
from engine.events import Event
from engine.halon.events import HalonImmune, HalonTanksStowed, Purged, PurgeFailed, Recharged


def _stowed(e: HalonTanksStowed) -> str:
    grids = ", ".join(str(g) for g in e.grids)
    said = _("The fire suppression system is charged; Halon Tanks lie face up at {grids}")
    return said.format(grids=grids)


def _purged(e: Purged) -> str:
    left = ngettext("{n} purge left", "{n} purges left", e.left).format(n=e.left)
    if not e.found:
        said = _("Halon floods the {room}: nothing ({left})")
        return said.format(room=e.room, left=left)
    caught = ", ".join(name(w) for w in e.found)
    said = _("Halon floods the {room}: {caught} caught in it ({left})")
    return said.format(room=e.room, caught=caught, left=left)


def _failed(e: PurgeFailed) -> str:
    said = _("The halon does not flood the {room}: the charge is kept")
    return said.format(room=e.room)


def _immune(e: HalonImmune) -> str:
    return _("{who} shrugs off the halon: Immunity").format(who=Name(e.who))


def _recharged(e: Recharged) -> str:
    said = _("{who} loads a Halon Tank: the fire suppression system is charged")
    return said.format(who=Name(e.who))


SENTENCES: dict[type[Event], Callable[[Any], str]] = {
    HalonTanksStowed: _stowed,
    Purged: _purged,
    PurgeFailed: _failed,
    HalonImmune: _immune,
    Recharged: _recharged,
}
