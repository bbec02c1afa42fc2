"""Close-ups for a phone: twice the map's scale, every name in full, room
names clear of the pieces, crowded grids as one counter with a count and the names in
the key, and nothing the view leaves out."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from engine.board.floorplan import DEFAULT_SHIP_PATH, read_floorplan
from engine.board.grid import Grid
from engine.board.ship import RegionKind, Ship
from engine.board_view import BoardView, MarkerKind, UnitSide, UnitView
from engine.state import Phase
from engine.views import view
from render import style
from render.fonts import line_height, text_width
from render.paint import pieces
from render.panel import layout_panel
from render.room_labels import short_name
from render.samples import sample_view
from render.zoom import (
    CORNER,
    FOCUS_COLUMNS,
    FOCUS_ROWS,
    GUTTERS,
    MIN_PITCH,
    PITCH,
    CloseUp,
    Label,
    Window,
    close_up,
    close_up_png,
    deck_body,
    deck_window,
    focus_window,
    redrawn,
)
from tests.games import staged


@pytest.fixture(scope="module")
def ship() -> Ship:
    return read_floorplan(DEFAULT_SHIP_PATH)


def test_a_close_up_is_twice_the_maps_scale_at_least_60_px_a_grid_measured(ship: Ship) -> None:
    assert PITCH == 2 * style.CELL and PITCH >= MIN_PITCH
    window = Window(1, (2, 8), (6, 10))
    lone = BoardView("crew", "T", units=(UnitView("a", "A", UnitSide.CREW, Grid(1, 3, 8)),))
    pair = BoardView(
        "crew",
        "T",
        units=(
            UnitView("a", "A", UnitSide.CREW, Grid(1, 3, 8)),
            UnitView("b", "B", UnitSide.CREW, Grid(1, 4, 8)),
        ),
    )
    first = _bbox_of(close_up(lone, ship, window, "T").image, style.CREW)
    both = _bbox_of(close_up(pair, ship, window, "T").image, style.CREW)
    assert both[2] - first[2] == PITCH  # the next column's counter, one pitch to the right
    deck = close_up(BoardView("crew", "T"), ship, deck_window(ship, 1), "T")
    assert deck.pitch == PITCH and deck.image.width >= ship.decks[1].width * PITCH


def _bbox_of(image: Image.Image, colour: style.RGB) -> tuple[int, int, int, int]:
    """Where pixels of exactly ``colour`` are."""
    bands = [
        band.point(lambda v, want=want: 255 if v == want else 0)
        for band, want in zip(image.convert("RGB").split(), colour, strict=True)
    ]
    found = ImageChops.multiply(ImageChops.multiply(bands[0], bands[1]), bands[2]).getbbox()
    assert found is not None
    return found


def _check_whole(label: Label) -> None:
    """Written in full and inside its box, measured with the renderer's own font."""
    assert " ".join(label.lines) == label.text, label
    x0, y0, x1, y1 = label.box
    assert all(text_width(line, label.size) <= x1 - x0 for line in label.lines), label
    assert len(label.lines) * line_height(label.size) <= y1 - y0, label


def _every_close_up(ship: Ship, board: BoardView) -> list[CloseUp]:
    pictures = [close_up(board, ship, deck_window(ship, d), "Deck") for d in ship.decks]
    pictures += [close_up(board, ship, focus_window(ship, u.grid), u.label) for u in board.units]
    return pictures


def test_no_name_is_cut_room_names_and_counter_names_are_whole(ship: Ship) -> None:
    long_names = tuple(
        UnitView(f"u{i}", name, UnitSide.CREW, grid, injured=i % 2 == 0)
        for i, (name, grid) in enumerate(
            [
                ("Whitehorse", Grid(1, 6, 4)),
                ("Kowalczyk", Grid(1, 9, 5)),
                ("Lindqvist", Grid(2, 3, 8)),
            ]
        )
    )
    board = sample_view(ship)
    busy = BoardView("referee", board.title, board.doors, board.units + long_names, board.markers)
    for picture in _every_close_up(ship, busy):
        names = {label.text for label in picture.labels}
        for label in picture.labels:
            _check_whole(label)
        shown = {ship.region_of(g).key for g in picture.window.grids(ship)}
        for key in shown:
            name = short_name(ship.regions[key])
            assert name in names or f"{name} (" in " ".join(picture.key), name  # whole, somewhere


def test_room_names_are_never_under_a_piece(ship: Ship) -> None:
    board = sample_view(ship)
    pieces = {u.grid for u in board.units} | {
        m.grid for m in board.markers if m.kind is not MarkerKind.SEARCHED
    }
    rooms = {short_name(r) for r in ship.regions.values()}
    for picture in _every_close_up(ship, board):
        for label in picture.labels:
            if label.text not in rooms or label is picture.labels[0]:
                continue  # a counter's name, or the title
            covered = [g for g in picture.window.grids(ship) if _overlaps(picture, g, label.box)]
            assert covered and not set(covered) & pieces, label


def _overlaps(picture: CloseUp, grid: Grid, box: tuple[int, int, int, int]) -> bool:
    x0, y0, x1, y1 = picture.box(grid)
    return x0 < box[2] and box[0] < x1 and y0 < box[3] and box[1] < y1


