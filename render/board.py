"""Draw one :class:`BoardView` over the ship: the public face of ``render``.

A render copies the cached static picture of the ship (render.static_layer)
and pastes only what the view holds: door states, markers, the alien's path and
the units. Nothing here reads game state; a view that leaves something out
(a pipe-running alien on a crew map) gets a picture without it.
"""

from __future__ import annotations

import io
from collections import defaultdict
from collections.abc import Callable, Iterable
from functools import partial

from PIL import Image, ImageDraw

from engine.board_view import BoardView, MarkerKind, MarkerView, UnitView
from engine.grid import Grid
from engine.ship import DoorState, Ship
from render import style
from render.doors import door_span
from render.fonts import font, text_width, truncate
from render.icons import NexusLook, door_bar, locker_icon, nexus_icon
from render.layout import Box, Point, inset
from render.overlays import draw_path, searched_mask
from render.pieces import (
    CounterLook,
    badge,
    badge_text,
    counter,
    launched_pod,
    sighting_ping,
)
from render.room_labels import short_name
from render.static_layer import StaticLayer, static_layer

# Encoder settings for every map (benchmarks/bench_render.py measures them).
PNG_OPTIONS: dict[str, int] = {"compress_level": 1}

# Markers drawn over the feature they belong to, filling its outline.
_CENTRE_MARKERS: dict[MarkerKind, Callable[[], Image.Image]] = {
    MarkerKind.LOCKER: partial(locker_icon, True),
    MarkerKind.NEXUS: partial(nexus_icon, NexusLook.MARKER),
    MarkerKind.NEXUS_DAMAGED: partial(nexus_icon, NexusLook.DAMAGED),
}
_BADGE_MARKERS = (MarkerKind.SUPPLIES, MarkerKind.GEAR)


def render_board(view: BoardView, ship: Ship) -> Image.Image:
    """The map of ``ship`` as ``view`` shows it: a paletted ("P") picture.

    Deterministic and safe to call from several threads at once."""
    layer = static_layer(ship)
    canvas = layer.image.copy()
    markers = _by_kind(view.markers)
    _draw_searched(canvas, layer, markers[MarkerKind.SEARCHED])
    _draw_launched_pods(canvas, layer, ship, markers[MarkerKind.POD_LAUNCHED])
    for kind, icon in _CENTRE_MARKERS.items():
        for marker in markers[kind]:
            layer.sprites.get(("centre", kind), icon).paste(canvas, _origin(layer, marker.grid))
    _draw_doors(canvas, layer, ship, view)
    _draw_path(canvas, layer, view.path)
    for marker in markers[MarkerKind.ALIEN_SIGHTING]:
        layer.sprites.get("ping", sighting_ping).paste(canvas, _origin(layer, marker.grid))
    _draw_units(canvas, layer, view.units)
    _draw_badges(canvas, layer, view.markers)
    _draw_title(canvas, layer, view, ship)
    return canvas


def render_png(view: BoardView, ship: Ship) -> bytes:
    """The map as PNG bytes, ready to attach to a Discord message."""
    out = io.BytesIO()
    render_board(view, ship).save(out, "PNG", **PNG_OPTIONS)
    return out.getvalue()


def _by_kind(markers: Iterable[MarkerView]) -> defaultdict[MarkerKind, list[MarkerView]]:
    grouped: defaultdict[MarkerKind, list[MarkerView]] = defaultdict(list)
    for marker in markers:
        grouped[marker.kind].append(marker)
    return grouped


def _origin(layer: StaticLayer, grid: Grid) -> Point:
    x0, y0, _, _ = layer.layout.grid_box(grid)
    return (x0, y0)


def _draw_searched(canvas: Image.Image, layer: StaticLayer, markers: list[MarkerView]) -> None:
    ink = layer.palette.index(style.SEARCHED)
    for marker in markers:
        canvas.paste(ink, _origin(layer, marker.grid), searched_mask())


def _draw_launched_pods(
    canvas: Image.Image, layer: StaticLayer, ship: Ship, markers: list[MarkerView]
) -> None:
    for marker in markers:
        label = short_name(ship.region_of(marker.grid))
        sprite = layer.sprites.get(("pod", label), partial(launched_pod, label))
        sprite.paste(canvas, _origin(layer, marker.grid))


