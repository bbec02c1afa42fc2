"""The map picture: pixels at known grids, never whole-image bytes.

Places are found by feature and tag (the floorplan may change), and pixels by
``render.layout.grid_box``. Rule sections: C.4.1 obstructed grids, C.4.3 doors,
C.4.5 lifts, C.4.6 hatches, C.6 stacking, C.7 pipe-running, E.2.6 lockers.
"""

from __future__ import annotations

import io
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from itertools import combinations

import pytest
from PIL import Image, ImageChops, ImageFont, features

from engine.board.floorplan import DEFAULT_SHIP_PATH, read_floorplan
from engine.board.grid import Grid
from engine.board.ship import DoorKind, DoorState, Feature, RegionKind, Ship
from engine.board_view import BoardView, MarkerKind, MarkerView, UnitSide, UnitView
from engine.content import load_content
from render import deck_layer, static_layer, style
from render.board import render_board, render_png
from render.card import phase_card
from render.fonts import font, text_width
from render.layout import Box, crowd_slots, grid_box, grid_centre
from render.looks import CounterLook, badge_text
from render.palette import NEAR
from render.pieces import map_name
from render.samples import sample_events, sample_view
from render.warm import warm_up
from render.zoom import close_up, deck_window

DISCORD_UPLOAD_LIMIT = 8 * 1024 * 1024  # the smallest limit a server has had


@pytest.fixture(scope="module")
def ship() -> Ship:
    return read_floorplan(DEFAULT_SHIP_PATH)


def picture(ship: Ship, view: BoardView) -> Image.Image:
    return render_board(view, ship).convert("RGB")


def empty(viewer: str = "crew") -> BoardView:
    return BoardView(viewer=viewer, title="Test")


def colours_in(image: Image.Image, box: Box) -> dict[object, int]:
    found = image.crop(box).getcolors(maxcolors=1 << 16)
    assert found is not None
    return {rgb: count for count, rgb in found}


def share(image: Image.Image, box: Box, colour: tuple[int, int, int]) -> float:
    x0, y0, x1, y1 = box
    return colours_in(image, box).get(colour, 0) / ((x1 - x0) * (y1 - y0))


def changed_area(before: Image.Image, after: Image.Image) -> Box | None:
    return ImageChops.difference(before, after).getbbox()


