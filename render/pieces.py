"""Counters and marker icons as RGBA pictures, built from what a view says.

A counter's look depends only on a :class:`CounterLook` and its size, so the
same picture serves every grid and every render (see render.sprites).
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.board_view import MarkerKind, UnitSide
from render import style
from render.fonts import draw_centred, fit, font, text_width, truncate
from render.icons import scaled, smooth, write, zoomed
from render.looks import CounterLook

# A counter this size or larger (a lone unit's) has room for its name and status; a
# smaller one shares its grid (C.6) and carries no name, and "KO" only if CRAMPED or wider.
ROOMY = 30
CRAMPED = 20


ZOOM_RING = 3  # pixels kept round a close-up counter for the active ring, at any zoom


def counter(look: CounterLook, size: int, zoom: int = 1) -> Image.Image:
    """A unit's counter: a square for a human, an octagon for an alien;
    dashed outline while pipe-running (C.7), a cross for a cadaver, a red
    corner for an injury, grey when unconscious, a yellow ring when active.

    ``size`` pixels wide; ``zoom`` above 1 (a close-up, render.zoom) draws it that
    much larger, filling its grid, and writes the name whole (:func:`counter_name`)
    where the map shortens it."""
    if zoom == 1:
        image = smooth(size, size, lambda draw, k: _paint_counter(draw, k, look, size))
        _write_counter_text(ImageDraw.Draw(image), look, size)
        return image
    unit = size / zoom  # in 1x units: outlines scale with the zoom, the ring's gap does not

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        _paint_counter(draw, k, look, unit, ring=ZOOM_RING / zoom)

    image = smooth(size, size, lambda draw, k: paint(draw, k * zoom))
    _write_full_name(ImageDraw.Draw(image), look, size, zoom)
    return image


def name_room(size: int, zoom: int) -> int:
    """How wide a close-up counter's name may be: inside its shape, a margin each side."""
    return size - 2 * ZOOM_RING - 4 * zoom


def counter_name(look: CounterLook, size: int, zoom: int) -> tuple[int, list[str]]:
    """The font size and lines of a close-up counter's name: the whole name, on one line
    or wrapped at its spaces, as large as fits (render.fonts measures it)."""
    height = size // 2 if look.status else size - 8 * zoom
    sizes = tuple(s * zoom for s in (12, 11, 10, 9, 8, 7, 6))
    return fit(look.label, name_room(size, zoom), height, sizes)


def _write_full_name(draw: ImageDraw.ImageDraw, look: CounterLook, size: int, zoom: int) -> None:
    colour, stroke = _text_colours(look)
    text_size, lines = counter_name(look, size, zoom)
    middle = size // 2
    status = look.status
    name_y = middle - 5 * zoom if status else middle
    draw_centred(draw, (middle, name_y), lines, text_size, colour, stroke)
    if status:
        below = name_y + len(lines) * text_size // 2 + style.STATUS_SIZE * zoom // 2 + 2 * zoom
        draw_centred(draw, (middle, below), [status], style.STATUS_SIZE * zoom, colour, stroke)


def _text_colours(look: CounterLook) -> tuple[style.RGB, style.RGB | None]:
    if look.hidden:
        return style.TEXT, style.OUTLINE
    if look.deceased:
        return style.CREW_TEXT, style.CADAVER
    if look.side is UnitSide.ALIEN:
        return style.ALIEN_TEXT, None
    return style.CREW_TEXT, None


def _counter_fill(look: CounterLook) -> style.RGB:
    if look.deceased:
        return style.CADAVER
    if look.side is UnitSide.ALIEN:
        return style.ALIEN
    return style.CREW_KO if look.unconscious else style.CREW


