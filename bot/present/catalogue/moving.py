"""The English catalogue: moving (C.4, E.2.5)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.present.catalogue.words import Name, actions
from bot.present.locale import _, ngettext
from engine.events import (
    Event,
)
from engine.moving.events import (
    BlownOut,
    BlowOutCause,
    DoorWorked,
    LostToSpace,
    MarkersLost,
    Moved,
    Waited,
)


def _moved(e: Moved) -> str:
    if e.cost == 0:  # a forced move the bot made (the reactions variant)
        said = _("{who} is moved {start} → {grid} (no action spent)")
        return said.format(who=Name(e.who), start=e.start, grid=e.grid)
    said = _("{who} moves {start} → {grid} ({cost})")
    return said.format(who=Name(e.who), start=e.start, grid=e.grid, cost=actions(e.cost))


def _waited(e: Waited) -> str:
    return _("{who} waits.").format(who=Name(e.who))


def _door_worked(e: DoorWorked) -> str:
    said = _("{who} opens {door} ({cost})") if e.opening else _("{who} closes {door} ({cost})")
    return said.format(who=Name(e.who), door=e.door, cost=actions(e.cost))


def _blown_out(e: BlownOut) -> str:
    why = {
        BlowOutCause.OPENED: _("The outer Air Lock door opens"),
        BlowOutCause.SMASHED: _("The outer Air Lock door is smashed"),
    }[e.cause]
    return _("{why}: the Air Lock blows out into space (E.2.5)").format(why=why)


def _markers_lost(e: MarkersLost) -> str:
    return ngettext("{n} marker lost to space", "{n} markers lost to space", e.count).format(
        n=e.count
    )


def _lost_to_space(e: LostToSpace) -> str:
    return _("{who} is lost to space (E.2.5)").format(who=Name(e.who))


SENTENCES: dict[type[Event], Callable[[Any], str]] = {
    Moved: _moved,
    Waited: _waited,
    DoorWorked: _door_worked,
    BlownOut: _blown_out,
    MarkersLost: _markers_lost,
    LostToSpace: _lost_to_space,
}
