"""The key under the decks: every symbol the map uses, drawn the same way.

It also puts every kind of counter and marker into the static picture, whose
colours become the palette (render.palette): the anti-aliased shades of a
counter drawn later are already there.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from engine.board.ship import DoorState
from engine.board_view import MarkerKind, UnitSide
from render import style
from render.fonts import fit, font, line_height
from render.icons import (
    NexusLook,
    bed_icon,
    door_bar,
    hatch_icon,
    hatching_tile,
    lift_icon,
    locker_icon,
    nexus_icon,
    paste_icon,
)
from render.layout import Box, crowd_slots
from render.looks import CounterLook
from render.overlays import draw_path, searched_mask
from render.pieces import (
    badge,
    count_badge,
    counter,
    launched_pod,
    sighting_ping,
)

COORDINATE_HINT = "KEY  ·  grids read deck-column-row: 1-F6 is Deck 01, column F, row 6"

Sample = Callable[[], Image.Image]


def _floor() -> Image.Image:
    c = style.CELL
    cell = Image.new("RGB", (c, c), style.ROOM_FLOOR)
    ImageDraw.Draw(cell).rectangle((0, 0, c, c), outline=style.GRID_LINE)
    return cell


def _on_floor(icon: Image.Image, at: tuple[int, int] = (0, 0)) -> Image.Image:
    cell = _floor()
    paste_icon(cell, icon, at)
    return cell


def _wall(gap: int) -> Image.Image:
    """A wall across the grid with a ``gap`` in its middle, as a door is."""
    cell = _floor()
    c, h = style.CELL, style.WALL_W // 2
    draw = ImageDraw.Draw(cell)
    ends = ((0, (c - gap) // 2 + h), ((c + gap) // 2 - h, c)) if gap else ((0, c),)
    for x0, x1 in ends:
        draw.rectangle((x0, c // 2 - h, x1 - 1, c // 2 + h), fill=style.WALL)
    return cell


def _door(state: DoorState) -> Image.Image:
    gap = 28
    cell = _wall(gap)
    if state is DoorState.OPEN:
        c = style.CELL
        draw = ImageDraw.Draw(cell)
        for x in range((c - gap) // 2 + 4, (c + gap) // 2 - 4, 12):
            draw.line((x, c // 2, x + 6, c // 2), fill=style.DOOR_OPEN, width=2)
        return cell
    bar = door_bar(state, gap, vertical=False)
    paste_icon(cell, bar, ((style.CELL - gap) // 2, (style.CELL - style.DOOR_BAR_W) // 2))
    return cell


def _obstructed() -> Image.Image:
    return hatching_tile(0).copy()


def _unit(look: CounterLook) -> Image.Image:
    inset = style.COUNTER_INSET
    return _on_floor(counter(look, style.CELL - 2 * inset), (inset, inset))


def _marker(kind: MarkerKind, text: str) -> Image.Image:
    b = style.BADGE
    return _on_floor(badge(kind, text), ((style.CELL - b) // 2, (style.CELL - b) // 2))


def _crowd() -> Image.Image:
    """Three units in one grid: the count, then a small counter each (C.6)."""
    cell = _floor()
    tag, slots = crowd_slots((0, 0, style.CELL, style.CELL), 3)
    assert tag is not None
    paste_icon(cell, count_badge(3, 1, tag[2] - tag[0]), tag[:2])
    looks = (
        CounterLook("Hyun", UnitSide.CREW),
        CounterLook("Ortiz", UnitSide.CREW, injured=True),
        CounterLook("Larva", UnitSide.ALIEN),
    )
    for look, slot in zip(looks, slots, strict=True):
        paste_icon(cell, counter(look, slot[2] - slot[0]), slot[:2])
    return cell


def _sighting() -> Image.Image:
    cell = _on_floor(sighting_ping())
    paste_icon(cell, badge(MarkerKind.ALIEN_SIGHTING, "!"), (2, 2))
    return cell


def _searched() -> Image.Image:
    cell = _floor()
    cell.paste(style.SEARCHED, (0, 0), searched_mask())
    return cell


def _path() -> Image.Image:
    cell = _floor()
    c = style.CELL
    draw_path(ImageDraw.Draw(cell), [[(8, c - 8), (8, c // 2), (c - 10, c // 2)]], style.PATH)
    return cell


ITEMS: tuple[tuple[str, Sample], ...] = (
    ("Wall", lambda: _wall(0)),
    ("Open door", lambda: _door(DoorState.OPEN)),
    ("Closed door", lambda: _door(DoorState.CLOSED)),
    ("Smashed door (passable)", lambda: _door(DoorState.SMASHED)),
    ("Sealed door", lambda: _door(DoorState.SEALED)),
    ("Obstructed: humans pay 2", _obstructed),
    ("Lift: 1 action a deck", lambda: _on_floor(lift_icon("A"))),
    ("Hatch: arrow = its deck", lambda: _on_floor(hatch_icon("C", True))),
    ("Locker (filled: unopened)", lambda: _on_floor(locker_icon(True))),
    ("Nexus (filled: marker)", lambda: _on_floor(nexus_icon(NexusLook.MARKER))),
    ("Nexus, damaged", lambda: _on_floor(nexus_icon(NexusLook.DAMAGED))),
    ("Bed", lambda: _on_floor(bed_icon())),
    ("Launched pod", lambda: _on_floor(launched_pod("POD 1"))),
    ("Crew", lambda: _unit(CounterLook("Hyun", UnitSide.CREW))),
    ("Injured", lambda: _unit(CounterLook("Ortiz", UnitSide.CREW, injured=True))),
    ("Unconscious", lambda: _unit(CounterLook("Okeke", UnitSide.CREW, unconscious=True))),
    ("Cadaver", lambda: _unit(CounterLook("Lee", UnitSide.CREW, deceased=True))),
    ("Active: acting now", lambda: _unit(CounterLook("Hyun", UnitSide.CREW, active=True))),
    ("Alien", lambda: _unit(CounterLook("Larva", UnitSide.ALIEN))),
    ("Alien, pipe-running", lambda: _unit(CounterLook("Larva", UnitSide.ALIEN, hidden=True))),
    ("Shared grid: how many units", _crowd),
    ("Alien path", _path),
    ("Alien sighting", _sighting),
    ("Supplies", lambda: _marker(MarkerKind.SUPPLIES, "S")),
    ("Gear", lambda: _marker(MarkerKind.GEAR, "G")),
    ("Searched", _searched),
)


def draw_legend(image: Image.Image, box: Box) -> None:
    if len(ITEMS) > style.LEGEND_COLUMNS * style.LEGEND_ROWS:
        raise ValueError("the legend has more items than style.LEGEND_ROWS allows")
    draw = ImageDraw.Draw(image)
    x0, y0, x1, _ = box
    draw.text(
        (x0, y0 + style.LEGEND_HEADER_H // 2),
        COORDINATE_HINT,
        font=font(style.SUBTITLE_SIZE),
        fill=style.TEXT_MUTED,
        anchor="lm",
    )
    column_w = (x1 - x0) // style.LEGEND_COLUMNS
    for i, (text, sample) in enumerate(ITEMS):
        row, col = divmod(i, style.LEGEND_COLUMNS)
        x = x0 + col * column_w
        y = y0 + style.LEGEND_HEADER_H + row * style.LEGEND_ROW_H
        image.paste(sample(), (x, y))
        _write(draw, text, (x + style.CELL + 6, y, x + column_w - 4, y + style.CELL))


def _write(draw: ImageDraw.ImageDraw, text: str, box: Box) -> None:
    x0, y0, x1, y1 = box
    size, lines = fit(text, x1 - x0, y1 - y0, (style.LEGEND_TEXT_SIZE, 14, 13, 12))
    step = line_height(size)
    top = (y0 + y1) / 2 - step * len(lines) / 2
    for i, line in enumerate(lines):
        draw.text((x0, top + i * step), line, font=font(size), fill=style.TEXT_MUTED)
