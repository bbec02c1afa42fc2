"""What the alien's growing tells (C.3, C.10, G.4, G.5): foraging, examining crates,
mutating, drawing abilities, spawning, Surge."""

from __future__ import annotations

from dataclasses import dataclass

from engine.board.grid import Grid
from engine.events import Audience, Event, Who


@dataclass(frozen=True, slots=True, kw_only=True)
class NothingToEat(Event):
    """C.10.1: the crate the alien looked into holds no food; no actions are spent."""

    kind = "forage-nothing"
    audience: Audience = Audience.ALIEN
    who: Who
    crate: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Foraged(Event):
    """C.10.1: the alien consumes a body (``body``) or a food crate for energy stores."""

    kind = "foraged"
    who: Who
    grid: Grid | None
    stores: int  # gained
    energy: int  # the alien's stores now
    body: Who | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Examined(Event):
    """C.3: a unit looks at a supplies crate."""

    kind = "examined"
    who: Who
    grid: Grid | None
    crate: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CrateSeen(Event):
    """C.3: what the crate holds, for the side that looked."""

    kind = "examined-secret"
    irreversible = True
    crate: str
    supply: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Mutated(Event):
    """C.10, G.5: ``who`` (as it was) grows into ``stage``."""

    kind = "mutated"
    who: Who
    stage: str
    stores: int  # consumed


@dataclass(frozen=True, slots=True, kw_only=True)
class RoyalMutated(Event):
    """C.10, F.1: a Royal mutates again: spores, one point to the alien."""

    kind = "mutated-royal"
    who: Who
    stores: int
    royal_mutations: int  # so far


@dataclass(frozen=True, slots=True, kw_only=True)
class AbilityDrawn(Event):
    """C.10, G.5: a face-down ability marker drawn."""

    kind = "ability"
    who: Who


@dataclass(frozen=True, slots=True, kw_only=True)
class AbilityLearned(Event):
    """G.5: the ability drawn, for the alien."""

    kind = "ability-secret"
    audience: Audience = Audience.ALIEN
    who: Who
    ability: str


@dataclass(frozen=True, slots=True, kw_only=True)
class NoAbilityLeft(Event):
    """G.5: every ability marker is held; none is drawn."""

    kind = "ability-none"
    audience: Audience = Audience.ALIEN


@dataclass(frozen=True, slots=True, kw_only=True)
class Shed(Event):
    """E.3.1: a new stage that carries less drops the excess."""

    kind = "shed"
    who: Who  # as it is now, its new stage
    grid: Grid | None
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Spawned(Event):
    """G.4 Queen: a new Larva on ``host``'s cadaver, acting from the next alien phase."""

    kind = "spawned"
    who: Who  # the new Larva
    grid: Grid
    host: Who
    stores: int  # consumed


@dataclass(frozen=True, slots=True, kw_only=True)
class Surged(Event):
    """G.4 Surge: an energy store burned for more actions."""

    kind = "surged"
    who: Who
    actions: int  # gained
    energy: int  # the alien's stores now