def within(inner: Box, outer: Box) -> bool:
    return (
        inner[0] >= outer[0]
        and inner[1] >= outer[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )


def open_grid(ship: Ship, kind: RegionKind = RegionKind.ROOM) -> Grid:
    """A plain open grid in a room, away from features."""
    return next(
        g
        for g in sorted(ship.cells)
        if ship.region_of(g).kind is kind
        and not ship.is_obstructed(g)
        and ship.cells[g].feature is None
        and not ship.doors_at(g)
    )


def door_midpoint(ship: Ship, door_id: str, edge: int = 0) -> tuple[int, int]:
    a, b = ship.doors[door_id].edges[edge]
    assert b is not None
    (ax, ay), (bx, by) = grid_centre(ship, a), grid_centre(ship, b)
    return ((ax + bx) // 2, (ay + by) // 2)


def first_door(ship: Ship, kind: DoorKind) -> str:
    return next(d.id for d in ship.doors.values() if d.kind is kind)


# --- doors (C.4.3) -------------------------------------------------------------


def test_c43_closed_door_draws_a_bar_where_the_open_door_is_a_gap(ship: Ship) -> None:
    door = first_door(ship, DoorKind.NORMAL)
    x, y = door_midpoint(ship, door)
    opened = picture(ship, empty())
    closed = picture(ship, BoardView("crew", "Test", doors={door: DoorState.CLOSED}))
    assert opened.getpixel((x, y)) != style.WALL  # a gap in the wall
    assert closed.getpixel((x, y)) != opened.getpixel((x, y))
    assert share(closed, (x - 6, y - 6, x + 6, y + 6), style.DOOR_CLOSED) > 0.2


def test_c43_closed_smashed_and_sealed_doors_each_look_different(ship: Ship) -> None:
    door = first_door(ship, DoorKind.NORMAL)
    x, y = door_midpoint(ship, door)
    area = (x - 24, y - 8, x + 24, y + 8)
    crops = {
        state: picture(ship, BoardView("crew", "Test", doors={door: state})).crop(area).tobytes()
        for state in DoorState
    }
    for a, b in combinations(DoorState, 2):
        assert crops[a] != crops[b], (a, b)


def test_noise_a_marked_door_carries_a_noise_marker_over_its_middle(ship: Ship) -> None:
    """The noise variant's markers lie on doors: drawn there, and only where the view
    puts one (docs/rules-decisions.md, "Variants: noise")."""
    door = first_door(ship, DoorKind.NORMAL)
    x, y = door_midpoint(ship, door)
    area = (x - 8, y - 8, x + 8, y + 8)
    plain = picture(ship, empty())
    marked = picture(ship, BoardView("crew", "Test", noise=(door,)))
    assert share(marked, area, style.SIGHTING) > 0.2
    assert share(plain, area, style.SIGHTING) == 0
    other = first_door(ship, DoorKind.LARGE)
    ox, oy = door_midpoint(ship, other)
    assert marked.getpixel((ox, oy)) == plain.getpixel((ox, oy))


def test_emergencies_an_emergency_is_drawn_on_its_room_with_its_level(ship: Ship) -> None:
    """The emergencies variant: each turned-up emergency on its room's top right grid,
    red, and only where the view puts one (docs/rules-decisions.md, "Variants:
    emergencies")."""
    engines = next(r for r in ship.regions.values() if r.name == "Engines")
    corner = min(engines.grids, key=lambda g: (g.row, -g.col))
    plain = picture(ship, empty())
    level = picture(ship, BoardView("crew", "Test", emergencies=((engines.key, 2, False),)))
    lost = picture(ship, BoardView("crew", "Test", emergencies=((engines.key, 3, True),)))
    box = grid_box(ship, corner)
    assert share(level, box, style.NEXUS_DAMAGED) > 0.05
    assert share(plain, box, style.NEXUS_DAMAGED) == 0
    assert level.crop(box).tobytes() != lost.crop(box).tobytes()  # "2" and "X"


def test_raids_a_damaged_room_carries_a_raid_marker_in_its_first_grid(ship: Ship) -> None:
    """The raids variant's damaged rooms are drawn where the view puts them, and only
    there (docs/rules-decisions.md, "Variants: raids")."""
    lab = next(r for r in ship.regions.values() if r.name == "Lab")
    grid = min(lab.grids)
    box = grid_box(ship, grid)
    area = (box[0], box[1], box[0] + style.BADGE, box[1] + style.BADGE)
    plain = picture(ship, empty())
    raided = picture(ship, BoardView("crew", "Test", raided=(grid,)))
    assert share(raided, area, style.INJURED) > 0.2
    assert share(plain, area, style.INJURED) == 0


def test_reactions_the_active_card_is_a_numbered_disc_by_its_aliens_counter(ship: Ship) -> None:
    """The reactions variant's active card: its W.3 number on a disc ringed in white in
    the bottom right of the alien's grid, only where the view puts one, and the number
    drawn (docs/rules-decisions.md, "Variants: reactions")."""
    grid = Grid.parse("1-F6")
    box = grid_box(ship, grid)
    plain = picture(ship, empty())
    rage = picture(ship, BoardView("crew", "Test", reacting=((grid, 3),)))
    flee = picture(ship, BoardView("crew", "Test", reacting=((grid, 9),)))
    assert share(rage, box, style.INJURED) > 0.002  # the red number
    assert share(plain, box, style.INJURED) == 0
    assert rage.crop(box).tobytes() != flee.crop(box).tobytes()  # "3" and "9"


def test_c43_cargo_hold_door_closes_across_all_six_grids(ship: Ship) -> None:
    door = first_door(ship, DoorKind.LARGE)
    closed = picture(ship, BoardView("crew", "Test", doors={door: DoorState.CLOSED}))
    opened = picture(ship, empty())
    assert len(ship.doors[door].edges) == 6
    for edge in range(6):
        x, y = door_midpoint(ship, door, edge)
        assert closed.getpixel((x, y)) != opened.getpixel((x, y)), edge


def test_e25_airlock_outer_door_is_drawn_on_the_hull(ship: Ship) -> None:
    door = ship.doors[first_door(ship, DoorKind.AIRLOCK_OUTER)]
    ((grid, _),) = door.edges
    box = grid_box(ship, grid)
    near = (box[0] - 10, box[1] - 10, box[2] + 10, box[3] + 10)
    closed = picture(ship, BoardView("crew", "Test", doors={door.id: DoorState.CLOSED}))
    change = changed_area(picture(ship, empty()), closed)
    assert change is not None and within(change, near)


# --- the ship (C.4.1, C.4.5, C.4.6, E.2.6) ------------------------------------------


def test_c41_obstructed_grid_is_hatched_not_only_coloured(ship: Ship) -> None:
    image = picture(ship, empty())
    blocked = next(
        g for g in sorted(ship.cells) if ship.is_obstructed(g) and not ship.cells[g].feature
    )
    box = grid_box(ship, blocked)
    assert 0.15 < share(image, box, style.OBSTRUCTED_HATCH) < 0.6
    assert share(image, box, style.OBSTRUCTED) > 0.3
    plain = grid_box(ship, open_grid(ship))
    assert share(image, plain, style.OBSTRUCTED_HATCH) == 0


def test_c45_every_lift_grid_shows_its_lift(ship: Ship) -> None:
    image = picture(ship, empty())
    for lift in ship.lifts.values():
        for grid in lift.grids.values():
            assert share(image, grid_box(ship, grid), style.LIFT) > 0.05, grid
    deck = min(ship.decks)
    a, b = (image.crop(grid_box(ship, lift.grids[deck])).tobytes() for lift in ship.lifts.values())
    assert a != b  # the letters differ


def arrow_width(ship: Ship, image: Image.Image, grid: Grid, dy: int) -> int:
    """Hatch-coloured pixels on one row of a hatch's arrow, right of its letter."""
    cx, cy = grid_centre(ship, grid)
    return sum(image.getpixel((x, cy + dy)) == style.HATCH for x in range(cx + 3, cx + 16))


def test_c46_hatch_arrow_points_to_the_deck_it_leads_to(ship: Ship) -> None:
    image = picture(ship, empty())
    for hatch in ship.hatches.values():
        # from the lower deck it leads up: narrow tip above, wide base below
        lower_tip, lower_base = (arrow_width(ship, image, hatch.lower, dy) for dy in (-5, 5))
        upper_base, upper_tip = (arrow_width(ship, image, hatch.upper, dy) for dy in (-5, 5))
        assert lower_tip < lower_base and upper_tip < upper_base, hatch


def test_e26_locker_is_a_circle_filled_while_unopened(ship: Ship) -> None:
    locker = ship.grids_with(Feature.LOCKER)[0]
    x0, y0, _, _ = grid_box(ship, locker)
    inside = (x0 + 15, y0 + style.CELL // 2)  # in the circle, left of its "L"
    opened = picture(ship, empty())
    unopened = picture(
        ship, BoardView("crew", "Test", markers=(MarkerView(locker, MarkerKind.LOCKER),))
    )
    assert unopened.getpixel(inside) == style.LOCKER
    assert opened.getpixel(inside) != style.LOCKER
    assert share(opened, grid_box(ship, locker), style.LOCKER) > 0.05  # the circle itself


# --- units (C.6, C.7) -------------------------------------------------------------


def test_unit_appears_inside_its_grid_and_nowhere_else(ship: Ship) -> None:
    grid = open_grid(ship)
    unit = UnitView("hyun", "Hyun", UnitSide.CREW, grid)
    drawn = picture(ship, BoardView("crew", "Test", units=(unit,)))
    change = changed_area(picture(ship, empty()), drawn)
    assert change is not None and within(change, grid_box(ship, grid))
    assert share(drawn, grid_box(ship, grid), style.CREW) > 0.4


def test_render_draws_exactly_the_units_given(ship: Ship) -> None:
    """A crew map is built without the pipe-running alien, so it has none; the
    renderer adds nothing and hides nothing of its own."""
    grid = open_grid(ship)
    alien = UnitView("a1", "Larva", UnitSide.ALIEN, grid, hidden=True)
    crew_map = picture(ship, empty("crew"))
    alien_map = picture(ship, BoardView("alien", "Test", units=(alien,)))
    assert changed_area(crew_map, picture(ship, empty("crew"))) is None
    change = changed_area(picture(ship, empty("alien")), alien_map)
    assert change is not None and within(change, grid_box(ship, grid))


def test_c7_pipe_running_alien_is_a_dashed_outline_not_a_counter(ship: Ship) -> None:
    grid = open_grid(ship)
    box = grid_box(ship, grid)
    seen = picture(
        ship, BoardView("alien", "Test", units=(UnitView("a", "Larva", UnitSide.ALIEN, grid),))
    )
    piping = picture(
        ship,
        BoardView(
            "alien", "Test", units=(UnitView("a", "Larva", UnitSide.ALIEN, grid, hidden=True),)
        ),
    )
    assert share(seen, box, style.ALIEN) > 0.3
    assert 0 < share(piping, box, style.ALIEN) < 0.15


def test_c6_four_humans_and_an_alien_in_one_grid_are_all_visible(ship: Ship) -> None:
    grid = open_grid(ship)
    names = ("Hyun", "Ortiz", "Okeke", "Varga")
    units = tuple(UnitView(n.lower(), n, UnitSide.CREW, grid) for n in names)
    units += (UnitView("a", "Larva", UnitSide.ALIEN, grid),)
    image = picture(ship, BoardView("referee", "Test", units=units))
    tag, slots = crowd_slots(grid_box(ship, grid), len(units))
    assert tag is not None and len({tag, *slots}) == 6
    for slot in slots[:4]:
        assert share(image, slot, style.CREW) > 0.2, slot
    assert share(image, slots[4], style.ALIEN) > 0.2


@pytest.mark.parametrize("count", [2, 3, 5, 9])
def test_c6_a_shared_grid_shows_how_many_units_share_it(ship: Ship, count: int) -> None:
    """A count badge, not names cut to two letters (the alt text names them)."""
    grid = open_grid(ship)
    units = tuple(UnitView(f"u{i}", f"Crew{i}", UnitSide.CREW, grid) for i in range(count))
    image = picture(ship, BoardView("crew", "Test", units=units))
    tag, slots = crowd_slots(grid_box(ship, grid), count)
    assert tag is not None
    assert share(image, tag, style.TEXT) > 0.25  # the white disc
    assert within(tag, grid_box(ship, grid)) and all(within(s, grid_box(ship, grid)) for s in slots)
    other = picture(ship, BoardView("crew", "Test", units=(*units, units[0])))
    assert other.crop(tag).tobytes() != image.crop(tag).tobytes()  # the number is written


def test_c6_small_counters_carry_no_cut_names(ship: Ship) -> None:
    """Two units named alike but for their letters draw the same small counters: the
    map writes no name it would have to cut (the alt text and close-ups name them)."""
    grid = open_grid(ship)

    def crowd(first: str, second: str) -> Image.Image:
        units = (
            UnitView("a", first, UnitSide.CREW, grid),
            UnitView("b", second, UnitSide.CREW, grid),
        )
        return picture(ship, BoardView("crew", "Test", units=units)).crop(grid_box(ship, grid))

    assert crowd("Haddad", "Lindqvist").tobytes() == crowd("Mbeki", "Ortiz").tobytes()


def test_a_lone_counter_on_the_map_writes_every_letter_of_its_name() -> None:
    """Every human of the roster and every life stage: on one line as large as fits,
    else on two ("Lind-" "qvist"), never cut ("Lindq"), each line inside the counter."""
    content = load_content()
    size = style.CELL - 2 * style.COUNTER_INSET
    labels = [h.name for h in content.humans] + [str(s) for s in content.life_stages]
    for label in labels:
        for injured in (False, True):
            look = CounterLook(label, UnitSide.CREW, injured=injured)
            text_size, lines = map_name(look, size)
            joined = lines[0][:-1] + lines[1] if len(lines) == 2 else lines[0]
            assert joined == label or " ".join(lines) == label, (label, lines)
            assert all(text_width(line, text_size) <= size - 8 for line in lines), lines
            assert text_size >= 9
    assert map_name(CounterLook("Lindqvist", UnitSide.CREW), size)[1] == ["Lind-", "qvist"]


def test_after_warm_up_no_picture_draws_the_static_ship_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """render.warm draws every static picture of a ship ahead (the bot, at start-up): a
    phase card, a deck's close-up and the map then only copy them."""
    ship = read_floorplan(DEFAULT_SHIP_PATH)  # a ship no picture was drawn for yet
    warm_up(ship)

    def drawn_again(*args: object, **kwargs: object) -> None:
        raise AssertionError("a static picture drawn again")

    for module in (static_layer, deck_layer):
        monkeypatch.setattr(module, "draw_floors", drawn_again)
    view = sample_view(ship)
    phase_card(view, ship, sample_events(ship)).png()
    for deck in ship.decks:
        close_up(view, ship, deck_window(ship, deck), "Deck").png()
    render_png(view, ship)
    unwarmed = read_floorplan(DEFAULT_SHIP_PATH)
    with pytest.raises(AssertionError, match="drawn again"):
        phase_card(view, unwarmed, ())


def test_unit_states_are_shown_by_shape_and_letters_not_only_colour(ship: Ship) -> None:
    grid = open_grid(ship)
    box = grid_box(ship, grid)
    looks = {
        "plain": UnitView("u", "Hyun", UnitSide.CREW, grid),
        "injured": UnitView("u", "Hyun", UnitSide.CREW, grid, injured=True),
        "unconscious": UnitView("u", "Hyun", UnitSide.CREW, grid, unconscious=True),
        "deceased": UnitView("u", "Hyun", UnitSide.CREW, grid, deceased=True),
        "active": UnitView("u", "Hyun", UnitSide.CREW, grid, active=True),
    }
    crops = {
        k: picture(ship, BoardView("crew", "Test", units=(u,))).crop(box) for k, u in looks.items()
    }
    for a, b in combinations(crops, 2):
        # differ even to someone who sees only light and dark
        assert crops[a].convert("L").tobytes() != crops[b].convert("L").tobytes(), (a, b)
    assert share(crops["injured"], (0, 0, style.CELL, style.CELL), style.INJURED) > 0.02
    assert share(crops["active"], (0, 0, style.CELL, style.CELL), style.ACTIVE) > 0.05


# --- markers and the path ---------------------------------------------------------


@pytest.mark.parametrize("kind", list(MarkerKind))
def test_each_marker_changes_its_own_grid_only(ship: Ship, kind: MarkerKind) -> None:
    grid = {
        MarkerKind.LOCKER: ship.grids_with(Feature.LOCKER)[0],
        MarkerKind.NEXUS: ship.grids_with(Feature.NEXUS)[0],
        MarkerKind.NEXUS_DAMAGED: ship.grids_with(Feature.NEXUS)[0],
        MarkerKind.POD_LAUNCHED: min(
            next(r for r in ship.regions.values() if r.kind is RegionKind.POD).grids
        ),
    }.get(kind, open_grid(ship))
    drawn = picture(ship, BoardView("crew", "Test", markers=(MarkerView(grid, kind, "Food"),)))
    change = changed_area(picture(ship, empty()), drawn)
    assert change is not None and within(change, grid_box(ship, grid)), kind


def test_c7_alien_path_runs_through_the_centre_of_each_grid(ship: Ship) -> None:
    start = open_grid(ship, RegionKind.CORRIDOR)
    path = (start, start.shifted(1, 0), start.shifted(2, 0))
    image = picture(ship, BoardView("alien", "Test", path=path))
    for grid in path:
        assert image.getpixel(grid_centre(ship, grid)) == style.PATH, grid
    assert changed_area(picture(ship, empty("alien")), image) is not None
    plain = picture(ship, empty("alien"))
    assert plain.getpixel(grid_centre(ship, path[1])) != style.PATH


def test_badge_letters_say_what_the_viewer_may_read() -> None:
    assert badge_text(MarkerKind.SUPPLIES, "Supplies") == "S"
    assert badge_text(MarkerKind.SUPPLIES, "Supplies (food)") == "Fo"
    assert badge_text(MarkerKind.GEAR, "Gear") == "G"
    assert badge_text(MarkerKind.GEAR, "Flame Caster") == "FC"
    assert badge_text(MarkerKind.GEAR, "AidKit") == "AK"


# --- the picture as a whole -------------------------------------------------------


def test_image_fits_discord_and_reads_on_a_phone(ship: Ship) -> None:
    data = render_png(sample_view(ship), ship)
    image = Image.open(io.BytesIO(data))
    assert 1000 <= image.width <= 1200  # ~46 px grids: legible on a phone at 2x
    assert image.height <= 4096
    assert len(data) < DISCORD_UPLOAD_LIMIT


def test_png_holds_exactly_the_pixels_of_render_board(ship: Ship) -> None:
    for view in (empty(), sample_view(ship)):
        decoded = Image.open(io.BytesIO(render_png(view, ship)))
        decoded.load()
        assert decoded.convert("RGB").tobytes() == picture(ship, view).tobytes()


def test_render_is_deterministic(ship: Ship) -> None:
    view = sample_view(ship)
    assert render_png(view, ship) == render_png(view, ship)


def test_static_cache_does_not_leak_pieces_between_renders(ship: Ship) -> None:
    before = render_png(empty(), ship)
    render_png(sample_view(ship), ship)
    render_board(sample_view(ship), ship)
    assert render_png(empty(), ship) == before
    image = picture(ship, empty())
    for unit in sample_view(ship).units:
        assert share(image, grid_box(ship, unit.grid), style.CREW) == 0


def test_renders_from_several_threads_match_one_thread(ship: Ship) -> None:
    sample = sample_view(ship)
    views = [
        BoardView("crew", f"Turn {n}", units=sample.units[: n + 1], markers=sample.markers[:n])
        for n in range(8)
    ]
    alone = [render_png(v, ship) for v in views]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda v: render_png(v, ship), views))
    assert together == alone


def test_sample_view_shows_one_of_everything(ship: Ship) -> None:
    view = sample_view(ship)
    assert {DoorState.CLOSED, DoorState.SMASHED, DoorState.SEALED} <= set(view.doors.values())
    assert {m.kind for m in view.markers} == set(MarkerKind)
    assert any(u.deceased for u in view.units) and any(u.hidden for u in view.units)
    assert any(u.side is UnitSide.ALIEN and not u.hidden for u in view.units)
    assert view.path


def test_style_colours_are_distinct_so_the_palette_keeps_each_exactly(ship: Ship) -> None:
    for a, b in combinations(set(style.EXACT_COLOURS), 2):
        assert max(abs(x - y) for x, y in zip(a, b, strict=True)) > NEAR, (a, b)
    image = picture(ship, empty())
    assert image.getpixel(grid_centre(ship, open_grid(ship))) == style.ROOM_FLOOR


def test_text_uses_pillows_bundled_font() -> None:
    if not features.check("freetype2"):
        pytest.skip("Pillow built without FreeType: it falls back to its bitmap font")
    face = font(14)
    assert isinstance(face, ImageFont.FreeTypeFont)
    assert face.getname()[0] == "Aileron"  # shipped inside Pillow, not the system's


def test_render_imports_neither_bot_nor_discord() -> None:
    code = (
        "import sys, render.board, render.samples;"
        "print(any(m == 'discord' or m.startswith(('discord.', 'bot')) for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_halon_the_panel_badge_sits_on_the_command_decks_corner_cyan_while_charged(
    ship: Ship,
) -> None:
    """The halon variant's panel: a badge in the Command Deck's bottom left grid, cyan
    while charged, grey once spent, and nothing without the variant
    (docs/rules-decisions.md, "Variants: halon")."""
    deck = next(r for r in ship.regions.values() if r.name == "Command Deck")
    box = grid_box(ship, min(deck.grids, key=lambda g: (-g.row, g.col)))
    plain = picture(ship, empty())
    charged = picture(ship, BoardView("crew", "Test", halon=(True, 3)))
    spent = picture(ship, BoardView("crew", "Test", halon=(False, 2)))
    assert share(charged, box, style.LIFT) > 0.05
    assert share(plain, box, style.LIFT) == 0 and share(spent, box, style.LIFT) == 0
    assert share(spent, box, style.TEXT_MUTED) > 0.05
