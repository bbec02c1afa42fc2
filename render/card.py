"""The phase card as a PNG: render.card_layout's layout painted with Pillow.

Posted when a phase ends, in place of the whole map, which a phone shrinks past
reading (README, "The phase card"). It reads the view and the phase's public events
only (render.interest), so two views a side cannot tell apart give the same bytes.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.board.grid import Grid
from engine.board.ship import Ship
from engine.board_view import BoardView, UnitSide, UnitView
from engine.events import Event
from render import style
from render.card_layout import CardLayout, CardPanel, Overview, layout_card, small_ship
from render.fonts import FONT_LOCK, write
from render.interest import interest
from render.layout import Box, inset
from render.paint import (
    Canvas,
    paint_centred,
    paint_coordinates,
    paint_floor,
    paint_lines,
    paint_pieces,
    paint_rooms,
    paint_title,
    pieces,
)
from render.png import encode
from render.ship_cache import ShipCache
from render.static_layer import FLOORS, MAX_SHIPS, static_layer

FRAME_W = 3  # a close-up's frame on the small ship


@dataclass(frozen=True, slots=True)
class PhaseCard:
    image: Image.Image  # "P", on the ship's palette
    layout: CardLayout
    palette: bytes  # as a PNG's PLTE chunk holds it

    def png(self) -> bytes:
        return encode(self.image, self.palette)


def phase_card(board: BoardView, ship: Ship, events: Sequence[Event]) -> PhaseCard:
    """The card of ``board`` after a phase whose events were ``events`` (only the public
    ones count). Safe from several threads (text is drawn under render.fonts.FONT_LOCK)."""
    with FONT_LOCK:
        layout = layout_card(board, ship, interest(events, board, ship))
        canvas = Canvas(Image.new("RGB", (layout.width, layout.height), style.BACKGROUND))
        paint_title(canvas, layout.title)
        for part in layout.panels:
            _paint_panel(canvas, ship, part)
        paint_lines(canvas, layout.elsewhere, style.TEXT_MUTED)
        _paint_overview(canvas, ship, layout.overview)
        layer = static_layer(ship)
        return PhaseCard(layer.palette.apply(canvas.image), layout, layer.palette_bytes)


def phase_card_png(board: BoardView, ship: Ship, events: Sequence[Event]) -> bytes:
    return phase_card(board, ship, events).png()


def _paint_panel(canvas: Canvas, ship: Ship, part: CardPanel) -> None:
    _disc(canvas, part.disc, part.number)
    heading = part.heading
    write(
        canvas.image,
        canvas.at((heading.box[0], heading.centre[1])),
        heading.text,
        heading.size,
        style.TEXT,
        anchor="lm",
    )
    panel = part.panel
    paint_coordinates(canvas, panel)
    paint_floor(canvas, ship, panel)
    paint_pieces(canvas, pieces(ship, panel))
    paint_rooms(canvas, panel.rooms)
    paint_lines(canvas, part.key, style.TEXT_MUTED)


def _disc(canvas: Canvas, box: Box, number: int) -> None:
    """A close-up's number: dark on the active yellow, as on the small ship."""
    x0, y0 = canvas.at(box[:2])
    x1, y1 = canvas.at(box[2:])
    ImageDraw.Draw(canvas.image).ellipse(
        (x0, y0, x1 - 1, y1 - 1), fill=style.ACTIVE, outline=style.OUTLINE, width=2
    )
    size = (y1 - y0) * 2 // 3
    write(canvas.image, ((x0 + x1) // 2, (y0 + y1) // 2), str(number), size, style.OUTLINE)


# --- the small ship ------------------------------------------------------------------------


def _paint_overview(canvas: Canvas, ship: Ship, overview: Overview) -> None:
    canvas.image.paste(_ship_outline(ship, overview), canvas.at(overview.box[:2]))
    draw = ImageDraw.Draw(canvas.image)
    for unit, box in overview.units:
        x0, y0, x1, y1 = inset(box, 1)
        (ax, ay), (bx, by) = canvas.at((x0, y0)), canvas.at((x1, y1))
        draw.rectangle((ax, ay, bx - 1, by - 1), fill=_dot(unit), outline=style.OUTLINE)
    for frame in overview.frames:
        x0, y0, x1, y1 = frame.box
        (ax, ay), (bx, by) = canvas.at((x0, y0)), canvas.at((x1, y1))
        draw.rectangle((ax - 1, ay - 1, bx, by), outline=style.ACTIVE, width=FRAME_W)
        _disc(canvas, frame.disc, frame.number)


def _dot(unit: UnitView) -> style.RGB:
    if unit.deceased:
        return style.CADAVER
    return style.ALIEN if unit.side is UnitSide.ALIEN else style.CREW


def _ship_outline(ship: Ship, overview: Overview) -> Image.Image:
    """The small ship without units: kept, as every card draws it the same."""
    return _outlines.get(ship, bool(overview.names))


def _draw_outline(ship: Ship, key: Hashable) -> Image.Image:
    assert isinstance(key, bool)
    outline = small_ship(ship, 0, key)
    box = outline.box
    canvas = Canvas(Image.new("RGB", (box[2] - box[0], box[3]), style.BACKGROUND), box[:2])
    draw = ImageDraw.Draw(canvas.image)
    for mini in outline.decks:
        label = mini.label
        at = canvas.at((label.box[0], label.centre[1]))
        write(canvas.image, at, label.text, label.size, style.TEXT_MUTED, anchor="lm")
        (ax, ay), (bx, by) = canvas.at(mini.area[:2]), canvas.at(mini.area[2:])
        draw.rectangle((ax, ay, bx - 1, by - 1), fill=style.SPACE)
        for grid in ship.grids(mini.deck):
            x0, y0, x1, y1 = mini.box(grid, outline.pitch)
            (ax, ay), (bx, by) = canvas.at((x0, y0)), canvas.at((x1, y1))
            draw.rectangle((ax, ay, bx - 1, by - 1), fill=_floor(ship, grid))
        for grid in ship.grids(mini.deck):
            x0, y0, x1, y1 = mini.box(grid, outline.pitch)
            (ax, ay), (bx, by) = canvas.at((x0, y0)), canvas.at((x1, y1))
            for side, line in (((0, -1), (ax, ay, bx, ay)), ((-1, 0), (ax, ay, ax, by))):
                if ship.wall_between(grid, grid.shifted(*side)):
                    draw.line(line, fill=style.WALL, width=1)
            for side, line in (((0, 1), (ax, by, bx, by)), ((1, 0), (bx, ay, bx, by))):
                if grid.shifted(*side) not in ship:
                    draw.line(line, fill=style.WALL, width=1)
    paint_centred(canvas, outline.names, style.ROOM_NAME, style.OUTLINE)
    return canvas.image


def _floor(ship: Ship, grid: Grid) -> style.RGB:
    return style.OBSTRUCTED if ship.is_obstructed(grid) else FLOORS[ship.region_of(grid).kind]


_outlines: ShipCache[Image.Image] = ShipCache(_draw_outline, 2 * MAX_SHIPS)
