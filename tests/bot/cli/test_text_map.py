"""The terminal's text map: within 80 columns, with the rooms' names."""

from __future__ import annotations

from bot.cli.text_map import FLOOR, LEGEND, WIDTH, room_labels, text_map
from engine.board.grid import Grid
from engine.board.ship import Ship
from engine.board_view import BoardView, UnitSide, UnitView
from engine.game import Game
from engine.views import view


def _played() -> Game:
    game = Game.new(5)
    game.play("crew", "quick")
    game.play("alien", "quick")
    return game


def test_the_text_map_fits_an_80_column_terminal() -> None:
    game = _played()
    for viewer in ("crew", "alien", "spectator", "referee"):
        lines = text_map(view(game.state, viewer, game.ship, game.content).board, game.ship)
        assert max(len(line) for line in lines) <= WIDTH == 80


def test_every_room_is_named_in_its_floor_or_in_the_key() -> None:
    game = _played()
    lines = text_map(view(game.state, "crew", game.ship, game.content).board, game.ship)
    rows = "\n".join(lines[2:14])
    key = " ".join(line.strip() for line in lines if line.startswith(("Deck ", "  ")))
    for region in game.ship.regions.values():
        written = region.name.casefold().replace(" ", FLOOR)
        if written not in rows:
            assert f" {region.name}" in key, region.name  # "rr Reactor Room"
    assert "cargo.hold" in rows and "lower.corridor" in rows  # in full where they fit
    assert "rr Reactor Room" in key and "lq Lab Quarantine" in key


def test_names_never_cover_a_unit_and_two_names_never_run_together() -> None:
    game = Game.new(5)
    ship = game.ship
    hold = ship.region_tagged("cargo-hold")
    crowd = tuple(
        UnitView(f"u{i}", f"U{i}", UnitSide.CREW, grid)
        for i, grid in enumerate(sorted(hold.grids)[::3])
    )
    board = BoardView("crew", "test", units=crowd)
    lines = text_map(board, ship)
    for unit in crowd:
        row = lines[2 + unit.grid.row]
        deck_at = 3 + unit.grid.deck * (ship.decks[0].width + 2)
        assert row[deck_at + unit.grid.col] == "@"
    for deck in ship.decks:
        letters, _ = room_labels(ship, deck)
        for grid in letters:
            right = grid.shifted(1, 0)
            if right in letters:
                assert ship.region_of(right).key == ship.region_of(grid).key, grid


def _cell(lines: list[str], ship: Ship, grid: Grid) -> str:
    row = lines[2 + grid.row]
    at = 3 + grid.deck * (ship.decks[0].width + 2) + grid.col
    return row[at] if at < len(row) else " "


def test_variants_marks_are_drawn_where_the_picture_draws_them() -> None:
    """noise (N.1): a marker on a door's doorway grids; emergencies (E.2): a level, C
    once compromised, in the room; raids (R.5): an R in a damaged room; the key says so."""
    game = Game.new(5)
    ship = game.ship
    door = next(d for d in ship.doors.values() if len(d.doorway_grids) == 2)
    lab = ship.regions_named("Lab")[0]
    galley = ship.regions_named("Galley")[0]
    raided = min(ship.regions_named("Workshop")[0].grids)
    board = BoardView(
        "crew",
        "test",
        noise=(door.id,),
        emergencies=((lab.key, 2, False), (galley.key, 3, True)),
        raided=(raided,),
    )
    lines = text_map(board, ship)
    assert {_cell(lines, ship, g) for g in door.doorway_grids} == {"~"}
    cells = "".join(_cell(lines, ship, g) for g in lab.grids)
    assert "2" in cells and "C" not in cells
    assert "C" in "".join(_cell(lines, ship, g) for g in galley.grids)
    assert "R" in "".join(_cell(lines, ship, g) for g in ship.region_of(raided).grids)
    assert "~ noise marker" in LEGEND and "R raided room" in LEGEND
    plain = text_map(BoardView("crew", "test"), ship)
    assert {_cell(plain, ship, g) for g in door.doorway_grids} != {"~"}
    assert "2" not in "".join(_cell(plain, ship, g) for g in lab.grids)
