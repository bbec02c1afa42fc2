"""What a close-up of one window shows, and where: a layout, not pixels.

A :class:`Panel` places everything a :class:`BoardView` holds inside a
:class:`~render.window.Window` at :data:`~render.deck_layer.PITCH` pixels a grid:
one counter a grid with its name whole (the others sharing it named in the key),
each room's name whole in the largest stretch of floor no piece stands on, the doors
that are not open, the alien's path, the markers, the coordinates round the window.
render.paint draws a panel over the deck's static picture (render.deck_layer); a
vector renderer can draw the same panel. It reads nothing but the view and the ship.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from engine.board.grid import COLUMN_LETTERS, Grid
from engine.board.ship import DoorState, RegionKind, Ship
from engine.board_view import BoardView, MarkerKind, MarkerView, UnitSide, UnitView
from render import style
from render.deck_layer import PITCH, ZOOM
from render.doors import door_edges
from render.fonts import line_height, wrap
from render.labels import Label
from render.layout import Box, Point, edge_line, inset
from render.looks import CounterLook, badge_text
from render.pieces import counter_name, name_room
from render.room_labels import free_rect, short_name
from render.static_layer import airlock_controls
from render.window import Window

ROOM_SIZES = tuple(s * ZOOM for s in style.ROOM_NAME_SIZES)  # 34 down to 20: none smaller
BADGE_KINDS = (MarkerKind.SUPPLIES, MarkerKind.GEAR)  # drawn as badges in a grid's corner


@dataclass(frozen=True, slots=True)
class Gutters:
    """The coordinates round a panel: column letters in bands ``col_h`` high above it
    (and below, if ``both``), row numbers in columns ``row_w`` wide left (and right)."""

    row_w: int
    col_h: int
    size: int
    both: bool


@dataclass(frozen=True, slots=True)
class Token:
    """The counter standing for the units of one grid: the acting unit, else a visible
    alien, else the living, else cadavers (C.6: several may share a grid)."""

    grid: Grid
    box: Box  # the counter's square
    look: CounterLook
    name: Label  # its name as written on it, whole
    count: int  # how many units share the grid: a count badge on its corner when > 1


@dataclass(frozen=True, slots=True)
class RoomName:
    label: Label
    corridor: bool


@dataclass(frozen=True, slots=True)
class DoorBar:
    """A door that is not open, as far as the window shows it: a bar ``length`` long
    from ``at`` (its top-left corner), along the wall."""

    state: DoorState
    at: Point
    length: int
    vertical: bool


@dataclass(frozen=True, slots=True)
class Badge:
    """A supplies or gear marker lying in a grid: a small sign with up to two letters,
    ``zoom`` times the map's (half as large where a counter stands, to leave its name
    clear; the key names what lies there)."""

    kind: MarkerKind
    text: str
    at: Point
    zoom: int


@dataclass(frozen=True, slots=True)
class Panel:
    window: Window
    origin: Point  # where the window's first grid starts
    gutters: Gutters
    tokens: tuple[Token, ...]
    rooms: tuple[RoomName, ...]
    markers: tuple[MarkerView, ...]  # the view's, inside the window
    badges: tuple[Badge, ...]
    doors: tuple[DoorBar, ...]
    path: tuple[tuple[Point, ...], ...]  # the alien's route, in runs through the window
    coordinates: tuple[Label, ...]
    groups: tuple[tuple[Grid, tuple[UnitView, ...]], ...]  # the units of each grid
    unnamed: tuple[str, ...]  # rooms in view whose names found no free floor
    floor: tuple[tuple[Grid, tuple[str, ...]], ...]  # what lies on the floor, where

    def box(self, grid: Grid) -> Box:
        """The pixels of ``grid`` (exclusive right and bottom)."""
        x = self.origin[0] + (grid.col - self.window.cols[0]) * PITCH
        y = self.origin[1] + (grid.row - self.window.rows[0]) * PITCH
        return (x, y, x + PITCH, y + PITCH)

    @property
    def grid_area(self) -> Box:
        x, y = self.origin
        return (x, y, x + self.window.width * PITCH, y + self.window.height * PITCH)

    @property
    def outer(self) -> Box:
        """The grids and their coordinates."""
        x0, y0, x1, y1 = self.grid_area
        g = self.gutters
        right, below = (g.row_w, g.col_h) if g.both else (0, 0)
        return (x0 - g.row_w, y0 - g.col_h, x1 + right, y1 + below)

    def labels(self) -> tuple[Label, ...]:
        """The room names, then the counters' names."""
        return tuple(r.label for r in self.rooms) + tuple(t.name for t in self.tokens)

    def key(self) -> list[str]:
        """The lines under the picture: names that found no floor, who shares each
        crowded grid, and what lies where (the badges carry two letters)."""
        lines = ["Also in view: " + ", ".join(self.unnamed)] if self.unnamed else []
        lines += [
            f"{grid} ({len(here)}): " + ", ".join(unit_words(u) for u in here)
            for grid, here in self.groups
            if len(here) > 1
        ]
        if self.floor:
            things = "; ".join(f"{grid} {', '.join(found)}" for grid, found in self.floor)
            lines.append(f"On the floor: {things}")
        return lines


