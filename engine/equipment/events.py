"""What gear, lockers, science, devices and repairs tell (E, G.2)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.board.grid import Grid
from engine.events import Audience, Event, Handling, Load, Marker, Who


# --- gear and lockers (E.2.6, E.3) --------------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class GearMoved(Event):
    """E.3.2: things picked up, dropped, handed over or exchanged, as everyone sees them."""

    kind = "gear"
    who: Who
    handling: Handling
    load: Load
    cost: int  # actions spent


@dataclass(frozen=True, slots=True, kw_only=True)
class GearNamed(Event):
    """E.3.2: the same, for the acting side: the markers by id, with the kinds it reads."""

    kind = "gear-secret"
    who: Who
    handling: Handling
    items: tuple[Marker, ...]
    bodies: tuple[Who, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class GearTried(Event):
    """E.3.1, gap 26: a lift that failed on the weight of face-down markers; the
    actions are spent, the markers stay."""

    kind = "gear-tried"
    who: Who
    handling: Handling
    load: Load


@dataclass(frozen=True, slots=True, kw_only=True)
class TooHeavy(Event):
    """E.3.1: the same, for the acting side: only that these markers are too heavy."""

    kind = "weighed"
    irreversible = True
    who: Who
    items: tuple[Marker, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class LockerOpened(Event):
    """E.2.6: the kits now lie in the grid, face-down to the alien."""

    kind = "locker"
    who: Who
    grid: Grid
    room: str
    load: Load


@dataclass(frozen=True, slots=True, kw_only=True)
class LockerHeld(Event):
    """E.2.6: what the locker held, for the crew."""

    kind = "locker-secret"
    audience: Audience = Audience.CREW
    who: Who
    grid: Grid
    room: str
    items: tuple[Marker, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TacKitOpened(Event):
    """E.3.6: the TacKit turns into Body Armour and firearms, face up."""

    kind = "tackit"
    who: Who
    grid: Grid
    gear: tuple[str, ...]  # the kinds it holds


# --- science (E.2.2, E.4) -----------------------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class AutopsyFailed(Event):
    kind = "autopsy-failed"
    who: Who
    cadaver: Who


@dataclass(frozen=True, slots=True, kw_only=True)
class Autopsied(Event):
    """E.2.2: the cadaver is removed from play."""

    kind = "autopsied"
    who: Who
    cadaver: Who
    grid: Grid | None


@dataclass(frozen=True, slots=True, kw_only=True)
class BlueprintDrawn(Event):
    """E.4.1: the crew draws a face-down improvised device marker."""

    kind = "blueprint"


@dataclass(frozen=True, slots=True, kw_only=True)
class NoBlueprintLeft(Event):
    kind = "blueprint-none"


@dataclass(frozen=True, slots=True, kw_only=True)
class BlueprintLearned(Event):
    """E.4.1: the device drawn, for the crew."""

    kind = "blueprint-secret"
    audience: Audience = Audience.CREW
    device: str  # its gear kind


@dataclass(frozen=True, slots=True, kw_only=True)
class FabricationFailed(Event):
    kind = "fabrication-failed"
    who: Who


@dataclass(frozen=True, slots=True, kw_only=True)
class Fabricated(Event):
    """E.4.2: a face-down device marker lies at ``grid``; a supplies crate is used up."""

    kind = "fabricated"
    who: Who
    grid: Grid
    marker: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DeviceMade(Event):
    """E.4.2: the device and the crate used, for the crew."""

    kind = "fabricated-secret"
    audience: Audience = Audience.CREW
    who: Who
    grid: Grid
    marker: str
    device: str  # its gear kind
    crate: str
    supply: str


# --- devices (G.2) ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class Switched(Event):
    """G.2.5: Ultrasonics switched on (revealed) or off."""

    kind = "switched"
    who: Who
    item: str
    on: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class DriveOrder(Event):
    """G.2.5: the crew's standing order: toward ``toward``, or straight away (None)."""

    kind = "order-drive"
    audience: Audience = Audience.CREW
    toward: Grid | None


@dataclass(frozen=True, slots=True, kw_only=True)
class Immune(Event):
    """G.4 Immunity: the alien ignores a device."""

    kind = "immune"
    who: Who
    device: str  # its gear kind


@dataclass(frozen=True, slots=True, kw_only=True)
class Lured(Event):
    """G.2.2: the alien is drawn to the Poison Bait."""

    kind = "lured"
    who: Who
    bait: str
    grid: Grid


@dataclass(frozen=True, slots=True, kw_only=True)
class AteBait(Event):
    kind = "ate"
    who: Who
    grid: Grid | None


@dataclass(frozen=True, slots=True, kw_only=True)
class Repelled(Event):
    """G.2.5: the carrier's Ultrasonics drive the alien away for ``actions`` actions."""

    kind = "repelled"
    who: Who
    by: Who
    grid: Grid | None
    actions: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RepelledNoFarther(Event):
    """G.2.5: actions of the retreat that cannot take it farther are lost."""

    kind = "repelled-stuck"
    who: Who
    lost: int


# --- repairs (D.2, C.9, G.3) --------------------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class DoorRepaired(Event):
    kind = "door-repaired"
    who: Who  # the Engineer
    door: str
    closed: bool  # left closed (else open)


@dataclass(frozen=True, slots=True, kw_only=True)
class NexusRepaired(Event):
    """C.9: the marker is removed from play; a countdown running ends (``danger_over``)."""

    kind = "nexus-repaired"
    who: Who
    grid: Grid
    system: str
    danger_over: bool
