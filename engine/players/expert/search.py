"""The search, in one place: determinised Monte Carlo over the root's candidates.

Each round samples one *world* (a determinisation: the other side's secrets and the dice
dealt anew, :mod:`engine.players.expert.worlds`) and plays every candidate in it: the
candidate, then the `normal` players on to the horizon (:mod:`engine.players.expert.rollout`),
then the end is valued (:mod:`engine.players.expert.value`). All candidates meet the same
world, the same dice and the same rollout players' choices (common random numbers), so
their difference is the candidate's and not the luck of the draw. Statistics are kept per
candidate across worlds, as information-set Monte Carlo keeps them per information set
(Cowling, Powley and Whitehouse, 2012); the search is one level deep: below the root the
rollout players decide, which keeps a decision within its budget.

The `hard` choice (the first candidate) stands unless another did better on average by
at least :attr:`~engine.players.expert.params.SearchParams.margin`: a few rollouts are
noisy, and the heuristics are a good prior.

A budget counts rollouts. Every random choice comes from the one generator passed in, so
the same seed and budget give the same decision (a time limit may only cut a search short).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from engine import commands as c
from engine.board.ship import Ship
from engine.content import Content
from engine.dice import Rng
from engine.errors import GameError
from engine.players.expert.params import SearchParams
from engine.players.expert.rollout import Scoring, play_on
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
    iterations: int  # rollouts played
    worlds: int  # worlds sampled
    seconds: float


World = Callable[[Rng], GameState]  # a fresh determinisation from the generator
Players = Callable[[], dict[Side, Scoring]]  # fresh rollout players


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
    """The best of ``candidates`` (the first, the `hard` choice, unless beaten)."""
    arms = [Arm(cmd) for cmd in candidates]
    start, limit = time.perf_counter(), params.budget.seconds
    done = worlds = 0

    def spent() -> bool:
        over = limit is not None and time.perf_counter() - start > limit
        return over or done >= params.budget.iterations

    while not spent():
        seed = rng.below(1 << 62)
        state = world(Rng(seed))
        worlds += 1
        before = points(state, content)
        for arm in arms:
            if spent():
                break
            try:
                after, _ = apply(state, side, arm.command, ship, content)
            except GameError:  # not possible in this world
                continue
            dice = Rng(seed + 1)  # the same for every candidate in this world
            end = play_on(
                after,
                players(),
                ship,
                content,
                dice,
                params.horizon_phases,
                params.rollout_commands,
            )
            value = crew_value(end, before, content)
            arm.visits += 1
            arm.total += value if side is Side.CREW else 1 - value
            done += 1
        if not any(a.visits for a in arms):  # no candidate possible here: stop
            break
    choice = _choice(arms, params)
    return Outcome(choice, tuple(arms), done, worlds, time.perf_counter() - start)


def _choice(arms: list[Arm], params: SearchParams) -> c.Command:
    """The `hard` choice, unless a candidate tried in enough worlds beat it by the margin."""
    first = arms[0]
    tried = [a for a in arms if a.visits >= params.min_worlds]
    if first.visits < params.min_worlds or not tried:
        return first.command
    best = max(tried, key=lambda a: (a.mean, -arms.index(a)))
    return best.command if best.mean >= first.mean + params.margin else first.command
