"""A player that picks uniformly among legal commands: the baseline opponent,
the random-playout tests' driver, and the soak script's workhorse.

It draws from its own generator (never the game's dice), so a playout is fully
determined by the game seed and the player seed.
"""

from __future__ import annotations

from engine.board.ship import Ship
from engine.commands import Command, EndPhase, QuickSetup
from engine.content import Content
from engine.context import Ctx
from engine.dice import Rng
from engine.legal import candidates, is_legal, ready_units, standing_orders, unit_candidates
from engine.quick_setup import next_setup_command
from engine.state import GameState, Phase, Side


def choose(
    state: GameState, side: Side, ship: Ship, content: Content, rng: Rng, *, patient: bool = False
) -> Command | None:
    """A random legal command for ``side``: a unit (mostly the one already acting),
    then a kind of command (verb), then one of that kind. A ``patient`` player passes
    its phase less often, so its units get further."""
    by_verb: dict[str, list[Command]] = {}
    for command in _pool(state, side, ship, content, rng, patient):
        by_verb.setdefault(command.verb, []).append(command)
    while by_verb:
        verb = rng.choice(sorted(by_verb))
        pool = by_verb[verb]
        command = pool.pop(rng.below(len(pool)))
        if not pool:
            del by_verb[verb]
        if is_legal(state, side, command, ship, content):
            return command
    return None


def _pool(
    state: GameState, side: Side, ship: Ship, content: Content, rng: Rng, patient: bool
) -> list[Command]:
    if state.phase is Phase.SETUP:
        step = next_setup_command(Ctx(state, ship, content), side, rng)
        return [QuickSetup() if step is None or rng.below(10) == 0 else step]
    units = ready_units(state, side)
    if not units:
        return candidates(state, side, ship, content)
    active = state.active_unit
    unit = active if active in units and rng.below(4) else rng.choice(units)
    orders = standing_orders(state, side) if rng.below(4) == 0 else []
    passing = [EndPhase()] if not patient or rng.below(3) == 0 else []
    return [*unit_candidates(state, unit, ship), *orders, *passing]
