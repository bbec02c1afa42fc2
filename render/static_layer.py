"""The ship as it looks with nothing on it, drawn once per ship and kept.

Every render copies this paletted picture and draws only the pieces of one
view on the copy (render.board); the picture's PNG bands are deflated once here
too, and a render deflates again only the bands it drew on (render.png).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.board.grid import COLUMN_LETTERS, Grid
from engine.board.ship import TAG_AIRLOCK, DoorKind, Feature, RegionKind, Ship
from render import style
from render.doors import door_edges
from render.fonts import draw_centred, fit, font
from render.icons import (
    NexusLook,
    bed_icon,
    hatch_icon,
    hatching_tile,
    lift_icon,
    locker_icon,
    nexus_icon,
    paste_icon,
)
from render.layout import Box, DeckArea, Layout, edge_line, inset, layout_of
from render.legend import draw_legend
from render.palette import Palette, SpriteCache, palette_from
from render.png import Band, static_bands
from render.room_labels import label_rect, short_name
from render.ship_cache import ShipCache

MAX_SHIPS = 4  # static layers kept; a bot plays one ship

BoxOf = Callable[[Grid], Box]  # where a grid's pixels are in the picture being drawn


@dataclass(frozen=True, slots=True)
class StaticLayer:
    layout: Layout
    image: Image.Image  # "P": never drawn on; renders copy it
    sprites: SpriteCache
    bands: tuple[Band, ...]  # the image, deflated once (render.png)
    palette_bytes: bytes  # the palette as a PNG PLTE chunk holds it

    @property
    def palette(self) -> Palette:
        return self.sprites.palette


def static_layer(ship: Ship) -> StaticLayer:
    """The static picture of ``ship``, drawn on first use and kept (render.warm draws
    it at start-up, so that no player waits for it)."""
    return _layers.get(ship)


def _build(ship: Ship, _: Hashable) -> StaticLayer:
    layout = layout_of(ship)
    picture = draw_ship(ship, layout)
    palette = palette_from(picture)
    image = palette.apply(picture)
    sprites = SpriteCache(palette)
    return StaticLayer(layout, image, sprites, static_bands(image), palette.rgb_bytes)


_layers: ShipCache[StaticLayer] = ShipCache(_build, MAX_SHIPS)


def draw_ship(ship: Ship, layout: Layout) -> Image.Image:
    """The whole static picture in RGB: decks, labels and the legend."""
    image = Image.new("RGB", (layout.width, layout.height), style.BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle(layout.title, fill=style.TITLE_BG)
    for area in layout.decks:
        _draw_deck(image, draw, ship, area, layout)
    draw_legend(image, layout.legend)
    return image


def _draw_deck(
    image: Image.Image, draw: ImageDraw.ImageDraw, ship: Ship, area: DeckArea, layout: Layout
) -> None:
    _draw_deck_header(draw, area, ship)
    _draw_coordinates(draw, area)
    draw.rectangle(_closed(area.grid_area), fill=style.SPACE)
    grids = list(ship.grids(area.deck))
    draw_floors(image, draw, ship, grids, layout.grid_box)
    controls = airlock_controls(ship, area.deck)
    draw_features(image, ship, grids, layout.grid_box)
    _draw_room_names(draw, ship, area.deck, layout, controls)
    draw_walls(draw, ship, grids, layout.grid_box)
    draw_doorways(draw, ship, set(grids), layout.grid_box)
    for grid in controls:
        draw_controls_label(draw, layout.grid_box(grid))


def _draw_deck_header(draw: ImageDraw.ImageDraw, area: DeckArea, ship: Ship) -> None:
    x0, y0, _, y1 = area.header
    title = ship.decks[area.deck].label.upper()
    draw.text(
        (x0, (y0 + y1) // 2), title, font=font(style.DECK_TITLE_SIZE), fill=style.TEXT, anchor="lm"
    )
    numbers = sorted(ship.decks)
    where = (
        "top deck" if area.deck == numbers[-1] else "bottom deck" if area.deck == numbers[0] else ""
    )
    if where:
        x = x0 + font(style.DECK_TITLE_SIZE).getlength(title) + 12
        draw.text(
            (x, (y0 + y1) // 2 + 1),
            where,
            font=font(style.SUBTITLE_SIZE),
            fill=style.TEXT_MUTED,
            anchor="lm",
        )


def _draw_coordinates(draw: ImageDraw.ImageDraw, area: DeckArea) -> None:
    """Column letters above and below, row numbers left and right: a grid reads
    deck-column-row, 1-F6 (engine.board.grid)."""
    gx0, gy0, gx1, gy1 = area.grid_area
    coord = font(style.COORD_SIZE)
    half = style.CELL // 2
    for col in range(area.columns):
        x = gx0 + col * style.CELL + half
        for y in (gy0 - style.COL_LABEL_H // 2, gy1 + style.COL_LABEL_H // 2):
            draw.text((x, y), COLUMN_LETTERS[col], font=coord, fill=style.COORD, anchor="mm")
    for row in range(area.rows):
        y = gy0 + row * style.CELL + half
        for x in (gx0 - style.ROW_LABEL_W // 2, gx1 + style.ROW_LABEL_W // 2):
            draw.text((x, y), str(row + 1), font=coord, fill=style.COORD, anchor="mm")


FLOORS = {
    RegionKind.ROOM: style.ROOM_FLOOR,
    RegionKind.CORRIDOR: style.CORRIDOR_FLOOR,
    RegionKind.POD: style.POD_FLOOR,
}


def draw_floors(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    ship: Ship,
    grids: Iterable[Grid],
    box_of: BoxOf,
    zoom: int = 1,
) -> None:
    """Each grid's floor, hatched where obstructed (C.4.1), with its grid line."""
    for grid in grids:
        box = box_of(grid)
        if ship.is_obstructed(grid):
            phase = (box[0] + box[1]) % (style.HATCH_SPACING * zoom)
            image.paste(hatching_tile(phase, zoom), box[:2])
        else:
            draw.rectangle(_closed(box), fill=FLOORS[ship.region_of(grid).kind])
        draw.rectangle(box, outline=style.GRID_LINE, width=style.GRID_LINE_W)


