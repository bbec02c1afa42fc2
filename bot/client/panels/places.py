""" "Go to…" by places: where a player means to go, before grid codes.

The first page of the move select offers places: the doorways of the room the unit
stands in, the nearest grid of each other room it can reach, the lifts and hatches in
reach and, while a hidden alien may be searched for, the grids a search would cover
best. Then "A grid in this room…" (and "Another grid…") open the grids themselves, a
page at a time. Every option is one of the unit's legal moves (``legal_commands``,
sorted by :mod:`bot.client.panels.choices`): this module only picks and labels them,
from the presser's view and the ship's geometry. No discord here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.client.panels.choices import SELECT_MAX, Choice, Destination, move_label
from bot.present.locale import _, ngettext
from engine.board.geometry import grid_range, visible_grids
from engine.board.grid import Grid, deck_label
from engine.board.ship import Ship
from engine.board_view import MarkerKind
from engine.content import Content
from engine.content_models import GearKind
from engine.moving.places import nearest_in_each_room
from engine.views import View

# How many of each kind of place the first page offers, nearest first.
EXITS_MAX = 6
ROOMS_MAX = 8
SHAFTS_MAX = 4  # lifts and hatches
SEARCH_SPOTS = 2


@dataclass(frozen=True, slots=True)
class MovePages:
    """The move select's pages: places first, then the grids of the unit's room, then
    every other grid; page numbers run through all three."""

    places: tuple[Choice, ...]
    here: tuple[Choice, ...]
    elsewhere: tuple[Choice, ...]
    room: str  # the name of the unit's room

    def page(self, number: int, token: str) -> tuple[list[Choice], int]:
        """Page ``number`` (wrapping) with its way on and back; ``token`` prefixes the
        values that turn a page ("page:m" -> "page:m:3"). Returns it and its number."""
        pages = self._pages(token)
        number %= len(pages)
        return pages[number], number

    def _pages(self, token: str) -> list[list[Choice]]:
        """Without places (nothing but grids in reach) the grids come first."""
        here, elsewhere = _chunks(self.here), _chunks(self.elsewhere)
        first = 1 if self.places else 0  # the page number of the first grid page
        first_else = first + len(here)
        pages: list[list[Choice]] = []
        if self.places:
            places = list(self.places)
            if here:
                label = _("A grid in the {room}… ({n})").format(room=self.room, n=len(self.here))
                places.append(Choice(label, f"{token}:{first}"))
            if elsewhere:
                places.append(
                    Choice(
                        _("Another grid… ({n})").format(n=len(self.elsewhere)),
                        f"{token}:{first_else}",
                    )
                )
            pages.append(places)
        back = [Choice(_("← Places"), f"{token}:0")] if self.places else []
        for i, chunk in enumerate(here):
            nav = list(back)
            if i + 1 < len(here):
                more = _("More in the {room}… (page {n})").format(room=self.room, n=i + 2)
                nav.append(Choice(more, f"{token}:{first + i + 1}"))
            elif elsewhere:
                nav.append(Choice(_("Another grid…"), f"{token}:{first_else}"))
            pages.append([*chunk, *nav])
        for i, chunk in enumerate(elsewhere):
            nav = list(back)
            if i + 1 < len(elsewhere):
                more = _("More grids… (page {n})").format(n=i + 2)
                nav.append(Choice(more, f"{token}:{first_else + i + 1}"))
            pages.append([*chunk, *nav])
        if not self.places and len(pages) > 1:
            pages[-1].append(Choice(_("Back to the first grids"), f"{token}:0"))
        return pages or [[]]


def _chunks(options: Sequence[Choice]) -> list[tuple[Choice, ...]]:
    size = SELECT_MAX - 2  # room for "← Places" and the way on
    return [tuple(options[i : i + size]) for i in range(0, len(options), size)]


def move_pages(
    v: View, unit: str, moves: Sequence[Destination], ship: Ship, content: Content
) -> MovePages:
    """The unit's legal ``moves`` sorted into places and grids."""
    start = _standing(v, unit)
    by_grid = {m.to: m for m in sorted(moves, key=lambda m: (m.cost, str(m.to)))}
    if start is None:
        ordered = tuple(_grid_choice(m, ship) for m in by_grid.values())
        return MovePages((), ordered, (), "room")
    region = ship.region_of(start)
    chosen: dict[Grid, Choice] = {}
    for found in (
        _exits(by_grid, region.key, ship)[:EXITS_MAX],
        _rooms(by_grid, region.key, ship)[:ROOMS_MAX],
        _shafts(by_grid, ship)[:SHAFTS_MAX],
    ):
        for move, label in found:
            chosen.setdefault(move.to, Choice(_costed(label, move), move.command))
    actions = _searching(v, unit)
    if actions:
        bonus = _scanner_bonus(v, unit, content)
        for move, covered in _search_spots(v, by_grid, ship, actions, bonus)[:SEARCH_SPOTS]:
            note = ngettext("a search covers {n} grid", "a search covers {n} grids", covered)
            note = note.format(n=covered)
            old = chosen.get(move.to)
            spot = _("Search spot {grid}").format(grid=move.to)
            label = f"{old.label} · {note}" if old else _costed(spot, move, note)
            chosen[move.to] = Choice(label[:100], move.command)
    here = tuple(_grid_choice(m, ship) for m in by_grid.values() if _in(m.to, region.key, ship))
    elsewhere = tuple(
        _grid_choice(m, ship) for m in by_grid.values() if not _in(m.to, region.key, ship)
    )
    return MovePages(tuple(chosen.values()), here, elsewhere, region.name)


