"""A compact text map of the three decks, drawn from a :class:`BoardView` only.

One character a grid, the decks side by side within 80 columns, rows numbered and
columns lettered as on the rendered picture (``1-F6`` is deck 1, column F, row 6).
Room names are written into each room's floor in lower case (a space is a ``.``
of floor): in full where they fit, else a short code the key under the map spells
out. Units, markers and doors that are not open come only from the view, so the map
shows exactly what the viewer may see; they are drawn over the names.
"""

from __future__ import annotations

import textwrap
from collections.abc import Collection

from engine.board.grid import COLUMN_LETTERS, Grid
from engine.board.ship import DoorState, Region, RegionKind, Ship
from engine.board_view import BoardView, MarkerKind, UnitSide, UnitView

WIDTH = 80  # a terminal's columns: nothing printed is wider
FLOOR = "."
OBSTRUCTED = "#"
OUTSIDE = " "
GAP = "  "  # between two decks
ROW_LABEL = 3  # "12 "

MARKER_SYMBOLS: dict[MarkerKind, str] = {
    MarkerKind.SUPPLIES: "$",
    MarkerKind.GEAR: "%",
    MarkerKind.LOCKER: "L",
    MarkerKind.NEXUS: "N",
    MarkerKind.NEXUS_DAMAGED: "*",
    MarkerKind.POD_LAUNCHED: "P",
    MarkerKind.ALIEN_SIGHTING: "!",
    MarkerKind.SEARCHED: ":",
}
DOOR_SYMBOLS: dict[DoorState, str] = {
    DoorState.CLOSED: "=",
    DoorState.SEALED: "&",
    DoorState.SMASHED: "/",
}
NOISE = "~"  # the noise variant's marker on a door
RAIDED = "R"  # the raids variant's damaged room
# marker kinds drawn over others in the same grid (first wins)
_MARKER_ORDER = list(MARKER_SYMBOLS)

LEGEND = (
    "@ crew  + cadaver  X alien (x: pipe-running, seen only by the alien)  "
    "$ supplies  % gear  L locker  N nexus  * damaged nexus  P launched pod  "
    "! sighting  : searched  = closed door  & sealed  / smashed  # obstructed  "
    "~ noise marker  1-3 emergency level (C: compromised room)  R raided room  "
    "lower-case words: room names (the key under the map spells out short ones)"
)


def unit_symbol(unit: UnitView) -> str:
    if unit.side is UnitSide.ALIEN:
        return "x" if unit.hidden else "X"
    return "+" if unit.deceased else "@"


def _cells(board: BoardView, ship: Ship) -> dict[Grid, str]:
    """What stands in each grid: a unit over a marker over a door over the floor."""
    cells: dict[Grid, str] = {}
    for door_id, state in board.doors.items():
        door = ship.doors.get(door_id)
        symbol = DOOR_SYMBOLS.get(state)
        if door is None or symbol is None:
            continue
        for grid in door.doorway_grids:
            if grid in ship:
                cells[grid] = symbol
    ranked = sorted(board.markers, key=lambda m: _MARKER_ORDER.index(m.kind), reverse=True)
    for marker in ranked:
        cells[marker.grid] = MARKER_SYMBOLS[marker.kind]
    cells.update(_variant_cells(board, ship, cells))
    for unit in sorted(board.units, key=lambda u: (u.side is UnitSide.ALIEN, not u.deceased)):
        cells[unit.grid] = unit_symbol(unit)  # a live unit is drawn over a cadaver
    return cells


def _variant_cells(board: BoardView, ship: Ship, taken: Collection[Grid]) -> dict[Grid, str]:
    """The variants' public marks (README, "Variants"): a noise marker on both grids of
    its doorway (over the door's state, which the list under the map still gives); each
    emergency's level, or C once its room is compromised, and an R on a raided room, in
    the room's first free grids from its top right, as the picture draws them."""
    cells = {grid: NOISE for door_id in board.noise for grid in _doorway(ship, door_id)}
    used = set(taken) | set(cells)
    marks = [(room, "C" if critical else str(level)) for room, level, critical in board.emergencies]
    marks += [(ship.region_of(grid).key, RAIDED) for grid in board.raided]
    for room, symbol in marks:
        free = [g for g in ship.regions[room].grids if g not in used and not ship.is_obstructed(g)]
        if free:
            corner = min(free, key=lambda g: (g.row, -g.col))
            cells[corner] = symbol
            used.add(corner)
    return cells


def _doorway(ship: Ship, door_id: str) -> list[Grid]:
    door = ship.doors.get(door_id)
    return [g for g in door.doorway_grids if g in ship] if door is not None else []


# --- room names ---------------------------------------------------------------------


def _runs(ship: Ship, region: Region, taken: Collection[Grid]) -> list[tuple[int, Grid]]:
    """Where the region's name may go: each row's runs of open, featureless grids with
    nothing drawn on them, as (length, first grid); longest first, middle rows before
    edge rows."""
    plain = {
        g
        for g in region.grids
        if ship.cells[g].feature is None and not ship.is_obstructed(g) and g not in taken
    }
    rows = sorted({g.row for g in plain})
    middle = (rows[0] + rows[-1]) / 2 if rows else 0
    runs = []
    for grid in plain:
        if grid.shifted(-1, 0) in plain:
            continue
        length = 1
        while grid.shifted(length, 0) in plain:
            length += 1
        runs.append((length, grid))
    return sorted(runs, key=lambda r: (-r[0], abs(r[1].row - middle), r[1].row, r[1].col))


