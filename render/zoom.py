"""Close-ups for a phone: part of one deck at twice the map's scale.

On a phone the whole ship shrinks to some 16 pixels a grid. A close-up draws a
:class:`Window` of one deck at :data:`PITCH` pixels a grid (twice
:data:`render.style.CELL`) with everything a view holds there, and writes every name in
full (render.panel lays it out): room names in the largest stretch of floor no piece
stands on, a counter's name as large as fits inside it. Where several units share a
grid, one counter stands for them with a count badge, and the key under the picture
(and the alt text) names them all. The *focus* window is the acting unit's room and
what lies around it; a deck's window is the whole deck.

The grids come from the deck's static picture (render.deck_layer). A whole deck is the
largest picture: its static rows, names included, are kept deflated
(:func:`deck_body`), and a close-up draws and deflates again only the rows its pieces
touch, as the map does (render.png). Like :mod:`render.board`, it reads nothing but a
:class:`BoardView` and the ship: a view that leaves something out gets a picture
without it.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from PIL import Image

from engine.board.grid import Grid
from engine.board.ship import DoorState, Feature, Ship
from engine.board_view import BoardView, MarkerKind, MarkerView
from render import style
from render.deck_layer import PITCH, ZOOM
from render.fonts import FONT_LOCK
from render.labels import Label, TitleBar, key_labels, right_text, title_bar
from render.layout import Box
from render.paint import (
    Canvas,
    Piece,
    paint_coordinates,
    paint_floor,
    paint_lines,
    paint_pieces,
    paint_rooms,
    paint_title,
    piece_boxes,
    pieces,
    written_box,
)
from render.panel import Gutters, Panel, layout_panel, panel_width, unit_words
from render.png import Band, Span, encode, shifted, static_bands
from render.ship_cache import ShipCache
from render.static_layer import MAX_SHIPS, static_layer
from render.window import (
    FOCUS_COLUMNS,
    FOCUS_ROWS,
    Window,
    deck_window,
    focus_window,
    is_whole_deck,
)

__all__ = [
    "ALT_TEXT_MAX",
    "FOCUS_COLUMNS",
    "FOCUS_ROWS",
    "MIN_PITCH",
    "PITCH",
    "CloseUp",
    "Label",
    "Window",
    "close_up",
    "close_up_png",
    "deck_window",
    "focus_window",
    "unit_words",
]

MIN_PITCH = 60  # the least that reads on a phone
ALT_TEXT_MAX = 1000  # Discord: an attachment's description
TITLE_H = style.TITLE_H * ZOOM
PAD = style.PAD * ZOOM
KEY_SIZE = style.LEGEND_TEXT_SIZE * ZOOM
TITLE_SIZES = tuple(s * ZOOM for s in (style.TITLE_SIZE, 22, 20, 18, 16, 14, 12))
CORNER = (PAD, TITLE_H + PAD)  # where the window's coordinates start
BODY_BAND_ROWS = 23  # a quarter of a grid: a piece makes fewer rows to deflate again
GUTTERS = Gutters(
    style.ROW_LABEL_W * ZOOM, style.COL_LABEL_H * ZOOM, style.COORD_SIZE * ZOOM, both=True
)


@dataclass(frozen=True, slots=True)
class CloseUp:
    image: Image.Image  # "P", on the ship's palette
    window: Window
    pitch: int  # pixels a grid
    labels: tuple[Label, ...]  # the title, counter names and room names, each in full
    key: tuple[str, ...]  # the lines under the picture
    alt: str  # the picture in words, for a screen reader (discord.File description)
    origin: tuple[int, int]  # where the window's first grid starts
    panel: Panel  # what is where (render.panel)
    palette: bytes  # as a PNG's PLTE chunk holds it
    static: tuple[Band, ...] = ()  # deflated rows of the picture ``image`` was copied from
    drawn: tuple[Span, ...] = ()  # the rows drawn on since

    def box(self, grid: Grid) -> Box:
        """The pixels of ``grid`` in the picture (exclusive right and bottom)."""
        x = self.origin[0] + (grid.col - self.window.cols[0]) * self.pitch
        y = self.origin[1] + (grid.row - self.window.rows[0]) * self.pitch
        return (x, y, x + self.pitch, y + self.pitch)

    def png(self) -> bytes:
        return encode(self.image, self.palette, self.static, self.drawn)


def close_up(view: BoardView, ship: Ship, window: Window, title: str) -> CloseUp:
    """``window`` of the ship as ``view`` shows it. Safe from several threads (text is
    measured and drawn under render.fonts.FONT_LOCK)."""
    width = 2 * PAD + panel_width(window, GUTTERS)
    with FONT_LOCK:
        panel = layout_panel(view, ship, window, CORNER, GUTTERS)
        right = right_text(f"{view.viewer} map", style.SUBTITLE_SIZE * ZOOM, width, TITLE_H, PAD)
        bar = title_bar((width, TITLE_H), PAD, title, TITLE_SIZES, right)
        key = panel.key()
        top = panel.outer[3] + PAD
        keys = key_labels(key, (PAD, top, width - PAD, top), KEY_SIZE)
        height = (keys[-1].box[3] if keys else top) + PAD
        if is_whole_deck(ship, window):
            image, static, drawn = _deck_picture(ship, panel, bar, keys, height)
        else:
            image, static, drawn = _window_picture(ship, panel, bar, keys, height), (), ()
    return CloseUp(
        image,
        window,
        PITCH,
        (bar.title, *(t.name for t in panel.tokens), *(r.label for r in panel.rooms)),
        tuple(key),
        _alt_text(ship, view, panel, title),
        panel.origin,
        panel,
        static_layer(ship).palette_bytes,
        static,
        drawn,
    )


def close_up_png(view: BoardView, ship: Ship, window: Window, title: str) -> bytes:
    return close_up(view, ship, window, title).png()


def _window_picture(
    ship: Ship, panel: Panel, bar: TitleBar, keys: tuple[Label, ...], height: int
) -> Image.Image:
    """Part of a deck: small enough to draw whole, then map onto the ship's palette."""
    canvas = Canvas(Image.new("RGB", (bar.box[2], height), style.BACKGROUND))
    paint_title(canvas, bar)
    paint_coordinates(canvas, panel)
    paint_floor(canvas, ship, panel)
    paint_pieces(canvas, pieces(ship, panel))
    paint_rooms(canvas, panel.rooms)
    paint_lines(canvas, keys, style.TEXT_MUTED)
    return static_layer(ship).palette.apply(canvas.image)


