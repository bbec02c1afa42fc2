"""Applying a command: the single source of legality.

``apply`` runs the command's handler on a copy of the state, so a refused command
leaves the game exactly as it was; a successful one returns the new state and
the events it caused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import commands as c
from engine.actions import actions_left
from engine.board.ship import Ship
from engine.consult import Secret, listening
from engine.content import Content
from engine.context import Ctx, Handler
from engine.dice import Rng
from engine.emergencies.rules import counteract, shuffle_deck
from engine.equipment import science
from engine.equipment.gear import HANDLERS as GEAR_HANDLERS
from engine.errors import GameError, RuleError
from engine.escape import sabotage
from engine.escape.pods import HANDLERS as POD_HANDLERS
from engine.events import EnergyOrder, Event, OrderLapsed
from engine.fighting.combat import HANDLERS as COMBAT_HANDLERS
from engine.growing import growth
from engine.halon import rules as halon
from engine.hiding.orders import search, start_pipe_run, surface
from engine.moving.movement import feint, move, use_hatch, use_lift, wait
from engine.noise.rules import set_ambush
from engine.phases import begin_phase, end_phase
from engine.physiology import rules as physiology
from engine.quick_setup import quick_setup
from engine.raids import rules as raids
from engine.reactions import rules as reactions
from engine.setup import (
    assign_role,
    choose_ability,
    choose_dead,
    choose_injured,
    place_human,
    place_larva,
    place_supplies,
    require_side,
    setup_complete,
)
from engine.state import GameState, Phase, Side
from engine.turns import check_game_over, end_unit, finish_unit, side_finished, take_unit


def _crew_setup(step: Any) -> Handler:
    def handler(ctx: Ctx, side: Side, cmd: Any) -> None:
        require_side(side, Side.CREW)
        step(ctx, cmd)

    return handler


def _alien_setup(step: Any) -> Handler:
    def handler(ctx: Ctx, side: Side, cmd: Any) -> None:
        require_side(side, Side.ALIEN)
        step(ctx, cmd)

    return handler


def _quick(ctx: Ctx, side: Side, _cmd: c.QuickSetup) -> None:
    if ctx.state.phase is not Phase.SETUP:
        raise RuleError("set-up is over", rule="B.1")
    quick_setup(ctx, side)


def _order(ctx: Ctx, side: Side, cmd: c.SetOrder) -> None:
    if cmd.name == "bunker":
        raids.set_bunker(ctx, side, cmd.value)
        return
    if cmd.name == c.RAID_DAMAGE:
        raids.set_damage_order(ctx, side, cmd.targets)
        return
    require_side(side, Side.ALIEN)
    if cmd.name == "ambush":
        set_ambush(ctx, cmd.value)
        return
    ctx.state.standing.spend_energy_on_seven = cmd.value
    ctx.say(EnergyOrder(on=cmd.value))


def _rekey(ctx: Ctx, _side: Side, cmd: c.Rekey) -> None:
    """The referee re-keys the dice (README, "Seeds"): every roll from here on follows the
    new key, which the log keeps, so a replay rolls the same dice."""
    ctx.state.rng = Rng(cmd.key)


HANDLERS: dict[type[c.Command], Handler] = {
    c.ChooseDead: _crew_setup(lambda ctx, cmd: choose_dead(ctx, cmd.humans)),
    c.ChooseInjured: _crew_setup(lambda ctx, cmd: choose_injured(ctx, cmd.humans)),
    c.AssignRole: _crew_setup(lambda ctx, cmd: assign_role(ctx, cmd.human, cmd.role)),
    c.PlaceHuman: _crew_setup(lambda ctx, cmd: place_human(ctx, cmd.human, cmd.grid)),
    c.PlaceSupplies: _crew_setup(lambda ctx, cmd: place_supplies(ctx, cmd.grids)),
    c.ChooseAbility: _alien_setup(lambda ctx, cmd: choose_ability(ctx, cmd.ability)),
    c.PlaceLarva: _alien_setup(lambda ctx, cmd: place_larva(ctx, cmd.grid)),
    c.QuickSetup: _quick,
    c.Move: move,
    c.UseLift: use_lift,
    c.UseHatch: use_hatch,
    c.Feint: feint,
    c.Wait: wait,
    c.StartPipeRun: start_pipe_run,
    c.Surface: surface,
    c.Search: search,
    c.EndUnit: end_unit,
    c.EndPhase: end_phase,
    c.SetOrder: _order,
    c.Contribute: raids.contribute,
    c.Rekey: _rekey,
    c.Counteract: counteract,
    c.Purge: halon.purge,
    c.Recharge: halon.recharge,
    **COMBAT_HANDLERS,
    **GEAR_HANDLERS,
    **POD_HANDLERS,
    **growth.HANDLERS,
    **sabotage.HANDLERS,
    **science.HANDLERS,
}


def _after(ctx: Ctx) -> None:
    """Start play once both sides are set up; end a phase nobody can act in."""
    state = ctx.state
    if state.phase is Phase.SETUP:
        if setup_complete(state):
            raids.set_up(ctx)  # the variants' decks as set-up ends, raids first (README)
            shuffle_deck(ctx)  # then the emergencies' deck
            physiology.deal(ctx)  # then the physiology cards (P.1)
            reactions.shuffle_deck(ctx)  # then the reactions' deck
            halon.set_up(ctx)  # the halon tanks: no die drawn
            begin_phase(ctx, Phase.ALIEN)
        return
    while True:
        reactions.react(ctx)  # the reactions variant: the wounds' cards, at once (W.2)
        if check_game_over(ctx):
            return
        active = state.active_unit
        if active is not None and actions_left(ctx, active) == 0:
            finish_unit(ctx, active)  # a unit that has spent everything is done (C.2)
        while state.phase in (Phase.ALIEN, Phase.CREW) and side_finished(ctx):
            side = Side.ALIEN if state.phase is Phase.ALIEN else Side.CREW
            end_phase(ctx, side)
        if not reactions.pending(state):  # a wound as a phase began (G.2.2's bait)
            return


@dataclass(frozen=True, slots=True)
class Judged:
    """One command applied: the state after it, what happened, and the secrets of the
    other side it consulted (:mod:`engine.consult`): a command that consulted any is final."""

    state: GameState
    events: list[Event]
    consulted: tuple[Secret, ...]


def judge(
    state: GameState,
    side: Side,
    command: c.Command,
    ship: Ship,
    content: Content,
    *,
    in_place: bool = False,
) -> Judged:
    """:func:`apply`, noting which secrets ``side`` cannot see the command consulted."""
    with listening(side) as ear:
        after, events = apply(state, side, command, ship, content, in_place=in_place)
    return Judged(after, events, tuple(ear.heard))


def apply(
    state: GameState,
    side: Side,
    command: c.Command,
    ship: Ship,
    content: Content,
    *,
    in_place: bool = False,
) -> tuple[GameState, list[Event]]:
    """The state after ``side`` plays ``command``, and what happened; raises GameError.

    The command is played on a copy of ``state``, so a refusal changes nothing; with
    ``in_place`` it may change ``state`` itself (no copy), for a replay of commands
    already accepted once whose caller drops the state if one is refused now
    (``Game.replay``). The result is the same either way.

    An order to a new unit first finishes the unit acting before it, whose leftover
    actions search if an alien hides (C.2, C.8). What that search finds is hidden until
    it happens, so the order is judged as the position stood when it was given: legal
    or not whatever the hidden alien's grid (the crew's options are a function of what
    it knows). If the search then changes the position so that the order cannot be
    carried out, the order still stands: the new unit takes over and is told why.
    """
    handler = HANDLERS.get(type(command))
    if handler is None:
        raise RuleError(f"'{command.verb}' is not a rule yet")
    judged_first = _replaces_a_searcher(state, command)
    if judged_first:
        handler(Ctx(state.clone(), ship, content, defer_finish=True), side, command)
    # An order that may lapse (_overtaken) is played on a copy even in place: the lapse
    # starts again from the state as it was.
    ctx = Ctx(state if in_place and not judged_first else state.clone(), ship, content)
    try:
        handler(ctx, side, command)
    except GameError as err:
        if not judged_first:
            raise
        ctx = _overtaken(state, side, command, ship, content, err)
    _after(ctx)
    return ctx.state, ctx.events


def _replaces_a_searcher(state: GameState, command: c.Command) -> bool:
    """Does this order finish a human whose leftover actions will search (C.8)?"""
    previous, unit = state.active_unit, getattr(command, "unit", None)
    if previous is None or unit in (None, previous) or not state.is_human(previous):
        return False
    human = state.human(previous)
    return human.actions > 0 and human.holder is None and bool(state.pipe_runners())


def _overtaken(
    state: GameState, side: Side, command: c.Command, ship: Ship, content: Content, err: GameError
) -> Ctx:
    """The leftover search of the unit left behind changed the position (C.8): that
    unit is finished, the ordered unit takes over, and its order lapses."""
    ctx = Ctx(state.clone(), ship, content)
    unit: str = getattr(command, "unit")  # noqa: B009 - every unit order has one
    take_unit(ctx, side, unit)
    ctx.say(OrderLapsed(who=ctx.who(unit), command=command.notation(), reason=err.message))
    return ctx
