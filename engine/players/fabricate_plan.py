"""The `normal` and `hard` crew's fabrication (E.4.2, G.2): only where the alien cannot
strike.

A fabrication is one action plus those committed to the roll (C.1), spent standing in an
obstructed grid of the blueprint's room; a human who pours its actions into it cannot
run or fight the same phase. So a human fabricates only when the crew's belief puts every
grid the alien may be in (and every alien in sight) beyond its reach of the workroom next
alien phase: its six actions (C.2, G.5) and a Surge's two (G.4), doors taken as open, as
the belief takes them. A human who carries supplies it has read (C.3) that a blueprint
of the crew needs, and has that blueprint's skill, walks to the blueprint's room when
the crew has nothing more urgent to do.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.board.geometry import Mover
from engine.board.grid import Grid
from engine.board.ship import Ship
from engine.content import Content
from engine.content_models import GearKind
from engine.players.tactics import FAR, distances
from engine.views import CrewLine, View

ALIEN_REACH = 6 + 2  # an alien's actions in its phase (C.2, G.5) and a Surge's (G.4)


def out_of_reach(ship: Ship, here: Grid, alien_grids: Iterable[Grid]) -> bool:
    """No grid the alien may be in is within its reach of ``here`` (doors open)."""
    near = distances(ship, here, Mover.ALIEN, {})
    return all(near.get(g, FAR) > ALIEN_REACH for g in alien_grids)


def workroom(view: View, me: CrewLine, ship: Ship, content: Content) -> list[Grid]:
    """The obstructed grids of the room where ``me`` can make a blueprint of the crew's
    with supplies it carries and has read (E.4.2): empty when it can make none."""
    for device in view.blueprints:
        blueprint = content.blueprints.get(GearKind(device))
        if blueprint is None or blueprint.skill.value not in me.skills:
            continue
        if f"Supplies ({blueprint.supplies.value})" not in me.carrying:
            continue
        room = blueprint.room.value
        return sorted(
            g for g in ship.cells if room in ship.region_of(g).tags and ship.is_obstructed(g)
        )
    return []
