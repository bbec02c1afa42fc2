"""What the ``physiology`` variant's rules tell, as records. A face-down card is in no
public record: turning one up (P.2) is public and irreversible; the card the crew studied
is told to the crew alone, the alien and spectators hear only which type was studied (P.4).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.events import Audience, Event, Who


@dataclass(frozen=True, slots=True, kw_only=True)
class CardTurnedUp(Event):
    """P.2: a crew attack of ``damage`` was declared: its card turns face up for all."""

    kind = "damage-card-up"
    irreversible = True
    damage: str
    card: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CardStudied(Event):
    """P.4: after a successful autopsy the crew looks at ``damage``'s face-down card."""

    kind = "damage-card-studied"
    damage: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CardSeen(Event):
    """P.4: what the crew saw on the card it studied (the crew's alone)."""

    kind = "damage-card-seen"
    irreversible = True
    audience: Audience = Audience.CREW
    damage: str
    card: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HarmChanged(Event):
    """P.3(3): ``card`` changed the harm of a hit on ``who`` from ``base`` to ``harm``
    injuries (Extremely Vulnerable, Immune, Regenerative)."""

    kind = "harm-changed"
    who: Who
    damage: str
    card: str
    base: int
    harm: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SensitivityRolled(Event):
    """P.3(3) Sensitivity: after a hit a die is rolled; an even face adds an injury."""

    kind = "sensitivity-rolled"
    who: Who
    die: int


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkerMutated(Event):
    """P.3(5) Mutagenic: ``who`` loses ``ability`` (turned face up and removed) and
    draws a new marker face down (the draw is told as any other)."""

    kind = "marker-mutated"
    who: Who
    ability: str