def _octagon(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    c = (x1 - x0) * 0.29
    return [
        (x0 + c, y0),
        (x1 - c, y0),
        (x1, y0 + c),
        (x1, y1 - c),
        (x1 - c, y1),
        (x0 + c, y1),
        (x0, y1 - c),
        (x0, y0 + c),
    ]


def _dashed_outline(
    draw: ImageDraw.ImageDraw,
    points: list[tuple[float, float]],
    colour: style.RGB,
    width: float,
    dash: float,
) -> None:
    """A closed outline drawn as dashes: for what is not quite there."""
    for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1], strict=True):
        length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
        steps = max(1, round(length / dash))
        for i in range(0, steps, 2):
            t0, t1 = i / steps, min(1.0, (i + 1) / steps)
            draw.line(
                (
                    ax + (bx - ax) * t0,
                    ay + (by - ay) * t0,
                    ax + (bx - ax) * t1,
                    ay + (by - ay) * t1,
                ),
                fill=colour,
                width=round(width),
            )


def _ring(size: int) -> int:
    """The margin around a counter's shape, where the active ring goes."""
    return 3 if size >= ROOMY else 2 if size >= CRAMPED else 1


def _paint_counter(
    draw: ImageDraw.ImageDraw, k: float, look: CounterLook, size: float, ring: float | None = None
) -> None:
    """The counter's shapes, in 1x units scaled by ``k``; ``ring``: the gap round the
    shape for the active ring (default: by size, as on the map)."""
    ring = _ring(round(size)) if ring is None else ring
    if look.active:
        draw.rounded_rectangle(scaled((0, 0, size, size), k), radius=4 * k, fill=style.ACTIVE)
    x0, y0, x1, y1 = (v * k for v in (ring, ring, size - ring, size - ring))
    if look.side is UnitSide.ALIEN:
        shape = _octagon(x0, y0, x1, y1)
        if look.hidden:
            _dashed_outline(draw, shape, style.ALIEN, 2.5 * k, 4 * k)
        else:
            draw.polygon(shape, fill=_counter_fill(look), outline=style.OUTLINE, width=round(2 * k))
    else:
        draw.rectangle(
            (x0, y0, x1, y1), fill=_counter_fill(look), outline=style.OUTLINE, width=round(2 * k)
        )
    if look.injured and not look.deceased:
        corner = (x1 - x0) * 0.36
        draw.polygon([(x1 - corner, y0), (x1, y0), (x1, y0 + corner)], fill=style.INJURED)
    if look.deceased:
        i = 3 * k
        for line in ((x0 + i, y0 + i, x1 - i, y1 - i), (x0 + i, y1 - i, x1 - i, y0 + i)):
            draw.line(line, fill=style.CADAVER_CROSS, width=round(2 * k))


def _write_counter_text(draw: ImageDraw.ImageDraw, look: CounterLook, size: int) -> None:
    """The name (whole: render.pieces.map_name) and, on a full-size counter, the status.
    Text on a cadaver is cut out of its cross; a pipe-running alien's label is
    outlined, as it has no fill behind it."""
    colour, stroke = _text_colours(look)
    middle = size // 2
    if size < ROOMY:  # a grid's sub-cell: no name (it would be cut), "KO" if it fits
        if look.unconscious and not look.deceased and size >= CRAMPED:
            draw_centred(draw, (middle, middle), ["KO"], style.SLOT_TEXT_SIZE, colour, stroke)
        return
    name_size, lines = map_name(look, size)
    status = look.status
    if len(lines) > 1:
        name_y = middle - 4 if status else middle
        status_y = size - _ring(size) - 6
    else:
        name_y, status_y = (middle - 5 if status else middle), middle + 9
    draw_centred(draw, (middle, name_y), lines, name_size, colour, stroke)
    if status:
        draw_centred(draw, (middle, status_y), [status], style.STATUS_SIZE, colour, stroke)


MAP_NAME_SIZES = (14, 13, 12, 11)  # a name on one line
MAP_SPLIT_SIZES = (11, 10, 9)  # a name broken in two lines


def map_name(look: CounterLook, size: int) -> tuple[int, list[str]]:
    """The font size and lines of a name on the map's counter ``size`` pixels wide:
    whole on one line as large as fits; else on two, at a space or else broken with a
    hyphen where the longer half is shortest ("Lind-" "qvist"): every letter shows."""
    room = size - 2 * _ring(size) - 2
    label = look.label
    for text_size in MAP_NAME_SIZES:
        if text_width(label, text_size) <= room:
            return text_size, [label]
    halves = _halves(label)
    for text_size in MAP_SPLIT_SIZES:
        lines = min(halves, key=lambda pair: max(text_width(p, text_size) for p in pair))
        if max(text_width(p, text_size) for p in lines) <= room:
            return text_size, list(lines)
    return MAP_SPLIT_SIZES[-1], list(min(halves, key=lambda p: max(len(x) for x in p)))


