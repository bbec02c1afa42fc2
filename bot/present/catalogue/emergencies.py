"""The ``emergencies`` variant's events in words (README, "Variants")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.present.catalogue.words import Name, roll_sum
from bot.present.locale import N_, _, ngettext
from engine.emergencies.events import (
    Cause,
    Counteracted,
    EmergencyCreated,
    EmergencyCritical,
    EmergencyResolved,
    EmergencyRose,
    EmergencyTurnedUp,
    ShipBreaksUp,
    WallSmashed,
)
from engine.events import Event

_CAUSES = {
    Cause.NEXUS: N_("the damaged system"),
    Cause.WALL: N_("the smashed wall"),
    Cause.COMPROMISED: N_("the compromised {room}, left open"),
    Cause.DECAY: N_("the decaying orbit"),
}


def _created(e: EmergencyCreated) -> str:
    cause = _(_CAUSES[e.cause]).format(room=e.source)
    if e.room:
        said = _("Emergency {field} in the {room}, face down, from {cause}")
        return said.format(field=e.field, room=e.room, cause=cause)
    said = _("Emergency {field}, face down, from {cause}")
    return said.format(field=e.field, cause=cause)


def _turned_up(e: EmergencyTurnedUp) -> str:
    said = _("Emergency {field} turns up: the {room}, level 1, {function} disabled ({n} points)")
    return said.format(field=e.field, room=e.room, function=e.function, n=e.needed)


def _rose(e: EmergencyRose) -> str:
    said = _("Emergency {field} in the {room} rises to level {level}")
    return said.format(field=e.field, room=e.room, level=e.level)


def _critical(e: EmergencyCritical) -> str:
    said = _(
        "Emergency {field} goes critical: the {room} is compromised for good, "
        "{function} stays disabled"
    )
    return said.format(field=e.field, room=e.room, function=e.function)


def _counteracted(e: Counteracted) -> str:
    points = ngettext("{n} point", "{n} points", e.points).format(n=e.points)
    said = _("{who} counteracts emergency {field} ({room}): {roll}: {points} ({total}/{needed})")
    return said.format(
        who=Name(e.who),
        field=e.field,
        room=e.room,
        roll=roll_sum(e.roll),
        points=points,
        total=e.total,
        needed=e.needed,
    )


def _resolved(e: EmergencyResolved) -> str:
    if e.toolkit:
        said = _("The repaired system resolves emergency {field} in the {room}")
    else:
        said = _("Emergency {field} in the {room} is resolved")
    text = said.format(field=e.field, room=e.room)
    if e.function:
        text += _(": {function} works again").format(function=e.function)
    return text


def _wall(e: WallSmashed) -> str:
    said = _("{who} smashes the wall on side {side} of {grid}")
    return said.format(who=Name(e.who), side=e.side, grid=e.grid)


def _breaks_up(_e: ShipBreaksUp) -> str:
    return _("Every emergency field is taken: the Quicksilver breaks up")


SENTENCES: dict[type[Event], Callable[[Any], str]] = {
    EmergencyCreated: _created,
    EmergencyTurnedUp: _turned_up,
    EmergencyRose: _rose,
    EmergencyCritical: _critical,
    Counteracted: _counteracted,
    EmergencyResolved: _resolved,
    WallSmashed: _wall,
    ShipBreaksUp: _breaks_up,
}
