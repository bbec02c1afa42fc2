"""The search, in one place: information-set Monte Carlo over the root's candidates.

Each iteration samples one *world* (a determinisation: the other side's secrets and the
dice dealt anew, :mod:`engine.players.expert.worlds`), picks by UCB1 one of the
candidates that world allows, plays it, lets the `normal` players play on to the horizon
(:mod:`engine.players.expert.rollout`) and scores the end (:mod:`engine.players.expert.value`).
The statistics are kept per candidate across worlds, as information-set MCTS keeps them
per information set (Cowling, Powley and Whitehouse, 2012); the tree is one level deep:
below the root the rollout players decide, which is what keeps a decision within its
budget. The candidate tried most often wins.

Every random choice comes from the one generator passed in, so the same seed and
iteration budget give the same decision (a time limit may only cut a search short).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from engine import commands as c
from engine.board.ship import Ship
from engine.content import Content
from engine.dice import Rng
from engine.errors import GameError
from engine.players.base import Player
from engine.players.expert.params import SearchParams
from engine.players.expert.rollout import play_on
from engine.players.expert.value import crew_value, points
from engine.rules import apply
from engine.state import GameState, Side


@dataclass
class Arm:
    """One candidate's record over the worlds it was tried in."""

    command: c.Command
    visits: int = 0
    total: float = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a search found: the choice, each candidate's record, the work done."""

    choice: c.Command
    arms: tuple[Arm, ...]
    iterations: int
    seconds: float


World = Callable[[Rng], GameState]  # a fresh determinisation from the generator
Players = Callable[[], dict[Side, Player]]  # fresh rollout players


def search(
    side: Side,
    candidates: list[c.Command],
    world: World,
    players: Players,
    ship: Ship,
    content: Content,
    params: SearchParams,
    rng: Rng,
) -> Outcome:
    """The most tried of ``candidates`` (the first is the fallback: the `hard` choice)."""
    arms = [Arm(cmd) for cmd in candidates]
    start = time.perf_counter()
    limit = params.budget.seconds
    done = 0
    for _ in range(params.budget.iterations):
        if limit is not None and time.perf_counter() - start > limit:
            break
        state = world(rng)
        before = points(state, content)
        order = _by_ucb(arms, done, params.exploration)
        for arm in order:
            try:
                after, _ = apply(state, side, arm.command, ship, content)
            except GameError:  # not possible in this world: try the next
                continue
            end = play_on(
                after,
                players(),
                ship,
                content,
                rng,
                params.horizon_phases,
                params.rollout_commands,
            )
            value = crew_value(end, before, content)
            arm.visits += 1
            arm.total += value if side is Side.CREW else 1 - value
            break
        done += 1
    best = max(arms, key=lambda a: (a.visits, a.mean, -arms.index(a)))
    choice = best.command if best.visits else candidates[0]
    return Outcome(choice, tuple(arms), done, time.perf_counter() - start)


def _by_ucb(arms: list[Arm], done: int, exploration: float) -> list[Arm]:
    """Arms best first by UCB1; untried ones first, in candidate order."""

    def key(arm: Arm) -> float:
        if arm.visits == 0:
            return math.inf
        return arm.mean + exploration * math.sqrt(math.log(done + 1) / arm.visits)

    return sorted(arms, key=key, reverse=True)
