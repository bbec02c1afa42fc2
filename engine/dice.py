"""The only source of chance: a seeded generator whose whole state is one integer.

Keeping the state a plain ``int`` inside the game state means replaying the same
seed and commands rolls the same dice, and copying or comparing a state needs
nothing special. SplitMix64 is small, fast and well distributed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

_MASK = (1 << 64) - 1
TARGET = 7  # C.1: every effort needs a modified seven or more

T = TypeVar("T")


def _next(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


@dataclass(slots=True)
class Rng:
    state: int

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no bias)."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            self.state, value = _next(self.state)
            if value < limit:
                return value % n

    def d6(self) -> int:
        return self.below(6) + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return result


class Term(StrEnum):
    """Where a roll's modifier comes from (C.1); each is shown with its source."""

    ACTIONS = "actions"  # actions committed to the roll (C.1)
    SKILL = "skill"  # a skill's markers; name: the skill
    COMMAND = "command"  # a commander near (G.3)
    FEROCITY = "ferocity"  # a unit's own; name: the human, or the alien's life stage
    RESILIENCE = "resilience"  # a unit's own; name: the human, or the life stage
    GEAR = "gear"  # gear or a device; name: its name ("Flame Caster")
    ABILITY = "ability"  # an alien ability; name: the ability
    RANGE = "range"  # a ranged weapon's penalty; name: the range in grids ("2")
    DOOR = "door"  # a closed door's resilience (D.2)
    NEXUS = "nexus"  # a nexus marker's resilience (C.9)
    WALL = "wall"  # a wall's resilience (the emergencies variant, E.2b)
    HAZARD = "hazard"  # a compromised room's ferocity (the emergencies variant, E.3.6)
    REACTION = "reaction"  # a reaction card's effect (the reactions variant); name: its title
    PHYSIOLOGY = "physiology"  # a damage card (the physiology variant, P.3); name: the card


@dataclass(frozen=True, slots=True)
class Modifier:
    term: Term
    value: int
    name: str = ""  # whose or which, for the terms that name one (see Term)


@dataclass(frozen=True, slots=True)
class Roll:
    """One die roll of C.1: the die, every modifier with its source, the total."""

    die: int
    modifiers: tuple[Modifier, ...]
    target: int = TARGET

    @property
    def total(self) -> int:
        return self.die + sum(m.value for m in self.modifiers)

    @property
    def success(self) -> bool:
        return self.total >= self.target


def roll(rng: Rng, modifiers: Sequence[Modifier]) -> Roll:
    return Roll(rng.d6(), tuple(modifiers))
