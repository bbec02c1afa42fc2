"""A life pod launched with both sides aboard (E.2.4, gap 20).

E.2.4 says to "resolve turns until only aliens or humans are alive in the Pod". We
settle it at once, at the launch: the sides take turns, starting with the side whose
phase would come next (C), and in its turn every unit of that side able to act makes
one attack, committing all the actions it would earn in a turn (C.1, C.2): an alien
attacks the pod's grid (D.2), each conscious human the first alien with its best
weapon (D.1). Every roll is announced as usual.
"""

from __future__ import annotations

from engine.board.grid import Grid
from engine.content_models import Activity
from engine.context import Ctx
from engine.dice import Modifier, Term
from engine.efforts import Shown, action_cost
from engine.escape.events import PodFight
from engine.fighting.combat import blast_victims, choose_weapon
from engine.fighting.ferocity import alien_ferocity, crew_ferocity, resilience, strike
from engine.physiology import rules as physiology
from engine.state import Alien, Human, Phase, Side
from engine.units import human_actions

# A guard against a fight nobody can win. The alien always has some chance to hit
# (its ferocity plus five committed actions beats any crew resilience on a six), so
# real fights end long before this.
MAX_TURNS = 1000


def settle_pod_fight(ctx: Ctx, grid: Grid) -> None:
    first = Side.CREW if ctx.state.phase is Phase.ALIEN else Side.ALIEN
    turn = 0
    while _both_sides(ctx, grid) and turn < MAX_TURNS:
        turn += 1
        ctx.say(PodFight(grid=grid, turn=turn))
        for side in (first, first.other):
            if _both_sides(ctx, grid):
                _side_attacks(ctx, side, grid)


def _crew(ctx: Ctx, grid: Grid) -> list[Human]:
    return sorted(ctx.state.humans_in(grid), key=lambda h: h.id)


def _aliens(ctx: Ctx, grid: Grid) -> list[Alien]:
    return sorted((a for a in ctx.state.live_aliens() if a.grid == grid), key=lambda a: a.id)


def _both_sides(ctx: Ctx, grid: Grid) -> bool:
    return bool(_crew(ctx, grid)) and bool(_aliens(ctx, grid))


def _boost(ctx: Ctx, unit_id: str, actions: int) -> list[Modifier]:
    """Everything but the attack's own action, committed to the roll (C.1)."""
    extra = actions - action_cost(ctx, Activity.ATTACK, unit_id)
    per = action_cost(ctx, Activity.BOOST, unit_id)
    return [Modifier(Term.ACTIONS, extra // per)] if extra > 0 and per else []


def _side_attacks(ctx: Ctx, side: Side, grid: Grid) -> None:
    if side is Side.ALIEN:
        for alien in _aliens(ctx, grid):
            _alien_turn(ctx, alien, grid)
        return
    for human in _crew(ctx, grid):
        actions = human_actions(ctx.content, human)
        targets = _aliens(ctx, grid)
        if actions and targets:  # an unconscious human earns no actions (G.4)
            _human_turn(ctx, human, targets[0], actions)


def _alien_turn(ctx: Ctx, alien: Alien, grid: Grid) -> None:
    ferocity = alien_ferocity(ctx, alien) + _boost(ctx, alien.id, ctx.content.alien_stats.actions)
    for human in _crew(ctx, grid):
        shown = Shown()
        mods = ferocity + resilience(ctx, human.id, shown)
        shown.reveal(ctx)
        strike(ctx, alien.id, human.id, mods)


def _human_turn(ctx: Ctx, human: Human, target: Alien, actions: int) -> None:
    """One attack; a Flame Caster's burns every unit in the pod but its wielder (G.2.1)."""
    weapon = choose_weapon(ctx, human, target, 0, "")
    for victim in blast_victims(ctx, human, target, weapon):
        shown = Shown()
        mods = crew_ferocity(ctx, human, weapon, victim, True, shown)
        mods += _boost(ctx, human.id, actions) + resilience(ctx, victim, shown)
        mods += physiology.declare(ctx, human, weapon, victim)  # P.2
        shown.reveal(ctx)
        physiology.strike(ctx, human, victim, mods, weapon)
