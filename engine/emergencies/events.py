"""What the ``emergencies`` variant's rules tell, as records: all public. A face-down
card's room and function are in no record until it is turned up (E.3.5). Only a card turned
up is irreversible of itself (it shows what nobody saw); the dice behind the others
already make their commands final (engine.game), and the collapse ends the game."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.board.grid import Grid
from engine.dice import Roll
from engine.events import Event, Who


class Cause(StrEnum):
    """E.2: what created an emergency."""

    NEXUS = "nexus"  # (a) a critical nexus damaged
    WALL = "wall"  # (b) the alien smashed a wall
    COMPROMISED = "compromised"  # (c) a compromised room left open (E.3.3)
    DECAY = "decay"  # (d) the orbit decays (E.3.4)


@dataclass(frozen=True, slots=True, kw_only=True)
class EmergencyCreated(Event):
    """E.2: a card is drawn face down into ``field`` (numbered from 1). ``room``: the
    damaged nexus's room (E.2a), public; '' when the card's own printed room stays
    hidden until it is turned up."""

    kind = "emergency-created"
    field: int
    cause: Cause
    room: str = ""
    source: str = ""  # E.3.3: the compromised room left open that made it


@dataclass(frozen=True, slots=True, kw_only=True)
class EmergencyTurnedUp(Event):
    """E.3.5: a face-down card turns up at level 1 and its function is disabled."""

    kind = "emergency-turned-up"
    irreversible = True  # a card hidden from everyone is seen: no undo past it
    field: int
    room: str  # the room's name
    function: str
    needed: int  # the points that resolve it


@dataclass(frozen=True, slots=True, kw_only=True)
class EmergencyRose(Event):
    """E.3.2: an active emergency goes up one level."""

    kind = "emergency-rose"
    field: int
    room: str
    level: int


@dataclass(frozen=True, slots=True, kw_only=True)
class EmergencyCritical(Event):
    """E.3.1: a level 3 emergency goes critical: its room is compromised for good, its
    function stays disabled, and it can no longer be repaired."""

    kind = "emergency-critical"
    field: int
    room: str
    function: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Counteracted(Event):
    """E.4: a human's counteracting roll with every modifier, the points it gave
    (``thresholds``) and the emergency's total so far out of ``needed``."""

    kind = "counteracted"
    who: Who
    field: int
    room: str
    roll: Roll
    points: int
    total: int
    needed: int


@dataclass(frozen=True, slots=True, kw_only=True)
class EmergencyResolved(Event):
    """E.4, E.5: the card is discarded, its field freed and its function restored
    (``toolkit``: by an Engineer's repair of its nexus). ``function`` is '' for a card
    resolved while still face down (E.5), which stays unknown."""

    kind = "emergency-resolved"
    field: int
    room: str
    function: str
    toolkit: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class WallSmashed(Event):
    """E.2b: the alien's wall attack succeeded: the wall on side ``side`` of ``grid``."""

    kind = "wall-smashed"
    who: Who
    grid: Grid
    side: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ShipBreaksUp(Event):
    """E.7: a new emergency found every field occupied: the Quicksilver breaks up."""

    kind = "ship-breaks-up"
