"""The map as SVG text, drawn from the same :class:`BoardView` and the same layout
(render.layout) as the PNG (render.board): a grid, a door, a counter sit at the same
coordinates in both, so a tap on the vector map names the grid the picture shows there.

No Pillow: text is left to the browser, which keeps names whole at any zoom. Nothing
here reads game state; a view that leaves something out gets a map without it. Every
grid carries ``data-grid`` ("1-F6") and every counter ``data-unit``, for the page to
filter by and, later, to act on. Colours are presentation attributes and classes (no
inline style), so a strict Content-Security-Policy lets the page show it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from html import escape

from engine.board.grid import COLUMN_LETTERS, Grid
from engine.board.ship import DoorKind, DoorState, Feature, RegionKind, Ship
from engine.board_view import BoardView, MarkerKind, MarkerView, UnitSide, UnitView
from render import style
from render.doors import door_edges, door_span
from render.layout import SIDES, Box, DeckArea, Layout, crowd_slots, edge_line, layout_of
from render.looks import CounterLook, badge_text
from render.room_labels import label_rect, short_name

_FLOORS = {
    RegionKind.ROOM: ("room", style.ROOM_FLOOR),
    RegionKind.CORRIDOR: ("corridor", style.CORRIDOR_FLOOR),
    RegionKind.POD: ("pod", style.POD_FLOOR),
}
_DOORS = {
    DoorState.CLOSED: style.DOOR_CLOSED,
    DoorState.SMASHED: style.DOOR_SMASHED,
    DoorState.SEALED: style.DOOR_SEALED,
}
_MARKERS = {
    MarkerKind.SUPPLIES: style.SUPPLIES,
    MarkerKind.GEAR: style.GEAR,
    MarkerKind.LOCKER: style.LOCKER,
    MarkerKind.NEXUS: style.NEXUS,
    MarkerKind.NEXUS_DAMAGED: style.NEXUS_DAMAGED,
    MarkerKind.POD_LAUNCHED: style.DOOR_SEALED,
    MarkerKind.ALIEN_SIGHTING: style.SIGHTING,
}
_FEATURE_LETTERS = {Feature.LOCKER: "Lk", Feature.NEXUS: "Nx", Feature.BED: "Bd"}


def hex_colour(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def board_svg(view: BoardView, ship: Ship) -> str:
    """The whole map of ``ship`` as ``view`` shows it, as one SVG document."""
    layout = layout_of(ship)
    top, height = style.TITLE_H, map_height(layout) - style.TITLE_H
    return "".join(
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 {top} {layout.width} '
            f'{height}" width="{layout.width}" height="{height}" '
            f'class="qs-map" role="img" aria-label="{escape(view.title)}">',
            f"<title>{escape(view.title)}</title>",
            _static_svg(ship),
            "".join(_pieces(view, ship, layout)),
            "</svg>",
        )
    )


def map_height(layout: Layout) -> int:
    """The vector map ends above the PNG's legend: its pieces name themselves (a title on
    each), so the legend's band is left out; it shows no title bar either (the page's
    heading says what the PNG's title bar says), so its view starts below that band."""
    return layout.legend[1]


_static: dict[int, tuple[Ship, str]] = {}  # by id(ship): a Ship is mutable, so unhashable


def _static_svg(ship: Ship) -> str:
    """The ship with nothing on it, built once per ship (an entry keeps its ship alive,
    so the id is not reused while kept)."""
    found = _static.get(id(ship))
    if found is None or found[0] is not ship:
        if len(_static) >= 4:
            _static.clear()
        found = _static[id(ship)] = (ship, _draw_static(ship))
    return found[1]


