"""The map picture, drawn with Pillow from a :class:`engine.board_view.BoardView`.

Public API: ``render.board.render_board`` / ``render_png``, ``render.layout.grid_box``
/ ``grid_centre`` (where a grid's pixels are), ``render.zoom.close_up`` (part of a deck
at twice the scale, for phones), ``render.samples.sample_view``.
Imports nothing from ``bot`` or discord.
"""
