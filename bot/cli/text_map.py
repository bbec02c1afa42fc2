"""A compact text map of the three decks, drawn from a :class:`BoardView` only.

One character a grid, the decks side by side, rows numbered and columns lettered as
on the rendered picture (``1-F6`` is deck 1, column F, row 6). Units, markers and
doors that are not open come only from the view, so the map shows exactly what the
viewer may see.
"""

from __future__ import annotations

from engine.board.grid import COLUMN_LETTERS, Grid
from engine.board.ship import DoorState, Ship
from engine.board_view import BoardView, MarkerKind, UnitSide, UnitView

FLOOR = "."
OBSTRUCTED = "#"
OUTSIDE = " "

MARKER_SYMBOLS: dict[MarkerKind, str] = {
    MarkerKind.SUPPLIES: "$",
    MarkerKind.GEAR: "%",
    MarkerKind.LOCKER: "L",
    MarkerKind.NEXUS: "N",
    MarkerKind.NEXUS_DAMAGED: "n",
    MarkerKind.POD_LAUNCHED: "P",
    MarkerKind.ALIEN_SIGHTING: "!",
    MarkerKind.SEARCHED: ":",
}
DOOR_SYMBOLS: dict[DoorState, str] = {
    DoorState.CLOSED: "=",
    DoorState.SEALED: "&",
    DoorState.SMASHED: "/",
}
# marker kinds drawn over others in the same grid (first wins)
_MARKER_ORDER = list(MARKER_SYMBOLS)

LEGEND = (
    "@ crew  + cadaver  X alien (x: pipe-running, seen only by the alien)  "
    "$ supplies  % gear  L locker  N nexus  n damaged nexus  P launched pod  "
    "! sighting  : searched  = closed door  & sealed  / smashed  # obstructed"
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
    for unit in sorted(board.units, key=lambda u: (u.side is UnitSide.ALIEN, not u.deceased)):
        cells[unit.grid] = unit_symbol(unit)  # a live unit is drawn over a cadaver
    return cells


def text_map(board: BoardView, ship: Ship) -> list[str]:
    """The decks side by side, then who stands where and which doors are not open."""
    cells = _cells(board, ship)
    decks = [ship.decks[number] for number in sorted(ship.decks)]
    height = max(deck.height for deck in decks)
    gap = "   "
    header = "   " + gap.join(f"Deck {deck.number}".ljust(deck.width) for deck in decks).rstrip()
    letters = "   " + gap.join(COLUMN_LETTERS[: deck.width] for deck in decks)
    lines = [header, letters]
    for row in range(height):
        parts = []
        for deck in decks:
            chars = []
            for col in range(deck.width):
                grid = Grid(deck.number, col, row)
                if grid not in ship:
                    chars.append(OUTSIDE)
                elif grid in cells:
                    chars.append(cells[grid])
                else:
                    chars.append(OBSTRUCTED if ship.is_obstructed(grid) else FLOOR)
            parts.append("".join(chars))
        lines.append(f"{row + 1:>2} " + gap.join(parts).rstrip())
    units = [
        f"{unit_symbol(u)} {u.label}{' (active)' if u.active else ''} {u.grid}"
        for u in sorted(board.units, key=lambda u: (u.side.value, u.grid))
    ]
    if units:
        lines.append("units: " + ", ".join(units))
    doors = [f"{door} {state.value}" for door, state in sorted(board.doors.items())]
    if doors:
        lines.append("doors not open: " + ", ".join(doors))
    if board.path:
        lines.append("secret route: " + " ".join(str(g) for g in board.path))
    return lines
