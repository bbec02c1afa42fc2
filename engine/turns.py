"""Turns and phases (C, C.2): the alien phase, then the crew phase, until the end (F)."""

from __future__ import annotations

from collections.abc import Callable

from engine.actions import require_phase
from engine.commands import EndPhase, EndUnit
from engine.context import Ctx
from engine.errors import RuleError
from engine.events import Ending, GameOver, PhaseBegan, UnitDone
from engine.hiding.events import HiddenAt
from engine.hiding.piperun import run_search
from engine.state import Fate, Phase, Side
from engine.units import human_actions

# Rules that fire when a phase begins (part 2 adds the critical-system countdown,
# Poison Bait and Ultrasonics). Each takes the context and the phase beginning.
PhaseHook = Callable[[Ctx, Phase], None]
PHASE_HOOKS: list[PhaseHook] = []


def begin_phase(ctx: Ctx, phase: Phase) -> None:
    """Units of the phasing side earn their actions (C.2)."""
    state = ctx.state
    state.phase = phase
    state.active_unit = None
    state.done_units = set()
    if phase is Phase.ALIEN:
        state.turn += 1
        state.declarations = []
        state.sightings = []
        state.surge_used = False
        for alien in state.live_aliens():
            alien.actions = ctx.content.alien_stats.actions
            alien.repelled_from = None
    else:
        state.searched = set()
        for human in state.live_humans():
            human.actions = human_actions(ctx.content, human)
            if human.actions == 0:
                state.done_units.add(human.id)  # unconscious: earns nothing (G.4)
    ctx.say(PhaseBegan(turn=state.turn, phase=phase))
    for hook in PHASE_HOOKS:
        hook(ctx, phase)
        if state.phase is Phase.OVER:
            return


def finish_unit(ctx: Ctx, unit_id: str) -> None:
    """The unit is done (C.2). A human's unspent actions search if the alien hides (C.8)."""
    state = ctx.state
    if unit_id in state.done_units:
        return
    state.done_units.add(unit_id)
    if state.active_unit == unit_id:
        state.active_unit = None
    if state.is_human(unit_id):
        human = state.human(unit_id)
        if human.actions > 0 and state.pipe_runners() and human.holder is None:
            run_search(ctx, unit_id, human.actions, leftover=True)
        human.actions = 0
    else:
        state.alien(unit_id).actions = 0
    ctx.say(UnitDone(who=ctx.who(unit_id)))


def end_unit(ctx: Ctx, side: Side, cmd: EndUnit) -> None:
    require_phase(ctx, side)
    state = ctx.state
    mine = [h.id for h in state.live_humans()] if side is Side.CREW else list(state.aliens)
    if cmd.unit not in mine:
        raise RuleError(f"'{cmd.unit}' is not one of your units", legal=mine)
    if cmd.unit in state.done_units:
        raise RuleError(f"{ctx.name(cmd.unit)} is already done this phase", rule="C.2")
    finish_unit(ctx, cmd.unit)
    check_game_over(ctx)


def end_phase(ctx: Ctx, side: Side, _cmd: EndPhase | None = None) -> None:
    """Every unit not yet done stops; then the other side's phase begins."""
    require_phase(ctx, side)
    state = ctx.state
    units = (
        [h.id for h in state.live_humans()]
        if side is Side.CREW
        else [a.id for a in state.live_aliens()]
    )
    for unit_id in units:
        if state.phase is Phase.OVER:
            return
        finish_unit(ctx, unit_id)
    if check_game_over(ctx):
        return
    if side is Side.ALIEN:
        _tell_alien_secret_positions(ctx)
    begin_phase(ctx, Phase.CREW if side is Side.ALIEN else Phase.ALIEN)


def _tell_alien_secret_positions(ctx: Ctx) -> None:
    for alien in ctx.state.pipe_runners():
        assert alien.grid is not None
        ctx.say(HiddenAt(who=ctx.who(alien.id), grid=alien.grid, phase_end=True))


def side_finished(ctx: Ctx) -> bool:
    """True once the acting side has no unit left that could act."""
    side = Side.CREW if ctx.state.phase is Phase.CREW else Side.ALIEN
    state = ctx.state
    units = (
        [h.id for h in state.live_humans()]
        if side is Side.CREW
        else [a.id for a in state.live_aliens()]
    )
    return all(u in state.done_units for u in units)


def check_game_over(ctx: Ctx) -> bool:
    """C and F: one side dead or gone (F; C adds all survivors escaped: gap 7)."""
    state = ctx.state
    if state.phase is Phase.OVER:
        return True
    humans_aboard = [h for h in state.live_humans() if h.fate is Fate.ABOARD]
    aliens_aboard = state.live_aliens()
    systems = ", ".join(state.ship_destroyed)
    if state.ship_destroyed:
        ending = Ending.SHIP_DESTROYED
        state.result = f"the Quicksilver is destroyed ({systems})"
    elif not humans_aboard:
        ending = Ending.NO_HUMANS
        state.result = "no living human is left aboard"
    elif not aliens_aboard:
        ending = Ending.NO_ALIENS
        state.result = "no living alien is left aboard"
    else:
        return False
    state.phase = Phase.OVER
    state.active_unit = None
    for alien in state.aliens.values():
        alien.stop_hiding()
    ctx.say(GameOver(ending=ending, system=systems))
    return True