def _draw_static(ship: Ship) -> str:
    layout = layout_of(ship)
    parts = [
        '<defs><pattern id="hatch" width="9" height="9" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)">'
        f'<rect width="9" height="9" fill="{hex_colour(style.OBSTRUCTED)}"/>'
        f'<line x1="0" y1="0" x2="0" y2="9" stroke="{hex_colour(style.OBSTRUCTED_HATCH)}" '
        'stroke-width="2"/></pattern></defs>',
        f'<rect class="space" width="{layout.width}" height="{map_height(layout)}" '
        f'fill="{hex_colour(style.BACKGROUND)}"/>',
    ]
    for area in layout.decks:
        parts += _deck(ship, area, layout)
    return "".join(parts)


def _deck(ship: Ship, area: DeckArea, layout: Layout) -> Iterator[str]:
    x0, y0, _, y1 = area.header
    label = ship.decks[area.deck].label.upper()
    yield _text(x0, (y0 + y1) // 2 + 7, label, style.DECK_TITLE_SIZE, style.TEXT, "start")
    yield from _coordinates(area)
    grids = sorted(ship.grids(area.deck), key=lambda g: (g.row, g.col))
    yield f'<g class="grids" data-deck="{area.deck}">'
    for grid in grids:
        yield _floor(ship, grid, layout.grid_box(grid))
    yield "</g>"
    for grid in grids:
        feature = ship.cells[grid].feature
        if feature is not None:
            letter = ship.cells[grid].letter if feature in (Feature.LIFT, Feature.HATCH) else ""
            mark = letter or _FEATURE_LETTERS.get(feature, "")
            x0, y0, _x1, y1 = layout.grid_box(grid)
            yield _text(x0 + 4, y0 + 13, mark, 11, style.TEXT_MUTED, "start")
    yield from _room_names(ship, area.deck, layout)
    yield _walls(ship, grids, layout)


def _coordinates(area: DeckArea) -> Iterator[str]:
    gx0, gy0, gx1, gy1 = area.grid_area
    half = style.CELL // 2
    for col in range(area.columns):
        x = gx0 + col * style.CELL + half
        for y in (gy0 - style.COL_LABEL_H // 2, gy1 + style.COL_LABEL_H // 2):
            yield _text(x, y + 5, COLUMN_LETTERS[col], style.COORD_SIZE - 2, style.COORD)
    for row in range(area.rows):
        y = gy0 + row * style.CELL + half
        for x in (gx0 - style.ROW_LABEL_W // 2, gx1 + style.ROW_LABEL_W // 2):
            yield _text(x, y + 5, str(row + 1), style.COORD_SIZE - 2, style.COORD)


def _floor(ship: Ship, grid: Grid, box: Box) -> str:
    x0, y0, x1, y1 = box
    kind, colour = _FLOORS[ship.region_of(grid).kind]
    fill = "url(#hatch)" if ship.is_obstructed(grid) else hex_colour(colour)
    return (
        f'<rect class="g {kind}" data-grid="{grid}" x="{x0}" y="{y0}" width="{x1 - x0}" '
        f'height="{y1 - y0}" fill="{fill}" stroke="{hex_colour(style.GRID_LINE)}"/>'
    )


def _room_names(ship: Ship, deck: int, layout: Layout) -> Iterator[str]:
    for region in ship.regions.values():
        if region.deck != deck:
            continue
        c0, r0, c1, r1 = label_rect(ship, region)
        x0, y0, _, _ = layout.grid_box(Grid(deck, c0, r0))
        _, _, x1, y1 = layout.grid_box(Grid(deck, c1, r1))
        name = short_name(region)
        size = max(9, min(16, (x1 - x0 - 6) * 10 // max(6 * len(name), 1)))
        colour = style.CORRIDOR_NAME if region.kind is RegionKind.CORRIDOR else style.ROOM_NAME
        yield _text((x0 + x1) // 2, (y0 + y1) // 2 + size // 3, name, size, colour, "middle", 0.5)


def _walls(ship: Ship, grids: Iterable[Grid], layout: Layout) -> str:
    """One path for every wall of a deck (C.4.2), with a gap at each door (C.4.3)."""
    gaps = {(grid, side) for door in ship.doors.values() for grid, side in door_edges(ship, door)}
    moves = []
    for grid in grids:
        for side in SIDES:
            other = grid.shifted(*side)
            if not ship.wall_between(grid, other) or (grid, side) in gaps:
                continue
            if (other, (-side[0], -side[1])) in gaps:
                continue
            x0, y0, x1, y1 = edge_line(layout.grid_box(grid), side)
            moves.append(f"M{x0} {y0}L{x1} {y1}")
    return (
        f'<path class="walls" d="{"".join(moves)}" stroke="{hex_colour(style.WALL)}" '
        f'stroke-width="{style.WALL_W}" stroke-linecap="square" fill="none"/>'
    )


def _pieces(view: BoardView, ship: Ship, layout: Layout) -> Iterator[str]:
    yield '<g class="pieces">'
    yield from _searched(view.markers, layout)
    yield from _doors(view, ship, layout)
    yield from _path(view.path, layout)
    yield from _units(view.units, layout)
    yield from _markers(view.markers, layout)
    yield "</g>"


def _searched(markers: Iterable[MarkerView], layout: Layout) -> Iterator[str]:
    for marker in markers:
        if marker.kind is MarkerKind.SEARCHED:
            x0, y0, x1, y1 = layout.grid_box(marker.grid)
            yield (
                f'<rect class="searched" x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" '
                f'fill="{hex_colour(style.SEARCHED)}" fill-opacity="0.25"/>'
            )


def _doors(view: BoardView, ship: Ship, layout: Layout) -> Iterator[str]:
    for door_id, state in sorted(view.doors.items()):
        if state is DoorState.OPEN:
            continue
        (x0, y0, x1, y1), _ = door_span(layout, ship, ship.doors[door_id])
        yield (
            f'<line class="door {state.value}" data-door="{escape(door_id)}" x1="{x0}" '
            f'y1="{y0}" x2="{x1}" y2="{y1}" stroke="{hex_colour(_DOORS[state])}" '
            f'stroke-width="{style.DOOR_BAR_W}"><title>{escape(door_id)}: {state.value}'
            "</title></line>"
        )
    for door in ship.doors.values():
        if door.kind is DoorKind.AIRLOCK_OUTER:
            grid, side = door_edges(ship, door)[0]
            x0, y0, x1, y1 = layout.grid_box(grid.shifted(*side))
            yield _text((x0 + x1) // 2, (y0 + y1) // 2 + 4, "TO SPACE", 9, style.TEXT_MUTED)


def _path(path: tuple[Grid, ...], layout: Layout) -> Iterator[str]:
    runs: list[list[str]] = []
    previous: Grid | None = None
    for grid in path:
        x0, y0, x1, y1 = layout.grid_box(grid)
        if previous is None or previous.deck != grid.deck:
            runs.append([])
        runs[-1].append(f"{(x0 + x1) // 2},{(y0 + y1) // 2}")
        previous = grid
    for run in runs:
        yield (
            f'<polyline class="path" points="{" ".join(run)}" fill="none" '
            f'stroke="{hex_colour(style.PATH)}" stroke-width="{style.PATH_W}" '
            'stroke-dasharray="6 4"/>'
        )


def _units(units: tuple[UnitView, ...], layout: Layout) -> Iterator[str]:
    """One counter a unit; a shared grid (C.6) shows the count and small counters, each
    with its name in full (the browser's text stays sharp as the map zooms)."""
    by_grid: dict[Grid, list[UnitView]] = defaultdict(list)
    for unit in units:
        by_grid[unit.grid].append(unit)
    for grid, here in by_grid.items():
        tag, slots = crowd_slots(layout.grid_box(grid), len(here))
        if tag is not None:
            cx, cy = (tag[0] + tag[2]) // 2, (tag[1] + tag[3]) // 2
            yield f'<circle cx="{cx}" cy="{cy}" r="{(tag[2] - tag[0]) // 2}" fill="#fff"/>'
            yield _text(cx, cy + 4, str(len(here)), 11, style.OUTLINE)
        for unit, slot in zip(here, slots, strict=True):
            yield _counter(unit, slot)


def _counter(unit: UnitView, box: Box) -> str:
    look = CounterLook.of(unit)
    x0, y0, x1, _y1 = box
    size = x1 - x0
    crew = unit.side is UnitSide.CREW
    fill = style.CADAVER if unit.deceased else style.CREW_KO if unit.unconscious else style.CREW
    fill = fill if crew else style.ALIEN
    ring = hex_colour(style.ACTIVE) if unit.active else hex_colour(style.OUTLINE)
    dash = ' stroke-dasharray="4 3"' if unit.hidden else ""
    radius = 3 if crew else size // 2
    text_colour = style.CREW_TEXT if crew else style.ALIEN_TEXT
    status = look.status
    name_size = max(6, min(11, size * 10 // max(6 * len(unit.label), 1)))
    name_y = y0 + size // 2 + (0 if status else name_size // 3)
    parts = [
        f'<g class="unit {unit.side.value}" data-unit="{escape(unit.id)}" '
        f'data-grid="{unit.grid}"><title>{escape(unit.label)} ({unit.grid})'
        f"{' ' + status if status else ''}</title>",
        f'<rect x="{x0 + 1}" y="{y0 + 1}" width="{size - 2}" height="{size - 2}" '
        f'rx="{radius}" fill="{hex_colour(fill)}" stroke="{ring}" '
        f'stroke-width="{3 if unit.active else 1}"{dash}/>',
        _text((x0 + x1) // 2, name_y, unit.label, name_size, text_colour),
    ]
    if status:
        parts.append(_text((x0 + x1) // 2, name_y + 10, status, 8, style.INJURED))
    parts.append("</g>")
    return "".join(parts)


def _markers(markers: Iterable[MarkerView], layout: Layout) -> Iterator[str]:
    placed: dict[Grid, int] = defaultdict(int)
    step = style.BADGE + 1
    for marker in markers:
        colour = _MARKERS.get(marker.kind)
        if colour is None:
            continue
        _, _, x1, y1 = layout.grid_box(marker.grid)
        placed[marker.grid] += 1
        x, y = x1 - 2 - placed[marker.grid] * step, y1 - 2 - style.BADGE
        text = badge_text(marker.kind, marker.label) if marker.kind in _BADGED else "!"
        if marker.kind not in _BADGED and marker.kind is not MarkerKind.ALIEN_SIGHTING:
            text = marker.kind.value[:1].upper()
        label = marker.label or marker.kind.value
        yield (
            f'<g class="marker {marker.kind.value}" data-grid="{marker.grid}">'
            f"<title>{escape(label)} ({marker.grid})</title>"
            f'<rect x="{x}" y="{y}" width="{style.BADGE}" height="{style.BADGE}" rx="3" '
            f'fill="{hex_colour(colour)}" stroke="{hex_colour(style.OUTLINE)}"/>'
            + _text(x + style.BADGE // 2, y + 13, text, 10, style.OUTLINE)
            + "</g>"
        )


_BADGED = (MarkerKind.SUPPLIES, MarkerKind.GEAR)


def _text(
    x: int,
    y: int,
    text: str,
    size: int,
    colour: tuple[int, int, int],
    anchor: str = "middle",
    halo: float = 0.0,
) -> str:
    stroke = (
        f' stroke="{hex_colour(style.OUTLINE)}" stroke-width="{halo * 4}" paint-order="stroke"'
        if halo
        else ""
    )
    return (
        f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" '
        f'fill="{hex_colour(colour)}" font-family="sans-serif"{stroke}>{escape(text)}</text>'
    )
