"""The phase card's layout: what goes where, for any renderer to draw.

The card is the picture posted when a phase ends, made to be read on a phone's
400-pixel column without zooming (README, "The phase card"): a title, then up to
:data:`MAX_PANELS` close-ups (render.panel) of the places where something public
happened (render.interest), numbered, each :data:`COLUMNS` grids wide at close-up scale
so that a grid shows some 58 pixels wide and every name is whole; the units named
elsewhere in a line under them; then the whole ship small, every deck side by side,
with the units as dots and the close-ups' places framed with their numbers.

Everything here is a position or a :class:`~render.labels.Label`; render.card paints
it with Pillow, and a vector renderer can draw the same layout.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.board.grid import Grid, deck_label
from engine.board.ship import Ship
from engine.board_view import BoardView, UnitView
from render.deck_layer import PITCH
from render.fonts import line_height, text_width, wrap
from render.interest import Interest, Spot
from render.labels import Label, TitleBar, key_labels, right_text, title_bar
from render.layout import Box
from render.panel import Gutters, Panel, layout_panel
from render.room_labels import label_rect, short_name
from render.window import Window

# What the card must show on a phone, PHONE pixels wide (tests/render/test_card.py):
PHONE = 400  # pixels: the column a phone gives a picture in Discord
PHONE_GRID = 60  # a close-up's grid at least this wide there: a thumb's width
PHONE_LETTERS = 7  # a capital letter of any name or label at least this tall there

COLUMNS = 5  # grids across a close-up: 70 pixels a grid on a 400-pixel column
ROWS = (3, 5)  # the fewest and most grids down
MAX_PANELS = 2  # the card stays about a phone's height: the rest are named under them
ROW_BUDGET = 2 * ROWS[1]
PAD = 12
GAP = 14  # between the card's parts
GUTTERS = Gutters(row_w=40, col_h=32, size=24, both=False)
WIDTH = 2 * PAD + GUTTERS.row_w + COLUMNS * PITCH
TITLE_H = 72
TITLE_SIZES = (40, 36, 32, 28, 26)
SUBTITLE_SIZE = 24
HEADING_H = 44
HEADING_SIZE = 28
NUMBER_SIZE = 34  # the disc with a close-up's number
KEY_SIZE = 24
MAP_LABEL_SIZE = 22
MAP_GAP = 10  # between two decks of the small ship
FRAME_NUMBER_SIZE = 24  # the disc with a close-up's number on the small ship
MAP_NAME_SIZES = (18, 16, 14)  # room names on a large small ship: none smaller


@dataclass(frozen=True, slots=True)
class CardPanel:
    number: int
    disc: Box  # the number's disc, left of the heading
    heading: Label  # the deck
    panel: Panel
    key: tuple[Label, ...]  # who shares a grid, what lies there, names without room


@dataclass(frozen=True, slots=True)
class MiniDeck:
    deck: int
    label: Label
    area: Box  # its grids, :attr:`Overview.pitch` pixels each

    def box(self, grid: Grid, pitch: int) -> Box:
        x, y = self.area[0] + grid.col * pitch, self.area[1] + grid.row * pitch
        return (x, y, x + pitch, y + pitch)


@dataclass(frozen=True, slots=True)
class Framed:
    """A close-up's place on the small ship, with its number."""

    number: int
    box: Box
    disc: Box


@dataclass(frozen=True, slots=True)
class Overview:
    box: Box
    pitch: int  # pixels a grid
    decks: tuple[MiniDeck, ...]  # top deck first, left to right
    units: tuple[tuple[UnitView, Box], ...]  # a dot each
    frames: tuple[Framed, ...]
    names: tuple[Label, ...] = ()  # the rooms', on a large small ship

    def deck(self, number: int) -> MiniDeck:
        return next(d for d in self.decks if d.deck == number)


@dataclass(frozen=True, slots=True)
class CardLayout:
    width: int
    height: int
    title: TitleBar
    panels: tuple[CardPanel, ...]
    elsewhere: tuple[Label, ...]  # the named units no close-up shows, and where
    overview: Overview
    interest: Interest

    def labels(self) -> tuple[Label, ...]:
        """Every piece of text on the card."""
        found = [self.title.title, self.title.right]
        for part in self.panels:
            found += [part.heading, *part.panel.labels(), *part.panel.coordinates, *part.key]
        found += [*self.elsewhere, *(d.label for d in self.overview.decks)]
        found += self.overview.names
        return tuple(found)


