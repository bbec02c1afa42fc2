"""Marks drawn straight onto a picture, RGB (legend) or paletted (map): the
alien's path and the searched-grid screen. ``ink`` is a colour for RGB or a
palette index for the paletted map."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from render import style
from render.layout import Point

Ink = int | tuple[int, int, int]


def draw_path(
    draw: ImageDraw.ImageDraw, runs: Sequence[Sequence[Point]], ink: Ink, zoom: int = 1
) -> None:
    """The alien's route (C.7): a line through the grids it crossed with a dot
    on each; a ring where it started, a big dot where it is now. A run breaks
    where the route changes deck."""
    r = style.PATH_DOT * zoom
    width = style.PATH_W * zoom
    for run in runs:
        if len(run) > 1:
            draw.line(list(run), fill=ink, width=width)
        for x, y in run:
            draw.ellipse((x - r, y - r, x + r, y + r), fill=ink)
    if runs and runs[0]:
        x, y = runs[0][0]
        big = 2 * r
        draw.ellipse((x - big, y - big, x + big, y + big), outline=ink, width=width)
    if runs and runs[-1]:
        x, y = runs[-1][-1]
        big = r + 3 * zoom
        draw.ellipse((x - big, y - big, x + big, y + big), fill=ink)


@lru_cache(maxsize=2)
def searched_mask(zoom: int = 1) -> Image.Image:
    """Which pixels of a grid a search tints: a sparse dot screen and a dotted
    edge, so the grid reads as searched without colour and stays legible."""
    c = style.CELL
    mask = Image.new("1", (c, c), 0)
    pixels = mask.load()
    assert pixels is not None
    for y in range(c):
        for x in range(c):
            screen = (x % 4, y % 4) in ((1, 1), (3, 3))
            edge = (x in (2, 3, c - 4, c - 3) or y in (2, 3, c - 4, c - 3)) and (x + y) % 6 < 3
            inside = 2 <= x <= c - 3 and 2 <= y <= c - 3
            if inside and (screen or edge):
                pixels[x, y] = 255
    return mask if zoom == 1 else mask.resize((c * zoom, c * zoom), Image.Resampling.NEAREST)
