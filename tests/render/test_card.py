"""The phase card (README, "The phase card"): the picture posted when a phase ends reads
on a phone's 400-pixel column without zooming, names whole, drawn from the view and the
phase's public events alone."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from engine.board.floorplan import DEFAULT_SHIP_PATH, read_floorplan
from engine.board.grid import Grid
from engine.board.ship import Ship
from engine.board_view import BoardView, UnitSide, UnitView
from engine.content import load_content
from engine.equipment.events import LockerHeld
from engine.events import Audience, Event, Who
from engine.hiding.events import Call, Declared, HiddenAt, Searched
from engine.moving.events import Moved
from engine.state import Phase
from engine.views import events_for, view
from render.card import phase_card, phase_card_png
from render.card_layout import (
    MAX_PANELS,
    PHONE,
    PHONE_GRID,
    PHONE_LETTERS,
    ROW_BUDGET,
)
from render.deck_layer import PITCH
from render.fonts import cap_height, line_height, text_width
from render.interest import MAJOR, interest
from render.labels import Label
from render.samples import sample_events, sample_view
from tests.games import staged


@pytest.fixture(scope="module")
def ship() -> Ship:
    return read_floorplan(DEFAULT_SHIP_PATH)


def _longest_names(ship: Ship) -> tuple[BoardView, tuple[Event, ...]]:
    """Every human of the roster and every life stage on the sample's ship, the longest
    names acting in one room, one of them sharing a grid with gear on the floor."""
    names = sorted((h.name for h in load_content().humans), key=len, reverse=True)
    stages = [str(s) for s in load_content().life_stages]
    sample = sample_view(ship)
    hyun = next(u for u in sample.units if u.id == "hyun")
    row = [g for g in ship.region_of(hyun.grid).grids if g.row == hyun.grid.row]
    units = tuple(
        UnitView(f"h{i}", name, UnitSide.CREW, row[i % len(row)], injured=i % 3 == 0)
        for i, name in enumerate(names)
    ) + tuple(
        UnitView(f"a{i}", stage, UnitSide.ALIEN, row[-1 - i % len(row)])
        for i, stage in enumerate(stages)
    )
    board = replace(sample, units=units)
    events = tuple(Moved(who=Who(u.id, u.label), start=u.grid, grid=u.grid, cost=1) for u in units)
    return board, events


def _every_name(card_labels: list[Label]) -> None:
    for label in card_labels:
        assert " ".join(label.lines) == label.text, label  # whole: not a letter cut
        x0, y0, x1, y1 = label.box
        assert all(text_width(line, label.size) <= x1 - x0 for line in label.lines), label
        assert len(label.lines) * line_height(label.size) <= y1 - y0 + 1, label


def test_the_phase_card_reads_at_400_px_grids_a_thumb_wide_and_letters_of_7_px(
    ship: Ship,
) -> None:
    """At a phone's 400 pixels a close-up's grid is PHONE_GRID pixels or more, and a
    capital letter of every name, grid label, key line and title PHONE_LETTERS or more,
    even for the longest names of the roster."""
    for board, events in (
        (sample_view(ship), sample_events(ship)),
        _longest_names(ship),
    ):
        card = phase_card(board, ship, events)
        scale = PHONE / card.image.width
        assert card.layout.panels and PITCH * scale >= PHONE_GRID
        for label in card.layout.labels():
            assert cap_height(label.size) * scale >= PHONE_LETTERS, label


def test_every_name_on_the_phase_card_is_whole(ship: Ship) -> None:
    for board, events in (
        (sample_view(ship), sample_events(ship)),
        _longest_names(ship),
    ):
        card = phase_card(board, ship, events)
        panels = [part.panel for part in card.layout.panels]
        _every_name(
            [
                *(t.name for p in panels for t in p.tokens),
                *(r.label for p in panels for r in p.rooms),
            ]
        )
        _every_name([card.layout.title.title])
        named = {t.name.text for p in panels for t in p.tokens}
        key = " ".join(" ".join(lb.lines) for part in card.layout.panels for lb in part.key)
        key += " ".join(" ".join(lb.lines) for lb in card.layout.elsewhere)
        for unit in board.units:  # on a counter, or named whole under the close-ups
            assert (
                unit.label in named
                or unit.label in key
                or unit.id not in card.layout.interest.actors
            )


def test_the_card_stays_about_a_phones_height(ship: Ship) -> None:
    board, events = _longest_names(ship)
    card = phase_card(board, ship, events)
    assert len(card.layout.panels) <= MAX_PANELS
    assert sum(p.panel.window.height for p in card.layout.panels) <= ROW_BUDGET
    assert card.image.height * PHONE / card.image.width <= 2.5 * PHONE


def test_each_close_up_is_framed_on_the_small_ship_with_its_number(ship: Ship) -> None:
    card = phase_card(sample_view(ship), ship, sample_events(ship))
    overview = card.layout.overview
    assert [f.number for f in overview.frames] == [p.number for p in card.layout.panels]
    for frame, part in zip(overview.frames, card.layout.panels, strict=True):
        window = part.panel.window
        mini = overview.deck(window.deck)
        first = mini.box(Grid(window.deck, window.cols[0], window.rows[0]), overview.pitch)
        last = mini.box(Grid(window.deck, window.cols[1], window.rows[1]), overview.pitch)
        assert frame.box == (first[0], first[1], last[2], last[3])
    assert {u.id for u, _ in overview.units} == {u.id for u in sample_view(ship).units}


# --- the places of interest ---------------------------------------------------------------


def test_places_come_from_public_events_only(ship: Ship) -> None:
    """An event for one side names no place, whoever hands it over; the same event told
    in public does."""
    board = sample_view(ship)
    far = Grid(2, 3, 8)
    hunter = Who("hunter", "Hunter", alien=True)
    secret: tuple[Event, ...] = (
        Moved(who=hunter, start=far, grid=far.shifted(1, 0), cost=1, audience=Audience.ALIEN),
        HiddenAt(who=hunter, grid=far),
        LockerHeld(who=Who("hyun", "Hyun"), grid=far, room="Galley", items=()),
        Searched(who=Who("hyun", "Hyun"), origin=far, reach=2, found=True, audience=Audience.CREW),
    )
    places = {s.grid for s in interest(secret, board, ship).spots}
    assert far not in places and far.shifted(1, 0) not in places
    told = tuple(replace(e, audience=Audience.PUBLIC) for e in secret[2:])
    assert far in {s.grid for s in interest(told, board, ship).spots}


def test_a_hidden_alien_named_in_public_is_no_place(ship: Ship) -> None:
    """C.7.3: everyone hears the pipe-runner's calls, not where it is: the crew's view does
    not show it, so its calls put nothing on the card."""
    board = replace(
        sample_view(ship), units=tuple(u for u in sample_view(ship).units if not u.hidden)
    )
    calls = (Declared(who=Who("hunter", "Hunter", alien=True), call=Call.MOVE),)
    found = interest(calls, board, ship)
    assert "hunter" not in found.actors and found.default


def test_a_found_alien_outweighs_searches_that_found_nothing(ship: Ship) -> None:
    board = BoardView("crew", "T")
    nothing, found = Grid(1, 5, 5), Grid(0, 9, 5)
    events = (
        Searched(who=Who("a", "A"), origin=nothing, reach=2, found=False),
        Searched(who=Who("b", "B"), origin=nothing, reach=2, found=False),
        Searched(who=Who("c", "C"), origin=found, reach=2, found=True),
    )
    spots = interest(events, board, ship).spots
    assert spots[0].grid == found and spots[0].weight == MAJOR


def test_when_nothing_public_happened_the_card_shows_where_the_units_stand(ship: Ship) -> None:
    board = sample_view(ship)
    card = phase_card(board, ship, ())
    assert card.layout.interest.default
    shown = {t.grid for part in card.layout.panels for t in part.panel.tokens}
    assert shown and shown <= {u.grid for u in board.units}


# --- drawn from the view alone --------------------------------------------------------------


def _crew_turn(where: str) -> tuple[BoardView, BoardView, list[Event]]:
    """Hyun walks and searches while the Larva pipe-runs at ``where``: the spectator's and
    the alien's boards after it, and every event (the alien's own among them)."""
    game = staged(5, crew={"hyun": "1-K6"}, alien=where, phase=Phase.CREW, pipe_running=True)
    events: list[Event] = []
    for line in ("move hyun 1-L6", "search hyun 1", "end hyun"):
        events += game.play("crew", line)
    events.append(HiddenAt(who=Who("alien1", "Larva", alien=True), grid=Grid.parse(where)))
    public = view(game.state, "spectator", game.ship, game.content).board
    alien = view(game.state, "alien", game.ship, game.content).board
    return public, alien, events


HIDDEN = ["2-D4", "0-F5", "0-H10", "2-K3", "2-R9"]


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(HIDDEN[1:]))
def test_c3_the_public_card_is_the_same_wherever_the_hidden_alien_is(where: str) -> None:
    """Two games alike but for where the pipe-runner hides give the channel the same card,
    byte for byte, even handed every event of the phase (the alien's own included)."""
    first, _, first_events = _crew_turn(HIDDEN[0])
    other, _, other_events = _crew_turn(where)
    ship = read_floorplan(DEFAULT_SHIP_PATH)
    assert first == other  # the views are twins...
    assert phase_card_png(first, ship, first_events) == phase_card_png(other, ship, other_events)


def test_the_twin_test_fails_for_a_view_that_shows_the_hidden_alien(ship: Ship) -> None:
    """A planted leak: the alien's own view shows where it hides, and its cards differ."""
    _, first, events = _crew_turn(HIDDEN[0])
    _, other, other_events = _crew_turn(HIDDEN[3])
    assert phase_card_png(first, ship, events) != phase_card_png(other, ship, other_events)


def test_the_card_is_a_png_within_discords_limits(ship: Ship) -> None:
    card = phase_card(sample_view(ship), ship, sample_events(ship))
    data = card.png()
    decoded = Image.open(io.BytesIO(data))
    decoded.load()
    assert decoded.size == card.image.size and len(data) < 8 * 1024 * 1024
    assert decoded.convert("RGB").tobytes() == card.image.convert("RGB").tobytes()


def test_public_events_of_a_real_phase_are_what_the_card_reads() -> None:
    """The bot hands the card the spectator's events (engine.views.events_for): those and
    every event give the same card."""
    board, _, events = _crew_turn(HIDDEN[0])
    ship = read_floorplan(DEFAULT_SHIP_PATH)
    public = events_for(events, "spectator")
    assert phase_card_png(board, ship, public) == phase_card_png(board, ship, events)


def test_with_nothing_on_the_board_the_card_is_the_ship_with_its_room_names(ship: Ship) -> None:
    """Set-up (B.1): nobody stands anywhere yet, so no close-up; the ship fills the card,
    each room's name written whole where it reads on a phone, the others left out."""
    card = phase_card(BoardView("spectator", "Set-up"), ship, ())
    assert not card.layout.panels and card.layout.overview.names
    scale = PHONE / card.image.width
    _every_name(list(card.layout.overview.names))
    for label in card.layout.labels():
        assert cap_height(label.size) * scale >= PHONE_LETTERS, label
    written = {label.text for label in card.layout.overview.names}
    assert {"Engines", "Cargo Hold", "Middle Corridor"} <= written