def test_c6_a_crowded_grid_is_one_counter_with_a_count_and_every_name_in_the_key(
    ship: Ship,
) -> None:
    grid = Grid(1, 5, 9)
    names = ["Whitehorse", "Kowalczyk", "Lindqvist", "Mbeki"]
    units = tuple(UnitView(n.lower(), n, UnitSide.CREW, grid) for n in names)
    units += (UnitView("alien1", "Hunter", UnitSide.ALIEN, grid, injured=True),)
    picture = close_up(BoardView("referee", "T", units=units), ship, focus_window(ship, grid), "T")
    counters = [label for label in picture.labels if label.text in [*names, "Hunter"]]
    assert [c.text for c in counters] == ["Hunter"]  # the alien's counter stands for them
    line = next(line for line in picture.key if line.startswith(f"{grid} (5)"))
    for name in names:
        assert name in line and name in picture.alt
    assert "Hunter (injured)" in line


def test_the_focus_window_holds_the_units_room_and_stays_phone_sized(ship: Ship) -> None:
    for grid in ship.cells:
        window = focus_window(ship, grid)
        assert grid in window
        assert window.width <= FOCUS_COLUMNS and window.height <= FOCUS_ROWS
        room = ship.region_of(grid)
        cols = {g.col for g in room.grids}
        rows = {g.row for g in room.grids}
        if max(cols) - min(cols) < FOCUS_COLUMNS and max(rows) - min(rows) < FOCUS_ROWS:
            assert all(g in window for g in room.grids), (grid, room.name)
        if room.kind is RegionKind.CORRIDOR:
            assert window.width == FOCUS_COLUMNS


@pytest.mark.parametrize("where", ["1-F5", "0-H10", "2-D4", "1-K8"])
def test_c3_a_crew_close_up_is_the_same_wherever_the_hidden_alien_is(where: str) -> None:
    crew = {"hyun": "1-K6"}
    one = staged(5, crew=crew, alien="1-L6", phase=Phase.CREW, pipe_running=True)
    two = staged(5, crew=crew, alien=where, phase=Phase.CREW, pipe_running=True)
    pictures = []
    for game in (one, two):
        board = view(game.state, "crew", game.ship, game.content).board
        window = focus_window(game.ship, Grid.parse("1-K6"))
        pictures.append(close_up_png(board, game.ship, window, "Hyun"))
    assert pictures[0] == pictures[1]
    alien = view(one.state, "alien", one.ship, one.content).board
    seen = close_up(alien, one.ship, focus_window(one.ship, Grid.parse("1-K6")), "Hyun")
    assert any(label.text == "Larva" for label in seen.labels)  # the alien sees itself there


def test_a_close_up_is_a_png_within_discords_limits(ship: Ship) -> None:
    board = sample_view(ship)
    picture = close_up(board, ship, deck_window(ship, 0), "Deck 00")
    data = picture.png()
    assert data.startswith(b"\x89PNG") and len(data) < 8 * 1024 * 1024
    assert Image.open(io.BytesIO(data)).size == picture.image.size
    assert 0 < len(picture.alt) <= 1000


def _everything_moved(ship: Ship, deck: int) -> BoardView:
    """A unit on every room name of the empty deck (so each name stands elsewhere), no
    locker left unopened, and the sample's pieces."""
    body = deck_body(ship, deck)
    window = deck_window(ship, deck)
    on_names = tuple(
        UnitView(f"u{i}", "Whitehorse", UnitSide.CREW, grid)
        for i, room in enumerate(body.panel.rooms)
        for grid in window.grids(ship)
        if _inside(room.label.centre, body.panel.box(grid))
    )
    sample = sample_view(ship)
    markers = tuple(m for m in sample.markers if m.kind is not MarkerKind.LOCKER)
    return BoardView("crew", "T", sample.doors, sample.units + on_names, markers, sample.path)


def _inside(point: tuple[int, int], box: tuple[int, int, int, int]) -> bool:
    return box[0] <= point[0] < box[2] and box[1] <= point[1] < box[3]


def test_a_whole_deck_drawn_again_only_where_its_view_differs_has_every_pixel_of_one_drawn_whole(
    ship: Ship,
) -> None:
    """The deck's close-up copies the kept empty deck and draws again only where the view
    puts something or a name moves: the picture (and its PNG, whose other rows are kept
    deflated) is the one that drawing the whole deck for this view gives."""
    for deck in ship.decks:
        for board in (BoardView("crew", "T"), sample_view(ship), _everything_moved(ship, deck)):
            window = deck_window(ship, deck)
            picture = close_up(board, ship, window, "Deck")
            body = deck_body(ship, deck)
            panel = layout_panel(board, ship, window, CORNER, GUTTERS)
            whole = redrawn(ship, panel, pieces(ship, panel), body, body.area)
            assert picture.image.crop(body.area).tobytes() == whole.tobytes(), (deck, board.viewer)
            decoded = Image.open(io.BytesIO(picture.png()))
            decoded.load()
            assert decoded.convert("RGB").tobytes() == picture.image.convert("RGB").tobytes()
