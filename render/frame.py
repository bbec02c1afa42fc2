"""One render's drawing surface: a copy of the static picture that remembers
which rows were drawn on, so the PNG encoder re-compresses only those."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from render.layout import Box, Point
from render.static_layer import StaticLayer
from render.style import RGB


@dataclass
class Frame:
    layer: StaticLayer
    image: Image.Image = field(init=False)
    dirty: list[tuple[int, int]] = field(default_factory=list)  # row spans (y0, y1)

    def __post_init__(self) -> None:
        self.image = self.layer.image.copy()

    def touch(self, box: Box) -> None:
        self.dirty.append((box[1], box[3]))

    def sprite(self, key: Hashable, build: Callable[[], Image.Image], at: Point) -> None:
        """Paste the cached sprite ``key`` (built by ``build`` on first use)."""
        sprite = self.layer.sprites.get(key, build)
        sprite.paste(self.image, at)
        self.touch((at[0], at[1], at[0] + sprite.image.width, at[1] + sprite.image.height))

    def stencil(self, colour: RGB, at: Point, mask: Image.Image) -> None:
        """Paint one style colour through a "1" mask."""
        self.image.paste(self.layer.palette.index(colour), at, mask)
        self.touch((at[0], at[1], at[0] + mask.width, at[1] + mask.height))

    def draw(self, bounds: Box) -> ImageDraw.ImageDraw:
        """A pen for drawing inside ``bounds`` (marked as changed)."""
        self.touch(bounds)
        return ImageDraw.Draw(self.image)

    def ink(self, colour: RGB) -> int:
        return self.layer.palette.index(colour)
