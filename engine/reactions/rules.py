"""The ``reactions`` variant's rules (docs/rules-decisions.md, "Variants: reactions"):
the deck shuffled as set-up ends (W.1), a card drawn for each injury an alien survives
(W.2) and carried out at once (W.3), the bot making every forced move (W.4).

An injury is noted where it happens (:func:`engine.reactions.marks.note_injury`, in the
one injury path every source takes) and answered by :func:`react` once the rule that
injured has finished, so a Flame Caster's blast or the Poison Bait's meal completes
before the alien reacts. Forced moves walk (no lift or hatch) and cost nobody an action.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable

from engine.board.geometry import Mover, StepKind, grid_range, reachable, steps_from
from engine.board.grid import Grid
from engine.context import Ctx
from engine.errors import GameError
from engine.fighting.alien_attacks import strike_grid
from engine.fighting.events import Death
from engine.fighting.ferocity import alien_ferocity
from engine.fighting.injury import kill_alien
from engine.growing.mutation import draw_ability
from engine.hiding.events import PipeRun, Surfacing
from engine.hiding.piperun import consult_hideouts, end_run
from engine.moving.movement import Leg, affordable, walk
from engine.noise.rules import return_tokens
from engine.reactions.events import (
    Bloodlust,
    Hissed,
    ReactionDrawn,
    Regenerating,
    Retreats,
    Transformed,
)
from engine.state import Alien, Condition, GameState, Phase, ReactionsState
from engine.turns import check_game_over
from engine.variants import ReactionsInfo, load_variants

FAR = 10**6  # a grid no human can reach is as far as it gets


def info() -> ReactionsInfo:
    return load_variants().reactions


def shuffle_deck(ctx: Ctx) -> None:
    """W.1: the cards shuffled from the game's dice as set-up ends (0.2's fixed order:
    raids, emergencies, physiology, reactions, noise)."""
    table = ctx.state.reactions
    if table is not None and not table.deck and not table.discard and not table.active:
        table.deck = ctx.state.rng.shuffled([c.id for c in info().cards])


def pending(state: GameState) -> bool:
    return state.reactions is not None and bool(state.reactions.pending)


def react(ctx: Ctx) -> None:
    """W.2: a card for each injury an alien survived, in order, each carried out at
    once; an alien dead since (a second injury, Good Aim!) draws nothing more."""
    table = ctx.state.reactions
    if table is None:
        return
    while table.pending and ctx.state.phase is not Phase.OVER:
        alien_id, by = table.pending.pop(0)
        alien = ctx.state.aliens[alien_id]
        if alien.dead or alien.grid is None:
            continue
        card, shuffled = _draw(ctx, table)
        table.active, table.active_alien, table.slay_spent = card, alien_id, False
        ctx.say(ReactionDrawn(who=ctx.who(alien_id), card=card, shuffled=shuffled))
        EFFECTS[card](ctx, alien, by)
        check_game_over(ctx)


def _draw(ctx: Ctx, table: ReactionsState) -> tuple[str, bool]:
    """W.1: the top card; an empty deck is the discards shuffled first (every card, in
    a scenario that set neither)."""
    shuffled = not table.deck
    if shuffled:
        pool = table.discard or [c.id for c in info().cards]
        table.deck, table.discard = ctx.state.rng.shuffled(pool), []
    card = table.deck.pop(0)
    table.discard.append(card)
    return card, shuffled


# --- the cards (W.3) --------------------------------------------------------------------------
def _regeneration(ctx: Ctx, alien: Alien, _by: str) -> None:
    """W.3.1: a die; on 4-6 a Regeneration token for the alien side's pool."""
    table = ctx.state.reactions
    assert table is not None
    die, need = ctx.state.rng.d6(), info().regeneration_from
    gained = die >= need
    ctx.state.regeneration += gained  # the alien side's one pool (engine.fighting.regeneration)
    ctx.say(
        Regenerating(
            who=ctx.who(alien.id),
            die=die,
            need=need,
            gained=gained,
            tokens=ctx.state.regeneration,
        )
    )


def _ferocious(ctx: Ctx, alien: Alien, _by: str) -> None:
    """W.3.2: +1 ferocity and resilience for good (engine.reactions.marks)."""
    table = ctx.state.reactions
    assert table is not None
    table.ferocious[alien.id] = table.ferocious.get(alien.id, 0) + 1


def _rage(ctx: Ctx, alien: Alien, _by: str) -> None:
    """W.3.3: +3 on its next attack."""
    assert ctx.state.reactions is not None
    ctx.state.reactions.rage.add(alien.id)


