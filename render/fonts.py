"""Text: Pillow's bundled scalable font (Aileron), never a system font.

``ImageFont.load_default(size=...)`` is FreeType-backed when Pillow has FreeType
(``PIL.features.check("freetype2")``); without it Pillow falls back to its small
bitmap font, which is ugly but still renders.
"""

from __future__ import annotations

import threading
from functools import lru_cache

from PIL import ImageDraw, ImageFont

from render.layout import Point
from render.style import RGB

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

# FreeType faces are not safe to use from two threads at once; everything that
# writes text (building the static layer or a sprite) holds this lock.
FONT_LOCK = threading.RLock()


@lru_cache(maxsize=32)
def font(size: int) -> Font:
    return ImageFont.load_default(size=size)


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
