"""Where something happened in a phase, from what everybody was told.

The phase card (render.card) draws these places up close. They come from the phase's
**public** events only (an event for one side is skipped, whoever hands it over) and
from the units the view shows: a pipe-running alien's secret moves are no place, and
neither is anything a side was told alone. Events are read by their fields (a grid, a
door, a unit), so a new kind of event is read without a change here; only how much a
kind weighs is listed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, fields

from engine.board.grid import Grid
from engine.board.ship import Ship
from engine.board_view import BoardView
from engine.equipment.events import AteBait, Lured, Repelled
from engine.escape.events import Countdown, Launched, Launching, PodFight
from engine.events import Audience, Event, PhaseBegan, Rolled, UnitDone, Who
from engine.fighting.events import AlienAttacked, Died, DoorSmashed, Injured, NexusDamaged
from engine.growing.events import Foraged, Spawned
from engine.hiding.events import Declared, Searched, Sighted, Surfaced
from engine.moving.events import Moved, Waited

# What a place weighs for each event there: blood, a giveaway, a launch outweigh a step.
MAJOR = 3
MINOR = 1
_MAJOR_KINDS: tuple[type[Event], ...] = (
    AlienAttacked,
    AteBait,
    Countdown,
    Died,
    DoorSmashed,
    Foraged,
    Injured,
    Launched,
    Launching,
    Lured,
    NexusDamaged,
    PodFight,
    Repelled,
    Sighted,
    Spawned,
    Surfaced,
)
# Kinds that name a unit but no place of their own (a move is told by where its
# unit now stands; a search that found nothing by where it was made from).
_NO_PLACE: tuple[type[Event], ...] = (Declared, Moved, PhaseBegan, Rolled, UnitDone, Waited)


@dataclass(frozen=True, slots=True)
class Spot:
    """A grid where something public happened, and how much happened there."""

    grid: Grid
    weight: int


@dataclass(frozen=True, slots=True)
class Interest:
    spots: tuple[Spot, ...]  # heaviest first
    actors: tuple[str, ...]  # the units public events name that the view shows, in order
    default: bool  # nothing public happened anywhere: the spots are where the units stand


def interest(events: Sequence[Event], board: BoardView, ship: Ship) -> Interest:
    """The places of a phase's public ``events`` and the units they name, as ``board``
    shows them now; where none happened, the units on the board, the living first."""
    weights: Counter[Grid] = Counter()
    actors: dict[str, None] = {}
    for event in events:
        if event.audience is not Audience.PUBLIC:
            continue
        for who in _units(event):
            actors.setdefault(who.id)
        for grid in _places(event, ship):
            weights[grid] += MAJOR if _major(event) else MINOR
    shown = {u.id: u for u in board.units if not u.hidden}
    named = tuple(a for a in actors if a in shown)
    for unit_id in named:
        weights[shown[unit_id].grid] += MINOR
    weights = Counter({g: w for g, w in weights.items() if g in ship})
    if weights:
        return Interest(_ranked(weights), named, False)
    living = Counter(u.grid for u in shown.values() if not u.deceased)
    return Interest(_ranked(living or Counter(u.grid for u in shown.values())), (), True)


def _ranked(weights: Counter[Grid]) -> tuple[Spot, ...]:
    return tuple(Spot(g, w) for g, w in sorted(weights.items(), key=lambda gw: (-gw[1], gw[0])))


def _major(event: Event) -> bool:
    return isinstance(event, _MAJOR_KINDS) or (isinstance(event, Searched) and event.found)


def _places(event: Event, ship: Ship) -> Iterator[Grid]:
    """The grids an event names: its grids, a search's origin, a door's doorway."""
    if isinstance(event, _NO_PLACE):
        return
    if isinstance(event, Searched):
        yield event.origin  # the grids it covered were empty unless it found the alien
        return
    for value in _values(event):
        if isinstance(value, Grid):
            yield value
    door = ship.doors.get(str(getattr(event, "door", "")))
    if door is not None:
        yield from sorted(door.doorway_grids)


def _units(event: Event) -> Iterator[Who]:
    for value in _values(event):
        if isinstance(value, Who):
            yield value


def _values(event: Event) -> Iterable[object]:
    """Each field's value, the items of tuple fields one by one."""
    for field in fields(event):
        value = getattr(event, field.name)
        if isinstance(value, tuple) and not isinstance(value, Grid):
            yield from value
        else:
            yield value