def _fear(ctx: Ctx, alien: Alien, by: str) -> None:
    """W.3.4: +3 resilience against the next crew attack, then the retreat."""
    assert ctx.state.reactions is not None
    ctx.state.reactions.fear.add(alien.id)
    retreat(ctx, alien, by)


def _critical(ctx: Ctx, alien: Alien, by: str) -> None:
    """W.3.10: -1 ferocity and resilience for good (not below 0), then the retreat."""
    table = ctx.state.reactions
    assert table is not None
    table.critical[alien.id] = table.critical.get(alien.id, 0) + 1
    retreat(ctx, alien, by)


def _adaptation(ctx: Ctx, alien: Alien, _by: str) -> None:
    """W.3.6: one more ability marker, face down."""
    draw_ability(ctx, alien)


def _transformation(ctx: Ctx, alien: Alien, _by: str) -> None:
    """W.3.7: its markers turned face up and removed, as many drawn face down. The
    removed markers go back among those not held, so one may come back."""
    shed = tuple(alien.abilities)
    ctx.say(Transformed(who=ctx.who(alien.id), abilities=shed))
    alien.abilities.clear()
    ctx.state.alien_secrets.revealed_abilities -= set(shed)  # no longer held
    for _marker in shed:
        draw_ability(ctx, alien)


def _engineered(_ctx: Ctx, _alien: Alien, _by: str) -> None:
    """W.3.8: nothing now; the active card acts in the injury rule (marks.slays)."""


def _good_aim(ctx: Ctx, alien: Alien, _by: str) -> None:
    """W.3.11: one more injury that no store or token prevents: it dies."""
    kill_alien(ctx, alien, Death.SECOND_INJURY)


def _bloodlust(ctx: Ctx, alien: Alien, _by: str) -> None:
    """W.3.5: two dice of steps toward the nearest injured or unconscious human (else
    the nearest human) by walking; reaching its grid, a free attack without boost."""
    state = ctx.state
    dice = (state.rng.d6(), state.rng.d6())
    if alien.pipe_running:
        consult_hideouts(ctx)
    assert alien.grid is not None
    ways = _walks(ctx, alien.grid, FAR)
    targets = [(h, state.unit_grid(h.id)) for h in state.live_humans()]
    reached = [(h, g) for h, g in targets if g is not None and g in ways]
    hurt = [(h, g) for h, g in reached if h.condition is not Condition.WELL]
    pool = hurt or reached
    if not pool:
        ctx.say(Bloodlust(who=ctx.who(alien.id), dice=dice))
        return
    human, goal = min(pool, key=lambda hg: (ways[hg[1]][0], hg[0].id))
    ctx.say(Bloodlust(who=ctx.who(alien.id), dice=dice, target=ctx.who(human.id)))
    _walk_free(ctx, alien.id, affordable(ways[goal][1], sum(dice)), "the Bloodlust")
    if alien.grid == goal and state.humans_in(goal):
        if alien.pipe_running:
            end_run(ctx, alien, Surfacing.ATTACKS)
        strike_grid(ctx, alien, goal, alien_ferocity(ctx, alien))


def _flee(ctx: Ctx, alien: Alien, _by: str) -> None:
    """W.3.9: a pipe-run at no cost, up to 6 steps to the grid farthest in alien steps
    from the nearest human (ties: the smallest grid), each step declared (C.7.3)."""
    assert alien.grid is not None
    if alien.pipe_running:
        consult_hideouts(ctx)
    else:
        alien.hide()
        ctx.say(PipeRun(who=ctx.who(alien.id), grid=alien.grid, cost=0))
        return_tokens(ctx)
    ways = _walks(ctx, alien.grid, info().flee_steps)
    near = _nearest_human(ctx)
    goal = min(ways, key=lambda g: (-near(g), g))
    ctx.say(Retreats(who=ctx.who(alien.id), steps=info().flee_steps, hidden=True))
    _walk_free(ctx, alien.id, ways[goal][1], "the Flee!")


