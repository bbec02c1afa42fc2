"""Helpers for tests that edit the real floorplan text."""

from __future__ import annotations

import re

from engine.board.floorplan import DEFAULT_SHIP_PATH, parse_floorplan
from engine.board.grid import Grid
from engine.board.ship import Ship

SHIP_TEXT = DEFAULT_SHIP_PATH.read_text(encoding="utf-8")
_ROW = re.compile(r"^(\s*\d+\s+)(\S+)(\s+)(\S+)")


def row_line_index(lines: list[str], grid: Grid) -> int:
    """Index in ``lines`` of the text row that draws ``grid``."""
    deck_start = lines.index(f"deck {grid.deck}")
    return deck_start + 2 + grid.row


def edit_grid(text: str, grid: Grid, *, room: str | None = None, feature: str | None = None) -> str:
    """The floorplan text with one grid's room and/or feature character replaced."""
    lines = text.splitlines()
    index = row_line_index(lines, grid)
    line = lines[index]
    match = _ROW.match(line)
    assert match is not None
    chars = list(line)
    if room is not None:
        chars[match.start(2) + grid.col] = room
    if feature is not None:
        chars[match.start(4) + grid.col] = feature
    lines[index] = "".join(chars)
    return "\n".join(lines) + "\n"


def ship_from(text: str) -> Ship:
    return parse_floorplan(text, source="ship.txt")
