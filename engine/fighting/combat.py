"""Combat (D): the attack, heal and repair commands.

A human attacks one alien it can see, in range of the weapon used (D.2-D.4, E.3.8);
the alien attacks a whole grid or a closed door (:mod:`engine.fighting.alien_attacks`).
Healing and repairs are in :mod:`engine.fighting.healing` and :mod:`engine.equipment.repairs`.
"""

from __future__ import annotations

from engine.board.geometry import grid_range, has_los
from engine.commands import Attack, Command, Heal
from engine.content_models import Activity, Gear
from engine.context import Ctx, Handler
from engine.efforts import Shown, action_cost, afford, commit, require_able
from engine.emergencies.rules import attack_wall
from engine.errors import RuleError
from engine.fighting.alien_attacks import alien_attack, attack_door
from engine.fighting.ferocity import crew_ferocity, range_penalty, resilience, weapons
from engine.fighting.healing import heal
from engine.physiology import rules as physiology
from engine.reactions.marks import spend_fear
from engine.state import Alien, Human, Side
from engine.turns import check_game_over, take_unit

_NOT_FOR_THE_CREW = {
    "door": (Activity.ATTACK_DOOR, "D.2, G.1"),
    "nexus": (Activity.ATTACK_NEXUS, "C.9, G.1"),
}


def attack(ctx: Ctx, side: Side, cmd: Attack) -> None:
    take_unit(ctx, side, cmd.unit)
    state = ctx.state
    if cmd.target == "wall":
        attack_wall(ctx, side, cmd)
    elif state.is_human(cmd.unit):
        crew_attack(ctx, state.human(cmd.unit), cmd)
    elif cmd.target == "door":
        attack_door(ctx, state.alien(cmd.unit), cmd)
    else:
        alien_attack(ctx, state.alien(cmd.unit), cmd)
    check_game_over(ctx)


def crew_attack(ctx: Ctx, human: Human, cmd: Attack) -> None:
    """D.1-D.4: one roll against the target (against every unit in its grid for a
    Flame Caster, G.2.1), after paying the attack and the committed actions."""
    if cmd.target in _NOT_FOR_THE_CREW:  # G.1 "-": the alien's targets only
        activity, rule = _NOT_FOR_THE_CREW[cmd.target]
        require_able(ctx, activity, human.id, rule=rule)
    target = visible_alien(ctx, cmd.target)
    distance = _distance(ctx, human, target)
    weapon = choose_weapon(ctx, human, target, distance, cmd.weapon)
    cost = action_cost(ctx, Activity.ATTACK, human.id)
    afford(ctx, human.id, cost, cmd.boost, "an attack", "D.1, C.1")
    boost = commit(ctx, human.id, cost, cmd.boost)
    for victim in blast_victims(ctx, human, target, weapon):
        shown = Shown()
        mods = crew_ferocity(ctx, human, weapon, victim, distance == 0, shown) + boost
        mods += resilience(ctx, victim, shown) + range_penalty(weapon, distance)
        mods += physiology.declare(ctx, human, weapon, victim)  # P.2: the card before the die
        shown.reveal(ctx)
        physiology.strike(ctx, human, victim, mods, weapon)
    spend_fear(ctx.state, target.id)  # the reactions variant: Fear lasts one attack (W.3.4)


def visible_alien(ctx: Ctx, word: str) -> Alien:
    """The alien the crew names, if it is on the board: a pipe-runner that has not
    been tallied is not (C.7, C.7.2)."""
    state = ctx.state
    seen = [a.id for a in state.live_aliens() if not a.pipe_running]
    alien = state.aliens.get(word)
    if alien is not None and alien in state.live_aliens():
        if alien.pipe_running:
            raise RuleError(
                f"{ctx.name(alien.id)} is pipe-running: the crew cannot attack "
                "what it has not tallied",
                rule="C.7.2, D.2",
                legal=seen,
            )
        return alien
    if word in state.humans:
        raise RuleError("the crew attacks the alien, not one another", rule="D.2", legal=seen)
    raise RuleError(f"'{word}' is not an alien you can attack", rule="D.2", legal=seen)


def _distance(ctx: Ctx, human: Human, target: Alien) -> int:
    """Range to the target, which must be in sight (D.3, D.4)."""
    here = ctx.state.unit_grid(human.id)
    assert here is not None and target.grid is not None
    distance = grid_range(here, target.grid)
    if distance is None or not has_los(ctx.ship, here, target.grid, ctx.state.doors):
        raise RuleError(
            f"{human.name} has no line of sight to {ctx.name(target.id)} at {target.grid}",
            rule="D.4",
        )
    return distance


def choose_weapon(ctx: Ctx, human: Human, target: Alien, distance: int, word: str) -> Gear | None:
    """The weapon named, or the best one carried against this target (None: bare
    hands, which reach only the same grid, D.3). A Flame Caster is never picked for
    the player when other crew stand in its blast (G.2.1)."""
    carried = weapons(ctx, human)
    if word:
        return _named_weapon(ctx, human, word, carried)
    options: list[Gear | None] = [*carried] if distance else [None, *carried]
    safe = [g for g in options if g is None or not g.area or not _crew_in_blast(ctx, human, target)]
    if not options:
        raise RuleError(
            f"{human.name} carries no firearm: an unarmed attack needs the target in the same grid",
            rule="D.3",
        )
    if not safe:
        raise RuleError(
            "crew stand in the Flame Caster's blast: say 'with flamecaster' to fire anyway",
            rule="G.2.1",
        )
    return max(safe, key=lambda g: _net(ctx, human, target, g, distance))


def _net(ctx: Ctx, human: Human, target: Alien, weapon: Gear | None, distance: int) -> int:
    shown = Shown()
    mods = crew_ferocity(ctx, human, weapon, target.id, distance == 0, shown)
    mods += resilience(ctx, target.id, shown) + range_penalty(weapon, distance)
    worth = physiology.weapon_worth(ctx, human, weapon, target.id)  # the crew's cards only
    return sum(m.value for m in mods) + worth


def _named_weapon(ctx: Ctx, human: Human, word: str, carried: list[Gear]) -> Gear:
    wanted = word.replace(" ", "").replace("-", "").casefold()
    for gear in carried:
        if wanted in (gear.id.value.casefold(), gear.name.replace(" ", "").casefold()):
            return gear
    raise RuleError(
        f"{human.name} carries no weapon called '{word}'",
        rule="E.3.8",
        legal=[g.id.value.lower() for g in carried],
    )


def _crew_in_blast(ctx: Ctx, human: Human, target: Alien) -> bool:
    assert target.grid is not None
    return any(h.id != human.id for h in ctx.state.humans_in(target.grid))


def blast_victims(ctx: Ctx, human: Human, target: Alien, weapon: Gear | None) -> list[str]:
    """The target, or for an area weapon every unit in its grid but the attacker:
    crew included, hidden pipe-runners not (G.2.1)."""
    if weapon is None or not weapon.area:
        return [target.id]
    assert target.grid is not None
    state = ctx.state
    others = [h.id for h in state.humans_in(target.grid) if h.id != human.id]
    others += [
        a.id
        for a in state.live_aliens()
        if a.grid == target.grid and not a.pipe_running and a.id != target.id
    ]
    return [target.id, *sorted(others)]


HANDLERS: dict[type[Command], Handler] = {
    Attack: attack,
    Heal: heal,
}