def _hssssss(ctx: Ctx, alien: Alien, by: str) -> None:
    """W.3.12: the attacker steps back, the first step in grid order that increases the
    range; none for a hidden alien (whose grid the step would tell) or a stay-put."""
    state = ctx.state
    if not by or not state.is_human(by) or alien.pipe_running or alien.grid is None:
        return  # no human attacker (the Poison Bait), or one that cannot know where
    human = state.human(by)
    here = state.unit_grid(by)
    if not human.alive or human.holder is not None or here is None:
        ctx.say(Hissed(who=ctx.who(by)))
        return
    now = _range(here, alien.grid)
    steps = steps_from(ctx.ship, here, Mover.HUMAN, state.doors)
    steps = sorted((s for s in steps if s.kind is StepKind.WALK), key=lambda s: s.to)
    for step in steps:
        if _range(step.to, alien.grid) > now:
            leg = Leg(here, step.to, step.cost, step.kind)
            if _walk_free(ctx, by, [leg], "the Hssssss!"):
                ctx.say(Hissed(who=ctx.who(by), grid=state.unit_grid(by)))
                return
    ctx.say(Hissed(who=ctx.who(by)))


EFFECTS: dict[str, Callable[[Ctx, Alien, str], None]] = {
    "regeneration": _regeneration,
    "ferocious": _ferocious,
    "rage": _rage,
    "fear": _fear,
    "bloodlust": _bloodlust,
    "adaptation": _adaptation,
    "transformation": _transformation,
    "engineered": _engineered,
    "flee": _flee,
    "critical": _critical,
    "good-aim": _good_aim,
    "hssssss": _hssssss,
}


# --- the forced moves ---------------------------------------------------------------------------
def retreat(ctx: Ctx, alien: Alien, by: str) -> None:
    """W.4: up to 3 steps to the reachable grid farthest in alien steps from the
    attacker (ties: farthest from every human, then the smallest grid)."""
    state = ctx.state
    if alien.grid is None:
        return
    if alien.pipe_running:
        consult_hideouts(ctx)
    ways = _walks(ctx, alien.grid, info().retreat_steps)
    near = _nearest_human(ctx)
    from_attacker = _distances(ctx, state.unit_grid(by)) if by and state.is_human(by) else {}
    goal = min(ways, key=lambda g: (-from_attacker.get(g, FAR), -near(g), g))
    ctx.say(Retreats(who=ctx.who(alien.id), steps=info().retreat_steps))
    _walk_free(ctx, alien.id, ways[goal][1], "the retreat")


def _walk_free(ctx: Ctx, unit_id: str, legs: list[Leg], what: str) -> bool:
    """A forced move at no action cost (the bot's, like G.2.2's march). False if a rule
    refused it (a full grid, C.6; an Ultrasonics' keep-away, G.2.5): nothing moved."""
    if not legs:
        return False
    state = ctx.state
    unit = state.human(unit_id) if state.is_human(unit_id) else state.alien(unit_id)
    before = unit.actions
    unit.actions += sum(leg.cost for leg in legs)
    try:
        walk(ctx, unit_id, legs, what, free=True)
    except GameError:
        unit.actions = before
        return False
    unit.actions = before
    return True


def _walks(ctx: Ctx, start: Grid, budget: int) -> dict[Grid, tuple[int, list[Leg]]]:
    """Every grid the alien walks to within ``budget`` (no lift or hatch): its cost and
    the cheapest legs there (ties: through the smaller grids), ``start`` at 0."""
    best: dict[Grid, tuple[int, list[Leg]]] = {start: (0, [])}
    heap: list[tuple[int, Grid]] = [(0, start)]
    while heap:
        cost, here = heapq.heappop(heap)
        if cost > best[here][0]:
            continue
        for step in steps_from(ctx.ship, here, Mover.ALIEN, ctx.state.doors):
            total = cost + step.cost
            if step.kind is not StepKind.WALK or total > budget:
                continue
            if step.to not in best or total < best[step.to][0]:
                leg = Leg(here, step.to, step.cost, step.kind)
                best[step.to] = (total, [*best[here][1], leg])
                heapq.heappush(heap, (total, step.to))
    return best


def _distances(ctx: Ctx, origin: Grid | None) -> dict[Grid, int]:
    if origin is None:
        return {}
    return reachable(ctx.ship, origin, FAR, Mover.ALIEN, ctx.state.doors)


def _nearest_human(ctx: Ctx) -> Callable[[Grid], int]:
    """Alien steps from a grid to the nearest living human on board (FAR: none)."""
    state = ctx.state
    grids = {g for h in state.live_humans() if (g := state.unit_grid(h.id)) is not None}
    maps = [_distances(ctx, g) for g in sorted(grids)]
    return lambda grid: min((m.get(grid, FAR) for m in maps), default=FAR)


def _range(a: Grid, b: Grid) -> int:
    distance = grid_range(a, b)
    return FAR if distance is None else distance
