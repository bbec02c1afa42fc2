"""Room for the ToolKit (E.3.1), as the game-controlled crew reckons it from its view.

A human carries at most three things of at most three totage dots, and the ToolKit alone
weighs two: a human with a Carbine, or with two Handguns, cannot take it, and the rules
refuse the pick-up or the hand-over. Dropping is free (E.3.2), so the human the ToolKit is
meant for drops what stands in the way, the heaviest first, rather than leave the
ToolKit where it lies while a critical system counts down (C.9).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.content import Content
from engine.content_models import Gear, GearKind
from engine.units import SUPPLIES, kind_totage
from engine.views import CrewLine

TOOLKIT = GearKind.TOOLKIT
UNKNOWN_DOTS = 1  # a marker whose kind the crew has not read: count it as small


def _gear(label: str, content: Content) -> Gear | None:
    """The gear a carried thing's label names, or None (a crate, a body)."""
    try:
        return content.gear[GearKind(label)]
    except ValueError:
        return None


def dots(label: str | None, content: Content) -> int:
    """The totage of one carried thing by its label (E.3.1): a crate's ("Supplies", or
    "Supplies (food)" once read), its gear's, or a carried body's (shown by name)."""
    if label is None:
        return UNKNOWN_DOTS
    kind = label.partition(" (")[0]
    if kind == SUPPLIES or _gear(kind, content) is not None:
        return kind_totage(content, kind)
    return content.human_stats.body_totage


def _things(line: CrewLine, content: Content) -> list[str]:
    """What ``line`` carries that counts against its load (worn armour does not)."""
    return [k for k in line.carrying if not ((gear := _gear(k, content)) and gear.worn)]


def has_room(line: CrewLine, content: Content) -> bool:
    """Whether ``line`` holds the ToolKit or can take it on top of what it carries."""
    return TOOLKIT in line.carrying or room_after(line, (), {}, content)


def room_after(
    line: CrewLine, items: tuple[str, ...], kinds: Mapping[str, str], content: Content
) -> bool:
    """Whether ``line`` could still take the ToolKit once it picks ``items`` up (their
    kinds as ``kinds`` names them, E.3.1)."""
    things = _things(line, content)
    load = sum(dots(label, content) for label in things)
    load += sum(dots(kinds.get(i), content) for i in items)
    stats = content.human_stats
    count = len(things) + len(items)
    return count < stats.carry_items and load + dots(TOOLKIT, content) <= stats.carry_totage