def layout_card(board: BoardView, ship: Ship, found: Interest) -> CardLayout:
    """The card of ``board`` with close-ups of the places ``found`` (render.interest)."""
    right = right_text(f"{board.viewer} map", SUBTITLE_SIZE, WIDTH, TITLE_H, PAD)
    bar = title_bar((WIDTH, TITLE_H), PAD, board.title, TITLE_SIZES, right)
    y = TITLE_H + GAP
    panels = []
    for number, window in enumerate(windows(found, ship), 1):
        part = _card_panel(board, ship, number, window, y, found.actors)
        panels.append(part)
        y = (part.key[-1].box[3] if part.key else part.panel.outer[3]) + GAP
    shown = [u for part in panels for u in _units_in(board, part.panel.window)]
    missing = [u for u in board.units if u.id in found.actors and u not in shown]
    elsewhere: tuple[Label, ...] = ()
    if missing:
        text = "Elsewhere: " + "; ".join(f"{u.label} {u.grid}" for u in missing)
        elsewhere = key_labels([text], (PAD, y, WIDTH - PAD, y), KEY_SIZE)
        y = elsewhere[-1].box[3] + GAP
    overview = _overview(board, ship, panels, y)
    return CardLayout(WIDTH, overview.box[3] + PAD, bar, tuple(panels), elsewhere, overview, found)


def _units_in(board: BoardView, window: Window) -> list[UnitView]:
    return [u for u in board.units if u.grid in window]


def _card_panel(
    board: BoardView, ship: Ship, number: int, window: Window, top: int, lead: tuple[str, ...]
) -> CardPanel:
    """A numbered close-up from ``top``: its heading, the window, its key lines."""
    disc_top = top + (HEADING_H - NUMBER_SIZE) // 2
    disc = (PAD, disc_top, PAD + NUMBER_SIZE, disc_top + NUMBER_SIZE)
    words = deck_label(window.deck)
    x0 = disc[2] + 10
    box = (x0, top, x0 + text_width(words, HEADING_SIZE), top + HEADING_H)
    heading = Label(words, (words,), HEADING_SIZE, box)
    panel = layout_panel(board, ship, window, (PAD, top + HEADING_H), GUTTERS, lead)
    below = panel.outer[3] + 4
    key = key_labels(panel.key(), (PAD, below, WIDTH - PAD, below), KEY_SIZE)
    return CardPanel(number, disc, heading, panel, key)


# --- which places ------------------------------------------------------------------------


def windows(found: Interest, ship: Ship) -> list[Window]:
    """Close-ups for the heaviest places first, each taking in as much of the rest as
    it can, as many as :data:`MAX_PANELS` and :data:`ROW_BUDGET` allow."""
    left = list(found.spots)
    chosen: list[Window] = []
    rows = 0
    while left and len(chosen) < MAX_PANELS:
        window = _round(left[0], left, ship, chosen)
        if rows + window.height > ROW_BUDGET:
            break
        chosen.append(window)
        rows += window.height
        left = [s for s in left if s.grid not in window]
    return chosen


def _round(first: Spot, spots: list[Spot], ship: Ship, chosen: list[Window]) -> Window:
    """The window round ``first`` holding the most weight of ``spots``, then the fewest
    grids ``chosen`` windows show already, then the most of ``first``'s room, then the
    best centred; trimmed to the rows it needs."""
    grid = first.grid
    info = ship.decks[grid.deck]
    cols, most = min(COLUMNS, info.width), min(ROWS[1], info.height)
    room = ship.region_of(grid).grids
    best: tuple[tuple[int, int, int, float], Window] | None = None
    for c0 in range(max(0, grid.col - cols + 1), min(grid.col, info.width - cols) + 1):
        for r0 in range(max(0, grid.row - most + 1), min(grid.row, info.height - most) + 1):
            window = Window(grid.deck, (c0, c0 + cols - 1), (r0, r0 + most - 1))
            weight = sum(s.weight for s in spots if s.grid in window)
            again = sum(_overlap(window, other) for other in chosen)
            whole = sum(1 for g in room if g in window)
            off = abs(c0 + (cols - 1) / 2 - grid.col) + abs(r0 + (most - 1) / 2 - grid.row)
            score = (weight, -again, whole, -off)
            if best is None or score > best[0]:
                best = (score, window)
    assert best is not None
    return _trimmed(best[1], [s.grid for s in spots if s.grid in best[1]], info.height)


