"""Drawing a layout (render.panel, render.labels) onto an RGB picture with Pillow.

A :class:`Canvas` is an RGB image standing for one rectangle of a larger picture, so
that a part of a picture can be drawn again alone (render.zoom draws again only where
a view's pieces are); whatever lies outside that rectangle is neither drawn nor
rendered.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from functools import lru_cache, partial

from PIL import Image, ImageDraw

from engine.board.grid import Grid
from engine.board.ship import Ship
from engine.board_view import MarkerKind, MarkerView
from render import style
from render.deck_layer import ZOOM, DeckLayer, deck_layer
from render.fonts import centred_lines, line_height, text_width, write
from render.icons import NexusLook, door_bar, locker_icon, nexus_icon
from render.labels import Label, TitleBar
from render.layout import Box, Point
from render.looks import CounterLook
from render.overlays import draw_path, searched_mask
from render.panel import Panel, RoomName
from render.pieces import (
    badge,
    count_badge,
    counter,
    launched_pod,
    sighting_ping,
)
from render.room_labels import short_name

OUTLINE_REACH = 2  # how far a name's outline reaches beyond its letters
COUNT_SIZE = 13  # a close-up's count badge, in the map's pixels: on the counter's corner


@dataclass(frozen=True, slots=True)
class Canvas:
    """``image`` (RGB) holds the picture's pixels from ``corner`` on."""

    image: Image.Image
    corner: Point = (0, 0)

    def at(self, point: Point) -> Point:
        return (point[0] - self.corner[0], point[1] - self.corner[1])

    def sees(self, box: Box) -> bool:
        x, y = self.corner
        return (
            box[0] < x + self.image.width
            and box[2] > x
            and box[1] < y + self.image.height
            and box[3] > y
        )

    def icon(self, icon: Image.Image, at: Point) -> None:
        """An RGBA icon composited at ``at`` (picture pixels)."""
        if self.sees((at[0], at[1], at[0] + icon.width, at[1] + icon.height)):
            self.image.paste(icon, self.at(at), icon)


# --- the static deck --------------------------------------------------------------------


def _layer_offset(panel: Panel, layer: DeckLayer) -> Point:
    """What to add to a panel's pixel to find the same place in the deck's layer."""
    first = Grid(panel.window.deck, panel.window.cols[0], panel.window.rows[0])
    x, y, _, _ = layer.box(first)
    return (x - panel.origin[0], y - panel.origin[1])


def paint_floor(canvas: Canvas, ship: Ship, panel: Panel) -> None:
    """The window's grids as the deck's static picture holds them."""
    layer = deck_layer(ship, panel.window.deck)
    ox, oy = _layer_offset(panel, layer)
    x0, y0, x1, y1 = layer.area(panel.window.cols, panel.window.rows)
    piece = layer.image.crop((x0, y0, x1, y1)).convert("RGB")
    canvas.image.paste(piece, canvas.at((x0 - ox, y0 - oy)))


# --- text ----------------------------------------------------------------------------------


def written_box(label: Label) -> Box:
    """Every pixel a label written centred in its box (with its outline) may touch: its
    lines' height and its widest line's width round the box's centre."""
    x, y = label.centre
    half_w = max(text_width(line, label.size) for line in label.lines) // 2
    half_h = len(label.lines) * line_height(label.size) // 2
    r = OUTLINE_REACH + 2
    return (x - half_w - r, y - half_h - r, x + half_w + r, y + half_h + r)


def _around(box: Box) -> Box:
    r = OUTLINE_REACH + 1
    return (box[0] - r, box[1] - r, box[2] + r, box[3] + r)