def panel_width(window: Window, gutters: Gutters) -> int:
    return window.width * PITCH + gutters.row_w * (2 if gutters.both else 1)


def layout_panel(
    view: BoardView,
    ship: Ship,
    window: Window,
    corner: Point,
    gutters: Gutters,
    lead: Collection[str] = (),
) -> Panel:
    """``window`` as ``view`` shows it, its coordinates' top-left corner at ``corner``;
    where units share a grid, one of ``lead`` (unit ids) stands for them if any is there
    and none is acting."""
    origin = (corner[0] + gutters.row_w, corner[1] + gutters.col_h)
    here = [u for u in view.units if u.grid in window]
    markers = tuple(m for m in view.markers if m.grid in window)
    groups = _groups(here, lead)
    bare = Panel(window, origin, gutters, (), (), markers, (), (), (), (), (), (), ())
    floor = _floor(markers)
    rooms, unnamed = _room_names(ship, bare, groups, markers)
    return Panel(
        window,
        origin,
        gutters,
        _tokens(bare, groups),
        tuple(rooms),
        markers,
        _badges(bare, markers, groups.keys()),
        _doors(ship, bare, view),
        _path(bare, view.path),
        _coordinates(bare),
        tuple((grid, tuple(units)) for grid, units in sorted(groups.items())),
        tuple(unnamed),
        floor,
    )


# --- units ----------------------------------------------------------------------------


def _groups(units: Iterable[UnitView], lead: Collection[str]) -> dict[Grid, list[UnitView]]:
    """The units of each grid, the one whose counter stands for them first: the acting
    unit, then one of ``lead``, then a visible alien, then the living, then cadavers."""
    by_grid: dict[Grid, list[UnitView]] = defaultdict(list)
    for unit in units:
        by_grid[unit.grid].append(unit)
    for here in by_grid.values():
        here.sort(
            key=lambda u: (
                not u.active,
                u.id not in lead,
                u.side is not UnitSide.ALIEN,
                u.deceased,
                u.label,
            )
        )
    return dict(by_grid)


def _tokens(panel: Panel, groups: dict[Grid, list[UnitView]]) -> tuple[Token, ...]:
    """One counter a grid, its name in full in its middle (the count and the badges
    keep to its corners)."""
    tokens = []
    for grid, here in sorted(groups.items()):
        lead = CounterLook.of(here[0])
        x0, y0, x1, y1 = inset(panel.box(grid), style.COUNTER_INSET * ZOOM)
        size = x1 - x0
        text_size, lines = counter_name(lead, size, ZOOM)
        margin = (size - name_room(size, ZOOM)) // 2
        name = Label(lead.label, tuple(lines), text_size, (x0 + margin, y0, x1 - margin, y0 + size))
        tokens.append(Token(grid, (x0, y0, x1, y1), lead, name, len(here)))
    return tuple(tokens)


def unit_words(unit: UnitView) -> str:
    """A unit's name and the states its counter shows: "Ortiz (injured, acting)"."""
    states = [
        word
        for word, on in (
            ("acting", unit.active),
            ("injured", unit.injured),
            ("unconscious", unit.unconscious),
            ("dead", unit.deceased),
            ("pipe-running", unit.hidden),
        )
        if on
    ]
    return unit.label + (f" ({', '.join(states)})" if states else "")


# --- markers, doors and the path ------------------------------------------------------


def _floor(markers: Iterable[MarkerView]) -> tuple[tuple[Grid, tuple[str, ...]], ...]:
    things: dict[Grid, list[str]] = defaultdict(list)
    for marker in markers:
        if marker.kind in BADGE_KINDS:
            things[marker.grid].append(marker.label or marker.kind.value.capitalize())
    return tuple((grid, tuple(found)) for grid, found in sorted(things.items()))


def _badges(
    panel: Panel, markers: Iterable[MarkerView], units: Collection[Grid]
) -> tuple[Badge, ...]:
    """Supplies and gear in a row from a grid's bottom-right corner, small under a
    counter (``units``: the grids where one stands)."""
    placed: dict[Grid, int] = defaultdict(int)
    badges = []
    for marker in markers:
        if marker.kind not in BADGE_KINDS:
            continue
        zoom = 1 if marker.grid in units else ZOOM
        _, _, x1, y1 = panel.box(marker.grid)
        placed[marker.grid] += 1
        step = (style.BADGE + 1) * zoom
        at = (x1 - 2 * zoom - placed[marker.grid] * step, y1 - 2 * zoom - style.BADGE * zoom)
        badges.append(Badge(marker.kind, badge_text(marker.kind, marker.label), at, zoom))
    return tuple(badges)