def room_word(region: Region, room: int, initials: bool = False) -> str:
    """What fits of the region's name in ``room`` grids: the whole name (spaces as
    floor), else a short code: a life pod its number, "ca3" for Cabin 3, the first
    word ("middle" for Middle Corridor) or, if that does not fit or ``initials``, the
    initials ("iq" for Infirmary Quarantine); one word its first letters (at most 5)."""
    name = region.name.casefold()
    words = name.split()
    if region.kind is RegionKind.POD:
        return words[-1][:room]
    if len(name) <= room:
        return name.replace(" ", FLOOR)
    if len(words) > 1 and not words[-1].isalpha():
        return (words[0][: room - len(words[-1])] + words[-1])[:room]
    if len(words) > 1:
        fits = len(words[0]) <= room and not initials
        return words[0] if fits else "".join(w[0] for w in words)[:room]
    return name[: min(room, 5)]


def room_labels(
    ship: Ship, deck: int, taken: Collection[Grid] = ()
) -> tuple[dict[Grid, str], list[str]]:
    """The letters of each room's word on ``deck``, and the key of the shortened ones
    ("rr Reactor Room"). A word stays off the ``taken`` grids (where a unit, marker or
    door is drawn) and, where the room allows, off the grids beside another word, so
    two names never run together; a first word that another room's name also is gives
    way to initials (Lab Quarantine is "lq" beside the "lab")."""
    regions = [r for r in ship.regions.values() if r.deck == deck]
    runs = {r.key: _runs(ship, r, taken) for r in regions}
    names = {r.name.casefold().replace(" ", FLOOR) for r in regions}
    letters: dict[Grid, str] = {}
    key: list[tuple[str, str]] = []
    for region in regions:
        if not runs[region.key]:
            continue
        first_word = region.name.casefold().split()[0]
        initials = first_word in names and first_word != region.name.casefold()
        spans = [_span(region, run, initials) for run in runs[region.key]]
        word, at = next((s for s in spans if _apart(s, letters)), spans[0])
        for i, letter in enumerate(word):
            letters[at.shifted(i, 0)] = letter
        if word.replace(FLOOR, " ") != region.name.casefold():
            key.append((word, region.name))
    return letters, [f"{word} {name}" for word, name in sorted(key)]


def _span(region: Region, run: tuple[int, Grid], initials: bool) -> tuple[str, Grid]:
    """The word for a run, and the grid its first letter goes in (centred)."""
    room, first = run
    word = room_word(region, room, initials)
    return word, first.shifted((room - len(word)) // 2, 0)


def _apart(span: tuple[str, Grid], letters: Collection[Grid]) -> bool:
    word, at = span
    return at.shifted(-1, 0) not in letters and at.shifted(len(word), 0) not in letters


# --- the map --------------------------------------------------------------------------


def text_map(board: BoardView, ship: Ship) -> list[str]:
    """The decks side by side, the key of room names, then who stands where and which
    doors are not open; no line wider than :data:`WIDTH`."""
    cells = _cells(board, ship)
    decks = [ship.decks[number] for number in sorted(ship.decks)]
    labels = {deck.number: room_labels(ship, deck.number, cells) for deck in decks}
    height = max(deck.height for deck in decks)
    pad = " " * ROW_LABEL
    header = pad + GAP.join(f"Deck {deck.number}".ljust(deck.width) for deck in decks)
    letters = pad + GAP.join(COLUMN_LETTERS[: deck.width] for deck in decks)
    lines = [header.rstrip(), letters]
    for row in range(height):
        parts = []
        for deck in decks:
            names = labels[deck.number][0]
            chars = []
            for col in range(deck.width):
                grid = Grid(deck.number, col, row)
                if grid not in ship:
                    chars.append(OUTSIDE)
                elif grid in cells:
                    chars.append(cells[grid])
                elif grid in names:
                    chars.append(names[grid])
                else:
                    chars.append(OBSTRUCTED if ship.is_obstructed(grid) else FLOOR)
            parts.append("".join(chars))
        lines.append(f"{row + 1:>2} " + GAP.join(parts).rstrip())
    for deck in decks:
        key = labels[deck.number][1]
        if key:
            lines += _wrapped(f"Deck {deck.number}: ", ", ".join(key))
    units = [
        f"{unit_symbol(u)} {u.label}{' (active)' if u.active else ''} {u.grid}"
        for u in sorted(board.units, key=lambda u: (u.side.value, u.grid))
    ]
    if units:
        lines += _wrapped("units: ", ", ".join(units))
    doors = [f"{door} {state.value}" for door, state in sorted(board.doors.items())]
    if doors:
        lines += _wrapped("doors not open: ", ", ".join(doors))
    if board.path:
        lines += _wrapped("secret route: ", " ".join(str(g) for g in board.path))
    return lines


def _wrapped(head: str, text: str) -> list[str]:
    return textwrap.wrap(
        head + text, WIDTH, subsequent_indent="  ", break_on_hyphens=False, break_long_words=False
    )
