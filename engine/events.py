"""What happened, addressed to whoever may know it.

Rules emit events with an audience; :func:`engine.views.events_for` is the only
way out, so an event meant for the alien never reaches the crew's channel.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.board.grid import Grid
from engine.dice import Roll


class Audience(StrEnum):
    PUBLIC = "public"  # both sides and spectators
    CREW = "crew"  # the crew player(s) only
    ALIEN = "alien"  # the alien player only
    REFEREE = "referee"  # nobody during play; shown in the final reveal

    def reaches(self, viewer: str) -> bool:
        if viewer == "referee" or self is Audience.PUBLIC:
            return True
        return self.value == viewer


@dataclass(frozen=True, slots=True)
class Event:
    kind: str  # "moved", "declared", "rolled", "tallied", "phase" …
    text: str  # one sentence for a person
    audience: Audience = Audience.PUBLIC
    roll: Roll | None = None
    grid: Grid | None = None  # where it happened, if the audience may know
    unit: str | None = None


def public(
    kind: str,
    text: str,
    *,
    roll: Roll | None = None,
    grid: Grid | None = None,
    unit: str | None = None,
) -> Event:
    return Event(kind, text, Audience.PUBLIC, roll, grid, unit)


def private(
    side: str,
    kind: str,
    text: str,
    *,
    roll: Roll | None = None,
    grid: Grid | None = None,
    unit: str | None = None,
) -> Event:
    """An event only ``side`` ("crew" or "alien") may see."""
    return Event(kind, text, Audience(side), roll, grid, unit)