# --- a whole deck ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DeckBody:
    """A whole deck's close-up below its title, as a view with nothing on it but the
    unopened lockers and the face-down nexus markers shows it: the grids, coordinates
    and room names, kept paletted and deflated."""

    area: Box  # where it stands in the picture
    bare: Image.Image  # "P": coordinates and grids, no names and no markers
    image: Image.Image  # "P": with the names and the markers
    bands: tuple[Band, ...]  # ``image`` deflated, at its rows in the picture
    panel: Panel  # the empty view's layout: where the names stand
    kept: frozenset[tuple[Grid, MarkerKind]]  # the markers it holds


def deck_body(ship: Ship, deck: int) -> DeckBody:
    return _bodies.get(ship, deck)


def _build_body(ship: Ship, key: Hashable) -> DeckBody:
    assert isinstance(key, int)
    window = deck_window(ship, key)
    width = 2 * PAD + panel_width(window, GUTTERS)
    markers = tuple(
        MarkerView(grid, kind)
        for feature, kind in (
            (Feature.LOCKER, MarkerKind.LOCKER),
            (Feature.NEXUS, MarkerKind.NEXUS),
        )
        for grid in ship.grids_with(feature)
        if grid.deck == key
    )
    panel = layout_panel(BoardView("", "", markers=markers), ship, window, CORNER, GUTTERS)
    area = (0, TITLE_H, width, panel.outer[3])
    canvas = Canvas(Image.new("RGB", (width, area[3] - area[1]), style.BACKGROUND), area[:2])
    paint_coordinates(canvas, panel)
    paint_floor(canvas, ship, panel)
    bare = static_layer(ship).palette.apply(canvas.image)
    body = DeckBody(area, bare, bare, (), panel, frozenset((m.grid, m.kind) for m in markers))
    image = bare.copy()
    image.paste(redrawn(ship, panel, pieces(ship, panel), body, area), (0, 0))
    bands = shifted(static_bands(image, BODY_BAND_ROWS), area[1])
    return DeckBody(area, bare, image, bands, panel, body.kept)


