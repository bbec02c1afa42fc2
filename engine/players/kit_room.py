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
from engine.views import CrewLine

TOOLKIT = GearKind.TOOLKIT
UNKNOWN_DOTS = 1  # a marker whose kind the crew has not read: count it as small


def _gear(kind: str, content: Content) -> Gear | None:
    """The gear a marker's kind names, or None for supplies (a crate)."""
    try:
        return content.gear[GearKind(kind)]
    except ValueError:
        return None


def dots(kind: str | None, content: Content) -> int:
    """The totage of one carried thing by its kind; a crate counts as a body (E.3.1)."""
    if kind is None:
        return UNKNOWN_DOTS
    gear = _gear(kind, content)
    if gear is None:
        return content.human_stats.body_totage
    return 0 if gear.worn else gear.totage or 0


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
