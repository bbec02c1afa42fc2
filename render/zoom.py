"""Close-ups for a phone (issue 23): part of one deck at twice the map's scale.

On a phone the whole ship shrinks to some 16 pixels a grid. A close-up draws a
:class:`Window` of one deck at :data:`PITCH` pixels a grid (twice
:data:`render.style.CELL`) with everything a view holds there, and writes every name in
full: room names in the largest stretch of floor no piece stands on, a counter's
name as large as fits inside it. Where several units share a grid, one counter
stands for them with a count badge, and the key under the picture (and the alt
text) names them all. The *focus* window is the acting unit's room and what lies
around it; a deck's window is the whole deck.

Like :mod:`render.board`, it reads nothing but a :class:`BoardView` and the ship: a
view that leaves something out gets a picture without it.
"""

from __future__ import annotations

import io
import textwrap
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.board.grid import COLUMN_LETTERS, Grid, deck_label
from engine.board.ship import DoorState, RegionKind, Ship
from engine.board_view import BoardView, MarkerKind, MarkerView, UnitSide, UnitView
from render import style
from render.doors import door_edges
from render.fonts import FONT_LOCK, draw_centred, fit, font, line_height, text_width, wrap
from render.icons import NexusLook, door_bar, locker_icon, nexus_icon, paste_icon
from render.layout import Box, edge_line, inset
from render.overlays import draw_path, searched_mask
from render.pieces import (
    CounterLook,
    NamePlace,
    badge,
    badge_text,
    count_badge,
    counter,
    counter_name,
    launched_pod,
    name_room,
    sighting_ping,
)
from render.room_labels import free_rect, short_name
from render.static_layer import (
    airlock_controls,
    draw_controls_label,
    draw_doorways,
    draw_features,
    draw_floors,
    draw_walls,
)

ZOOM = 2
PITCH = style.CELL * ZOOM  # pixels a grid in a close-up
MIN_PITCH = 60  # the least that reads on a phone (issue 23)
# The focus window's most grids across and down: about 810 pixels wide, so that on a
# phone's 400-pixel column a room's name still reads at 16 pixels and a counter's at 8.
FOCUS_COLUMNS = 7
FOCUS_ROWS = 6
ALT_TEXT_MAX = 1000  # Discord: an attachment's description
ROOM_SIZES = tuple(s * ZOOM for s in style.ROOM_NAME_SIZES)  # 34 down to 20: none smaller


@dataclass(frozen=True, slots=True)
class Window:
    """Columns ``cols[0]..cols[1]`` and rows ``rows[0]..rows[1]`` (inclusive) of a deck."""

    deck: int
    cols: tuple[int, int]
    rows: tuple[int, int]

    def __contains__(self, grid: object) -> bool:
        return (
            isinstance(grid, Grid)
            and grid.deck == self.deck
            and self.cols[0] <= grid.col <= self.cols[1]
            and self.rows[0] <= grid.row <= self.rows[1]
        )

    @property
    def width(self) -> int:
        return self.cols[1] - self.cols[0] + 1

    @property
    def height(self) -> int:
        return self.rows[1] - self.rows[0] + 1

    def grids(self, ship: Ship) -> list[Grid]:
        """The ship's grids in the window, row by row."""
        return [
            Grid(self.deck, col, row)
            for row in range(self.rows[0], self.rows[1] + 1)
            for col in range(self.cols[0], self.cols[1] + 1)
            if Grid(self.deck, col, row) in ship
        ]

    def describe(self) -> str:
        """ "Deck 01, columns F to N, rows 2 to 8"."""
        first, last = COLUMN_LETTERS[self.cols[0]], COLUMN_LETTERS[self.cols[1]]
        return (
            f"{deck_label(self.deck)}, columns {first} to {last}, "
            f"rows {self.rows[0] + 1} to {self.rows[1] + 1}"
        )