def _standing(v: View, unit: str) -> Grid | None:
    for line in v.crew:
        if line.id == unit and line.grid:
            return Grid.parse(line.grid)
    for alien in v.aliens:
        if alien.id == unit and alien.grid:
            return Grid.parse(alien.grid)
    return None


def _in(grid: Grid, region: str, ship: Ship) -> bool:
    return ship.cells[grid].region == region


def _costed(label: str, move: Destination, note: str = "") -> str:
    cost = ngettext("{n} action", "{n} actions", move.cost).format(n=move.cost)
    return ", ".join(part for part in (label, note, cost) if part)


def _grid_choice(move: Destination, ship: Ship) -> Choice:
    return Choice(move_label(move.to, move.cost, ship), move.command)


Found = list[tuple[Destination, str]]


def _exits(by_grid: dict[Grid, Destination], region: str, ship: Ship) -> Found:
    """This room's side of each of its doors, the nearest grid of a wide door."""
    found: Found = []
    for door in ship.doors.values():
        if region not in door.regions:
            continue
        inside = [g for g in door.doorway_grids if _in(g, region, ship) and g in by_grid]
        if not inside:
            continue
        best = min((by_grid[g] for g in inside), key=lambda m: (m.cost, str(m.to)))
        other = next((r for r in door.regions if r != region), None)
        beyond = ship.regions[other].name if other else "space"
        found.append((best, _("Door to {room} {grid}").format(room=beyond, grid=best.to)))
    return sorted(found, key=lambda f: f[0].cost)


def _rooms(by_grid: dict[Grid, Destination], region: str, ship: Ship) -> Found:
    """The nearest grid of every other room in reach (``by_grid``: cheapest first), as
    ``move UNIT ROOM`` takes it at the terminal."""
    nearest = nearest_in_each_room(ship, by_grid)
    return [
        (by_grid[g], f"→ {ship.regions[k].name} {g}") for k, g in nearest.items() if k != region
    ]


def _shafts(by_grid: dict[Grid, Destination], ship: Ship) -> Found:
    found: Found = []
    for move in by_grid.values():
        lift, hatch = ship.lift_at(move.to), ship.hatch_at(move.to)
        if lift is not None:
            found.append((move, _("Lift {letter} {grid}").format(letter=lift.letter, grid=move.to)))
        elif hatch is not None:
            other = hatch.other_end(move.to)
            way = (
                _("Hatch {letter} (up to {deck}) {grid}")
                if other.deck > move.to.deck
                else _("Hatch {letter} (down to {deck}) {grid}")
            )
            found.append(
                (move, way.format(letter=hatch.letter, deck=deck_label(other.deck), grid=move.to))
            )
    return found


def _searching(v: View, unit: str) -> int:
    """A human's actions while an alien hides (its leftover actions will search, C.8);
    0 otherwise."""
    if not any(a.hidden for a in v.aliens):
        return 0
    return next((line.actions or 0 for line in v.crew if line.id == unit), 0)


def _scanner_bonus(v: View, unit: str, content: Content) -> int:
    """What the unit's Scanners add to a search's range (G.2.3), as its view shows them."""
    carried = next((line.carrying for line in v.crew if line.id == unit), ())
    scanners = sum(1 for label in carried if label == GearKind.SCANNER.value)
    return scanners * content.gear[GearKind.SCANNER].search_range


def _search_spots(
    v: View, by_grid: dict[Grid, Destination], ship: Ship, actions: int, bonus: int
) -> list[tuple[Destination, int]]:
    """The grids from which the actions left after getting there search the most grids
    not searched yet this phase (C.8: range = the actions spent, plus ``bonus`` for a
    Scanner (G.2.3), in sight, one deck)."""
    searched = {m.grid for m in v.board.markers if m.kind is MarkerKind.SEARCHED}
    spots = []
    for move in by_grid.values():
        left = actions - move.cost
        if left <= 0:
            continue
        seen = visible_grids(ship, move.to, v.board.doors)
        covered = {g for g in seen if (grid_range(move.to, g) or 0) <= left + bonus}
        spots.append((move, len(covered - searched)))
    return sorted(spots, key=lambda s: (-s[1], s[0].cost, str(s[0].to)))
