"""What moving units tell (C.4, C.7, E.2.5): walks, waits, doors, the Air Lock."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.board.grid import Grid
from engine.events import Event, Who


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(Event):
    """C.4: a unit in sight walked (or rode) from ``start`` to ``grid``."""

    kind = "moved"
    who: Who
    start: Grid
    grid: Grid
    cost: int  # actions spent


@dataclass(frozen=True, slots=True, kw_only=True)
class Waited(Event):
    """C.7.3: an alien in sight spends an action doing nothing."""

    kind = "waited"
    who: Who


@dataclass(frozen=True, slots=True, kw_only=True)
class DoorWorked(Event):
    """C.4.3, G.3: a door opened or closed."""

    kind = "door"
    who: Who
    door: str
    opening: bool
    cost: int


class BlowOutCause(StrEnum):
    OPENED = "opened"  # the outer Air Lock door opens
    SMASHED = "smashed"  # the outer Air Lock door is smashed (D.2)


@dataclass(frozen=True, slots=True, kw_only=True)
class BlownOut(Event):
    """E.2.5: everything inside the Air Lock goes into space."""

    kind = "blow-out"
    cause: BlowOutCause


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkersLost(Event):
    """E.2.5: the markers that were in the Air Lock."""

    kind = "markers-lost"
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class LostToSpace(Event):
    """E.2.5: a human (or a body) blown out of the Air Lock."""

    kind = "lost"
    who: Who
