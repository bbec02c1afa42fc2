"""Text placed in a picture, as written: what a layout hands to a painter.

Everything is measured with render.fonts (Pillow's bundled Aileron), so a painter
that writes a :class:`Label` with that font keeps it whole and inside its box.
"""

from __future__ import annotations

from dataclasses import dataclass

from render.fonts import fit, line_height, text_width
from render.layout import Box, Point

INDENT = "   "  # before the second and later lines of a wrapped key line


@dataclass(frozen=True, slots=True)
class Label:
    """A piece of text written in a box, as written (for painters, tests and alt text)."""

    text: str
    lines: tuple[str, ...]
    size: int
    box: Box

    @property
    def centre(self) -> Point:
        x0, y0, x1, y1 = self.box
        return ((x0 + x1) // 2, (y0 + y1) // 2)


@dataclass(frozen=True, slots=True)
class TitleBar:
    """A picture's title bar: the title on the left, as large as fits whole (on two
    lines rather than too small), and whose view it is on the right."""

    box: Box
    title: Label
    right: Label


def title_bar(
    extent: tuple[int, int], pad: int, title: str, sizes: tuple[int, ...], right: Label
) -> TitleBar:
    """Lay out a title bar ``extent`` (width, height): the title at the largest of
    ``sizes`` at which it fits whole beside ``right`` (see :func:`right_text`)."""
    width, height = extent
    middle = height // 2
    right_w = right.box[2] - right.box[0]
    room = width - 3 * pad - right_w
    size = next((s for s in sizes if text_width(title, s) <= room), 0)
    lines: list[str] = [title]
    if not size:  # two lines rather than a title too small to read
        size, lines = fit(title, room, height - 4, sizes)
    step = line_height(size)
    top = middle - step * len(lines) // 2
    box = (pad, top, pad + room, top + step * len(lines))
    return TitleBar((0, 0, width, height), Label(title, tuple(lines), size, box), right)


def right_text(text: str, size: int, width: int, height: int, pad: int) -> Label:
    """``text`` against the right edge of a bar ``width`` by ``height``."""
    x1 = width - pad
    return Label(text, (text,), size, (x1 - text_width(text, size), 0, x1, height))


def wrapped(text: str, width: int, size: int) -> list[str]:
    """``text`` in lines at most ``width`` pixels wide at ``size``, broken at spaces
    (a word wider than a line stands alone), later lines indented."""
    lines: list[str] = []
    for word in text.split():
        candidate = f"{lines[-1]} {word}" if lines else word
        if lines and text_width(candidate, size) <= width:
            lines[-1] = candidate
        else:
            lines.append(f"{INDENT}{word}" if lines else word)
    return lines or [""]


def key_labels(texts: list[str], box: Box, size: int) -> tuple[Label, ...]:
    """Key lines written from the top of ``box``, each text wrapped to its width."""
    x0, y, x1, _ = box
    step = line_height(size)
    labels = []
    for text in texts:
        lines = tuple(wrapped(text, x1 - x0, size))
        labels.append(Label(text, lines, size, (x0, y, x1, y + step * len(lines))))
        y += step * len(lines)
    return tuple(labels)
