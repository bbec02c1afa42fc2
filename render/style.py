"""Sizes and colours of the map picture, in one place.

The look follows the rulebook's display (C.4.1-C.4.3): dark floors, thick white
walls, doors as breaks in them, obstructed grids shaded light blue. Every
meaning carried by a colour is also carried by a shape or a letter, for players
who do not tell colours apart.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

# --- geometry (pixels) -------------------------------------------------------
CELL = 46  # one grid; 24 grids + labels make a ~1190 px wide picture
PAD = 12  # outer margin
ROW_LABEL_W = 30  # row numbers left and right of each deck
COL_LABEL_H = 22  # column letters above and below each deck
TITLE_H = 58
DECK_HEADER_H = 34
DECK_GAP = 10
LEGEND_COLUMNS = 7
LEGEND_ROWS = 4  # render.legend checks its items fit
LEGEND_ROW_H = 52
LEGEND_HEADER_H = 30

WALL_W = 5
GRID_LINE_W = 1
HATCH_SPACING = 9  # diagonal lines across obstructed grids
HATCH_LINE_W = 2
DOOR_BAR_W = 13  # thickness of a closed / smashed / sealed door bar

COUNTER_INSET = 1  # a lone unit's counter inside its grid
SLOT_INSET = 1  # several units share the grid in sub-cells
BADGE = 18  # markers drawn as small corner icons
PATH_W = 3
PATH_DOT = 4

# --- font sizes ---------------------------------------------------------------
TITLE_SIZE = 24
SUBTITLE_SIZE = 15
DECK_TITLE_SIZE = 21
COORD_SIZE = 16
ROOM_NAME_SIZES = (17, 16, 15, 14, 13, 12, 11, 10)
LEGEND_TEXT_SIZE = 15
STATUS_SIZE = 9  # INJ / KO / DEAD / PIPE under a counter's name
SLOT_TEXT_SIZE = 11  # initials on a counter sharing its grid
BADGE_TEXT_SIZE = 11

# --- colours ------------------------------------------------------------------
SPACE: RGB = (13, 16, 26)
BACKGROUND: RGB = (22, 26, 38)
TITLE_BG: RGB = (30, 36, 54)
TEXT: RGB = (236, 240, 246)
TEXT_MUTED: RGB = (150, 162, 186)
COORD: RGB = (176, 188, 212)
OUTLINE: RGB = (8, 10, 16)

ROOM_FLOOR: RGB = (42, 50, 68)
CORRIDOR_FLOOR: RGB = (56, 60, 72)
POD_FLOOR: RGB = (34, 66, 78)
GRID_LINE: RGB = (70, 80, 102)
OBSTRUCTED: RGB = (56, 92, 126)
OBSTRUCTED_HATCH: RGB = (104, 152, 196)
ROOM_NAME: RGB = (214, 222, 236)
CORRIDOR_NAME: RGB = (170, 178, 194)

WALL: RGB = (248, 250, 252)
DOOR_OPEN: RGB = (120, 130, 150)
DOOR_CLOSED: RGB = (244, 184, 40)
DOOR_SMASHED: RGB = (238, 90, 64)
DOOR_SEALED: RGB = (178, 132, 240)

LIFT: RGB = (92, 204, 236)
HATCH: RGB = (246, 208, 70)
LOCKER: RGB = (86, 214, 156)
NEXUS: RGB = (196, 140, 255)
NEXUS_DAMAGED: RGB = (234, 72, 72)
BED: RGB = (196, 210, 232)

CREW: RGB = (122, 196, 255)
CREW_TEXT: RGB = OUTLINE
CREW_KO: RGB = (150, 160, 176)
CADAVER: RGB = (118, 118, 124)
CADAVER_CROSS: RGB = (46, 46, 52)
INJURED: RGB = (232, 52, 60)
ALIEN: RGB = (214, 36, 120)
ALIEN_TEXT: RGB = TEXT
ACTIVE: RGB = (255, 236, 60)

SUPPLIES: RGB = (196, 136, 76)
GEAR: RGB = (126, 214, 92)
SIGHTING: RGB = (255, 150, 30)
SEARCHED: RGB = (150, 236, 255)
PATH: RGB = (255, 96, 214)

# Every style colour, each more than render.palette.NEAR from the others: the
# palette holds them exactly, so marks drawn straight onto the paletted map use
# their index, and tests can look for them.
EXACT_COLOURS: tuple[RGB, ...] = (
    SPACE,
    BACKGROUND,
    TITLE_BG,
    TEXT,
    TEXT_MUTED,
    COORD,
    OUTLINE,
    ROOM_FLOOR,
    CORRIDOR_FLOOR,
    POD_FLOOR,
    GRID_LINE,
    OBSTRUCTED,
    OBSTRUCTED_HATCH,
    ROOM_NAME,
    CORRIDOR_NAME,
    WALL,
    DOOR_OPEN,
    DOOR_CLOSED,
    DOOR_SMASHED,
    DOOR_SEALED,
    LIFT,
    HATCH,
    LOCKER,
    NEXUS,
    NEXUS_DAMAGED,
    BED,
    CREW,
    CREW_KO,
    CADAVER,
    CADAVER_CROSS,
    INJURED,
    ALIEN,
    ACTIVE,
    SUPPLIES,
    GEAR,
    SIGHTING,
    SEARCHED,
    PATH,
)
