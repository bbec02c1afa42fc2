"""A map you can read on a phone (issue 9): one deck, cropped at full scale."""

from __future__ import annotations

import io

from PIL import Image

from engine.views import view
from render.deck_crop import MIN_GRID_PX, deck_box, grid_px, render_deck_png
from render.layout import layout_of
from tests.games import quick_game


def test_a_deck_crop_keeps_a_grid_at_least_40_pixels_and_holds_that_deck() -> None:
    game = quick_game(3)
    board = view(game.state, "crew", game.ship, game.content).board
    layout = layout_of(game.ship)
    for deck, info in game.ship.decks.items():
        image = Image.open(io.BytesIO(render_deck_png(board, game.ship, deck)))
        x0, y0, x1, y1 = deck_box(game.ship, deck)
        assert image.size == (x1 - x0, y1 - y0)
        assert grid_px(game.ship, deck) >= MIN_GRID_PX
        assert image.width >= info.width * MIN_GRID_PX  # every column at >= 40 px
        # The crop is exactly that deck's band of the full map, and no other deck's.
        area = layout.area(deck)
        assert y0 == area.top and y1 == area.bottom
        for other in layout.decks:
            if other.deck != deck:
                assert other.bottom <= y0 or other.top >= y1
