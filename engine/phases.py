"""Phases (C): the alien phase, then the crew phase, each begun for every unit of its side,
and the rules that fire as one begins.

A unit's own turn inside a phase (taking it, finishing it) is :mod:`engine.turns`.
"""

from __future__ import annotations

from engine.actions import require_phase
from engine.commands import EndPhase
from engine.context import Ctx, PhaseHook
from engine.emergencies import rules as emergencies
from engine.equipment import science
from engine.escape import sabotage
from engine.events import PhaseBegan
from engine.growing import growth
from engine.hiding.events import HiddenAt
from engine.noise.rules import phase_heard
from engine.raids.rules import raid_step
from engine.state import Phase, Side
from engine.turns import check_game_over, finish_unit
from engine.units import human_actions

# Rules that fire as a phase begins, in this order (C.9's countdown, the raids variant's
# raid step right after it (R.3), G.2.2's bait, G.2.5's ultrasonics); each family lists
# its own.
PHASE_HOOKS: tuple[PhaseHook, ...] = (
    *growth.PHASE_HOOKS,
    *sabotage.PHASE_HOOKS,
    emergencies.start_of_round,  # in place of the countdown, with the emergencies variant
    raid_step,
    *science.PHASE_HOOKS,
)


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
        phase_heard(ctx)
        _tell_alien_secret_positions(ctx)
    begin_phase(ctx, Phase.CREW if side is Side.ALIEN else Phase.ALIEN)


def _tell_alien_secret_positions(ctx: Ctx) -> None:
    for alien in ctx.state.pipe_runners():
        assert alien.grid is not None
        ctx.say(HiddenAt(who=ctx.who(alien.id), grid=alien.grid, phase_end=True))
