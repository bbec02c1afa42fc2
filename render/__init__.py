"""The map picture, drawn with Pillow from a :class:`engine.board_view.BoardView`.

Public API: ``render.board.render_board`` / ``render_png`` (the whole map),
``render.card.phase_card`` / ``phase_card_png`` (the picture posted at a phase's end),
``render.layout.grid_box`` / ``grid_centre`` (where a grid's pixels are),
``render.zoom.close_up`` (part of a deck at twice the scale, for phones),
``render.warm.warm_up`` (draw the static pictures ahead, at start-up),
``render.samples.sample_view`` / ``sample_events``. Layouts (render.panel,
render.card_layout) say what goes where apart from the Pillow painting (render.paint),
so another renderer can draw the same pictures. Imports nothing from ``bot`` or discord.
"""