def deck_window(ship: Ship, deck: int) -> Window:
    info = ship.decks[deck]
    return Window(deck, (0, info.width - 1), (0, info.height - 1))


def focus_window(ship: Ship, grid: Grid) -> Window:
    """Around ``grid``: its room whole and the rooms beside it as far as
    :data:`FOCUS_COLUMNS` by :data:`FOCUS_ROWS` grids reach; centred on the room when
    it fits, else on the grid."""
    info = ship.decks[grid.deck]
    room = ship.region_of(grid).grids
    return Window(
        grid.deck,
        _span(
            min(g.col for g in room), max(g.col for g in room), grid.col, FOCUS_COLUMNS, info.width
        ),
        _span(
            min(g.row for g in room), max(g.row for g in room), grid.row, FOCUS_ROWS, info.height
        ),
    )


def _span(low: int, high: int, at: int, most: int, size: int) -> tuple[int, int]:
    length = min(most, size)
    centre = (low + high) / 2 if high - low + 1 <= length else at
    first = round(centre - (length - 1) / 2)
    first = max(0, min(first, size - length))
    return first, first + length - 1


@dataclass(frozen=True, slots=True)
class Label:
    """A piece of text a close-up wrote in a box, as written (for tests and alt text)."""

    text: str
    lines: tuple[str, ...]
    size: int
    box: Box


@dataclass(frozen=True, slots=True)
class CloseUp:
    image: Image.Image  # RGB
    window: Window
    pitch: int  # pixels a grid
    labels: tuple[Label, ...]  # the title, room names and counter names, each in full
    key: tuple[str, ...]  # the lines under the picture
    alt: str  # the picture in words, for a screen reader (discord.File description)
    origin: tuple[int, int]  # where the window's first grid starts

    def box(self, grid: Grid) -> Box:
        """The pixels of ``grid`` in the picture (exclusive right and bottom)."""
        x = self.origin[0] + (grid.col - self.window.cols[0]) * self.pitch
        y = self.origin[1] + (grid.row - self.window.rows[0]) * self.pitch
        return (x, y, x + self.pitch, y + self.pitch)

    def png(self) -> bytes:
        out = io.BytesIO()
        self.image.save(out, format="PNG", optimize=False, compress_level=6)
        return out.getvalue()


# --- geometry -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Frame:
    window: Window
    left: int  # x of the window's first column
    top: int  # y of its first row
    width: int  # the whole picture's

    def box(self, grid: Grid) -> Box:
        x = self.left + (grid.col - self.window.cols[0]) * PITCH
        y = self.top + (grid.row - self.window.rows[0]) * PITCH
        return (x, y, x + PITCH, y + PITCH)

    @property
    def grid_area(self) -> Box:
        w = self.window
        return (self.left, self.top, self.left + w.width * PITCH, self.top + w.height * PITCH)


TITLE_H = style.TITLE_H * ZOOM
ROW_LABEL_W = style.ROW_LABEL_W * ZOOM
COL_LABEL_H = style.COL_LABEL_H * ZOOM
PAD = style.PAD * ZOOM
KEY_SIZE = style.LEGEND_TEXT_SIZE * ZOOM


# --- the picture ----------------------------------------------------------------------


def close_up(view: BoardView, ship: Ship, window: Window, title: str) -> CloseUp:
    """``window`` of the ship as ``view`` shows it. Safe from several threads (text is
    drawn under render.fonts.FONT_LOCK)."""
    width = 2 * PAD + 2 * ROW_LABEL_W + window.width * PITCH
    frame = _Frame(window, PAD + ROW_LABEL_W, TITLE_H + PAD + COL_LABEL_H, width)
    with FONT_LOCK:
        return _draw(view, ship, frame, title)


def close_up_png(view: BoardView, ship: Ship, window: Window, title: str) -> bytes:
    return close_up(view, ship, window, title).png()


