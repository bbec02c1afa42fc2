"""A whole game as one animated GIF: one frame per phase, drawn from referee views.

Every frame is a render of one :class:`BoardView` (the alien's route so far, the crew
where they stood), so the frames share the static ship's palette and the GIF encoder
stores only the rectangle each frame changed. Frames are scaled down to keep a long
game well under Discord's default upload limit (10 MiB).
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

from engine.board.ship import Ship
from engine.board_view import BoardView
from render.board import render_board

UPLOAD_LIMIT = 10 * 1024 * 1024  # Discord's default attachment limit, in bytes
FRAME_MS = 900  # how long each phase stays on screen
LAST_FRAME_MS = 4000  # the final position lingers
SCALE = 0.5  # frames are half the map's size: phone screens show no more


def animation_frames(boards: Sequence[BoardView], ship: Ship) -> list[Image.Image]:
    """One paletted picture per board, scaled down."""
    frames = []
    for board in boards:
        image = render_board(board, ship)
        size = (round(image.width * SCALE), round(image.height * SCALE))
        frames.append(image.resize(size, Image.Resampling.NEAREST))
    return frames


def animate_gif(boards: Sequence[BoardView], ship: Ship) -> bytes:
    """The GIF of ``boards`` in order (at least one), looping forever."""
    if not boards:
        raise ValueError("an animation needs at least one frame")
    frames = animation_frames(boards, ship)
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    out = io.BytesIO()
    frames[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=frames[1:],
        duration=durations,
        loop=0,
        disposal=1,  # each frame is drawn over the last: only changed rectangles are stored
        optimize=False,
    )
    return out.getvalue()
