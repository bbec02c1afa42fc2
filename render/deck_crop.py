"""One deck of the map, cropped for a phone (issue 9).

The whole ship is about 1,190 pixels wide and 2,240 tall, so on a 400-pixel phone
screen a grid shrinks to some 16 pixels. A deck on its own keeps the map's scale,
:data:`render.style.CELL` pixels per grid (at least :data:`MIN_GRID_PX`), with its
header and column letters, so its coordinates stay readable.
"""

from __future__ import annotations

import io

from engine.board.ship import Ship
from engine.board_view import BoardView
from render import style
from render.board import render_board
from render.layout import Box, layout_of

MIN_GRID_PX = 40


def deck_box(ship: Ship, deck: int) -> Box:
    """The pixels of ``deck``'s band in the full map: header to bottom letters."""
    area = layout_of(ship).area(deck)
    x0, y0, x1, _ = area.header
    return (x0, y0, x1, area.bottom)


def grid_px(ship: Ship, deck: int) -> int:
    """Pixels per grid in the crop (the crop never scales)."""
    area = layout_of(ship).area(deck)
    x0, _, x1, _ = area.grid_area
    return (x1 - x0) // area.columns


def render_deck_png(view: BoardView, ship: Ship, deck: int) -> bytes:
    """``deck`` as ``view`` shows it, as PNG bytes."""
    assert style.CELL >= MIN_GRID_PX
    image = render_board(view, ship).crop(deck_box(ship, deck))
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()