def _draw(view: BoardView, ship: Ship, frame: _Frame, title: str) -> CloseUp:
    window = frame.window
    grids = window.grids(ship)
    here = [u for u in view.units if u.grid in window]
    markers = [m for m in view.markers if m.grid in window]
    groups = _groups(here)
    key = _key_lines(groups, markers)
    names, unnamed = _room_names(ship, frame, grids, groups, markers)
    if unnamed:
        key.insert(0, "Also in view: " + ", ".join(unnamed))
    key_lines = [line for text in key for line in _wrapped(text, frame.width - 2 * PAD)]
    bottom = frame.grid_area[3] + COL_LABEL_H
    height = bottom + PAD + len(key_lines) * line_height(KEY_SIZE) + PAD
    image = Image.new("RGB", (frame.width, height), style.BACKGROUND)
    draw = ImageDraw.Draw(image)
    labels = [_title(draw, frame.width, title, view.viewer)]
    _coordinates(draw, frame)
    draw.rectangle(_closed(frame.grid_area), fill=style.SPACE)
    draw_floors(image, draw, ship, grids, frame.box, ZOOM)
    draw_features(image, ship, grids, frame.box, ZOOM)
    draw_walls(draw, ship, grids, frame.box, ZOOM)
    draw_doorways(draw, ship, set(grids), frame.box, ZOOM)
    for grid in airlock_controls(ship, window.deck):
        if grid in window:
            draw_controls_label(draw, frame.box(grid), ZOOM)
    _markers_below(image, ship, frame, markers)
    _doors(image, ship, frame, view)
    _path(draw, frame, view.path)
    for marker in markers:
        if marker.kind is MarkerKind.ALIEN_SIGHTING:
            x, y, _, _ = frame.box(marker.grid)
            paste_icon(image, sighting_ping(ZOOM), (x, y))
            paste_icon(image, badge(marker.kind, "!", ZOOM), (x + 2 * ZOOM, y + 2 * ZOOM))
    floor = {m.grid for m in markers if m.kind in _BADGES}
    labels += _units(image, frame, groups, floor)
    _badges(image, frame, markers)
    for label, colour in names:
        _room_name(draw, label, colour)
        labels.append(label)
    _write_key(draw, frame, bottom + PAD, key_lines)
    alt = _alt_text(ship, view, window, title, groups, markers)
    return CloseUp(image, window, PITCH, tuple(labels), tuple(key), alt, (frame.left, frame.top))


def _closed(box: Box) -> Box:
    x0, y0, x1, y1 = box
    return (x0, y0, x1 - 1, y1 - 1)


def _title(draw: ImageDraw.ImageDraw, width: int, title: str, viewer: str) -> Label:
    """The title on the left, as large as fits whole; whose map on the right."""
    draw.rectangle((0, 0, width, TITLE_H), fill=style.TITLE_BG)
    middle = TITLE_H // 2
    right = f"{viewer} map"
    subtitle = style.SUBTITLE_SIZE * ZOOM
    draw.text((width - PAD, middle), right, font=font(subtitle), fill=style.TEXT_MUTED, anchor="rm")
    room = width - 3 * PAD - text_width(right, subtitle)
    sizes = tuple(s * ZOOM for s in (style.TITLE_SIZE, 22, 20, 18, 16, 14, 12))
    size = next((s for s in sizes if text_width(title, s) <= room), 0)
    lines = [title]
    if not size:  # two lines rather than a title too small to read
        size, lines = fit(title, room, TITLE_H - 2 * ZOOM, sizes)
    step = line_height(size)
    top = middle - step * len(lines) / 2 + step / 2
    for i, line in enumerate(lines):
        draw.text((PAD, top + i * step), line, font=font(size), fill=style.TEXT, anchor="lm")
    return Label(title, tuple(lines), size, (PAD, 0, PAD + room, TITLE_H))


