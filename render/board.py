"""Draw one :class:`BoardView` over the ship: the public face of ``render``.

A render copies the cached static picture of the ship (render.static_layer)
and pastes only what the view holds: door states, markers, the alien's path and
the units. Nothing here reads game state; a view that leaves something out
(a pipe-running alien on a crew map) gets a picture without it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from functools import partial

from PIL import Image

from engine.board.grid import Grid
from engine.board.ship import TAG_COMMAND_DECK, DoorState, Ship
from engine.board_view import BoardView, MarkerKind, MarkerView, UnitView
from render import style
from render.doors import door_span
from render.frame import Frame
from render.icons import NexusLook, door_bar, locker_icon, nexus_icon
from render.layout import Point, crowd_slots
from render.looks import CounterLook, badge_text
from render.overlays import draw_path, searched_mask
from render.pieces import (
    badge,
    count_badge,
    counter,
    emergency_marker,
    halon_marker,
    launched_pod,
    noise_marker,
    raid_marker,
    reaction_marker,
    sighting_ping,
    title_bar,
)
from render.png import encode
from render.room_labels import short_name
from render.static_layer import static_layer

# Markers drawn over the feature they belong to, filling its outline.
_CENTRE_MARKERS: dict[MarkerKind, Callable[[], Image.Image]] = {
    MarkerKind.LOCKER: partial(locker_icon, True),
    MarkerKind.NEXUS: partial(nexus_icon, NexusLook.MARKER),
    MarkerKind.NEXUS_DAMAGED: partial(nexus_icon, NexusLook.DAMAGED),
}
_BADGE_MARKERS = (MarkerKind.SUPPLIES, MarkerKind.GEAR)


def render_board(view: BoardView, ship: Ship) -> Image.Image:
    """The map of ``ship`` as ``view`` shows it: a paletted ("P") picture.

    Deterministic and safe to call from several threads at once."""
    return _compose(view, ship).image


def render_png(view: BoardView, ship: Ship) -> bytes:
    """The map as PNG bytes, ready to attach to a Discord message: the same
    pixels as ``render_board``, compressing again only the rows pieces touch."""
    frame = _compose(view, ship)
    layer = frame.layer
    return encode(frame.image, layer.palette_bytes, layer.bands, frame.dirty)


def _compose(view: BoardView, ship: Ship) -> Frame:
    """Copy the static ship and draw the view's pieces, bottom layer first."""
    frame = Frame(static_layer(ship))
    markers = _by_kind(view.markers)
    for marker in markers[MarkerKind.SEARCHED]:
        frame.stencil(style.SEARCHED, _origin(frame, marker.grid), searched_mask())
    _draw_launched_pods(frame, ship, markers[MarkerKind.POD_LAUNCHED])
    for kind, icon in _CENTRE_MARKERS.items():
        for marker in markers[kind]:
            frame.sprite(("centre", kind), icon, _origin(frame, marker.grid))
    _draw_doors(frame, ship, view)
    _draw_noise(frame, ship, view)
    _draw_emergencies(frame, ship, view)
    for grid in view.raided:  # the raids variant's damaged rooms
        frame.sprite("raid", raid_marker, _origin(frame, grid))
    _draw_halon(frame, ship, view)
    _draw_path(frame, view.path)
    for marker in markers[MarkerKind.ALIEN_SIGHTING]:
        x, y = _origin(frame, marker.grid)
        frame.sprite("ping", sighting_ping, (x, y))
        sign = partial(badge, MarkerKind.ALIEN_SIGHTING, "!")
        frame.sprite(("badge", MarkerKind.ALIEN_SIGHTING), sign, (x + 2, y + 2))
    _draw_units(frame, view.units)
    for grid, number in view.reacting:  # the reactions variant's active card
        _, _, x1, y1 = frame.layer.layout.grid_box(grid)
        at = (x1 - style.BADGE - 5, y1 - style.BADGE - 5)
        frame.sprite(("reaction", number), partial(reaction_marker, number), at)
    _draw_badges(frame, view.markers)
    width = frame.layer.layout.width
    title = partial(title_bar, width, view.title, view.viewer, ship.name)
    frame.sprite(("title", view.title, view.viewer), title, (0, 0))
    return frame


def _by_kind(markers: Iterable[MarkerView]) -> defaultdict[MarkerKind, list[MarkerView]]:
    grouped: defaultdict[MarkerKind, list[MarkerView]] = defaultdict(list)
    for marker in markers:
        grouped[marker.kind].append(marker)
    return grouped


def _origin(frame: Frame, grid: Grid) -> Point:
    x0, y0, _, _ = frame.layer.layout.grid_box(grid)
    return (x0, y0)


def _draw_launched_pods(frame: Frame, ship: Ship, markers: list[MarkerView]) -> None:
    for marker in markers:
        label = short_name(ship.region_of(marker.grid))
        frame.sprite(("pod", label), partial(launched_pod, label), _origin(frame, marker.grid))


