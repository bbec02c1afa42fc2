"""Drawing, before anyone asks, what every picture of a ship starts from.

The static pictures (the map's ship, each deck at close-up scale, each deck's kept
close-up, the phase card's small ship) take some half a second to draw, once per ship
and process. A program that will show pictures calls :func:`warm_up` at start-up, off
its event loop (the bot does, in a thread, while it connects), so that the first map
after a restart costs what every later one does.
"""

from __future__ import annotations

from engine.board.ship import Ship
from engine.board_view import BoardView
from render.card import phase_card
from render.deck_layer import deck_layer
from render.static_layer import static_layer
from render.zoom import deck_body


def warm_up(ship: Ship) -> None:
    static_layer(ship)
    for deck in sorted(ship.decks):
        deck_layer(ship, deck)
        deck_body(ship, deck)
    phase_card(BoardView("spectator", ""), ship, ())  # its small ship, and the fonts