def _closed(box: Box) -> Box:
    """Pillow's rectangles include their far corner; layout boxes exclude it."""
    x0, y0, x1, y1 = box
    return (x0, y0, x1 - 1, y1 - 1)


def draw_features(
    image: Image.Image, ship: Ship, grids: Iterable[Grid], box_of: BoxOf, zoom: int = 1
) -> None:
    for grid in grids:
        if ship.cells[grid].feature is not None:
            paste_icon(image, _feature_icon(ship, grid, zoom), box_of(grid)[:2])


def _feature_icon(ship: Ship, grid: Grid, zoom: int) -> Image.Image:
    cell = ship.cells[grid]
    if cell.feature is Feature.LIFT:
        return lift_icon(cell.letter, zoom)
    if cell.feature is Feature.HATCH:
        return hatch_icon(cell.letter, ship.hatches[cell.letter].lower == grid, zoom)
    if cell.feature is Feature.LOCKER:
        return locker_icon(False, zoom)
    if cell.feature is Feature.NEXUS:
        return nexus_icon(NexusLook.EMPTY, zoom)
    return bed_icon(zoom)


def _draw_room_names(
    draw: ImageDraw.ImageDraw, ship: Ship, deck: int, layout: Layout, reserved: list[Grid]
) -> None:
    for region in ship.regions.values():
        if region.deck != deck:
            continue
        c0, r0, c1, r1 = label_rect(ship, region, reserved)
        x0, y0, _, _ = layout.grid_box(Grid(deck, c0, r0))
        _, _, x1, y1 = layout.grid_box(Grid(deck, c1, r1))
        size, lines = fit(short_name(region), x1 - x0 - 6, y1 - y0 - 4, style.ROOM_NAME_SIZES)
        colour = style.CORRIDOR_NAME if region.kind is RegionKind.CORRIDOR else style.ROOM_NAME
        draw_centred(draw, ((x0 + x1) // 2, (y0 + y1) // 2), lines, size, colour, style.OUTLINE)


def _wall_rect(line: Box, zoom: int) -> Box:
    """A wall line as a filled rectangle, overlapping at corners."""
    h = style.WALL_W * zoom // 2
    x0, y0, x1, y1 = line
    return (x0 - h, y0 - h, x1 + h, y1 + h)


def draw_walls(
    draw: ImageDraw.ImageDraw, ship: Ship, grids: Iterable[Grid], box_of: BoxOf, zoom: int = 1
) -> None:
    """Walls on every edge between regions and along the hull (C.4.2), except
    where a door makes a gap (C.4.3)."""
    gaps = {(grid, side) for door in ship.doors.values() for grid, side in door_edges(ship, door)}
    for grid in grids:
        box = box_of(grid)
        for side in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            other = grid.shifted(*side)
            if not ship.wall_between(grid, other) or (grid, side) in gaps:
                continue
            if (other, (-side[0], -side[1])) in gaps:
                continue
            draw.rectangle(_wall_rect(edge_line(box, side), zoom), fill=style.WALL)


def draw_doorways(
    draw: ImageDraw.ImageDraw,
    ship: Ship,
    grids: Collection[Grid],
    box_of: BoxOf,
    zoom: int = 1,
) -> None:
    """An open door is a gap in the wall with a dashed sill, so the gap reads
    as a door rather than a missing wall; the door to space says so."""
    for door in ship.doors.values():
        for grid, side in door_edges(ship, door):
            if grid not in grids:
                continue
            _dashed_sill(draw, edge_line(box_of(grid), side), zoom)
            if door.kind is DoorKind.AIRLOCK_OUTER:
                _draw_space_label(draw, box_of(grid.shifted(*side)), zoom)


def _dashed_sill(draw: ImageDraw.ImageDraw, line: Box, zoom: int) -> None:
    x0, y0, x1, y1 = line
    dash, end, width = 6 * zoom, 4 * zoom, 2 * zoom
    if x0 == x1:
        for y in range(y0 + end, y1 - end, 2 * dash):
            draw.line((x0, y, x0, min(y + dash, y1 - end)), fill=style.DOOR_OPEN, width=width)
    else:
        for x in range(x0 + end, x1 - end, 2 * dash):
            draw.line((x, y0, min(x + dash, x1 - end), y0), fill=style.DOOR_OPEN, width=width)


def _draw_space_label(draw: ImageDraw.ImageDraw, box: Box, zoom: int) -> None:
    sizes = tuple(s * zoom for s in (11, 10, 9))
    size, lines = fit("TO SPACE", box[2] - box[0] - 2 * zoom, box[3] - box[1], sizes)
    draw_centred(
        draw, ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2), lines, size, style.TEXT_MUTED
    )


def airlock_controls(ship: Ship, deck: int) -> list[Grid]:
    """The grid outside the Air Lock's inner door: "Air Lock Controls" (E.2.5)."""
    found = []
    for door in ship.doors.values():
        if door.kind is not DoorKind.AIRLOCK_INNER:
            continue
        for a, b in door.edges:
            for grid in (a, b):
                if (
                    grid is not None
                    and grid.deck == deck
                    and TAG_AIRLOCK not in ship.region_of(grid).tags
                ):
                    found.append(grid)
    return found


def draw_controls_label(draw: ImageDraw.ImageDraw, box: Box, zoom: int = 1) -> None:
    panel = inset(box, 3 * zoom)
    draw.rounded_rectangle(_closed(panel), radius=4 * zoom, outline=style.DOOR_CLOSED, width=zoom)
    width = panel[2] - panel[0] - 4 * zoom
    sizes = tuple(s * zoom for s in (10, 9, 8))
    size, lines = fit("Air Lock Controls", width, panel[3] - panel[1] - 2 * zoom, sizes)
    centre = ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)
    draw_centred(draw, centre, lines, size, style.TEXT)
