"""The expert's search parameters, named in one place.

A budget counts search *iterations* (rollouts: one candidate played in one sampled world
and on to the horizon): the same seed and the same iteration budget always decide the same. The time
limit only stops a search early on a slow machine, where a person waits; leave it out
(``seconds=None``) to decide by iterations alone, as tests and benchmarks do.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Weighting(StrEnum):
    """How the crew weighs the grids its belief holds when it samples the alien's."""

    UNIFORM = "uniform"  # every grid the belief holds alike
    FAR = "far"  # grids far from every human likelier (a hiding alien keeps away, C.7.2)


@dataclass(frozen=True, slots=True)
class Budget:
    """How long one search may run: ``iterations`` always; ``seconds`` if given."""

    iterations: int
    seconds: float | None = None


PLAY = Budget(iterations=48, seconds=1.8)  # against a person: p95 under 2 s on one core
# bench_players.py: the three expert pairings at 100 games each in about half an hour
# of two cores' time, within a budget of 45 minutes on two cores
BENCH = Budget(iterations=12)


@dataclass(frozen=True, slots=True)
class SearchParams:
    """Everything that shapes one expert search."""

    budget: Budget = PLAY
    # Candidates searched at one decision: the `hard` choice and the best few others.
    # Every world plays them all, so a budget of N iterations samples N / candidates worlds.
    candidates: int = 4
    # Another candidate replaces the `hard` choice only if its mean value (0..1) is higher
    # by this much, over at least ``min_worlds`` worlds: rollouts are noisy.
    margin: float = 0.05
    min_worlds: int = 3
    # A rollout plays on until this many phases have ended (2: the rest of this phase
    # and the whole of the other side's reply), then the position is valued.
    horizon_phases: int = 2
    # The rollouts are played by the `hard` players (True) or the `normal` ones (False,
    # as docs/rules-decisions.md describes the expert). Measured on the same 30 seeds,
    # hard rollouts won no more games for either side (bench_players.py --rollouts hard)
    # and cost more: off.
    hard_rollouts: bool = False
    # A rollout never plays more commands than this (a guard, not a horizon).
    rollout_commands: int = 160
    # The crew searches its searches only while the belief holds at most this many
    # grids: wider, no search can find the alien often enough to tell choices apart.
    narrow: int = 40
    weighting: Weighting = Weighting.FAR
    # FAR: a grid's weight is 1 + min(distance to the nearest human, FAR_CAP).
    far_cap: int = 8
