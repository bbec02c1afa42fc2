"""The only source of chance: a seeded generator whose whole state is one integer.

Keeping the state a plain ``int`` inside the game state means replaying the same
seed and commands rolls the same dice, and copying or comparing a state needs
nothing special. SplitMix64 is small, fast and well distributed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
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


@dataclass(frozen=True, slots=True)
class Modifier:
    source: str  # "actions", "Engineer", "Larva ferocity", "Carapace" …
    value: int

    def __str__(self) -> str:
        sign = "+" if self.value >= 0 else "-"
        return f"{sign}{abs(self.value)} {self.source}"


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

    def describe(self) -> str:
        """``d6 4 +2 actions +1 Engineer = 7: success``."""
        parts = [f"d6 {self.die}", *(str(m) for m in self.modifiers if m.value)]
        outcome = "success" if self.success else "failure"
        return f"{' '.join(parts)} = {self.total}: {outcome}"


def roll(rng: Rng, modifiers: Sequence[Modifier]) -> Roll:
    return Roll(rng.d6(), tuple(modifiers))
