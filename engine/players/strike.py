"""How the `hard` crew spends a human's actions on attacks (C.1, D.1, D.5).

An alien dies of a second injury, and it heals in its own phase: to kill an unhurt
alien the crew needs two hits in one crew phase. Every action put into one attack adds
1 to its roll, but a new attack costs only one action, so an armed human often does
better with several plain attacks than one boosted one. :func:`kill_chance` works out
the best split for one attacker; the modifier is estimated from the crew's view (the
human's ferocity, its Tactical and Command skills, its best firearm less the range),
without the alien's face-down abilities, which the crew cannot see.
"""

from __future__ import annotations

from functools import cache

from engine.odds import chance
from engine.physiology.rules import IMMUNE, REGENERATIVE
from engine.variants import load_variants
from engine.views import CrewLine, View

HUMAN_FEROCITY = 1
_FIREARMS = {"Handgun": (2, 1), "Carbine": (1, 3)}  # ferocity, grids per resilience point


def attack_modifier(attacker: CrewLine, distance: int) -> int:
    """The attack roll's modifier before committed actions, as the crew can tell it."""
    skills = attacker.skills
    base = HUMAN_FEROCITY + skills.count("Tactical") + (1 if "Command" in skills else 0)
    best = 0 if distance == 0 else -99  # bare hands reach only the attacker's own grid
    for item in attacker.carrying:
        if item in _FIREARMS:
            bonus, step = _FIREARMS[item]
            best = max(best, bonus - distance // step)
    return base + best


def futile(view: View, attacker: CrewLine, distance: int) -> bool:
    """The physiology variant: every damage type ``attacker`` could hit with here is known
    to the crew as Immune or Regenerative (a hit would injure nothing)."""
    if view.physiology is None:
        return False
    known = {line.damage: line.card for line in view.physiology.cards if line.card}
    rules = load_variants().physiology
    toxic = "ToxicAmmo" in attacker.carrying
    types = {rules.unarmed} if distance == 0 else set()
    for item in attacker.carrying:
        if item in _FIREARMS:
            types.add(rules.toxic if toxic else rules.weapons[item])
        elif item in rules.weapons:
            types.add(rules.weapons[item])
    return bool(types) and all(known.get(t) in (IMMUNE, REGENERATIVE) for t in types)


@cache
def kill_chance(modifier: int, actions: int, hits: int) -> float:
    """The chance of ``hits`` more hits with ``actions`` actions, splitting them at best."""
    if hits <= 0:
        return 1.0
    if actions <= 0:
        return 0.0
    return max(attack_value(modifier, actions, hits, boost) for boost in range(actions))


def attack_value(modifier: int, actions: int, hits: int, boost: int) -> float:
    """The chance of ``hits`` hits when the next attack commits ``boost`` extra actions."""
    p = float(chance(modifier + boost))
    left = actions - 1 - boost
    return p * kill_chance(modifier, left, hits - 1) + (1 - p) * kill_chance(modifier, left, hits)