def paint_title(canvas: Canvas, bar: TitleBar) -> None:
    x0, y0, x1, y1 = bar.box
    (ax, ay), (bx, by) = canvas.at((x0, y0)), canvas.at((x1, y1))
    ImageDraw.Draw(canvas.image).rectangle((ax, ay, bx - 1, by - 1), fill=style.TITLE_BG)
    title = bar.title
    step = line_height(title.size)
    for i, line in enumerate(title.lines):
        at = canvas.at((title.box[0], title.box[1] + i * step + step // 2))
        write(canvas.image, at, line, title.size, style.TEXT, anchor="lm")
    right = bar.right
    at = canvas.at((right.box[2], (right.box[1] + right.box[3]) // 2))
    write(canvas.image, at, right.text, right.size, style.TEXT_MUTED, anchor="rm")


def paint_centred(
    canvas: Canvas, labels: Iterable[Label], colour: style.RGB, outline: style.RGB | None = None
) -> None:
    for label in labels:
        if canvas.sees(written_box(label)):
            for at, line in centred_lines(label.centre, label.lines, label.size):
                write(canvas.image, canvas.at(at), line, label.size, colour, outline)


def paint_lines(canvas: Canvas, labels: Iterable[Label], colour: style.RGB) -> None:
    """Key lines: each label's lines from its box's top-left corner."""
    for label in labels:
        if not canvas.sees(_around(label.box)):
            continue
        step = line_height(label.size)
        for i, line in enumerate(label.lines):
            at = canvas.at((label.box[0], label.box[1] + i * step))
            write(canvas.image, at, line, label.size, colour, anchor="la")


def paint_rooms(canvas: Canvas, rooms: Iterable[RoomName]) -> None:
    for room in rooms:
        colour = style.CORRIDOR_NAME if room.corridor else style.ROOM_NAME
        paint_centred(canvas, [room.label], colour, style.OUTLINE)


def paint_coordinates(canvas: Canvas, panel: Panel) -> None:
    for label in panel.coordinates:
        if canvas.sees(label.box):
            write(canvas.image, canvas.at(label.centre), label.text, label.size, style.COORD)


# --- pieces --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Piece:
    """One thing a view puts on the panel: where it draws (one box, or several along
    the alien's path), and how."""

    areas: tuple[Box, ...]
    draw: Callable[[Canvas], None]
    marker: tuple[Grid, MarkerKind] | None = None  # the marker it is, if one


def pieces(ship: Ship, panel: Panel) -> list[Piece]:
    """Everything the view puts in the window, bottom layer first: markers under the
    units, doors, the path, sightings, counters, then the supplies and gear badges."""
    found: list[Piece | None] = [_marker_below(ship, panel, m) for m in panel.markers]
    for bar in panel.doors:
        icon = door_bar(bar.state, bar.length, bar.vertical, ZOOM)
        found.append(_icon_piece(icon, bar.at))
    if panel.path:
        found.append(_path_piece(panel.path))
    for marker in panel.markers:
        if marker.kind is MarkerKind.ALIEN_SIGHTING:
            x, y, _, _ = panel.box(marker.grid)
            found.append(_icon_piece(sighting_ping(ZOOM), (x, y)))
            found.append(_icon_piece(badge(marker.kind, "!", ZOOM), (x + 2 * ZOOM, y + 2 * ZOOM)))
    for token in panel.tokens:
        x0, y0, x1, _ = token.box
        found.append(_icon_piece(_counter(token.look, x1 - x0), (x0, y0)))
        if token.count > 1:
            tag = count_badge(token.count, ZOOM, COUNT_SIZE)
            found.append(_icon_piece(tag, (x1 - tag.width * 2 // 3, y0 - tag.height // 3)))
    for mark in panel.badges:
        found.append(_icon_piece(badge(mark.kind, mark.text, mark.zoom), mark.at))
    return [p for p in found if p is not None]


def paint_pieces(canvas: Canvas, found: Iterable[Piece]) -> None:
    """``found``: :func:`pieces` of a panel."""
    for piece in found:
        if any(canvas.sees(area) for area in piece.areas):
            piece.draw(canvas)


def _icon_piece(icon: Image.Image, at: Point) -> Piece:
    box = (at[0], at[1], at[0] + icon.width, at[1] + icon.height)
    return Piece((box,), lambda canvas: canvas.icon(icon, at))


def _path_piece(runs: tuple[tuple[Point, ...], ...]) -> Piece:
    """The route, drawn whole wherever any of it shows (its lines and dots are not
    anti-aliased, so drawing it twice changes nothing); its areas follow its straight
    stretches, not the box round it all."""

    def draw(canvas: Canvas) -> None:
        shifted = [[canvas.at(p) for p in run] for run in runs]
        draw_path(ImageDraw.Draw(canvas.image), shifted, style.PATH, ZOOM)

    return Piece(tuple(_stretches(runs)), draw)


def _stretches(runs: tuple[tuple[Point, ...], ...]) -> list[Box]:
    """A box round each straight stretch of the route, as far as its marks reach."""
    reach = 3 * style.PATH_DOT * ZOOM + 1
    boxes = []
    for run in runs:
        start = 0
        for i in range(1, len(run) + 1):
            straight = i < len(run) and (
                all(p[0] == run[i][0] for p in run[start : i + 1])
                or all(p[1] == run[i][1] for p in run[start : i + 1])
            )
            if not straight:
                xs, ys = [p[0] for p in run[start:i]], [p[1] for p in run[start:i]]
                boxes.append((min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach))
                start = i - 1 if i < len(run) else i
    return boxes


def _marker_below(ship: Ship, panel: Panel, marker: MarkerView) -> Piece | None:
    """Searched grids, launched pods, lockers and nexus markers: under the units."""
    box = panel.box(marker.grid)
    icon: Image.Image | None = None
    if marker.kind is MarkerKind.SEARCHED:
        return Piece((box,), partial(_searched, box[:2]))
    if marker.kind is MarkerKind.POD_LAUNCHED:
        icon = launched_pod(short_name(ship.region_of(marker.grid)), ZOOM)
    elif marker.kind is MarkerKind.LOCKER:
        icon = locker_icon(True, ZOOM)
    elif marker.kind is MarkerKind.NEXUS:
        icon = nexus_icon(NexusLook.MARKER, ZOOM)
    elif marker.kind is MarkerKind.NEXUS_DAMAGED:
        icon = nexus_icon(NexusLook.DAMAGED, ZOOM)
    if icon is None:
        return None
    piece = _icon_piece(icon, box[:2])
    return Piece(piece.areas, piece.draw, (marker.grid, marker.kind))


def _searched(at: Point, canvas: Canvas) -> None:
    canvas.image.paste(style.SEARCHED, canvas.at(at), searched_mask(ZOOM))


@lru_cache(maxsize=128)
def _counter(look: CounterLook, size: int) -> Image.Image:
    return counter(look, size, ZOOM)


def piece_boxes(found: Iterable[Piece], kept: Collection[tuple[Grid, MarkerKind]]) -> list[Box]:
    """Where :func:`paint_pieces` draws ``found``, except for the markers ``kept``
    (already in a static picture): a picture copied from that picture is drawn again
    only there."""
    return [area for p in found if p.marker is None or p.marker not in kept for area in p.areas]
