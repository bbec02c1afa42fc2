"""One 256-colour palette per ship picture, and pictures mapped onto it.

The finished map is a paletted ("P") PNG: a quarter of the bytes of RGB to
compress, so it encodes several times faster and uploads smaller. The palette
holds every style colour exactly (so lines can be drawn with an index) plus the
anti-aliasing shades found in the static ship picture, whose legend shows every
kind of counter and marker: a counter drawn later finds its shades there too.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from PIL import Image

from render.fonts import FONT_LOCK
from render.style import EXACT_COLOURS, RGB

PALETTE_SIZE = 256
SPRITE_CACHE_SIZE = 1024
OPAQUE = 128  # alpha at or above which a sprite pixel is drawn
NEAR = 8  # per channel: closer shades of a style colour are not kept
# The palette is chosen from every SAMPLE_STEP-th pixel across and down: a ninth of the
# pixels hold the same shades in the same proportions, at a ninth of the cost.
SAMPLE_STEP = 3


@dataclass(frozen=True, slots=True)
class Palette:
    colours: tuple[RGB, ...]
    carrier: Image.Image  # a 1x1 "P" picture holding the palette, for quantize()

    @property
    def rgb_bytes(self) -> bytes:
        return bytes(v for rgb in self.colours for v in rgb)

    def index(self, colour: RGB) -> int:
        """The palette slot of a style colour (held exactly)."""
        return self.colours.index(colour)

    def apply(self, rgb: Image.Image) -> Image.Image:
        """Map an RGB picture onto this palette, nearest colour, no dithering."""
        return rgb.quantize(palette=self.carrier, dither=Image.Dither.NONE)


def palette_from(picture: Image.Image) -> Palette:
    """The style colours, then the picture's most useful other colours.

    Pillow maps a colour to the palette entry nearest its 4x4x4 block of RGB
    values, not to the exact colour, so a shade within NEAR of a style colour
    is left out: a style colour then always maps to itself."""
    exact = list(dict.fromkeys(EXACT_COLOURS))
    width, height = picture.width // SAMPLE_STEP, picture.height // SAMPLE_STEP
    sample = picture.resize((width, height), Image.Resampling.NEAREST)
    adaptive = sample.quantize(
        colors=PALETTE_SIZE,
        method=Image.Quantize.MEDIANCUT,
        dither=Image.Dither.NONE,
    ).getpalette()
    assert adaptive is not None
    colours = list(exact)
    for i in range(0, len(adaptive), 3):
        rgb = (adaptive[i], adaptive[i + 1], adaptive[i + 2])
        if len(colours) < PALETTE_SIZE and all(_distance(rgb, e) > NEAR for e in exact):
            colours.append(rgb)
    colours += [colours[0]] * (PALETTE_SIZE - len(colours))
    carrier = Image.new("P", (1, 1))
    carrier.putpalette([v for rgb in colours for v in rgb])
    return Palette(tuple(colours), carrier)


def _distance(a: RGB, b: RGB) -> int:
    return max(abs(x - y) for x, y in zip(a, b, strict=True))


@dataclass(frozen=True, slots=True)
class Sprite:
    """A picture ready to paste onto the paletted map: indices plus a mask."""

    image: Image.Image  # "P", on the map's palette
    mask: Image.Image  # "1": which pixels to draw

    def paste(self, canvas: Image.Image, at: tuple[int, int]) -> None:
        canvas.paste(self.image, at, self.mask)


def to_sprite(rgba: Image.Image, palette: Palette) -> Sprite:
    mask = rgba.getchannel("A").point(lambda a: 255 if a >= OPAQUE else 0).convert("1")
    return Sprite(palette.apply(rgba.convert("RGB")), mask)


@dataclass
class SpriteCache:
    """Sprites already mapped onto one palette, by what they show.

    Shared between threads: hits read a dict; misses build under FONT_LOCK,
    which keeps FreeType to one thread at a time."""

    palette: Palette
    _sprites: dict[Hashable, Sprite] = field(default_factory=dict)

    def get(self, key: Hashable, build: Callable[[], Image.Image]) -> Sprite:
        sprite = self._sprites.get(key)
        if sprite is not None:
            return sprite
        with FONT_LOCK:
            sprite = self._sprites.get(key)
            if sprite is None:
                if len(self._sprites) >= SPRITE_CACHE_SIZE:
                    self._sprites.clear()
                sprite = to_sprite(build(), self.palette)
                self._sprites[key] = sprite
        return sprite
