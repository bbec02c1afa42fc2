"""Text: Pillow's bundled scalable font (Aileron), never a system font.

``ImageFont.load_default(size=...)`` is FreeType-backed when Pillow has FreeType
(``PIL.features.check("freetype2")``); without it Pillow falls back to its small
bitmap font, which is ugly but still renders.
"""

from __future__ import annotations

import threading
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from render.layout import Point
from render.style import RGB

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

# FreeType faces are not safe to use from two threads at once; everything that
# writes text (building the static layer or a sprite) holds this lock.
FONT_LOCK = threading.RLock()


@lru_cache(maxsize=32)
def font(size: int) -> Font:
    return ImageFont.load_default(size=size)


@lru_cache(maxsize=4096)
def text_width(text: str, size: int) -> int:
    return int(font(size).getlength(text))


def line_height(size: int) -> int:
    return round(size * 1.15)


def wrap(text: str, width: int, size: int) -> list[str] | None:
    """Greedy word wrap; ``None`` if a single word is wider than ``width``."""
    lines: list[str] = []
    for word in text.split():
        candidate = f"{lines[-1]} {word}" if lines else word
        if lines and text_width(candidate, size) <= width:
            lines[-1] = candidate
        elif text_width(word, size) <= width:
            lines.append(word)
        else:
            return None
    return lines


def fit(text: str, width: int, height: int, sizes: tuple[int, ...]) -> tuple[int, list[str]]:
    """The largest size from ``sizes`` at which ``text`` wraps into the box.

    Falls back to the smallest size on one line: better a name that spills over
    a wall than one that is missing."""
    for size in sizes:
        lines = wrap(text, width, size)
        if lines is not None and len(lines) * line_height(size) <= height:
            return size, lines
    return sizes[-1], [text]


def truncate(text: str, width: int, size: int) -> str:
    """As many leading characters of ``text`` as fit in ``width``."""
    while len(text) > 1 and text_width(text, size) > width:
        text = text[:-1]
    return text


def draw_centred(
    draw: ImageDraw.ImageDraw,
    centre: Point,
    lines: list[str],
    size: int,
    fill: RGB,
    stroke: RGB | None = None,
) -> None:
    """Draw lines of text centred on a point, optionally outlined for contrast."""
    step = line_height(size)
    top = centre[1] - step * len(lines) / 2 + step / 2
    for i, line in enumerate(lines):
        draw.text(
            (centre[0], top + i * step),
            line,
            font=font(size),
            fill=fill,
            anchor="mm",
            stroke_width=2 if stroke else 0,
            stroke_fill=stroke,
        )


STROKE = 2  # the outline round text written for contrast


@lru_cache(maxsize=1024)
def _glyphs(
    text: str, size: int, anchor: str, stroke: bool
) -> tuple[tuple[Image.Image, Point], ...]:
    """``text`` rendered once as masks to paint colours through, each with its offset
    from the anchor point: the outline's (filled) first when ``stroke``, then the
    letters'."""
    face = font(size)
    layers = []
    for width in (STROKE, 0) if stroke else (0,):
        x0, y0, x1, y1 = face.getbbox(text, anchor=anchor, stroke_width=width)
        mask = Image.new("L", (max(1, int(x1 - x0)), max(1, int(y1 - y0))), 0)
        ImageDraw.Draw(mask).text(
            (-x0, -y0), text, fill=255, font=face, anchor=anchor, stroke_width=width
        )
        layers.append((mask, (int(x0), int(y0))))
    return tuple(layers)


def write(
    image: Image.Image,
    at: Point,
    text: str,
    size: int,
    fill: RGB,
    stroke: RGB | None = None,
    anchor: str = "mm",
) -> None:
    """One line of ``text`` on an RGB picture, anchored at ``at`` (Pillow's text
    anchors), outlined in ``stroke`` if given; each line is rendered once and kept,
    since a close-up writes the same names again and again."""
    layers = _glyphs(text, size, anchor, stroke is not None)
    colours = (stroke, fill) if stroke is not None else (fill,)
    for (mask, (dx, dy)), colour in zip(layers, colours, strict=True):
        x, y = at[0] + dx, at[1] + dy
        image.paste(colour, (x, y, x + mask.width, y + mask.height), mask)


def centred_lines(centre: Point, lines: tuple[str, ...], size: int) -> list[tuple[Point, str]]:
    """Where each line of text centred on a point goes (its middle), as
    :func:`draw_centred` places them, in whole pixels."""
    step = line_height(size)
    top = centre[1] - step * len(lines) / 2 + step / 2
    return [((centre[0], round(top + i * step)), line) for i, line in enumerate(lines)]


def cap_height(size: int) -> int:
    """How tall a capital letter stands at ``size``: what a reader sees of it."""
    _, top, _, bottom = font(size).getbbox("H")
    return int(bottom - top)