def _doors(ship: Ship, panel: Panel, view: BoardView) -> tuple[DoorBar, ...]:
    """A bar across each door that is not open, as far as the window shows it."""
    half = style.DOOR_BAR_W * ZOOM // 2
    bars = []
    for door_id, state in sorted(view.doors.items()):
        door = ship.doors.get(door_id)
        if state is DoorState.OPEN or door is None:
            continue
        lines = [
            edge_line(panel.box(g), side) for g, side in door_edges(ship, door) if g in panel.window
        ]
        if not lines:
            continue
        x0, y0 = min(line[0] for line in lines), min(line[1] for line in lines)
        x1, y1 = max(line[2] for line in lines), max(line[3] for line in lines)
        vertical = x0 == x1
        length = (y1 - y0) if vertical else (x1 - x0)
        at = (x0 - half, y0) if vertical else (x0, y0 - half)
        bars.append(DoorBar(state, at, length, vertical))
    return tuple(bars)


def _path(panel: Panel, path: tuple[Grid, ...]) -> tuple[tuple[Point, ...], ...]:
    """The alien's route where it crosses the window (alien and referee views only)."""
    runs: list[list[Point]] = []
    previous_inside = False
    for grid in path:
        inside = grid in panel.window
        if inside:
            if not previous_inside:
                runs.append([])
            x0, y0, x1, y1 = panel.box(grid)
            runs[-1].append(((x0 + x1) // 2, (y0 + y1) // 2))
        previous_inside = inside
    return tuple(tuple(run) for run in runs)


def _coordinates(panel: Panel) -> tuple[Label, ...]:
    """Column letters above (and below), row numbers left (and right), as on the map."""
    x0, y0, x1, y1 = panel.grid_area
    g = panel.gutters
    window = panel.window
    labels = []
    for i, col in enumerate(range(window.cols[0], window.cols[1] + 1)):
        left = x0 + i * PITCH
        for top in (y0 - g.col_h, y1) if g.both else (y0 - g.col_h,):
            box = (left, top, left + PITCH, top + g.col_h)
            labels.append(Label(COLUMN_LETTERS[col], (COLUMN_LETTERS[col],), g.size, box))
    for i, row in enumerate(range(window.rows[0], window.rows[1] + 1)):
        top = y0 + i * PITCH
        for left in (x0 - g.row_w, x1) if g.both else (x0 - g.row_w,):
            box = (left, top, left + g.row_w, top + PITCH)
            labels.append(Label(str(row + 1), (str(row + 1),), g.size, box))
    return tuple(labels)


# --- room names ------------------------------------------------------------------------


def _room_names(
    ship: Ship,
    panel: Panel,
    groups: dict[Grid, list[UnitView]],
    markers: Iterable[MarkerView],
) -> tuple[list[RoomName], list[str]]:
    """Each room's name in full in its largest stretch of the window where no piece
    stands (units, supplies, gear, sightings, launched pods, the Air Lock Controls);
    the names that find no room go to the key."""
    taken = set(groups) | {m.grid for m in markers if m.kind is not MarkerKind.SEARCHED}
    taken |= set(airlock_controls(ship, panel.window.deck))
    shown: dict[str, list[Grid]] = defaultdict(list)
    for grid in panel.window.grids(ship):
        shown[ship.cells[grid].region].append(grid)
    names, unnamed = [], []
    for key, inside in shown.items():
        region = ship.regions[key]
        name = short_name(region)
        rect = free_rect(ship, inside, taken)
        label = _fitted(name, rect, panel) if rect is not None else None
        if label is None:
            first, last = min(inside), max(inside)
            unnamed.append(f"{name} ({first}" + (f" to {last})" if last != first else ")"))
            continue
        names.append(RoomName(label, region.kind is RegionKind.CORRIDOR))
    return names, unnamed


def _fitted(name: str, rect: tuple[int, int, int, int], panel: Panel) -> Label | None:
    """The name in the rectangle of grids ``rect``, whole, as large as fits; None if
    it does not fit at the smallest size."""
    c0, r0, c1, r1 = rect
    x0, y0, _, _ = panel.box(Grid(panel.window.deck, c0, r0))
    _, _, x1, y1 = panel.box(Grid(panel.window.deck, c1, r1))
    box = (x0 + 3 * ZOOM, y0 + 2 * ZOOM, x1 - 3 * ZOOM, y1 - 2 * ZOOM)
    for size in ROOM_SIZES:
        lines = wrap(name, box[2] - box[0], size)
        if lines is not None and len(lines) * line_height(size) <= box[3] - box[1]:
            return Label(name, tuple(lines), size, box)
    return None