_bodies: ShipCache[DeckBody] = ShipCache(_build_body, 8 * MAX_SHIPS)


def redrawn(ship: Ship, panel: Panel, found: list[Piece], body: DeckBody, box: Box) -> Image.Image:
    """``box`` of a deck's picture drawn from the body's bare pixels: the panel's
    pieces (``found``) and names over them, mapped onto the palette."""
    x0, y0, x1, y1 = box
    top = body.area[1]
    canvas = Canvas(body.bare.crop((x0, y0 - top, x1, y1 - top)).convert("RGB"), (x0, y0))
    paint_pieces(canvas, found)
    paint_rooms(canvas, panel.rooms)
    return static_layer(ship).palette.apply(canvas.image)


def _deck_picture(
    ship: Ship, panel: Panel, bar: TitleBar, keys: tuple[Label, ...], height: int
) -> tuple[Image.Image, tuple[Band, ...], tuple[Span, ...]]:
    """The kept body, drawn again only where this view differs from it."""
    body = deck_body(ship, panel.window.deck)
    layer = static_layer(ship)
    width, bottom = bar.box[2], body.area[3]
    image = Image.new("P", (width, height))
    image.putpalette(layer.palette_bytes)
    image.paste(body.image, body.area[:2])
    found = pieces(ship, panel)
    changed = [_clipped(box, body.area) for box in _changed(panel, found, body)]
    changed = [box for box in changed if box[0] < box[2] and box[1] < box[3]]
    for box in changed:
        image.paste(redrawn(ship, panel, found, body, box), box[:2])
    drawn = [(box[1], box[3]) for box in changed]
    title = Canvas(Image.new("RGB", (width, body.area[1]), style.BACKGROUND))
    paint_title(title, bar)
    image.paste(layer.palette.apply(title.image), (0, 0))
    below = Canvas(Image.new("RGB", (width, height - bottom), style.BACKGROUND), (0, bottom))
    paint_lines(below, keys, style.TEXT_MUTED)
    image.paste(layer.palette.apply(below.image), (0, bottom))
    return image, body.bands, tuple(drawn)


def _changed(panel: Panel, found: list[Piece], body: DeckBody) -> list[Box]:
    """Where the view's picture must be drawn again over the kept body: its pieces
    (``found``), the kept markers it lacks, and the room names that stand elsewhere
    (both places)."""
    boxes = piece_boxes(found, body.kept)
    shown = {(m.grid, m.kind) for m in panel.markers}
    boxes += [panel.box(grid) for grid, kind in body.kept - shown]
    moved = set(panel.rooms) ^ set(body.panel.rooms)
    boxes += [written_box(room.label) for room in moved]
    return boxes


def _clipped(box: Box, area: Box) -> Box:
    return (max(box[0], area[0]), max(box[1], area[1]), min(box[2], area[2]), min(box[3], area[3]))


# --- the alt text -----------------------------------------------------------------------


def _alt_text(ship: Ship, view: BoardView, panel: Panel, title: str) -> str:
    window = panel.window
    rooms = sorted({ship.region_of(g).name for g in window.grids(ship)})
    parts = [f"{title}: {window.describe()} ({view.viewer} view). Rooms: {', '.join(rooms)}."]
    units = [f"{grid}: " + ", ".join(unit_words(u) for u in here) for grid, here in panel.groups]
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
    if panel.floor:
        lying = [f"{thing} {grid}" for grid, things in panel.floor for thing in things]
        parts.append("On the floor: " + ", ".join(lying) + ".")
    text = " ".join(parts)
    return text if len(text) <= ALT_TEXT_MAX else text[: ALT_TEXT_MAX - 1] + "…"
