"""What one viewer may see of the board: the renderer draws exactly this.

A :class:`BoardView` is built by the engine's view function for one viewer (crew,
alien, spectator, referee); nothing outside the engine ever sees raw game state,
so a secret that is not put into a view cannot reach a picture or a message.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from engine.board.grid import Grid
from engine.board.ship import DoorState


class UnitSide(StrEnum):
    CREW = "crew"
    ALIEN = "alien"


class MarkerKind(StrEnum):
    SUPPLIES = "supplies"  # face-down crate (or its kind, for the side that examined it)
    GEAR = "gear"  # gear lying on the floor
    LOCKER = "locker"  # an unopened locker
    NEXUS = "nexus"  # face-down system nexus
    NEXUS_DAMAGED = "nexus-damaged"  # revealed by an attack (C.9)
    POD_LAUNCHED = "pod-launched"
    ALIEN_SIGHTING = "alien-sighting"  # where a pipe-running alien gave itself away (C.7.1)
    SEARCHED = "searched"  # grids a search covered this phase


@dataclass(frozen=True, slots=True)
class UnitView:
    """A counter on the board. ``label`` is what this viewer may read on it."""

    id: str
    label: str
    side: UnitSide
    grid: Grid
    injured: bool = False
    unconscious: bool = False
    deceased: bool = False  # a cadaver
    hidden: bool = False  # pipe-running: drawn only on the alien's and referee's maps
    active: bool = False  # the unit now spending actions


@dataclass(frozen=True, slots=True)
class MarkerView:
    grid: Grid
    kind: MarkerKind
    label: str = ""


@dataclass(frozen=True, slots=True)
class BoardView:
    viewer: str  # "crew", "alien", "spectator" or "referee"
    title: str  # e.g. "Turn 3 · Crew phase"
    doors: Mapping[str, DoorState] = field(default_factory=dict)  # only doors not open
    units: tuple[UnitView, ...] = ()
    markers: tuple[MarkerView, ...] = ()
    path: tuple[Grid, ...] = ()  # the alien's secret route (alien and referee only)
    noise: tuple[str, ...] = ()  # the noise variant: ids of the doors with a marker (public)
    # the emergencies variant: each turned-up emergency's room key, level and whether it
    # went critical (its room compromised), in field order (public)
    emergencies: tuple[tuple[str, int, bool], ...] = ()
    raided: tuple[Grid, ...] = ()  # the raids variant: a grid of each damaged room (public)
    # the reactions variant: the active card's number (W.3) by its alien's counter in sight
    reacting: tuple[tuple[Grid, int], ...] = ()
    # the halon variant: the suppression panel, charged or not, and the purges left (public)
    halon: tuple[bool, int] | None = None

    def door_state(self, door_id: str) -> DoorState:
        return self.doors.get(door_id, DoorState.OPEN)