def _draw_doors(frame: Frame, ship: Ship, view: BoardView) -> None:
    """A bar across each door that is not open (C.4.3): one bar for all six
    grids of a Cargo Hold door."""
    half = style.DOOR_BAR_W // 2
    for door_id, state in sorted(view.doors.items()):
        if state is DoorState.OPEN:
            continue
        (x0, y0, x1, y1), vertical = door_span(frame.layer.layout, ship, ship.doors[door_id])
        length = (y1 - y0) if vertical else (x1 - x0)
        at = (x0 - half, y0) if vertical else (x0, y0 - half)
        bar = partial(door_bar, state, length, vertical)
        frame.sprite(("door", state, length, vertical), bar, at)


def _draw_noise(frame: Frame, ship: Ship, view: BoardView) -> None:
    """A noise marker over the middle of each door that holds one (the noise variant)."""
    half = style.BADGE // 2
    for door_id in view.noise:
        (x0, y0, x1, y1), _ = door_span(frame.layer.layout, ship, ship.doors[door_id])
        at = ((x0 + x1) // 2 - half, (y0 + y1) // 2 - half)
        frame.sprite("noise", noise_marker, at)


def _draw_emergencies(frame: Frame, ship: Ship, view: BoardView) -> None:
    """Each turned-up emergency on its room (the emergencies variant): its level, or X
    for a compromised room, in the room's top right grid; several in one room side by
    side."""
    size = style.BADGE + 4
    placed: dict[str, int] = {}
    for room, level, critical in view.emergencies:
        grids = ship.regions[room].grids
        corner = min(grids, key=lambda g: (g.row, -g.col))
        _, y0, x1, _ = frame.layer.layout.grid_box(corner)
        shift = placed.get(room, 0)
        placed[room] = shift + 1
        text = "X" if critical else str(level)
        at = (x1 - size - 1 - shift * (size + 1), y0 + 1)
        frame.sprite(("emergency", text), partial(emergency_marker, text), at)


def _draw_halon(frame: Frame, ship: Ship, view: BoardView) -> None:
    """The fire suppression panel (the halon variant): "H" and the purges left in the
    Command Deck's bottom left grid, cyan while charged, grey once spent."""
    if view.halon is None:
        return
    charged, left = view.halon
    deck = ship.region_tagged(TAG_COMMAND_DECK).grids
    corner = min(deck, key=lambda g: (-g.row, g.col))
    x0, _, _, y1 = frame.layer.layout.grid_box(corner)
    size = style.BADGE + 4
    text = f"H{left}"
    at = (x0 + 1, y1 - size - 1)
    frame.sprite(("halon", text, charged), partial(halon_marker, text, charged), at)


def _path_runs(frame: Frame, path: tuple[Grid, ...]) -> list[list[Point]]:
    """The route as runs of grid centres, broken where it changes deck."""
    runs: list[list[Point]] = []
    previous: Grid | None = None
    for grid in path:
        x0, y0, x1, y1 = frame.layer.layout.grid_box(grid)
        if previous is None or previous.deck != grid.deck:
            runs.append([])
        runs[-1].append(((x0 + x1) // 2, (y0 + y1) // 2))
        previous = grid
    return runs


def _draw_path(frame: Frame, path: tuple[Grid, ...]) -> None:
    if not path:
        return
    runs = _path_runs(frame, path)
    ys = [y for run in runs for _, y in run]
    reach = 3 * style.PATH_DOT
    pen = frame.draw((0, min(ys) - reach, frame.image.width, max(ys) + reach + 1))
    draw_path(pen, runs, frame.ink(style.PATH))


def _draw_units(frame: Frame, units: tuple[UnitView, ...]) -> None:
    """One counter a unit; a grid several units share (C.6) shows their number in a
    badge and each unit as a small counter whose shape and marks carry its side and
    state (the names are in the alt text and the close-ups)."""
    by_grid: dict[Grid, list[UnitView]] = defaultdict(list)
    for unit in units:
        by_grid[unit.grid].append(unit)
    for grid, here in by_grid.items():
        tag, slots = crowd_slots(frame.layer.layout.grid_box(grid), len(here))
        if tag is not None:
            number, size = len(here), tag[2] - tag[0]
            disc = partial(count_badge, number, 1, size)
            frame.sprite(("count", number, size), disc, tag[:2])
        for unit, slot in zip(here, slots, strict=True):
            look, size = CounterLook.of(unit), slot[2] - slot[0]
            frame.sprite(("unit", look, size), partial(counter, look, size), slot[:2])


def _draw_badges(frame: Frame, markers: tuple[MarkerView, ...]) -> None:
    """Supplies and gear in a row from the grid's bottom-right corner, over
    any units there."""
    placed: dict[Grid, int] = defaultdict(int)
    step = style.BADGE + 1
    for marker in markers:
        if marker.kind not in _BADGE_MARKERS:
            continue
        _, _, x1, y1 = frame.layer.layout.grid_box(marker.grid)
        placed[marker.grid] += 1
        at = (x1 - 2 - placed[marker.grid] * step, y1 - 2 - style.BADGE)
        text = badge_text(marker.kind, marker.label)
        frame.sprite(("badge", marker.kind, text), partial(badge, marker.kind, text), at)
