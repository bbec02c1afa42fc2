"""The odds of an attack as its attacker's side knows them (C.1, D.1, C.3).

Panels show "needs 4+ (50%)" beside each attack (worded by
:func:`bot.client.panels.choices.odds_words`). The numbers come from the same
ferocity and resilience terms the attack itself rolls with (:mod:`engine.fighting.ferocity`),
worked out on a copy of the position holding only what the attacking side knows:
the crew does not see the alien's face-down abilities, and the alien does not see
the crew's face-down skills or the gear it has not examined, so neither side's
odds give the other's secrets away. A term the attacker cannot know is left out,
so the odds are the odds against what it has seen.
"""

from __future__ import annotations

from fractions import Fraction

from engine.board.geometry import grid_range
from engine.board.grid import Grid, GridParseError
from engine.board.ship import Ship
from engine.commands import Attack
from engine.content import Content
from engine.context import Ctx
from engine.dice import TARGET, Modifier, Term
from engine.efforts import Shown
from engine.errors import GameError
from engine.fighting.combat import choose_weapon
from engine.fighting.ferocity import alien_ferocity, crew_ferocity, range_penalty, resilience
from engine.physiology import rules as physiology
from engine.state import GameState

DIE_FACES = 6


def needed_roll(modifier: int, target: int = TARGET) -> int:
    """The least die face that succeeds with ``modifier`` (C.1): 1 always succeeds,
    7 never does."""
    return min(max(target - modifier, 1), DIE_FACES + 1)


def chance(modifier: int, target: int = TARGET) -> Fraction:
    """The chance one d6 plus ``modifier`` reaches ``target``."""
    return Fraction(DIE_FACES + 1 - needed_roll(modifier, target), DIE_FACES)


def attack_modifier(state: GameState, command: Attack, ship: Ship, content: Content) -> int | None:
    """The total modifier of ``command`` as the attacker's side knows it; None when
    the attack has no single roll to show (a door, a nexus, an unknown target)."""
    try:
        if state.is_human(command.unit):
            return sum(m.value for m in _crew_terms(_crew_knows(state), command, ship, content))
        return _alien_terms(_alien_knows(state), command, ship, content)
    except (GameError, KeyError, GridParseError):
        return None


def _crew_terms(state: GameState, cmd: Attack, ship: Ship, content: Content) -> list[Modifier]:
    ctx = Ctx(state, ship, content)
    human = state.human(cmd.unit)
    target = state.aliens[cmd.target]
    here = state.unit_grid(human.id)
    assert here is not None and target.grid is not None
    distance = grid_range(here, target.grid) or 0
    weapon = choose_weapon(ctx, human, target, distance, cmd.weapon)
    shown = Shown()
    mods = crew_ferocity(ctx, human, weapon, target.id, distance == 0, shown)
    mods += [Modifier(Term.ACTIONS, cmd.boost)]
    mods += physiology.known_terms(ctx, human, weapon, target.id)  # P.2: cards the crew sees
    return mods + resilience(ctx, target.id, shown) + range_penalty(weapon, distance)


def _alien_terms(state: GameState, cmd: Attack, ship: Ship, content: Content) -> int | None:
    """One roll per human in the grid: the odds against the toughest one it knows of."""
    if cmd.target in ("door", "nexus", "wall"):
        return None
    ctx = Ctx(state, ship, content)
    alien = state.alien(cmd.unit)
    grid = state.unit_grid(cmd.target) if cmd.target in state.humans else Grid.parse(cmd.target)
    victims = [h for h in state.humans_in(grid)] if grid is not None else []
    if not victims:
        return None
    base = sum(m.value for m in alien_ferocity(ctx, alien)) + cmd.boost
    return min(base + sum(m.value for m in resilience(ctx, h.id, Shown())) for h in victims)


def _crew_knows(state: GameState) -> GameState:
    """The position with the alien's face-down abilities taken away (C.3)."""
    known = state.clone()
    shown = known.alien_secrets.revealed_abilities
    known.alien_secrets.abilities = [a for a in known.alien_secrets.abilities if a in shown]
    for alien in known.aliens.values():
        alien.abilities = [a for a in alien.abilities if a in shown]
    return known


def _alien_knows(state: GameState) -> GameState:
    """The position with the crew's face-down skills and unexamined gear taken away."""
    known = state.clone()
    for human in known.humans.values():
        if "role" not in human.revealed:
            human.role = None
        if "skill" not in human.revealed:
            human.skill_marker = None
    for item_id in [i for i, item in known.items.items() if "alien" not in item.examined_by]:
        item = known.items[item_id]
        if item.holder is not None and known.is_human(item.holder):
            del known.items[item_id]
    return known