def _halves(label: str) -> list[tuple[str, str]]:
    """Ways to write ``label`` on two lines: at a space, else with a hyphen (each half
    two letters at least)."""
    spaces = [(label[:i], label[i + 1 :]) for i, c in enumerate(label) if c == " "]
    return spaces or [(label[:i] + "-", label[i:]) for i in range(2, len(label) - 1)]


@lru_cache(maxsize=32)
def badge(kind: MarkerKind, text: str, zoom: int = 1) -> Image.Image:
    """A small marker icon: a crate for supplies, a tag for gear, a warning
    triangle for an alien sighting (C.7.1); the letters say the same."""
    b = style.BADGE

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        if kind is MarkerKind.SUPPLIES:
            draw.rectangle(
                scaled((0, 0, b, b), k),
                fill=style.SUPPLIES,
                outline=style.OUTLINE,
                width=round(1.5 * k),
            )
        elif kind is MarkerKind.GEAR:
            shield = [(0, 0), (b, 0), (b, b * 0.6), (b / 2, b), (0, b * 0.6)]
            draw.polygon(
                [(x * k, y * k) for x, y in shield],
                fill=style.GEAR,
                outline=style.OUTLINE,
                width=round(1.5 * k),
            )
        else:
            triangle = [(b / 2, 0), (b, b), (0, b)]
            draw.polygon(
                [(x * k, y * k) for x, y in triangle],
                fill=style.SIGHTING,
                outline=style.OUTLINE,
                width=round(1.5 * k),
            )

    image = zoomed(b, b, paint, zoom)
    y = b // 2 + (2 if kind is MarkerKind.ALIEN_SIGHTING else 0)
    write(image, zoom, (b // 2, y), text, style.BADGE_TEXT_SIZE, style.CREW_TEXT)
    return image


def _lettered(
    size: int,
    fill: style.RGB,
    text: str,
    text_size: int,
    ink: style.RGB,
    zoom: int,
    *,
    square: bool,
) -> Image.Image:
    """A variant's marker: a disc (or a square) ringed in white with a letter or digit."""

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        shape = draw.rectangle if square else draw.ellipse
        shape(
            scaled((1, 1, size - 1, size - 1), k), fill=fill, outline=style.WALL, width=round(2 * k)
        )

    image = zoomed(size, size, paint, zoom)
    write(image, zoom, (size // 2, size // 2), text, text_size, ink)
    return image


@lru_cache(maxsize=4)
def noise_marker(zoom: int = 1) -> Image.Image:
    """A noise marker on a door (the noise variant): an orange disc ringed in white,
    with "N", laid over the middle of the door."""
    return _lettered(
        style.BADGE, style.SIGHTING, "N", style.BADGE_TEXT_SIZE, style.OUTLINE, zoom, square=False
    )


@lru_cache(maxsize=8)
def emergency_marker(text: str, zoom: int = 1) -> Image.Image:
    """An emergency on its room (the emergencies variant): a red square ringed in white
    with its level ("1" to "3"), or "X" once its room is compromised."""
    size, letters = style.BADGE + 4, style.BADGE_TEXT_SIZE + 2
    return _lettered(size, style.NEXUS_DAMAGED, text, letters, style.WALL, zoom, square=True)


@lru_cache(maxsize=4)
def raid_marker(zoom: int = 1) -> Image.Image:
    """A damaged room (the raids variant): a red disc ringed in white, with "R", in the
    corner of the room's first grid."""
    return _lettered(
        style.BADGE, style.INJURED, "R", style.BADGE_TEXT_SIZE, style.OUTLINE, zoom, square=False
    )


@lru_cache(maxsize=16)
def reaction_marker(number: int, zoom: int = 1) -> Image.Image:
    """The active reaction card (the reactions variant): a dark disc ringed in white
    with the card's number in W.3 in red, by the counter of the alien that drew it."""
    return _lettered(
        style.BADGE + 4,
        style.OUTLINE,
        str(number),
        style.BADGE_TEXT_SIZE,
        style.INJURED,
        zoom,
        square=False,
    )


@lru_cache(maxsize=8)
def halon_marker(text: str, charged: bool, zoom: int = 1) -> Image.Image:
    """The fire suppression panel on the Command Deck (the halon variant): a square ringed
    in white with "H" and the purges left, cyan while charged, grey once spent."""
    size = style.BADGE + 4
    fill = style.LIFT if charged else style.TEXT_MUTED
    return _lettered(size, fill, text, style.BADGE_TEXT_SIZE, style.OUTLINE, zoom, square=True)


@lru_cache(maxsize=32)
def count_badge(count: int, zoom: int = 1, size: int = style.BADGE + 4) -> Image.Image:
    """How many units share a grid (C.6): a white disc ``size`` pixels wide (1x units)
    with the number; their names go in the alt text and a close-up's key."""

    small = size < style.BADGE  # a sub-cell of a grid five or more units share

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        draw.ellipse(
            scaled((1, 1, size - 1, size - 1), k) if not small else scaled((0, 0, size, size), k),
            fill=style.TEXT,
            outline=style.OUTLINE,
            width=round((1 if small else 2) * k),
        )

    image = zoomed(size, size, paint, zoom)
    text_size = size * 3 // 4 if small else style.BADGE_TEXT_SIZE + 2
    write(image, zoom, (size // 2, size // 2), str(count), text_size, style.OUTLINE)
    return image


@lru_cache(maxsize=2)
def sighting_ping(zoom: int = 1) -> Image.Image:
    """Rings around a grid where a pipe-running alien gave itself away."""
    c = style.CELL

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        for inset, width in ((1, 3), (7, 2)):
            draw.ellipse(
                scaled((inset, inset, c - inset, c - inset), k),
                outline=style.SIGHTING,
                width=round(width * k),
            )

    return zoomed(c, c, paint, zoom)


@lru_cache(maxsize=16)
def launched_pod(label: str, zoom: int = 1) -> Image.Image:
    """A launched life pod (E.2.4): the pod grid is empty space now, outlined
    in dashes, "GONE" under its name ("LAUNCHED" is too wide to read in a grid)."""
    c = style.CELL

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        wall = style.WALL_W // 2 + 1  # leave the pod's walls standing
        draw.rectangle(scaled((wall, wall, c - wall, c - wall), k), fill=style.SPACE)
        lo, hi = (wall + 2) * k, (c - wall - 2) * k
        square = [(lo, lo), (hi, lo), (hi, hi), (lo, hi)]
        _dashed_outline(draw, square, style.TEXT_MUTED, 2 * k, 4 * k)

    image = zoomed(c, c, paint, zoom)
    write(image, zoom, (c // 2, c // 2 - 7), label, 11, style.TEXT_MUTED)
    write(image, zoom, (c // 2, c // 2 + 8), "GONE", 11, style.TEXT)
    return image


def title_bar(width: int, title: str, viewer: str, ship_name: str) -> Image.Image:
    """The view's title on the left; whose map of which ship on the right."""
    bar = Image.new("RGBA", (width, style.TITLE_H), (*style.TITLE_BG, 255))
    draw = ImageDraw.Draw(bar)
    middle = style.TITLE_H // 2
    right = f"{ship_name}  ·  {viewer} map"
    subtitle = font(style.SUBTITLE_SIZE)
    draw.text((width - style.PAD, middle), right, font=subtitle, fill=style.TEXT_MUTED, anchor="rm")
    room = width - 3 * style.PAD - text_width(right, style.SUBTITLE_SIZE)
    text = truncate(title, room, style.TITLE_SIZE)
    draw.text((style.PAD, middle), text, font=font(style.TITLE_SIZE), fill=style.TEXT, anchor="lm")
    return bar
