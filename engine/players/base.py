"""The honest adapter between a game and a game-controlled player.

A :class:`Player` sees only its side's :class:`~engine.views.View` and the list of legal
commands (legality is public knowledge of the position); :func:`decide` builds both
from the state, so the player itself never touches the state. :func:`play_game` plays
a whole game between two players (``None`` is the random baseline) up to a turn cap.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from engine import commands as c
from engine.board.ship import Ship
from engine.content import Content
from engine.context import Ctx
from engine.dice import Rng
from engine.events import Event
from engine.game import Game
from engine.legal import candidates, is_legal, ready_units, unit_candidates
from engine.random_player import choose
from engine.setup import free_roles, waiting_on
from engine.state import Condition, GameState, Phase, SetupStep, Side
from engine.views import View, events_for, view

_BOOSTABLE = (c.Attack, c.Heal, c.Repair)


class Player(Protocol):
    def __call__(
        self, view: View, legal: list[c.Command], ship: Ship, content: Content, rng: Rng
    ) -> c.Command: ...


class Observer(Protocol):
    """A player with a memory: after every command it is shown the events its side
    may read (the alien's belief-keeper takes only public ones) and its side's view."""

    def observe(self, events: list[Event], view: View, ship: Ship) -> None: ...


def show(game: Game, players: Iterable[object], events: list[Event]) -> None:
    """Let every remembering player see what just happened, from its side only."""
    for player in players:
        side = getattr(player, "side", None)
        if side is None or not hasattr(player, "observe"):
            continue
        readers = "crew" if side is Side.CREW else "spectator"
        seen = events_for(events, readers)
        player.observe(seen, view(game.state, side.value, game.ship, game.content), game.ship)


def acting_side(state: GameState) -> Side:
    if state.phase is Phase.SETUP:
        return waiting_on(state)[0]
    return Side.ALIEN if state.phase is Phase.ALIEN else Side.CREW


def _with_boosts(pool: list[c.Command]) -> list[c.Command]:
    """Efforts the candidates list only unboosted (nexus attacks, heals, repairs) get
    their boosted variants too (C.1: actions committed to a roll)."""
    out = list(pool)
    for cmd in pool:
        if isinstance(cmd, _BOOSTABLE) and cmd.boost == 0 and not _is_unit_attack(cmd):
            out += [_boosted(cmd, b) for b in range(1, 6)]
    return out


def _is_unit_attack(cmd: c.Command) -> bool:
    return isinstance(cmd, c.Attack) and cmd.target not in ("nexus", "door", "wall")


def _boosted(cmd: c.Attack | c.Heal | c.Repair, boost: int) -> c.Command:
    if isinstance(cmd, c.Attack):
        return c.Attack(cmd.unit, cmd.target, cmd.door, cmd.weapon, boost)
    if isinstance(cmd, c.Heal):
        return c.Heal(cmd.unit, cmd.target, boost)
    return c.Repair(cmd.unit, cmd.target, cmd.leave, boost)


def candidate_pool(
    state: GameState, side: Side, ship: Ship, content: Content, plans_setup: bool = False
) -> list[c.Command]:
    """The commands ``side`` may try now, not yet checked: set-up is done in one
    ``quick``, or step by step for a player that plans it (:func:`setup_pool`); in play,
    the active unit's commands (C.2: it spends its actions first) or every ready unit's."""
    if state.phase is Phase.SETUP:
        return setup_pool(state, side, ship, content) if plans_setup else [c.QuickSetup()]
    if (state.phase is Phase.ALIEN) != (side is Side.ALIEN):
        return []
    units = ready_units(state, side)
    if state.active_unit in units:
        units = [state.active_unit]
    if not units:
        pool = candidates(state, side, ship, content)
    else:
        pool = [cmd for u in units for cmd in unit_candidates(state, u, ship)]
        pool.append(c.EndPhase())
    ambush = c.SetOrder("ambush", not state.standing.ambush)
    if side is Side.ALIEN and state.noise is not None and ambush not in pool:
        pool.append(ambush)  # N.3: the one standing order the players weigh
    table = state.raids
    bunker = c.SetOrder("bunker", True)
    if table is not None and not table.ended and bunker not in pool:
        pool.append(bunker)  # R.3(d): the raids' order the players give
    return _with_boosts(pool)


def setup_pool(state: GameState, side: Side, ship: Ship, content: Content) -> list[c.Command]:
    """The set-up's candidates (:func:`~engine.legal.candidates`: ``quick``, the alien's
    choices, the crew's placements) and the crew's other choices one by one (B.1.2). The
    twelve humans differ only in name until roles are given (``data/roster.toml``), so
    one choice of the dead and one of the injured stand for all; then a role for the
    next survivor without one."""
    pool = candidates(state, side, ship, content)
    if side is Side.ALIEN:
        return pool
    humans = list(state.humans.values())
    well = [h.id for h in humans if h.condition is Condition.WELL]
    if state.setup is SetupStep.DEAD:
        pool.append(c.ChooseDead(tuple(well[-4:])))
    elif state.setup is SetupStep.INJURED:
        pool.append(c.ChooseInjured(tuple(well[-2:])))
    elif state.setup is SetupStep.ROLES:
        human = next(h.id for h in humans if h.role is None)
        pool += [c.AssignRole(human, role) for role in free_roles(Ctx(state, ship, content))]
    return pool


def legal_for(
    state: GameState, side: Side, ship: Ship, content: Content, plans_setup: bool = False
) -> list[c.Command]:
    """The legal commands of ``side`` now: :func:`candidate_pool`, each one checked."""
    pool = candidate_pool(state, side, ship, content, plans_setup)
    return [cmd for cmd in pool if is_legal(state, side, cmd, ship, content)]


def decide(
    state: GameState, side: Side, player: Player, ship: Ship, content: Content, rng: Rng
) -> c.Command:
    """What ``player`` plays for ``side``: it gets only the side's view and the legal list
    (the set-up's choices one by one if it plans its set-up, ``plans_setup``)."""
    plans_setup = bool(getattr(player, "plans_setup", False))
    legal = legal_for(state, side, ship, content, plans_setup)
    return player(view(state, side.value, ship, content), legal, ship, content, rng)


def play_game(
    seed: int,
    crew_player: Player | None,
    alien_player: Player | None,
    turn_cap: int = 80,
    player_seed: int = 0,
    variants: frozenset[str] = frozenset(),
) -> Game:
    """A whole game from set-up with ``variants``; ``None`` plays the side at random (the
    baseline). Stops when the game is over or after ``turn_cap`` turns."""
    game = Game.new(seed, variants=variants)
    rngs = {Side.CREW: Rng(seed * 7919 + player_seed + 1), Side.ALIEN: Rng(seed * 104729 + 3)}
    players = {Side.CREW: crew_player, Side.ALIEN: alien_player}
    while game.state.phase is not Phase.OVER and game.state.turn <= turn_cap:
        side = acting_side(game.state)
        player, rng = players[side], rngs[side]
        if player is None:
            command = choose(game.state, side, game.ship, game.content, rng)
            assert command is not None, f"seed {seed}: {side} has no legal command"
        else:
            command = decide(game.state, side, player, game.ship, game.content, rng)
        show(game, players.values(), game.play(side, command))
    return game
