"""What fighting tells (D, C.9): the alien's attacks and their marks, injuries, deaths
and healing. The rolls themselves are :class:`engine.events.Rolled`."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.board.grid import Grid
from engine.events import Event, Who


@dataclass(frozen=True, slots=True, kw_only=True)
class AlienAttacked(Event):
    """D.2: the alien attacks a grid; one roll follows per crew member in it."""

    kind = "attack"
    who: Who
    grid: Grid
    victims: tuple[Who, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DoorSmashed(Event):
    """D.2: a closed door attacked with success is smashed open."""

    kind = "door-smashed"
    who: Who  # the alien that smashed it
    door: str


@dataclass(frozen=True, slots=True, kw_only=True)
class NexusDamaged(Event):
    """C.9: the nexus marker at ``grid`` flips face-up. A critical system must be repaired
    within ``turns`` turns: before the start of the alien phase of ``deadline_turn``."""

    kind = "nexus-damaged"
    grid: Grid
    system: str
    critical: bool
    rule: str  # the system's section (C.9.1 …)
    turns: int = 0
    deadline_turn: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class EnergySpent(Event):
    """D.5: an alien hit by exactly the target number burns an energy store instead of
    the injury (``bait``: the Poison Bait's roll, which then only injures, G.2.2)."""

    kind = "energy-spent"
    who: Who
    target: int  # the exact number rolled
    bait: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Injured(Event):
    """D.5: a unit is injured (or, by Venom, knocked unconscious: G.4) and drops what
    it carried; ``grid`` where the audience may know it."""

    kind = "injured"
    who: Who
    grid: Grid | None = None
    unconscious: bool = False
    dropped: int = 0  # how many things it dropped


class Death(StrEnum):
    WOUNDS = "wounds"  # a human's second injury (D.5)
    HUMOID = "humoid"  # a Humoid is destroyed and removed from the game (G.3)
    SECOND_INJURY = "second-injury"  # an alien's second injury (D.5)
    POISON_BAIT = "poison-bait"  # the bait's attack succeeds (G.2.2)
    BLOWN_OUT = "blown-out"  # out of the Air Lock (E.2.5)
    BLOWN_OUT_HIDDEN = "blown-out-hidden"  # from behind the pipes
    SHIP_DESTROYED = "ship-destroyed"  # with the Quicksilver (C.9.2)


@dataclass(frozen=True, slots=True, kw_only=True)
class Died(Event):
    kind = "died"
    who: Who
    cause: Death
    grid: Grid | None = None  # where it fell, if the audience may know
    rule: str = ""  # the system's section, for SHIP_DESTROYED


@dataclass(frozen=True, slots=True, kw_only=True)
class Healed(Event):
    """D.5, G.3: healed (a Humoid ``repaired``)."""

    kind = "healed"
    who: Who
    repaired: bool = False
