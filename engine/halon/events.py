"""What the ``halon`` variant's rules tell, as records: all public (H's "who learns
what"). The purge's roll is an ordinary :class:`~engine.events.Rolled`; what the
flooding finds follows it. Tallying, wounds and deaths are the ordinary records of the
hiding and fighting families, so every rule that follows an injury sees them (D.5)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.board.grid import Grid
from engine.events import Event, Who


@dataclass(frozen=True, slots=True, kw_only=True)
class HalonTanksStowed(Event):
    """As set-up ends: the Halon Tank markers, face up, at their grids; the Command
    Deck's suppression panel charged."""

    kind = "halon-tanks"
    grids: tuple[Grid, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Purged(Event):
    """H.1: the purge succeeded: halon floods ``room`` and the charge is spent.
    ``found``: every alien in it, hidden or not (tallied, then injured unless immune);
    empty when nothing was there, which is news too (H.1(c)). ``left``: the purges
    the game still allows."""

    kind = "halon-purged"
    irreversible = True  # it shows where the hidden aliens are not, or are
    who: Who
    room: str  # the room's name
    key: str  # the room's key (two rooms share a name: "2q")
    found: tuple[Who, ...] = ()
    left: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class PurgeFailed(Event):
    """H.1: the roll failed: the actions are spent, the charge is kept."""

    kind = "halon-failed"
    who: Who
    room: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HalonImmune(Event):
    """H.1(a): an alien with Immunity shrugs the halon off (its ability turns face up)."""

    kind = "halon-immune"
    who: Who


@dataclass(frozen=True, slots=True, kw_only=True)
class Recharged(Event):
    """H.2: a Halon Tank is loaded at the Command Deck and removed from play; the
    system is charged."""

    kind = "halon-recharged"
    who: Who
    item: str  # the tank's marker id
