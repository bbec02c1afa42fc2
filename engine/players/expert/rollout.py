"""Rollouts: a world played on by the `normal` players until the search's horizon.

The rollout players are fresh `normal` players (:mod:`engine.players.levels`); the crew's
starts from the searching side's belief (public knowledge, so the alien's copy of the
crew's belief serves as well) and reads the public events as the world plays on.

Legality is checked lazily: a player scores the unchecked
:func:`~engine.players.base.candidate_pool` once and its best command is tried; a command
the rules refuse is dropped, with the same effort committing more actions (and every
other amount, when the effort with none committed is refused too: C.1, committing
actions only adds to what it costs), and the best of the rest is tried. The refusal is
remembered for the rest of the rollout while nothing it could depend on has changed (the
unit's grid and actions, its target's grid, the doors), so a human without the Medical
skill is not asked about every heal at every step. That is the same legality
(``is_legal`` is "the rules accept it") for a fraction of the cost of checking the whole
list at every command.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Protocol

from engine import commands as c
from engine.board.grid import Grid
from engine.board.ship import Ship
from engine.content import Content
from engine.dice import Rng
from engine.errors import GameError
from engine.events import Event
from engine.players.base import acting_side, candidate_pool
from engine.players.belief import Belief
from engine.players.hard_alien import HardAlien
from engine.players.hard_crew import HardCrew
from engine.rules import apply
from engine.state import GameState, Phase, Side
from engine.views import View, events_for, view


def rollout_players(
    ship: Ship, belief: Belief | None, deadlines: Mapping[Grid, int], hard: bool = False
) -> dict[Side, Scoring]:
    """The `normal` (or `hard`) players of one rollout, the crew's knowing what
    ``belief`` knows."""
    crew = HardCrew(hunt=hard)
    crew.belief = Belief(ship)
    if belief is not None:
        crew.belief.where = dict(belief.where)
    crew.deadlines = dict(deadlines)
    return {Side.CREW: crew, Side.ALIEN: HardAlien(careful=hard)}


def play_on(
    world: GameState,
    players: Mapping[Side, Scoring],
    ship: Ship,
    content: Content,
    rng: Rng,
    phases: int,
    limit: int,
) -> GameState:
    """``world`` played on until ``phases`` phases have ended, the game is over, or
    ``limit`` commands were played."""
    state, ended, phase = world, 0, world.phase
    crew = players[Side.CREW]
    refused: Refusals = {}
    crew_view: View | None = None  # the crew's view of ``state``, once made
    for _ in range(limit):
        if state.phase is Phase.OVER:
            break
        side = acting_side(state)
        seen = crew_view if side is Side.CREW and crew_view is not None else None
        seen = seen or view(state, side.value, ship, content)
        _, state, events = step(state, side, players[side], seen, ship, content, rng, refused)
        crew_view = None
        if isinstance(crew, HardCrew):
            crew_view = view(state, "crew", ship, content)
            crew.observe(events_for(events, "crew"), crew_view, ship)
        if state.phase is not phase:
            ended, phase = ended + 1, state.phase
            if ended >= phases:
                break
    return state


class Scoring(Protocol):
    """A rollout player: it scores the commands of one decision (the `normal` players'
    :meth:`~engine.players.hard_crew.HardCrew.scorer`); the highest legal one is played."""

    def scorer(self, view: View, ship: Ship, content: Content) -> Callable[[c.Command], float]: ...


# A refused effort, as it stood: the command with no actions committed, its unit's grid
# and actions, its target's grid and the doors; mapped to the fewest actions committed
# that were refused.
Situation = tuple[c.Command, Grid | None, int, Grid | None, frozenset[tuple[str, str]]]
Refusals = dict[Situation, int]


def step(
    state: GameState,
    side: Side,
    player: Scoring,
    seen: View,
    ship: Ship,
    content: Content,
    rng: Rng,
    refused: Refusals,
) -> tuple[c.Command, GameState, list[Event]]:
    """One command of ``player``, checked as it is played (see the module docstring):
    the command, the state after it and what happened.

    The player scores the unchecked pool once; the best-scored command is tried, and
    while the rules refuse it the best of the rest, ties broken by ``rng``: the very
    command the player would choose if asked again without the refused ones."""
    doors = frozenset((k, v.value) for k, v in state.doors.items())

    def situation(cmd: c.Command) -> tuple[Situation, int]:
        unit = getattr(cmd, "unit", "")
        boost = getattr(cmd, "boost", 0)
        base = replace(cmd, boost=0) if boost else cmd  # type: ignore[call-arg]
        here = state.unit_grid(unit) if unit in state.humans or unit in state.aliens else None
        actions = _actions(state, unit)
        return (base, here, actions, _target_grid(state, cmd), doors), boost

    score = player.scorer(seen, ship, content)
    pool: list[tuple[float, c.Command, Situation, int]] = []
    for cmd in candidate_pool(state, side, ship, content):
        key, boost = situation(cmd)
        if key not in refused or boost < refused[key]:
            pool.append((score(cmd), cmd, key, boost))
    while pool:
        top = max(entry[0] for entry in pool)
        ties = [entry for entry in pool if entry[0] == top]
        _, command, key, boost = ties[rng.below(len(ties))] if len(ties) > 1 else ties[0]
        try:
            return command, *apply(state, side, command, ship, content)
        except GameError:
            refused[key] = min(boost, refused.get(key, boost))
            if boost and not _accepted(state, side, key[0], ship, content):
                refused[key] = 0  # C.1: more actions committed cannot make it legal
            least = refused[key]
            pool = [e for e in pool if e[2] != key or e[3] < least]
    return c.EndPhase(), *apply(state, side, c.EndPhase(), ship, content)


def _accepted(state: GameState, side: Side, cmd: c.Command, ship: Ship, content: Content) -> bool:
    try:
        apply(state, side, cmd, ship, content)
    except GameError:
        return False
    return True


def _actions(state: GameState, unit: str) -> int:
    if unit in state.humans:
        return state.humans[unit].actions
    return state.aliens[unit].actions if unit in state.aliens else 0


def _target_grid(state: GameState, cmd: c.Command) -> Grid | None:
    target = getattr(cmd, "target", "")
    if not isinstance(target, str) or not target:
        return None
    if target in state.humans or target in state.aliens:
        return state.unit_grid(target)
    try:
        return Grid.parse(target)
    except ValueError:
        return None
