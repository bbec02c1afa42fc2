"""The vector map (render.svg) is drawn from the same view and layout as the PNG."""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import replace
from xml.etree import ElementTree

from engine.board.floorplan import DEFAULT_SHIP_PATH, read_floorplan
from engine.board_view import UnitSide
from render import style
from render.layout import crowd_slots, grid_box, layout_of
from render.samples import sample_view
from render.svg import board_svg

SHIP = read_floorplan(DEFAULT_SHIP_PATH)
NS = "{http://www.w3.org/2000/svg}"


def _parsed(text: str) -> ElementTree.Element:
    return ElementTree.fromstring(text)


def test_svg_is_well_formed_and_sized_as_the_png_layout_above_its_legend() -> None:
    root = _parsed(board_svg(sample_view(SHIP), SHIP))
    layout = layout_of(SHIP)
    top = layout.decks[0].top - style.DECK_GAP
    assert root.get("viewBox") == f"0 {top} {layout.width} {layout.legend[1] - top}"
    assert layout.decks[-1].bottom <= layout.legend[1]


def test_every_grid_of_the_ship_is_a_tappable_cell_where_the_png_draws_it() -> None:
    root = _parsed(board_svg(sample_view(SHIP), SHIP))
    cells = {
        r.get("data-grid"): r for r in root.iter(f"{NS}rect") if "g " in (r.get("class") or "")
    }
    assert len(cells) == len(SHIP.cells)
    for grid in SHIP.grids():
        x0, y0, _x1, _y1 = grid_box(SHIP, grid)
        rect = cells[str(grid)]
        assert (int(rect.get("x") or 0), int(rect.get("y") or 0)) == (x0, y0)


def test_units_sit_in_the_slots_the_png_gives_them() -> None:
    view = sample_view(SHIP)
    root = _parsed(board_svg(view, SHIP))
    groups = {g.get("data-unit"): g for g in root.iter(f"{NS}g") if g.get("data-unit")}
    assert set(groups) == {u.id for u in view.units}
    for unit in view.units:
        here = [u for u in view.units if u.grid == unit.grid]
        _, slots = crowd_slots(grid_box(SHIP, unit.grid), len(here))
        x0, y0, _, _ = slots[here.index(unit)]
        rect = groups[unit.id].find(f"{NS}rect")
        assert rect is not None
        assert (int(rect.get("x") or 0), int(rect.get("y") or 0)) == (x0 + 1, y0 + 1)


def test_c7_a_unit_the_view_leaves_out_is_not_in_the_svg() -> None:
    """C.7: the crew's view has no pipe-running alien; the SVG draws only the view."""
    view = sample_view(SHIP)
    hidden = [u for u in view.units if u.side is UnitSide.ALIEN and u.hidden]
    assert hidden
    crew_view = replace(view, units=tuple(u for u in view.units if not u.hidden), path=())
    text = board_svg(crew_view, SHIP)
    for unit in hidden:
        assert f'data-unit="{unit.id}"' not in text
    assert "polyline" not in text


def test_names_are_written_whole_as_text() -> None:
    view = sample_view(SHIP)
    text = board_svg(view, SHIP)
    for unit in view.units:
        assert re.search(rf">{re.escape(unit.label)}</text>", text)


def test_svg_of_the_sample_map_stays_under_300_kb() -> None:
    assert len(board_svg(sample_view(SHIP), SHIP).encode()) < 300_000


def test_the_vector_map_needs_no_pillow() -> None:
    code = (
        "import sys; from engine.board.floorplan import DEFAULT_SHIP_PATH, read_floorplan;"
        "from engine.board_view import BoardView; from render.svg import board_svg;"
        "s = read_floorplan(DEFAULT_SHIP_PATH); board_svg(BoardView('crew', 't'), s);"
        "print('PIL' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