def _overlap(a: Window, b: Window) -> int:
    """How many grids two windows both show."""
    if a.deck != b.deck:
        return 0
    cols = min(a.cols[1], b.cols[1]) - max(a.cols[0], b.cols[0]) + 1
    rows = min(a.rows[1], b.rows[1]) - max(a.rows[0], b.rows[0]) + 1
    return max(0, cols) * max(0, rows)


def _trimmed(window: Window, inside: list[Grid], height: int) -> Window:
    """The rows of ``window`` its places need, a row of room round them, at least
    ROWS[0] (within the deck)."""
    low = min(g.row for g in inside) - 1
    high = max(g.row for g in inside) + 1
    low, high = max(low, window.rows[0]), min(high, window.rows[1])
    while high - low + 1 < min(ROWS[0], height):
        if low > window.rows[0] and (high >= window.rows[1] or (high - low) % 2):
            low -= 1
        else:
            high += 1
    return Window(window.deck, window.cols, (low, high))


# --- the small ship ----------------------------------------------------------------------


def small_ship(ship: Ship, top: int, large: bool) -> Overview:
    """The ship drawn small from ``top``, with nothing on it: every deck side by side,
    top deck first; or, ``large`` (a card with no close-up, as in set-up), the decks one
    above another across the card with the room names that fit whole."""
    decks = sorted(ship.decks.values(), key=lambda d: -d.number)
    if large:
        pitch = (WIDTH - 2 * PAD) // max(d.width for d in decks)
    else:
        across = sum(d.width for d in decks)
        pitch = (WIDTH - 2 * PAD - MAP_GAP * (len(decks) - 1)) // across
    label_h = line_height(MAP_LABEL_SIZE)
    x, y = PAD, top
    minis = []
    for info in decks:
        words = deck_label(info.number)
        box = (x, y, x + info.width * pitch, y + label_h)
        area = (x, y + label_h + 4, x + info.width * pitch, y + label_h + 4 + info.height * pitch)
        minis.append(MiniDeck(info.number, Label(words, (words,), MAP_LABEL_SIZE, box), area))
        if large:
            y = area[3] + MAP_GAP
        else:
            x = area[2] + MAP_GAP
    bottom = max(m.area[3] for m in minis)
    names = _room_names(ship, minis, pitch) if large else ()
    return Overview((PAD, top, WIDTH - PAD, bottom), pitch, tuple(minis), (), (), names)


def _room_names(ship: Ship, minis: list[MiniDeck], pitch: int) -> tuple[Label, ...]:
    """Each room's name whole in its largest stretch of plain floor, where it fits at a
    size that reads on a phone; a name that does not fit is left out, not cut."""
    names = []
    for region in ship.regions.values():
        mini = next(m for m in minis if m.deck == region.deck)
        c0, r0, c1, r1 = label_rect(ship, region)
        x0, y0, _, _ = mini.box(Grid(region.deck, c0, r0), pitch)
        _, _, x1, y1 = mini.box(Grid(region.deck, c1, r1), pitch)
        for size in MAP_NAME_SIZES:
            lines = wrap(short_name(region), x1 - x0 - 4, size)
            if lines is not None and len(lines) * line_height(size) <= y1 - y0:
                names.append(Label(short_name(region), tuple(lines), size, (x0, y0, x1, y1)))
                break
    return tuple(names)


def _overview(board: BoardView, ship: Ship, panels: list[CardPanel], top: int) -> Overview:
    outline = small_ship(ship, top, not panels)
    pitch = outline.pitch
    units = tuple(
        (u, outline.deck(u.grid.deck).box(u.grid, pitch))
        for u in board.units
        if u.grid.deck in ship.decks
    )
    frames = []
    for part in panels:
        window = part.panel.window
        mini = outline.deck(window.deck)
        x0, y0, _, _ = mini.box(Grid(window.deck, window.cols[0], window.rows[0]), pitch)
        _, _, x1, y1 = mini.box(Grid(window.deck, window.cols[1], window.rows[1]), pitch)
        half = FRAME_NUMBER_SIZE // 2
        disc = (x0 - half, y0 - half, x0 + half, y0 + half)
        frames.append(Framed(part.number, (x0, y0, x1, y1), disc))
    return replace(outline, units=units, frames=tuple(frames))
