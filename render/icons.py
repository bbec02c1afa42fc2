"""Ship features and door states as small RGBA pictures.

Shapes are drawn four times larger and shrunk (Pillow draws no anti-aliased
circles or polygons); text is drawn afterwards at full size so it stays crisp.
The static layer, the pieces and the legend all use these, so the legend shows
exactly what the map shows.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.board.ship import DoorState
from render import style
from render.fonts import draw_centred

SUPERSAMPLE = 4

Painter = Callable[[ImageDraw.ImageDraw, float], None]


class NexusLook(StrEnum):
    EMPTY = "empty"  # the grid, with no marker on it
    MARKER = "marker"  # a face-down system marker (C.9)
    DAMAGED = "damaged"


def smooth(width: int, height: int, paint: Painter) -> Image.Image:
    """An RGBA picture of ``paint``'s shapes, anti-aliased: ``paint`` draws on a
    canvas SUPERSAMPLE times larger and is told that factor."""
    big = Image.new("RGBA", (width * SUPERSAMPLE, height * SUPERSAMPLE), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), SUPERSAMPLE)
    return big.resize((width, height), Image.Resampling.BOX)


def scaled(box: tuple[float, float, float, float], k: float) -> tuple[float, ...]:
    return tuple(v * k for v in box)


def _cell_icon(paint: Painter, zoom: int = 1) -> Image.Image:
    """A grid-sized icon, ``zoom`` times larger: ``paint`` draws in the 1x grid's
    units and is told the factor that scales them."""
    return zoomed(style.CELL, style.CELL, paint, zoom)


def zoomed(width: int, height: int, paint: Painter, zoom: int) -> Image.Image:
    """``smooth`` for a picture drawn in 1x units, ``zoom`` times larger."""
    return smooth(width * zoom, height * zoom, lambda draw, k: paint(draw, k * zoom))


def write(
    icon: Image.Image, zoom: int, centre: tuple[int, int], text: str, size: int, fill: style.RGB
) -> None:
    """Text on an icon, placed and sized in 1x units."""
    where = (centre[0] * zoom, centre[1] * zoom)
    draw_centred(ImageDraw.Draw(icon), where, [text], size * zoom, fill)


@lru_cache(maxsize=16)
def lift_icon(letter: str, zoom: int = 1) -> Image.Image:
    """A lift grid (C.4.5): a double-bordered box with LIFT and its letter."""
    c = style.CELL

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        draw.rounded_rectangle(
            scaled((4, 4, c - 4, c - 4), k), radius=5 * k, outline=style.LIFT, width=round(3 * k)
        )
        draw.rounded_rectangle(
            scaled((9, 9, c - 9, c - 9), k), radius=3 * k, outline=style.LIFT, width=round(1 * k)
        )

    icon = _cell_icon(paint, zoom)
    write(icon, zoom, (c // 2, 15), "LIFT", 9, style.LIFT)
    write(icon, zoom, (c // 2, 28), letter, 17, style.TEXT)
    return icon


def _arrow(draw: ImageDraw.ImageDraw, k: float, cx: float, cy: float, up: bool) -> None:
    h = 6.5 if up else -6.5
    points = [(cx - 6, cy + h), (cx + 6, cy + h), (cx, cy - h)]
    draw.polygon([(x * k, y * k) for x, y in points], fill=style.HATCH)


@lru_cache(maxsize=32)
def hatch_icon(letter: str, up: bool, zoom: int = 1) -> Image.Image:
    """A hatch grid (C.4.6): a ring with its letter and an arrow to the deck it
    leads to (up = the deck drawn above)."""
    c = style.CELL

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        draw.ellipse(scaled((3, 3, c - 3, c - 3), k), outline=style.HATCH, width=round(3 * k))
        _arrow(draw, k, c / 2 + 9, c / 2, up)

    icon = _cell_icon(paint, zoom)
    write(icon, zoom, (c // 2 - 7, c // 2), letter, 17, style.TEXT)
    return icon


@lru_cache(maxsize=4)
def locker_icon(unopened: bool, zoom: int = 1) -> Image.Image:
    """A locker (E.2.6) is a circle; filled while it is still unopened."""
    c = style.CELL

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        fill = style.LOCKER if unopened else None
        draw.ellipse(
            scaled((10, 10, c - 10, c - 10), k), outline=style.LOCKER, fill=fill, width=round(3 * k)
        )

    icon = _cell_icon(paint, zoom)
    write(icon, zoom, (c // 2, c // 2), "L", 15, style.CREW_TEXT if unopened else style.LOCKER)
    return icon


@lru_cache(maxsize=6)
def nexus_icon(look: NexusLook, zoom: int = 1) -> Image.Image:
    """A system nexus grid (C.9): a diamond with N; filled when a marker lies
    on it, red and cracked once the marker is revealed as damaged."""
    c = style.CELL
    colour = style.NEXUS_DAMAGED if look is NexusLook.DAMAGED else style.NEXUS

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        m, r = c / 2, c / 2 - 6
        diamond = [
            (m * k, (m - r) * k),
            ((m + r) * k, m * k),
            (m * k, (m + r) * k),
            ((m - r) * k, m * k),
        ]
        fill = None if look is NexusLook.EMPTY else colour
        draw.polygon(diamond, outline=colour, fill=fill, width=round(3 * k))
        if look is NexusLook.DAMAGED:
            crack = [
                (m - 1, m - r + 3),
                (m + 4, m - 6),
                (m - 4, m + 1),
                (m + 3, m + 7),
                (m, m + r - 3),
            ]
            draw.line([(x * k, y * k) for x, y in crack], fill=style.OUTLINE, width=round(3 * k))

    icon = _cell_icon(paint, zoom)
    text = style.NEXUS if look is NexusLook.EMPTY else style.CREW_TEXT
    if look is not NexusLook.DAMAGED:
        write(icon, zoom, (c // 2, c // 2), "N", 15, text)
    return icon


@lru_cache(maxsize=2)
def bed_icon(zoom: int = 1) -> Image.Image:
    """An Infirmary bed (B.1.2): a cot with a pillow."""
    c = style.CELL

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        draw.rounded_rectangle(
            scaled((13, 6, c - 13, c - 6), k), radius=4 * k, outline=style.BED, width=round(2 * k)
        )
        draw.rounded_rectangle(scaled((17, 10, c - 17, 17), k), radius=2 * k, fill=style.BED)

    return _cell_icon(paint, zoom)


@lru_cache(maxsize=128)
def hatching_tile(phase: int, zoom: int = 1) -> Image.Image:
    """An obstructed grid (C.4.1): light blue with diagonal lines, so it reads
    without colour. ``phase`` keeps the lines continuous across grids."""
    c = style.CELL * zoom
    tile = Image.new("RGB", (c, c), style.OBSTRUCTED)
    draw = ImageDraw.Draw(tile)
    width = style.HATCH_LINE_W * zoom
    for start in range(-c - phase, 2 * c, style.HATCH_SPACING * zoom):
        draw.line((start, c, start + c, 0), fill=style.OBSTRUCTED_HATCH, width=width)
    return tile


def door_bar(state: DoorState, length: int, vertical: bool, zoom: int = 1) -> Image.Image:
    """How a door that is not open looks (C.4.3, D.2), laid along its wall:
    ``length`` pixels long, ``zoom`` times as thick as on the map.

    closed: a solid amber bar with dark diagonal stripes; smashed: a red
    zigzag between two stubs; sealed (a launched pod's door): a double bar."""
    image = _horizontal_bar(state, length, zoom)
    return image.transpose(Image.Transpose.ROTATE_90) if vertical else image


BarPainter = Callable[[ImageDraw.ImageDraw, float, int], None]


@lru_cache(maxsize=64)
def _horizontal_bar(state: DoorState, length: int, zoom: int = 1) -> Image.Image:
    paint = _BAR_PAINTERS[state]
    short = length // zoom  # the bar in 1x units
    return zoomed(short, style.DOOR_BAR_W, lambda draw, k: paint(draw, k, short), zoom)


def _paint_closed(draw: ImageDraw.ImageDraw, k: float, length: int) -> None:
    h = style.DOOR_BAR_W
    draw.rectangle(scaled((0, 0, length, h), k), fill=style.DOOR_CLOSED)
    for x in range(-h, length + h, 10):
        stripe = [(x, h), (x + 4, h), (x + 4 + h, 0), (x + h, 0)]
        draw.polygon([(px * k, py * k) for px, py in stripe], fill=style.OUTLINE)
    draw.rectangle(scaled((0, 0, length, h), k), outline=style.OUTLINE, width=round(2 * k))


def _paint_smashed(draw: ImageDraw.ImageDraw, k: float, length: int) -> None:
    h = style.DOOR_BAR_W
    stub = max(4, length // 7)
    for x0 in (0, length - stub):
        draw.rectangle(
            scaled((x0, 2, x0 + stub, h - 2), k),
            fill=style.DOOR_SMASHED,
            outline=style.OUTLINE,
            width=round(k),
        )
    teeth = max(4, (length - 2 * stub) // 6)
    step = (length - 2 * stub) / teeth
    points = [((stub + i * step) * k, (2 if i % 2 else h - 2) * k) for i in range(teeth + 1)]
    draw.line(points, fill=style.OUTLINE, width=round(4 * k), joint="curve")
    draw.line(points, fill=style.DOOR_SMASHED, width=round(2.5 * k), joint="curve")


def _paint_sealed(draw: ImageDraw.ImageDraw, k: float, length: int) -> None:
    h = style.DOOR_BAR_W
    for y0 in (0, h - 5):
        draw.rectangle(
            scaled((0, y0, length, y0 + 5), k),
            fill=style.DOOR_SEALED,
            outline=style.OUTLINE,
            width=round(k),
        )


_BAR_PAINTERS: dict[DoorState, BarPainter] = {
    DoorState.CLOSED: _paint_closed,
    DoorState.SMASHED: _paint_smashed,
    DoorState.SEALED: _paint_sealed,
}


def paste_icon(target: Image.Image, icon: Image.Image, at: tuple[int, int]) -> None:
    """Composite an RGBA icon onto an RGB(A) picture."""
    target.paste(icon, at, icon)