def _draw_doors(canvas: Image.Image, layer: StaticLayer, ship: Ship, view: BoardView) -> None:
    """A bar across each door that is not open (C.4.3): one bar for all six
    grids of a Cargo Hold door."""
    half = style.DOOR_BAR_W // 2
    for door_id, state in sorted(view.doors.items()):
        if state is DoorState.OPEN:
            continue
        (x0, y0, x1, y1), vertical = door_span(layer.layout, ship, ship.doors[door_id])
        length = (y1 - y0) if vertical else (x1 - x0)
        sprite = layer.sprites.get(
            ("door", state, length, vertical), partial(door_bar, state, length, vertical)
        )
        sprite.paste(canvas, (x0 - half, y0) if vertical else (x0, y0 - half))


def _path_runs(layer: StaticLayer, path: tuple[Grid, ...]) -> list[list[Point]]:
    """The route as runs of grid centres, broken where it changes deck."""
    runs: list[list[Point]] = []
    previous: Grid | None = None
    for grid in path:
        x0, y0, x1, y1 = layer.layout.grid_box(grid)
        centre = ((x0 + x1) // 2, (y0 + y1) // 2)
        if previous is None or previous.deck != grid.deck:
            runs.append([])
        runs[-1].append(centre)
        previous = grid
    return runs


def _draw_path(canvas: Image.Image, layer: StaticLayer, path: tuple[Grid, ...]) -> None:
    if path:
        draw_path(ImageDraw.Draw(canvas), _path_runs(layer, path), layer.palette.index(style.PATH))


def unit_slots(box: Box, count: int) -> list[Box]:
    """Where each of ``count`` units in one grid goes: one fills the grid;
    more share it in a 2x2 (up to four humans, C.6) or 3x3 grid of sub-cells."""
    if count == 1:
        return [inset(box, style.COUNTER_INSET)]
    per_row = 2 if count <= 4 else 3
    x0, y0, x1, _ = inset(box, style.SLOT_INSET)
    size = (x1 - x0) // per_row
    slots = []
    for i in range(count):
        row, col = divmod(i, per_row)
        sx, sy = x0 + col * size, y0 + row * size
        slots.append((sx, sy, sx + size, sy + size))
    return slots


def _draw_units(canvas: Image.Image, layer: StaticLayer, units: tuple[UnitView, ...]) -> None:
    by_grid: dict[Grid, list[UnitView]] = defaultdict(list)
    for unit in units:
        by_grid[unit.grid].append(unit)
    for grid, here in by_grid.items():
        for unit, slot in zip(
            here, unit_slots(layer.layout.grid_box(grid), len(here)), strict=True
        ):
            look, size = CounterLook.of(unit), slot[2] - slot[0]
            sprite = layer.sprites.get(("unit", look, size), partial(counter, look, size))
            sprite.paste(canvas, slot[:2])


def _draw_badges(canvas: Image.Image, layer: StaticLayer, markers: tuple[MarkerView, ...]) -> None:
    """Supplies and gear in a row from the grid's bottom-right corner; an alien
    sighting's "!" in its top-left corner."""
    placed: dict[Grid, int] = defaultdict(int)
    step = style.BADGE + 1
    for marker in markers:
        x0, y0, x1, y1 = layer.layout.grid_box(marker.grid)
        if marker.kind is MarkerKind.ALIEN_SIGHTING:
            at = (x0 + 2, y0 + 2)
        elif marker.kind in _BADGE_MARKERS:
            placed[marker.grid] += 1
            at = (x1 - 2 - placed[marker.grid] * step, y1 - 2 - style.BADGE)
        else:
            continue
        text = badge_text(marker.kind, marker.label)
        sprite = layer.sprites.get(("badge", marker.kind, text), partial(badge, marker.kind, text))
        sprite.paste(canvas, at)


def _title_bar(width: int, title: str, viewer: str, ship_name: str) -> Image.Image:
    """The view's title on the left; whose map of which ship on the right."""
    bar = Image.new("RGBA", (width, style.TITLE_H), (*style.TITLE_BG, 255))
    draw = ImageDraw.Draw(bar)
    middle = style.TITLE_H // 2
    right = f"{ship_name}  ·  {viewer} map"
    draw.text(
        (width - style.PAD, middle),
        right,
        font=font(style.SUBTITLE_SIZE),
        fill=style.TEXT_MUTED,
        anchor="rm",
    )
    room = width - 3 * style.PAD - text_width(right, style.SUBTITLE_SIZE)
    text = truncate(title, room, style.TITLE_SIZE)
    draw.text((style.PAD, middle), text, font=font(style.TITLE_SIZE), fill=style.TEXT, anchor="lm")
    return bar


def _draw_title(canvas: Image.Image, layer: StaticLayer, view: BoardView, ship: Ship) -> None:
    width = layer.layout.width
    sprite = layer.sprites.get(
        ("title", view.title, view.viewer),
        partial(_title_bar, width, view.title, view.viewer, ship.name),
    )
    sprite.paste(canvas, (0, 0))