def _coordinates(draw: ImageDraw.ImageDraw, frame: _Frame) -> None:
    """Column letters above and below, row numbers left and right, as on the map."""
    x0, y0, x1, y1 = frame.grid_area
    coord = font(style.COORD_SIZE * ZOOM)
    half = PITCH // 2
    window = frame.window
    for i, col in enumerate(range(window.cols[0], window.cols[1] + 1)):
        x = x0 + i * PITCH + half
        for y in (y0 - COL_LABEL_H // 2, y1 + COL_LABEL_H // 2):
            draw.text((x, y), COLUMN_LETTERS[col], font=coord, fill=style.COORD, anchor="mm")
    for i, row in enumerate(range(window.rows[0], window.rows[1] + 1)):
        y = y0 + i * PITCH + half
        for x in (x0 - ROW_LABEL_W // 2, x1 + ROW_LABEL_W // 2):
            draw.text((x, y), str(row + 1), font=coord, fill=style.COORD, anchor="mm")


def _markers_below(
    image: Image.Image, ship: Ship, frame: _Frame, markers: list[MarkerView]
) -> None:
    """Searched grids, launched pods, lockers and nexus markers: under the units."""
    for marker in markers:
        x, y, _, _ = frame.box(marker.grid)
        if marker.kind is MarkerKind.SEARCHED:
            image.paste(style.SEARCHED, (x, y), searched_mask(ZOOM))
        elif marker.kind is MarkerKind.POD_LAUNCHED:
            label = short_name(ship.region_of(marker.grid))
            paste_icon(image, launched_pod(label, ZOOM), (x, y))
        elif marker.kind is MarkerKind.LOCKER:
            paste_icon(image, locker_icon(True, ZOOM), (x, y))
        elif marker.kind is MarkerKind.NEXUS:
            paste_icon(image, nexus_icon(NexusLook.MARKER, ZOOM), (x, y))
        elif marker.kind is MarkerKind.NEXUS_DAMAGED:
            paste_icon(image, nexus_icon(NexusLook.DAMAGED, ZOOM), (x, y))


def _doors(image: Image.Image, ship: Ship, frame: _Frame, view: BoardView) -> None:
    """A bar across each door that is not open, as far as the window shows it."""
    half = style.DOOR_BAR_W * ZOOM // 2
    for door_id, state in sorted(view.doors.items()):
        door = ship.doors.get(door_id)
        if state is DoorState.OPEN or door is None:
            continue
        lines = [
            edge_line(frame.box(g), side) for g, side in door_edges(ship, door) if g in frame.window
        ]
        if not lines:
            continue
        x0, y0 = min(line[0] for line in lines), min(line[1] for line in lines)
        x1, y1 = max(line[2] for line in lines), max(line[3] for line in lines)
        vertical = x0 == x1
        length = (y1 - y0) if vertical else (x1 - x0)
        at = (x0 - half, y0) if vertical else (x0, y0 - half)
        paste_icon(image, door_bar(state, length, vertical, ZOOM), at)


def _path(draw: ImageDraw.ImageDraw, frame: _Frame, path: tuple[Grid, ...]) -> None:
    """The alien's route where it crosses the window (alien and referee views only)."""
    runs: list[list[tuple[int, int]]] = []
    previous_inside = False
    for grid in path:
        inside = grid in frame.window
        if inside:
            if not previous_inside:
                runs.append([])
            x0, y0, x1, y1 = frame.box(grid)
            runs[-1].append(((x0 + x1) // 2, (y0 + y1) // 2))
        previous_inside = inside
    if runs:
        draw_path(draw, runs, style.PATH, ZOOM)


# --- units -------------------------------------------------------------------------------


def _groups(units: Iterable[UnitView]) -> dict[Grid, list[UnitView]]:
    """The units of each grid, the one whose counter stands for them first: the acting
    unit, then a visible alien, then the living, then cadavers."""
    by_grid: dict[Grid, list[UnitView]] = defaultdict(list)
    for unit in units:
        by_grid[unit.grid].append(unit)
    for here in by_grid.values():
        here.sort(key=lambda u: (not u.active, u.side is not UnitSide.ALIEN, u.deceased, u.label))
    return dict(by_grid)


@lru_cache(maxsize=128)
def _counter(look: CounterLook, size: int, place: NamePlace) -> Image.Image:
    return counter(look, size, ZOOM, place)


def _units(
    image: Image.Image, frame: _Frame, groups: dict[Grid, list[UnitView]], floor: set[Grid]
) -> list[Label]:
    """One counter a grid, its name in full, clear of the badges: above those of gear
    lying there, below the count of a crowded grid."""
    labels = []
    for grid, here in sorted(groups.items()):
        lead = CounterLook.of(here[0])
        x0, y0, x1, _ = inset(frame.box(grid), style.COUNTER_INSET * ZOOM)
        size = x1 - x0
        crowded, items = len(here) > 1, grid in floor
        place = (
            NamePlace.MIDDLE if crowded == items else NamePlace.LOW if crowded else NamePlace.HIGH
        )
        paste_icon(image, _counter(lead, size, place), (x0, y0))
        text_size, lines = counter_name(lead, size, ZOOM, place)
        margin = (size - name_room(size, ZOOM)) // 2
        box = (x0 + margin, y0, x1 - margin, y0 + size)
        labels.append(Label(lead.label, tuple(lines), text_size, box))
        if len(here) > 1:
            tag = count_badge(len(here), ZOOM)
            paste_icon(image, tag, (x1 - tag.width + ZOOM, y0 - ZOOM))
    return labels


_BADGES = (MarkerKind.SUPPLIES, MarkerKind.GEAR)


def _badges(image: Image.Image, frame: _Frame, markers: list[MarkerView]) -> None:
    """Supplies and gear from a grid's bottom-right corner, over any units there."""
    placed: dict[Grid, int] = defaultdict(int)
    step = (style.BADGE + 1) * ZOOM
    for marker in markers:
        if marker.kind not in _BADGES:
            continue
        _, _, x1, y1 = frame.box(marker.grid)
        placed[marker.grid] += 1
        at = (x1 - 2 * ZOOM - placed[marker.grid] * step, y1 - 2 * ZOOM - style.BADGE * ZOOM)
        paste_icon(image, badge(marker.kind, badge_text(marker.kind, marker.label), ZOOM), at)


# --- room names ----------------------------------------------------------------------


def _room_names(
    ship: Ship,
    frame: _Frame,
    grids: list[Grid],
    groups: dict[Grid, list[UnitView]],
    markers: list[MarkerView],
) -> tuple[list[tuple[Label, style.RGB]], list[str]]:
    """Each room's name in full in its largest stretch of the window where no piece
    stands (units, supplies, gear, sightings, launched pods, the Air Lock Controls);
    the names that find no room go to the key."""
    taken = set(groups) | {m.grid for m in markers if m.kind is not MarkerKind.SEARCHED}
    taken |= set(airlock_controls(ship, frame.window.deck))
    shown: dict[str, list[Grid]] = defaultdict(list)
    for grid in grids:
        shown[ship.cells[grid].region].append(grid)
    labels, unnamed = [], []
    for key, inside in shown.items():
        region = ship.regions[key]
        name = short_name(region)
        rect = free_rect(ship, inside, taken)
        label = _fitted(name, rect, frame) if rect is not None else None
        if label is None:
            first, last = min(inside), max(inside)
            unnamed.append(f"{name} ({first}" + (f" to {last})" if last != first else ")"))
            continue
        corridor = region.kind is RegionKind.CORRIDOR
        labels.append((label, style.CORRIDOR_NAME if corridor else style.ROOM_NAME))
    return labels, unnamed


def _fitted(name: str, rect: tuple[int, int, int, int], frame: _Frame) -> Label | None:
    """The name in the rectangle of grids ``rect``, whole, as large as fits; None if
    it does not fit at the smallest size."""
    c0, r0, c1, r1 = rect
    x0, y0, _, _ = frame.box(Grid(frame.window.deck, c0, r0))
    _, _, x1, y1 = frame.box(Grid(frame.window.deck, c1, r1))
    box = (x0 + 3 * ZOOM, y0 + 2 * ZOOM, x1 - 3 * ZOOM, y1 - 2 * ZOOM)
    for size in ROOM_SIZES:
        lines = wrap(name, box[2] - box[0], size)
        if lines is not None and len(lines) * line_height(size) <= box[3] - box[1]:
            return Label(name, tuple(lines), size, box)
    return None


def _room_name(draw: ImageDraw.ImageDraw, label: Label, colour: style.RGB) -> None:
    x0, y0, x1, y1 = label.box
    centre = ((x0 + x1) // 2, (y0 + y1) // 2)
    draw_centred(draw, centre, list(label.lines), label.size, colour, style.OUTLINE)


# --- the key and the alt text ---------------------------------------------------------


def _key_lines(groups: dict[Grid, list[UnitView]], markers: list[MarkerView]) -> list[str]:
    """Who shares each crowded grid, and what lies where (the badges carry two letters)."""
    lines = []
    for grid, here in sorted(groups.items()):
        if len(here) > 1:
            lines.append(f"{grid} ({len(here)}): " + ", ".join(unit_words(u) for u in here))
    things: dict[Grid, list[str]] = defaultdict(list)
    for marker in markers:
        if marker.kind in (MarkerKind.SUPPLIES, MarkerKind.GEAR):
            things[marker.grid].append(marker.label or marker.kind.value.capitalize())
    if things:
        lines.append(
            "On the floor: "
            + "; ".join(f"{grid} {', '.join(found)}" for grid, found in sorted(things.items()))
        )
    return lines


def unit_words(unit: UnitView) -> str:
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


def _wrapped(text: str, width: int) -> list[str]:
    """``text`` wrapped to ``width`` pixels at the key's size."""
    per_line = max(20, width // max(1, text_width("abcdefghij", KEY_SIZE) // 10))
    return textwrap.wrap(text, per_line, subsequent_indent="   ", break_on_hyphens=False) or [""]


def _write_key(draw: ImageDraw.ImageDraw, frame: _Frame, top: int, lines: list[str]) -> None:
    step = line_height(KEY_SIZE)
    for i, line in enumerate(lines):
        draw.text((PAD, top + i * step), line, font=font(KEY_SIZE), fill=style.TEXT_MUTED)


def _alt_text(
    ship: Ship,
    view: BoardView,
    window: Window,
    title: str,
    groups: dict[Grid, list[UnitView]],
    markers: list[MarkerView],
) -> str:
    rooms = sorted({ship.region_of(g).name for g in window.grids(ship)})
    parts = [f"{title}: {window.describe()} ({view.viewer} view). Rooms: {', '.join(rooms)}."]
    units = [
        f"{grid}: " + ", ".join(unit_words(u) for u in here)
        for grid, here in sorted(groups.items())
    ]
    if units:
        parts.append("Units: " + "; ".join(units) + ".")
    closed = [
        f"{door} {state.value}"
        for door, state in sorted(view.doors.items())
        if door in ship.doors
        and state is not DoorState.OPEN
        and any(g in window for g in ship.doors[door].doorway_grids)
    ]
    if closed:
        parts.append("Doors: " + ", ".join(closed) + ".")
    floor = [m for m in markers if m.kind in (MarkerKind.SUPPLIES, MarkerKind.GEAR)]
    if floor:
        parts.append(
            "On the floor: " + ", ".join(f"{m.label or m.kind.value} {m.grid}" for m in floor) + "."
        )
    text = " ".join(parts)
    return text if len(text) <= ALT_TEXT_MAX else text[: ALT_TEXT_MAX - 1] + "…"
