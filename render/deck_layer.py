"""Each deck at close-up scale with nothing on it, drawn once per ship and kept.

A close-up (render.zoom) or a phase card (render.card) copies the grids it shows from
here, on the ship's palette (render.static_layer), and draws only what one view puts
there: drawing floors, walls and features again for every picture cost more than the
rest of a close-up.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.board.grid import Grid
from engine.board.ship import Ship
from render import style
from render.layout import Box
from render.ship_cache import ShipCache
from render.static_layer import (
    MAX_SHIPS,
    airlock_controls,
    draw_controls_label,
    draw_doorways,
    draw_features,
    draw_floors,
    draw_walls,
    static_layer,
)

ZOOM = 2
PITCH = style.CELL * ZOOM  # pixels a grid in a close-up
MARGIN = style.WALL_W * ZOOM  # round the deck: the outer half of the hull's walls
DECKS_KEPT = 8 * MAX_SHIPS


@dataclass(frozen=True, slots=True)
class DeckLayer:
    """One deck's grids at :data:`PITCH`, :data:`MARGIN` of space round them, paletted:
    floors, features, walls, open doorways and the Air Lock Controls; no names."""

    deck: int
    image: Image.Image  # "P", on the ship's palette; never drawn on

    def box(self, grid: Grid) -> Box:
        x, y = MARGIN + grid.col * PITCH, MARGIN + grid.row * PITCH
        return (x, y, x + PITCH, y + PITCH)

    def area(self, cols: tuple[int, int], rows: tuple[int, int]) -> Box:
        """The pixels of columns ``cols[0]..cols[1]`` and rows ``rows[0]..rows[1]``
        (inclusive), reaching MARGIN further where they meet the deck's edge (the outer
        half of the hull's walls)."""
        x0, y0, _, _ = self.box(Grid(self.deck, cols[0], rows[0]))
        _, _, x1, y1 = self.box(Grid(self.deck, cols[1], rows[1]))
        x0 -= MARGIN if cols[0] == 0 else 0
        y0 -= MARGIN if rows[0] == 0 else 0
        x1 += MARGIN if x1 + MARGIN == self.image.width else 0
        y1 += MARGIN if y1 + MARGIN == self.image.height else 0
        return (x0, y0, x1, y1)


def deck_layer(ship: Ship, deck: int) -> DeckLayer:
    """The deck's static close-up picture (render.warm draws them at start-up)."""
    return _decks.get(ship, deck)


def _build(ship: Ship, key: Hashable) -> DeckLayer:
    assert isinstance(key, int)
    info = ship.decks[key]
    size = (info.width * PITCH + 2 * MARGIN, info.height * PITCH + 2 * MARGIN)
    image = Image.new("RGB", size, style.SPACE)
    draw = ImageDraw.Draw(image)
    layer = DeckLayer(key, image)
    grids = list(ship.grids(key))
    draw_floors(image, draw, ship, grids, layer.box, ZOOM)
    draw_features(image, ship, grids, layer.box, ZOOM)
    draw_walls(draw, ship, grids, layer.box, ZOOM)
    draw_doorways(draw, ship, set(grids), layer.box, ZOOM)
    for grid in airlock_controls(ship, key):
        draw_controls_label(draw, layer.box(grid), ZOOM)
    return DeckLayer(key, static_layer(ship).palette.apply(image))


_decks: ShipCache[DeckLayer] = ShipCache(_build, DECKS_KEPT)
